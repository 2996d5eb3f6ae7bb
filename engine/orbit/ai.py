"""Computer players for Orbit Simulator, deterministic for a given seed and state.

Levels (``AI_LEVELS``):

- ``random``: a uniformly drawn legal plan (random energy changes, venting, rotation, coast/burn,
  scoop, and firing at random targets in range). The baseline the others must beat.
- ``greedy``: tries a fixed set of energy loadouts x rotation x every coast/burn option, fires every
  powered weapon at the best target in range, and keeps the plan with the best immediate result
  (damage dealt and taken, heat kept, kills) plus a pull towards the nearest enemy.
- ``tactical``: the same candidates, also scored one turn ahead: the damage it can deal from where it
  will be next turn against where the enemies will be, minus the damage they can deal to it.

``choose_plan(state, level, seed)`` is stateless: its tie-breaking generator is seeded from ``seed``,
the turn number and the active ship, so the same seed and state always give the same plan.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.rng import Lcg32
from engine.orbit.expert import expert_steps
from engine.orbit.moves import FireOrder, TurnPlan
from engine.orbit.rules import RETURN_LIMIT, SPECS, SUB_INDEX, SUBSYSTEMS, WEAPON_SPECS, WEAPONS, Subsystem
from engine.orbit.search import (
    ENG,
    FUSS,
    LOADOUTS,
    OPPORTUNITY,
    QUICK_ADJUST,
    SCP,
    TACTICAL_ROUNDS,
    TACTICAL_WIDTH,
    THR,
    Ranked,
    Thinking,
    _drain,
    _greedy_steps,
    _ranked_steps,
    _reply_score_steps,
    _rng,
    _shuffled,
    candidate_plans,
    evaluate,
    evaluate_at_turn,
    iter_candidates,
    movement_options,
    targets_in_range,
)
from engine.orbit.state import OrbitState
from engine.orbit.turn import facing_after, is_active, moved_position, validate

AI_LEVELS: tuple[str, ...] = ("random", "greedy", "tactical", "expert")

__all__ = [
    "AI_LEVELS",
    "ENG",
    "FUSS",
    "LOADOUTS",
    "OPPORTUNITY",
    "QUICK_ADJUST",
    "SCP",
    "TACTICAL_ROUNDS",
    "TACTICAL_WIDTH",
    "THR",
    "Ranked",
    "Thinking",
    "candidate_plans",
    "check_legal",
    "choose_plan",
    "evaluate",
    "evaluate_at_turn",
    "iter_candidates",
    "movement_options",
    "random_plan",
    "targets_in_range",
    "think",
]

# -- random player ---------------------------------------------------------------------------------


def random_plan(state: OrbitState, rng: Lcg32) -> TurnPlan:
    """A random legal plan for the active ship."""
    ship = state.active_ship
    vent = rng.next_below(min(ship.heat, RETURN_LIMIT) + 1)
    budget = RETURN_LIMIT - vent
    free = ship.reactor_free
    pending = list(ship.alloc)
    for i in _shuffled(list(range(len(SUBSYSTEMS))), rng):
        if rng.next_below(2):
            continue
        c = ship.alloc[i]
        lo, hi = max(0, c - budget), min(SPECS[SUBSYSTEMS[i]].maximum, c + free)
        p = lo + rng.next_below(hi - lo + 1)
        budget -= max(0, c - p)
        free -= max(0, p - c)
        pending[i] = p
    pend = tuple(pending)
    rotate = is_active(Subsystem.THRUSTERS, pend[THR]) and rng.next_below(2) == 1
    moves = movement_options(ship, pend, rotate)
    burn, adjust = (None, 0) if rng.next_below(2) else moves[rng.next_below(len(moves))]
    scoop = burn is None and is_active(Subsystem.SCOOP, pend[SCP]) and rng.next_below(2) == 1
    base = TurnPlan(
        alloc=tuple((s, p) for s, p, c in zip(SUBSYSTEMS, pend, ship.alloc) if p != c),
        vent=vent,
        rotate=rotate,
        burn=burn,
        adjust=adjust,
        scoop=scoop,
    )
    where, facing = moved_position(ship, base), facing_after(ship, base)
    orders = []
    for w in WEAPONS:
        if not is_active(w.subsystem, pend[SUB_INDEX[w.subsystem]]) or rng.next_below(3) == 0:
            continue
        cands = targets_in_range(state, w, where, facing)
        if not cands:
            continue
        if WEAPON_SPECS[w].max_targets == 1:
            orders.append(FireOrder(w, (cands[rng.next_below(len(cands))],)))
        else:
            picked = tuple(t for t in cands if rng.next_below(2)) or (cands[0],)
            orders.append(FireOrder(w, picked))
    return _with_fire(base, tuple(orders))


def _with_fire(plan: TurnPlan, orders: tuple[FireOrder, ...]) -> TurnPlan:
    return TurnPlan(
        alloc=plan.alloc,
        vent=plan.vent,
        rotate=plan.rotate,
        burn=plan.burn,
        adjust=plan.adjust,
        scoop=plan.scoop,
        fire=orders,
    )


def choose_plan(state: OrbitState, level: str = "tactical", seed: int = 0) -> TurnPlan:
    """The plan the computer player of ``level`` makes for the active ship (always legal)."""
    return _drain(think(state, level, seed))


def think(state: OrbitState, level: str = "tactical", seed: int = 0) -> Thinking:
    """``choose_plan`` as a generator: each ``next`` does one simulated plan's worth of work (well
    under a millisecond to a few ms), so a page can spread a long search over frames. The plan it
    returns is exactly ``choose_plan``'s. Raises ``ValueError`` at once for a bad level or a finished
    game."""
    if level not in AI_LEVELS:
        raise ValueError(f"unknown AI level {level!r} (choose from {', '.join(AI_LEVELS)})")
    if state.outcome is not None:
        raise ValueError("the game is over")
    return _think(state, level, seed)


def _think(state: OrbitState, level: str, seed: int) -> Thinking:
    if level == "random":
        return random_plan(state, _rng(seed, state))
    if level == "greedy":
        return (yield from _greedy_steps(state, seed))
    if level == "expert":
        return (yield from expert_steps(state, seed))
    me = state.active
    ranked = (yield from _ranked_steps(state, seed, lookahead=True))[:TACTICAL_WIDTH]
    rounds = TACTICAL_ROUNDS[len(state.alive_ids())]
    best: tuple[tuple[float, tuple[float, int]], TurnPlan] | None = None
    for key, plan, after in ranked:
        score = yield from _reply_score_steps(state, after, me, seed, rounds)
        if best is None or (score, key) > best[0]:
            best = ((score, key), plan)
    assert best is not None
    return best[1]


def check_legal(state: OrbitState, plans: Iterable[TurnPlan]) -> list[str]:
    """Problems found in ``plans`` for ``state`` (used by tests and the benchmark)."""
    return [f"{p.text()}: {pr.message}" for p in plans for pr in validate(state, p)]
