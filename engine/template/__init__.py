"""Template game — copy this package to start a new engine (see docs/adding-a-game.md).

Walk a token across a small grid to a seeded goal in as few steps as possible. Small on purpose:
it shows every piece a Gridworks engine has — a frozen state and small frozen moves with a text
round-trip, a seeded PRNG passed in explicitly, a typed end of game, events for the glue, a rules
version, and the ``engine.core.session.Game`` protocol — and nothing else.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import Field

from engine.core.rng import Lcg32
from engine.core.schema import FrozenModel
from engine.core.session import IllegalMoveError

RULES_VERSION = 1
SIZE = 5
STEPS = {"U": (0, -1), "D": (0, 1), "L": (-1, 0), "R": (1, 0)}


class Termination(StrEnum):
    REACHED = "REACHED"


class Outcome(FrozenModel):
    termination: Termination
    steps: int


class State(FrozenModel):
    x: int = Field(ge=0, lt=SIZE)
    y: int = Field(ge=0, lt=SIZE)
    goal: tuple[int, int]
    steps: int = 0
    outcome: Outcome | None = None


class Step(FrozenModel):
    """One step: ``U``, ``D``, ``L`` or ``R`` (its text form)."""

    d: str

    def text(self) -> str:
        return self.d


def initial(seed: int, options: dict[str, Any]) -> State:
    """Token in the top-left corner, goal somewhere else chosen by the seed."""
    if options:
        raise ValueError(f"unknown options: {', '.join(sorted(options))}")
    rng = Lcg32(seed)
    cell = 1 + rng.next_below(SIZE * SIZE - 1)
    return State(x=0, y=0, goal=(cell % SIZE, cell // SIZE))


def apply_with_events(state: State, move: Step) -> tuple[State, list[str]]:
    """The state after ``move`` and what happened (``"step"``, ``"bump"`` is refused, ``"reached"``)."""
    if state.outcome is not None:
        raise IllegalMoveError("the game is over")
    dx, dy = STEPS[move.d]
    x, y = state.x + dx, state.y + dy
    if not (0 <= x < SIZE and 0 <= y < SIZE):
        raise IllegalMoveError("that is the edge of the board")
    steps = state.steps + 1
    done = (x, y) == state.goal
    outcome = Outcome(termination=Termination.REACHED, steps=steps) if done else None
    new = state.model_copy(update={"x": x, "y": y, "steps": steps, "outcome": outcome})
    return new, ["step", "reached"] if done else ["step"]


def par(state: State) -> int:
    """The fewest steps from the start to the goal (the rule for a star)."""
    return state.goal[0] + state.goal[1]


def parse_move(text: str) -> Step:
    t = text.strip().upper()
    if t not in STEPS:
        raise ValueError(f"unknown move {text!r} (U, D, L or R)")
    return Step(d=t)


class TemplateGame:
    """``engine.core.session.Game`` for the template."""

    name = "template"
    rules = RULES_VERSION

    def initial(self, seed: int, options: dict[str, Any]) -> State:
        return initial(seed, options)

    def apply(self, state: State, move: Step) -> State:
        return apply_with_events(state, move)[0]

    def apply_with_events(self, state: State, move: Step) -> tuple[State, list[str]]:
        return apply_with_events(state, move)

    def parse_move(self, text: str) -> Step:
        return parse_move(text)

    def format_move(self, move: Step) -> str:
        return move.text()

    def snapshot(self, state: State) -> Any:
        return state.model_dump(mode="json")


GAME = TemplateGame()


def bot_policy(state: State) -> Step | None:
    """The bot for ``python -m engine.template bot``: walk right, then down, to the goal."""
    if state.outcome is not None:
        return None
    if state.x != state.goal[0]:
        return Step(d="R" if state.goal[0] > state.x else "L")
    return Step(d="D" if state.goal[1] > state.y else "U")


__all__ = [
    "GAME",
    "RULES_VERSION",
    "SIZE",
    "Outcome",
    "State",
    "Step",
    "TemplateGame",
    "Termination",
    "bot_policy",
    "par",
]
