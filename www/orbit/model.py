"""View-model for the Orbit Simulator page: the pending plan being edited, and the match (seats, session,
log). Pure Python (no ``js``): every rule question is asked of ``engine.orbit``; this module only keeps
what the player is in the middle of doing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.core.session import SaveData, Session
from engine.orbit.ai import AI_LEVELS, Thinking, targets_in_range, think
from engine.orbit.game import GAME, new_game_options
from engine.orbit.link import LinkRecord, encode
from engine.orbit.moves import FireOrder, TurnPlan
from engine.orbit.rules import (
    SPECS,
    SUB_INDEX,
    SUBSYSTEMS,
    WEAPON_SPECS,
    WEAPONS,
    Burn,
    Facing,
    Subsystem,
    Weapon,
)
from engine.orbit.state import OrbitState, Ship
from engine.orbit.turn import (
    Event,
    Problem,
    burn_destination,
    execute_turn,
    facing_after,
    is_active,
    moved_position,
    preview,
    resolve,
    validate,
)

HUMAN = "human"
FRIEND = "friend"
"""A seat played on another device (play by link): never thought for here, waits for a link."""
SEAT_KINDS: tuple[str, ...] = (HUMAN, *AI_LEVELS)
LINK_SEATS = ("host", "guest")


class OrbitSave(BaseModel):
    """What the page keeps in localStorage: the session save plus who sits in each seat."""

    model_config = ConfigDict(extra="forbid")

    session: SaveData
    seats: list[str] = Field(min_length=2, max_length=4)
    link_me: int | None = Field(default=None, ge=0, le=1)

    @field_validator("seats")
    @classmethod
    def _kinds(cls, v: list[str]) -> list[str]:
        for k in v:
            if k not in (*SEAT_KINDS, FRIEND):
                raise ValueError(f"unknown seat kind {k!r}")
        return v


# -- the pending plan ---------------------------------------------------------------------------------


@dataclass
class Planner:
    """The active ship's pending state (planning phase), edited freely and validated live."""

    state: OrbitState
    pending: list[int] = field(default_factory=list)
    vent: int = 0
    rotate: bool = False
    burn: Burn | None = None
    adjust: int = 0
    scoop: bool = False
    fire: dict[Weapon, tuple[int, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.reset(self.state)

    def reset(self, state: OrbitState) -> None:
        self.state = state
        self.pending = list(state.active_ship.alloc)
        self.vent = 0
        self.rotate = False
        self.burn = None
        self.adjust = 0
        self.scoop = False
        self.fire = {}

    # -- reading -----------------------------------------------------------------------------------
    @property
    def ship(self) -> Ship:
        return self.state.active_ship

    def plan(self, with_fire: bool = True) -> TurnPlan:
        ship = self.ship
        alloc = tuple((s, p) for s, p, c in zip(SUBSYSTEMS, self.pending, ship.alloc) if p != c)
        fire = tuple(FireOrder(w, t) for w, t in self.fire.items() if t) if with_fire else ()
        return TurnPlan(
            alloc=alloc,
            vent=self.vent,
            rotate=self.rotate,
            burn=self.burn,
            adjust=self.adjust if self.burn is not None else 0,
            scoop=self.scoop and self.burn is None,
            fire=fire,
        )

    def problems(self) -> list[Problem]:
        return validate(self.state, self.plan())

    def powered(self, sub: Subsystem) -> bool:
        return is_active(sub, self.pending[SUB_INDEX[sub]])

    def returned(self) -> int:
        """Units going back to the reactor this turn (deallocation + venting), of the 3 allowed."""
        down = sum(max(0, c - p) for p, c in zip(self.pending, self.ship.alloc))
        return down + self.vent

    def budget(self) -> dict[str, Any]:
        """The engine's preview of the pending plan (reactor free now / next turn, heat per subsystem...)."""
        return preview(self.state, self.plan())

    def fire_position(self) -> tuple[tuple[int, int], Facing]:
        base = self.plan(with_fire=False)
        return moved_position(self.ship, base), facing_after(self.ship, base)

    def targets(self, weapon: Weapon) -> list[int]:
        """Enemies ``weapon`` could hit this turn from where the plan puts the ship (engine ranges)."""
        if not self.powered(weapon.subsystem):
            return []
        where, facing = self.fire_position()
        return targets_in_range(self.state, weapon, where, facing)

    def burn_dest_ring(self) -> int | None:
        return burn_destination(self.ship, self.plan(with_fire=False))

    def preview(self) -> tuple[OrbitState, list[Event]] | None:
        """The engine's result of executing the plan now (None while the plan is illegal)."""
        plan = self.plan()
        if validate(self.state, plan):
            return None
        return resolve(self.state, plan)

    # -- editing (each returns None when done, or the engine's problem that blocked it) -------------
    def _attempt(self, change: Callable[[], None]) -> Problem | None:
        saved = (
            list(self.pending),
            self.vent,
            self.rotate,
            self.burn,
            self.adjust,
            self.scoop,
            dict(self.fire),
        )
        before = {p.code for p in self.problems()}
        change()
        if self.burn is None:
            self.adjust = 0
        else:
            self.scoop = False
        self._prune_fire()
        new = [p for p in self.problems() if p.code not in before]
        if new:
            (self.pending, self.vent, self.rotate, self.burn, self.adjust, self.scoop, self.fire) = saved
            return new[0]
        return None

    def _prune_fire(self) -> None:
        for w in list(self.fire):
            ok = set(self.targets(w))
            kept = tuple(t for t in self.fire[w] if t in ok)
            if kept:
                self.fire[w] = kept
            else:
                del self.fire[w]

    def energy(self, sub: Subsystem, delta: int) -> Problem | None:
        i = SUB_INDEX[sub]
        target = self.pending[i] + delta
        if target < 0:
            return None  # nothing allocated there: a no-op, not an error
        if target > SPECS[sub].maximum:
            return Problem("subsystem_max", f"{SPECS[sub].label} takes at most {SPECS[sub].maximum}")

        def change() -> None:
            self.pending[i] = target
            if not self.powered(Subsystem.THRUSTERS):
                self.rotate = False
            if not self.powered(Subsystem.SCOOP):
                self.scoop = False
            if (
                self.burn is not None
                and self.pending[SUB_INDEX[Subsystem.ENGINES]] < self.burn.engines_needed
            ):
                self.burn = None

        return self._attempt(change)

    def set_vent(self, n: int) -> Problem | None:
        if n < 0:
            return None

        def change() -> None:
            self.vent = n

        return self._attempt(change)

    def toggle_rotate(self) -> Problem | None:
        def change() -> None:
            self.rotate = not self.rotate

        return self._attempt(change)

    def set_burn(self, burn: Burn | None) -> Problem | None:
        def change() -> None:
            self.burn = burn

        return self._attempt(change)

    def set_adjust(self, adj: int) -> Problem | None:
        def change() -> None:
            self.adjust = max(-1, min(1, adj))

        return self._attempt(change)

    def toggle_scoop(self) -> Problem | None:
        def change() -> None:
            self.scoop = not self.scoop
            if self.scoop:
                self.burn = None

        return self._attempt(change)

    def toggle_target(self, weapon: Weapon, target: int) -> Problem | None:
        def change() -> None:
            cur = self.fire.get(weapon, ())
            if target in cur:
                self.fire[weapon] = tuple(t for t in cur if t != target)
            elif WEAPON_SPECS[weapon].max_targets == 1:
                self.fire[weapon] = (target,)
            else:
                self.fire[weapon] = tuple(sorted((*cur, target)))[: WEAPON_SPECS[weapon].max_targets]
            if not self.fire[weapon]:
                del self.fire[weapon]

        return self._attempt(change)

    def auto_fire(self) -> None:
        """Aim every powered weapon at targets in range (weakest first); if all are aimed, stand down."""
        options = {w: self.targets(w) for w in WEAPONS}
        options = {w: t for w, t in options.items() if t}
        if options and all(w in self.fire for w in options):
            self.fire = {}
            return
        for w, cands in options.items():
            if w in self.fire:
                continue
            ranked = sorted(cands, key=lambda t: (self.state.ships[t].hull, t))
            self.fire[w] = tuple(sorted(ranked[: WEAPON_SPECS[w].max_targets]))
        if self.problems():
            self._prune_fire()


# -- the match ----------------------------------------------------------------------------------------


@dataclass
class Turn:
    """One executed turn for the log: who, the plan, the engine's events and the states around it."""

    index: int
    ship: int
    plan: TurnPlan
    events: list[Event]
    before: OrbitState
    after: OrbitState


class Match:
    """A game in progress: the session (undo, save), the seats and the derived turn log."""

    def __init__(self, seed: int, seats: list[str], options: dict[str, Any] | None = None) -> None:
        opts = dict(options or new_game_options(len(seats)))
        self.session: Session[OrbitState, TurnPlan] = Session(GAME, seed, opts, keep_events=True)
        self.seats = list(seats)
        self.turns: list[Turn] = []
        self.link_me: int | None = None

    @classmethod
    def restore(cls, save: OrbitSave) -> Match:
        """Replay a stored game (``SchemaError`` if it does not replay)."""
        session = Session.load(GAME, save.session, keep_events=True)
        m = cls.__new__(cls)
        m.session = session
        m.seats = list(save.seats)
        m.link_me = save.link_me
        if len(m.seats) != len(session.state.ships):
            from engine.core.schema import SchemaError

            raise SchemaError("save", ["seats do not match the number of ships"])
        m.turns = []
        m._rebuild_log()
        return m

    def _rebuild_log(self) -> None:
        self.turns = []
        state = GAME.initial(self.session.seed, self.session.options)
        for i, mv in enumerate(self.session.moves):
            after, events = execute_turn(state, mv)
            self.turns.append(Turn(i, state.active, mv, events, state, after))
            state = after

    def to_save(self) -> OrbitSave:
        return OrbitSave(session=self.session.save(), seats=self.seats, link_me=self.link_me)

    # -- play by link ---------------------------------------------------------------------------------
    @classmethod
    def for_link(
        cls, seed: int, me: int, moves: tuple[str, ...] = (), options: dict[str, Any] | None = None
    ) -> Match:
        """A 2-ship game played by link, this device controlling ship ``me``."""
        seats = [HUMAN if i == me else FRIEND for i in range(2)]
        m = cls(seed, seats, options or new_game_options(2))
        m.link_me = me
        for text in moves:
            m.play(m.session.game.parse_move(text))
        return m

    def link_record(self) -> LinkRecord:
        """This game as a link record (seats named host/guest)."""
        save = self.session.save()
        return LinkRecord(save.seed, dict(save.options), LINK_SEATS, tuple(save.moves), "")

    def link_code(self) -> str:
        save = self.session.save()
        return encode(save.seed, dict(save.options), LINK_SEATS, list(save.moves))

    def waiting_for_friend(self) -> bool:
        return self.link_me is not None and not self.over() and self.kind() == FRIEND

    @property
    def state(self) -> OrbitState:
        return self.session.state

    @property
    def seed(self) -> int:
        return self.session.seed

    def kind(self, ship: int | None = None) -> str:
        return self.seats[self.state.active if ship is None else ship]

    def humans(self) -> int:
        return sum(1 for k in self.seats if k == HUMAN)

    def over(self) -> bool:
        return self.state.outcome is not None

    def play(self, plan: TurnPlan) -> Turn:
        """Play ``plan`` through the session (``IllegalMoveError`` if refused) and log the turn."""
        before = self.state
        self.session.play(plan)
        return self.record(before)

    def record(self, before: OrbitState) -> Turn:
        """Log the move the session just played from ``before`` (its events: ``session.last_events``)."""
        plan = self.session.moves[-1]
        turn = Turn(len(self.turns), before.active, plan, list(self.session.last_events), before, self.state)
        self.turns.append(turn)
        return turn

    def ai_think(self) -> Thinking:
        """The active computer player's search, one simulated plan per step (see ``engine.orbit.ai.think``)."""
        return think(self.state, self.kind(), self.seed)

    def can_undo(self) -> bool:
        """Undo goes back to the last turn a human planned (taking back computer replies too), and only
        for the player at the controls: in a hot-seat game the last human turn must be the active
        ship's own (the next player can never replan the previous player's turn)."""
        if self.link_me is not None:
            return False  # play by link: a turn may already be shared, it cannot be taken back
        last = next((t for t in reversed(self.turns) if self.seats[t.ship] == HUMAN), None)
        if last is None or self.over():
            return last is not None and self.humans() == 1
        return self.humans() == 1 or last.ship == self.state.active

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        while self.session.can_undo():
            self.session.undo()
            t = self.turns.pop()
            if self.seats[t.ship] == HUMAN:
                break
        return True
