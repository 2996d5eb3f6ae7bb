"""The Floodline page's drawing: ``DrawState.draw(g, ui, state, t)`` is the app's ``render``.

Like the drawstate of Tatham's puzzles, a ``DrawState`` keeps what drawing needs between frames
and nothing the game or the UI means: the world layer and its camera (``render.WorldView``), the
chrome's cached layers (``chrome.AppChrome``), the piece/ghost meshes and the prompt's lines
(``board_draw``), the frame's budget (issue #20: one heavy job a frame) and its diagnostics. What it
draws comes from the UI state (``ui``: the screen, the run's view-model, the menus' record) and the
engine state; what it writes back to ``ui`` is only what it laid out (the focus ring's buttons, the
touch pad, the prompt's box).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from gwweb.floodline import board_draw, cards, focus, hud, look, menu
from gwweb.floodline.campaign import missed_star_lines
from gwweb.floodline.chrome import AppChrome
from gwweb.floodline.hints import hint_fmt
from gwweb.floodline.iso import VIEW_NAMES
from gwweb.floodline.render import Part, WorldView
from gwweb.floodline.strings import tip_for
from gwweb.shared.canvas import Gfx, Region
from gwweb.shared.chrome import shows_home
from gwweb.shared.clock import now_ms
from gwweb.shared.focus import draw_ring

from engine.floodline import State
from engine.floodline.campaign import COUNT, unlocked

if TYPE_CHECKING:
    from gwweb.floodline.model import Run
    from gwweb.floodline.ui import Ui


class DrawState(AppChrome):
    """What drawing keeps between frames (layers, caches, camera, the frame budget, diagnostics)."""

    def __init__(self, shell: Any) -> None:
        self.shell = shell
        self.t = shell.i18n.t
        self.world = WorldView()
        self.hud_layer: Gfx | None = None
        self.bar_layer: Gfx | None = None
        self.bar_key: tuple[object, ...] = ()
        self.bar_regions: list[Region] = []
        self.results_key: tuple[object, ...] = ()
        self.results_lines: list[str] = []
        self.hud_key: tuple[object, ...] = ()
        self.hud_redraws = 0
        self.hud_ms = 0.0
        self.hud_rect = (0.0, 0.0, 0.0, 0.0)
        self.tip_key: tuple[object, ...] = ()
        self.tip_lines: tuple[list[str], float] = ([], 13.0)  # the prompt's wrapped lines and size
        self.fmt_key: tuple[object, ...] = ()
        self.fmt_cache: dict[str, str] = {}
        self.pad_layer: Gfx | None = None
        self.pad_key: tuple[object, ...] = ()
        self.dyn_key: tuple[object, ...] = ()
        self.dyn_parts: list[Part] = []
        self.dyn_ms = (0.0, 0.0)  # (last, max) ms to build the piece/ghost meshes
        self.hidden: dict[str, list[list[int]]] = {"piece": [], "ghost": []}
        self.warnings_shown: list[str] = []
        self.cam_spawn: tuple[object, ...] = ()
        self.rows_key: tuple[object, ...] = ()
        self.cam_rows = 12
        # the frame's budget and diagnostics (issue #20)
        self.fresh = False  # the first frame of a run: only the light parts are drawn
        self.heavy = False  # a heavy job already ran this frame
        self.stages: list[str] = []  # heavy jobs of this frame with their ms
        self.first_frame_at = 0.0  # performance.now() of the first frame drawn for the current run

    def new_run(self) -> None:
        """A run starts: no zoom or world from the last one (its layer is built over a few frames)."""
        self.world.place_key = ()
        self.world.forget()
        self.dyn_parts, self.dyn_key = [], ()
        self.fresh = True
        self.first_frame_at = 0.0

    # -- the app's render ---------------------------------------------------------------
    def draw(self, g: Gfx, ui: Ui, state: State | None, t: float) -> None:
        """The screen for ``ui`` and the run's ``state`` (None: the menus), with the focus ring."""
        ui.ring = []
        self._screen(g, ui, state)
        ids = tuple(r.id for r in ui.ring)
        if ids != ui.ring_ids:  # another screen (or card) came up: its main button first
            ui.ring_ids = ids
            ui.focus = None
        if ui.ring and ui.keyboard_nav:  # visible focus while the keyboard is in use
            if ui.focus not in ids:
                ui.focus = focus.start(ui.ring)
            draw_ring(g, ui.ring, ui.focus)

    def _screen(self, g: Gfx, ui: Ui, state: State | None) -> None:
        w, h = g.width, g.height
        ui.pad = []
        muted, home = bool(self.shell.audio.muted), shows_home(self.shell)
        if ui.keys_screen:
            ui.rebinder.draw(g, self.t, self.shell.i18n.lang)
            look.bar(g, self.t, self.t("keys_title"), muted=muted, home=home, status_color=hud.ACCENT)
            ui.ring = list(g.regions)
            return
        run = ui.run
        if run is None or state is None:
            words = (
                ""
                if ui.saved is None
                else self.t("continue", n=ui.saved)
                if ui.saved
                else self.t("continue_endless")
            )
            menu.draw(g, self.t, ui, muted=muted, home=home, saved=words)
            ui.ring = list(g.regions)
            self.help_over(g, ui)
            self.draw_notices(g)
            return
        g.clear(look.BG)
        phone = ui.phone = w < 700 or h > w * 1.15
        show_pad = (ui.touch or w < 700) and not ui.watching  # no pad while watching a replay
        t0 = time.perf_counter()
        rows = hud.pad_rows(run, self.t)
        top = 44
        self.top_bar(g, ui, run, w)
        stage(self.stages, "bar", t0)
        if phone:
            hud_h = hud.strip_height(g, self.t, run, w)
            pad_h = min(70.0 * len(rows), h * 0.09 * len(rows)) if show_pad else 0
            board = (0.0, top + hud_h, w, h - top - hud_h - pad_h)
            self.hud_panel(g, ui, run, (0, top, w, hud_h), True)
        else:
            pw = min(300.0, max(230.0, w * 0.28))
            pad_h = min(60.0 * len(rows), h * 0.08 * len(rows)) if show_pad else 0
            board = (0.0, top, w - pw, h - top - pad_h)
            self.hud_panel(g, ui, run, (w - pw, top, pw, h - top - pad_h), False)
        if show_pad:
            ui.pad = hud.pad_layout(rows, 4, h - pad_h, w - 8, pad_h - 4)
        stage(self.stages, "side", t0)
        t0 = time.perf_counter()
        board_draw.draw_board(self, ui, g, run, board)
        stage(self.stages, "board", t0)
        if not self.first_frame_at:
            self.first_frame_at = now_ms()
        if ui.pad:
            self.draw_pad(g, ui)
        o = state.outcome
        overlay = len(g.regions)  # the focus ring goes over the pause / results card's buttons
        if o is not None:
            best = ui.progress.endless_best if run.n == 0 else None
            outcome = {"status": o.status.value, "reason": o.reason.value, "stars": o.stars, "score": o.score}
            rkey = (id(run), self.shell.i18n.lang)
            if rkey != self.results_key:  # the engine's star report, once per run (issue #20)
                self.results_key = rkey
                t1 = time.perf_counter()
                self.results_lines = missed_star_lines(self.t, run.level, state) if run.n else []
                self.stages.append(f"stars {(time.perf_counter() - t1) * 1000:.0f}")
            nxt = run.n < COUNT and unlocked(ui.progress, run.n + 1)
            cards.results(g, self.t, outcome, run.n, nxt, best, self.results_lines)
        elif ui.paused and not ui.help.open:
            keys = self.t("tip_touch" if ui.touch else "keys_help", **self.hints(ui))
            cards.pause(g, self.t, keys, tip_for(self.t, run.n, self.hints(ui)))
        if not ui.watching:
            ui.ring = list(g.regions[overlay:])
        self.help_over(g, ui)
        self.draw_notices(g)

    def help_over(self, g: Gfx, ui: Ui) -> None:
        """The shared help overlay over the screen under the top bar, when open: only its buttons
        and the bar's answer (the focus ring walks its Prev / Close / Next)."""
        if not ui.help.open:
            return
        bar = [r for r in g.regions if r.y + r.h <= cards.TOP]
        g.regions[:] = bar
        cards.help_page(
            g, self.t, ui.help, self.shell.input.bindings, self.shell.i18n.lang, VIEW_NAMES[ui.view]
        )
        ui.ring = list(g.regions[len(bar) :])

    # -- words ------------------------------------------------------------------------
    def touch_hints(self, ui: Ui) -> bool:
        """Tips name the touch pad (not keys) on touch devices and small screens (where the pad shows)."""
        return ui.touch or self.shell.gfx.width < 700

    def hints(self, ui: Ui) -> dict[str, str]:
        """Key-hint placeholders from the current bindings (or the pad), cached per bindings/lang."""
        b = self.shell.input.bindings
        touch = self.touch_hints(ui)
        key = (id(b), len(b), self.shell.i18n.lang, touch, ui.view)
        if key != self.fmt_key:
            self.fmt_key = key
            self.fmt_cache = hint_fmt(b, self.shell.i18n.lang, touch, self.t, VIEW_NAMES[ui.view])
        return self.fmt_cache

    def tip_text(self, ui: Ui, run: Run) -> str:
        """The level's beat prompt (tutorial tip), the pad's how-to on touch in lv01, or the replay note;
        every key named comes from the current bindings (or the pad's labels on touch)."""
        if ui.watching:
            return str(self.t("watching", **self.hints(ui)))
        if self.touch_hints(ui) and run.n == 1:
            return f"{self.t('tip_touch', **self.hints(ui))} {self.t('tip_1_goal')}"
        return tip_for(self.t, run.n, self.hints(ui))

    def draw_notices(self, g: Gfx) -> None:
        notes = self.shell.notices[-2:]
        for i, text in enumerate(notes):
            g.rect(8, g.height - 34 - i * 30, g.width - 16, 26, "rgba(120,40,30,0.9)")
            g.text(16, g.height - 16 - i * 30, text[:140], "#fff", 12)


def stage(stages: list[str], name: str, t0: float, over_ms: float = 5.0) -> None:
    """Note ``name`` with its ms in this frame's diagnostics when it took over ``over_ms``."""
    ms = (time.perf_counter() - t0) * 1000
    if ms > over_ms:
        stages.append(f"{name} {ms:.0f}")
