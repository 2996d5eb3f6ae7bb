"""The ``Game`` object for the session/web shell, options, seeded setup and scenario files."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pydantic import Field, model_validator

from engine.core.rng import Lcg32
from engine.core.schema import Model, SchemaError, parse_model
from engine.orbit.moves import TurnPlan, parse_plan
from engine.orbit.rules import (
    HULL_START,
    MASS_MAX,
    MASS_START,
    REACTOR_UNITS,
    RING_SECTORS,
    SPECS,
    SUBSYSTEMS,
    Facing,
    rail_slugs_start,
)
from engine.orbit.state import OrbitState, Ship, Transit, new_ship
from engine.orbit.turn import Event, execute_turn

DEFAULT_MAX_ROUNDS = 100
RULES_VERSION = 8
"""Rules of new games. 1 (issue 8): fixed seat order, all ships on one ring. 2 (issue 18): the
initiative rotates each round and the start is a seeded scenario (RULES.md). 3 (issue 28): the turn
order and start angles chosen for fair seats with 3 and 4 ships. 4 (issue 28, session 7): a duel's
start distance is drawn from the seed (``scenarios.duel_angle``). 5 (issue 28, session 8): shields
stop missiles and not the railgun (``rules.SHIELD_CUTS``). 6 (issue 28, session 9): with three ships
the seed draws which seat starts alone, with four which seat takes the first place
(``scenarios.place_shift``). 7 (issue 28, session 10): a railgun holding 4 units makes 1 heat every
turn, fired or not (``rules.RAIL_HEAT_ALWAYS``). 8 (issue 28, sessions 14-15): half the seeded duels draw a
short railgun supply, ``rules.RAIL_SLUGS`` slugs a ship, one per shot (``Ship.slugs``,
``scenarios.duel_slugs``); the other duels and three- and four-ship games have no magazine. 9 (issue 28,
session 16): a railgun shot makes 1 heat of its own on top of the powered turn's
(``rules.railgun_shot_heat``). A game keeps
the rules it was started under (``OrbitOptions.rules``; saves without it are rules 1, rules-2 to rules-7
saves replay as they were played)."""
RULES_LATEST = 9
"""The newest rules version this engine can play (a lab draft may sit above ``RULES_VERSION``)."""
RULES_ACCEPTED = RULES_VERSION
"""The newest rules a save, a link or the options may ask for: the shipped rules (session 15: a
hand-edited save or link could reach an unshipped draft, which the page may not show). A newer number is
refused with ``newer_rules``'s words; the lab opens a draft by raising it (``orbit_trials`` ``rulesN``)."""


def newer_rules(options: Any) -> str | None:
    """Why ``options`` (a save's or link's) ask for rules this version does not play, or None."""
    rules = options.get("rules") if isinstance(options, dict) else None
    if isinstance(rules, int) and not isinstance(rules, bool) and rules > RULES_ACCEPTED:
        return (
            f"it uses Orbit Simulator rules {rules}, newer than this version plays (rules 1 to "
            f"{RULES_ACCEPTED}); open it on an updated page"
        )
    return None


class ShipSetup(Model):
    """One ship of a scenario; omitted fields take the rules' starting values."""

    ring: int = Field(ge=1, le=5)
    sector: int = Field(ge=0, le=95)
    facing: Facing = Facing.PROGRADE
    energy: dict[str, int] = Field(default_factory=dict)
    heat: int = Field(default=0, ge=0, le=999)
    hull: int = Field(default=HULL_START, ge=1, le=999)
    mass: int = Field(default=MASS_START, ge=0, le=MASS_MAX)

    @model_validator(mode="after")
    def _check(self) -> ShipSetup:
        if self.sector >= RING_SECTORS[self.ring]:
            raise ValueError(
                f"sector {self.sector} is not on ring {self.ring} (0..{RING_SECTORS[self.ring] - 1})"
            )
        names = {s.value: s for s in SUBSYSTEMS}
        for k, v in self.energy.items():
            if k not in names:
                raise ValueError(f"unknown subsystem {k!r} (use {', '.join(names)})")
            if not 0 <= v <= SPECS[names[k]].maximum:
                raise ValueError(f"energy {k}={v} outside 0..{SPECS[names[k]].maximum}")
        if sum(self.energy.values()) > REACTOR_UNITS:
            raise ValueError(f"allocated energy exceeds the reactor's {REACTOR_UNITS} units")
        return self

    def build(self, ship_id: int) -> Ship:
        alloc = tuple(self.energy.get(s.value, 0) for s in SUBSYSTEMS)
        return new_ship(ship_id, self.ring, self.sector, self.facing, alloc, self.heat, self.hull, self.mass)


class OrbitOptions(Model):
    """Session options: number of ships (seeded placement) or explicit ships; round limit; first ship."""

    players: int = Field(default=2, ge=2, le=4)
    max_rounds: int = Field(default=DEFAULT_MAX_ROUNDS, ge=1, le=10_000)
    ships: list[ShipSetup] | None = Field(default=None, min_length=2, max_length=4)
    first: int = Field(default=0, ge=0, le=3)
    rules: int = Field(default=1, ge=1)  # newer than RULES_ACCEPTED: refused in words (newer_rules)

    @model_validator(mode="after")
    def _check(self) -> OrbitOptions:
        why = newer_rules({"rules": self.rules})
        if why is not None:
            raise ValueError(why)
        if self.ships is not None and "players" in self.model_fields_set and self.players != len(self.ships):
            raise ValueError(f"players={self.players} but {len(self.ships)} ships are given")
        return self


class Scenario(Model):
    """``python -m engine.orbit play`` input: initial ships and the list of turn plans (text form)."""

    ships: list[ShipSetup] = Field(min_length=2, max_length=4)
    first: int = Field(default=0, ge=0, le=3)
    max_rounds: int = Field(default=DEFAULT_MAX_ROUNDS, ge=1, le=10_000)
    plans: list[str] = Field(default_factory=list, max_length=100_000)


def seeded_ships(seed: int, players: int) -> tuple[Ship, ...]:
    """Rules 1 setup: all ships on one ring (2, 3 or 4), evenly spaced from a seeded offset, prograde."""
    rng = Lcg32(seed)
    ring = 2 + rng.next_below(3)
    n = RING_SECTORS[ring]
    offset = rng.next_below(n)
    return tuple(new_ship(i, ring, offset + i * n // players) for i in range(players))


def new_game_options(players: int) -> dict[str, Any]:
    """Options for a new seeded game under the current rules."""
    return {"players": players, "rules": RULES_VERSION}


def start_names(seed: int, options: dict[str, Any] | None = None) -> tuple[str, str] | None:
    """(layout, loadout) keys of a rules-2 seeded start, None for explicit ships or rules 1."""
    from engine.orbit.scenarios import scenario_ships

    opts = parse_model(OrbitOptions, dict(options or {}), "options")
    if opts.ships is not None or opts.rules < 2:
        return None
    start = scenario_ships(seed, opts.players, opts.rules)
    return start.layout, start.loadout


def initial_state(seed: int, options: dict[str, Any] | None = None) -> OrbitState:
    """The starting state; ``options`` are checked against ``OrbitOptions`` (``SchemaError`` if bad)."""
    from engine.orbit.scenarios import scenario_ships

    opts = parse_model(OrbitOptions, dict(options or {}), "options")
    if opts.ships is not None:
        ships = tuple(s.build(i) for i, s in enumerate(opts.ships))
    elif opts.rules >= 2:
        ships = scenario_ships(seed, opts.players, opts.rules).ships
    else:
        ships = seeded_ships(seed, opts.players)
    slugs = rail_slugs_start(opts.rules) if opts.ships is not None else None  # seeded: drawn with the start
    if slugs is not None:
        ships = tuple(replace(s, slugs=slugs) for s in ships)
    if opts.first >= len(ships):
        raise SchemaError("options", [f"first: ship {opts.first} does not exist"])
    return OrbitState(
        ships=ships, active=opts.first, turn=0, max_rounds=opts.max_rounds, lead=opts.first, rules=opts.rules
    )


def scenario_options(sc: Scenario) -> dict[str, Any]:
    """Session options that start a game from a scenario's ships."""
    return {
        "ships": [s.model_dump(mode="json") for s in sc.ships],
        "first": sc.first,
        "max_rounds": sc.max_rounds,
    }


class OrbitGame:
    """Orbit Simulator for ``engine.core.session.Session``: moves are ``TurnPlan`` values."""

    name = "orbit"

    def initial(self, seed: int, options: dict[str, Any]) -> OrbitState:
        return initial_state(seed, options)

    def apply(self, state: OrbitState, move: TurnPlan) -> OrbitState:
        return execute_turn(state, move)[0]

    def apply_with_events(self, state: OrbitState, move: TurnPlan) -> tuple[OrbitState, list[Event]]:
        """``apply`` plus the turn's events (``Session`` keeps them in ``last_events`` for the page)."""
        return execute_turn(state, move)

    def parse_move(self, text: str) -> TurnPlan:
        return parse_plan(text)

    def format_move(self, move: TurnPlan) -> str:
        return move.text()

    def snapshot(self, state: OrbitState) -> Any:
        return state.to_json()


GAME = OrbitGame()

__all__ = [
    "GAME",
    "OrbitGame",
    "OrbitOptions",
    "Scenario",
    "ShipSetup",
    "Transit",
    "initial_state",
    "newer_rules",
]
