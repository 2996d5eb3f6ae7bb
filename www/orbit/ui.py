"""The Orbit page's UI state: everything on screen that undo never restores (mode, menu choices,
selection, the pending plan, animation, replay position, camera, keyboard focus).

Pure Python (no ``js``): ``app.OrbitApp`` owns one ``Ui``; ``controls`` edits it, ``render`` reads it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gwweb.shared.chrome.help import HelpState

from engine.orbit.rules import Weapon
from engine.orbit.state import OrbitState

from . import layout as lay_mod
from .model import HUMAN, Planner
from .orbitview import OrbitView

Shot = tuple[int, int, Weapon]
"""(shooter, target, weapon) of one shot drawn in a turn's animation."""


@dataclass
class Anim:
    """A turn (or several) being animated from ``before`` to ``after`` over ``ms`` from ``t0``."""

    before: OrbitState
    after: OrbitState
    shots: list[Shot]
    t0: float
    ms: float

    def progress(self, now: float) -> float:
        return max(0.0, min(1.0, (now - self.t0) / self.ms)) if self.ms > 0 else 1.0

    def done(self, now: float) -> bool:
        return now >= self.t0 + self.ms


DEFAULT_LEVEL = "tactical"
"""The computer a new player meets first: "hard", one below the strongest ("expert"), issue 28."""


@dataclass
class Ui:
    """The page's UI state (see the module doc)."""

    mode: str = "menu"  # "menu" | "play" | "replay"
    help: HelpState = field(default_factory=HelpState)  # the shared help overlay: open, page
    preset: str = "ai"
    difficulty: str = DEFAULT_LEVEL
    seats: list[str] = field(default_factory=lambda: [HUMAN, DEFAULT_LEVEL])
    tab: str = "plan"  # phone: the plan or the log under the orbit view
    sel: int = 0  # the selected subsystem row
    planner: Planner | None = None
    anim: Anim | None = None
    seen_by: int | None = None  # hot-seat: the ship whose player has taken the device
    replay_i: int = 0
    replay_play: bool = False
    replay_next: float = 0.0
    pointers: dict[int, tuple[float, float]] = field(default_factory=dict)
    tut_step: int | None = None
    focus: str | None = None  # the canvas button with the keyboard focus (Tab), drawn with a ring
    link_error: str | None = None  # why the last link was refused (drawn until closed)
    reach_of: int | None = None  # the enemy whose reach alone the board shows (tap its ship, or E)
    press: tuple[float, float] | None = None  # where the pointer went down on the board (a tap?)
    view: OrbitView = field(default_factory=OrbitView)
    layout: lay_mod.Layout = field(default_factory=lambda: lay_mod.compute(1000.0, 720.0))
