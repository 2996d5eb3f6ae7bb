"""Test hooks published on ``window.gridworks`` for the Floodline page."""

from __future__ import annotations

import json
from typing import Any, Protocol

from gwweb.floodline import hud
from gwweb.floodline.board_draw import BoardPage, piece_screen_box
from gwweb.floodline.campaign import Progress, objective_text
from gwweb.floodline.model import Run
from gwweb.floodline.rebind import Rebinder
from gwweb.floodline.saves import level_no
from gwweb.floodline.warmup import Warmup
from gwweb.shared.canvas import Region

from engine.core.session import SaveData
from engine.floodline import parse_move


class HookPage(BoardPage, Protocol):
    """What the test hooks read and drive of the page (besides what drawing the board reads)."""

    run: Run | None
    progress: Progress
    last_run: SaveData | None
    warm: Warmup
    ring: list[Region]
    rebinder: Rebinder
    pad: list[tuple[str, str, float, float, float, float]]
    hud_redraws: int
    hud_ms: float
    hud_rect: tuple[float, float, float, float]
    first_frame_at: float
    slow: list[tuple[object, ...]]
    frozen: bool
    profiler: Any

    def draw(self, g: Any) -> None: ...
    def start(self, n: int) -> None: ...
    def finish_start(self) -> bool: ...
    def finish(self) -> None: ...
    def has_keyboard(self) -> bool: ...
    def hints(self) -> dict[str, str]: ...
    def tilt_state(self) -> tuple[frozenset[str], float]: ...
    def state_hash(self) -> str: ...


def test_hooks(app: HookPage) -> dict[str, Any]:
    """``floodlineInfo()``, ``floodlineStart(n)`` and ``floodlineFeed([tick texts])``."""

    def focus_info() -> dict[str, Any]:
        ui = app.ui
        return {
            "warmed": app.warm.n if app.warm.prepared is not None else 0,  # a run made ahead, idle
            "focus": ui.focus if ui.keyboard_nav else None,
            "ring": [r.id for r in app.ring],
            "keysScreen": ui.keys_screen,
            "waiting": app.rebinder.waiting,
        }

    def info(*_a: Any) -> str:
        if app.finish_start():  # the level's first frame, as the page would draw it next
            app.shell.gfx.begin_frame()
            app.draw(app.shell.gfx)
        run = app.run
        if run is None:
            lr = app.last_run
            last = None if lr is None else {"level": level_no(lr), "seed": lr.seed, "inputs": len(lr.moves)}
            menu = {"screen": "menu", "progress": app.progress.model_dump(), "lastRun": last}
            return json.dumps({**menu, "keyboard": app.has_keyboard(), **focus_info()})
        run.sync()
        s = run.state
        return json.dumps(
            {
                "screen": "play",
                **focus_info(),
                "level": run.n,
                "tick": s.tick,
                "gravity": s.gravity.value,
                "pieces": s.metrics["piecesUsed"],
                "active": run.active_cells(),
                "outcome": None if s.outcome is None else s.outcome.status.value,
                "paused": app.ui.paused,
                "view": app.ui.view,
                "worldRedraws": app.world.redraws,
                "hudRedraws": app.hud_redraws,
                "hudMs": round(app.hud_ms, 2),
                "worldMs": round(app.world.ms, 2),
                "dynMs": [round(v, 2) for v in app.dyn_ms],
                "title": app.t(f"title_lv{run.n:02d}") if run.n else "",
                "tip": app.tip_text(run),
                "lang": app.shell.i18n.lang,
                "warnings": list(app.warnings_shown),
                "warningsNow": run.warning_keys(run.ghost()),
                "unsupported": sorted(list(c) for c in run.unsupported),
                "hidden": app.hidden,
                "pieceBox": piece_screen_box(app, run),
                "boardRect": list(app.world.rect),
                "canvas": [app.shell.gfx.width, app.shell.gfx.height],
                "camera": {
                    "off": round(app.world.off, 1),
                    "target": round(app.world.target, 1),
                    "pans": app.world.pans(),
                    "rows": app.cam_rows,
                },
                "size": [s.board.sx, s.board.sy, s.board.sz],
                "heightLimit": s.height_limit,
                "objectiveTexts": [objective_text(app.t, c) for c in run.level.get("objectives", [])],
                "basins": app.ui.basins,
                "pad": [
                    [a, lbl, round(x, 1), round(y, 1), round(w, 1), round(h, 1)]
                    for a, lbl, x, y, w, h in app.pad
                ],
                "padFonts": [
                    [lbl, size, bold, round(app.shell.gfx.measure(lbl, size, bold), 1)]
                    for (_a, lbl, *_r), (size, bold) in zip(
                        app.pad, hud.pad_fonts(app.shell.gfx, app.pad), strict=True
                    )
                ],
                "peek": app.ui.peek,
                "keysHelp": app.t("tip_touch" if app.ui.touch else "keys_help", **app.hints()),
                "padBlocked": sorted(app.tilt_state()[0]),
                "preview": None
                if app.ui.preview is None
                else {
                    k: app.ui.preview.get(k)
                    for k in ("target", "allowed", "rejected", "reason", "shift", "lost", "piece", "outcome")
                },
                "refusal": run.refusal,
                "slowFrames": app.slow,
                "flash": app.shell.toasts.texts()[-1] if app.shell.toasts.texts() else None,
                "stars": None if s.outcome is None else s.outcome.stars,
                "firstFrameAt": app.first_frame_at,
                "tipRect": None if app.tip_rect is None else [round(v, 1) for v in app.tip_rect],
                "hudRect": [round(v, 1) for v in app.hud_rect],
                "starLines": hud.star_lines(app.t, run),  # what ★2/★3 ask, drawn on desktop and phone
                "endless": run.endless,
                "basinPreview": run.basins() if app.ui.basins else None,
            }
        )

    def start_level(n: Any, *_a: Any) -> None:
        app.start(int(n))
        app.finish_start()
        app.world.flush = True  # tests read the drawn board at once

    def feed(texts: Any, *_a: Any) -> str:
        if app.run is not None:
            for text in list(texts):
                if app.run.state.outcome is not None:
                    break
                app.run.play(parse_move(str(text)))
            app.run.sync()
            app.world.flush = True
            app.finish()
        return app.state_hash()

    def freeze_clock(on: Any, *_a: Any) -> None:
        app.frozen = bool(on)

    def profile_start(n: Any, *_a: Any) -> str:
        """cProfile of starting level ``n`` and drawing its first frames (issue #20 diagnostics)."""
        import cProfile
        import io
        import pstats

        out = io.StringIO()
        for label, fn in (
            ("start", lambda: app.start(int(n))),
            ("frame 1", lambda: app.draw(app.shell.gfx)),
            ("frame 2", lambda: app.draw(app.shell.gfx)),
        ):
            pr = cProfile.Profile()
            pr.enable()
            fn()
            pr.disable()
            out.write(f"== {label}\n")
            pstats.Stats(pr, stream=out).sort_stats("cumulative").print_stats(28)
        return out.getvalue()

    def profile_frames(on: Any, *_a: Any) -> str:
        """Profile every tick and draw from now (``on``) until called again; returns the stats."""
        import cProfile
        import io
        import pstats

        if on:
            app.profiler = cProfile.Profile()
            return ""
        pr, app.profiler = app.profiler, None
        if pr is None:
            return ""
        out = io.StringIO()
        st = pstats.Stats(pr, stream=out)
        st.sort_stats("tottime").print_stats(30)
        st.sort_stats("cumulative").print_stats(45)
        return out.getvalue()

    return {
        "floodlineProfile": profile_frames,
        "floodlineFreeze": freeze_clock,
        "floodlineProfileStart": profile_start,
        "floodlineInfo": info,
        "floodlineStart": start_level,
        "floodlineFeed": feed,
    }
