"""Floodline tools (issue 5, third pass): the §10.3 basin preview toggle, the phone tutorial prompt
that keeps the board clear, replay export/import through the real file chooser and download (a
malformed file is refused with a message naming the problem and changes nothing), and the figures
for the closing note: time to start a level from the level select, frame times on lv01/lv13/lv30."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

from e2e.conftest import new_context
from e2e.floodline_util import DESKTOP, PHONE, info, start, until
from e2e.util import buttons, click_button, notices, open_game
from engine.floodline.level import parse_level
from engine.floodline.replay import parse_replay, play
from engine.floodline.state import Status

ROOT = Path(__file__).resolve().parents[1]
ART = ROOT / "e2e-artifacts"


def ids(page: Any) -> list[str]:
    return [b["id"] for b in buttons(page)]


def frame_stats(page: Any, n: int) -> dict:
    start(page, n, frozen=False)
    page.wait_for_timeout(1200)  # warm-up (first calls into new code paths are not counted)
    page.evaluate("() => window.gridworks.resetFrameStats()")
    page.wait_for_timeout(1800)
    return dict(page.evaluate("() => window.gridworks.frameStats()"))


def import_text(page: Any, name: str, text: str) -> None:
    with page.expect_file_chooser() as fc:
        click_button(page, "import")
    fc.value.set_files(files=[{"name": name, "mimeType": "application/json", "buffer": text.encode()}])
    page.wait_for_timeout(250)


def test_floodline_basins_replays_and_timing(page, site):
    page.set_viewport_size(DESKTOP)
    open_game(page, site, "floodline")
    ART.mkdir(exist_ok=True)

    # time to start a level: pointer down on the level button -> first frame of play drawn
    page.evaluate(
        "() => window.addEventListener('pointerdown', () => { window.__t0 = performance.now(); }, true)"
    )
    starts = []
    for _ in range(5):
        assert info(page)["screen"] == "menu"
        click_button(page, "level:lv01", settle_ms=0)
        page.wait_for_function(
            "() => JSON.parse(window.gridworks.floodlineInfo()).firstFrameAt > window.__t0"
        )
        starts.append(
            page.evaluate("() => JSON.parse(window.gridworks.floodlineInfo()).firstFrameAt - window.__t0")
        )
        click_button(page, "levels")
    print(f"\nfloodline start level (click -> first play frame) ms: {[round(v, 1) for v in starts]}")
    print(f"floodline start level median ms: {statistics.median(starts):.1f}")
    assert len(starts) == 5  # each start drew its first play frame; the speed is printed, not asserted

    # §10.3 basin preview: B toggles it, drawn on the cached world layer (one redraw per toggle)
    start(page, 1)
    assert "basins" not in ids(page)  # a dry level has nothing to preview: no button
    start(page, 13)
    assert "basins" in ids(page) and not info(page)["basins"]
    before = info(page)["worldRedraws"]
    page.keyboard.press("KeyB")
    st = until(page, "s.basins && s.basinPreview !== null")
    pv = st["basinPreview"]
    assert st["basins"] and st["worldRedraws"] == before + 1, st
    assert pv["basins"] and pv["basins"][0]["lowest"] and pv["nextFill"], pv
    assert pv["drains"] and all(d["cells"] for d in pv["drains"]), pv["drains"]
    page.wait_for_timeout(300)  # deliberate: frames pass and must NOT redraw the world
    assert info(page)["worldRedraws"] == before + 1  # not redrawn per frame
    page.screenshot(path=str(ART / "floodline-basins-lv13.png"))
    click_button(page, "basins")  # the canvas button (also a touch target) turns it off
    assert not info(page)["basins"]
    page.keyboard.press("KeyB")
    until(page, "s.basins")
    start(page, 12)  # a drain level: the setting carries over, the preview is the new board's
    st = info(page)
    assert st["basins"] and st["basinPreview"]["drains"], st["basinPreview"]
    page.screenshot(path=str(ART / "floodline-basins-lv12.png"))

    # frame times with the piece falling (basin preview on for lv13)
    for n in (1, 13, 30):
        stats = frame_stats(page, n)
        print(
            f"floodline lv{n:02d} 1280x800 frame ms: p50={stats['p50']:.2f} p95={stats['p95']:.2f} n={stats['frames']}"
        )
        # figures are printed, not asserted (a timed assertion fails on a loaded machine); the frame
        # budget of scripted play is measured by e2e/floodline_frames.py
        assert stats["frames"] > 30, (n, stats)
    page.keyboard.press("KeyB")
    assert not until(page, "!s.basins")["basins"]

    # replays: win lv01 with its solution, go back to the menu, export the run as a file
    sol = json.loads((ROOT / "tools/floodline/solutions/lv01.json").read_text())
    start(page, 1)
    page.evaluate("(m) => window.gridworks.floodlineFeed(m)", sol["inputs"])
    assert info(page)["outcome"] == "WON"
    click_button(page, "levels")
    last = info(page)["lastRun"]
    assert last is not None and last["level"] == 1, last
    with page.expect_download() as dl:
        click_button(page, "export")
    assert dl.value.suggested_filename == "floodline-lv01.json"
    text = Path(dl.value.path()).read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["floodline"] == 1 and data["level"] == 1
    level = json.loads((ROOT / "engine/floodline/levels/lv01.json").read_text())
    s = play(parse_level(level), parse_replay(data["replay"]))  # the file replays in CPython: a win
    assert s.outcome is not None and s.outcome.status == Status.WON

    # malformed files: a notice naming the problem, drawn on the canvas; nothing changes
    bad_hash = json.loads(text)
    bad_hash["replay"]["levelHash"] = "0" * 64
    bad_move = json.loads(text)
    bad_move["replay"]["inputs"][3] = "jump!"
    cases = [
        ("notjson.json", "hello, world", "not JSON"),
        ("other.json", json.dumps({"floodline": 1, "level": 99, "replay": {}}), "does not have (99)"),
        ("hash.json", json.dumps(bad_hash), "different version of this level"),
        ("move.json", json.dumps(bad_move), "move 3 (jump!)"),
    ]
    for name, body, why in cases:
        n0 = len(notices(page))
        import_text(page, name, body)
        page.wait_for_function(f"() => Array.from(window.gridworks.notices()).length > {n0}", timeout=5000)
        note = notices(page)[-1]
        assert "cannot be used" in note and why in note, note
        st = info(page)
        assert st["screen"] == "menu" and st["lastRun"] == last, st
    page.screenshot(path=str(ART / "floodline-import-bad.png"))

    # the good file imports and plays back in the page (watch mode)
    page.evaluate("() => window.gridworks.floodlineFreeze(false)")
    import_text(page, "floodline-lv01.json", text)
    st = info(page)
    assert st["screen"] == "play" and st["level"] == 1 and "Replay" in st["tip"], st
    page.wait_for_function(
        "() => JSON.parse(window.gridworks.floodlineInfo()).outcome === 'WON'", timeout=20000
    )


def test_floodline_phone_prompt_leaves_the_hud_and_holds_the_clock(browser, guard, site):
    """Issue #26: on a phone the prompt no longer covers the objectives, ★ conditions and next pieces
    while the first piece falls: it sits at the board's foot and the level waits for a tap."""
    ctx = new_context(browser, guard, viewport=PHONE, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    try:
        open_game(page, site, "floodline")
        for n in (4, 1):
            start(page, n)
            st = info(page)
            tip, board = st["tipRect"], st["boardRect"]
            assert tip is not None and st["tip"], st
            on_board = tip[1] >= board[1] and tip[1] + tip[3] <= board[1] + board[3] + 1
            hud_rect = st["hudRect"]
            assert on_board and tip[1] >= hud_rect[1] + hud_rect[3], (tip, board, hud_rect)  # not the HUD
            if n == 4:  # the ★ conditions are on the phone strip too
                assert st["starLines"] and st["starLines"][0].startswith("★"), st["starLines"]
            page.screenshot(path=str(ART / f"floodline-phone-tip-lv{n:02d}.png"))
            if n == 4:  # lv04: the loss limit is on the objective line, the tip names the open sides
                assert st["objectiveTexts"] == ["Survive 2 tilts, ≤5 lost"], st["objectiveTexts"]
                assert "east and west sides are open" in st["tip"] and "dark post" in st["tip"], st["tip"]
                click_button(page, "lang")
                st = info(page)
                assert st["objectiveTexts"] == ["Пережить наклонов: 2, ≤5 потеряно"], st["objectiveTexts"]
                assert "Восточная и западная стороны открыты" in st["tip"] and "тёмным столбом" in st["tip"]
                click_button(page, "lang")
        page.evaluate("() => window.gridworks.floodlineFreeze(false)")
        page.wait_for_timeout(400)
        assert info(page)["tick"] == 0  # the clock waits while the prompt is up
        page.touchscreen.tap(tip[0] + tip[2] / 2, tip[1] + tip[3] / 2)  # a tap closes it
        page.wait_for_function(
            "() => JSON.parse(window.gridworks.floodlineInfo()).tick > 0", timeout=10_000, polling=50
        )
        st = info(page)
        assert st["tipRect"] is None and st["pieces"] == 0 and not st["paused"], st
        assert st["active"] is not None
    finally:
        ctx.close()
