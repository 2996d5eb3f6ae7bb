"""Floodline's tilting strategies (issue #26): "tilt once and stay" (``tilt_greedy``), "tilt, stay,
tilt back once" (``tilt_stay``), "park" (each piece where a tilt loses nothing), "build, then tilt and
stay" (``build_tilt``) and the two with a blind Freeze after the tilt (``freeze_greedy``, ``freeze_stay``).  Each one PLAYS the
level to the engine's own end or ``max_pieces`` (see ``floodline_family.py`` for the family).
"""

from __future__ import annotations

from typing import Any

from engine.floodline.board import Kind
from engine.floodline.geometry import Gravity
from engine.floodline.level import Level
from engine.floodline.moves import IDLE, TickInput
from engine.floodline.rules import step
from engine.floodline.scoring import tilts_needed
from engine.floodline.state import State, Status
from tools.playtest.floodline_play import (
    PROBE,
    STAY_PATIENCE,
    TURNS,
    Play,
    _rank,
    _sideways,
    _structure_stands,
    _tilt_back,
    mean_progress,
    progress_of,
    take_first_safe,
)
from tools.playtest.floodline_stackers import _greedy_run, play_drop, play_greedy


def _drain_options(s: State, score: Any) -> list[tuple[float, list[TickInput], State]]:
    """Swap the piece for the level's one-voxel drain and place it under the current gravity
    (``plan_solver.placements``, scored as the pieces are)."""
    from tools.floodline.plan_solver import placements

    s1 = step(s, TickInput(drain=True))
    if s1.active is None or s.active is None or s1.active.piece_id == s.active.piece_id:
        return []
    return [(sc, [TickInput(drain=True), *ticks], st) for sc, ticks, st in placements(s1, score, TURNS)]


def _tilt_greedy_run(p: Play, max_pieces: int) -> None:
    import tools.floodline.solve_levels as sv
    from tools.floodline.plan_solver import placements

    while not p.over(max_pieces):
        cands = placements(p.s, sv.heuristic, TURNS)
        if p.s.charges["drain"] > 0:  # a drain the level lets the player place is one of its moves
            cands += _drain_options(p.s, sv.heuristic)
            cands.sort(key=lambda c: -c[0])
        before = p.pieces
        take_first_safe(p, cands)
        if p.pieces == before and p.s.outcome is None:
            p.run([TickInput(hard=True)])


def play_tilt_greedy(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    """Tilt once and stay: greedy placements under the tilted gravity, scored by the generic
    objective heuristic.  Each allowed sideways direction is played for ``PROBE`` pieces (a player
    trying the four ways the box can lie); the most promising one (won, stars, progress at the end of
    the probe) is played on to ``max_pieces``.  A direction whose probe already ended is final."""
    plays: list[tuple[Play, Gravity]] = []
    for g in _sideways(lv):
        p = Play(lv, seed)
        p.run([TickInput(tilt=g)])
        _tilt_greedy_run(p, min(PROBE, max_pieces))
        plays.append((p, g))
    if not plays:
        return play_drop(lv, seed, max_pieces)
    p, g = max(plays, key=lambda pg: _rank(pg[0].result()))
    _tilt_greedy_run(p, max_pieces)
    return p.result(direction=g.value)


def _back_trial(s: State) -> State | None:
    """The state after tilting ``s`` back down (cooldown waited out); None when the tilt is refused."""
    from tools.floodline.solve_levels import _run

    if s.outcome is not None or s.gravity == Gravity.DOWN:
        return None
    back = _run(s, _tilt_back(s))
    return back if back.gravity == Gravity.DOWN else None


def _stay_rank(s: State) -> tuple[bool, int, float, float]:
    """A tilt back's worth: won, stars, the weakest objective's share, then the mean share (so that
    draining more counts while the height is still the weakest, Lv20)."""
    won = s.outcome is not None and s.outcome.status == Status.WON
    alive = s.outcome is None or won
    stars = s.outcome.stars if won and s.outcome is not None else 0
    return (won, stars, progress_of(s) if alive else -1.0, mean_progress(s) if alive else -1.0)


def _stay_phase(p: Play, max_pieces: int, budget: int) -> tuple[State | None, int]:
    """Greedy placements under the tilted gravity for at most ``budget`` more pieces; after each one the
    tilt back is tried on a copy.  Returns the best tilted-back state seen (None: never possible) and
    how many pieces the phase placed.  Stops at once when a tilt back wins, or when the best has not
    improved for ``STAY_PATIENCE`` pieces."""
    best: State | None = _back_trial(p.s)
    since = 0
    start = p.pieces
    while not p.over(max_pieces) and p.pieces - start < budget:
        if best is not None and best.outcome is not None and best.outcome.status == Status.WON:
            break
        if since >= STAY_PATIENCE:
            break
        _tilt_greedy_run(p, p.pieces + 1)
        trial = _back_trial(p.s)
        since += 1
        if trial is not None and (best is None or _stay_rank(trial) > _stay_rank(best)):
            best, since = trial, 0
    return best, p.pieces - start


def play_tilt_stay(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    """ "Tilt, stay, tilt back once" (session 11): tilt to a sideways ``g``, stack greedily while tilted
    (``tilt_greedy``'s placements), then tilt back down ONCE, at the moment after which the tilt back
    scores best (won, stars, objective progress; tried on a copy after every piece), and go on as the
    tilt-blind ``greedy`` (whose out-and-back does any further tilt an objective needs).  Each allowed
    ``g`` is probed for ``PROBE`` pieces; the most promising (its best tilt back) is stayed in for up to
    ``max_pieces``, ending early when a tilt back wins or ``STAY_PATIENCE`` pieces bring nothing better."""
    plays: list[tuple[Play, Gravity, State | None]] = []
    for g in _sideways(lv):
        p = Play(lv, seed)
        p.run([TickInput(tilt=g)])
        best, _n = _stay_phase(p, max_pieces, PROBE)
        plays.append((p, g, best))
    if not plays:
        return play_greedy(lv, seed, max_pieces)

    def rank(item: tuple[Play, Gravity, State | None]) -> tuple[bool, int, float, float]:
        return _stay_rank(item[2]) if item[2] is not None else (False, 0, -2.0, -2.0)

    p, g, best = max(plays, key=rank)
    more, _n = _stay_phase(p, max_pieces, max_pieces)
    if more is not None and (best is None or _stay_rank(more) > _stay_rank(best)):
        best = more
    if best is None:  # never able to tilt back: the tilted play is the result
        return p.result(direction=g.value, back_at=None)
    p.s = best  # the tilt back, made once, at its best moment
    p.best = max(p.best, progress_of(p.s))
    back_at = p.pieces
    if p.s.outcome is None:
        _greedy_run(p, lv, max_pieces, wall=False)
    return p.result(direction=g.value, back_at=back_at)


def _tilt_out_back(p: Play, g: Gravity) -> bool:
    """Tilt to ``g`` and straight back down (the cooldowns waited out); False when ``g`` was refused."""
    s1 = p.s
    p.run([*([IDLE] * s1.cooldown), TickInput(tilt=g)])
    if p.s.gravity != g:
        return False
    if p.s.outcome is None:
        p.run(_tilt_back(p.s))
    return True


def _park_choice(p: Play, g: Gravity | None) -> list[TickInput] | None:
    """The ticks of the placement ``park`` takes: a winning one if any; else the highest (top voxel,
    then the objective heuristic) whose ``g`` tilt loses nothing more; else the best by the heuristic."""
    return park_choice_through(p, () if g is None else (g,))


def park_choice_through(p: Play, tilts: tuple[Gravity, ...]) -> list[TickInput] | None:
    """``park``'s choice with the safety test "the ``tilts``, one after another, lose nothing" (a win
    on the way counts as safe; no tilts: the highest placement)."""
    import tools.floodline.solve_levels as sv

    s = p.s
    f = s.board.frame
    before = set(s.board.indices(Kind.SOLID))
    lost0 = s.metrics["lostVoxelsTotal"]
    safe: list[tuple[int, float, list[TickInput]]] = []
    rest: list[tuple[float, list[TickInput]]] = []
    for sc, ticks, res in sv.placements(s, max_turns=TURNS):
        o = res.outcome
        if o is not None and o.status == Status.WON:
            return ticks
        if o is not None:
            continue
        rest.append((sc, ticks))
        new = set(res.board.indices(Kind.SOLID)) - before
        if new and _tilts_lose_nothing(res, tilts, lost0):
            safe.append((max(f.ys[i] for i in new), sc, ticks))
    if safe:
        return max(safe, key=lambda c: (c[0], c[1]))[2]
    if rest:
        return max(rest, key=lambda c: c[0])[1]
    return None


def _tilts_lose_nothing(res: State, tilts: tuple[Gravity, ...], lost0: int) -> bool:
    """True when each of ``tilts`` in turn happens and loses no voxel (stopping at a win)."""
    import tools.floodline.solve_levels as sv

    t = res
    for g in tilts:
        t = sv._run(t, [*([IDLE] * t.cooldown), TickInput(tilt=g)])
        if t.gravity != g or t.metrics["lostVoxelsTotal"] > lost0:
            return False
        if t.outcome is not None:
            return t.outcome.status == Status.WON
    return True


def play_park(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    """Park: each piece at the highest spot a ``g`` tilt loses nothing from, for each allowed sideways
    ``g`` (one play each; the best counts); the tilts an objective needs as ``g`` out and back once the
    structure stands.  A level without sideways tilts is played once, highest placement first."""
    dirs: list[Gravity | None] = [*_sideways(lv)] or [None]
    best: dict[str, Any] | None = None
    for g in dirs:
        p = Play(lv, seed)
        tilts_done = 0
        while not p.over(max_pieces):
            if g is not None and tilts_needed(p.s) > 0 and _structure_stands(p.s) and tilts_done < 12:
                tilts_done += 1
                if _tilt_out_back(p, g):
                    continue
            if p.s.gravity != Gravity.DOWN:  # a refused tilt back: try again before placing
                p.run(_tilt_back(p.s))
                if p.s.gravity != Gravity.DOWN:
                    p.run([TickInput(hard=True)])
                    continue
            before = p.pieces
            ticks = _park_choice(p, g)
            p.run(ticks if ticks is not None else [TickInput(hard=True)])
            if p.pieces == before and p.s.outcome is None:
                p.run([TickInput(hard=True)])
        r = p.result(direction=g.value if g is not None else "none")
        if best is None or _rank(r) > _rank(best):
            best = r
    assert best is not None
    return best


def play_build_tilt(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    """Build, then tilt and stay (session 14, Lv19's near miss): tilt-blind greedy for ``PROBE``
    pieces, then, for each allowed sideways ``g``, the world tilted to ``g`` and kept there with
    tilt_greedy's placements to the end; the best direction counts.  Greedy's first, lowest piece
    went into Lv19's vent, which is the preparation that level's tilt needs."""
    base = Play(lv, seed)
    _greedy_run(base, lv, min(PROBE, max_pieces), False)
    best: dict[str, Any] | None = None
    for g in _sideways(lv):
        p = Play.__new__(Play)  # states are values: the branch shares the built part
        p.s, p.best, p.ticks = base.s, base.best, base.ticks
        if not p.over(max_pieces):
            p.run([*([IDLE] * p.s.cooldown), TickInput(tilt=g)])
            _tilt_greedy_run(p, max_pieces)
        r = p.result(direction=g.value)
        if best is None or _rank(r) > _rank(best):
            best = r
    if best is None:  # no sideways tilt: it is greedy
        _greedy_run(base, lv, max_pieces, False)
        best = base.result(direction="none")
    return best


def _freeze_target(s: State) -> tuple[int, int, int] | None:
    """The water cell whose freeze turns the most water to ice (within the level's freeze radius; the
    first such cell in board order): a freeze aimed at "the most water", by no plan."""
    b = s.board
    f = b.frame
    r = s.level.abilities.freeze_radius
    water = [(f.xs[i], f.ys[i], f.zs[i]) for i in b.indices(Kind.WATER)]
    best: tuple[int, tuple[int, int, int]] | None = None
    for x, y, z in water:
        n = sum(1 for a, c, d in water if abs(a - x) <= r and abs(c - y) <= r and abs(d - z) <= r)
        if best is None or n > best[0]:
            best = (n, (x, y, z))
    return None if best is None else best[1]


def _tilt_and_freeze(lv: Level, seed: int, g: Gravity) -> Play:
    """A play tilted to ``g`` whose first act after the tilt is a Freeze at ``_freeze_target`` (when the
    level has a charge)."""
    p = Play(lv, seed)
    p.run([TickInput(tilt=g)])
    if p.s.outcome is None and p.s.charges["freeze"] > 0:
        t = _freeze_target(p.s)
        if t is not None:
            p.run([TickInput(freeze=t)])
    return p


def play_freeze_greedy(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    """ "Tilt, freeze the most water, stay" (session 15): ``tilt_greedy`` with a Freeze pressed right
    after the tilt, aimed at the most water (``_freeze_target``); every allowed sideways direction is
    played to the end and the best counts.  Found on Lv16: ★3 in 20 pieces."""
    best: dict[str, Any] | None = None
    for g in _sideways(lv):
        p = _tilt_and_freeze(lv, seed, g)
        _tilt_greedy_run(p, max_pieces)
        r = p.result(direction=g.value)
        if best is None or _rank(r) > _rank(best):
            best = r
    return best if best is not None else play_drop(lv, seed, max_pieces)


def play_freeze_stay(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    """ "Tilt, freeze the most water, stay, tilt back once" (session 15): ``tilt_stay`` with the Freeze of
    ``freeze_greedy`` right after the tilt.  Found on the session-15 Lv20: ★3 in 23 pieces."""
    plays: list[tuple[Play, Gravity, State | None]] = []
    for g in _sideways(lv):
        p = _tilt_and_freeze(lv, seed, g)
        best, _n = _stay_phase(p, max_pieces, PROBE)
        plays.append((p, g, best))
    if not plays:
        return play_greedy(lv, seed, max_pieces)

    def rank(item: tuple[Play, Gravity, State | None]) -> tuple[bool, int, float, float]:
        return _stay_rank(item[2]) if item[2] is not None else (False, 0, -2.0, -2.0)

    p, g, best = max(plays, key=rank)
    more, _n = _stay_phase(p, max_pieces, max_pieces)
    if more is not None and (best is None or _stay_rank(more) > _stay_rank(best)):
        best = more
    if best is None:
        return p.result(direction=g.value, back_at=None)
    p.s = best
    p.best = max(p.best, progress_of(p.s))
    back_at = p.pieces
    if p.s.outcome is None:
        _greedy_run(p, lv, max_pieces, wall=False)
    return p.result(direction=g.value, back_at=back_at)


def play_freeze_late(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    """ "Tilt, stack a few, then freeze the most water, stay" (session 16): ``freeze_greedy`` with the Freeze
    pressed after ``k`` greedy pieces under the tilt instead of at once, ``k`` = 1 .. ``PROBE``; every
    allowed sideways direction and every ``k`` played to the end, the best counts.  Found on a Lv16
    prototype whose ice lasted 17 resolves for 20 locks (the freeze had to wait): ★1 in 20 pieces at
    ``k`` = 4, so a freeze's timing alone is one number a cheap player tries.  A level without a Freeze
    charge is played as ``tilt_greedy`` plays it."""
    if lv.abilities.freeze_charges <= 0:
        return play_tilt_greedy(lv, seed, max_pieces)
    best: dict[str, Any] | None = None
    for g in _sideways(lv):
        for k in range(1, PROBE + 1):
            p = Play(lv, seed)
            p.run([TickInput(tilt=g)])
            _tilt_greedy_run(p, min(k, max_pieces))
            if p.s.outcome is None and p.s.charges["freeze"] > 0:
                t = _freeze_target(p.s)
                if t is not None:
                    p.run([TickInput(freeze=t)])
            _tilt_greedy_run(p, max_pieces)
            r = p.result(direction=g.value, k=k)
            if best is None or _rank(r) > _rank(best):
                best = r
    return best if best is not None else play_drop(lv, seed, max_pieces)
