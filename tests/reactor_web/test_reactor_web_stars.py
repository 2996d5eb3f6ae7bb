"""Stars on the win screen: pulses against the par of the level's committed solution; the best is kept
in the saved progress; levels without a committed solution get no rating."""

from __future__ import annotations

import json

from engine.core.session import Session
from engine.reactor import GAME
from www.reactor.model import LEVEL_DIR, CustomLevels, Progress, campaign, session_for
from www.reactor.stars import SLACK, par, record_win, star_text, stars_for


def test_every_campaign_level_has_a_par_equal_to_its_solution_pulses() -> None:
    keys = campaign()
    assert len(keys) == 14
    sol = json.loads((LEVEL_DIR / "solutions.json").read_text())
    for key in keys:
        kind, _, name = key.partition(":")
        moves = sol["solutions" if kind == "campaign" else "samples"][name]
        s = session_for(key, CustomLevels())
        for m in moves:
            s.play_text(m)
        assert s.state.outcome is not None and s.state.outcome.result == "won", key
        assert par(key) == s.state.pulse > 0, key


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
