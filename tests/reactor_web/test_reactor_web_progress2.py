"""The page keeps progress in the engine's format 2 (#27: best pulses per level): a format-1 record
(completed + stars) is read keeping every star and written back as format 2 on the next win; a win
stores the best pulses (the count the stars use) with the map's fingerprint, and a worse win keeps
it; two tabs' records merge with the most stars and the fewest pulses on the same map, a best set on
today's map beating one from an earlier version of it. Driven through the page (``ReactorApp``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.reactor.campaign import entries
from engine.reactor.progress import Best, Progress, campaign_fingerprint
from tests.reactor_web.test_reactor_web_hurry import FakeShell, app, make_app  # noqa: F401 - the page fixture
from www.reactor.stars import merge_best, merge_progress

KEY = "campaign:power_on"
FP = campaign_fingerprint(KEY) or ""


def win(app: Any, key: str, again: int = 0) -> None:  # noqa: F811
    """Open ``key`` and play its campaign solution, a pulse at a time; ``again``: the first switch
    pressed that many more times (an even number: it ends as it was, that many pulses over par)."""
    e = next(e for e in entries() if e.key == key)
    app.start_now(key)
    k = e.solution.index("interact") + 1
    for m in [*e.solution[:k], *["interact"] * again, *e.solution[k:]]:
        assert app.play(m), m
        app.cut_animation("test")
    assert app.state.outcome is not None and app.state.outcome.result == "won"


def stored(app: Any) -> dict[str, Any]:  # noqa: F811
    rec = json.loads(app.shell.storage.read_raw("progress"))
    assert rec["v"] == 2
    return dict(rec["data"])


def test_a_win_stores_format_2_with_the_best_pulses_and_a_worse_win_keeps_it(app: Any) -> None:  # noqa: F811
    e = next(e for e in entries() if e.key == KEY)
    win(app, KEY)
    data = stored(app)
    assert data["stars"][KEY] == 3 and data["best"][KEY] == {"pulses": e.par, "fingerprint": FP}
    win(app, KEY, again=2)  # the breaker off and on again: two pulses over par
    data = stored(app)
    assert data["stars"][KEY] == 3 and data["best"][KEY]["pulses"] == e.par
    assert json.loads(app.test_hooks()["reactorInfo"]())["best"] == {KEY: e.par}


def test_a_format_1_record_keeps_its_stars_and_is_written_as_format_2(monkeypatch: Any) -> None:
    old = {"completed": [KEY, "builtin:tutorial"], "stars": {KEY: 1, "campaign:two_services": 2}}
    shell = FakeShell()
    shell.storage.backend.setItem("gridworks:reactor:progress", json.dumps({"v": 1, "data": old}))
    page = make_app(monkeypatch, shell)
    assert page.ui.progress.stars == old["stars"] and page.ui.progress.best == {}
    assert shell.notices == []  # nothing kept aside
    win(page, KEY)
    data = stored(page)
    assert data["stars"] == {KEY: 3, "campaign:two_services": 2}
    assert data["completed"] == old["completed"] and data["best"][KEY]["pulses"] > 0


@pytest.mark.parametrize(
    ("mine", "theirs", "want"),
    [(5, 6, 5), (6, 5, 5), (5, 5, 5)],  # the fewer pulses on the same map, either tab's
)
def test_two_tabs_merge_the_most_stars_and_the_fewest_pulses(mine: int, theirs: int, want: int) -> None:
    a = Progress(completed=[KEY], stars={KEY: 2}, best={KEY: Best(pulses=mine, fingerprint=FP)})
    b = Progress(completed=["x"], stars={KEY: 3, "x": 1}, best={KEY: Best(pulses=theirs, fingerprint=FP)})
    got = merge_progress(b, a)
    assert got.completed == ["x", KEY] and got.stars == {KEY: 3, "x": 1}
    assert got.best[KEY].pulses == want


def test_a_best_on_todays_map_beats_a_fewer_pulses_best_from_an_earlier_map() -> None:
    today, earlier = Best(pulses=9, fingerprint=FP), Best(pulses=2, fingerprint="rx1:old")
    assert merge_best(KEY, earlier, today) == today and merge_best(KEY, today, earlier) == today
    mine, theirs = Best(pulses=4, fingerprint="rx1:a"), Best(pulses=1, fingerprint="rx1:b")
    assert merge_best("custom:x", theirs, mine) == mine  # neither is today's: this tab's stays


def test_another_tabs_progress_is_taken_in_without_losing_this_tabs_best(app: Any) -> None:  # noqa: F811
    e = next(e for e in entries() if e.key == KEY)
    win(app, KEY)
    other = Progress(completed=["campaign:two_services"], stars={"campaign:two_services": 1})
    other.best[KEY] = Best(pulses=e.par + 4, fingerprint=FP)
    app.shell.storage.save("progress", other, 2)
    app.on_storage("progress")
    pr = app.ui.progress
    assert pr.best[KEY].pulses == e.par and pr.stars == {KEY: 3, "campaign:two_services": 1}
