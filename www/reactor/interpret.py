"""Reactor's play screen as the one app shape (#14): a UI-state object ``Ui`` and a pure
``interpret(ui, state, ev) -> move | None`` (what did the player mean).

No browser imports: this runs under CPython in the unit tests. A move is the engine's action
text (``"move n"``, ``"interact"``, ``"repair fuel"``) or a ``Walk`` (a click-to-walk: the engine's
planned moves, played one per frame by the app). UI-only input (selecting or hovering a cell,
a click off the board) changes ``ui`` and gives ``None``. Page commands that are no engine move
(undo, the eye view, the menu) are the app's, as ``TurnApp.on_button`` keeps undo.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.reactor.actions import LENGTHY
from engine.reactor.progress import Progress
from engine.reactor.walk import plan_walk

from .model import DIR_KEYS, CustomLevels
from .tap import Scroller

if TYPE_CHECKING:
    from engine.reactor.state import ReactorState

    from .cascade import Cascade, CascadePlayer
    from .layout import Layout
    from .model import Run

Cell = tuple[int, int]


Row = tuple[
    float, float, float, float, "Cell | None"
]  # a forecast row drawn in the panel: x, y, w, h, its cell


@dataclass
class Ui:
    """Everything on the page that undo should not restore and no save keeps (Tatham's ``game_ui``):
    the screen shown, the play screen's selection, hover, eye view, zoom and pan, the overlays
    (help, the replace-the-game question), the level list's and help box's scroll, the keyboard
    focus; and what the drawing reads beside the engine state: the level on screen (``run``), the
    pulse cascade playing, the player's records (progress, custom levels), what the last frame drew
    (the board layout, the forecast rows, the buttons). ``interpret`` reads and writes only this."""

    progress: Progress = field(default_factory=Progress)  # stars and best pulses (the page's record)
    custom: CustomLevels = field(default_factory=CustomLevels)  # the player's own levels
    run: Run | None = None  # the level on screen (its session is the app's)
    cascade: Cascade | None = None  # the pulse cascade playing (the app's move animation)
    cascades: CascadePlayer | None = None  # the cascade setting (full/fast/off) and its log
    rows: list[Row] = field(default_factory=list)  # the forecast rows drawn (a press inspects the cell)
    buttons: list[Any] = field(default_factory=list)  # the canvas buttons drawn last frame (``Region``)
    page_h: float = 0.0  # the canvas height last drawn (scroll keys move by a share of it)
    screen: str = "menu"  # "menu" | "play" | "editor"
    selected: Cell | None = None  # the inspected cell (a second click on it walks there)
    hover_cell: Cell | None = None  # the forecast row under the pointer (highlights its cell)
    eye: bool = False  # the underground (eye) view is shown
    eye_layer: str = "all"  # which carrier the eye view shows
    focus: str | None = None  # the canvas button with the keyboard focus ring
    board: Layout | None = None  # the board's layout last drawn (pointer -> cell, zoom, pan)
    zoom: bool | None = None  # None: zoom boards whose cells would be tiny; the button decides
    pan: tuple[float, float] | None = None  # board cell at the zoomed view's centre; None = robot
    drag: tuple[float, float, tuple[float, float], bool] | None = None  # press x, y, centre, moved
    help: bool = False  # the help overlay is open
    help_scroll: float = 0.0
    help_max_scroll: float = 0.0
    ask: str | None = None  # a level waiting for "replace the game in progress?"
    pending: str | None = None  # a level to load in the next frame (``start``)
    menu_scroll: float = 0.0  # the level list's scroll (px)
    menu_max_scroll: float = 0.0
    menu_cache: Any = field(default=None, compare=False)  # (signature, cards, bottom) of the list
    scroller: Scroller = field(default_factory=Scroller, compare=False)  # tap-or-swipe (list, help)
    scroll_of: str = "menu"  # which one the held press scrolls: "menu" | "help"


@dataclass(frozen=True)
class Walk:
    """A click-to-walk: the engine's planned moves (maybe none) and why it stops short, if so."""

    moves: tuple[str, ...]
    code: str = ""  # the engine's walk note ("" or "same_cell": nothing to say)
    quantity: str = ""


@dataclass(frozen=True)
class Command:
    """A page command that is no engine move (a button id for the page: ``"undo"``, ``"eye"``,
    ``"level:<key>"``, ``"ask:yes"``): what an input meant outside the rules."""

    id: str


Move = str | Walk | Command


@dataclass(frozen=True)
class In:
    """A play-screen input: a bound ``action`` (``name``: up/interact/repair/...), a ``click`` at
    canvas ``x, y`` (a pointer press and release without a drag), or a panel ``button`` (``name``:
    its id, ``act:<action text>`` for an engine move)."""

    kind: str
    name: str = ""
    x: float = 0.0
    y: float = 0.0


def repair_text(state: ReactorState) -> str:
    """``repair`` naming the carrier of the first visible unrepaired leak at the robot's cell."""
    here = [lk for lk in state.leaks if not lk.repaired and lk.access == state.robot]
    return f"repair {here[0].carrier}" if len(here) > 1 else "repair"


def action_text(name: str, state: ReactorState) -> str | None:
    """The engine action text of a bound action or panel action name (None: no engine move)."""
    if name in DIR_KEYS:
        return f"move {DIR_KEYS[name]}"
    if name == "repair":
        return repair_text(state)
    if name.split(" ")[0] in LENGTHY:  # interact, remedy <carrier>, shield, activate
        return name
    return None


def interpret(ui: Ui, state: ReactorState, ev: In) -> Move | None:
    """What the player meant on the play screen: the engine move, or ``None`` (``ui`` may change)."""
    if ev.kind == "action":
        return action_text(ev.name, state)
    if ev.kind == "button":
        return action_text(ev.name[4:], state) if ev.name.startswith("act:") else None
    if ev.kind == "click":
        cell = ui.board.cell_at(ev.x, ev.y) if ui.board is not None else None
        if cell is None:
            return None
        walk: Walk | None = None
        if ui.selected == cell and state.outcome is None:
            plan = plan_walk(state, *cell)
            walk = Walk(tuple(plan.moves), plan.code or "", plan.quantity or "")
        ui.selected = cell
        return walk
    return None
