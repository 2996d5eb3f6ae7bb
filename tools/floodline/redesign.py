"""Issue #26 redesigns: levels whose idea is necessary, that last, and that no cheap strategy wins.

Each entry changes the level ``gen_levels.build`` makes (``apply``) and carries the designer's plan
(``tools/floodline/plan_solver.py``) that writes its committed solution.  Run
``python -m tools.floodline.redesign [N ...]`` to rewrite the levels and their solutions (then
``python -m tools.playtest floodline`` measures them against the cheap strategies, and
``python -m tools.floodline.necessity N`` plays them with the idea removed).

Lv13 "Dig a Channel" (tilt as a tool, not a ritual): the drain sits high in the east wall (y = 5),
above where the pool can ever stand under gravity DOWN, so it drains only while the world is tilted
east and the water lies against that wall (Part IV: water settles along gravity).  It removes 2
units per lock, so 56 units take 28 pieces locked under the east tilt; pieces dropped while tilted
pile against the same wall, so the player keeps a channel open to the drain (pieces stacked at the
far end, away from the drain) or seals it.  Tilting back down drops the water to the floor, where
no drain reaches.

Lv14 "Two Basins" (rules 0.4, per-body water, RULES.md 23a): a full-height divider (x = 7) splits the
box into a big basin and the drain's narrow one, joined only by a gap along the north wall.  The
drain sits high in the narrow basin's south wall, so it drains only while the world is tilted south
(2 per lock, 60 units: at least 30 pieces).  Tilted south, only the narrow basin's share of the water
(23 units) can reach it: the big basin's water stays behind the divider.  To fetch more the player
tilts down and north (the water lies along the north wall and passes the gap), down and south again —
and keeps the gap clear of pieces.  "Tilt once and stay" (which won 3★ under rules 0.3's global fill)
drains 23 at most.

Lv6 "Hold It", Lv8 "Tilt Budget" and Lv15 "Don't Build on Water" (issue #26: no level won with fewer
than 5 pieces): their bags draw only the pieces of the level's pack that are at most two cells long in
any orientation (O2, L3), so a tower of height 10 (Lv6, Lv15) takes at least 5 pieces and one of
height 12 (Lv8) at least 6.  The rows' numbers (height 10 / 12, Lv8's tilt budget 6) and ideas (hold,
scarce tilts, the pool that holds nothing) are unchanged.  With I3, T3 and I4 in the bag an upright
I4 reached height 10 in 4 pieces.  Their solutions come from the greedy solver
(``python -m tools.floodline.solve_levels lv06 lv08 lv15``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from engine.floodline.board import Kind
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.replay import make_replay, play
from engine.floodline.rules import initial_state
from engine.floodline.state import State, Status
from engine.floodline.water import drain_scope_cells
from tools.floodline.plan_solver import Phase, play_plan

Data = dict[str, Any]


def _lv13(d: Data) -> Data:
    d["board"] = {"size": [10, 8], "height": 12, "heightLimit": 8}
    d["objectives"] = [{"type": "DRAIN_WATER", "units": 56}]
    d["stars"] = {
        "two": [{"type": "METRIC_AT_MOST", "metric": "piecesUsed", "value": 32}],
        "three": [{"type": "METRIC_AT_MOST", "metric": "rotations", "value": 4}],
    }
    d["rotation"] = {"allowed": ["DOWN", "EAST", "WEST"]}
    d["cells"] = [
        {"pos": [0, 0, 0], "type": "WATER", "to": [3, 1, 7]},
        {"pos": [4, 0, 0], "type": "WALL", "to": [4, 3, 7]},
        {"pos": [9, 5, 0], "type": "DRAIN", "rate": 2, "scope": "ADJ26"},
    ]
    return d


def _near_drain_plan(drain: tuple[int, int, int], keep_below_z: int) -> Callable[[State], float]:
    """Score: water drained; solids next to the drain (they seal it) and in the drain's lane cost."""

    def score(st: State) -> float:
        b = st.board
        f = b.frame
        near = lane = 0
        xs = []
        for i in b.indices(Kind.SOLID):
            x, y, z = f.xs[i], f.ys[i], f.zs[i]
            xs.append(x)
            if abs(x - drain[0]) <= 1 and abs(y - drain[1]) <= 2 and abs(z - drain[2]) <= 2:
                near += 1
            if z < keep_below_z:
                lane += 1
        reach = (b.sx - 1 - min(xs)) if xs else 0
        m = st.metrics
        return 100.0 * m["waterRemovedTotal"] - 60 * near - 15 * lane - 10 * reach - 20 * m["lostVoxelsTotal"]

    return score


def _lv14(d: Data) -> Data:
    d["board"] = {"size": [10, 8], "height": 12, "heightLimit": 8}
    d["objectives"] = [{"type": "DRAIN_WATER", "units": 60}]
    d["stars"] = {
        "two": [{"type": "METRIC_AT_MOST", "metric": "piecesUsed", "value": 34}],
        # rules 0.4: each fetch through the gap is down-north-down-south; the planned solution's 3
        # fetches + the first tilt = 13 (★3), fewer fetches would need a channel through the divider
        "three": [{"type": "METRIC_AT_MOST", "metric": "rotations", "value": 13}],
    }
    d["rotation"] = {"allowed": ["DOWN", "NORTH", "SOUTH"]}
    d["cells"] = [
        {"pos": [0, 0, 0], "type": "WATER", "to": [9, 1, 7]},
        {"pos": [7, 0, 1], "type": "WALL", "to": [7, 11, 7]},
        {"pos": [9, 5, 7], "type": "DRAIN", "rate": 2, "scope": "ADJ26"},
    ]
    return d


def _two_basins_plan(drain: tuple[int, int, int], divider_x: int) -> Callable[[State], float]:
    """Score: water drained; solids by the drain or in the drain's basin cost; a pile reaching far
    from the south wall costs (pieces in the big basin push its water through the gap)."""

    def score(st: State) -> float:
        b = st.board
        f = b.frame
        near = side = 0
        zs = []
        for i in b.indices(Kind.SOLID):
            x, y, z = f.xs[i], f.ys[i], f.zs[i]
            zs.append(z)
            if abs(x - drain[0]) <= 2 and abs(y - drain[1]) <= 2 and abs(z - drain[2]) <= 1:
                near += 1
            if x >= divider_x:
                side += 1
        reach = (b.sz - 1 - min(zs)) if zs else 0
        m = st.metrics
        return 100.0 * m["waterRemovedTotal"] - 60 * near - 15 * side - 10 * reach - 20 * m["lostVoxelsTotal"]

    return score


def _drain_dry(drain: tuple[int, int, int]) -> Callable[[State], bool]:
    """True once no water is left in the drain's reach (time to fetch more through the gap)."""

    def dry(st: State) -> bool:
        b = st.board
        i = b.frame.index(*drain)
        rate, scope = b.drains[i]
        return not any(b.kind[j] == int(Kind.WATER) for j in drain_scope_cells(b, i, scope, st.gravity))

    return dry


#: pieces at most two cells long in any orientation: a height of h layers takes >= ceil(h / 2) pieces
SHORT_PIECES = ("O2", "L3")


def _short_bag(d: Data) -> Data:
    d["bag"] = {**d["bag"], "weights": dict.fromkeys(SHORT_PIECES, 1)}
    return d


APPLY: dict[int, Callable[[Data], Data]] = {
    6: _short_bag,
    8: _short_bag,
    13: _lv13,
    14: _lv14,
    15: _short_bag,
}
PLANS: dict[int, list[Phase]] = {
    13: [Phase(tilt=Gravity.EAST), Phase(pieces=80, score=_near_drain_plan((9, 5, 0), 4))],
    14: [
        Phase(tilt=Gravity.SOUTH),
        *[
            ph
            for _ in range(5)
            for ph in (
                Phase(pieces=40, score=_two_basins_plan((9, 5, 7), 7), until=_drain_dry((9, 5, 7))),
                Phase(tilt=Gravity.DOWN),  # south to north is a half turn: through DOWN both ways
                Phase(tilt=Gravity.NORTH),
                Phase(tilt=Gravity.DOWN),
                Phase(tilt=Gravity.SOUTH),
            )
        ],
    ],
}


def _add_redraws() -> None:
    """Session 16's chapter-3 redraw (``lv23_plan.py``: Lv23's table joins its objective)."""
    from tools.floodline import lv23_plan

    APPLY[23] = lv23_plan.redraw


def _add_chapter2() -> None:
    """Session 9's chapter-2 redraws (``redesign_ch2.py``: Lv12, 16, 20) join the tables above."""
    from tools.floodline import redesign_ch2

    APPLY.update(redesign_ch2.APPLY)
    PLANS.update(redesign_ch2.PLANS)


_add_chapter2()
_add_redraws()


def apply(n: int, data: Data) -> Data:
    """Level ``n`` as redesigned (unchanged when it is not)."""
    return APPLY[n](data) if n in APPLY else data


def write(n: int) -> tuple[int, int]:
    """Rewrite level ``n`` from ``gen_levels.build`` and its solution from the plan: (stars, pieces)."""
    from tools.floodline.gen_levels import OUT, build
    from tools.floodline.solve_levels import SOLUTIONS, write_index

    data = build(n)
    lv = parse_level(data)
    (OUT / f"lv{n:02d}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    seed = int(data["meta"]["seed"])
    end, ticks = play_plan(initial_state(lv, seed), PLANS[n])
    if end.outcome is None or end.outcome.status != Status.WON:
        raise RuntimeError(
            f"lv{n:02d}: the plan does not win ({end.outcome}, {end.metrics['piecesUsed']} pieces)"
        )
    rep = make_replay(lv, seed, ticks)
    again = play(lv, rep)
    assert again.outcome is not None and again.outcome.status == Status.WON
    out = rep.model_dump(mode="json", by_alias=True)
    (SOLUTIONS / f"lv{n:02d}.json").write_text(json.dumps(out, indent=1) + "\n")
    write_index()
    return end.outcome.stars, end.metrics["piecesUsed"]


def main(argv: list[str]) -> int:
    for n in [int(a) for a in argv] or sorted(PLANS):
        stars, pieces = write(n)
        print(f"lv{n:02d}: WON {stars}★ in {pieces} pieces")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
