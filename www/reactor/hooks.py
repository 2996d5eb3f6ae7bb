"""Test hooks published on ``window.gridworks`` (read-only views and button/cell positions)."""

from __future__ import annotations

import json
from typing import Any


def hooks(app: Any) -> dict[str, Any]:
    from .bindings import now

    def info(*_a: Any) -> str:
        play, lay, ui = app.ui.run, app.ui.board, app.ui
        return json.dumps(
            {
                "screen": app.ui.screen,
                "key": play.key if play else None,
                "moves": [str(m) for m in play.session.moves] if play else [],
                "level_state": play.state.level_state if play else None,
                "pulse": play.state.pulse if play else 0,
                "forecasts": [f"{w.label()} {w.kind} {w.subject}" for w in play.state.forecasts]
                if play
                else [],
                "message": play.message if play else "",
                "robot": list(play.state.grid.xy(play.state.robot)) if play else None,
                "eye": app.ui.eye,
                "selected": list(app.ui.selected) if app.ui.selected else None,
                "completed": list(ui.progress.completed),
                "best": {k: b.pulses for k, b in ui.progress.best.items()},
                "toast": ([""] + [text for text, _ in app.shell.toasts.visible()])[-1],
                "animating": app.animating(),
                "pulse_ms": ui.cascades.pulse_ms[-20:],
                "cascade": ui.cascade.summary() if ui.cascade is not None else None,
                "cascades": ui.cascades.log[-10:],
                "cascade_mode": ui.cascades.mode,
                "act_ms": app.diag["act_ms"][-20:],
                "slow": app.diag["slow"],
                "focus": app.ui.focus,
                "cell": lay.cell if lay else None,
                "editor": app.editor.info(),
                "ask": app.ui.ask,
                "menu_scroll": round(app.ui.menu_scroll, 1),
                "help_scroll": round(app.ui.help_scroll, 1),
            }
        )

    def cell_center(x: Any, y: Any, *_a: Any) -> str:
        lay = app.ui.board
        if lay is None:
            return "null"
        px, py = lay.xy(int(x), int(y))
        return json.dumps([px + lay.cell / 2, py + lay.cell / 2])

    def drawn_surface(*_a: Any) -> str:
        """The surface values the last frame drew and the engine state's values (cell lists)."""
        play, drawn = app.ui.run, app.ds.drawn
        if play is None or drawn is None:
            return "null"
        return json.dumps(
            {
                "drawn": {q: list(a) for q, a in drawn.items()},
                "state": {q: list(a) for q, a in play.state.surface.items()},
                "animating": app.ui.cascade is not None,
            }
        )

    def cascade_mode(mode: Any = None, *_a: Any) -> str:
        """Read (or set: full, fast, off) the cascade mode."""
        cascades = app.ui.cascades
        if mode is not None and str(mode) in ("full", "fast", "off"):
            while cascades.mode != str(mode):
                cascades.cycle_mode()
        return str(cascades.mode)

    def bench(kind: Any = "forecast", n: Any = 21, *_a: Any) -> str:
        """Time engine work on the current state in this browser: ``forecast`` (a forecast refresh,
        ``compute_forecasts``) or ``status`` (the panel's status view); the median and p95 in ms."""
        from engine.reactor import status
        from engine.reactor.forecast import compute_forecasts

        play = app.ui.run
        if play is None:
            return "null"
        st = play.state
        fn = {"forecast": lambda: compute_forecasts(st), "status": lambda: status(st)}.get(str(kind))
        if fn is None:
            return "null"
        ms = []
        for _ in range(max(1, int(n))):
            t0 = now()
            fn()
            ms.append(now() - t0)
        ms.sort()
        return json.dumps(
            {
                "kind": str(kind),
                "n": len(ms),
                "median": round(ms[len(ms) // 2], 2),
                "p95": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 2),
                "level": play.key,
                "size": [st.grid.width, st.grid.height],
            }
        )

    return {
        "reactorBench": bench,
        "reactorInfo": info,
        "drawnSurface": drawn_surface,
        "cascadeMode": cascade_mode,
        "cellCenter": cell_center,
        "editorHook": app.editor.hook,
    }
