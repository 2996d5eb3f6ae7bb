"""Scripted real play of each game for the bench, with every animation frame timed.

Each script drives a game the way the e2e tests do (test hooks, canvas buttons, mouse and
keyboard) through the moments that cost the most: Ternar routes dragged with the mouse and
their turn animations, Floodline pieces moved and locked, Reactor's tutorial with its cascades,
Orbit turns against a computer seat, Run Map map choices, fights and cards.

Timing: an init script wraps ``requestAnimationFrame`` so every callback (the game's input
handling, engine ticks and drawing of that frame) is timed; a ``longtask`` observer counts
main-thread tasks over 50 ms (they include the frames themselves and hook calls).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

FRAME_RECORDER = """(() => {
  const raf = window.requestAnimationFrame.bind(window);
  const rec = (window.__frames = {ms: [], long: [], on: false});
  window.requestAnimationFrame = (cb) => raf((ts) => {
    const t0 = performance.now();
    try { return cb(ts); } finally { if (rec.on) rec.ms.push(performance.now() - t0); }
  });
  try {
    new PerformanceObserver((list) => {
      if (rec.on) for (const e of list.getEntries()) rec.long.push(e.duration);
    }).observe({type: "longtask"});
  } catch (e) { /* no long task timing in this browser */ }
})();"""


# where each game's play starts (Run Map: a seeded slice run for one player, straight from the link)
START = {"runmap": "runmap/#seed=4242&preset=slice&players=1"}


def _hook(page: Any, expr: str) -> Any:
    return json.loads(page.evaluate(f"() => window.gridworks.{expr}"))


def _click(page: Any, bid: str, settle_ms: int = 80) -> bool:
    xy = _hook(page, f"buttonCenter({json.dumps(bid)})")
    if xy is None:
        return False
    page.mouse.click(xy[0], xy[1])
    page.wait_for_timeout(settle_ms)
    return True


def _press(page: Any, key: str, wait_ms: int = 60) -> None:
    page.keyboard.press(key)
    page.wait_for_timeout(wait_ms)


def play_ternar(page: Any) -> str:
    from engine.core.session import Session
    from engine.ternar import GAME
    from engine.ternar.bot import greedy_route

    page.evaluate("() => window.gridworks.newGame(20261122, 'classic')")
    page.wait_for_timeout(300)
    moves = 0
    for _ in range(14):
        s = Session.load(GAME, page.evaluate("() => window.gridworks.saveJson()"))
        route = None if s.state.outcome is not None else greedy_route(s.state)
        if route is None:
            break
        box = page.locator("canvas").first.bounding_box()
        pts = [_hook(page, f"nodeCenter({n})") for n in route.nodes]
        page.mouse.move(box["x"] + pts[0][0], box["y"] + pts[0][1])
        page.mouse.down()
        for x, y in pts[1:]:
            page.mouse.move(box["x"] + x, box["y"] + y, steps=4)
        page.mouse.up()
        page.wait_for_function(
            "() => !JSON.parse(window.gridworks.ternarInfo()).animating", timeout=15_000, polling=50
        )
        moves += 1
    return f"{moves} routes dragged with the mouse (GreedyBot's choice), each turn animated"


def play_floodline(page: Any) -> str:
    _click(page, "lv:1")
    pieces = 0
    for i in range(10):
        for key in (["a", "a"], ["d"], ["e", "d", "d"], ["q", "a"], ["d", "d", "d"])[i % 5]:
            _press(page, key)
        page.wait_for_timeout(250)
        _press(page, "Space", 250)  # hard drop: lock, water, clears
        pieces += 1
        st = _hook(page, "floodlineInfo()")
        if st.get("screen") != "play":
            break
    return f"level 1: {pieces} pieces moved, turned and hard-dropped with the keyboard"


def play_reactor(page: Any) -> str:
    _click(page, "level:builtin:tutorial", 200)
    keys = ["ArrowUp", "ArrowLeft", "KeyE"] + ["ArrowRight"] * 8 + ["ArrowDown", "KeyX"]
    for k in keys:
        _press(page, k, 120)
    page.wait_for_function(
        "() => !JSON.parse(window.gridworks.reactorInfo()).animating", timeout=15_000, polling=50
    )
    page.wait_for_timeout(300)
    # the next level: load, walk about, interact (cascades)
    _click(page, "levels", 200)
    started = False
    for lv in ("level:builtin:switchyard", "level:builtin:control_room"):
        if _click(page, lv, 300):
            started = True
            break
    if started:
        for k in ["ArrowLeft", "ArrowLeft", "KeyE", "ArrowRight", "ArrowDown", "KeyE", "ArrowUp", "KeyE"]:
            _press(page, k, 150)
    return "tutorial by keyboard (cascades animated), then the next level loaded and played" + (
        "" if started else " (next level not reachable)"
    )


def play_orbit(page: Any) -> str:
    _click(page, "preset:ai")
    _click(page, "start", 200)
    turns = 0
    for i in range(6):
        page.wait_for_function(
            "() => { const s = JSON.parse(window.gridworks.orbitInfo());"
            " return s.over || (!s.busy && (s.covered || s.planning)); }",
            timeout=30_000,
            polling=50,
        )
        st = _hook(page, "orbitInfo()")
        if st.get("over"):
            break
        if st.get("covered"):
            _click(page, "cover")
        if i % 2 == 0:
            for k in ["Digit1", "ArrowRight", "KeyB", "Enter"]:
                _press(page, k, 80)
        else:
            _press(page, "KeyX", 80)
            _press(page, "Enter", 80)
        turns += 1
    page.wait_for_function(
        "() => { const s = JSON.parse(window.gridworks.orbitInfo()); return s.over || !s.busy; }",
        timeout=30_000,
        polling=50,
    )
    return f"{turns} turns against the computer (keyboard plans, the computer's turns, animations)"


def play_runmap(page: Any) -> str:
    actions = 0
    for _ in range(60):
        st = _hook(page, "runInfo()")
        if st["phase"] == "over":
            break
        moves = st["moves"]
        if st["card"]:
            _press(page, "Enter")
            page.wait_for_function("() => !JSON.parse(window.gridworks.runInfo()).card", timeout=15_000)
            continue
        if st["phase"] == "combat":
            _press(page, "a")
        elif st["phase"] == "shop":
            _press(page, "Escape")
        elif st["phase"] == "shrine":
            _press(page, "1")
        else:
            x, y = _hook(page, f"nodeXY({st['available'][-1]})")
            page.mouse.move(x, y)
            page.mouse.click(x, y)
        page.wait_for_function(
            f"() => JSON.parse(window.gridworks.runInfo()).moves !== {moves}", timeout=15_000, polling=30
        )
        actions += 1
    return f"{actions} actions of a seeded slice run: map choices by mouse, fights, shops, cards"


def _summary(ms: list[float], long: list[float]) -> dict:
    ms = sorted(ms)
    if not ms:
        return {"frames": 0}

    def pick(q: float) -> float:
        return ms[min(len(ms) - 1, int(q * len(ms)))]

    return {
        "frames": len(ms),
        "p50": pick(0.5),
        "p95": pick(0.95),
        "max": ms[-1],
        "over50": sum(1 for m in ms if m > 50),
        "long": len(long),
        "longmax": max(long, default=0.0),
    }


def play_one(browser: Any, base: str, game: str) -> tuple[dict, str]:
    """Open the game, play its script with frames timed; returns the frame summary and what was played."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    ctx = browser.new_context(viewport={"width": 1000, "height": 720}, service_workers="block")
    try:
        page = ctx.new_page()
        page.add_init_script(FRAME_RECORDER)
        page.goto(f"{base}{START.get(game, game + '/')}")
        page.wait_for_function("() => window.gridworks && window.gridworks.ready", timeout=180_000)
        page.wait_for_timeout(500)
        page.evaluate(
            "() => { window.__frames.ms = []; window.__frames.long = []; window.__frames.on = true; }"
        )
        script = {
            "ternar": play_ternar,
            "floodline": play_floodline,
            "reactor": play_reactor,
            "orbit": play_orbit,
            "runmap": play_runmap,
        }.get(game)
        played = script(page) if script else "nothing"
        rec = page.evaluate("() => { window.__frames.on = false; return window.__frames; }")
        errors = page.evaluate("() => window.gridworks.errors || []")
        if errors:
            played += f" — page error: {errors[0]['summary']}"
        return _summary(rec["ms"], rec["long"]), played
    finally:
        ctx.close()


def play_all(browser: Any, base: str, games: list[str]) -> None:
    print("\nFrames during scripted real play (ms per requestAnimationFrame callback: input, ticks, draw)")
    print(f"{'game':10}{'frames':>7}{'p50':>7}{'p95':>7}{'max':>8}{'>50ms':>6}{'long tasks':>11}  played")
    for game in games:
        try:
            s, played = play_one(browser, base, game)
        except Exception as exc:  # noqa: BLE001 - one game's script failing must not hide the others
            print(f"{game:10} script failed: {type(exc).__name__}: {str(exc).splitlines()[0][:120]}")
            continue
        if not s["frames"]:
            print(f"{game:10} no frames drawn  ({played})")
            continue
        print(
            f"{game:10}{s['frames']:7}{s['p50']:7.1f}{s['p95']:7.1f}{s['max']:8.1f}{s['over50']:6}"
            f"{s['long']:5} ≤{s['longmax']:4.0f}  {played}"
        )
