"""Planned solver (issue #26): a designer's plan of phases, each a tilt or a run of placements scored by
the level's own score function, under ANY gravity (the greedy solver places under DOWN only).

A plan is what a player who understood the level does: "tilt east and keep the world there while
feeding the drain", "build the dam first, then pour".  Each placement phase picks, per piece, the best
hard-drop placement (every orientation within ``turns`` quarter turns x every position across the
gravity) by ``score(state)``; the chosen ticks are replayed for real.  Used by
``tools/floodline/redesign.py`` to write the committed solutions of the redesigned levels.

The High-Rise plans (``spine_plans.py``, ``cantilever_plan.py``) share its placement loop too:
``cell_placements`` scores a landing by its cells without a resolve, ``build_cells`` places pieces by
such a score, ``play_first`` plays the best candidate that does not lose, ``tilts_then_finish`` tilts
(placing a blocking piece first) and waits out a secured win, ``write_solution`` writes the replay.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.floodline.geometry import GRAVITY_VEC, Gravity
from engine.floodline.moves import IDLE, TickInput
from engine.floodline.pieces import offsets, orientations
from engine.floodline.rules import piece_fits, step
from engine.floodline.state import State, Status
from tools.floodline.solve_levels import ROT_PATHS

Score = Callable[[State], float]
AXES = "xyz"


@dataclass
class Phase:
    """``tilt`` to a gravity, or ``pieces`` placements scored by ``score`` (until ``until`` holds)."""

    tilt: Gravity | None = None
    pieces: int = 0
    score: Score | None = None
    until: Callable[[State], bool] | None = None
    turns: int = 2


def _moves(delta: tuple[int, int, int]) -> list[TickInput]:
    """Tap moves along each axis, alternating axes so each tap moves at once (DAS restarts)."""
    queues = [[f"{AXES[a]}{'+' if delta[a] > 0 else '-'}"] * abs(delta[a]) for a in range(3)]
    out: list[TickInput] = []
    last = None
    while any(queues):
        order = sorted(range(3), key=lambda a: (AXES[a] == last, -len(queues[a])))
        a = next(a for a in order if queues[a])
        d = queues[a].pop()
        last = AXES[a]
        if out and out[-1].move == d:
            out.append(IDLE)
        out.append(TickInput(move=d))
    return out


def run_ticks(s: State, ticks: list[TickInput]) -> State:
    for t in ticks:
        if s.outcome is not None:
            break
        s = step(s, t)
    return s


def placements(s: State, score: Score, turns: int = 2) -> list[tuple[float, list[TickInput], State]]:
    """Every hard-drop placement of the active piece under the current gravity, scored."""
    a = s.active
    assert a is not None
    g = GRAVITY_VEC[s.gravity]
    ga = next(i for i in range(3) if g[i] != 0)
    perp = [i for i in range(3) if i != ga]
    b = s.board
    size = (b.sx, b.sy, b.sz)
    out = []
    for rot in orientations(a.piece_id):
        path = ROT_PATHS[rot]
        if len(path) > turns:
            continue
        pre = [TickInput(rotations=path)] if path else []
        sr = run_ticks(s, pre)
        if sr.outcome is not None or sr.active is None or sr.active.rot != rot:
            continue
        ar = sr.active
        offs = offsets(a.piece_id, rot)
        lo = [-min(o[i] for o in offs) for i in range(3)]
        hi = [size[i] - max(o[i] for o in offs) for i in range(3)]
        for u in range(lo[perp[0]], hi[perp[0]]):
            for v in range(lo[perp[1]], hi[perp[1]]):
                o = list(ar.origin)
                o[perp[0]], o[perp[1]] = u, v
                if not piece_fits(b, a.piece_id, rot, (o[0], o[1], o[2])):
                    continue
                land = list(o)
                while True:
                    nxt = (land[0] + g[0], land[1] + g[1], land[2] + g[2])
                    if not piece_fits(b, a.piece_id, rot, nxt):
                        break
                    land = list(nxt)
                probe = sr.copy()
                probe.active = ar.moved(origin=(land[0], land[1], land[2]))
                res = step(probe, TickInput(hard=True))
                delta = (o[0] - ar.origin[0], o[1] - ar.origin[1], o[2] - ar.origin[2])
                ticks = [*pre, *_moves(delta), TickInput(hard=True)]
                val = -1e9 if res.outcome is not None and res.outcome.status != Status.WON else score(res)
                if res.outcome is not None and res.outcome.status == Status.WON:
                    val = 1e9 + res.outcome.stars
                out.append((val, ticks, res))
    out.sort(key=lambda c: -c[0])
    return out


def play_plan(
    s: State, plan: list[Phase], log: Callable[[str], None] | None = None
) -> tuple[State, list[TickInput]]:
    """Play ``plan`` from ``s``; returns the end state and every tick played."""
    played: list[TickInput] = []
    for ph in plan:
        if s.outcome is not None:
            break
        if ph.tilt is not None:
            ticks = [*([IDLE] * s.cooldown), TickInput(tilt=ph.tilt)]
            s2 = run_ticks(s, ticks)
            if s2.gravity != ph.tilt and s2.outcome is None:
                raise RuntimeError(f"tilt to {ph.tilt.value} refused at piece {s.metrics['piecesUsed']}")
            s = s2
            played += ticks
            continue
        assert ph.score is not None
        for _ in range(ph.pieces):
            if s.outcome is not None or s.active is None or (ph.until is not None and ph.until(s)):
                break
            got = play_first(s, [(val, ticks) for val, ticks, _pred in placements(s, ph.score, ph.turns)])
            if got is None:
                return s, played
            s, ticks, val = got
            played += ticks
            if log:
                log(
                    f"piece {s.metrics['piecesUsed']} score {val:.0f} drained {s.metrics['waterRemovedTotal']}"
                )
    return s, played


def play_first(
    s: State, cands: list[tuple[float, list[TickInput]]], tries: int = 12
) -> tuple[State, list[TickInput], float] | None:
    """Play the first of the best ``tries`` candidates (best first) whose real play does not lose:
    (state after it, its ticks, its value); None when each of them loses."""
    for val, ticks in cands[:tries]:
        real = run_ticks(s, ticks)
        if real.outcome is not None and real.outcome.status != Status.WON:
            continue
        return real, ticks, val
    return None


Cells = Callable[[list[tuple[int, int, int]]], float | None]


def cell_placements(s: State, keep: Cells, turns: int = 2) -> list[tuple[float, list[TickInput]]]:
    """Hard-drop placements under DOWN scored by ``keep`` on their landing cells (None = refused),
    without running a resolve (cheap: the chosen one is played for real); best first."""
    a = s.active
    assert a is not None
    b = s.board
    out: list[tuple[float, list[TickInput]]] = []
    for rot in orientations(a.piece_id):
        path = ROT_PATHS[rot]
        if len(path) > turns:
            continue
        offs = offsets(a.piece_id, rot)
        pre = [TickInput(rotations=path)] if path else []
        sr = run_ticks(s, pre)
        if sr.outcome is not None or sr.active is None or sr.active.rot != rot:
            continue
        ar = sr.active
        for x in range(-min(o[0] for o in offs), b.sx - max(o[0] for o in offs)):
            for z in range(-min(o[2] for o in offs), b.sz - max(o[2] for o in offs)):
                o = (x, ar.origin[1], z)
                if not piece_fits(b, a.piece_id, rot, o):
                    continue
                y = o[1]
                while piece_fits(b, a.piece_id, rot, (x, y - 1, z)):
                    y -= 1
                val = keep([(x + v[0], y + v[1], z + v[2]) for v in offs])
                if val is None:
                    continue
                ticks = [*pre, *_moves((x - ar.origin[0], 0, z - ar.origin[2])), TickInput(hard=True)]
                out.append((val, ticks))
    out.sort(key=lambda c: -c[0])
    return out


def build_cells(
    s: State,
    value: Callable[[State, list[tuple[int, int, int]]], float | None],
    done: Callable[[State], bool],
    pieces: int,
    log: Callable[[State], None] | None = None,
) -> tuple[State, list[TickInput]]:
    """Place up to ``pieces`` pieces, each at its best landing by ``value(state, cells)`` (else the
    lowest landing anywhere), until ``done``; on wind levels think first (``solve_levels.think``)."""
    from tools.floodline.solve_levels import think

    played: list[TickInput] = []
    windy = any(hz.enabled for hz in s.level.hazards)
    for _ in range(pieces):
        if s.outcome is not None or s.active is None or done(s):
            break
        if windy:
            s, waited = think(s)
            played += waited
            if s.outcome is not None or s.active is None:
                break
        cands = cell_placements(s, lambda cells, st=s: value(st, cells))
        if not cands:
            cands = cell_placements(s, lambda cells: -1000.0 - max(c[1] for c in cells))
        got = play_first(s, cands)
        if got is None:
            break
        s, ticks, _val = got
        played += ticks
        if log:
            log(s)
    return s, played


def tilts_then_finish(
    s: State, targets: list[Gravity], place_one: Callable[[State], tuple[State, list[TickInput]]]
) -> tuple[State, list[TickInput]]:
    """Tilt to each of ``targets`` in turn; a tilt the falling piece blocks (RULES.md 15) is tried
    again after ``place_one`` placed it (6 attempts); then wait while a secured win is pending."""
    ticks: list[TickInput] = []
    for target in targets:
        for _attempt in range(6):
            if s.outcome is not None:
                break
            tries = [*([IDLE] * s.cooldown), TickInput(tilt=target)]
            s2 = run_ticks(s, tries)
            if s2.gravity == target or s2.outcome is not None:
                s, ticks = s2, ticks + tries
                break
            s, more = place_one(s)
            ticks += more
    while s.outcome is None and s.win_pending and len(ticks) < 200000:  # a secured win ends on the lock
        s = run_ticks(s, [IDLE])
        ticks.append(IDLE)
    return s, ticks


def write_solution(n: int, data: dict[str, Any], ticks: list[TickInput]) -> State:
    """Replay ``ticks`` on level ``n`` (``data``) from its seed; on a win write
    ``solutions/lvNN.json`` and rebuild the index; returns the end state (the caller checks the win)."""
    from engine.floodline.level import parse_level
    from engine.floodline.replay import make_replay, play
    from tools.floodline.solve_levels import SOLUTIONS, write_index

    lv = parse_level(data)
    rep = make_replay(lv, int(data["meta"]["seed"]), ticks)
    end = play(lv, rep)
    if end.outcome is not None and end.outcome.status == Status.WON:
        (SOLUTIONS / f"lv{n:02d}.json").write_text(
            json.dumps(rep.model_dump(mode="json", by_alias=True), indent=1) + "\n"
        )
        write_index()
    return end
