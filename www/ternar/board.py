"""Board input: ``interpret(ui, state, ev) -> Route | None`` and the UI state it works on.

Pure Python (no ``js``): a finger, the mouse or the keyboard cursor builds a route node by node
(3.1-3.3 through the engine's ``route_step``); releasing it on its last node (or Enter) is the
move. What the page should sound or tint on the way is left in ``ui.cues`` for the app to play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from gwweb.shared.chrome.options import step_choice

from engine.ternar import Route, State
from engine.ternar.chrome import CHROME

from .keys import MOVES, Cursor
from .layout import Layout, Rect
from .view import route_step

if TYPE_CHECKING:
    from gwweb.shared.input import Event

CueKind = Literal["link", "link_soft", "tint", "reject"]
DAILY = "daily"  # the New game card's daily game: today's seed in Classic (issue #30; ``?daily``)


@dataclass
class Ui:
    """Everything on screen that is not the engine state (undo never restores it)."""

    lay: Layout | None = None  # the layout of the last frame (hit-testing)
    route: tuple[int, ...] = ()  # the route being built
    drag_pointer: int | None = None  # the pointer dragging it (None: keyboard or none)
    kb_route: bool = False  # the route is built with the keyboard
    last_xy: tuple[float, float] | None = None
    hover: int | None = None  # the node under the mouse
    cursor: Cursor = field(default_factory=Cursor)
    show_cursor: bool = False  # a key was pressed: the cursor ring is the keyboard focus
    touch: bool = False  # the last press was a finger (no keyboard hint on a landscape phone)
    keyboard: bool = False  # the last input was a key: cards ring the button Enter presses
    dialog: str | None = None  # "new": the New game card is open
    dialog_mode: str = "classic"  # the mode highlighted in the New game card (keyboard choice)
    dialog_daily: bool = False  # the keyboard's ring is on the card's daily game instead (issue #30)
    dialog_rect: Rect | None = None  # the card as last drawn (a tap outside it closes it)
    released: tuple[int, ...] = ()  # the route last handed to the engine (a refusal tints its end)
    cues: list[tuple[CueKind, int]] = field(default_factory=list)

    def clear_route(self) -> None:
        self.route, self.drag_pointer, self.kb_route = (), None, False


def interpret(ui: Ui, state: State, ev: Event) -> Route | None:
    """What the player meant on the board: a route to play, or nothing (the UI state changed)."""
    if ev.kind == "pointer":
        return _pointer(ui, state, ev)
    if ev.kind == "action" and ev.down:
        return _key(ui, state, ev.name)
    return None


def _pointer(ui: Ui, state: State, ev: Event) -> Route | None:
    lay = ui.lay
    if lay is None:
        return None
    if ev.pointer_type == "mouse" and ev.name in ("move", "up"):
        h = lay.node_at(ev.x, ev.y)
        ui.hover = h if h is not None and state.values[h] else None
    if ev.name == "down":
        if ui.drag_pointer is not None:
            return None
        n = lay.node_at(ev.x, ev.y)
        if n is None:
            return None
        ui.show_cursor = False
        ui.kb_route = False
        ui.route = ()
        enter(ui, state, n)
        if ui.route:
            ui.drag_pointer = ev.pointer_id
            ui.last_xy = (ev.x, ev.y)
    elif ev.name == "move" and ui.drag_pointer == ev.pointer_id:
        x0, y0 = ui.last_xy or (ev.x, ev.y)
        steps = max(1, int(((ev.x - x0) ** 2 + (ev.y - y0) ** 2) ** 0.5 / (lay.cell * 0.2)))
        for i in range(1, steps + 1):  # sample the segment so fast drags do not skip nodes
            n = lay.node_at(x0 + (ev.x - x0) * i / steps, y0 + (ev.y - y0) * i / steps)
            if n is not None:
                enter(ui, state, n)
        ui.last_xy = (ev.x, ev.y)
    elif ev.name == "up" and ui.drag_pointer == ev.pointer_id:
        return release(ui, state, lay.node_at(ev.x, ev.y))
    elif ev.name == "cancel" and ui.drag_pointer == ev.pointer_id:
        ui.clear_route()
    return None


def release(ui: Ui, state: State, over: int | None) -> Route | None:
    """The finger/mouse let go over node ``over`` (None: off the board). Only a release on the
    route's last node plays it; over another node or off the board it is an invalid
    interaction (19.1): the line vanishes, that node is tinted, nothing is played."""
    if ui.route and over == ui.route[-1]:
        return commit(ui, state)
    ui.clear_route()
    ui.cues.append(("reject", -1 if over is None else over))
    return None


def commit(ui: Ui, state: State) -> Route | None:
    """Hand the route over: fewer than two nodes (or a finished game) is refused here (19.1)."""
    route = ui.route
    ui.clear_route()
    if len(route) < 2 or state.outcome is not None:
        ui.cues.append(("reject", route[-1] if route else -1))
        return None
    ui.released = route
    return Route(nodes=route)


def enter(ui: Ui, state: State, n: int) -> bool:
    """The pointer/cursor reached node ``n`` while building the route (3.3 snap + live undo)."""
    new, status = route_step(state.values, ui.route, n)
    if status in ("started", "extended"):
        ui.route = new
        ui.cues.append(("link", len(new) - 1))
    elif status == "backtracked":
        ui.route = new
        ui.cues.append(("link_soft", len(new) - 1))
    elif status == "rejected":
        ui.cues.append(("tint", n))
        return False
    return True


def _key(ui: Ui, state: State, name: str) -> Route | None:
    """The keyboard on the board: a cursor, Enter starts and releases a route (keys.py)."""
    if name in MOVES:
        _key_move(ui, state, name)
    elif name == "select":
        ui.show_cursor = True
        if ui.kb_route:
            return commit(ui, state)
        if ui.drag_pointer is None:
            ui.route = ()
            if enter(ui, state, ui.cursor.nid) and ui.route:
                ui.kb_route = True
            else:
                ui.cues.append(("reject", ui.cursor.nid))
    elif name == "back" and ui.kb_route:
        ui.route = ui.route[:-1]
        if ui.route:
            ui.cursor.nid = ui.route[-1]
        else:
            ui.kb_route = False
    elif name == "cancel" and ui.kb_route:
        ui.route, ui.kb_route = (), False
    return None


def _key_move(ui: Ui, state: State, name: str) -> None:
    if not ui.show_cursor:
        ui.show_cursor = True  # the first press shows the cursor where the mouse was
        if ui.hover is not None:
            ui.cursor.nid = ui.hover
        return
    target = ui.cursor.target(name)
    if target is None:
        return
    if ui.kb_route:
        if enter(ui, state, target):
            ui.cursor.moved(name, ui.route[-1])
        else:
            ui.cues.append(("reject", -1))
    else:
        ui.cursor.moved(name, target)


def dialog_key(ui: Ui, name: str) -> str | None:
    """A key in the New game card: arrows move the highlight through the modes and, past the last
    (or before the first), onto the daily game; returns what Enter starts: a mode, or ``DAILY``."""
    if name == "cancel":
        ui.dialog = None
    elif name in MOVES:
        step = -1 if name in ("UP", "NW", "NE", "W") else 1
        choices = CHROME.field("mode").choices
        if ui.dialog_daily:
            ui.dialog_daily = False
            ui.dialog_mode = str(choices[0] if step > 0 else choices[-1])
        elif ui.dialog_mode == choices[-1 if step > 0 else 0]:
            ui.dialog_daily = True
        else:
            ui.dialog_mode = str(step_choice(CHROME, {"mode": ui.dialog_mode}, "mode", step)["mode"])
    elif name == "select":
        return DAILY if ui.dialog_daily else ui.dialog_mode
    return None
