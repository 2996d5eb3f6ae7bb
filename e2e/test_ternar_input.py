"""Ternar input (issue #30): release -> next accepted input, measured in the page, and no press dropped.

Each turn is dragged with pointer events dispatched in the page; the release of one route and the
press that starts the next are dispatched together, so the figure is what the page itself adds: the
frame that handles both (engine move, save, animation timeline) until the press has started the next
route. 2048's rule (RULES.md "Input") makes the press end the turn's animation at once, so it is
taken however long that animation would run. The figures are printed (``-s``) and written to
``e2e-artifacts/ternar-input.json``; the test asserts behaviour only (no timed assertions): every
press is taken and the page's game equals CPython's.

The test runs on e2e/test_ternar.py's shared test page (``measure`` below; a boot of its own cost
~10 CPU-s): ``pytest -s e2e/test_ternar.py -k release_to_next`` runs it alone (one boot).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from e2e.util import save_json, state_hash  # noqa: E402
from engine.core.session import Session  # noqa: E402
from engine.ternar import GAME  # noqa: E402
from engine.ternar.bot import greedy_route  # noqa: E402

SEED = 20261122
TURNS = 6

# dispatches pointer events on the canvas at board coordinates, one frame apart where the hand would move
DRIVER = """
(() => {
  const c = document.querySelector('canvas');
  const frame = () => new Promise(r => requestAnimationFrame(() => r()));
  const ev = (type, p) => {
    const r = c.getBoundingClientRect();
    c.dispatchEvent(new PointerEvent(type, {clientX: r.left + p[0], clientY: r.top + p[1], bubbles: true,
      pointerId: 7, pointerType: 'mouse', isPrimary: true, button: 0, buttons: type === 'pointerup' ? 0 : 1}));
  };
  const info = () => JSON.parse(window.gridworks.ternarInfo());
  window.__ternarDrag = async (pts, press) => {  // press on pts[0] (unless pressed), move over the rest
    if (press) { ev('pointerdown', pts[0]); await frame(); }
    for (const p of pts.slice(1)) { ev('pointermove', p); await frame(); }
  };
  window.__ternarRelay = async (release, press, turns) => {
    // release the route on its last node and at once press the next route's first node; resolve with
    // the ms until the page has played the turn and started the next route with that press, and where
    // they went: the two event handlers (Python: the move, the save), the page's frames (Python: the
    // drawing, frameStats), and the rest (waiting for the browser to run the next frame)
    const f0 = window.gridworks.frameStats().frames || 0;  // (frames counts on; the reset clears times)
    window.gridworks.resetFrameStats();
    const t0 = performance.now();
    ev('pointerup', release);
    ev('pointerdown', press);
    const handlers = performance.now() - t0;
    for (let i = 0; i < 600; i++) {
      await frame();
      const s = info();
      if (s.turns === turns && s.route.length === 1) {
        const f = window.gridworks.frameStats();
        return {ms: performance.now() - t0, handlers, frames: (f.frames || f0) - f0, frame_max: f.max || 0};
      }
    }
    return {ms: -1};
  };
})();
"""


def _centers(page: Any, nodes: tuple[int, ...]) -> list[list[float]]:
    return [json.loads(page.evaluate(f"() => window.gridworks.nodeCenter({n})")) for n in nodes]


def measure(page: Any) -> None:
    """On a booted test page with a new game of ``SEED`` and no tutorial (its cards hold the board
    between turns): the figures, and every press taken."""
    page.evaluate(DRIVER)
    start = save_json(page)
    ref = Session.load(GAME, start)
    routes = []
    for _ in range(TURNS + 1):
        r = greedy_route(ref.state, 40, 800)
        assert r is not None
        routes.append(r)
        ref.play(r)
    figures: list[float] = []
    parts: list[dict[str, float]] = []
    early_before = json.loads(page.evaluate("() => window.gridworks.ternarInfo()"))["early_finishes"]
    page.evaluate("(p) => window.__ternarDrag(p, true)", _centers(page, routes[0].nodes))
    for i in range(TURNS):
        cur, nxt = _centers(page, routes[i].nodes), _centers(page, routes[i + 1].nodes)
        got = page.evaluate("([a, b, t]) => window.__ternarRelay(a, b, t)", [cur[-1], nxt[0], i + 1])
        assert got["ms"] >= 0, f"turn {i + 1}: the press after the release was not taken"
        figures.append(got["ms"])
        parts.append(got)
        page.evaluate("(p) => window.__ternarDrag(p, false)", nxt)  # the rest of the next route (pressed)
    info = json.loads(page.evaluate("() => window.gridworks.ternarInfo()"))
    assert info["turns"] == TURNS and info["early_finishes"] - early_before >= 1  # presses ended animations
    played = Session.load(GAME, start)
    for r in routes[:TURNS]:
        played.play(r)
    assert state_hash(page) == played.state_hash()
    assert save_json(page)["moves"] == [GAME.format_move(r) for r in routes[:TURNS]]
    out = {
        "release_to_next_input_ms": [round(x, 1) for x in figures],
        "median": round(statistics.median(figures), 1),
        "max": round(max(figures), 1),
        # where each figure went: event handlers, frames drawn and the longest one (Python's share)
        "handlers_ms": [round(p["handlers"], 1) for p in parts],
        "frames": [p["frames"] for p in parts],
        "frame_max_ms": [round(p["frame_max"], 1) for p in parts],
        "load": round(os.getloadavg()[0], 1),
    }
    print("ternar release -> next accepted input (ms):", out)
    art = ROOT / "e2e-artifacts"
    art.mkdir(exist_ok=True)
    (art / "ternar-input.json").write_text(json.dumps(out, indent=1) + "\n")
