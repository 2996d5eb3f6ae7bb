"""Test hooks published on ``window.gridworks`` (read-only views and button/cell positions)."""

from __future__ import annotations

import json
from typing import Any


def hooks(app: Any) -> dict[str, Any]:
    from .app import now

    def info(*_a: Any) -> str:
        play, lay = app.play, app.lay
        return json.dumps(
            {
                "screen": app.screen,
                "key": play.key if play else None,
                "moves": [str(m) for m in play.session.moves] if play else [],
                "level_state": play.state.level_state if play else None,
                "pulse": play.state.pulse if play else 0,
                "forecasts": [f"{w.label()} {w.kind} {w.subject}" for w in play.state.forecasts]
                if play
                else [],
                "message": play.message if play else "",
                "robot": list(play.state.grid.xy(play.state.robot)) if play else None,
                "eye": app.eye,
                "selected": list(app.selected) if app.selected else None,
                "completed": list(app.progress.completed),
                "toast": app.toast if now() < app.toast_until else "",
                "animating": app.animating(),
                "pulse_ms": app.pulse_ms[-20:],
                "act_ms": app.act_ms[-20:],
                "cell": lay.cell if lay else None,
                "editor": app.editor.info(),
            }
        )

    def cell_center(x: Any, y: Any, *_a: Any) -> str:
        lay = app.lay
        if lay is None:
            return "null"
        px, py = lay.xy(int(x), int(y))
        return json.dumps([px + lay.cell / 2, py + lay.cell / 2])

    def button_center(bid: Any, *_a: Any) -> str:
        for r in app.shell.gfx.regions:
            if r.id == str(bid):
                return json.dumps([r.x + r.w / 2, r.y + r.h / 2])
        return "null"

    return {
        "reactorInfo": info,
        "cellCenter": cell_center,
        "editorHook": app.editor.hook,
        "buttonCenter": button_center,
    }
