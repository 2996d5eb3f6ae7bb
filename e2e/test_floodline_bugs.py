"""Issue #26 "Bugs found", in the browser: Space on the results card starts the next run (made ahead in
idle time) without also hard-dropping its first piece; a damaged stored last run (an unknown move token,
an unknown level field) is kept aside with a notice when the page loads, and nothing crashes."""

from __future__ import annotations

import json
from typing import Any

from e2e.floodline_util import info, start, until
from e2e.util import after_frames, notices, open_game


def end_the_run(page: Any) -> dict:
    """Hard drops until the run ends (a win or a loss: either shows the results card)."""
    for _ in range(80):
        page.evaluate("() => window.gridworks.floodlineFeed(['d', '.', '.'])")
        st = info(page)
        if st["outcome"]:
            return st
    raise AssertionError(info(page))


def test_space_on_the_results_card_is_the_buttons_not_a_hard_drop(page, site):
    open_game(page, site, "floodline")
    start(page, 1)
    st = end_the_run(page)
    page.evaluate("() => window.gridworks.floodlineFreeze(false)")
    nxt = 2 if st["outcome"] == "WON" else 1  # the card's main button: Next, or Retry after a loss
    page.wait_for_function(
        f"() => JSON.parse(window.gridworks.floodlineInfo()).warmed === {nxt}", timeout=30_000, polling=100
    )
    page.keyboard.press("Space")
    page.wait_for_function(
        "() => { const s = JSON.parse(window.gridworks.floodlineInfo()); return s.outcome === null && s.tick > 20; }",
        timeout=10_000,
        polling=50,
    )
    st = info(page)
    assert st["level"] == nxt and st["pieces"] == 0, st  # the first piece is still falling
    page.keyboard.press("Space")  # a new press is a hard drop again
    page.wait_for_function(
        "() => JSON.parse(window.gridworks.floodlineInfo()).pieces === 1", timeout=10_000, polling=50
    )


def test_a_damaged_last_run_is_kept_aside_with_a_notice(page, site):
    open_game(page, site, "floodline")
    start(page, 1)
    end_the_run(page)  # its end stores it as the last run
    raw = page.evaluate("() => localStorage.getItem('gridworks:floodline:last')")
    assert raw, "no last run stored"
    for damage in ("token", "field"):
        rec = json.loads(raw)
        if damage == "token":
            rec["data"]["moves"] = [*rec["data"]["moves"], "q7"]
        else:
            rec["data"]["options"]["level"]["lavaRate"] = 2
        page.evaluate("(r) => localStorage.setItem('gridworks:floodline:last', r)", json.dumps(rec))
        page.reload()
        page.wait_for_function("() => window.gridworks && window.gridworks.ready", timeout=120_000)
        st = info(page)
        assert st["screen"] == "menu" and st["lastRun"] is None, st
        said = notices(page)
        assert any("floodline:last:corrupt" in n for n in said), said  # the notice names the backup
        kept = page.evaluate(
            "() => Object.keys(localStorage).filter(k => k.startsWith('gridworks:floodline:last:corrupt:'))"
        )
        assert kept, "the damaged record was not kept"
        assert "watch" not in [b["id"] for b in json.loads(page.evaluate("() => window.gridworks.buttons()"))]
        assert page.evaluate("() => window.gridworks.errors.length") == 0


def test_the_piece_waits_while_a_tilt_preview_is_shown(page, site):
    """Issue #26 readability: a planning pause — flipping through the tilt previews (Alt + a tilt key)
    freezes the falling piece; letting Alt go starts the clock again."""
    open_game(page, site, "floodline")
    start(page, 2)  # First Tilt: tilts to the east and west allowed
    page.evaluate("() => window.gridworks.floodlineFreeze(false)")
    page.wait_for_function("() => JSON.parse(window.gridworks.floodlineInfo()).tick > 0", timeout=10_000)
    page.keyboard.down("Alt")
    page.keyboard.press("Digit4")
    st = until(page, "s.preview !== null")
    assert st["preview"] is not None, st
    page.keyboard.press("Digit3")  # the other preview: still waiting
    after_frames(page, 3)
    before = info(page)["tick"]
    page.wait_for_timeout(500)  # deliberate: the clock must NOT move over this half second
    assert info(page)["tick"] == before and info(page)["preview"] is not None
    page.keyboard.up("Alt")
    page.wait_for_function(
        f"() => JSON.parse(window.gridworks.floodlineInfo()).tick > {before}", timeout=10_000, polling=50
    )
    assert info(page)["preview"] is None
