"""Floodline's stacking strategies (issue #26): random legal play, drop-only, "tilt, drop, tilt back,
then drop only", tilt-blind greedy, greedy against a wall, and the greedy solver of the committed
solutions.  Each one PLAYS the level to the engine's own end or ``max_pieces`` (see
``floodline_family.py`` for the family and what each strategy does).
"""

from __future__ import annotations

from typing import Any

from engine.core.rng import Lcg32
from engine.floodline.geometry import Gravity
from engine.floodline.level import Level
from engine.floodline.moves import TickInput
from engine.floodline.scoring import tilts_needed
from tools.playtest.floodline_play import (
    TURNS,
    Play,
    _out_and_back,
    _sideways,
    _structure_stands,
    _tilt_back,
    take_first_safe,
    wall_contact,
)


def play_random(lv: Level, seed: int, max_pieces: int, variant: int = 0) -> dict[str, Any]:
    from engine.floodline.bot import bot_piece_moves

    p = Play(lv, seed)
    rng = Lcg32(seed * 7919 + 1 + 104729 * variant)
    while not p.over(max_pieces):
        before = p.pieces
        if lv.abilities.hold and rng.next_below(8) == 0:
            p.run([TickInput(hold=True)])
        p.run(bot_piece_moves(p.s, rng, tilt_every=3 if _sideways(lv) else 0))
        if p.pieces == before and p.s.outcome is None:  # a hold swap without a lock: drop it
            p.run([TickInput(hard=True)])
    return p.result()


def play_drop(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    p = Play(lv, seed)
    while not p.over(max_pieces):
        p.run([TickInput(hard=True)])
    return p.result()


def play_tilt_drop(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    best: dict[str, Any] | None = None
    for g in _sideways(lv) or [Gravity.DOWN]:
        p = Play(lv, seed)
        if g != Gravity.DOWN:
            p.run([TickInput(tilt=g), TickInput(hard=True)])
            p.run(_tilt_back(p.s))
        while not p.over(max_pieces):
            if p.s.gravity != Gravity.DOWN:  # the tilt back was refused: try again before each drop
                p.run(_tilt_back(p.s))
            p.run([TickInput(hard=True)])
        r = p.result(direction=g.value)
        if best is None or (r["won"], r["stars"], r["progress"]) > (
            best["won"],
            best["stars"],
            best["progress"],
        ):
            best = r
    assert best is not None
    return best


def _greedy(lv: Level, seed: int, max_pieces: int, wall: bool) -> dict[str, Any]:
    p = Play(lv, seed)
    _greedy_run(p, lv, max_pieces, wall)
    return p.result()


def _greedy_run(p: Play, lv: Level, max_pieces: int, wall: bool) -> None:
    """Tilt-blind (or wall) greedy stacking from the play's current state to its end."""
    import tools.floodline.solve_levels as sv

    sv.STAR_SHAPING = False
    old = sv.TILT_AWARE
    sv.TILT_AWARE = wall  # the tilt-blind stacker scores no tilt losses, the wall stacker does
    try:
        windy = any(h.enabled for h in lv.hazards)
        tilts_done = 0
        while not p.over(max_pieces):
            ready = tilts_needed(p.s) > 0 and _structure_stands(p.s) and tilts_done < 12
            if ready and wall and p.pieces < max_pieces // 2:  # the wall stacker tilts once nothing is loose
                ready = sv.loose_voxels(p.s.board) == 0
            if ready:
                if _out_and_back(p):
                    tilts_done += 1
                    continue
            if windy:
                s2, waited = sv.think(p.s)
                p.run(waited)
                if p.over(max_pieces):
                    break
            cands = sv.placements(p.s, max_turns=TURNS)
            if p.s.charges["drain"] > 0:
                cands += sv.drain_options(p.s)
            cands.sort(key=lambda c: -c[0])
            if wall:  # the best 40 by the objective, re-ranked for touching walls / immovable cells
                cands = sorted(
                    ((sc + 8.0 * wall_contact(st.board), t, st) for sc, t, st in cands[:40]),
                    key=lambda c: -c[0],
                )
            before = p.pieces
            if not take_first_safe(p, cands):
                p.run([TickInput(hard=True)])  # every placement loses: take the spawn drop and go on
            if p.pieces == before and p.s.outcome is None:
                p.run([TickInput(hard=True)])
    finally:
        sv.TILT_AWARE = old


def play_greedy(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    return _greedy(lv, seed, max_pieces, wall=False)


def play_wall(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    return _greedy(lv, seed, max_pieces, wall=True)


def play_solver(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    """The greedy solver that wrote most committed solutions (``solve_levels.solve``: every
    orientation x column, a tilt where the level allows one, abilities, objective heuristic).  Where a
    committed solution exists this solver is itself a cheap strategy that wins (issue #26).  Where
    ``solve`` stops because every move it knows loses, the play goes on with hard drops to the
    engine's own end (a strategy that stops is not a loss, session 10)."""
    from tools.floodline.solve_levels import solve

    s, _ticks = solve(lv, seed, max_pieces=max_pieces)
    p = Play(lv, seed)
    p.s = s
    while not p.over(max_pieces):  # the solver stops where every move it knows loses: play it out
        p.run([TickInput(hard=True)])
    return p.result()
