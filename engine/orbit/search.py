"""The search the computer players share: candidate plans, the position estimate, ranked plans.

``ai`` (the levels and ``choose_plan``) and ``expert`` (the strongest level's look-ahead) both build on
this module, which imports neither of them.
"""

from collections.abc import Generator, Iterator

from engine.core.rng import Lcg32
from engine.orbit.moves import FireOrder, TurnPlan
from engine.orbit.rules import (
    ARC_UNITS,
    MASS_MAX,
    RETURN_LIMIT,
    RINGS,
    SPECS,
    SUB_INDEX,
    SUBSYSTEMS,
    WEAPON_SPECS,
    WEAPONS,
    Burn,
    Facing,
    Subsystem,
    Weapon,
    arc_gap,
    has_slug,
    hit_damage,
    in_range,
    wrap,
)
from engine.orbit.state import OrbitState, Ship
from engine.orbit.turn import is_active, resolve

ENG = SUB_INDEX[Subsystem.ENGINES]
THR = SUB_INDEX[Subsystem.THRUSTERS]
SCP = SUB_INDEX[Subsystem.SCOOP]

# Target loadouts (eng, thr, scp, las, rail, mis, shd) and the order in which to power them.
LOADOUTS: tuple[tuple[tuple[int, ...], tuple[Subsystem, ...]], ...] = (
    ((2, 1, 1, 2, 0, 2, 2), (Subsystem.SHIELDS, Subsystem.LASER, Subsystem.MISSILES, Subsystem.ENGINES)),
    ((2, 1, 1, 0, 4, 0, 2), (Subsystem.RAILGUN, Subsystem.ENGINES, Subsystem.SHIELDS, Subsystem.THRUSTERS)),
    ((2, 1, 0, 2, 4, 0, 0), (Subsystem.RAILGUN, Subsystem.LASER, Subsystem.ENGINES, Subsystem.THRUSTERS)),
    ((0, 0, 0, 2, 4, 2, 2), (Subsystem.RAILGUN, Subsystem.SHIELDS, Subsystem.LASER, Subsystem.MISSILES)),
    ((2, 1, 1, 0, 0, 2, 2), (Subsystem.ENGINES, Subsystem.THRUSTERS, Subsystem.SHIELDS, Subsystem.MISSILES)),
)


def _rng(seed: int, state: OrbitState) -> Lcg32:
    return Lcg32((seed * 1_000_003 + state.turn * 7919 + state.active * 104_729) & 0xFFFFFFFF)


def _shuffled(items: list[int], rng: Lcg32) -> list[int]:
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.next_below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def targets_in_range(state: OrbitState, weapon: Weapon, where: tuple[int, int], facing: Facing) -> list[int]:
    """Living enemies of the active ship that ``weapon`` can hit from ``where`` with ``facing``."""
    me = state.active
    if weapon is Weapon.RAILGUN and not has_slug(state.ships[me].slugs):
        return []  # rules 8: an empty magazine
    return [
        s.id for s in state.ships if s.id != me and s.alive and in_range(weapon, where, facing, s.position)
    ]


def movement_options(
    ship: Ship, pending: tuple[int, ...], rotate: bool, adjust: bool = True
) -> list[tuple[Burn | None, int]]:
    """Legal (burn, adjust) choices for a ship with ``pending`` energy; ``(None, 0)`` is coasting."""
    facing = ship.facing.flipped() if rotate else ship.facing
    out: list[tuple[Burn | None, int]] = [(None, 0)]
    for burn in Burn:
        if pending[ENG] < burn.engines_needed or ship.mass < burn.mass_cost:
            continue
        if ship.ring + facing.sign * burn.rings not in RINGS:
            continue
        out.extend((burn, adj) for adj in ((0, -1, 1) if adjust else (0,)))
    return out


# -- searching players -----------------------------------------------------------------------------


def _toward(
    ship: Ship, target: tuple[int, ...], order: tuple[Subsystem, ...], vent: int | None = None
) -> tuple[int, tuple[int, ...]]:
    """(vent, pending) moving ``ship`` towards loadout ``target`` within this turn's limits.

    Venting comes first (heat hurts every turn; ``vent`` caps it, default all the budget allows),
    deallocation uses what is left of the 3-unit budget, allocation uses the reactor's free energy,
    powering subsystems in ``order`` first.
    """
    vent = min(ship.heat, RETURN_LIMIT) if vent is None else min(vent, ship.heat, RETURN_LIMIT)
    budget = RETURN_LIMIT - vent
    pending = list(ship.alloc)
    for i, c in enumerate(ship.alloc):
        if target[i] < c and budget:
            d = min(budget, c - target[i])
            pending[i] = c - d
            budget -= d
    free = ship.reactor_free
    prio = [SUB_INDEX[s] for s in order] + [i for i in range(len(SUBSYSTEMS)) if SUBSYSTEMS[i] not in order]
    for i in prio:
        if target[i] > pending[i] and free:
            up = min(free, target[i] - pending[i])
            pending[i] += up
            free -= up
    return vent, tuple(pending)


def _pending_options(ship: Ship) -> list[tuple[int, tuple[int, ...]]]:
    seen: dict[tuple[int, ...], int] = {}
    vent0 = min(ship.heat, RETURN_LIMIT)
    seen[ship.alloc] = vent0
    for target, order in LOADOUTS:
        vent, pend = _toward(ship, target, order)
        seen.setdefault(pend, vent)
        if HOLD_HEAT and vent:
            # Keep the heat aboard (1 hull per unit next turn) to return energy faster this turn.
            held = _toward(ship, target, order, 0)[1]
            if held != pend:
                seen.setdefault(held, 0)
    out = []
    for pend, vent in seen.items():
        out.append((vent, pend))
        # Overclocked engines for a heavy burn, if there is spare energy in the reactor.
        up = sum(max(0, p - c) for p, c in zip(pend, ship.alloc))
        if pend[ENG] == 2 and ship.reactor_free - up >= 1 and ship.mass >= 3:
            boosted = list(pend)
            boosted[ENG] = 3
            if tuple(boosted) not in seen:
                out.append((vent, tuple(boosted)))
    return out


def _damage(weapon: Weapon, target: Ship, rules: int) -> int:
    shielded = is_active(Subsystem.SHIELDS, target.energy(Subsystem.SHIELDS))
    return hit_damage(weapon, shielded, rules)


def _best_fire(
    state: OrbitState, pending: tuple[int, ...], where: tuple[int, int], facing: Facing
) -> tuple[FireOrder, ...]:
    orders = []
    for w in WEAPONS:
        if not is_active(w.subsystem, pending[SUB_INDEX[w.subsystem]]):
            continue
        cands = targets_in_range(state, w, where, facing)
        cands = [t for t in cands if _damage(w, state.ships[t], state.rules) > 0]
        if not cands:
            continue
        if WEAPON_SPECS[w].max_targets > 1:
            orders.append(FireOrder(w, tuple(cands)))
        else:
            best = min(
                cands, key=lambda t: (-_damage(w, state.ships[t], state.rules), state.ships[t].hull, t)
            )
            orders.append(FireOrder(w, (best,)))
    return tuple(orders)


def candidate_plans(state: OrbitState, with_adjust: bool = True) -> list[TurnPlan]:
    """The plans the searching players consider for the active ship (all legal)."""
    return list(iter_candidates(state, with_adjust))


def iter_candidates(state: OrbitState, with_adjust: bool = True) -> Iterator[TurnPlan]:
    """``candidate_plans`` one at a time (so a sliced search never builds them all in one frame)."""
    ship = state.active_ship
    where = (ship.ring, wrap(ship.sector + 1, ship.ring))  # fire position after the automatic orbit
    for vent, pend in _pending_options(ship):
        alloc = tuple((s, p) for s, p, c in zip(SUBSYSTEMS, pend, ship.alloc) if p != c)
        rotations = [False, True] if is_active(Subsystem.THRUSTERS, pend[THR]) else [False]
        for rotate in rotations:
            for burn, adjust in movement_options(ship, pend, rotate, with_adjust):
                if burn is not Burn.HEAVY and pend[ENG] == 3 and ship.alloc[ENG] < 3:
                    continue  # overclocking only pays for a heavy burn
                scoop = burn is None and is_active(Subsystem.SCOOP, pend[SCP]) and ship.mass < MASS_MAX
                facing = ship.facing.flipped() if rotate else ship.facing
                orders = _best_fire(state, pend, where, facing)
                yield TurnPlan(
                    alloc=alloc,
                    vent=vent,
                    rotate=rotate,
                    burn=burn,
                    adjust=adjust,
                    scoop=scoop,
                    fire=orders,
                )


def _next_position(ship: Ship) -> tuple[int, int]:
    """Where a ship will fire from on its next turn if it coasts (arrival first when in transit)."""
    if ship.transit is not None:
        return ship.transit.to_ring, wrap(ship.transit.dest_sector + 1, ship.transit.to_ring)
    return ship.ring, wrap(ship.sector + 1, ship.ring)


def _potential(
    attacker: Ship, where: tuple[int, int], target: Ship, target_pos: tuple[int, int], rules: int
) -> int:
    """Damage ``attacker``'s powered weapons could deal from ``where`` to ``target`` at ``target_pos``."""
    total = 0
    for w in WEAPONS:
        if w is Weapon.RAILGUN and not has_slug(attacker.slugs):
            continue
        if is_active(w.subsystem, attacker.energy(w.subsystem)) and in_range(
            w, where, attacker.facing, target_pos
        ):
            total += _damage(w, target, rules)
    return total


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    return abs(a[0] - b[0]) * 8 + arc_gap(a[0], a[1], b[0], b[1])


def evaluate(before: OrbitState, after: OrbitState, me: int, lookahead: bool) -> float:
    """Score of the position ``after`` for ship ``me`` (higher is better)."""
    mine0, mine = before.ships[me], after.ships[me]
    if not mine.alive:
        return -1e6
    if after.outcome is not None and after.outcome.winner == me:
        return 1e6
    score = 0.0
    enemies = [s for s in after.ships if s.id != me and before.ships[s.id].alive]
    for e in enemies:
        score += 10 * (before.ships[e.id].hull - e.hull)
        if not e.alive:
            score += 60
    score -= 10 * (mine0.hull - mine.hull)
    score -= 7 * mine.heat
    score -= 2 * max(0, 3 - mine.mass)
    score += POWER_BONUS * sum(1 for sub, a in zip(SUBSYSTEMS, mine.alloc) if a >= SPECS[sub].minimum)
    live = [e for e in enemies if e.alive]
    if not live:
        return score
    my_next = _next_position(mine)
    dist = min(_distance(my_next, _next_position(e)) for e in live)
    score -= 0.3 * dist / ARC_UNITS * 8
    if lookahead:
        for e in live:
            enemy_next = _next_position(e)
            score += 5 * _potential(mine, my_next, e, enemy_next, after.rules)
            score -= 5 * _potential(e, enemy_next, mine, mine.position, after.rules)
    return score


Thinking = Generator[None, None, TurnPlan]
"""A computer player's search run step by step: it yields ``None`` after each simulated plan and
returns the chosen plan (``StopIteration.value``); see ``think``."""


def _greedy_best(state: OrbitState, seed: int, adjust: bool = True) -> TurnPlan:
    """The greedy player's plan; with ``adjust=False`` (the quick model of a reply used inside the
    tactical search) burns are tried without the +-1 sector adjustment."""
    return _drain(_greedy_steps(state, seed, adjust))


def _greedy_steps(state: OrbitState, seed: int, adjust: bool = True) -> Thinking:
    ranked = yield from _ranked_steps(state, seed, lookahead=False, adjust=adjust)
    return ranked[0][1]


Ranked = list[tuple[tuple[float, int], TurnPlan, OrbitState]]


def _ranked_steps(
    state: OrbitState, seed: int, lookahead: bool, adjust: bool = True
) -> Generator[None, None, Ranked]:
    rng = _rng(seed, state)
    me = state.active
    scored = []
    for cand in iter_candidates(state, adjust):
        after, _ = resolve(state, cand, log=False)
        fuss = FUSS * (cand.rotate + (cand.adjust != 0))  # all else equal, prefer the simpler plan
        scored.append(((evaluate(state, after, me, lookahead) - fuss, rng.next_u32()), cand, after))
        yield None
    scored.sort(key=lambda x: x[0], reverse=True)
    return scored


def _reply_score_steps(
    before: OrbitState, after: OrbitState, me: int, seed: int, rounds: int
) -> Generator[None, None, float]:
    """Play on greedily for everyone: the enemies' replies, then ``rounds`` more rounds of my greedy
    turn and their replies; score the position when my turn comes round."""
    state = after
    for k in range(rounds + 1):
        while state.outcome is None and state.active != me and state.ships[me].alive:
            plan = yield from _greedy_steps(state, seed, QUICK_ADJUST)
            state = resolve(state, plan, log=False)[0]
        if k == rounds or state.outcome is not None or not state.ships[me].alive:
            break
        plan = yield from _greedy_steps(state, seed, QUICK_ADJUST)
        state = resolve(state, plan, log=False)[0]
    return evaluate_at_turn(before, state, me)


def _drain(steps: Generator[None, None, TurnPlan]) -> TurnPlan:
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


def evaluate_at_turn(before: OrbitState, now: OrbitState, me: int) -> float:
    """Score for ship ``me`` when its turn comes round again: material, heat, and shots lined up."""
    score = evaluate(before, now, me, lookahead=False)
    mine = now.ships[me]
    if now.outcome is not None or not mine.alive:
        return score
    where = (mine.ring, wrap(mine.sector + 1, mine.ring))
    for e in now.ships:
        if e.id != me and e.alive:
            score += OPPORTUNITY * _potential(mine, where, e, e.position, now.rules)
    return score


OPPORTUNITY = 3.0


POWER_BONUS = 0.0
"""Score per subsystem at its minimum energy. It was 0.5 until issue 28 (session 7): that paid the
six-system brawler on every turn over any railgun loadout, so the expert flew one loadout on 81 % of
duel turns (RULES.md, "Variety"). Kept as a name so the lab can put it back for the "before" figure."""


HOLD_HEAT = True
"""Whether the searching players also weigh keeping heat aboard (taking its hull damage) when venting
would use return budget that a change of loadout needs (session 10; before it they always vented
first, so heat never cost them hull)."""


FUSS = 0.001
"""Score cost of a rotation or sector adjustment, so that equally good plans without them win."""
QUICK_ADJUST = False
"""Whether the simulated greedy turns inside the tactical search also try +-1 sector adjustments."""
TACTICAL_ROUNDS = {2: 1, 3: 1, 4: 1}
"""Extra rounds simulated after the enemies' replies (everyone playing greedy) before scoring, by the
number of ships still flying (fewer with more ships, to keep a turn's thinking time bounded)."""
TACTICAL_WIDTH = 6
"""How many of the best-looking plans the tactical player checks against the enemies' replies."""
