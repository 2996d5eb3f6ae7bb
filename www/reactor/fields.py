"""The state ``ReactorApp`` keeps, declared once for its parts (``Controls`` input, ``View``
drawing), so each part type-checks on its own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.core.session import Session
    from engine.reactor.actions import Action
    from engine.reactor.state import ReactorState

    from .cascade import Cascade, CascadePlayer
    from .editor import Editor
    from .hud import Hud
    from .interpret import Move, Ui
    from .layout import Layout
    from .model import CustomLevels, Play, Progress
    from .render import BoardPainter
    from .tap import Scroller


class AppFields:
    """Fields of ``ReactorApp`` (set in its ``__init__``) and the methods its parts call on each other."""

    shell: Any  # gwweb.shared.shell.Shell (a fake one in tests)
    t: Any  # the i18n lookup: t(key, **fmt) -> str
    painter: BoardPainter
    hud: Hud
    lay: Layout | None
    screen: str  # "menu" | "play" | "editor"
    play: Play | None
    ui: Ui  # the play screen's UI-only state (``interpret``): selection, hover, eye view, focus
    zoom: bool | None
    pan: tuple[float, float] | None
    drag: tuple[float, float, tuple[float, float], bool] | None
    cascades: CascadePlayer
    anim: Cascade | None
    next_walk: float
    pulse_ms: list[float]
    help: bool
    pending: str | None
    warm: list[Any]
    act_ms: list[tuple[str, float]]
    slow: list[tuple[str, float]]
    drawn: Any  # the surface values drawn in the last frame (quantity -> array)
    progress: Progress
    custom: CustomLevels
    editor: Editor
    menu_scroll: float  # the level list's scroll (px; set when first scrolled)
    menu_max_scroll: float
    ask: str | None  # a level waiting for "replace the game in progress?" (``screens.draw_ask``)
    scroller: Scroller  # tap-or-swipe on the level list and the help box
    scroll_of: str  # which one the held press scrolls: "menu" | "help"
    help_scroll: float
    help_max_scroll: float
    menu_cache: Any  # (signature, cards, bottom) of the level list layout (``screens``)

    # the UI-only fields live in ``ui`` (read and set here as before)
    @property
    def selected(self) -> tuple[int, int] | None:
        return self.ui.selected

    @selected.setter
    def selected(self, v: tuple[int, int] | None) -> None:
        self.ui.selected = v

    @property
    def hover_cell(self) -> tuple[int, int] | None:
        return self.ui.hover_cell

    @hover_cell.setter
    def hover_cell(self, v: tuple[int, int] | None) -> None:
        self.ui.hover_cell = v

    @property
    def eye(self) -> bool:
        return self.ui.eye

    @eye.setter
    def eye(self, v: bool) -> None:
        self.ui.eye = v

    @property
    def eye_layer(self) -> str:
        return self.ui.eye_layer

    @eye_layer.setter
    def eye_layer(self, v: str) -> None:
        self.ui.eye_layer = v

    @property
    def focus(self) -> str | None:
        return self.ui.focus

    @focus.setter
    def focus(self, v: str | None) -> None:
        self.ui.focus = v

    if TYPE_CHECKING:

        def act(self, text: str) -> bool: ...
        def play_move(self, move: Move) -> None: ...
        def do_undo(self) -> None: ...
        def toggle_eye(self) -> None: ...
        def start(self, key: str, session: Session[ReactorState, Action] | None = None) -> None: ...
        def start_now(self, key: str, session: Session[ReactorState, Action] | None = None) -> None: ...
        def next_level(self) -> str | None: ...
        def save_game(self) -> None: ...
        def finish_cascade(self, skipped: bool = True, hurry: bool = False) -> None: ...
        def note_slow(self, what: str, ms: float) -> None: ...
        def on_button(self, id: str) -> None: ...
