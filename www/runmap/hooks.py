"""Test and benchmark hooks published on ``window.gridworks`` (``runInfo``, ``nodeXY``,
``coopCode``, ``coopSendRaw``, ``coopLimits``, ``relaunch``, ``benchMap``); ``buttonCenter`` comes from the shell."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.core.hashing import state_hash
from engine.runmap.fight3 import waiting_heroes
from engine.runmap.model import MapLayout

from . import layout

if TYPE_CHECKING:
    from .app_face import AppFace

Hook = Callable[..., str | None]


def make(app: AppFace) -> dict[str, Hook]:
    # ``runInfo`` is polled every animation frame by the e2e tests' waits: the map's structure hash
    # (a hash of the whole layout) is computed once per layout object, not once per poll
    structure: list[tuple[MapLayout, str]] = []

    def structure_hash(lay: MapLayout) -> str:
        if not structure or structure[0][0] is not lay:
            structure[:] = [(lay, state_hash(lay.structure()))]
        return structure[0][1]

    def node_xy(i: object, *_a: object) -> str:
        if not app.has_run:
            return "null"
        s = app.state
        x, y = layout.node_xy(app.frame(), s.layout.nodes[int(str(i))], app.ui.scroll)
        return json.dumps([x, y])

    def run_info(*_a: object) -> str:
        ui = app.ui
        dialog = app.devices.stage if app.devices_open() else None
        common = {"screen": ui.screen, "dialog": dialog, "kb": ui.ring_focus if ui.keyboard else None}
        if not app.has_run:
            return json.dumps({**common, **app.coop.info()})
        s = app.state
        return json.dumps(
            {
                **common,
                "phase": s.phase.value,
                "current": s.current_node_index,
                "available": [n.index for n in s.available_nodes()],
                "focus": ui.focus,
                "card": ui.card is not None,
                "intro": ui.intro,
                "waiting": waiting_heroes(s) if s.combat is not None and s.options.rules >= 3 else [],
                "host": s.host,
                "connected": list(s.connected),
                "moves": len(app.session.moves),
                "scroll": ui.scroll,
                "structure": structure_hash(s.layout),
                **app.coop.info(),
            }
        )

    def bench_map(n: object = 20, *_a: object) -> str:
        """ms per rebuild of the cached map layer, and per whole frame (benchmark hook)."""
        if not app.has_run:
            return "null"
        from . import icons  # noqa: PLC0415

        s = app.state
        g = app.shell.gfx
        f = app.frame()
        k = int(str(n))
        t0 = app.clock()
        for _ in range(k):
            app.map_cache.key = None
            app.map_cache.get(g, f, s.layout, s.path, app.t)
        out = {"map_ms": (app.clock() - t0) / k}
        for sprites in (True, False, True, False):
            icons.USE_SPRITES = sprites
            t1 = app.clock()
            for _ in range(k):
                g.begin_frame()
                app.draw(g)
            out[f"frame_ms_{'sprites' if sprites else 'vector'}"] = (app.clock() - t1) / k
        icons.USE_SPRITES = True
        return json.dumps(out)

    def coop_code(*_a: object) -> str:
        return app.devices.code if app.has_devices() else ""

    def coop_send_raw(text: object, *_a: object) -> None:
        link = app.coop.link
        if link is not None and hasattr(link, "send_raw"):
            link.send_raw(str(text))

    def coop_limits(visible_ms: object, hidden_ms: object, *_a: object) -> None:
        """Shorten the silence limits (a test cannot wait 200 s for a hidden host to count as gone)."""
        app.coop.presence.visible_ms = float(str(visible_ms))
        app.coop.presence.hidden_ms = float(str(hidden_ms))

    def relaunch(fragment: object = "", *_a: object) -> None:
        """A fresh start at ``#fragment`` without a new boot (``RunMapApp.relaunch``)."""
        app.relaunch(str(fragment))

    return {
        "relaunch": relaunch,
        "coopLimits": coop_limits,
        "nodeXY": node_xy,
        "runInfo": run_info,
        "coopCode": coop_code,
        "coopSendRaw": coop_send_raw,
        "benchMap": bench_map,
    }
