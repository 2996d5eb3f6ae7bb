"""What the Orbit glue modules may use of the page's app, as a typing protocol.

The draw and hook modules (``cards``, ``controls``, ``linkplay``, ``panel``, ``render``, ``screens``,
``turnlog``, ``tutorial``) are handed the ``OrbitApp``; they type it with ``OrbitHost`` so that none of
them imports ``app`` (which imports them): no import cycle, and mypy still checks every use, because
``OrbitApp`` must match this protocol wherever it is passed in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from engine.orbit.exposure import EnemyReach
from engine.orbit.state import OrbitState, Ship
from engine.orbit.turn import Problem

from .model import Match
from .ui import Ui

if TYPE_CHECKING:
    from gwweb.shared.shell import Shell


class LinkActions(Protocol):
    """The play-by-link actions the buttons and the menu reach (``linkplay.LinkPlay``)."""

    def resume(self) -> bool: ...

    def has_stored(self) -> bool: ...

    def share(self) -> None: ...

    def paste(self) -> None: ...


class OrbitHost(Protocol):
    """The page's app as its glue modules see it (``app.OrbitApp``)."""

    shell: Shell
    ui: Ui
    match: Match
    started: bool
    notices_shown: int
    rev: int
    clock: Callable[[], float]

    @property
    def link(self) -> LinkActions: ...

    def tr(self, key: str, **fmt: object) -> str: ...

    def ship_name(self, i: int) -> str: ...

    def why(self, p: Problem) -> str: ...

    def toast(self, text: str, ms: float | None = None) -> None: ...

    def button_ids(self) -> list[str]: ...

    def sfx(self, kind: str) -> None: ...

    def save(self) -> None: ...

    def has_game(self) -> bool: ...

    def start_match(self, match: Match) -> None: ...

    def new_game(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None: ...

    def tutorial_button(self, rest: str) -> None: ...

    def covered(self) -> bool: ...

    def can_undo(self) -> bool: ...

    def undo(self) -> None: ...

    def viewer(self) -> int: ...

    def reach_enemy(self) -> int | None: ...

    def planning(self) -> bool: ...

    def preview_ship(self) -> Ship | None: ...

    def preview_threats(self) -> list[EnemyReach]: ...

    def replay_start(self) -> None: ...

    def replay_step(self, d: int) -> None: ...

    def replay_state(self) -> OrbitState: ...
