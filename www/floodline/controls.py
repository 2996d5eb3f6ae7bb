"""Input of the Floodline page: what the player meant by each event.

* On the play screen the game keys are latched in ``ui.keys`` and turned into one engine move per
  tick (``interpret.tick_move`` -> ``TickInput``, played through the run's ``Session``); the page
  keys (view, cut-away, basins, peek, pause, mute) change the ``Ui`` only.
* On the screens with buttons (level select, pause, results, key rebinding) ``interpret`` moves
  the keyboard focus ring and says which button Enter/Space pressed (``focus``).
* Pointer presses on the touch pad act like the keys; canvas buttons go to ``Page.on_button``.
* Pure over ``(ui, state, ev)``: what needs the page is asked for in ``ui.requests``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gwweb.floodline import board_draw, focus, menu
from gwweb.floodline.cards import HELP
from gwweb.floodline.ui import Ui
from gwweb.shared.canvas import Region
from gwweb.shared.chrome import HOME_KEY
from gwweb.shared.input import Event

from engine.floodline import TickInput
from engine.floodline.campaign import COUNT
from engine.floodline.state import State, Status

#: actions that still work on a screen with a focus ring (the rest are the game's keys)
SCREEN_ACTIONS = frozenset(("pause", "mute", "view1", "view2", "view3", "view4", "viewNext"))


def interpret(ui: Ui, ring: Sequence[Region], ev: Event) -> str | None:
    """A key on a screen with buttons: the arrows and Tab move ``ui.focus`` (shown from now on);
    Enter or Space returns the focused button's id to press. Other events: None."""
    if ev.kind != "key" or not ev.down or not ring:
        return None
    if ev.name not in focus.KEYS:
        return None
    ui.keyboard_nav = True
    got, pressed = focus.key(ring, ui.focus, ev.name, back=ev.shift)
    if pressed is not None:
        return pressed
    ui.focus = got
    if got is not None and menu.level_number(got):
        ui.hover = menu.level_number(got)  # the line under the grid names the focused level
    return None


def interpret_event(ui: Ui, state: State | None, ev: Event) -> TickInput | None:
    """What the player meant by ``ev`` (the app's ``interpret``). A real-time game: game keys are
    latched in ``ui.keys`` and become the next tick's move (``tick_move``), so this never returns a
    move; page keys change ``ui``, and what needs the page (a button, mute, a key rebound, a tilt
    preview) is asked for in ``ui.requests``. Reads and writes nothing but ``ui``."""
    if ev.kind == "key":
        ui.keyboard_seen = True
        if ev.name == ui.swallow_key and not ev.down:
            ui.swallow = ui.swallow_key = ""  # released: its next press acts again
    if ev.kind == "action" and ev.name == ui.swallow and ui.swallow:
        if not ev.down:  # released (or the window lost focus): nothing more to swallow
            ui.swallow = ui.swallow_key = ""
        return None  # the key pressed a button (or was rebound): its game action is consumed
    if ui.keys_screen and ev.kind == "key" and ev.down and ui.rebinder.waiting is not None:
        ui.ask("consume", ev.name)  # its action event follows this one
        ui.ask("rebind", ev.name)
        return None
    if ev.kind == "key" and ev.down and not ui.keys_screen:
        if ev.name == HOME_KEY:  # back to the launcher (no game binds it; none inside a blog post)
            ui.ask("button", "home")
            return None
        if ui.help.open and ui.help.key(ev.name, len(HELP)):
            ui.ask("consume", ev.name)  # Escape/Enter/Space turned or closed help: not pause, not a drop
            return None
        if ev.name == "KeyH" and not ui.help.open:
            ui.ask("button", "help")
            return None
    if ui.help.open and ev.kind == "action" and ev.name not in SCREEN_ACTIONS:
        return None  # no game key reaches the run while help is read
    if ui.on_screen_with_buttons() and ui.ring:
        if ev.kind == "key":
            bid = interpret(ui, ui.ring, ev)
            if bid is not None:
                # Space/Enter pressed a button: the action bound to that key (Space = hard drop)
                # must not reach the run the button may just have started (issue #26)
                ui.ask("consume", ev.name)
                ui.ask("button", bid)
            return None
        if ev.kind == "action" and ev.name not in SCREEN_ACTIONS:
            return None  # the key moved the focus or pressed a button instead
    if ui.keys_screen:
        if ev.kind == "action" and ev.down and ev.name == "pause":
            ui.keys_screen = False
            ui.focus = None
        return None
    if ev.kind == "key" and ev.name in ("AltLeft", "AltRight"):
        ui.alt = ev.down
        if not ev.down:
            ui.preview = None
    elif ev.kind == "action":
        action(ui, state, ev.name, ev.down)
    elif ev.kind == "pointer":
        pointer(ui, state, ev)
    return None


def action(ui: Ui, state: State | None, name: str, down: bool) -> None:
    """A game or page action (a bound key or a touch-pad button) went down or up."""
    if name.startswith("view") and down:
        ui.view = (ui.view + 1) % 4 if name == "viewNext" else int(name[4]) - 1
        return
    if not down and state is not None:
        ui.keys.key(name, False)
        return
    if not down:
        return
    over = state is not None and state.outcome is not None
    if name == "mute":
        ui.ask("mute")
    elif name == "pause" and ui.watching:
        ui.ask("button", "levels")
    elif name == "pause" and state is not None and not over:
        ui.paused = not ui.paused
        ui.focus = None
        ui.keys.release_all()
    elif name == "confirm":
        if state is None:
            ui.ask("button", "play")
        elif state.outcome is not None:
            n = ui.run.n if ui.run is not None else 0
            won = state.outcome.status == Status.WON
            ui.ask("button", "next" if won and 0 < n < COUNT else "restart")
    elif name == "basins":
        ui.basins = not ui.basins
    elif name == "peek":
        ui.peek = not ui.peek
        ui.preview = None
    elif name in ("cutDown", "cutUp") and state is not None:
        h = state.board.sy
        cur = h if ui.cut is None else ui.cut
        cur = max(1, min(h, cur + (1 if name == "cutUp" else -1)))
        ui.cut = None if cur >= h else cur
    elif name.startswith("tilt") and (ui.alt or ui.peek) and state is not None and not over:
        ui.peek = False
        ui.ask("preview", name)  # the engine's preview of that tilt (the run's view-model marks it)
    elif state is not None and not ui.paused and not over and not ui.watching:
        ui.preview = None
        if ui.tip_holds:  # a game key while the phone prompt holds the clock: the prompt goes
            ui.tip_closed = True
        ui.keys.key(name, True)


def pointer(ui: Ui, state: State | None, ev: Event) -> None:
    """A pointer event: the level select's hover, the prompt's close tap, the touch pad."""
    ui.keyboard_nav = False  # the pointer is in use: no focus ring
    if ev.pointer_type == "touch" and not ui.touch:
        ui.touch = True
    if ui.help.open:
        return  # the help overlay covers the board: only its buttons (and the bar's) answer
    if state is None and ev.name == "move" and not ui.keys_screen:
        ui.hover = menu.level_at(ui.grid, ev.x, ev.y)
    if ev.name == "down":
        if state is not None and board_draw.tip_hit(ui.tip_rect, ev.x, ev.y):
            ui.tip_closed = True  # a tap on the prompt closes it (consumed)
            ui.tip_rect = None
            return
        for name, _, bx, by, bw, bh in ui.pad:
            if bx <= ev.x <= bx + bw and by <= ev.y <= by + bh:
                ui.pad_down[ev.pointer_id] = name
                action(ui, state, name, True)
                return
    elif ev.name in ("up", "cancel"):
        name = ui.pad_down.pop(ev.pointer_id, "")
        if name and state is not None:
            ui.keys.key(name, False)


def on_focus(ui: Ui, state: State | None, focused: bool) -> None:
    """An embed lost the keyboard (Escape, a click outside): the falling piece waits, paused."""
    if not focused and state is not None and state.outcome is None and not ui.watching and not ui.paused:
        ui.paused = True
        ui.keys.release_all()


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


__all__ = ["action", "interpret", "interpret_event", "on_focus", "pointer", "preview_marks"]
