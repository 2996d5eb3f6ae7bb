"""Reactor's drawing, ``DrawState.draw(g, ui, state, t)`` (#24's one app shape): the level list, the
play screen (board layers, the pulse cascade's stage, panel, end box), the top bar and the overlays
(help, the replace-the-game question), from the UI state and the engine state alone; it keeps only
what drawing caches between frames (the board and panel layers, the surface last drawn). It reads
nothing of the app: the parts it calls (``hud``, ``screens``, ``help``, ``cascade_draw``) see it
through the Protocols in ``parts``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import layout as layout_mod
from .cascade_draw import draw_board_overlay
from .events import idle_command
from .help import draw_help
from .hud import Hud
from .model import next_level
from .render import BoardPainter
from .screens import draw_ask, draw_end, draw_menu, draw_topbar

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

    from engine.reactor.progress import Progress
    from engine.reactor.state import ReactorState

    from .cascade import Cascade, CascadePlayer
    from .interpret import Ui
    from .model import CustomLevels, Run

from .bindings import BG


class DrawState:
    """What drawing keeps between frames, and the frame itself (``draw`` / ``idle``)."""

    def __init__(self, shell: Any, ui: Ui) -> None:
        self.shell = shell
        self.t = shell.i18n.t
        self.ui = ui  # the page's UI state (read; drawing writes back only what it laid out)
        self.painter = BoardPainter()
        self.hud = Hud()
        self.drawn: Any = None  # the surface values drawn in the last frame (test hook)
        self.warm: list[Any] = []  # start-up work done one item per idle frame after the first (#20)

    # -- what the parts read (``parts.PlayView`` / ``PageView``), from the UI state ---------------
    @property
    def run(self) -> Run | None:
        return self.ui.run

    @property
    def custom(self) -> CustomLevels:
        return self.ui.custom

    @property
    def progress(self) -> Progress:
        return self.ui.progress

    @property
    def anim(self) -> Cascade | None:
        return self.ui.cascade

    @property
    def cascades(self) -> CascadePlayer:
        assert self.ui.cascades is not None  # set by the app before the first frame
        return self.ui.cascades

    def next_level(self) -> str | None:
        return next_level(self.ui.run.key) if self.ui.run is not None else None

    # -- the frame ------------------------------------------------------------------------------
    def idle(self, g: Gfx, ui: Ui, t: float) -> None:
        """No game open: the level list (``TurnApp``'s idle screen)."""
        self.draw(g, ui, None, t)

    def draw(self, g: Gfx, ui: Ui, state: ReactorState | None, t: float) -> None:
        self.ui = ui
        ui.page_h = g.height
        g.clear(BG)
        if ui.screen == "menu" or state is None or ui.run is None:
            draw_menu(g, self)
        else:
            self.draw_play(g, ui, state, t)
        draw_topbar(g, self)
        if ui.help:
            g.regions.clear()  # only the overlay's own button answers while it is open
            draw_help(g, self)
        elif ui.ask is not None:
            draw_ask(g, self)

    def surface_now(self, ui: Ui, state: ReactorState, t: float) -> dict[str, Any]:
        """The surface values to draw: the cascade's stage at ``t`` (eased), or the engine state's."""
        anim = ui.cascade
        if anim is None:
            return state.surface
        anim.at(t)
        anim.frames += 1
        return anim.surface()

    def draw_play(self, g: Gfx, ui: Ui, st: ReactorState, t: float) -> None:
        run = ui.run
        assert run is not None
        rx, ry = st.grid.xy(st.robot)
        centre = ui.pan if ui.pan is not None else (rx + 0.5, ry + 0.5)
        gw, gh = st.grid.width, st.grid.height
        lay = layout_mod.compute(g.width, g.height, gw, gh, centre=centre)
        if ui.zoom if ui.zoom is not None else lay.fit < layout_mod.DEFAULT_ZOOM_BELOW:
            lay = layout_mod.compute(g.width, g.height, gw, gh, zoom=True, centre=centre)
        ui.board = lay
        g.save()
        g.clip_rect(*lay.view)
        surf = self.surface_now(ui, st, t)
        self.drawn = surf
        anim = ui.cascade
        view = anim.shown if anim is not None else st  # the cascade's current stage
        p = self.painter
        if ui.eye and not run.can_view():
            ui.eye = False
        p.board(g, st, view, lay, surf, ui.eye_layer if ui.eye else None)
        p.robot(g, view, lay)
        s = lay.cell
        if anim is not None:
            draw_board_overlay(g, self, anim, lay)
        for path_cell in queue_cells(run, st):
            x, y = lay.xy(*st.grid.xy(path_cell))
            g.circle(x + s / 2, y + s / 2, max(2.0, s * 0.08), "#FFFFFF")
        if ui.selected is not None:
            x, y = lay.xy(*ui.selected)
            g.frame(x + 1, y + 1, s - 2, s - 2, "#FFFFFF", 2.5)
        if ui.hover_cell is not None:
            x, y = lay.xy(*ui.hover_cell)
            g.frame(x - 2, y - 2, s + 4, s + 4, "#FFEA00", 4)
        g.restore()
        if lay.can_zoom:  # finger-sized cells on small screens; drag pans, the robot is followed
            vx, vy, vw, _ = lay.view
            label = self.t("zoom_out") if lay.zoomed else self.t("zoom_in")
            g.button("zoom", vx + vw - 96, vy + 4, 92, 40, label, size=13, bg="rgba(21,32,42,0.92)")
        self.hud.draw(g, self, lay)
        ui.rows = list(self.hud.rows)
        if st.outcome is not None and anim is None:
            draw_end(g, self, lay, st)


class LevelList:
    """The page with no game open (``TurnApp``'s idle screen): the level list's input and drawing."""

    def __init__(self, ds: DrawState) -> None:
        self.ds = ds

    def interpret(self, ui: Ui, ev: Any) -> str | None:
        return idle_command(ui, ev)

    def render(self, g: Gfx, ui: Ui, t: float) -> None:
        self.ds.idle(g, ui, t)


def queue_cells(run: Run, st: ReactorState) -> list[int]:
    """The cells a queued walk still passes through (dots on the board)."""
    c = st.robot
    out = []
    for text in run.queue:
        d = {"n": 0, "e": 1, "s": 2, "w": 3}[text.split()[1]]
        nxt = st.grid.step(c, d)
        if nxt is None:
            break
        c = nxt
        out.append(c)
    return out


def warm_steps(p: BoardPainter, hud: Hud) -> list[Any]:
    """Work the first level start would otherwise do in one frame, done a piece per idle frame
    while the level list shows: the board and panel layers (an offscreen canvas and its context
    cost a few ms each in Pyodide), the fonts the panel measures, pydantic's lazily built save
    schemas."""
    from engine.core.session import SaveData

    from .model import SavedGame
    from .render import sized_layer

    def layers(g: Gfx) -> None:
        p.layer = sized_layer(g, p.layer, 1, 1)
        for name in ("base", "mid", "top"):
            if name not in p.cache:
                p.cache[name] = (g.layer(1, 1), ())

    def panel(g: Gfx) -> None:
        hud.warm(g)

    def fonts(g: Gfx) -> None:
        for size in (11, 12, 13, 14, 17, 18):
            g.measure("Pulse 0 ★", size)
            g.measure("Pulse 0 ★", size, True)

    def schemas(_g: Any) -> None:
        SavedGame(key="warm", save=SaveData(game="reactor", version=1, seed=0)).model_dump(mode="json")

    return [layers, panel, fonts, schemas]
