"""Greedy solver for the Floodline campaign: writes ``tools/floodline/solutions/<stem>.json`` winning replays.

Per piece it tries every distinct orientation x every (x, z) column (hard drop) and, where the level
allows, a world tilt; each candidate is evaluated by running the engine's own ``step`` on the
result, and scored with a heuristic toward the level's objective.  The chosen plan is then played as
real tick inputs (rotate, tap-move, hard drop) and checked against the prediction.

Run: ``python -m tools.floodline.solve_levels [lv03 lv07 ...] [-v] [-sN] [--force]``; the command line,
the level and solution paths and ``solutions/index.json`` are in ``solution_files.py`` (re-exported
here: ``LEVELS``, ``SOLUTIONS``, ``write_index``).  This file holds the search: the heuristic, the
candidate moves (placements, tilts, holds, abilities) and the greedy ``solve``.
"""

from __future__ import annotations

import sys
from collections import deque

from engine.floodline.board import Board, Kind
from engine.floodline.conditions import cavities, holes, max_world_height, overhang_voxels, plateau, spans
from engine.floodline.geometry import GRAVITY_VEC, Gravity, is_perpendicular
from engine.floodline.level import Level
from engine.floodline.moves import IDLE, TickInput
from engine.floodline.pieces import offsets, orientations, rotate_index
from engine.floodline.resolve import tilt_resolve
from engine.floodline.rules import initial_state, piece_fits, rotation_allowed, step
from engine.floodline.solids import TiltBlocked
from engine.floodline.state import State, Status
from engine.floodline.view import ghost_cells

# re-exported: target_plans, plan_solver and redesign import them from here
from tools.floodline.solution_files import LEVELS as LEVELS
from tools.floodline.solution_files import SOLUTIONS as SOLUTIONS
from tools.floodline.solution_files import write_index as write_index

TURNS = ("x+", "x-", "y+", "y-", "z+", "z-")
MAX_PIECES = 80
#: set by ``solve(min_stars=...)``: shape the search toward ★2 height conditions too
STAR_SHAPING = False
#: levels where the star-targeted search finds more stars than the plain greedy one
#: tutorials whose height is only reachable by tilting a piece against a wall (gen_levels._tilt_tutorial)
TILT_TUTORIALS = {"lv02", "lv03"}
HOLD_LEVELS = {"lv06"}
SHOW_FREEZE = {"lv17", "lv20"}
SHOW_STABILIZE: set[str] = set()
#: False for the lab's tilt-blind greedy stacker: no tilt-loss / loose-voxel terms in the heuristic
TILT_AWARE = True
THINK_TICKS = 120  # 2 s per piece on wind levels
STAR_TARGETS = {"lv05": 3, "lv07": 3, "lv09": 2, "lv12": 3, "lv23": 3}


def _rot_paths() -> dict[int, tuple[str, ...]]:
    paths: dict[int, tuple[str, ...]] = {0: ()}
    todo = deque([0])
    while todo:
        r = todo.popleft()
        for t in TURNS:
            n = rotate_index(r, t)
            if n not in paths:
                paths[n] = (*paths[r], t)
                todo.append(n)
    return paths


ROT_PATHS = _rot_paths()


def _water_cells(s: State) -> int:
    return s.board.kind.count(int(Kind.WATER))


def heuristic(s: State) -> float:
    """Bigger is better; objective-specific shaping (only DOWN-gravity placements are scored)."""
    b = s.board
    m = s.metrics
    h = max_world_height(b)
    v = 0.0
    for obj in s.level.objectives:
        t = obj.type
        if t == "REACH_HEIGHT":
            v += 100.0 * min(h, obj.height) - 0.5 * m["massPlaced"] - 3 * m["shiftVoxelsTotal"]
        elif t == "PLACE_PIECES":
            v += -20.0 * overhang_voxels(b) - 5.0 * holes(b) - 2.0 * h - 10 * m["shiftVoxelsTotal"]
        elif t == "BUILD_PLATEAU":
            v += _plateau_score(s, obj.world_level)
            if plateau(b, obj.world_level, obj.area, obj.width, obj.depth):
                v += 5000.0
        elif t == "ENCLOSE_CAVITY":
            v += 200.0 * cavities(b) + 3.0 * holes(b) - 2.0 * h
        elif t == "BRIDGE":
            gap, _ = spans(b)
            v += 100.0 * min(gap, obj.length) + 3.0 * overhang_voxels(b) - h
        elif t == "OVERHANG":
            _, ov = spans(b)
            v += 100.0 * min(ov, obj.length) - h
        elif t == "DRAIN_WATER":
            v += 50.0 * m["waterRemovedTotal"] - 2.0 * h
        elif t == "SURVIVE_ROTATIONS":
            v += 100.0 * m["rotations"] - 50 * m["lostVoxelsTotal"] - 50 * _tilt_loss(s) * TILT_AWARE
    for k, obj in enumerate(s.level.objectives):  # "… and it survives K tilts": reward the streak
        if obj.survive_tilts and s.streaks[k] >= 0:
            v += 400.0 * (1 + min(s.streaks[k], obj.survive_tilts))
    conds = [*s.level.stars.two, *s.level.stars.three] if STAR_SHAPING else []
    for cond in conds:
        if cond.type == "REACH_HEIGHT":
            v += 100.0 * min(h, cond.height)
        elif cond.type == "WATER_BELOW":
            f = b.frame
            v -= 40.0 * sum(
                1 for i in range(len(b.kind)) if b.kind[i] == Kind.WATER and f.ys[i] >= cond.height
            )
        elif cond.type == "BUILD_PLATEAU":
            v += _plateau_score(s, cond.world_level)
    v -= 30.0 * m["lostVoxelsTotal"]
    # levels whose teach beat is an ability: the committed solution should show it (the lab checks)
    v += 150.0 * min(1, m["freezesUsed"]) * (s.level.meta.id in SHOW_FREEZE)
    v += 150.0 * min(1, m["stabilizesUsed"]) * (s.level.meta.id in SHOW_STABILIZE)
    if TILT_AWARE and b.open_faces and any(o.survive_tilts for o in s.level.objectives):
        v -= 60.0 * loose_voxels(b)
    return v


_IMMOVABLE = (int(Kind.WALL), int(Kind.BEDROCK), int(Kind.DRAIN), int(Kind.ICE))


def loose_voxels(b: Board) -> int:
    """Solid voxels not connected (face to face) to an immovable cell or an anchored voxel: with open
    side faces, the first tilt loses them."""
    solids = b.indices(Kind.SOLID)
    if not solids:
        return 0
    f = b.frame
    sset = set(solids)

    def nbrs(i: int) -> list[int]:
        x, y, z = f.xs[i], f.ys[i], f.zs[i]
        out = []
        for dx, dy, dz in ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)):
            nx, ny, nz = x + dx, y + dy, z + dz
            if 0 <= nx < b.sx and 0 <= ny < b.sy and 0 <= nz < b.sz:
                out.append(f.index(nx, ny, nz))
        return out

    seen = [i for i in solids if b.anchor[i] != 0 or any(b.kind[n] in _IMMOVABLE for n in nbrs(i))]
    todo = list(seen)
    held = set(seen)
    while todo:
        i = todo.pop()
        for n in nbrs(i):
            if n in sset and n not in held:
                held.add(n)
                todo.append(n)
    return len(sset) - len(held)


def _tilt_loss(s: State) -> int:
    """Voxels the worst allowed tilt from here would lose (a brace makes this 0)."""
    worst = 0
    for g in s.level.rotation.allowed:
        if g == s.gravity or not is_perpendicular(g, s.gravity):
            continue
        try:
            worst = max(worst, tilt_resolve(s.board.copy(), g, frozenset()).lost)
        except TiltBlocked:
            continue
    return worst


def _plateau_score(s: State, level: int) -> float:
    """Fill a 3x3 corner block of columns exactly up to ``level``."""
    b = s.board
    f = b.frame
    v = 0.0
    for x in range(3):
        for z in range(3):
            for y in range(b.sy):
                k = b.kind[f.index(x, y, z)]
                if k == Kind.SOLID:
                    v += 10.0 if y <= level else -300.0

    # one-cell wells in the block can only be filled by a piece sticking out above it
    def top(x: int, z: int) -> int:
        if not (0 <= x < b.sx and 0 <= z < b.sz):
            return 10**6
        for y in range(b.sy - 1, -1, -1):
            if b.kind[f.index(x, y, z)] == Kind.SOLID:
                return y + 1
        return 0

    for x in range(3):
        for z in range(3):
            hc = top(x, z)
            if hc <= level and all(top(x + dx, z + dz) > hc for dx, dz in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                v -= 150.0
    # everything outside the block counts against it a little
    total = b.kind.count(int(Kind.SOLID))
    return v - 1.0 * total


def _move_ticks(dx: int, dz: int) -> list[TickInput]:
    """Tap moves, alternating axes so each tap moves at once (DAS restarts)."""
    xs = ["x+" if dx > 0 else "x-"] * abs(dx)
    zs = ["z+" if dz > 0 else "z-"] * abs(dz)
    out: list[TickInput] = []
    last = None
    while xs or zs:
        if xs and (last != "x" or not zs):
            d = xs.pop()
            last = "x"
        else:
            d = zs.pop()
            last = "z"
        if out and out[-1].move == d:
            out.append(IDLE)
        out.append(TickInput(move=d))
    return out


def placements(s: State, max_turns: int = 99) -> list[tuple[float, list[TickInput], State]]:
    """All (score, ticks, predicted state) hard-drop placements of the active piece (DOWN gravity);
    ``max_turns`` limits the orientations to those that many quarter turns from the spawn one."""
    a = s.active
    assert a is not None
    out = []
    b = s.board
    for rot in orientations(a.piece_id):
        turns = ROT_PATHS[rot]
        if len(turns) > max_turns:
            continue
        pre: list[TickInput] = [TickInput(rotations=turns)] if turns else []
        sr = s
        for t in pre:
            sr = step(sr, t)
        if sr.outcome is not None or sr.active is None or sr.active.rot != rot:
            continue
        ar = sr.active
        offs = offsets(a.piece_id, rot)
        for x in range(-min(o[0] for o in offs), b.sx - max(o[0] for o in offs)):
            for z in range(-min(o[2] for o in offs), b.sz - max(o[2] for o in offs)):
                origin = (x, ar.origin[1], z)
                if not piece_fits(b, a.piece_id, rot, origin):
                    continue
                y = origin[1]  # the landing row, found here (the same cell the hard drop reaches, faster)
                while piece_fits(b, a.piece_id, rot, (x, y - 1, z)):
                    y -= 1
                probe = sr.copy()
                probe.active = ar.moved(origin=(x, y, z))
                res = step(probe, TickInput(hard=True))
                ticks = [*pre, *_move_ticks(x - ar.origin[0], z - ar.origin[2]), TickInput(hard=True)]
                out.append((_score(res), ticks, res))
    return out


def _score(res: State) -> float:
    o = res.outcome
    if o is not None:
        return 1e9 + o.stars if o.status == Status.WON else -1e9
    return heuristic(res)


def _run(s: State, ticks: list[TickInput]) -> State:
    for t in ticks:
        if s.outcome is not None:
            break
        s = step(s, t)
    return s


def tilt_options(s: State) -> list[tuple[float, list[TickInput], State]]:
    out = []
    if s.gravity != Gravity.DOWN:
        return out
    wait = [IDLE] * s.cooldown
    sw = _run(s, wait)
    for g in s.level.rotation.allowed:
        if g == Gravity.DOWN or not is_perpendicular(g, Gravity.DOWN):
            continue
        if not rotation_allowed(sw, g):
            continue
        s1 = step(sw, TickInput(tilt=g))
        if s1.gravity != g:
            continue
        back = [IDLE] * s1.cooldown + [TickInput(tilt=Gravity.DOWN)]
        s2 = _run(s1, back)
        if s2.outcome is None and s2.gravity != Gravity.DOWN:
            continue
        ticks = [*wait, TickInput(tilt=g), *back]
        if s2.board.kind != s.board.kind or s2.outcome is not None or s2.streaks != s.streaks:
            out.append((_score(s2), ticks, s2))
    return out


def tilt_drop_options(s: State) -> list[tuple[float, list[TickInput], State]]:
    """Tilt with the piece still high, hard-drop it along the new gravity, then tilt back down."""
    out: list[tuple[float, list[TickInput], State]] = []
    if s.gravity != Gravity.DOWN or s.active is None:
        return out
    for g in s.level.rotation.allowed:
        if g == Gravity.DOWN or not is_perpendicular(g, Gravity.DOWN) or not rotation_allowed(s, g):
            continue
        s1 = step(s, TickInput(tilt=g))
        if s1.gravity != g:
            continue
        ticks = [TickInput(tilt=g), TickInput(hard=True)]
        s2 = _run(s, ticks)
        if s2.outcome is None:
            back = [IDLE] * s2.cooldown + [TickInput(tilt=Gravity.DOWN)]
            s2 = _run(s2, back)
            if s2.outcome is None and s2.gravity != Gravity.DOWN:
                continue
            ticks += back
        out.append((_score(s2), ticks, s2))
    return out


def drain_options(s: State) -> list[tuple[float, list[TickInput], State]]:
    """Swap the piece for a one-voxel drain (ability) and try every drop column."""
    if s.charges["drain"] <= 0:
        return []
    s1 = step(s, TickInput(drain=True))
    if s1.active is None or s1.active.piece_id == s.active.piece_id:  # type: ignore[union-attr]
        return []
    return [(sc, [TickInput(drain=True), *ticks], st) for sc, ticks, st in placements(s1)]


def pours(level: Level) -> bool:
    """Drain levels: a lock under a sideways gravity can pour water into the drain's basin."""
    return any(o.type == "DRAIN_WATER" for o in level.objectives)


def hold_options(s: State) -> list[tuple[float, list[TickInput], State]]:
    """Hold the piece and place the swapped-in one."""
    s1 = step(s, TickInput(hold=True))
    if s1.active is None or not s1.hold_used or s1.outcome is not None:
        return []
    return [(sc - 1.0, [TickInput(hold=True), *ticks], st) for sc, ticks, st in placements(s1)]


def think(s: State, most: int = THINK_TICKS) -> tuple[State, list[TickInput]]:
    """A player's thinking time before moving the piece (wind levels): idle while it falls freely,
    stopping 3 cells above its landing, so gusts fire during the fall as they do for a person."""
    out: list[TickInput] = []
    while len(out) < most and s.outcome is None and s.active is not None:
        a = s.active
        g = ghost_cells(s)
        dist = max(abs(p - q) for p, q in zip(g[0], a.cells()[0])) if g else 0
        if dist <= 3 or a.grounded:
            break
        nxt = step(s, IDLE)
        if nxt.active is None or nxt.metrics["piecesUsed"] != s.metrics["piecesUsed"]:
            break
        s = nxt
        out.append(IDLE)
    return s, out


def ability_variants(
    s: State, top: list[tuple[float, list[TickInput], State]]
) -> list[tuple[float, list[TickInput], State]]:
    """The best few placements again with Freeze on the water under the landing piece, or with the
    piece armed for Stabilize (anchored on lock), when the level gives charges."""
    out: list[tuple[float, list[TickInput], State]] = []
    g = GRAVITY_VEC[s.gravity]
    for _score0, ticks, pred in top:
        if not ticks or ticks[-1].hard is not True or any(t.tilt is not None for t in ticks):
            continue
        if s.charges["stabilize"] > 0:
            t2 = [TickInput(stabilize=True), *ticks]
            r = _run(s, t2)
            out.append((_score(r), t2, r))
        if s.charges["freeze"] > 0:
            landed = set(pred.board.indices(Kind.SOLID)) - set(s.board.indices(Kind.SOLID))
            f = s.board.frame
            # the water the piece would land in (displace), else the water just under it
            spots = [(f.xs[i], f.ys[i], f.zs[i]) for i in sorted(landed)]
            spots += [(x + g[0], y + g[1], z + g[2]) for x, y, z in spots]
            for c in spots:
                if s.board.in_bounds(c) and s.board.at(c) == Kind.WATER:
                    t2 = [*ticks[:-1], TickInput(freeze=c), ticks[-1]]
                    r = _run(s, t2)
                    out.append((_score(r) + 0.5, t2, r))
                    break
    return out


def wants_tilts(level: Level) -> bool:
    if level.meta.id in TILT_TUTORIALS:
        return True
    objs = [*level.objectives, *level.stars.two, *level.stars.three]
    return any(o.type == "SURVIVE_ROTATIONS" or getattr(o, "survive_tilts", 0) for o in objs) or any(
        o.type == "DRAIN_WATER" for o in objs
    )


def solve(
    level: Level,
    seed: int,
    verbose: bool = False,
    min_stars: int = 0,
    allow_tilts: bool = True,
    abilities: bool = True,
    max_pieces: int = 0,
) -> tuple[State, list[TickInput]]:
    """Greedy play; wins earning fewer than ``min_stars`` are skipped (and ★2 heights shaped).

    ``allow_tilts=False`` plays hard drops only (the design tests prove lv02/lv03 need their tilt);
    ``abilities=False`` never places a drain: with both off this is the lab's naive bot."""
    global STAR_SHAPING
    STAR_SHAPING = min_stars >= 2
    s = initial_state(level, seed)
    played: list[TickInput] = []
    tilts = allow_tilts and wants_tilts(level)
    last_tilt = False
    for _ in range(4 * MAX_PIECES):
        if s.outcome is not None or s.active is None or s.metrics["piecesUsed"] >= (max_pieces or MAX_PIECES):
            break
        if level.hazards and any(h.enabled for h in level.hazards):
            s, waited = think(s)
            played.extend(waited)
            if s.outcome is not None or s.active is None:
                break
        cands = placements(s)
        if tilts and not last_tilt:
            cands += tilt_options(s)
            if level.meta.id in TILT_TUTORIALS or pours(level):
                cands += tilt_drop_options(s)
        if abilities and level.meta.id in HOLD_LEVELS and level.abilities.hold and not s.hold_used:
            cands += hold_options(s)
        if abilities:
            cands += drain_options(s)
        cands = [c for c in cands if not 1e9 <= c[0] < 1e9 + min_stars]
        cands.sort(key=lambda c: -c[0])
        if abilities:
            top = cands[:4]
            if s.charges["freeze"] > 0:  # also the best few drops that land in water (freeze targets)
                water = set(s.board.indices(Kind.WATER))
                base = set(s.board.indices(Kind.SOLID))
                wet = [c for c in cands if set(c[2].board.indices(Kind.SOLID)) - base & water]
                top = top + [c for c in wet[:3] if c not in top]
            cands += ability_variants(s, top)
            cands = [c for c in cands if not 1e9 <= c[0] < 1e9 + min_stars]
            cands.sort(key=lambda c: -c[0])
        done = False
        for score, ticks, _pred in cands[:40]:
            if score < -1e8:
                break
            real = _run(s, ticks)
            if real.outcome is not None and real.outcome.status != Status.WON:
                continue
            if real.outcome is not None and real.outcome.stars < min_stars:
                continue
            last_tilt = any(tk.tilt is not None for tk in ticks)
            s = real
            played.extend(ticks)
            done = True
            break
        if not done:
            break
        if verbose:
            print(f"  piece {s.metrics['piecesUsed']} h={max_world_height(s.board)} score={score:.0f}")
    return s, played


if __name__ == "__main__":  # the command line lives in solution_files.py
    from tools.floodline.solution_files import main

    raise SystemExit(main(sys.argv[1:]))
