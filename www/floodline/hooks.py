"""Test hooks published on ``window.gridworks`` for the Floodline page."""

from __future__ import annotations

import json
from typing import Any, Protocol

from gwweb.floodline import hud
from gwweb.floodline.board_draw import piece_screen_box
from gwweb.floodline.campaign import objective_text
from gwweb.floodline.drawstate import DrawState
from gwweb.floodline.flow import Page
from gwweb.floodline.saves import level_no
from gwweb.floodline.ui import Ui

from engine.floodline import parse_move


class HookPage(Protocol):
    """What the test hooks read and drive of the page: its UI state, draw state and page parts."""

    ui: Ui
    ds: DrawState
    page: Page
    perf: Any
    shell: Any
    frozen: bool

    def draw(self, g: Any) -> None: ...
    def state_hash(self) -> str: ...


def test_hooks(app: HookPage) -> dict[str, Any]:
    """``floodlineInfo()``, ``floodlineStart(n)`` and ``floodlineFeed([tick texts])``."""

    def focus_info() -> dict[str, Any]:
        ui = app.ui
        return {
            "warmed": app.page.warm.n if app.page.warm.prepared is not None else 0,  # a run made ahead, idle
            "focus": ui.focus if ui.keyboard_nav else None,
            "ring": [r.id for r in app.ui.ring],
            "keysScreen": ui.keys_screen,
            "waiting": app.ui.rebinder.waiting,
        }

    def info(*_a: Any) -> str:
        if app.page.finish_start():  # the level's first frame, as the page would draw it next
            app.shell.gfx.begin_frame()
            app.draw(app.shell.gfx)
        run = app.ui.run
        if run is None:
            lr = app.page.last_run
            last = None if lr is None else {"level": level_no(lr), "seed": lr.seed, "inputs": len(lr.moves)}
            menu = {
                "screen": "menu",
                "progress": app.page.progress.model_dump(),
                "lastRun": last,
                "saved": app.ui.saved,  # the level of the run stored unfinished (Continue), or None
                "resuming": app.page.continuing,
            }
            return json.dumps({**menu, "keyboard": app.ui.has_keyboard(), **focus_info()})
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
                "worldRedraws": app.ds.world.redraws,
                "hudRedraws": app.ds.hud_redraws,
                "hudMs": round(app.ds.hud_ms, 2),
                "worldMs": round(app.ds.world.ms, 2),
                "dynMs": [round(v, 2) for v in app.ds.dyn_ms],
                "title": app.ds.t(f"title_lv{run.n:02d}") if run.n else "",
                "tip": app.ds.tip_text(app.ui, run),
                "lang": app.shell.i18n.lang,
                "warnings": list(app.ds.warnings_shown),
                "warningsNow": run.warning_keys(run.ghost()),
                "unsupported": sorted(list(c) for c in run.unsupported),
                "hidden": app.ds.hidden,
                "pieceBox": piece_screen_box(app.ds, run),
                "boardRect": list(app.ds.world.rect),
                "canvas": [app.shell.gfx.width, app.shell.gfx.height],
                "camera": {
                    "off": round(app.ds.world.off, 1),
                    "target": round(app.ds.world.target, 1),
                    "pans": app.ds.world.pans(),
                    "rows": app.ds.cam_rows,
                },
                "size": [s.board.sx, s.board.sy, s.board.sz],
                "heightLimit": s.height_limit,
                "objectiveTexts": [objective_text(app.ds.t, c) for c in run.level.get("objectives", [])],
                "basins": app.ui.basins,
                "pad": [
                    [a, lbl, round(x, 1), round(y, 1), round(w, 1), round(h, 1)]
                    for a, lbl, x, y, w, h in app.ui.pad
                ],
                "padFonts": [
                    [lbl, size, bold, round(app.shell.gfx.measure(lbl, size, bold), 1)]
                    for (_a, lbl, *_r), (size, bold) in zip(
                        app.ui.pad, hud.pad_fonts(app.shell.gfx, app.ui.pad), strict=True
                    )
                ],
                "peek": app.ui.peek,
                "keysHelp": app.ds.t("tip_touch" if app.ui.touch else "keys_help", **app.ds.hints(app.ui)),
                "padBlocked": sorted(app.ds.tilt_state(app.ui)[0]),
                "preview": None
                if app.ui.preview is None
                else {
                    k: app.ui.preview.get(k)
                    for k in ("target", "allowed", "rejected", "reason", "shift", "lost", "piece", "outcome")
                },
                "refusal": run.refusal,
                "slowFrames": app.perf.slow,
                "flash": app.shell.toasts.texts()[-1] if app.shell.toasts.texts() else None,
                "stars": None if s.outcome is None else s.outcome.stars,
                "firstFrameAt": app.ds.first_frame_at,
                "tipRect": None if app.ui.tip_rect is None else [round(v, 1) for v in app.ui.tip_rect],
                "hudRect": [round(v, 1) for v in app.ds.hud_rect],
                "starLines": hud.star_lines(app.ds.t, run),  # what ★2/★3 ask, drawn on desktop and phone
                "endless": run.endless,
                "basinPreview": run.basins() if app.ui.basins else None,
            }
        )

    def start_level(n: Any, *_a: Any) -> None:
        app.page.start(int(n))
        app.page.finish_start()
        app.ds.world.flush = True  # tests read the drawn board at once

    def feed(texts: Any, *_a: Any) -> str:
        if app.ui.run is not None:
            for text in list(texts):
                if app.ui.run.state.outcome is not None:
                    break
                app.ui.run.play(parse_move(str(text)))
            app.ui.run.sync()
            app.ds.world.flush = True
            app.page.finish()
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
            ("start", lambda: app.page.start(int(n))),
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
            app.perf.profiler = cProfile.Profile()
            return ""
        pr, app.perf.profiler = app.perf.profiler, None
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
