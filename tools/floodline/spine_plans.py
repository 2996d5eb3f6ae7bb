"""Committed-solution plans for the High-Rise levels under rules 0.5 (issue #26, RULES.md 17, 46).

A voxel is held only through what is under it along gravity, and Reinforced voxels are rigid frames.
With the box open on all four sides, a tower tilted onto the 4-high post keeps only what rests on the
post's face or on a held Reinforced frame.  The plan a player follows:

* the **spine**: a column of Reinforced voxels against the post's west face (x = post − 1, z = the
  post's first row), from the floor up to the objective's height — one rigid frame that rests on the
  post under an east tilt;
* every loose piece goes into the **slab** west of the spine (x < spine, the same z), no higher than
  the spine, where it rests on the spine under the tilt and on the floor when upright; what does not
  fit there is thrown to the far side of the box (it falls out on the tilt);
* once the spine stands to the height: tilt east (the spine rests on the post) and back down.

Reinforced pieces come one in five or seven from the bag, so the spine takes most of the level.
``python -m tools.floodline.spine_plans N ...`` writes the solutions of the levels named.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

from engine.floodline.board import Kind, Material
from engine.floodline.campaign import level
from engine.floodline.conditions import stack_height
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import IDLE, TickInput
from engine.floodline.pieces import offsets, orientations
from engine.floodline.replay import make_replay, play
from engine.floodline.rules import initial_state, piece_fits
from engine.floodline.state import State, Status
from tools.floodline.plan_solver import _moves, run_ticks
from tools.floodline.solve_levels import ROT_PATHS, think

Cells = Callable[[list[tuple[int, int, int]]], float | None]


def spine_height(st: State, sx: int, sz: int) -> int:
    """Top of the spine column (x = ``sx``, z = ``sz``) + 1: the immovable floor cells under it (Lv29's
    bedrock), then anchored voxels contiguous from there."""
    b = st.board
    h = 0
    while h < b.sy and b.kind[b.idx((sx, h, sz))] in (Kind.BEDROCK, Kind.WALL):
        h += 1
    while h < b.sy:
        i = b.idx((sx, h, sz))
        if b.kind[i] != Kind.SOLID or not b.anchor[i]:
            break
        h += 1
    return h


def placements(s: State, keep: Cells) -> list[tuple[float, list[TickInput]]]:
    """Hard-drop placements under DOWN, scored by ``keep`` on their landing cells (None = refused)
    without running a resolve (cheap: the chosen one is played for real); best first."""
    a = s.active
    assert a is not None
    b = s.board
    out: list[tuple[float, list[TickInput]]] = []
    for rot in orientations(a.piece_id):
        path = ROT_PATHS[rot]
        if len(path) > 2:
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


def plan_parts(n: int) -> tuple[int, int, int, int]:
    """(objective height, spine x, spine z, far x) for High-Rise level ``n``."""
    data = level(n)
    h = max(int(o.get("height", 0)) for o in data["objectives"])
    post = next(c for c in data["cells"] if c["type"] == "WALL")
    sx = int(post["pos"][0]) - 1
    sz = int(post["pos"][2])
    far = int(data["board"]["size"][0]) - 1
    return h, sx, sz, far


def cell_value(s: State, cells: list[tuple[int, int, int]], sx: int, sz: int, far: int) -> float | None:
    """The plan's value of a landing (None = never): a Reinforced piece climbs the spine; a loose one
    fills the slab west of the spine, low, or else goes to the far side of the box."""
    a = s.active
    assert a is not None
    b = s.board
    sp = spine_height(s, sx, sz)
    in_col = [c for c in cells if c[0] == sx and c[2] == sz]
    if a.material == Material.REINFORCED:
        if not in_col:  # wasted on the far side: better than cutting the spine with a gap
            return -3000.0 - 3 * max(c[1] for c in cells) if all(c[0] >= far - 3 for c in cells) else None
        ys = {c[1] for c in in_col}
        h = sp
        while h in ys:
            h += 1
        off = len(cells) - len(in_col)
        gap = 5000 if min(ys) != sp else 0  # it would hang over a gap in the column: the spine is cut
        return 1000.0 * (h - sp) - gap - 30 * off - max(c[1] for c in cells)
    if in_col:
        return None
    top = max(c[1] for c in cells)
    own = set(cells)
    hang = sum(
        1
        for c in cells
        if c[1] > 0
        and (c[0], c[1] - 1, c[2]) not in own
        and b.kind[b.idx((c[0], c[1] - 1, c[2]))] != Kind.SOLID
    )
    if all(c[2] == sz and c[0] < sx for c in cells) and top < max(sp, 2):
        return -2.0 * top - 20 * hang
    if all(c[0] >= far - 3 for c in cells):
        return -100.0 - 3 * top - 5 * hang
    return None


def build(
    n: int, s: State, log: Callable[[str], None] | None = None, extra: int = 0
) -> tuple[State, list[TickInput]]:
    """Place pieces by ``cell_value`` until the spine reaches the objective's height (or ``extra``
    more pieces, when given)."""
    h, sx, sz, far = plan_parts(n)
    played: list[TickInput] = []
    windy = any(hz.enabled for hz in s.level.hazards)
    for _ in range(extra or 150):
        if s.outcome is not None or s.active is None or (not extra and spine_height(s, sx, sz) >= h):
            break
        if windy:
            s, waited = think(s)
            played += waited
            if s.outcome is not None or s.active is None:
                break
        cands = placements(s, lambda cells, st=s: cell_value(st, cells, sx, sz, far))
        if not cands:
            cands = placements(s, lambda cells: -1000.0 - max(c[1] for c in cells))
        for _val, ticks in cands[:12]:
            real = run_ticks(s, ticks)
            if real.outcome is not None and real.outcome.status != Status.WON:
                continue
            s = real
            played += ticks
            if log:
                log(
                    f"piece {s.metrics['piecesUsed']} spine {spine_height(s, sx, sz)} mass {s.metrics['massPlaced']}"
                )
            break
        else:
            break
    return s, played


def solve(n: int, log: Callable[[str], None] | None = None) -> tuple[State, list[TickInput]]:
    """Build the spine, then tilt east onto the post and back down."""
    data = level(n)
    lv = parse_level(data)
    s, ticks = build(n, initial_state(lv, int(data["meta"]["seed"])), log)
    for target in (Gravity.EAST, Gravity.DOWN):
        for _attempt in range(6):  # a tilt the falling piece blocks (RULES.md 15): place it, try again
            if s.outcome is not None:
                break
            tries = [*([IDLE] * s.cooldown), TickInput(tilt=target)]
            s2 = run_ticks(s, tries)
            if s2.gravity == target or s2.outcome is not None:
                s, ticks = s2, ticks + tries
                break
            s, more = build(n, s, log, extra=1)
            ticks += more
    while s.outcome is None and s.win_pending and len(ticks) < 200000:  # a secured win ends on the lock
        s = run_ticks(s, [IDLE])
        ticks.append(IDLE)
    return s, ticks


def write(n: int, log: Callable[[str], None] | None = None) -> tuple[int, int]:
    """Play the plan on level ``n``; on a win write ``solutions/lvNN.json``: (stars, pieces)."""
    from tools.floodline.solve_levels import SOLUTIONS, write_index

    data = level(n)
    lv = parse_level(data)
    end, ticks = solve(n, log)
    if end.outcome is None or end.outcome.status != Status.WON:
        raise RuntimeError(
            f"lv{n:02d}: the plan does not win ({end.outcome}, {end.metrics['piecesUsed']} pieces, "
            f"height {stack_height(end.board)})"
        )
    rep = make_replay(lv, int(data["meta"]["seed"]), ticks)
    again = play(lv, rep)
    assert again.outcome is not None and again.outcome.status == Status.WON
    (SOLUTIONS / f"lv{n:02d}.json").write_text(
        json.dumps(rep.model_dump(mode="json", by_alias=True), indent=1) + "\n"
    )
    write_index()
    return end.outcome.stars, end.metrics["piecesUsed"]


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    for n in [int(a) for a in argv if a.isdigit()]:
        try:
            stars, pieces = write(n, (lambda m: print("  " + m, flush=True)) if verbose else None)
            print(f"lv{n:02d}: WON {stars}★ in {pieces} pieces", flush=True)
        except RuntimeError as exc:
            print(exc, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
