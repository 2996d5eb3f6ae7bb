"""Reactor input: keys, pointer (select, walk, drag-pan), wheel and canvas buttons turned into engine
actions or UI changes (the ``ReactorApp`` mixin ``Controls``); keyboard focus lives in ``focus``, the
level list, help box and question are pure functions of the UI state (``pageinput``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bindings import now
from .cascade import hurry_input
from .fields import AppFields
from .focus import handle_focus
from .interpret import In, interpret
from .model import in_progress
from .pageinput import overlay_input, press_starts_tap, screen_input
from .screens import scroll_menu

if TYPE_CHECKING:
    from gwweb.shared.input import Event


class Controls(AppFields):
    """What the player meant: input handling of ``ReactorApp``."""

    # -- input ------------------------------------------------------------------------------------
    def finish_cascade(self, skipped: bool = True, hurry: bool = False) -> None:
        """End the pulse cascade (at once when ``skipped``: an input arrived; it is then applied).
        ``hurry``: the input was a move or an action, so the next cascade soon after plays fast."""
        if self.anim is not None:
            self.cascades.end(self.anim, now(), skipped, hurry)
            self.anim = None
            self.shell.invalidate()

    def handle(self, ev: Event) -> None:
        t0 = now()
        self._handle(ev)
        self.note_slow(f"handle {ev.kind} {ev.name}", now() - t0)

    def press_button(self, hit: str, ev: Event) -> bool:
        """A pointer press on a canvas button (the shell asks before firing it): on the level list a
        card or the editor button waits for the release (a tap; a swipe scrolls instead)."""
        return press_starts_tap(self.ui, hit, ev.x, ev.y, self.play is not None)

    def _handle(self, ev: Event) -> None:
        if handle_focus(self, ev):
            return
        if self.ui.screen == "editor":
            self.editor.handle(ev)
            return
        got = overlay_input(self.ui, ev, self.play is not None)  # the list, help box and question
        if got.used:
            if got.command is not None:
                self.on_button(got.command)
            self.shell.invalidate()
            return
        if self.anim is not None and (
            (ev.kind in ("action", "key") and ev.down) or (ev.kind == "pointer" and ev.name == "down")
        ):
            self.finish_cascade(hurry=self.skip_hurries(ev))
        if screen_input(self.ui, ev, self.play is not None, self.shell.gfx.height).used:
            self.shell.invalidate()
            return
        if ev.kind == "action" and ev.down and self.ui.screen == "play" and self.play is not None:
            name = ev.name
            move = interpret(self.ui, self.play.state, In("action", name))
            if move is not None:
                self.play_move(move)
            elif name == "eye":
                self.toggle_eye()
            elif name == "undo":
                self.do_undo()
            elif name == "menu":
                self.ui.screen = "editor" if self.play.key.startswith("test:") else "menu"
                self.shell.invalidate()
        elif ev.kind == "pointer" and self.ui.screen == "play" and self.lay is not None:
            if ev.name == "move":
                cell = self.hud.row_at(ev.x, ev.y)
                if cell != self.ui.hover_cell:
                    self.ui.hover_cell = cell
                    self.shell.invalidate()
                if self.ui.drag is not None:
                    self.drag_to(ev.x, ev.y)
            elif ev.name == "down":
                row = self.hud.row_at(ev.x, ev.y)
                if row is not None:  # touch: a tapped forecast row highlights and inspects its cell
                    self.ui.hover_cell = self.ui.selected = row
                    self.shell.invalidate()
                    return
                if self.lay.zoomed and self.lay.cell_at(ev.x, ev.y) is not None:
                    self.ui.drag = (ev.x, ev.y, self.view_centre(), False)  # a tap, or a drag that pans
                    return
                self.click_board(ev.x, ev.y)
            elif ev.name in ("up", "cancel") and self.ui.drag is not None:
                x0, y0, _, moved = self.ui.drag
                self.ui.drag = None
                if not moved and ev.name == "up":
                    self.click_board(x0, y0)

    def open_level(self, key: str) -> None:
        """Open a level from the list: the level being played resumes; another level replaces a
        game in progress only after the player says yes (``ask``)."""
        play = self.play
        if play is not None and play.key == key and play.state.outcome is None:
            self.ui.screen = "play"
        elif play is not None and in_progress(play):
            self.ui.ask = key
        else:
            self.start(key)

    def skip_hurries(self, ev: Event) -> bool:
        """Is this cascade-skipping input a move or an action (a pointer press that starts a walk)?"""
        if ev.kind == "pointer":
            lay, play = self.lay, self.play
            if self.ui.screen != "play" or lay is None or play is None or self.hud.row_at(ev.x, ev.y):
                return False
            cell = lay.cell_at(ev.x, ev.y)
            return hurry_input("walk" if cell is not None and cell == self.ui.selected else "pointer", "")
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
        if self.ui.drag is None or self.lay is None:
            return
        x0, y0, (cx, cy), moved = self.ui.drag
        if not moved and abs(x - x0) + abs(y - y0) < 10:
            return
        s = self.lay.cell
        self.ui.pan = (cx - (x - x0) / s, cy - (y - y0) / s)
        self.ui.drag = (x0, y0, (cx, cy), True)
        self.shell.invalidate()

    def click_board(self, x: float, y: float) -> None:
        lay, play = self.lay, self.play
        if lay is None or play is None:
            return
        self.ui.board = lay
        before = self.ui.selected
        move = interpret(self.ui, play.state, In("click", x=x, y=y))
        if move is not None:
            self.play_move(move)
        if move is not None or self.ui.selected != before:
            self.shell.invalidate()

    def on_button(self, id: str) -> None:
        if self.ui.screen == "editor":
            self.editor.on_button(id)
            return
        self.finish_cascade(hurry=hurry_input("button", id))
        if id in ("menu_up", "menu_down"):
            scroll_menu(self.ui, (self.shell.gfx.height * 0.6) * (1 if id == "menu_down" else -1))
        elif id == "help":
            self.ui.help = True
            self.ui.help_scroll = 0.0
        elif id == "closehelp":
            self.ui.help = False
        elif id == "lang":
            self.shell.set_lang(self.shell.i18n.toggle())
        elif id == "mute":
            self.shell.set_muted(not self.shell.audio.muted)
        elif id == "levels":
            self.ui.screen = "menu"
        elif id == "undo":
            self.do_undo()
        elif id == "restart" and self.play is not None:
            self.play.restart()
            self.anim = None
            self.save_game()
        elif id == "resume" and self.play is not None:
            self.ui.screen = "play"
        elif id == "eye":
            self.toggle_eye()
        elif id == "hint" and self.play is not None:
            text = self.play.hint(self.shell.i18n.lang)
            if text:
                self.play.note = self.t("hint_used", h=text)
                self.save_game()
        elif id == "zoom":
            self.ui.zoom = not (self.lay is not None and self.lay.zoomed)
            self.ui.pan = None
        elif id == "eyelayer":
            order = ["all", "fuel", "coolant", "electricity"]
            self.ui.eye_layer = order[(order.index(self.ui.eye_layer) + 1) % len(order)]
        elif id == "cascade":
            self.cascades.cycle_mode()
        elif id == "close_insp":
            self.ui.selected = None
        elif id == "next":
            nxt = self.next_level()
            if nxt:
                self.start(nxt)
        elif id in ("editor", "editor_top", "backeditor"):
            self.editor.open()
        elif id.startswith("act:") and self.play is not None:
            move = interpret(self.ui, self.play.state, In("button", id))
            if move is not None:
                self.play_move(move)
        elif id.startswith("level:"):
            self.open_level(id[6:])
        elif id.startswith("ask:"):
            key, self.ui.ask = self.ui.ask, None
            if id == "ask:yes" and key is not None:
                self.start(key)
        self.shell.invalidate()
