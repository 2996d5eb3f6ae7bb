"""Issue #26, session 9: chapter-2 drain levels that a cheap strategy won, redrawn so the drain works
only while the world is tilted (the Lv13 idea: Part IV, water settles along gravity).

* **Lv12 "Meet the Drain"** (drop and greedy won ★2 in 5 pieces: every piece dropped into the pool
  pushed water onto the floor drain).  The pool lies in the north half behind a 4-high ridge (z = 4);
  the drain sits high in the south wall (y = 5), out of reach of the pool under gravity DOWN.  Tilted
  south, the pool runs over the ridge against the south wall and every piece locked there drains 2:
  40 units take 20 locks under the tilt, and the pieces pile against that wall, so the player keeps
  them off the drain.

Lv16 (tilt-drop wins) was tried with its two drains high in the east wall's corners: under the east
tilt the pool fills that wall from z = 0 (the fill's tie order), so the z = 9 drain stays dry and the
plan missed 60 units in 60 pieces; not landed (session 9).  Lv20 was not tried.

``python -m tools.floodline.redesign 12`` rewrites the levels and their solutions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.floodline.board import Kind
from engine.floodline.geometry import Gravity
from engine.floodline.state import State
from tools.floodline.plan_solver import Phase

Data = dict[str, Any]


def _lv12(d: Data) -> Data:
    d["board"] = {"size": [8, 8], "height": 12, "heightLimit": 8}
    d["objectives"] = [{"type": "DRAIN_WATER", "units": 40}]
    d["stars"] = {
        "two": [{"type": "METRIC_AT_MOST", "metric": "piecesUsed", "value": 24}],
        "three": [{"type": "METRIC_AT_MOST", "metric": "rotations", "value": 1}],
    }
    d["rotation"] = {"allowed": ["DOWN", "NORTH", "SOUTH"]}
    d.pop("constraints", None)
    d["cells"] = [
        {"pos": [0, 0, 0], "type": "WATER", "to": [7, 1, 3]},
        {"pos": [0, 0, 4], "type": "WALL", "to": [7, 3, 4]},
        {"pos": [3, 5, 7], "type": "DRAIN", "rate": 2, "scope": "ADJ26"},
    ]
    return d


def _keep_off(drains: list[tuple[int, int, int]], axis: int, wall: int) -> Callable[[State], float]:
    """Score while tilted: water drained; solids near a drain (they seal it) and solids piled far
    out from the drain's wall (along ``axis``) cost."""

    def score(st: State) -> float:
        b = st.board
        f = b.frame
        near = 0
        reach = 0
        for i in b.indices(Kind.SOLID):
            c = (f.xs[i], f.ys[i], f.zs[i])
            if any(all(abs(c[a] - d[a]) <= 2 for a in range(3)) for d in drains):
                near += 1
            reach = max(reach, abs(wall - c[axis]))
        m = st.metrics
        return 100.0 * m["waterRemovedTotal"] - 60 * near - 10 * reach - 20 * m["lostVoxelsTotal"]

    return score


APPLY: dict[int, Callable[[Data], Data]] = {12: _lv12}
PLANS: dict[int, list[Phase]] = {
    12: [Phase(tilt=Gravity.SOUTH), Phase(pieces=60, score=_keep_off([(3, 5, 7)], 2, 7))],
}
