"""What the frame, the tutorial and the test hooks read of the Ternar page (a Protocol).

They are typed with this instead of ``TernarApp``, so no glue module imports the app class and the
app's imports stay one-way (#24). ``TernarApp`` satisfies it (mypy checks it where the app passes
itself to ``draw_frame`` and ``hooks``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from gwweb.shared.shell import Shell

    from engine.core.session import Session
    from engine.ternar import Move, State
    from engine.ternar.telemetry import BestView
    from engine.ternar.timeline import Timeline

    from .board import Ui
    from .effects import Fx
    from .frame_cache import FrameCache
    from .render import BoardPainter
    from .replay_state import Replay
    from .tutorial_step import Tutorial


class TernarPage(Protocol):
    """The page's parts and actions the drawing and hook modules use."""

    shell: Shell
    ui: Ui
    painter: BoardPainter
    fx: Fx
    frames: FrameCache
    tutorial: Tutorial | None
    move_anim: Timeline | None
    clock: Callable[[], float]
    early_finishes: int
    arrivals: list[tuple[int, int, str, tuple[int, ...]]]
    dismissed: int
    session: Session[State, Move]
    replay: Replay | None
    prev_state: State | None

    @property
    def state(self) -> State: ...

    @property
    def best(self) -> BestView: ...

    @property
    def t(self) -> Callable[..., str]: ...

    def anim_ms(self) -> float | None: ...

    def busy(self) -> bool: ...

    def locked(self) -> bool: ...

    def play(self, move: Move) -> bool: ...

    def active(self) -> int | None: ...

    def tutorial_card(self) -> bool: ...

    def first_run_tutorial(self) -> None: ...

    def start_new(self, mode: str, seed: int | None = None) -> None: ...

    def state_hash(self) -> str: ...

    def save(self) -> None: ...

    def telemetry_json(self) -> str: ...
