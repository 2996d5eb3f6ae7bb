"""Planned solver (issue #26): a designer's plan of phases, each a tilt or a run of placements scored by
the level's own score function, under ANY gravity (the greedy solver places under DOWN only).

A plan is what a player who understood the level does: "tilt east and keep the world there while
feeding the drain", "build the dam first, then pour".  Each placement phase picks, per piece, the best
hard-drop placement (every orientation within ``turns`` quarter turns x every position across the
gravity) by ``score(state)``; the chosen ticks are replayed for real.  Used by
``tools/floodline/redesign.py`` to write the committed solutions of the redesigned levels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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
            done = False
            for val, ticks, _pred in placements(s, ph.score, ph.turns)[:12]:
                real = run_ticks(s, ticks)
                if real.outcome is not None and real.outcome.status != Status.WON:
                    continue
                s = real
                played += ticks
                done = True
                if log:
                    log(
                        f"piece {s.metrics['piecesUsed']} score {val:.0f} drained {s.metrics['waterRemovedTotal']}"
                    )
                break
            if not done:
                return s, played
    return s, played
