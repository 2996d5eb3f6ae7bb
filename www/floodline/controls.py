"""Input of the Floodline page: what the player meant by each event.

* On the play screen the game keys are latched in ``ui.keys`` and turned into one engine move per
  tick (``interpret.tick_move`` -> ``TickInput``, played through the run's ``Session``); the page
  keys (view, cut-away, basins, peek, pause, mute) change the ``Ui`` only.
* On the screens with buttons (level select, pause, results, key rebinding) ``interpret`` moves
  the keyboard focus ring and says which button Enter/Space pressed (``focus``).
* Pointer presses on the touch pad act like the keys; canvas buttons go to ``Flow.on_button``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gwweb.floodline import board_draw, focus, screens
from gwweb.floodline.campaign import COUNT
from gwweb.floodline.flow import Flow
from gwweb.floodline.model import Run
from gwweb.floodline.ui import Ui
from gwweb.shared.canvas import Region
from gwweb.shared.input import Event

from engine.floodline import TickInput
from engine.floodline.state import State, Status

#: actions that still work on a screen with a focus ring (the rest are the game's keys)
SCREEN_ACTIONS = frozenset(("pause", "mute", "view1", "view2", "view3", "view4", "viewNext"))


def interpret(ui: Ui, ring: Sequence[Region], ev: Event) -> str | None:
    """A key on a screen with buttons: the arrows and Tab move ``ui.focus`` (shown from now on);
    Enter or Space returns the focused button's id to press. Other events: None."""
    if ev.kind != "key" or not ev.down or not ring:
        return None
    if ev.name in focus.MOVE_KEYS:
        ui.focus = focus.step(ring, ui.focus, ev.name, back=ev.shift)
        ui.keyboard_nav = True
        if ui.focus is not None and ui.focus.startswith("lv:"):
            ui.hover = int(ui.focus[3:])  # the line under the grid names the focused level
        return None
    if ev.name in focus.PRESS_KEYS:
        ui.keyboard_nav = True
        ids = [r.id for r in ring]
        return ui.focus if ui.focus in ids else focus.default_focus(ring)
    return None


class Controls(Flow):
    """Mixin of ``App``: keys, pointer and focus."""

    pad: list[tuple[str, str, float, float, float, float]]
    coarse_only: bool
    ring: list[Region]
    tip_rect: tuple[float, float, float, float] | None
    swallow: str = ""  # the action of a key taken by a button or the rebinding screen (until released)
    swallow_key: str = ""  # that key's code

    def tip_waits(self) -> bool:  # App
        raise NotImplementedError

    def start_clock(self) -> None:
        """A game key or pad button while the phone prompt holds the clock: the prompt goes, the
        level starts (and the key acts)."""
        if self.run is not None and self.tip_waits():
            self.ui.tip_closed = id(self.run)

    def has_keyboard(self) -> bool:
        """False on a touch-only device (touch used or only coarse pointers, and no key pressed yet):
        the Keys (rebinding) screen is then not offered."""
        return self.ui.keyboard_seen or not (self.ui.touch or self.coarse_only)

    def on_screen_with_buttons(self) -> bool:
        """A screen the keyboard works through its buttons (not the play field itself)."""
        run = self.run
        return (
            self.ui.keys_screen
            or run is None
            or (self.player is None and (self.ui.paused or run.state.outcome is not None))
        )

    def interpret_event(self, ui: Ui, state: State | None, ev: Event) -> TickInput | None:
        """What the player meant by ``ev`` (the app's ``interpret``). A real-time game: game keys are
        latched in ``ui.keys`` and become the next tick's move (``tick_move``), so this never
        returns a move; page keys and buttons change the UI or act on the page (``Flow``)."""
        self._interpret(ui, ev)
        return None

    def _interpret(self, ui: Ui, ev: Event) -> None:
        if ev.kind == "key":
            ui.keyboard_seen = True
            if ev.name == self.swallow_key and not ev.down:
                self.swallow = self.swallow_key = ""  # released: its next press acts again
        if ev.kind == "action" and ev.name == self.swallow and self.swallow:
            if not ev.down:  # released (or the window lost focus): nothing more to swallow
                self.swallow = self.swallow_key = ""
            return  # the key pressed a button (or was rebound): its game action is consumed
        if ui.keys_screen and ev.kind == "key" and ev.down:
            bound = self.shell.input.bindings.get(ev.name, "")  # its action event follows this one
            if self.rebinder.press(ev.name):
                self.consume(ev.name, bound)
                return
        if self.on_screen_with_buttons() and self.ring:
            if ev.kind == "key":
                bid = interpret(ui, self.ring, ev)
                if bid is not None:
                    # Space/Enter pressed a button: the action bound to that key (Space = hard drop)
                    # must not reach the run the button may just have started (issue #26)
                    self.consume(ev.name, self.shell.input.bindings.get(ev.name, ""))
                    self.on_button(bid)
                return
            if ev.kind == "action" and ev.name not in SCREEN_ACTIONS:
                return  # the key moved the focus or pressed a button instead
        if ui.keys_screen:
            if ev.kind == "action" and ev.down and ev.name == "pause":
                ui.keys_screen = False
                ui.focus = None
            return
        if ev.kind == "key" and ev.name in ("AltLeft", "AltRight"):
            ui.alt = ev.down
            if not ev.down:
                ui.preview = None
        elif ev.kind == "action":
            self.action(ev.name, ev.down)
        elif ev.kind == "pointer":
            self.pointer(ev)

    def consume(self, code: str, action: str) -> None:
        """Key ``code`` was taken by a button or the rebinding screen: its ``action`` events (the one
        that follows, and auto-repeats while it is held) are ignored until the key is released."""
        if action:
            self.swallow, self.swallow_key = action, code

    def action(self, name: str, down: bool) -> None:
        run = self.run
        ui = self.ui
        if name.startswith("view") and down:
            self.set_view((ui.view + 1) % 4 if name == "viewNext" else int(name[4]) - 1)
            return
        if not down and run is not None:
            ui.keys.key(name, False)
            return
        if not down:
            return
        if name == "mute":
            self.shell.set_muted(not self.shell.audio.muted)
        elif name == "pause" and self.player is not None:
            self.on_button("levels")
        elif name == "pause" and run is not None and run.state.outcome is None:
            ui.paused = not ui.paused
            ui.focus = None
            ui.keys.release_all()
        elif name == "confirm":
            if run is None:
                self.start(self.progress.last)
            elif run.state.outcome is not None:
                won = run.state.outcome.status == Status.WON
                self.on_button("next" if won and 0 < run.n < COUNT else "restart")
        elif name == "basins":
            ui.basins = not ui.basins
        elif name == "peek":
            ui.peek = not ui.peek
            ui.preview = None
        elif name in ("cutDown", "cutUp") and run is not None:
            h = run.state.board.sy
            cur = h if ui.cut is None else ui.cut
            cur = max(1, min(h, cur + (1 if name == "cutUp" else -1)))
            ui.cut = None if cur >= h else cur
        elif (
            name.startswith("tilt") and (ui.alt or ui.peek) and run is not None and run.state.outcome is None
        ):
            ui.peek = False
            ui.preview = preview_marks(run.preview(name), run.board_cells, run.board_version)
        elif run is not None and not ui.paused and run.state.outcome is None and self.player is None:
            ui.preview = None
            self.start_clock()
            ui.keys.key(name, True)

    def set_view(self, v: int) -> None:
        self.ui.view = v
        if self.run is not None:
            self.run.view = v

    def pointer(self, ev: Event) -> None:
        ui = self.ui
        ui.keyboard_nav = False  # the pointer is in use: no focus ring
        if ev.pointer_type == "touch" and not ui.touch:
            ui.touch = True
        run = self.run
        if run is None and ev.name == "move" and not ui.keys_screen:
            ui.hover = screens.level_at(ev.x, ev.y)
        if ev.name == "down":
            if run is not None and board_draw.tip_hit(self.tip_rect, ev.x, ev.y):
                ui.tip_closed = id(run)  # a tap on the prompt closes it (consumed)
                self.tip_rect = None
                return
            for action, _, bx, by, bw, bh in self.pad:
                if bx <= ev.x <= bx + bw and by <= ev.y <= by + bh:
                    ui.pad_down[ev.pointer_id] = action
                    self.action(action, True)
                    return
        elif ev.name in ("up", "cancel"):
            action = ui.pad_down.pop(ev.pointer_id, "")
            if action and run is not None:
                ui.keys.key(action, False)

    def on_focus(self, focused: bool) -> None:
        """An embed lost the keyboard (Escape, a click outside): the falling piece waits, paused."""
        run = self.run
        if not focused and run is not None and run.state.outcome is None and self.player is None:
            if not self.ui.paused:
                self.ui.paused = True
                self.ui.keys.release_all()


def preview_marks(pv: dict[str, Any], before: list[dict[str, Any]], version: int) -> dict[str, Any]:
    """The engine's tilt preview plus what to draw: ``moved`` = cells that become solid/water/ice
    (the landed piece included), ``gone`` = solids that leave the board and piece cells that are lost."""
    after = {(tuple(c["pos"]), c["type"]) for c in pv.get("cells", [])}
    cur = {(tuple(c["pos"]), c["type"]) for c in before}
    moved = [
        c["pos"]
        for c in pv.get("cells", [])
        if c["type"] in ("SOLID", "WATER", "ICE") and (tuple(c["pos"]), c["type"]) not in cur
    ]
    gone: list[Any] = []
    if pv.get("cells"):
        gone = [c["pos"] for c in before if c["type"] == "SOLID" and (tuple(c["pos"]), "SOLID") not in after]
        gone += [c for c in pv.get("piece", []) if (tuple(c), "SOLID") not in after]
    return {**pv, "board": version, "moved": moved, "gone": gone}


__all__ = ["Controls", "Run", "interpret", "preview_marks"]
