"""Reactor frame: the level list, the play screen (board layers, cascade overlay, panel, end box),
the top bar, toasts and the start-up warm-up (the ``ReactorApp`` mixin ``View``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import layout as layout_mod
from .cascade import play_sound
from .cascade_draw import draw_board_overlay
from .focus import draw_focus
from .help import draw_help
from .screens import draw_ask, draw_end, draw_menu

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

    from engine.reactor.state import ReactorState

    from .hud import Hud
    from .layout import Layout
    from .render import BoardPainter

from .bindings import BG, WALK_MS, now
from .fields import AppFields


class View(AppFields):
    """Drawing of ``ReactorApp``."""

    # -- frame --------------------------------------------------------------------------------------
    def animating(self) -> bool:
        if self.ui.screen == "editor":
            return self.editor.animating()
        busy = self.anim is not None or self.ui.pending is not None or bool(self.warm)
        busy = busy or (self.play is not None and bool(self.play.queue))
        return busy or self.shell.toasts.active()

    def _advance(self, t: float) -> None:
        play = self.play
        if play is not None and play.queue and self.anim is None and t >= self.next_walk:
            text = play.queue.pop(0)
            self.act(text)
            self.next_walk = t + WALK_MS

    def surface_now(self, t: float) -> dict[str, Any]:
        """The surface values to draw: the cascade's current stage, or the engine state."""
        anim = self.anim
        if anim is not None:
            playing = anim.at(t)
            sound = anim.take_sounds()
            if sound is not None:
                play_sound(self.shell.audio, *sound)
            if not playing:
                self.finish_cascade(skipped=False)
        anim = self.anim
        if anim is None:
            return self.play.state.surface  # type: ignore[union-attr]
        anim.frames += 1
        return anim.surface()

    def draw(self, g: Gfx) -> None:
        t = now()
        self._draw(g, t)
        draw_focus(self, g)
        cur = self.anim.current() if self.anim is not None else None
        self.note_slow("draw " + (cur.label if cur is not None else self.ui.screen), now() - t)

    def note_slow(self, what: str, ms: float) -> None:
        """Keep the slowest work items (test hook ``slow``: where frames over budget go)."""
        if ms >= 16:
            self.slow.append((what, round(ms, 1)))
            self.slow.sort(key=lambda x: -x[1])
            del self.slow[10:]

    def _draw(self, g: Gfx, t: float) -> None:
        if self.ui.screen == "editor":
            self.editor.draw(g)
            return
        if self.ui.pending is not None:  # load the level now, draw it next frame (the canvas keeps
            key, self.ui.pending = self.ui.pending, None  # showing the last picture meanwhile)
            self.start_now(key)
            self.shell.invalidate()
            return
        self._advance(t)
        g.clear(BG)
        if self.ui.screen == "menu" or self.play is None:
            self.draw_menu(g)
        else:
            self.draw_play(g, t)
        self.draw_topbar(g)
        if self.ui.help:
            g.regions.clear()  # only the overlay's own button answers while it is open
            draw_help(g, self)
        elif self.ui.ask is not None:
            draw_ask(g, self)
        if self.warm:
            self.warm.pop(0)(g)  # after this frame's drawing: the picture is already complete
        self.shell.toasts.draw(g, g.width / 2, g.height - 12, fg="#FFFFFF", bg="rgba(20,30,40,0.94)")

    def draw_topbar(self, g: Gfx) -> None:
        t = self.t
        g.rect(0, 0, g.width, layout_mod.TOP, "#15202A")
        items = [("editor_top", t("editor")) if self.ui.screen == "menu" else ("levels", t("levels"))]
        if self.ui.screen == "play" and self.play is not None and self.play.key.startswith("test:"):
            items = [("backeditor", "← " + t("editor"))]
        if self.ui.screen == "play":  # the hotkey hint only where it fits at a readable size (not phones)
            items += [("undo", t("undo") + (" [Z]" if g.width >= 600 else "")), ("restart", t("restart"))]
        items += [
            ("help", "?"),
            ("lang", t("lang")),
            ("mute", t("unmute") if self.shell.audio.muted else t("mute")),
        ]
        n = len(items)
        bw = min(120.0, (g.width - 16 - 6 * (n - 1)) / n)
        x = g.width - 8 - n * bw - (n - 1) * 6
        if x > 200:
            g.text(12, 28, t("title"), "#FFE082", 18, True)
        for k, (bid, label) in enumerate(items):
            g.button(bid, x + k * (bw + 6), 6, bw, 32, label, size=13, bg="#1C2A35")

    def draw_play(self, g: Gfx, t: float) -> None:
        play = self.play
        st = play.state  # type: ignore[union-attr]
        rx, ry = st.grid.xy(st.robot)
        centre = self.ui.pan if self.ui.pan is not None else (rx + 0.5, ry + 0.5)
        gw, gh = st.grid.width, st.grid.height
        lay = layout_mod.compute(g.width, g.height, gw, gh, centre=centre)
        if self.ui.zoom if self.ui.zoom is not None else lay.fit < layout_mod.DEFAULT_ZOOM_BELOW:
            lay = layout_mod.compute(g.width, g.height, gw, gh, zoom=True, centre=centre)
        self.lay = lay
        self.ui.board = lay
        g.save()
        g.clip_rect(*lay.view)
        surf = self.surface_now(t)
        self.drawn = surf
        view = self.anim.shown if self.anim is not None else st  # the cascade's current stage
        p = self.painter
        if self.ui.eye and not play.can_view():  # type: ignore[union-attr]
            self.ui.eye = False
        p.board(g, st, view, lay, surf, self.ui.eye_layer if self.ui.eye else None)
        p.robot(g, view, lay)
        s = lay.cell
        if self.anim is not None:
            draw_board_overlay(g, self, self.anim, lay)
        for path_cell in self._queue_cells():
            x, y = lay.xy(*st.grid.xy(path_cell))
            g.circle(x + s / 2, y + s / 2, max(2.0, s * 0.08), "#FFFFFF")
        if self.ui.selected is not None:
            x, y = lay.xy(*self.ui.selected)
            g.frame(x + 1, y + 1, s - 2, s - 2, "#FFFFFF", 2.5)
        if self.ui.hover_cell is not None:
            x, y = lay.xy(*self.ui.hover_cell)
            g.frame(x - 2, y - 2, s + 4, s + 4, "#FFEA00", 4)
        g.restore()
        if lay.can_zoom:  # finger-sized cells on small screens; drag pans, the robot is followed
            vx, vy, vw, _ = lay.view
            label = self.t("zoom_out") if lay.zoomed else self.t("zoom_in")
            g.button("zoom", vx + vw - 96, vy + 4, 92, 40, label, size=13, bg="rgba(21,32,42,0.92)")
        self.hud.draw(g, self, lay)
        if st.outcome is not None and self.anim is None:
            self.draw_end(g, lay, st)

    def _queue_cells(self) -> list[int]:
        play = self.play
        if play is None or not play.queue:
            return []
        st = play.state
        c = st.robot
        out = []
        for text in play.queue:
            d = {"n": 0, "e": 1, "s": 2, "w": 3}[text.split()[1]]
            nxt = st.grid.step(c, d)
            if nxt is None:
                break
            c = nxt
            out.append(c)
        return out

    def draw_end(self, g: Gfx, lay: Layout, st: ReactorState) -> None:
        draw_end(g, self, lay, st)

    def draw_menu(self, g: Gfx) -> None:
        draw_menu(g, self)


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
