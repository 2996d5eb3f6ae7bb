"""Orbit Simulator, issue 28 figures: threat honesty, seat fairness, loadout and heat variety.

``python -m tools.playtest.orbit_threats --players 2 --games 20 --seed 0`` plays expert games (every
seat expert unless ``--seats`` names them) and, for every turn of every ship, checks what the panel
would have said about where the turn leaves it against what then happened before its next turn:

- ``new lies``: hits on a position the engine's ``exposure.reach_at`` called safe, hits by a weapon
  (or on a move) it did not name, hits whose damage differs from the named damage, and enemies that
  dealt more than the ``most`` it gave;
- ``old lies``: hits on a position the one-turn ``threat.threats`` called safe (the panel before #28).

It also reports wins by seat, game length (rounds, quartiles), the share of turns on the most common
energy loadout, and games where heat cost hull or the ship vented.

``heat_decision_games`` (issue 28's "heat changes decisions") counts games where heat cost an expert
hull, or where on some turn the expert chose another plan than it would have chosen if heat did
nothing: the same position with every ship's heat set to 0 and ``turn.turn_heat`` patched to 0 for
that one search (energy, movement or fire differ; the vent itself is left out of the comparison).
A vent that the expert makes anyway, with budget to spare, does not count.

Session 10 splits "heat changes decisions" the way the issue words it (it damages hull, or the expert
vents or holds fire because of it): ``heat_damage_games`` (an expert lost hull to heat),
``expert_vent_games`` (an expert vented: spent return budget on heat), ``heat_fire_games`` (the
heat-blind search keeps the railgun powered, or fires it, where the real one does not, or the other
way round), and their union ``heat_hull_vent_or_fire_games``; session 11 adds the strict measure
``heat_hull_or_held_shot_games``: an expert lost hull to heat, or on some turn the heat-blind search
fires a weapon the real one does not (``heat_shot_held_games``: a shot held because of heat); with ``vent_turn_share`` (expert turns
that vent), ``vent_units`` and ``railgun_powered_turn_share``. ``--trial rules6`` plays new games under
an older rules version (the "before"), any ``orbit_trials`` part likewise.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from engine.orbit import ai as orbit_ai
from engine.orbit import game as orbit_game
from engine.orbit import turn as orbit_turn
from engine.orbit.exposure import reach_at
from engine.orbit.moves import TurnPlan
from engine.orbit.rules import SPECS, SUB_INDEX, WEAPON_SPECS, Subsystem, Weapon
from engine.orbit.scenarios import duel_slugs
from engine.orbit.state import OrbitState
from engine.orbit.threat import threats
from engine.orbit.turn import execute_turn
from tools.playtest.orbit_trials import apply
from tools.playtest.progress import run_many

_RAIL = SUB_INDEX[Subsystem.RAILGUN]
WEAPON_MIN_RAIL = SPECS[Subsystem.RAILGUN].minimum


@dataclass
class Claim:
    """What the panel said after ``ship``'s turn, and what happened until its next one."""

    ship: int
    safe_new: bool
    safe_old: bool
    named: dict[tuple[int, int, str], int]
    most: dict[int, int]
    moves_seen: dict[int, int] = field(default_factory=dict)
    dealt: dict[int, int] = field(default_factory=dict)
    hits: list[tuple[int, int, str, int]] = field(default_factory=list)


@dataclass
class GameStats:
    seed: int
    seats: tuple[str, ...]
    winner: int | None
    rounds: int
    claims: int = 0
    hit_claims: int = 0
    safe_claims_new: int = 0
    safe_claims_old: int = 0
    lies_new: int = 0
    lies_old: int = 0
    lie_examples: list[str] = field(default_factory=list)
    loadouts: list[str] = field(default_factory=list)
    heat_damage: bool = False
    vented: bool = False
    heat_changed: bool = False
    heat_fire: bool = False
    heat_shot: bool = False
    expert_turns: int = 0
    vent_turns: int = 0
    vent_units: int = 0
    rail_turns: int = 0
    heat_turns_checked: int = 0


def _close(c: Claim, g: GameStats) -> None:
    g.claims += 1
    g.safe_claims_new += c.safe_new
    g.safe_claims_old += c.safe_old
    if not c.hits:
        return
    g.hit_claims += 1
    g.lies_old += c.safe_old
    bad = c.safe_new
    for enemy, move, weapon, dmg in c.hits:
        if c.named.get((enemy, move, weapon)) != dmg:
            bad = True
    for enemy, total in c.dealt.items():
        if total > c.most.get(enemy, 0):
            bad = True
    if bad:
        g.lies_new += 1
        if len(g.lie_examples) < 5:
            g.lie_examples.append(f"seed {g.seed} ship {c.ship}: said {c.named} most {c.most}, got {c.hits}")


@contextmanager
def _no_heat() -> Iterator[None]:
    """Within the block, turns generate no heat (the lab's counterfactual; the engine is untouched after)."""
    real = orbit_turn.turn_heat
    orbit_turn.turn_heat = lambda pending, railgun_fired, rules: 0
    try:
        yield
    finally:
        orbit_turn.turn_heat = real


def _decision(state: OrbitState, plan: TurnPlan) -> tuple[object, ...]:
    me = state.ships[state.active]
    return (plan.pending(me.alloc), plan.rotate, plan.burn, plan.adjust, plan.fire)


def _rail_use(state: OrbitState, plan: TurnPlan) -> tuple[bool, bool]:
    """Whether the plan keeps the railgun powered, and whether it fires it (the "holds fire because of
    heat" comparison: the only weapon that makes heat)."""
    rail = plan.pending(state.ships[state.active].alloc)[_RAIL]
    return rail >= WEAPON_MIN_RAIL, any(f.weapon is Weapon.RAILGUN for f in plan.fire)


def _shots(plan: TurnPlan) -> set[Weapon]:
    """The weapons a plan fires."""
    return {f.weapon for f in plan.fire}


def held_shot(blind: TurnPlan, plan: TurnPlan) -> bool:
    """The strict "holds fire because of heat": the heat-blind plan fires a weapon the real one does not."""
    return bool(_shots(blind) - _shots(plan))


def heat_blind_plan(state: OrbitState, level: str, seed: int) -> TurnPlan:
    """The plan ``level`` would choose here if heat did nothing (no ship hot, no heat generated)."""
    cold = replace(state, ships=tuple(replace(s, heat=0) for s in state.ships))
    with _no_heat():
        return orbit_ai.choose_plan(cold, level, seed)


def play(job: tuple[int, tuple[str, ...]] | tuple[int, tuple[str, ...], bool]) -> GameStats:
    """One game; every ship's every turn is a claim checked until its next turn. A third job item
    ``False`` skips the heat counterfactual (half the CPU: for seat and threat runs only)."""
    seed, seats = job[0], job[1]
    heat_check = job[2] if len(job) > 2 else True
    state = orbit_game.initial_state(seed, orbit_game.new_game_options(len(seats)))
    g = GameStats(seed, seats, None, 0)
    open_claims: dict[int, Claim] = {}
    while state.outcome is None:
        me = state.active
        if me in open_claims:
            _close(open_claims.pop(me), g)
        plan = orbit_ai.choose_plan(state, seats[me], seed)
        if seats[me] == "expert":
            g.loadouts.append(" ".join(str(a) for a in plan.pending(state.ships[me].alloc)))
            if heat_check and not (g.heat_changed and g.heat_fire and g.heat_shot):
                g.heat_turns_checked += 1
                blind = heat_blind_plan(state, seats[me], seed)
                g.heat_changed = g.heat_changed or _decision(state, blind) != _decision(state, plan)
                g.heat_fire = g.heat_fire or _rail_use(state, blind) != _rail_use(state, plan)
                g.heat_shot = g.heat_shot or held_shot(blind, plan)
            g.vented = g.vented or plan.vent > 0
            g.expert_turns += 1
            g.vent_turns += plan.vent > 0
            g.vent_units += plan.vent
            g.rail_turns += _rail_use(state, plan)[0]
        after, events = execute_turn(state, plan)
        for ev in events:
            if ev.kind == "heat_damage" and seats[me] == "expert":
                g.heat_damage = True
            if ev.kind == "hit" and ev.target in open_claims:
                c = open_claims[ev.target]
                move = c.moves_seen.get(me, 0) + 1
                weapon = next(
                    f.weapon.value
                    for f in plan.fire
                    if ev.target in f.targets and WEAPON_SPECS[f.weapon].label in ev.text
                )
                c.hits.append((me, move, weapon, ev.amount))
                c.dealt[me] = c.dealt.get(me, 0) + ev.amount
        for c in open_claims.values():
            c.moves_seen[me] = c.moves_seen.get(me, 0) + 1
        if after.outcome is None and after.ships[me].alive:
            reach = reach_at(after, me)
            open_claims[me] = Claim(
                me,
                safe_new=not reach,
                safe_old=not threats(after, me),
                named={(h.enemy, h.move, h.weapon.value): h.damage for r in reach for h in r.hits},
                most={r.enemy: r.most for r in reach},
            )
        state = after
    g.winner = state.outcome.winner
    g.rounds = state.round
    return g


def game_record(g: GameStats) -> dict[str, Any]:
    """One game's figures as a JSON line (``--games-out``), enough to recombine runs over seed subsets."""
    return {
        "seed": g.seed,
        "short": duel_slugs(g.seed, len(g.seats), orbit_game.RULES_VERSION) is not None,
        "w": g.winner,
        "r": g.rounds,
        "claims": g.claims,
        "hit_claims": g.hit_claims,
        "safe_new": g.safe_claims_new,
        "lies_new": g.lies_new,
        "hd": g.heat_damage,
        "held": g.heat_shot,
        "loads": Counter(g.loadouts),
    }


def summary(results: list[GameStats]) -> dict[str, Any]:
    """Totals over games (the figures of the issue-28 note)."""
    n = len(results)
    players = len(results[0].seats) if results else 0
    wins = Counter(g.winner for g in results)
    rounds = sorted(g.rounds for g in results)
    loads = Counter(x for g in results for x in g.loadouts)
    total_turns = sum(loads.values())
    top = loads.most_common(1)[0] if loads else ("", 0)

    def q(p: float) -> float:
        if not rounds:
            return float("nan")
        k = (len(rounds) - 1) * p
        lo = int(k)
        hi = min(lo + 1, len(rounds) - 1)
        return rounds[lo] + (rounds[hi] - rounds[lo]) * (k - lo)

    return {
        "games": n,
        "seats": results[0].seats if results else (),
        "wins_by_seat": [wins.get(i, 0) for i in range(players)],
        "win_share_by_seat": [round(wins.get(i, 0) / n, 3) for i in range(players)] if n else [],
        "draws": wins.get(None, 0),
        "rounds_q1_median_q3": [q(0.25), q(0.5), q(0.75)],
        "rounds_iqr": q(0.75) - q(0.25),
        "claims": sum(g.claims for g in results),
        "claims_followed_by_a_hit": sum(g.hit_claims for g in results),
        "safe_claims_new": sum(g.safe_claims_new for g in results),
        "safe_claims_old": sum(g.safe_claims_old for g in results),
        "lies_new": sum(g.lies_new for g in results),
        "lies_old": sum(g.lies_old for g in results),
        "lie_examples": [x for g in results for x in g.lie_examples][:5],
        "top_loadout": top[0],
        "top_loadout_share": round(top[1] / total_turns, 3) if total_turns else float("nan"),
        "heat_games": sum(g.heat_damage or g.vented for g in results),
        "expert_vent_games": sum(g.vented for g in results),
        "heat_fire_games": sum(g.heat_fire for g in results),
        "expert_turns": sum(g.expert_turns for g in results),
        "vent_turn_share": round(
            sum(g.vent_turns for g in results) / max(1, sum(g.expert_turns for g in results)), 3
        ),
        "vent_units": sum(g.vent_units for g in results),
        "railgun_powered_turn_share": round(
            sum(g.rail_turns for g in results) / max(1, sum(g.expert_turns for g in results)), 3
        ),
        "heat_hull_vent_or_fire_games": sum(g.heat_damage or g.vented or g.heat_fire for g in results),
        "heat_damage_games": sum(g.heat_damage for g in results),
        "heat_shot_held_games": sum(g.heat_shot for g in results),
        "heat_hull_or_held_shot_games": sum(g.heat_damage or g.heat_shot for g in results),
        "heat_decision_games": sum(g.heat_damage or g.heat_changed for g in results),
        "heat_decision_share": round(sum(g.heat_damage or g.heat_changed for g in results) / n, 3)
        if n
        else None,
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--seats", default="", help="comma-separated levels (default: expert in every seat)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--trial", default="base", help="lab-only patch (orbit_trials parts, e.g. rules6)")
    ap.add_argument(
        "--no-heat-check", action="store_true", help="skip the heat counterfactual (heat_decision_* then 0)"
    )
    ap.add_argument(
        "--supply", choices=("all", "short", "full"), default="all", help="duels: only this railgun supply"
    )
    ap.add_argument("--games-out", default="", help="append one JSON line per game to this file")
    args = ap.parse_args(argv)
    apply(args.trial)
    seats = tuple(args.seats.split(",")) if args.seats else ("expert",) * args.players
    seeds = [args.seed + i for i in range(args.games)]
    if args.supply != "all":
        short = args.supply == "short"
        seeds = [
            s for s in seeds if (duel_slugs(s, len(seats), orbit_game.RULES_VERSION) is not None) == short
        ]
    jobs = [(s, seats, not args.no_heat_check) for s in seeds]

    def one(job: tuple[int, tuple[str, ...], bool]) -> GameStats:
        g = play(job)
        if args.games_out:
            with open(args.games_out, "a", encoding="utf-8") as f:
                f.write(json.dumps(game_record(g)) + "\n")
        return g

    res = run_many(one, jobs, "orbit-threats", 1 if args.games_out else args.workers)
    print(json.dumps(summary(res), indent=1))


if __name__ == "__main__":
    main()
