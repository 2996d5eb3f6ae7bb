"""The fields ``ReactorApp`` keeps, declared once for its two mixins (``Controls`` input, ``View``
drawing), so each type-checks on its own. UI-only state is not here: it is the one ``ui`` object
(``interpret.Ui``); other parts of the page see it through the Protocols in ``parts``."""

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


class AppFields:
    """Fields of ``ReactorApp`` (set in its ``__init__``) and the methods its parts call on each other."""

    shell: Any  # gwweb.shared.shell.Shell (a fake one in tests)
    t: Any  # the i18n lookup: t(key, **fmt) -> str
    painter: BoardPainter
    hud: Hud
    lay: Layout | None
    play: Play | None
    ui: Ui  # everything undo should not restore (``interpret.Ui``): screen, selection, eye view, scrolls
    cascades: CascadePlayer
    anim: Cascade | None
    next_walk: float
    pulse_ms: list[float]
    warm: list[Any]
    act_ms: list[tuple[str, float]]
    slow: list[tuple[str, float]]
    drawn: Any  # the surface values drawn in the last frame (quantity -> array)
    progress: Progress
    custom: CustomLevels
    editor: Editor

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
