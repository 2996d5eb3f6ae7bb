"""Floodline in two tabs of one browser (issue #25 "nothing lost", #24): the run in progress (``game``)
is guarded like every other game's. A tab showing the level select takes in the run another tab
stored (its Continue names it); a tab that begins another level drops only the run it was shown, and
the tab still playing that run stores it again at once; a tab whose save would replace another tab's
newer run asks the player instead (its clock stopped meanwhile: CPython test); "keep playing here" stores its run and
makes the other tab ask in turn, and "load the other tab's game" reloads that tab, whose entry
resumes the run (paused, the same state)."""

from __future__ import annotations

from typing import Any

from e2e.floodline_util import info, start
from e2e.test_two_tabs import click, storage_info, stored, two_tabs, wait_conflict
from e2e.util import state_hash, wait_ready

MOVES = ["mx-", ".*8", "d", ".*30", "mx+", ".*8", "d", ".*30"]


def stored_level(page: Any) -> int | None:
    game = stored(page, "floodline:game")
    return None if game is None else int(game["options"]["n"])


def wait_stored(page: Any, n: int | None) -> None:
    page.wait_for_function(
        "(n) => { const r = localStorage.getItem('gridworks:floodline:game');"
        " return n === null ? r === null : r !== null && JSON.parse(r).data.options.n === n; }",
        arg=n,
        timeout=10_000,
    )


def pause(page: Any) -> None:
    """The top bar's pause button (a checkpoint)."""
    click(page, "pause")
    page.wait_for_function(
        "() => JSON.parse(window.gridworks.floodlineInfo()).paused === true", timeout=10_000
    )


def test_a_second_tab_never_replaces_the_first_tabs_run(context: Any, site: str) -> None:
    a, b = two_tabs(context, site, "floodline/")  # B opened first: stale
    start(a, 1)
    a.evaluate("(m) => window.gridworks.floodlineFeed(m)", MOVES)
    pause(a)  # a checkpoint: A's run stored
    wait_stored(a, 1)
    b.wait_for_function("() => JSON.parse(window.gridworks.floodlineInfo()).saved === 1", timeout=10_000)
    assert info(b)["screen"] == "menu"  # B's level select took in A's run: "Continue level 1"

    start(b, 2)  # B's player begins another level: the run B was shown is dropped there ...
    wait_stored(a, 1)  # ... and A, still playing it, stores it again at once
    assert not storage_info(a)["conflict"] and not storage_info(b)["conflict"]
    b.evaluate("(m) => window.gridworks.floodlineFeed(m)", ["mx-", ".*8"])  # no piece locked: not over
    pause(b)  # B's checkpoint would replace A's newer run: B asks, A's run stays stored
    wait_conflict(b)
    assert stored_level(b) == 1

    click(b, "gw-tab:here")  # keep playing here: B's run stored, A asked in turn
    wait_conflict(b, False)
    wait_stored(b, 2)
    wait_conflict(a)
    b_hash = state_hash(b)
    a.bring_to_front()
    with a.expect_navigation():
        a.keyboard.press("KeyL")  # load the other tab's game
    wait_ready(a)
    a.wait_for_function(
        "() => JSON.parse(window.gridworks.floodlineInfo()).screen === 'play'", timeout=30_000
    )
    st = info(a)
    assert st["level"] == 2 and st["paused"] and state_hash(a) == b_hash, st
    assert not storage_info(a)["conflict"]
