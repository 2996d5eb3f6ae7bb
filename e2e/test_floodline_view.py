"""Floodline view (issue 5, second pass): the piece is drawn depth-correct with an x-ray outline of
its hidden parts; on a tall level the camera keeps the piece and the top of the stack on screen;
the §10.2 warnings appear in real situations; level titles and prompts switch language; frame
times with occlusion on stay under budget."""

from __future__ import annotations

from typing import Any

from e2e.floodline_util import DESKTOP, PHONE, info, start
from e2e.util import after_frames, click_button, open_game


def feed(page: Any, moves: list[str], settle_ms: int = 80) -> None:
    page.evaluate("(m) => window.gridworks.floodlineFeed(m)", moves)
    page.wait_for_timeout(settle_ms)
    after_frames(page)  # let a frame draw


def frames(page: Any, n: int) -> None:
    """Wait until ``n`` animation frames have run."""
    page.evaluate(
        "(n) => new Promise(r => { const f = k => k ? requestAnimationFrame(() => f(k - 1)) : r(); f(n); })",
        n,
    )


def camera_path(page: Any, moves: list[str]) -> list[dict]:
    """Feed ``moves`` and return the camera of every animation frame from then until it stands
    still on its target (recorded in the page, so a slow test process misses no frame)."""
    return list(
        page.evaluate(
            """(moves) => new Promise(done => {
                const path = [];
                const cam = () => JSON.parse(window.gridworks.floodlineInfo()).camera;
                window.gridworks.floodlineFeed(moves);
                const rec = () => {
                    const c = cam();
                    path.push(c);
                    if ((path.length > 3 && c.off === c.target) || path.length > 600) done(path);
                    else requestAnimationFrame(rec);
                };
                requestAnimationFrame(rec);
            })""",
            moves,
        )
    )


def inside(box: list[float], rect: list[float]) -> bool:
    x, y, w, h = rect
    return box[0] >= x - 1 and box[1] >= y - 1 and box[2] <= x + w + 1 and box[3] <= y + h + 1


def test_floodline_occlusion_camera_warnings_language(page, site):
    page.set_viewport_size(DESKTOP)
    open_game(page, site, "floodline")

    # 1. occlusion: three pieces stacked in the middle, the next one slid behind them
    start(page, 1)
    feed(page, ["d", "d", "d", "mx-", "mx-", "mz+", "mz+", "mx-"])
    st = info(page)
    assert st["hidden"]["ghost"], st["hidden"]  # its landing spot is behind the stack: x-rayed
    for _ in range(40):
        feed(page, ["s"])
        st = info(page)
        if st["active"] and min(c[1] for c in st["active"]) <= 1:
            break
    assert st["pieces"] == 3 and st["hidden"]["piece"], st
    hidden = {tuple(c) for c in st["hidden"]["piece"]}
    assert hidden <= {tuple(c) for c in st["active"]}
    # a piece in the open is never marked hidden
    start(page, 1)
    st = info(page)
    assert st["active"] and not st["hidden"]["piece"]

    # frame time with the piece falling behind structures (clock running)
    start(page, 13, frozen=False)
    page.wait_for_timeout(1500)  # warm-up frames (first calls into new code paths) are not counted
    page.evaluate("() => window.gridworks.resetFrameStats()")
    page.wait_for_timeout(2000)
    stats = page.evaluate("() => window.gridworks.frameStats()")
    print(
        f"\nfloodline view lv13 1280x800 frame ms: p50={stats['p50']:.2f} p95={stats['p95']:.2f} n={stats['frames']}"
    )
    # figures are printed, not asserted (a timed assertion fails on a loaded machine); the frame
    # budget of scripted play is measured by e2e/floodline_frames.py
    assert stats["frames"] > 30, stats

    # 2. camera: lv30 (36 rows) — piece box inside the board, also after the tower grows
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        start(page, 30)
        for k in range(12):
            st = info(page)
            assert st["size"][1] >= 30 and st["pieceBox"] is not None
            assert inside(st["pieceBox"], st["boardRect"]), (
                size,
                k,
                st["pieceBox"],
                st["boardRect"],
                st["camera"],
            )
            camera_path(page, ["s"] * 6 if k % 3 else ["d"])  # returns once the eased pan settled
        st = info(page)
        assert inside(st["pieceBox"], st["boardRect"]), st
        assert st["camera"]["pans"] or size is DESKTOP
        assert st["pieces"] >= 3
    # on spawn the camera eases to its new target (a scale step snaps, so compare equal rows)
    eased = False
    seen: list[Any] = []
    for _ in range(40):
        before = info(page)
        if before["outcome"]:  # the tower ended the level: go on with a fresh one
            start(page, 30)
            before = info(page)
        before = before["camera"]
        path = camera_path(page, ["d"])
        cam = path[-1]
        seen.append((before, cam))
        if cam["rows"] == before["rows"] and abs(cam["target"] - before["target"]) > 10:
            # counted in frames, not wall time: the ease takes several frames whatever the load
            moving = [c for c in path if c["target"] == cam["target"] and c["off"] != c["target"]]
            assert len(moving) >= 3, path
            assert info(page)["camera"]["off"] == cam["target"], path
            eased = True
            break
    assert eased, seen
    page.set_viewport_size(DESKTOP)

    # 3. warnings in real situations
    # a water level whose first piece would land on its pool (the campaign is retuned often: search)
    wet = [n for n in range(11, 21) if (start(page, n), "warn_water" in info(page)["warningsNow"])[1]]
    assert wet, "no water level starts with the ghost over water"
    start(page, wet[0])
    page.wait_for_function(
        "() => JSON.parse(window.gridworks.floodlineInfo()).warnings.includes('warn_water')", timeout=20_000
    )
    start(page, 16)  # freeze the pool, land a piece only on ice: held by temporary support
    feed(page, ["mx-", ".", "mx-", ".", "mx-", "f3.2.4", "d"])
    st = info(page)
    assert "warn_unsupported" in st["warnings"] and st["unsupported"], st
    # endless (no objective ends it): stack in the middle until it nears the red line. Under the
    # rules in force a run may top out on the very drop that reaches the line (no frame with the
    # warning): the next endless run (another seed) is tried then, up to four
    seen: list[str] = []
    for _ in range(4):
        start(page, 0)
        for _ in range(40):
            feed(page, ["d"])
            st = info(page)
            seen = st["warnings"]
            if "warn_overflow" in seen or st["outcome"]:
                break
        if "warn_overflow" in seen:
            break
    assert "warn_overflow" in seen, st

    # 4. titles and prompts switch language
    start(page, 5)
    click_button(page, "lang", 120)
    st = info(page)
    assert st["lang"] == "ru" and st["title"] == "Парковка" and "площадк" in st["tip"], st
    start(page, 27)
    st = info(page)
    assert st["title"] == "Жёсткий бюджет" and "наклонов" in st["tip"], st
    titles = page.evaluate(
        """() => { const out = [];
            for (let n = 1; n <= 30; n++) { window.gridworks.floodlineStart(n);
                const i = JSON.parse(window.gridworks.floodlineInfo()); out.push([i.title, i.tip]); }
            return out; }"""
    )
    assert all(t and tip and any("а" <= ch <= "я" for ch in t + tip) for t, tip in titles), titles
    assert len({t for t, _ in titles}) == 30
    start(page, 27)
    click_button(page, "lang", 120)
    st = info(page)
    assert st["title"] == "Tight Budget" and "tilts" in st["tip"], st
    assert not page.evaluate("() => window.gridworks.errors || []")
