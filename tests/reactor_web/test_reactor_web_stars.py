"""Stars on the win screen: pulses against the engine's par (from search); the best is kept in the
saved progress; levels outside the campaign get no rating; a hint costs a star."""

from __future__ import annotations

from engine.core.session import Session
from engine.reactor import GAME
from engine.reactor.campaign import SLACK, entries
from engine.reactor.progress import Progress
from www.reactor.model import CustomLevels, campaign, session_for
from www.reactor.stars import par, record_win, star_text, stars_for


def test_every_campaign_level_plays_its_solution_at_par_through_the_page_session() -> None:
    keys = campaign()
    assert keys[: len(entries())] == [e.key for e in entries()]
    for e in entries():
        s = session_for(e.key, CustomLevels())
        for m in e.solution:
            s.play_text(m)
        assert s.state.outcome is not None and s.state.outcome.result == "won", e.key
        assert par(e.key) == s.state.pulse > 0, e.key


def test_a_hint_costs_a_star() -> None:
    pr = Progress()
    key = campaign()[0]
    p = par(key) or 0
    assert record_win(pr, key, p, hinted=True) and pr.stars == {key: 2}


def test_star_thresholds() -> None:
    assert stars_for(3, 4) == 3 and stars_for(4, 4) == 3
    assert stars_for(4 + 1, 4) == 2 and stars_for(4 + SLACK, 4) == 2
    assert stars_for(4 + SLACK + 1, 4) == 1 and stars_for(99, 4) == 1
    assert stars_for(3, None) is None
    assert par("custom:mine") is None and par("test:x") is None
    assert star_text(2) == "★★☆" and star_text(3) == "★★★"


def test_best_stars_are_kept_and_play_tests_not_recorded() -> None:
    pr = Progress()
    key = campaign()[0]
    p = par(key)
    assert p is not None
    assert record_win(pr, key, p + SLACK + 3)
    assert pr.completed == [key] and pr.stars == {key: 1}
    assert record_win(pr, key, p)  # better: kept
    assert pr.stars == {key: 3}
    assert not record_win(pr, key, p + 1)  # worse: the best stays, nothing to save
    assert pr.stars == {key: 3} and pr.completed == [key]
    assert record_win(pr, "custom:mine", 7) and pr.stars == {key: 3}  # completed, no rating
    assert not record_win(pr, "test:abc", 1)
    assert "test:abc" not in pr.completed


def test_saved_progress_from_before_stars_still_loads() -> None:
    old = Progress.model_validate({"completed": ["campaign:power_on"]})
    assert old.stars == {}
    again = Progress.model_validate_json(Progress(completed=["a"], stars={"a": 2}).model_dump_json())
    assert again.stars == {"a": 2}


def test_a_session_replayed_over_par_gets_fewer_stars() -> None:
    key = "builtin:tutorial"
    s = Session(GAME, 0, {"level": "tutorial"})
    # switch the fuel source off and on again (two extra pulses) before the tutorial's solution
    for m in ["move n", "move w", "interact", "interact", "interact", *["move e"] * 8, "move s", "activate"]:
        s.play_text(m)
    assert s.state.outcome is not None and s.state.outcome.result == "won"
    assert s.state.pulse == (par(key) or 0) + 2
    assert stars_for(s.state.pulse, par(key)) == 2
