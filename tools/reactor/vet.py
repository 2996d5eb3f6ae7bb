"""Vet candidate level designs against issue #27's targets before they enter the campaign.

``python -m tools.reactor.vet NAME [NAME ...] [--after K]`` builds each design of
``tools.reactor.designs`` and prints: validation, the solver's par (proven), the mechanics of its
shortest win, the pulses it searched, and every cheap strategy of the lab family
(``tools.playtest.reactor_family``: greedy, switch-all, random, earlier solutions replayed literally,
concatenated and moved onto the map, probe-with-undo), the longest run of presses on one control in
the shortest win, and the order swaps (adjacent pulses swapped: still win / tried, lose across two
systems). Earlier solutions are those of the first ``K`` campaign levels (default: all).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from engine.reactor import apply_action, check_level, load_level, parse_action
from engine.reactor.campaign import entries
from engine.reactor.solver import expand_plan, search
from tools.playtest.reactor_family import family_job
from tools.reactor.author import build
from tools.reactor.designs import DESIGNS


def vet(lv: dict[str, Any], after: int | None, budget: int = 200_000, games: int = 10) -> dict[str, Any]:
    """The figures of one level dict (see the module doc)."""
    rep = check_level(lv)
    out: dict[str, Any] = {"ok": rep.ok, "errors": [str(e) for e in rep.errors]}
    if not rep.ok:
        return out
    st = load_level(lv)
    t0 = time.monotonic()
    res = search(st, 16, budget)
    out.update(
        par=res.pulses,
        complete=res.complete,
        nodes=res.nodes,
        mech=res.mechanics(),
        secs=time.monotonic() - t0,
    )
    if res.pulses is None:
        return out
    sol = expand_plan(st, res.plan)
    out["solution"] = sol
    camp = entries()[: after if after is not None else None]
    levels = [{"name": e.name, "level": e.level, "solution": list(e.solution)} for e in camp]
    levels.append({"name": lv["meta"]["id"], "level": lv, "solution": sol})
    fam = family_job((len(levels) - 1, levels, games, 0))
    out.update(fam)
    return out


def pulses(lv: dict[str, Any], solution: list[str]) -> list[str]:
    """Each pulse of a solution as ``kind@x,y`` (``activate`` and item actions named as played)."""
    st = load_level(lv)
    out = []
    for text in solution:
        if not text.startswith("move"):
            p = st.props.get(st.robot)
            x, y = st.grid.xy(st.robot)
            out.append(f"{p.kind if p is not None and text == 'interact' else text}@{x},{y}")
        st = apply_action(st, parse_action(text))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("names", nargs="*")
    ap.add_argument("--after", type=int, default=None)
    ap.add_argument("--budget", type=int, default=200_000)
    args = ap.parse_args(argv)
    for name in args.names or list(DESIGNS):
        r = vet(build(DESIGNS[name]), args.after, args.budget)
        if not r["ok"]:
            print(f"{name}: INVALID {r['errors']}")
            continue
        print(
            f"{name}: par {r.get('par')} complete {r.get('complete')} nodes {r.get('nodes')} "
            f"({r.get('secs', 0):.1f}s) mech {r.get('mech')}"
        )
        if r.get("par") is None:
            continue
        print(
            f"   greedy {r['greedy']} switch_all {r['switch_all']} random {r['random_wins']}/{r['random_games']}"
            f" replay {r['replay_wins']} concat {r['concat_wins']} all {r['all_earlier']}"
            f" moved {r['moved_combo']} probe {r['probe']}({r['probe_spent']}) repeat {r['repeat']}"
            f" swaps {r['swap_wins']}/{r['swap_tried']} across {r['swap_across']}"
        )
        print("   ", pulses(build(DESIGNS[name]), r["solution"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
