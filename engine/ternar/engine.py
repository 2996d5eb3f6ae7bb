"""Turn resolution: initial state, routes, Soft Undo, and the events of each turn.

A productive turn runs PROCESSING -> COLLAPSING -> FALLING -> SPAWNING (17.1) and returns to IDLE or
GAMEOVER. An invalid route raises ``InvalidRouteError`` and changes nothing (19.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import engine.ternar.events as ev  # the module itself, not the package (no import cycle, #24)
from engine.core.rng import Lcg32
from engine.core.session import IllegalMoveError
from engine.ternar.generation import (
    MAX_WINDOW_LOW,
    deal,
    draw_regen_value,
    draw_spawn_value,
    ghost_chance_per_10000,
    ghost_eligible,
    shifted_window,
    spawn_cell,
    window_values,
)
from engine.ternar.gravity import Fall, settle
from engine.ternar.model import Move, Options, Outcome, Route, SoftUndo, State, Termination, intro_stage
from engine.ternar.rand import below, chance, seed_state
from engine.ternar.rules import (
    CLEAN_WATER_BONUS,
    SINGULARITY,
    RouteCheck,
    check_route,
    collapse_value,
    has_route,
    is_superchain,
    multiplier_tenths,
    route_score,
)
from engine.ternar.topology import DOWN, N_NODES, NEIGHBOUR_SETS, UP

DEAL_RETRIES = 100  # a starting deal without any route is dealt again, at most this many times
BIG_BANG_SIZE = 3  # 9.3: three edge-connected singularities
BIG_BANG_SHIFT = 3  # 9.3: window +3 levels
INVERSION_EVERY = 10  # 11.3: Hexa-Storm flips the regeneration direction every 10 turns
BIG_BANG_AT_CAP_FROM_RULES = 4  # rules 4: no Big Bang once the window is at its cap (RULES.md)
WINDOW_LOCK_FROM_RULES = 6  # rules 6: WINDOW_LOCK when most of the dead field is out of the window
LEFT_BEHIND_FROM_RULES = 7  # rules 7: WINDOW_LOCK when the window left more numbers behind than it makes
STORM_HOLD_FROM_RULES = 8  # rules 8: Hexa-Storm's heavy values keep their cells after an inversion (16.3)
STORM_HEAVY = 81  # 16.3: the "heavy" values are 81+ (the light ones 3 and 9)


def inverted(state: State) -> bool:
    """True once a Hexa-Storm game has changed its regeneration direction (its first inversion comes
    with productive turn ``INVERSION_EVERY``): from then on rules 8 hold its heavy values (16.3)."""
    return state.turns >= INVERSION_EVERY or state.gravity == "up"


def storm_hold(mode: str, ruleset: int, inverted_once: bool) -> int:
    """The value from which nodes keep their cells in a settle (``gravity.settle``'s ``hold``): 16.3's
    heavy values (81+) once Hexa-Storm has changed its regeneration direction (from its first
    inversion on, in both directions), from rules 8; else 0 (nothing held)."""
    held = mode == "storm" and ruleset >= STORM_HOLD_FROM_RULES and inverted_once
    return STORM_HEAVY if held else 0


def has_future(values: list[int]) -> bool:
    """Rules 2 deal check: two node-disjoint adjacent equal pairs, so one merge still leaves a route."""
    pairs = [
        (a, b)
        for a in range(N_NODES)
        if 0 < values[a] < SINGULARITY
        for b in NEIGHBOUR_SETS[a]
        if b > a and values[b] == values[a]
    ]
    return any(not {a, b} & {c, d} for i, (a, b) in enumerate(pairs) for c, d in pairs[i + 1 :])


class InvalidRouteError(IllegalMoveError):
    """A route the rules refuse (19.1); ``check`` says why and at which index."""

    def __init__(self, check: RouteCheck, route: tuple[int, ...]) -> None:
        self.check = check
        self.route = route
        where = f" at index {check.bad_index}" if check.bad_index >= 0 else ""
        super().__init__(f"invalid route {'-'.join(map(str, route))}: {check.reason}{where}")


class _Work:
    """Mutable scratch copy of a state while a turn resolves."""

    def __init__(self, state: State) -> None:
        self.values = list(state.values)
        self.ghosts = [False] * N_NODES
        for g in state.ghosts:
            self.ghosts[g] = True
        self.rng = Lcg32(0)
        self.rng.set_state(state.rng)
        self.direction = DOWN if state.gravity == "down" else UP
        self.mode, self.ruleset = state.options.mode, state.options.ruleset
        self.inverted_once = inverted(state)  # Hexa-Storm changed direction (rules 8's hold)
        self.events: list[ev.Event] = []
        self.pass_index = 0

    def emit_passes(self, passes: list[list[Fall]]) -> None:
        for moves in passes:
            for m in moves:
                if m.breakthrough:
                    self.events.append(
                        ev.BreakthroughEvent(pass_index=self.pass_index, src=m.src, dst=m.dst, value=m.value)
                    )
            self.events.append(
                ev.FallPassEvent(
                    pass_index=self.pass_index,
                    direction=self.direction,
                    moves=tuple(
                        ev.FallMove(
                            src=m.src, dst=m.dst, value=m.value, ghost=m.ghost, breakthrough=m.breakthrough
                        )
                        for m in moves
                    ),
                )
            )
            self.pass_index += 1

    def settle(self) -> None:
        hold = storm_hold(self.mode, self.ruleset, self.inverted_once)
        self.emit_passes(settle(self.values, self.ghosts, self.direction, self.rng, hold))

    def fresh_deal(self, count: int, window_low: int, ruleset: int) -> None:
        """Clear the field and deal ``count`` nodes; deal again (up to 100 times) while the deal has no
        route (rules 1) or no future (rules 2: two disjoint pairs, ``has_future``)."""
        ok = has_future if ruleset >= 2 else has_route
        for attempt in range(DEAL_RETRIES):
            values = [0] * N_NODES
            ghosts = [False] * N_NODES
            placed = deal(values, self.rng, count, window_low, self.direction)
            passes = settle(values, ghosts, self.direction, self.rng)
            if ok(values) or attempt == DEAL_RETRIES - 1:
                break
        self.values, self.ghosts = values, ghosts
        self.events.append(ev.DealEvent(nodes=tuple(placed)))
        self.emit_passes(passes)

    def ghost_ids(self) -> tuple[int, ...]:
        return tuple(i for i, g in enumerate(self.ghosts) if g and self.values[i])


def parse_options(options: Mapping[str, Any] | Options | None) -> Options:
    """Validate options (mode, guardrail, start_nodes, spawn_per_turn); ValueError if wrong."""
    if isinstance(options, Options):
        return options
    return Options.model_validate(dict(options or {}))


def initial_with_events(
    seed: int, options: Mapping[str, Any] | Options | None = None
) -> tuple[State, list[ev.Event]]:
    """New game (16.2 revised): empty field, the start deal in rows 7-8 (settled), window [3, 9, 27]."""
    opts = parse_options(options)
    if not 0 <= seed < 2**64:
        raise ValueError("seed must be in 0..2^64-1")
    rng_state = seed_state(seed)
    blank = State(options=opts, seed=seed, rng=rng_state, values=(0,) * N_NODES)
    work = _Work(blank)
    work.fresh_deal(opts.start_nodes, 1, opts.ruleset)
    state = blank.model_copy(
        update={
            "values": tuple(work.values),
            "rng": work.rng.get_state(),
            "max_value": max(work.values),
        }
    )
    return state, work.events


def initial(seed: int, options: Mapping[str, Any] | Options | None = None) -> State:
    """The starting state for ``seed`` and ``options``."""
    return initial_with_events(seed, options)[0]


def classify_end(values: list[int], window: tuple[int, int, int], ruleset: int = 1) -> Termination:
    """19.6: WINDOW_LOCK when no node holds a window value, FULL_LOCK when all 44 nodes are taken,
    else NO_MATCHES. Rules 6 read WINDOW_LOCK ("numbers exist, but the window has gone") as a dead
    field made *mostly* of numbers the window no longer makes: more nodes outside the window (above
    it, below it, ghosts, singularities) than in it; it is named before FULL_LOCK (8.2: death is the
    network's loss of connectivity, not overflow). Rules 7 count only the numbers the window *left
    behind* (below its low value, ghosts included; the player's own merges above the window and the
    singularities are not the window's doing): WINDOW_LOCK when they outnumber the window's values,
    or when no window value is left at all. RULES.md, "Rules version 7"."""
    inside = sum(1 for v in values if v in window)
    if ruleset >= LEFT_BEHIND_FROM_RULES:
        left_behind = sum(1 for v in values if 0 < v < window[0])
        if inside == 0 or left_behind > inside:
            return Termination.WINDOW_LOCK
    elif ruleset >= WINDOW_LOCK_FROM_RULES:
        outside = sum(1 for v in values if v and v not in window)
        if outside > inside:
            return Termination.WINDOW_LOCK
    if all(values):
        return Termination.FULL_LOCK
    if not any(v in window for v in values):
        return Termination.WINDOW_LOCK
    return Termination.NO_MATCHES


def _undo(state: State) -> tuple[State, list[ev.Event]]:
    if state.outcome is not None:
        raise IllegalMoveError("Soft Undo is only possible while the game is on (IDLE)")
    if state.undo_used:
        raise IllegalMoveError("the Soft Undo of this session is already used (1/1)")
    if state.prev is None:
        raise IllegalMoveError("nothing to undo yet")
    snap = state.prev
    after = snap.score * 9 // 10
    new = snap.model_copy(update={"score": after, "undo_used": True, "prev": None})
    return new, [ev.UndoEvent(score_before=state.score, snapshot_score=snap.score, score_after=after)]


def apply_with_events(state: State, move: Move) -> tuple[State, list[ev.Event]]:
    """Play ``move`` (a Route or SoftUndo); return the new state and the ordered events.

    Raises ``InvalidRouteError``/``IllegalMoveError`` with ``state`` untouched.
    """
    if isinstance(move, SoftUndo):
        return _undo(state)
    if not isinstance(move, Route):
        raise IllegalMoveError(f"not a Ternar move: {move!r}")
    if state.outcome is not None:
        raise IllegalMoveError("the game is over")
    check = check_route(state.values, move.nodes)
    if not check.ok:
        raise InvalidRouteError(check, move.nodes)
    opts = state.options
    mode = opts.mode
    w = _Work(state)
    route = move.nodes
    # COLLAPSING (4, 17.3)
    chain = [w.values[n] for n in route]
    result = collapse_value(chain)
    points = route_score(chain)
    target = route[-1]
    for n in route[:-1]:
        w.values[n] = 0
        w.ghosts[n] = False
    w.values[target] = result
    w.ghosts[target] = False
    sing = result >= SINGULARITY
    w.events.append(
        ev.CollapseEvent(
            route=route,
            values=tuple(chain),
            target=target,
            result=result,
            result_type="singularity" if sing else "normal",
            superchain=is_superchain(chain),
            multiplier_tenths=multiplier_tenths(len(chain)),
            points=points,
            bonus=CLEAN_WATER_BONUS if len(chain) >= 12 else 0,
            flash=len(chain) >= 12,
        )
    )
    singularities = state.singularities_created + (1 if sing else 0)
    if sing and state.singularities_created == 0:
        w.events.append(ev.AchievementEvent(node=target))
    turns = state.turns + 1
    score = state.score + points
    # PROCESSING: window shift (6.4) when the merge reached the window top; freeze of 10.2
    low, pool = shifted_window(mode, state.window_low, state.pool, 0 if sing else result, turns, opts.ruleset)
    if low != state.window_low:
        w.events.append(
            ev.WindowShiftEvent(
                old_window=window_values(state.window_low),
                new_window=window_values(low),
                excluded=tuple(pool[len(state.pool) :]),
            )
        )
    # FALLING (5.4)
    w.settle()
    # SPAWNING (17.2): rules 1 regenerate the L-1 vanished nodes from the window, then the one new
    # node; rules 2 spawn the one new node first, then regenerate the vanished ones as light sand;
    # rules 3 spawn the new node first, then the vanished ones, every one from the same table (the
    # intro's values in turns 1-50, the window's weights after; ghosts the only way back for the pool)
    outcome: Outcome | None = None
    ghosts_spawned = state.ghosts_spawned
    regens = [True] * (len(route) - 1 if opts.regeneration else 0)
    news = [False] * opts.spawn_per_turn
    batch = news + regens if opts.ruleset >= 2 else regens + news
    for regen in batch:
        if regen and opts.ruleset == 2:
            value, is_ghost = draw_regen_value(w.rng, mode), False
        else:
            value, is_ghost = draw_spawn_value(
                w.rng, mode, low, turns, opts.guardrail, pool, w.values, opts.ruleset
            )
        cell = spawn_cell(w.values, w.rng, w.direction)
        if cell is None:
            break  # the field is full: nothing more flows in (game over is decided below, 19.6)
        w.values[cell] = value
        w.ghosts[cell] = is_ghost
        ghosts_spawned += int(is_ghost)
        w.events.append(
            ev.SpawnEvent(node=cell, value=value, node_type="ghost" if is_ghost else "normal", regen=regen)
        )
    w.settle()
    # Hexa-Storm inversion (11.3, 16.3)
    gravity = state.gravity
    ttl = state.turns_to_inversion
    if mode == "storm" and outcome is None:
        ttl -= 1
        if ttl == 0:
            ttl = INVERSION_EVERY
            gravity = "up" if gravity == "down" else "down"
            w.direction = DOWN if gravity == "down" else UP
            w.inverted_once = True
            w.events.append(ev.InversionEvent(gravity=gravity))
            w.settle()
    # Big Bang (9.3)
    big_bangs = state.big_bangs
    if outcome is None:
        probe = state.model_copy(update={"values": tuple(w.values), "ghosts": ()})
        clusters = [c for c in probe.singularity_clusters() if len(c) >= BIG_BANG_SIZE]
        at_cap = mode != "zen" and low >= MAX_WINDOW_LOW and opts.ruleset >= BIG_BANG_AT_CAP_FROM_RULES
        if clusters and at_cap and sing:  # a new singularity while three stand joined: say why no bang
            w.events.append(ev.WallsEvent(singularities=tuple(sorted(x for c in clusters for x in c))))
        if clusters and not at_cap:
            cleared = tuple(i for i, v in enumerate(w.values) if v)
            if mode != "zen":
                new_pool = list(pool)
                for _ in range(BIG_BANG_SHIFT):
                    if low < MAX_WINDOW_LOW:
                        new_pool.append(3**low)
                        low += 1
                pool = tuple(new_pool)
            big_bangs += 1
            w.events.append(
                ev.BigBangEvent(
                    singularities=tuple(sorted(x for c in clusters for x in c)),
                    cleared=cleared,
                    new_window=window_values(low),
                )
            )
            w.fresh_deal(opts.start_nodes, low, opts.ruleset)
    if mode != "zen" and intro_stage(turns) != intro_stage(state.turns):
        w.events.append(ev.StageEvent(stage=intro_stage(turns)))
    # Death (8, 19.6)
    zen_resets = state.zen_resets
    if outcome is None and not has_route(w.values):
        if (
            ghost_eligible(mode, turns, pool, w.values, low)
            and not all(w.values)
            and chance(w.rng, ghost_chance_per_10000(turns, opts.guardrail))
        ):
            value = pool[below(w.rng, len(pool))]
            cell = spawn_cell(w.values, w.rng, w.direction)
            assert cell is not None
            w.values[cell] = value
            w.ghosts[cell] = True
            ghosts_spawned += 1
            w.events.append(ev.SpawnEvent(node=cell, value=value, node_type="ghost", rescue=True))
            w.settle()
        if not has_route(w.values):
            if mode == "zen":
                zen_resets += 1
                w.events.append(ev.ZenRefillEvent(cleared=tuple(i for i, v in enumerate(w.values) if v)))
                w.fresh_deal(opts.start_nodes, low, opts.ruleset)
            else:
                outcome = Outcome(
                    reason=classify_end(w.values, window_values(low), opts.ruleset), turns=turns
                )
    if outcome is not None:
        w.events.append(ev.GameOverEvent(reason=outcome.reason.value))
    snapshot = None if state.undo_used else state.model_copy(update={"prev": None})
    new = state.model_copy(
        update={
            "rng": w.rng.get_state(),
            "values": tuple(w.values),
            "ghosts": w.ghost_ids(),
            "score": score,
            "turns": turns,
            "window_low": low,
            "pool": pool,
            "gravity": gravity,
            "turns_to_inversion": ttl,
            "prev": snapshot,
            "outcome": outcome,
            "chain_total": state.chain_total + len(route),
            "max_value": max(state.max_value, result),
            "ghosts_spawned": ghosts_spawned,
            "singularities_created": singularities,
            "big_bangs": big_bangs,
            "zen_resets": zen_resets,
        }
    )
    return new, w.events


def apply(state: State, move: Move) -> State:
    """The state after ``move`` (see ``apply_with_events``)."""
    return apply_with_events(state, move)[0]
