"""Test hooks published on ``window.gridworks`` for the Floodline page."""

from __future__ import annotations

import json
from typing import Any

from engine.floodline import parse_move


def test_hooks(app: Any) -> dict[str, Any]:
    """``floodlineInfo()``, ``floodlineStart(n)`` and ``floodlineFeed([tick texts])``."""

    def info(*_a: Any) -> str:
        run = app.run
        if run is None:
            return json.dumps({"screen": "menu", "progress": app.progress.model_dump()})
        s = run.state
        return json.dumps(
            {
                "screen": "play",
                "level": run.n,
                "tick": s.tick,
                "gravity": s.gravity.value,
                "pieces": s.metrics["piecesUsed"],
                "active": run.active_cells(),
                "outcome": None if s.outcome is None else s.outcome.status.value,
                "paused": app.paused,
                "view": app.view,
                "worldRedraws": app.world.redraws,
                "hudRedraws": app.hud_redraws,
                "hudMs": round(app.hud_ms, 2),
                "worldMs": round(app.world.ms, 2),
            }
        )

    def start_level(n: Any, *_a: Any) -> None:
        app.start(int(n))

    def feed(texts: Any, *_a: Any) -> str:
        if app.run is not None:
            for text in list(texts):
                if app.run.state.outcome is not None:
                    break
                app.run.play(parse_move(str(text)))
            app.finish()
        return app.state_hash()

    return {
        "floodlineInfo": info,
        "floodlineStart": start_level,
        "floodlineFeed": feed,
    }
