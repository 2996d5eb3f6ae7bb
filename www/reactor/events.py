"""What a browser event meant on the Reactor page, pure (#24's one app shape): the ``interpret`` the
page's ``TurnApp`` is given, ``interpret_event(ui, state, ev) -> Move | None``, and the level list's
``idle_command(ui, ev)`` while no game is open.

It reads and writes only the UI state (``interpret.Ui``: scrolls, the held tap-or-swipe, hover,
selection, the zoomed view's drag) and answers with an engine move (action text), a ``Walk`` or a
page ``Command`` (a button id the app carries out), or ``None``. Whether a press that cuts a pulse
cascade short is a player pressing on (``cut_hurries``) is decided here too. No browser imports:
tested in CPython.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cascade import hurry_input
from .interpret import Command, In, Move, Ui, interpret
from .pageinput import overlay_input, screen_input

if TYPE_CHECKING:
    from engine.reactor.state import ReactorState

    from .interpret import Cell, Row

PAGE_ACTIONS = ("eye", "undo", "menu")  # bound actions that are page commands, not engine moves
DRAG_SLOP = 10.0  # px a press on the zoomed board may move and still be a tap


def row_at(rows: list[Row], x: float, y: float) -> Cell | None:
    """The cell of the forecast row drawn under ``(x, y)``, if any."""
    for rx, ry, rw, rh, cell in rows:
        if rx <= x <= rx + rw and ry <= y <= ry + rh:
            return cell
    return None


def view_centre(ui: Ui) -> tuple[float, float]:
    """The board cell (fractional) at the middle of the zoomed view."""
    lay = ui.board
    if lay is None:
        return (0.0, 0.0)
    vx, vy, vw, vh = lay.view
    return ((vx + vw / 2 - lay.ox) / lay.cell, (vy + vh / 2 - lay.oy) / lay.cell)


def drag_to(ui: Ui, x: float, y: float) -> None:
    """Pan the zoomed board with a finger or mouse drag (beyond a small slop it is no tap)."""
    if ui.drag is None or ui.board is None:
        return
    x0, y0, (cx, cy), moved = ui.drag
    if not moved and abs(x - x0) + abs(y - y0) < DRAG_SLOP:
        return
    s = ui.board.cell
    ui.pan = (cx - (x - x0) / s, cy - (y - y0) / s)
    ui.drag = (x0, y0, (cx, cy), True)


def idle_command(ui: Ui, ev: Any) -> str | None:
    """The level list with no game open: a page command (``"level:<key>"``) or None."""
    got = interpret_event(ui, None, ev)
    return got.id if isinstance(got, Command) else None


def interpret_event(ui: Ui, state: ReactorState | None, ev: Any) -> Move | None:
    """What ``ev`` meant: the list, help box and question first (``pageinput``), then the play
    screen's bound actions and pointer (select, walk, inspect a forecast row, drag the zoomed board)."""
    game_open = state is not None
    got = overlay_input(ui, ev, game_open)
    if got.used:
        return Command(got.command) if got.command is not None else None
    if screen_input(ui, ev, game_open, ui.page_h).used or state is None or ui.screen != "play":
        return None
    if ev.kind == "action" and ev.down:
        move = interpret(ui, state, In("action", ev.name))
        if move is None and ev.name in PAGE_ACTIONS:
            return Command(ev.name)
        return move
    if ev.kind != "pointer" or ui.board is None:
        return None
    if ev.name == "move":
        ui.hover_cell = row_at(ui.rows, ev.x, ev.y)
        drag_to(ui, ev.x, ev.y)
        return None
    if ev.name == "down":
        row = row_at(ui.rows, ev.x, ev.y)
        if row is not None:  # touch: a tapped forecast row highlights and inspects its cell
            ui.hover_cell = ui.selected = row
            return None
        if ui.board.zoomed and ui.board.cell_at(ev.x, ev.y) is not None:
            ui.drag = (ev.x, ev.y, view_centre(ui), False)  # a tap, or a drag that pans
            return None
        return interpret(ui, state, In("click", x=ev.x, y=ev.y))
    if ev.name in ("up", "cancel") and ui.drag is not None:
        x0, y0, _, moved = ui.drag
        ui.drag = None
        if not moved and ev.name == "up":
            return interpret(ui, state, In("click", x=x0, y=y0))
    return None


def cut_hurries(ui: Ui, cut_by: object, bindings: dict[str, str]) -> bool:
    """Did the input that cut a cascade short mean a move or an action (a player pressing on)?
    ``cut_by`` is the shell's event, or the id of a canvas button pressed."""
    if isinstance(cut_by, str):
        return hurry_input("button", cut_by)
    kind, name = str(getattr(cut_by, "kind", "")), str(getattr(cut_by, "name", ""))
    if kind == "pointer":
        lay = ui.board
        x, y = float(getattr(cut_by, "x", 0.0)), float(getattr(cut_by, "y", 0.0))
        if ui.screen != "play" or lay is None or row_at(ui.rows, x, y) is not None:
            return False
        cell = lay.cell_at(x, y)
        return hurry_input("walk" if cell is not None and cell == ui.selected else "pointer", "")
    return hurry_input(kind, name, bindings)
