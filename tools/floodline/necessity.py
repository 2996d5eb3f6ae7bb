"""Is each level's idea necessary?  (issue #26)  Play every level with its Part VIII idea removed.

For each level, ``REMOVE`` names the mechanic its row teaches and how to take it out of the level
(no tilts, no hold, no reinforced material, no freeze, no drain placement, no stabilize, no heavy
blocks ...).  The stripped level is then played by the greedy solver that wrote the committed
solutions (``solve_levels.solve``: tilts, holds, abilities where the level still has them) and by the
lab's greedy strategies; the idea is necessary when none of them wins, or none at ★2.
Levels whose idea is an objective or a hazard (nothing to take away that a player uses) say so.

Run: ``python -m tools.floodline.necessity [N ...] [--pieces P]`` (prints one line per level, JSON with --json).

``--mechanics`` (``necessity_plans.py``) instead removes, one at a time, EVERY mechanic the level has
(tilts, hold, Reinforced, Heavy, freeze, drain placement, preplaced drains, stabilize) and plays the
level's own committed-solution plan on what is left, plus the greedy solver.
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable
from typing import Any

from engine.floodline.campaign import COUNT, level
from engine.floodline.level import parse_level
from engine.floodline.state import Status

Strip = Callable[[dict[str, Any]], dict[str, Any]]


def _no_tilts(d: dict[str, Any]) -> dict[str, Any]:
    d["rotation"] = {**d.get("rotation", {}), "allowed": ["DOWN"]}
    d.get("rotation", {}).pop("maxRotations", None)
    d.get("rotation", {}).pop("tiltBudget", None)
    return d


def _abilities(**kw: Any) -> Strip:
    def f(d: dict[str, Any]) -> dict[str, Any]:
        d["abilities"] = {**d.get("abilities", {}), **kw}
        return d

    return f


def _no_material(mat: str) -> Strip:
    """``mat`` pieces become Standard ones: the bag draws the same pieces, the other materials as
    often as before (session 7 dropped ``mat``'s weight, so "no Heavy" on Lv22 drew Reinforced
    at 2 in 3 instead of 2 in 6 and the plan won in 12 pieces: a stripped level easier than it is)."""

    def f(d: dict[str, Any]) -> dict[str, Any]:
        bag = d.get("bag", {})
        mats = dict(bag.get("materials", {}))
        w = mats.pop(mat, 0)
        if w:
            mats["STANDARD"] = mats.get("STANDARD", 0) + w
        bag["materials"] = mats or {"STANDARD": 1}
        for e in bag.get("sequence", []):
            if isinstance(e, dict) and e.get("material") == mat:
                e.pop("material")
        return d

    return f


def _both(a: Strip, b: Strip) -> Strip:
    return lambda d: b(a(d))


NO_TILTS = ("no tilts", _no_tilts)
#: level -> (what is removed, how); None = the idea is an objective / a hazard, nothing to take away
REMOVE: dict[int, tuple[str, Strip] | None] = {
    1: None,
    2: NO_TILTS,
    3: NO_TILTS,
    4: NO_TILTS,
    5: None,
    6: ("no hold", _abilities(hold=False)),
    7: ("no reinforced", _no_material("REINFORCED")),
    8: NO_TILTS,
    9: None,
    10: NO_TILTS,
    11: None,
    12: None,
    13: NO_TILTS,
    14: NO_TILTS,
    15: None,
    16: ("no freeze", _abilities(freezeCharges=0)),
    17: ("no freeze", _abilities(freezeCharges=0)),
    18: ("no drain placement", _abilities(drainPlacementCharges=0)),
    19: NO_TILTS,
    20: ("no freeze, no tilts", _both(_abilities(freezeCharges=0), _no_tilts)),
    21: NO_TILTS,
    22: ("no heavy", _no_material("HEAVY")),
    23: NO_TILTS,
    24: NO_TILTS,
    25: ("no stabilize", _abilities(stabilizeCharges=0)),
    26: NO_TILTS,
    27: NO_TILTS,
    28: NO_TILTS,
    29: NO_TILTS,
    30: NO_TILTS,
}


def stripped(n: int) -> dict[str, Any] | None:
    """Level ``n``'s data with its idea removed (None when there is nothing to remove)."""
    spec = REMOVE[n]
    if spec is None:
        return None
    return spec[1](copy.deepcopy(level(n)))


def check(n: int, pieces: int = 40) -> dict[str, Any]:
    """Play level ``n`` without its idea: the solver and the lab's greedy strategies."""
    from tools.floodline.solve_levels import solve
    from tools.playtest.floodline_family import play

    spec = REMOVE[n]
    if spec is None:
        return {"level": n, "removed": None}
    data = stripped(n)
    assert data is not None
    lv = parse_level(data)
    seed = int(data["meta"]["seed"])
    out: dict[str, Any] = {"level": n, "removed": spec[0], "plays": {}}
    s, _ = solve(lv, seed, max_pieces=pieces)
    won = s.outcome is not None and s.outcome.status == Status.WON
    out["plays"]["solver"] = {"won": won, "stars": s.outcome.stars if won and s.outcome else 0}
    for k in ("greedy", "wall", "drop"):
        r = play(k, n, seed, pieces, lv=lv)
        out["plays"][k] = {"won": r["won"], "stars": r["stars"]}
    best = max((p["stars"] for p in out["plays"].values() if p["won"]), default=0)
    out["best_stars"] = best
    out["necessary"] = best == 0
    out["necessary_for_two"] = best <= 1
    return out


def main(argv: list[str]) -> int:
    if "--mechanics" in argv:
        from tools.floodline.necessity_plans import main as mechanics_main

        return mechanics_main([a for a in argv if a != "--mechanics"])
    pieces = 40
    if "--pieces" in argv:
        pieces = int(argv[argv.index("--pieces") + 1])
    ns = [
        int(a) for a in argv if a.isdigit() and (argv.index(a) == 0 or argv[argv.index(a) - 1] != "--pieces")
    ]
    for n in ns or range(1, COUNT + 1):
        r = check(n, pieces)
        if "--json" in argv:
            print(json.dumps(r))
        elif r["removed"] is None:
            print(f"lv{n:02d}: idea is an objective/hazard - nothing to remove")
        else:
            plays = " ".join(
                f"{k}={'W' + str(p['stars']) if p['won'] else '-'}" for k, p in r["plays"].items()
            )
            verdict = (
                "NECESSARY"
                if r["necessary"]
                else ("needed for ★2" if r["necessary_for_two"] else "NOT needed")
            )
            print(f"lv{n:02d} without {r['removed']}: {plays} -> {verdict}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
