"""Reactor Maintenance page: input → engine action → engine state → drawing.

The glue keeps only UI state (selection, hover, eye-view layer, zoom, the pulse cascade, the walk
queue, screens); rules, refusals, walks, forecasts and views come from ``engine.reactor``. Saves are
the level key
with the hint flag and the engine's ``SaveData`` (seed + options + moves + rules version), restored
through ``Session.load``; the older key + moves format is migrated on load.
"""

from __future__ import annotations

import json
from typing import Any

from gwweb.shared.clock import now_ms

from engine.core.schema import SchemaError
from engine.reactor.campaign import keys as campaign_keys
from engine.reactor.game import LevelEnded
from engine.reactor.walk import plan_walk

from . import layout as layout_mod
from .cascade import CascadePlayer, hurry_input, play_sound
from .cascade_draw import draw_board_overlay
from .editor import Editor
from .focus import draw_focus, handle_focus
from .help import draw_help
from .hooks import hooks
from .hud import Hud
from .model import (
    DIR_KEYS,
    GAME_FORMAT,
    CustomLevels,
    Play,
    Progress,
    campaign,
    restore_play,
    session_for,
    upgrade_saved,
)
from .render import BoardPainter
from .screens import draw_end, draw_menu, scroll_menu
from .stars import record_win
from .strings import TABLES, reason

BINDINGS = {
    "ArrowUp": "up",
    "KeyW": "up",
    "ArrowDown": "down",
    "KeyS": "down",
    "ArrowLeft": "left",
    "KeyA": "left",
    "ArrowRight": "right",
    "KeyD": "right",
    "KeyE": "interact",
    "Space": "interact",
    "KeyR": "repair",
    "Digit1": "remedy fuel",
    "Digit2": "remedy coolant",
    "Digit3": "remedy electricity",
    "KeyH": "shield",
    "KeyX": "activate",
    "Enter": "activate",
    "KeyV": "eye",
    "KeyZ": "undo",
    "Backspace": "undo",
    "Escape": "menu",
    "Tab": "focus",
}
LENGTHY = {"interact", "repair", "remedy fuel", "remedy coolant", "remedy electricity", "shield", "activate"}
WALK_MS = 70.0
TOAST_MS = 4000.0
BG = "#0B1218"
MENU_SCROLL_KEYS = {"ArrowDown": 0.25, "ArrowUp": -0.25, "PageDown": 0.8, "PageUp": -0.8}


def now() -> float:
    """The page clock (ms), read through the shared clock service."""
    return now_ms()


class ReactorApp:
    realtime = False

    def __init__(self, shell: Any) -> None:
        self.shell = shell
        shell.i18n.tables = TABLES
        shell.i18n.set_lang(shell.i18n.lang)
        self.t = shell.i18n.t
        shell.bindings(BINDINGS)
        self.painter = BoardPainter()
        self.hud = Hud()
        self.lay: layout_mod.Layout | None = None
        self.screen = "menu"
        self.play: Play | None = None
        self.selected: tuple[int, int] | None = None
        self.hover_cell: tuple[int, int] | None = None
        self.eye = False
        self.eye_layer = "all"
        self.zoom: bool | None = None  # None: zoom boards whose cells would be tiny; the button decides
        self.pan: tuple[float, float] | None = None  # board cell at the view's centre; None = robot
        self.drag: tuple[float, float, tuple[float, float], bool] | None = None
        self.cascades = CascadePlayer(shell)
        self.anim: Any = None  # the pulse cascade being played (cascade.Cascade)
        self.next_walk = 0.0
        self.pulse_ms: list[float] = self.cascades.pulse_ms
        self.help = False
        self.focus: str | None = None  # the button with the keyboard focus ring (``focus``)
        self.pending: str | None = None  # a level to load in the next frame (``start``)
        self.warm: list[Any] = []  # start-up work done one item per idle frame after the first (#20)
        self.act_ms: list[tuple[str, float]] = []
        self.slow: list[tuple[str, float]] = []
        self.drawn: Any = None  # the surface values drawn in the last frame (test hook)
        self.storage = shell.storage
        self.progress = self.storage.load("progress", Progress) or Progress()
        self.custom = self.storage.load("custom", CustomLevels) or CustomLevels()
        self.editor = Editor(self)
        self._restore()
        for n in self.storage.take_notices():
            shell.notify(n)
        self.warm = warm_steps(self)

    # -- persistence ----------------------------------------------------------------------------
    def _restore(self) -> None:
        """The game in progress, of any stored format (format 1 = key + moves, migrated); a save
        that cannot continue under today's rules is kept aside with a notice (stars stay)."""
        raw = self.storage.read_raw("game")
        if raw is None:
            return
        try:
            wrapper = json.loads(raw)
            version = int(wrapper.get("v", 1))
            if version > GAME_FORMAT:
                raise ValueError(f"made by a newer version ({version})")
            saved = upgrade_saved(version, wrapper["data"], self.custom)
            play, status, why = restore_play(saved)
        except (SchemaError, ValueError, KeyError, TypeError, AttributeError) as exc:
            self.storage.quarantine("game", raw, str(exc)[:160])
            return
        if play is None:
            self.storage.quarantine("game", raw, why[:160])
            if status == "closed":
                self.shell.notify(self.t("rules_closed"))
            return
        self.play = play
        self.screen = "play"
        self.save_game()  # stored in today's format
        self.sync_launcher()
        if play.session.moves:
            self.show_toast(self.t("restored") if status == "ok" else self.t("rules_migrated"))

    def save_game(self) -> None:
        if self.play is not None and self.play.key.startswith(("builtin:", "campaign:", "custom:")):
            self.storage.save("game", self.play.save(), version=GAME_FORMAT)

    def show_toast(self, text: str) -> None:
        self.shell.toasts.push(text, TOAST_MS)  # shown, and spoken to screen readers

    # -- starting levels --------------------------------------------------------------------------
    def start(self, key: str, session: Any = None) -> None:
        """Play level ``key`` (or ``session``: an editor play-test). A level from the list or the
        win box loads in the next frame and is first drawn in the one after (#20: a level load
        and a first draw each cost a few tens of ms; one frame must not pay both)."""
        if session is None:
            self.pending = key
            self.shell.invalidate()
            return
        self.start_now(key, session)

    def start_now(self, key: str, session: Any = None) -> None:
        try:
            s = session or session_for(key, self.custom)
        except (SchemaError, KeyError, ValueError) as exc:
            self.show_toast(str(exc)[:200])
            return
        self.play = Play(key, s)
        self.screen = "play"
        self.selected = None
        self.eye = False
        self.anim = None
        self.pan = None
        self.save_game()
        self.sync_launcher()
        self.shell.invalidate()

    def sync_launcher(self) -> None:
        """The launcher's card: levels, the level being played, stars earned and on offer (engine par
        rules decide the stars; this mirrors them)."""
        keys = campaign_keys()
        play = self.play
        level = keys.index(play.key) + 1 if play is not None and play.key in keys else 0
        self.shell.progress.sync(
            levels=len(keys),
            stars_max=3 * len(keys),
            stars=dict(self.progress.stars),
            level=level,
            in_progress=play is not None and play.state.outcome is None and bool(play.session.moves),
        )

    def next_level(self) -> str | None:
        if self.play is None:
            return None
        keys = campaign()
        key = self.play.key
        if key in keys and keys.index(key) + 1 < len(keys):
            return keys[keys.index(key) + 1]
        return None

    # -- actions ----------------------------------------------------------------------------------
    def act(self, text: str) -> bool:
        play = self.play
        if play is None:
            return False
        old = play.state
        t0 = now()
        ok, why = play.try_play(text, capture=True)  # the engine's events: pulse stages, level end
        if ok and text.startswith("move"):
            self.pan = None  # the zoomed view follows the robot again
        self.act_ms.append((text.split()[0], round(now() - t0, 1)))
        del self.act_ms[:-40]
        audio = self.shell.audio
        if not ok:
            audio.tone(140, 0.12, "square", 0.08)
            self.shell.invalidate()
            return False
        new = play.state
        if text.split()[0] in ("interact", "repair", "remedy", "shield", "activate"):
            key = "repair" if text.startswith("repair") else text.replace(" ", "_")
            self.anim = self.cascades.start(old, play.last_trace, now(), self.eye, self.t(key))
            audio.tone(220, 0.18, "sine", 0.12, glide_to=330)
        else:
            audio.tone(520, 0.04, "sine", 0.05)
        ended = next((e for e in play.events if isinstance(e, LevelEnded)), None)
        if ended is not None:
            play.queue.clear()
            if ended.result == "won":
                if record_win(self.progress, play.key, new.pulse, play.hinted):
                    self.storage.save("progress", self.progress)
                    self.sync_launcher()
                self.show_toast(self.t("won_toast"))
                for k, f in enumerate((523, 659, 784, 1047)):
                    audio.tone(f, 0.2, "sine", 0.12, delay=k * 0.12)
            else:
                self.show_toast(self.t("lost_toast", r=reason(self.shell.i18n.lang, ended.reason)))
                audio.noise(0.4)
        self.save_game()
        self.shell.invalidate()
        return True

    def move(self, direction: str) -> None:
        if self.play is not None:
            self.play.queue.clear()
        self.act(f"move {DIR_KEYS[direction]}")

    def do_undo(self) -> None:
        if self.play is not None and self.play.undo():
            self.anim = None
            self.save_game()
        self.shell.invalidate()

    def toggle_eye(self) -> None:
        if self.play is None:
            return
        if not self.eye and not self.play.can_view():
            has_terminal = bool(self.play.state.props_of("terminal"))
            self.play.message = self.t("eye_need" if has_terminal else "eye_none")
            self.play.refusal = ("", {})
            self.shell.invalidate()
            return
        self.eye = not self.eye
        self.shell.invalidate()

    # -- input ------------------------------------------------------------------------------------
    def finish_cascade(self, skipped: bool = True, hurry: bool = False) -> None:
        """End the pulse cascade (at once when ``skipped``: an input arrived; it is then applied).
        ``hurry``: the input was a move or an action, so the next cascade soon after plays fast."""
        if self.anim is not None:
            self.cascades.end(self.anim, now(), skipped, hurry)
            self.anim = None
            self.shell.invalidate()

    def handle(self, ev: Any) -> None:
        t0 = now()
        self._handle(ev)
        self.note_slow(f"handle {ev.kind} {ev.name}", now() - t0)

    def _handle(self, ev: Any) -> None:
        if handle_focus(self, ev):
            return
        if self.screen == "editor":
            self.editor.handle(ev)
            return
        if self.anim is not None and (
            (ev.kind in ("action", "key") and ev.down) or (ev.kind == "pointer" and ev.name == "down")
        ):
            self.finish_cascade(hurry=self.skip_hurries(ev))
        if self.help:
            if ev.kind == "action" and ev.down and ev.name == "menu":
                self.help = False
                self.shell.invalidate()
            return
        if self.screen == "menu" or self.play is None:
            if ev.kind == "wheel":
                scroll_menu(self, ev.dy)
                self.shell.invalidate()
                return
            if ev.kind == "key" and ev.down and ev.name in MENU_SCROLL_KEYS:
                scroll_menu(self, MENU_SCROLL_KEYS[ev.name] * self.shell.gfx.height)
                self.shell.invalidate()
                return
        if ev.kind == "action" and ev.down and self.screen == "play" and self.play is not None:
            name = ev.name
            if name in DIR_KEYS:
                self.move(name)
            elif name in LENGTHY:
                self.play.queue.clear()
                self.act(self.play.repair_text() if name == "repair" else name)
            elif name == "eye":
                self.toggle_eye()
            elif name == "undo":
                self.do_undo()
            elif name == "menu":
                self.screen = "editor" if self.play.key.startswith("test:") else "menu"
                self.shell.invalidate()
        elif ev.kind == "pointer" and self.screen == "play" and self.lay is not None:
            if ev.name == "move":
                cell = self.hud.row_at(ev.x, ev.y)
                if cell != self.hover_cell:
                    self.hover_cell = cell
                    self.shell.invalidate()
                if self.drag is not None:
                    self.drag_to(ev.x, ev.y)
            elif ev.name == "down":
                row = self.hud.row_at(ev.x, ev.y)
                if row is not None:  # touch: a tapped forecast row highlights and inspects its cell
                    self.hover_cell = self.selected = row
                    self.shell.invalidate()
                    return
                if self.lay.zoomed and self.lay.cell_at(ev.x, ev.y) is not None:
                    self.drag = (ev.x, ev.y, self.view_centre(), False)  # a tap, or a drag that pans
                    return
                self.click_board(ev.x, ev.y)
            elif ev.name in ("up", "cancel") and self.drag is not None:
                x0, y0, _, moved = self.drag
                self.drag = None
                if not moved and ev.name == "up":
                    self.click_board(x0, y0)

    def skip_hurries(self, ev: Any) -> bool:
        """Is this cascade-skipping input a move or an action (a pointer press that starts a walk)?"""
        if ev.kind == "pointer":
            lay, play = self.lay, self.play
            if self.screen != "play" or lay is None or play is None or self.hud.row_at(ev.x, ev.y):
                return False
            cell = lay.cell_at(ev.x, ev.y)
            return hurry_input("walk" if cell is not None and cell == self.selected else "pointer", "")
        return hurry_input(ev.kind, ev.name, self.shell.input.bindings)

    def view_centre(self) -> tuple[float, float]:
        """The board cell (fractional) at the middle of the zoomed view."""
        lay = self.lay
        if lay is None:
            return (0.0, 0.0)
        vx, vy, vw, vh = lay.view
        return ((vx + vw / 2 - lay.ox) / lay.cell, (vy + vh / 2 - lay.oy) / lay.cell)

    def drag_to(self, x: float, y: float) -> None:
        """Pan the zoomed board with a finger or mouse drag (beyond a small slop it is no tap)."""
        if self.drag is None or self.lay is None:
            return
        x0, y0, (cx, cy), moved = self.drag
        if not moved and abs(x - x0) + abs(y - y0) < 10:
            return
        s = self.lay.cell
        self.pan = (cx - (x - x0) / s, cy - (y - y0) / s)
        self.drag = (x0, y0, (cx, cy), True)
        self.shell.invalidate()

    def click_board(self, x: float, y: float) -> None:
        lay, play = self.lay, self.play
        if lay is None or play is None:
            return
        c = lay.cell_at(x, y)
        if c is None:
            return
        if self.selected == c and play.state.outcome is None:
            walk = plan_walk(play.state, *c)
            play.queue = list(walk.moves)
            if walk.code and walk.code != "same_cell":
                q = walk.quantity
                play.message = self.t("walk_" + walk.code, q=self.t(q) if q else "")
                play.refusal = ("", {})
            self.next_walk = now()
        self.selected = c
        self.shell.invalidate()

    def on_button(self, id: str) -> None:
        if self.screen == "editor":
            self.editor.on_button(id)
            return
        self.finish_cascade(hurry=hurry_input("button", id))
        if id in ("menu_up", "menu_down"):
            scroll_menu(self, (self.shell.gfx.height * 0.6) * (1 if id == "menu_down" else -1))
        elif id == "help":
            self.help = True
        elif id == "closehelp":
            self.help = False
        elif id == "lang":
            self.shell.set_lang(self.shell.i18n.toggle())
        elif id == "mute":
            self.shell.set_muted(not self.shell.audio.muted)
        elif id == "levels":
            self.screen = "menu"
        elif id == "undo":
            self.do_undo()
        elif id == "restart" and self.play is not None:
            self.play.restart()
            self.anim = None
            self.save_game()
        elif id == "resume" and self.play is not None:
            self.screen = "play"
        elif id == "eye":
            self.toggle_eye()
        elif id == "hint" and self.play is not None:
            text = self.play.hint(self.shell.i18n.lang)
            if text:
                self.play.note = self.t("hint_used", h=text)
                self.save_game()
        elif id == "zoom":
            self.zoom = not (self.lay is not None and self.lay.zoomed)
            self.pan = None
        elif id == "eyelayer":
            order = ["all", "fuel", "coolant", "electricity"]
            self.eye_layer = order[(order.index(self.eye_layer) + 1) % len(order)]
        elif id == "cascade":
            self.cascades.cycle_mode()
        elif id == "close_insp":
            self.selected = None
        elif id == "next":
            nxt = self.next_level()
            if nxt:
                self.start(nxt)
        elif id in ("editor", "editor_top", "backeditor"):
            self.editor.open()
        elif id.startswith("act:") and self.play is not None:
            text = id[4:]
            self.play.queue.clear()
            self.act(self.play.repair_text() if text == "repair" else text)
        elif id.startswith("level:"):
            self.start(id[6:])
        self.shell.invalidate()

    # -- frame --------------------------------------------------------------------------------------
    def animating(self) -> bool:
        if self.screen == "editor":
            return self.editor.animating()
        busy = self.anim is not None or self.pending is not None or bool(self.warm)
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
        if self.anim is None:
            return self.play.state.surface  # type: ignore[union-attr]
        self.anim.frames += 1
        return anim.surface()  # type: ignore[no-any-return]

    def draw(self, g: Any) -> None:
        t = now()
        self._draw(g, t)
        draw_focus(self, g)
        cur = self.anim.current() if self.anim is not None else None
        self.note_slow("draw " + (cur.label if cur is not None else self.screen), now() - t)

    def note_slow(self, what: str, ms: float) -> None:
        """Keep the slowest work items (test hook ``slow``: where frames over budget go)."""
        if ms >= 16:
            self.slow.append((what, round(ms, 1)))
            self.slow.sort(key=lambda x: -x[1])
            del self.slow[10:]

    def _draw(self, g: Any, t: float) -> None:
        if self.screen == "editor":
            self.editor.draw(g)
            return
        if self.pending is not None:  # load the level now, draw it next frame (the canvas keeps
            key, self.pending = self.pending, None  # showing the last picture meanwhile)
            self.start_now(key)
            self.shell.invalidate()
            return
        self._advance(t)
        g.clear(BG)
        if self.screen == "menu" or self.play is None:
            self.draw_menu(g)
        else:
            self.draw_play(g, t)
        self.draw_topbar(g)
        if self.help:
            g.regions.clear()  # only the overlay's own button answers while it is open
            draw_help(g, self)
        if self.warm:
            self.warm.pop(0)(g)  # after this frame's drawing: the picture is already complete
        self.shell.toasts.draw(g, g.width / 2, g.height - 12, fg="#FFFFFF", bg="rgba(20,30,40,0.94)")

    def draw_topbar(self, g: Any) -> None:
        t = self.t
        g.rect(0, 0, g.width, layout_mod.TOP, "#15202A")
        items = [("editor_top", t("editor")) if self.screen == "menu" else ("levels", t("levels"))]
        if self.screen == "play" and self.play is not None and self.play.key.startswith("test:"):
            items = [("backeditor", "← " + t("editor"))]
        if self.screen == "play":  # the hotkey hint only where it fits at a readable size (not phones)
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

    def draw_play(self, g: Any, t: float) -> None:
        play = self.play
        st = play.state  # type: ignore[union-attr]
        rx, ry = st.grid.xy(st.robot)
        centre = self.pan if self.pan is not None else (rx + 0.5, ry + 0.5)
        gw, gh = st.grid.width, st.grid.height
        lay = layout_mod.compute(g.width, g.height, gw, gh, centre=centre)
        if self.zoom if self.zoom is not None else lay.fit < layout_mod.DEFAULT_ZOOM_BELOW:
            lay = layout_mod.compute(g.width, g.height, gw, gh, zoom=True, centre=centre)
        self.lay = lay
        g.save()
        g.clip_rect(*lay.view)
        surf = self.surface_now(t)
        self.drawn = surf
        view = self.anim.shown if self.anim is not None else st  # the cascade's current stage
        p = self.painter
        if self.eye and not play.can_view():  # type: ignore[union-attr]
            self.eye = False
        p.board(g, st, view, lay, surf, self.eye_layer if self.eye else None)
        p.robot(g, view, lay)
        s = lay.cell
        if self.anim is not None:
            draw_board_overlay(g, self, self.anim, lay)
        for path_cell in self._queue_cells():
            x, y = lay.xy(*st.grid.xy(path_cell))
            g.circle(x + s / 2, y + s / 2, max(2.0, s * 0.08), "#FFFFFF")
        if self.selected is not None:
            x, y = lay.xy(*self.selected)
            g.frame(x + 1, y + 1, s - 2, s - 2, "#FFFFFF", 2.5)
        if self.hover_cell is not None:
            x, y = lay.xy(*self.hover_cell)
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

    def draw_end(self, g: Any, lay: Any, st: Any) -> None:
        draw_end(g, self, lay, st)

    def draw_menu(self, g: Any) -> None:
        draw_menu(g, self)

    # -- hooks ----------------------------------------------------------------------------------------
    def state_hash(self) -> str:
        return self.play.session.state_hash() if self.play is not None else ""

    def save_json(self) -> str:
        return self.play.session.save_json() if self.play is not None else "{}"

    def test_hooks(self) -> dict[str, Any]:
        return hooks(self)


def warm_steps(app: ReactorApp) -> list[Any]:
    """Work the first level start would otherwise do in one frame, done a piece per idle frame
    while the level list shows: the board and panel layers (an offscreen canvas and its context
    cost a few ms each in Pyodide), the fonts the panel measures, pydantic's lazily built save
    schemas."""
    from engine.core.session import SaveData

    from .model import SavedGame
    from .render import sized_layer

    def layers(g: Any) -> None:
        p = app.painter
        p.layer = sized_layer(g, p.layer, 1, 1)
        for name in ("base", "mid", "top"):
            if name not in p.cache:
                p.cache[name] = (g.layer(1, 1), ())

    def panel(g: Any) -> None:
        app.hud.warm(g)

    def fonts(g: Any) -> None:
        for size in (11, 12, 13, 14, 17, 18):
            g.measure("Pulse 0 ★", size)
            g.measure("Pulse 0 ★", size, True)

    def schemas(_g: Any) -> None:
        SavedGame(key="warm", save=SaveData(game="reactor", version=1, seed=0)).model_dump(mode="json")

    return [layers, panel, fonts, schemas]


def create(shell: Any) -> ReactorApp:
    return ReactorApp(shell)
