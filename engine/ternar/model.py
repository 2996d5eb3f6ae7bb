"""Ternar's values: options, moves, the game state and the game-over outcome (pydantic models)."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import Field, field_validator, model_validator

from engine.core.schema import FrozenModel
from engine.ternar.rules import SINGULARITY, is_power
from engine.ternar.topology import N_NODES, NEIGHBOUR_SETS, coords

Mode = Literal["classic", "zen", "storm"]
MODES: tuple[str, ...] = ("classic", "zen", "storm")


class Phase(StrEnum):
    """States of 17.1. A stored engine state is only ever IDLE or GAMEOVER; DRAGGING lives in the glue,
    PROCESSING..SPAWNING are the phases of the events ``apply_with_events`` returns."""

    INIT = "INIT"
    IDLE = "IDLE"
    DRAGGING = "DRAGGING"
    PROCESSING = "PROCESSING"
    COLLAPSING = "COLLAPSING"
    FALLING = "FALLING"
    SPAWNING = "SPAWNING"
    GAMEOVER = "GAMEOVER"


class Termination(StrEnum):
    """Game-over reasons of 19.6 (values as written in telemetry 19.5)."""

    NO_MATCHES = "no_matches"
    WINDOW_LOCK = "window_lock"
    FULL_LOCK = "full_lock"


class Outcome(FrozenModel):
    """How a game ended: the reason and the turn it happened on."""

    reason: Termination
    turns: int = Field(ge=0)


class Options(FrozenModel):
    """Game options (part of the save). ``guardrail`` comes from the career profile (10.3).

    ``regeneration``: the nodes a collapse removes flow back in (RULES.md R1); False gives the
    literal "only one node per turn" field, which can only shrink. ``spawn_per_turn``: new nodes
    per productive turn (17.2 says 1). ``ruleset``: the readings of the spec the game is played
    under (RULES.md): 8 today; 1-7 for games started under earlier rules (their saves carry it).
    """

    mode: Mode = "classic"
    guardrail: bool = False
    start_nodes: int = Field(default=7, ge=5, le=7)
    spawn_per_turn: int = Field(default=1, ge=1, le=6)
    regeneration: bool = True
    ruleset: int = Field(default=8, ge=1, le=8)


class Route(FrozenModel):
    """A move: the route as node ids in the order drawn; the result lands on the last one.

    Text form ``"38-39-33"``; ``Route.parse("38-39-33")`` / ``str(route)``.
    """

    nodes: tuple[int, ...] = Field(min_length=1, max_length=N_NODES)

    @field_validator("nodes")
    @classmethod
    def _ids(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        for n in v:
            if not 0 <= n < N_NODES:
                raise ValueError(f"node id {n} is outside 0..{N_NODES - 1}")
        return v

    def text(self) -> str:
        return "-".join(str(n) for n in self.nodes)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Route.parse({self.text()!r})"

    @classmethod
    def parse(cls, text: str) -> Route:
        """Parse ``"a-b-c"``; ValueError if malformed."""
        parts = text.strip().split("-")
        if not text.strip() or any(not (p.strip().isascii() and p.strip().isdigit()) for p in parts):
            raise ValueError(f"not a route: {text!r} (expected node ids like '38-39-33')")
        try:
            return cls(nodes=tuple(int(p) for p in parts))
        except ValueError as exc:
            raise ValueError(f"not a route: {text!r}: {exc}") from None


class SoftUndo(FrozenModel):
    """The once-per-session Soft Undo (16.4, 19.4); text form ``"undo"``."""

    kind: Literal["undo"] = "undo"

    def text(self) -> str:
        return "undo"

    def __str__(self) -> str:
        return "undo"

    def __repr__(self) -> str:
        return "SoftUndo()"


Move = Route | SoftUndo


class State(FrozenModel):
    """A whole Ternar game at rest (IDLE or GAMEOVER). Everything the player expects undo to restore.

    ``values[id]`` is the node value (0 = empty cell), ``ghosts`` the ids of ghost nodes; a node of
    value 3^15 is a singularity. The window is ``[3^w, 3^(w+1), 3^(w+2)]`` with ``w = window_low``.
    ``prev`` is the snapshot taken before the last productive turn (for the Soft Undo).
    """

    options: Options = Options()
    seed: int = Field(ge=0, lt=2**64)
    rng: int = Field(ge=0, lt=2**32)
    values: tuple[int, ...]
    ghosts: tuple[int, ...] = ()
    score: int = Field(default=0, ge=0)
    turns: int = Field(default=0, ge=0)
    window_low: int = Field(default=1, ge=1, le=12)
    pool: tuple[int, ...] = ()
    gravity: Literal["down", "up"] = "down"
    turns_to_inversion: int = Field(default=10, ge=1, le=10)
    undo_used: bool = False
    prev: State | None = None
    outcome: Outcome | None = None
    chain_total: int = Field(default=0, ge=0)
    max_value: int = Field(default=0, ge=0)
    ghosts_spawned: int = Field(default=0, ge=0)
    singularities_created: int = Field(default=0, ge=0)
    big_bangs: int = Field(default=0, ge=0)
    zen_resets: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _check(self) -> State:
        if len(self.values) != N_NODES:
            raise ValueError(f"values must have {N_NODES} entries")
        for i, v in enumerate(self.values):
            if v != 0 and not is_power(v):
                raise ValueError(f"values.{i}: {v} is not 0 or a power of three 3..3^15")
        for g in self.ghosts:
            if not 0 <= g < N_NODES or self.values[g] in (0, SINGULARITY):
                raise ValueError(f"ghosts: node {g} is not an occupied, non-singular node")
        if list(self.ghosts) != sorted(set(self.ghosts)):
            raise ValueError("ghosts must be ascending and unique")
        for p in self.pool:
            if not is_power(p) or p >= 3**self.window_low:
                raise ValueError(f"pool: {p} is not a power of three below the window")
        if self.prev is not None and self.prev.prev is not None:
            raise ValueError("prev may hold only one snapshot")
        return self

    # -- views ---------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """IDLE while playing, GAMEOVER once ``outcome`` is set."""
        return Phase.GAMEOVER if self.outcome is not None else Phase.IDLE

    @property
    def mode(self) -> str:
        return self.options.mode

    @property
    def window(self) -> tuple[int, int, int]:
        """The three values of the generation window (6.2)."""
        w = self.window_low
        return (3**w, 3 ** (w + 1), 3 ** (w + 2))

    @property
    def undo_counter(self) -> str:
        """The 16.7 fraction: "0/1" before the Soft Undo is used, "1/1" after."""
        return "1/1" if self.undo_used else "0/1"

    @property
    def can_undo(self) -> bool:
        """Soft Undo possible: unused, a snapshot exists and the game is not over."""
        return not self.undo_used and self.prev is not None and self.outcome is None

    def node_type(self, nid: int) -> str:
        """ "empty", "normal", "ghost" or "singularity"."""
        v = self.values[nid]
        if v == 0:
            return "empty"
        if v >= SINGULARITY:
            return "singularity"
        return "ghost" if nid in self.ghosts else "normal"

    def cell(self, nid: int) -> dict[str, object]:
        """HexCell of 17.6: id, r (row), q (col), value, type (value 0 / type "empty" for a hole)."""
        r, q = coords(nid)
        return {"id": nid, "r": r, "q": q, "value": self.values[nid], "type": self.node_type(nid)}

    def grid(self) -> list[list[dict[str, object]]]:
        """``grid[row][col]`` of HexCell dicts."""
        from engine.ternar.topology import ROWS, row_ids

        return [[self.cell(n) for n in row_ids(r)] for r in range(ROWS)]

    def occupied(self) -> int:
        return sum(1 for v in self.values if v)

    def density(self) -> float:
        """Occupied share of the 44 nodes."""
        return self.occupied() / N_NODES

    def stage(self) -> int:
        """Intro stage of 12.1: 1 for turns 0-20, 2 for 21-50, 3 from 51 on; always 3 in Zen (no intro)."""
        return 3 if self.options.mode == "zen" else intro_stage(self.turns)

    def singularity_clusters(self) -> list[list[int]]:
        """Edge-connected groups of singularities (ascending ids)."""
        sing = {i for i, v in enumerate(self.values) if v >= SINGULARITY}
        out: list[list[int]] = []
        seen: set[int] = set()
        for s in sorted(sing):
            if s in seen:
                continue
            comp, stack = [], [s]
            seen.add(s)
            while stack:
                x = stack.pop()
                comp.append(x)
                for y in NEIGHBOUR_SETS[x]:
                    if y in sing and y not in seen:
                        seen.add(y)
                        stack.append(y)
            out.append(sorted(comp))
        return out


def intro_stage(turns: int) -> int:
    """1 for turns 0-20, 2 for 21-50, 3 from 51 on (12.1)."""
    if turns <= 20:
        return 1
    if turns <= 50:
        return 2
    return 3
