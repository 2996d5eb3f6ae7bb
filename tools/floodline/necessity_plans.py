"""Every mechanic a level has, removed one at a time, against the level's own plan (issue #26, necessity).

``python -m tools.floodline.necessity_plans --levels 21-30`` (or ``necessity --mechanics``): for each
level and each mechanic present in it (``MECHANICS``: tilts, hold, Reinforced, Heavy, freeze, drain
placement, preplaced drains, stabilize) the level's data is stripped of that one mechanic and played by

* ``plan``   - the plan that wrote the committed solution, on the stripped level (:func:`plan_source`:
  High-Rise ``spine_plans``; Lv26 ``cantilever_plan``; the hand plans of ``target_plans.PLANS`` (placed
  cell by cell; a step the stripped level cannot carry out ends the play) and the designer's phase
  plans of ``redesign.PLANS`` (with ``redesign_ch2``; a tilt the stripped level refuses is skipped and
  the placements played on; the freeze of ``redesign_ch2.FREEZES`` follows the first phase, a no-op
  when the stripped level has no charge);
  only a level with none of these falls back to the greedy solver, ``solve_levels.solve``, and its
  line says so — session 9's "hold / Reinforced necessary" for Lv12 came from that fallback);
* ``solver`` - the greedy solver (``solve_levels.solve``; on High-Rise levels a second, different player).

A mechanic is **necessary** when neither wins, **needed for ★2** when neither wins above ★1.  Where
the objective itself needs tilts (``surviveTilts`` / SURVIVE_ROTATIONS), "no tilts" is marked
``trivial``: the stripped level cannot be won whatever the player does, a weak figure.  Materials
become Standard (the bag's other materials as often as before); abilities get 0 charges; preplaced
drains become empty cells.  One JSON line per (level, mechanic), then a table.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from engine.floodline.campaign import COUNT, level
from engine.floodline.level import parse_level
from engine.floodline.state import State, Status
from tools.floodline import fast
from tools.floodline.necessity import _abilities, _no_material, _no_tilts

Data = dict[str, Any]
HIGH_RISE = {21, 22, 23, 24, 25, 27, 28, 29, 30}


def _has_tilts(d: Data) -> bool:
    return any(g not in ("DOWN", "UP") for g in d.get("rotation", {}).get("allowed", ["EAST", "WEST"]))


def _materials(d: Data) -> set[str]:
    bag = d.get("bag", {})
    mats = {k for k, v in bag.get("materials", {}).items() if v}
    mats |= {e["material"] for e in bag.get("sequence", []) if isinstance(e, dict) and "material" in e}
    return mats


def _charges(key: str) -> Callable[[Data], bool]:
    return lambda d: int(d.get("abilities", {}).get(key, 0) or 0) > 0


def _no_drain_cells(d: Data) -> Data:
    d["cells"] = [c for c in d.get("cells", []) if c.get("type") != "DRAIN"]
    return d


#: mechanic -> (present in the level's data?, strip it)
MECHANICS: dict[str, tuple[Callable[[Data], bool], Callable[[Data], Data]]] = {
    "tilts": (_has_tilts, _no_tilts),
    "hold": (lambda d: bool(d.get("abilities", {}).get("hold")), _abilities(hold=False)),
    "reinforced": (lambda d: "REINFORCED" in _materials(d), _no_material("REINFORCED")),
    "heavy": (lambda d: "HEAVY" in _materials(d), _no_material("HEAVY")),
    "freeze": (_charges("freezeCharges"), _abilities(freezeCharges=0)),
    "drain placement": (_charges("drainPlacementCharges"), _abilities(drainPlacementCharges=0)),
    "drains": (lambda d: any(c.get("type") == "DRAIN" for c in d.get("cells", [])), _no_drain_cells),
    "stabilize": (_charges("stabilizeCharges"), _abilities(stabilizeCharges=0)),
}


def needs_tilts(d: Data) -> bool:
    """The objective itself needs tilts (so removing them is trivially fatal)."""
    return any(o.get("surviveTilts") or o.get("type") == "SURVIVE_ROTATIONS" for o in d.get("objectives", []))


def plan_source(n: int) -> str:
    """Which player ``plan`` is for level ``n`` (the tool that wrote its committed solution)."""
    from tools.floodline import redesign, redesign_ch2, target_plans

    if n in redesign_ch2.PLANS:  # a chapter-2 redraw supersedes an older hand plan (Lv17, session 11)
        return "redesign"
    if n == 26:
        return "cantilever_plan"
    if n in (23, 28):  # hand plans of their own: Lv23's tower and table (session 16), Lv28's notch
        return f"lv{n}_plan"
    from tools.floodline import park_plan

    if n in park_plan.PLANS:  # a weight-limited High-Rise level won with Stabilize / hold (session 14)
        return "park_plan"
    if n in HIGH_RISE:
        return "spine_plans"
    if f"lv{n:02d}" in target_plans.PLANS:
        return "target_plans"
    if n in redesign.PLANS:
        return "redesign"
    return "greedy solver"


def play_plan(n: int, d: Data, pieces: int) -> State:
    """The committed solution's plan for level ``n`` on level data ``d`` (see :func:`plan_source`)."""
    src = plan_source(n)
    if src == "cantilever_plan":
        from tools.floodline import cantilever_plan

        return cantilever_plan.run_plan(cantilever_plan.LV26, d)[0]
    if src == "lv23_plan":
        from tools.floodline import lv23_plan

        return lv23_plan.solve(d)[0]
    if src == "lv28_plan":
        from tools.floodline import lv28_plan

        return lv28_plan.solve(data=d)[0]
    if src == "park_plan":
        from tools.floodline import park_plan

        return park_plan.play(d, *park_plan.PLANS[n])[0]
    if src == "spine_plans":
        from tools.floodline import spine_plans

        return spine_plans.solve(n, data=d)[0]
    if src == "target_plans":
        from tools.floodline import target_plans

        stem = f"lv{n:02d}"
        return target_plans.run_plan(stem, target_plans.PLANS[stem], data=d, strict=False)[0]
    if src == "redesign":
        from engine.floodline.moves import TickInput
        from engine.floodline.rules import initial_state, step
        from tools.floodline import plan_solver, redesign, redesign_ch2

        s = initial_state(parse_level(d), int(d["meta"]["seed"]))
        for k, phase in enumerate(redesign.PLANS[n]):  # a refused tilt is skipped, the rest played
            try:
                s = plan_solver.play_plan(s, [phase])[0]
            except RuntimeError:
                continue
            if k == 0 and n in redesign_ch2.FREEZES and s.outcome is None:  # the plan's one freeze
                s = step(s, TickInput(freeze=redesign_ch2.FREEZES[n]))  # (no charge: nothing happens)
        return s
    return play_solver(n, d, pieces)


def play_solver(n: int, d: Data, pieces: int) -> State:
    """The greedy committed-solution solver on level data ``d``."""
    from tools.floodline.solve_levels import solve

    return solve(parse_level(d), int(d["meta"]["seed"]), max_pieces=pieces)[0]


PLAYERS: dict[str, Callable[[int, Data, int], State]] = {"plan": play_plan, "solver": play_solver}


def _result(s: State, t0: float) -> dict[str, Any]:
    o = s.outcome
    won = o is not None and o.status == Status.WON
    return {
        "won": won,
        "stars": o.stars if won and o is not None else 0,
        "pieces": int(s.metrics["piecesUsed"]),
        "drained": int(s.metrics["waterRemovedTotal"]),
        "reason": "stuck" if o is None else o.reason.value,
        "cpu": round(time.process_time() - t0, 1),
    }


def check(n: int, mechanic: str, players: list[str], pieces: int) -> dict[str, Any]:
    """Level ``n`` without ``mechanic``, played by each of ``players``; the verdict."""
    strip = MECHANICS[mechanic][1]
    d = strip(copy.deepcopy(level(n)))
    out: dict[str, Any] = {"lv": n, "removed": mechanic, "plan": plan_source(n), "plays": {}}
    for p in players:
        t0 = time.process_time()
        out["plays"][p] = _result(PLAYERS[p](n, d, pieces), t0)
    best = max((r["stars"] for r in out["plays"].values() if r["won"]), default=0)
    out["best_stars"] = best
    out["verdict"] = (
        "trivial"
        if mechanic == "tilts" and needs_tilts(level(n)) and best == 0
        else "NECESSARY"
        if best == 0
        else "needed for ★2"
        if best <= 1
        else "not needed"
    )
    return out


def present(n: int) -> list[str]:
    """The mechanics level ``n`` has."""
    d = level(n)
    return [k for k, (has, _strip) in MECHANICS.items() if has(d)]


def main(argv: list[str]) -> int:
    from tools.playtest.floodline_table import parse_levels

    ap = argparse.ArgumentParser(prog="python -m tools.floodline.necessity_plans", description=__doc__)
    ap.add_argument("--levels", default=f"1-{COUNT}")
    ap.add_argument("--players", default="plan,solver")
    ap.add_argument("--only", default="", help="mechanics to remove (default: every one present)")
    ap.add_argument("--pieces", type=int, default=60)
    args = ap.parse_args(argv)
    fast.install()
    players = [p for p in args.players.split(",") if p]
    rows = []
    for n in parse_levels(args.levels):
        for m in present(n):
            if args.only and m not in args.only.split(","):
                continue
            r = check(n, m, players, args.pieces)
            rows.append(r)
            print(json.dumps(r), flush=True)
    for r in rows:
        plays = " ".join(
            f"{p}={'W' + str(x['stars']) + '/' + str(x['pieces']) + 'p' if x['won'] else x['reason'].lower()}"
            for p, x in r["plays"].items()
        )
        print(f"lv{r['lv']:02d} without {r['removed']}: {plays} (plan: {r['plan']}) -> {r['verdict']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
