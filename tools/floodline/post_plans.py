"""Committed-solution plans for the High-Rise levels under rules 0.4 (issue #26, RULES.md 17).

Side contact with the post no longer holds a tower, so a tower survives a tilt only toward the side
it rests on.  The plan a player follows: build a slim tower against the post's west face (the
1 x 2 column x = 3, z = 4..5 first, then the cells next to it), then tilt east (the tower rests on
the post) and straight back down.  ``python -m tools.floodline.post_plans N ...`` writes the
solutions of the levels named (the level files are not changed).
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
from engine.floodline.moves import TickInput
from engine.floodline.replay import make_replay, play
from engine.floodline.rules import initial_state
from engine.floodline.state import State, Status
from tools.floodline.plan_solver import Phase, placements, play_plan, run_ticks


def post_tower(
    height: int, col_x: int = 3, zs: tuple[int, int] = (4, 5), off_cost: float = 40
) -> Callable[[State], float]:
    """Score: stack height against the post's west face; voxels off the column and lost ones cost."""

    def score(st: State) -> float:
        b = st.board
        f = b.frame
        off = rest = 0
        for i in b.indices(Kind.SOLID):
            x, y, z = f.xs[i], f.ys[i], f.zs[i]
            if x == col_x and zs[0] <= z <= zs[1]:
                rest += y < 4  # rests on the post's west face under an east tilt
            else:
                off += 1
        m = st.metrics
        tall = min(stack_height(b), height + 1) if rest else 0
        return 100.0 * tall + 20 * min(rest, 4) - off_cost * off - 30 * m["lostVoxelsTotal"]

    return score


def plan_for(n: int) -> list[Phase]:
    """Build to the objective's height, then tilt east (toward the post) and back down."""
    data = level(n)
    h = max(int(o.get("height", 0)) for o in data["objectives"])
    post = next(c for c in data["cells"] if c["type"] == "WALL")
    col_x, zs = post["pos"][0] - 1, (post["pos"][2], post["to"][2])

    def tall(s: State) -> bool:
        return stack_height(s.board) >= h

    off_cost = 150 if data.get("constraints", {}).get("maxMass") else 40  # a weight limit: stay slim
    return [
        Phase(pieces=60, score=post_tower(h, col_x, zs, off_cost), until=tall),
        Phase(tilt=Gravity.EAST),
        Phase(tilt=Gravity.DOWN),
    ]


def _value(piece: tuple[str, Material]) -> int:
    """Height a piece adds per unit of mass in a slim tower: I pieces best, Heavy ones worst."""
    pid, mat = piece
    if mat == Material.HEAVY:
        return 0
    return 2 if pid in ("I4", "I3") else 1


def _slim_first(s: State) -> tuple[State, list[TickInput]]:
    """Hold the active piece when the held one (or, with an empty slot, the next) climbs better
    per unit of mass (a weight limit: every voxel placed counts)."""
    a = s.active
    if a is None or s.hold_used or not s.level.abilities.hold:
        return s, []
    other = s.hold if s.hold is not None else (s.queue[0] if s.queue else None)
    if other is None or _value(other) <= _value((a.piece_id, a.material)):
        return s, []
    t = [TickInput(hold=True)]
    return run_ticks(s, t), t


def build(
    s: State, score: Callable[[State], float], until: Callable[[State], bool], pieces: int
) -> tuple[State, list[TickInput]]:
    """The plan's first phase with a hold rule (``_slim_first``): best placement per piece by ``score``."""
    played: list[TickInput] = []
    for _ in range(pieces):
        if s.outcome is not None or s.active is None or until(s):
            break
        s, held = _slim_first(s)
        played += held
        for _val, ticks, _pred in placements(s, score, 2)[:12]:
            real = run_ticks(s, ticks)
            if real.outcome is not None and real.outcome.status != Status.WON:
                continue
            s = real
            played += ticks
            break
        else:
            break
    return s, played


def write(n: int) -> tuple[int, int]:
    """Play the plan on level ``n``; on a win write ``solutions/lvNN.json``: (stars, pieces)."""
    from tools.floodline.solve_levels import SOLUTIONS, write_index

    data = level(n)
    lv = parse_level(data)
    seed = int(data["meta"]["seed"])
    plan = plan_for(n)
    first = plan[0]
    assert first.score is not None and first.until is not None
    built, ticks = build(initial_state(lv, seed), first.score, first.until, first.pieces)
    end, more = play_plan(built, plan[1:])
    ticks += more
    if end.outcome is None or end.outcome.status != Status.WON:
        raise RuntimeError(
            f"lv{n:02d}: the plan does not win ({end.outcome}, {end.metrics['piecesUsed']} pieces)"
        )
    rep = make_replay(lv, seed, ticks)
    again = play(lv, rep)
    assert again.outcome is not None and again.outcome.status == Status.WON
    (SOLUTIONS / f"lv{n:02d}.json").write_text(
        json.dumps(rep.model_dump(mode="json", by_alias=True), indent=1) + "\n"
    )
    write_index()
    return end.outcome.stars, end.metrics["piecesUsed"]


def main(argv: list[str]) -> int:
    for n in [int(a) for a in argv]:
        try:
            stars, pieces = write(n)
            print(f"lv{n:02d}: WON {stars}★ in {pieces} pieces", flush=True)
        except RuntimeError as exc:
            print(exc, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
