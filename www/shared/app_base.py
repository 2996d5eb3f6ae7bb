"""``AppBase``: what both app shapes are made of — ``TurnApp`` (``gwweb.shared.app``) and its real-time
twin ``RealtimeApp`` (``gwweb.shared.realtime_app``) — after Tatham's midend: the shell, the game
(its ``Game`` rules object), the UI-state object (never undone), ``interpret(ui, state, ev)`` and
``render(g, ui, state, t)``, and the clock ``render`` is given. Each shape adds its own session
handling (saved after every move, or a clock asking one move a tick and saving at checkpoints).

``V`` is the state as ``interpret``/``render`` see it (``S`` for a turn game; ``S | None`` for a
real-time page whose menus run with no game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from gwweb.shared.canvas import Gfx
from gwweb.shared.input import Event

from engine.core.session import Game

S = TypeVar("S")
M = TypeVar("M")
U = TypeVar("U")
V = TypeVar("V")


class AppBase(Generic[S, M, U, V]):
    """The constructor fields the two app shapes share, and the App contract's defaults."""

    realtime = False
    SAVE = "game"
    shell: Any
    """A ``ShellLike`` (the real ``Shell`` in the browser; a game's parts may type it richer)."""

    def __init__(
        self,
        shell: Any,
        game: Game[S, M],
        ui: U,
        interpret: Callable[[U, V, Event], M | None],
        render: Callable[[Gfx, U, V, float], None],
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.shell = shell
        self.game = game
        self.ui = ui
        self.interpret = interpret
        self.render = render
        self.clock = clock or (lambda: 0.0)
        """Milliseconds for ``render``'s ``t`` (animations); 0 without one."""

    def on_button(self, id: str) -> None:
        """A canvas button (none by default)."""

    def animating(self) -> bool:
        return False


__all__ = ["AppBase"]
