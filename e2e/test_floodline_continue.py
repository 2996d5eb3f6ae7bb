"""Floodline's run in progress is a Session restored through the real-time twin (issue #24): a run left
at a checkpoint (pause, Levels) is stored as seed + level + moves, and the launcher's card says
Continue with its level; the page's entry (a reload, the launcher's Continue) restores the run
(replayed over a few frames, not watched from the start) to the same state, paused, and it plays on;
a new run of a level drops it. A damaged stored run is kept aside with a notice
and Play starts a level again. Floodline has no undo: the seed offers none (a real-time game)."""

from __future__ import annotations

import json
from typing import Any

from e2e.floodline_util import info, start
from e2e.util import click_button, notices, open_game, state_hash

KEY = "gridworks:floodline:game"


def play_some(page: Any) -> dict:
    """Level 1 with the clock stopped: a few pieces moved and dropped through the test hook."""
    start(page, 1)
    page.evaluate(
        "() => window.gridworks.floodlineFeed(['mx-', '.*8', 'd', '.*30', 'mx+', '.*8', 'd', '.*30'])"
    )
    st = info(page)
    assert st["pieces"] >= 2 and st["outcome"] is None, st
    return st


def scores(page: Any) -> dict:
    """The launcher's card for Floodline (``gridworks:floodline:scores``)."""
    return json.loads(page.evaluate("() => localStorage.getItem('gridworks:floodline:scores')"))["data"]


def test_a_run_left_midway_continues_where_it_stopped(page, site):
    open_game(page, site, "floodline")
    before = play_some(page)
    want = state_hash(page)
    click_button(page, "levels")  # leaving is a checkpoint
    st = info(page)
    assert st["screen"] == "menu" and st["saved"] == 1, st
    assert json.loads(page.evaluate(f"() => localStorage.getItem('{KEY}')"))["data"]["moves"]
    card = scores(page)  # the launcher's Continue knows the run and its level
    assert card["in_progress"] is True and card["level"] == 1 and card["levels"] == 30, card
    page.reload()  # the page's entry (what the launcher's Continue opens) resumes the run, paused
    page.wait_for_function("() => window.gridworks && window.gridworks.ready", timeout=120_000)
    page.wait_for_function(
        "() => JSON.parse(window.gridworks.floodlineInfo()).screen === 'play'", timeout=30_000, polling=100
    )
    st = info(page)
    assert st["level"] == 1 and st["paused"] and st["pieces"] == before["pieces"], st
    assert st["tick"] == before["tick"] and state_hash(page) == want
    page.evaluate("() => window.gridworks.floodlineFeed(['d', '.'])")  # and it plays on
    assert info(page)["pieces"] == before["pieces"] + 1
    click_button(page, "levels")
    assert info(page)["saved"] == 1
    click_button(page, "level:lv01")  # a new run of the level: the stored one is dropped, no Continue
    page.wait_for_function(
        "() => JSON.parse(window.gridworks.floodlineInfo()).screen === 'play'", timeout=30_000, polling=100
    )
    assert page.evaluate(f"() => localStorage.getItem('{KEY}')") is None
    assert scores(page)["in_progress"] is False


def test_a_damaged_stored_run_is_kept_aside_with_a_notice(page, site):
    open_game(page, site, "floodline")
    play_some(page)
    click_button(page, "levels")
    rec = json.loads(page.evaluate(f"() => localStorage.getItem('{KEY}')"))
    rec["data"]["moves"] = [*rec["data"]["moves"], "q7"]  # a move no build knows
    page.evaluate(f"(r) => localStorage.setItem('{KEY}', r)", json.dumps(rec))
    page.reload()  # the entry resumes the run: the damage is found while it replays
    page.wait_for_function("() => window.gridworks && window.gridworks.ready", timeout=120_000)
    page.wait_for_function(
        "() => JSON.parse(window.gridworks.floodlineInfo()).saved === null", timeout=30_000, polling=100
    )
    assert info(page)["screen"] == "menu" and notices(page), info(page)
    keys = page.evaluate("() => Object.keys(localStorage)")
    assert KEY not in keys and any(k.startswith(KEY) and "corrupt" in k for k in keys), keys
    click_button(page, "play")  # Play starts a level again
    page.wait_for_function(
        "() => JSON.parse(window.gridworks.floodlineInfo()).screen === 'play'", timeout=30_000, polling=100
    )
