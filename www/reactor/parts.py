"""The small views the Reactor page's parts have of each other (#24: no part imports the app class).

Each Protocol names only what one part reads or calls: the play panel and the cascade overlay
(``PlayView``), the level list, results, question and help (``PageView``), the level editor's host page (``EditorHost``) and the editor as its board and panel
drawings see it (``EditorView``). This module imports no part of the page, so no import cycle can
run through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from engine.core.schema import Problem
    from engine.core.session import Session
    from engine.reactor.actions import Action
    from engine.reactor.progress import Progress
    from engine.reactor.state import ReactorState
    from engine.reactor.validate import Issue

    from .badges import Badges
    from .cascade import Cascade, CascadePlayer
    from .edoc import Doc
    from .eui import EditorUi
    from .interpret import Ui
    from .model import CustomLevels, Run
    from .render import BoardPainter

Cell = tuple[int, int]


class PlayView(Protocol):
    """What the play panel (``hud``) and the cascade overlay (``cascade_draw``) read of the page."""

    shell: Any
    t: Any  # t(key, **fmt) -> str

    @property
    def run(self) -> Run | None: ...
    @property
    def custom(self) -> CustomLevels: ...
    @property
    def anim(self) -> Cascade | None: ...
    @property
    def cascades(self) -> CascadePlayer: ...

    painter: BoardPainter
    drawn: Any  # the surface values drawn in this frame
    ui: Ui  # read only: the eye view, its layer, the selected and hovered cells


class PageView(Protocol):
    """What the level list, the results box, the replace-the-game question (``screens``) and the
    help overlay (``help``) read of the page (and the list's scroll they set in ``ui``)."""

    shell: Any
    t: Any
    ui: Ui

    @property
    def run(self) -> Run | None: ...
    @property
    def custom(self) -> CustomLevels: ...
    @property
    def progress(self) -> Progress: ...
    def next_level(self) -> str | None: ...


class EditorHost(Protocol):
    """What the level editor uses of the page it runs in: the shell, the player's levels and
    progress, the screen switch, and starting a play-test."""

    shell: Any
    ui: Ui  # the editor opens and closes by setting ``ui.screen``; the levels: ``ui.custom``

    def t(self, key: str, **fmt: Any) -> str: ...
    def start(self, key: str, session: Session[ReactorState, Action] | None = None) -> None: ...
    def forget_level(self, key: str) -> None: ...


class EditorView(Protocol):
    """The editor as its board (``eview``) and panel (``epanel``) drawings read it."""

    app: EditorHost
    doc: Doc
    badges: Badges
    ui: EditorUi  # the cursor, tool, layer and panel
    rows: list[tuple[float, float, float, float, int | None, int | None]]

    def t(self, key: str) -> str: ...
    def issue_text(self, problem: Issue | Problem) -> str: ...
    def solver_text(self) -> tuple[str, str]: ...
