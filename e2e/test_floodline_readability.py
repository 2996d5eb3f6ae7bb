"""Floodline readability and saves in the browser (issues #16, #14): the Alt tilt preview shows where
the falling piece lands and counts it; a refused tilt says why; saves in the format used before
(``lastrun``, ``progress`` as the old page wrote them) are migrated or kept aside with a notice,
and stars survive."""

from __future__ import annotations

import json
from typing import Any

from e2e.floodline_util import info, start, until
from e2e.util import after_frames, notices, open_game
from engine.floodline.level import RULES_VERSION


def store(page: Any) -> dict[str, str]:
    return dict(
        page.evaluate(
            "() => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('gridworks:floodline'))"
            ".map(k => [k, localStorage.getItem(k)]))"
        )
    )


def test_tilt_preview_with_the_piece_and_refusal_reasons(page, site):
    open_game(page, site, "floodline")
    start(page, 2)  # First Tilt: DOWN / EAST / WEST allowed, walls on two sides
    page.keyboard.down("Alt")
    page.keyboard.press("Digit4")  # preview a tilt to the right (the view's east or west)
    pv = until(page, "s.preview !== null")["preview"]  # shown while Alt is held
    page.keyboard.up("Alt")
    assert pv["allowed"] and pv["piece"], pv  # where the falling piece lands under the new gravity
    assert pv["lost"] >= 0 and pv["target"] in ("EAST", "WEST")
    # a tilt forward is not a direction this level allows: the page says so
    page.evaluate("() => window.gridworks.floodlineFreeze(false)")
    page.keyboard.press("Digit1")
    st = until(page, "s.refusal !== null")
    assert st["refusal"]["reason"] == "direction" and "not a direction" in st["flash"], st
    # two tilts in a row: the second is refused by the cooldown / tilt count, with its reason
    page.keyboard.press("Digit4")
    until(page, "s.gravity !== 'DOWN'")
    page.keyboard.press("Digit3")
    after_frames(page, 3)
    st = info(page)
    assert st["refusal"]["reason"] in ("cooldown", "budget", "direction"), st
    assert st["flash"].startswith("Tilt refused"), st


def test_saves_in_the_old_format_are_migrated_or_kept_aside(page, site):
    open_game(page, site, "floodline")
    progress = {"stars": {"lv01": 3, "lv02": 2}, "endless_best": 1234, "last": 3, "endless_runs": 2}
    lastrun = {"level": 1, "seed": 1001, "inputs": ["mx-*3", "d", ".*30", "d"]}
    page.evaluate(
        """([p, r]) => {
            localStorage.setItem('gridworks:floodline:progress', JSON.stringify({v: 1, data: p}));
            localStorage.setItem('gridworks:floodline:lastrun', JSON.stringify({v: 1, data: r}));
            localStorage.removeItem('gridworks:floodline:last');
        }""",
        [progress, lastrun],
    )
    page.reload()
    page.wait_for_function("() => window.gridworks && window.gridworks.ready", timeout=120_000)
    st = info(page)
    assert st["progress"]["stars"] == progress["stars"] and st["progress"]["endless_best"] == 1234
    kept = store(page)
    assert "gridworks:floodline:lastrun" not in kept  # read once
    if RULES_VERSION == "0.2":  # the old record's rules: migrated to the shared save format
        assert st["lastRun"] == {"level": 1, "seed": 1001, "inputs": 4}
        save = json.loads(kept["gridworks:floodline:last"])["data"]
        assert save["game"] == "floodline" and save["options"]["rulesVersion"] == "0.2"
    else:  # other rules now: kept aside (not replayed into a different ending), with a notice
        assert st["lastRun"] is None
        backups = [k for k in kept if k.startswith("gridworks:floodline:lastrun:corrupt:")]
        assert backups and json.loads(kept[backups[0]])["data"] == lastrun
        assert any("0.2" in n and RULES_VERSION in n for n in notices(page)), notices(page)
