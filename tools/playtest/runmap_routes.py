"""Run Map lab, issue #29's policy figures with their standard errors:
``python -m tools.playtest.runmap_routes [runs per policy] [runs per fight policy and party size]``.

Route policies (full runs, party sizes 1-4 in turn, intent-reading fights) and fight policies (random
route, per party size) as ``runmap_lab3`` plays them, serially (run it under ``nice -n 19``), each
mean printed with its standard error so a gap can be read against the noise.
"""

from __future__ import annotations

import math
import sys

from tools.playtest.runmap_policies import FIGHT_POLICIES, NO_BUY, ROUTE_POLICIES, play

PARTY_SIZES = (1, 2, 3, 4)


def mean_se(xs: list[float]) -> tuple[float, float]:
    """Mean and standard error of the mean."""
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return m, math.sqrt(var / n)


def main(argv: list[str]) -> None:
    n_route = int(argv[0]) if argv else 1200
    n_fight = int(argv[1]) if len(argv) > 1 else 300
    print(f"route policies: {n_route} full runs each (seeds 0..{n_route - 1}, party sizes 1-4 in turn)")
    scores: dict[str, list[float]] = {}
    for rp in (*ROUTE_POLICIES, "seek_elites" + NO_BUY):
        runs = [play(("full", 1 + i % 4, i, rp, "reader")) for i in range(n_route)]
        w, wse = mean_se([float(r["won"]) for r in runs])
        s, sse = mean_se([float(r["score"]) for r in runs])
        scores[rp] = [float(r["score"]) for r in runs]
        e = sum(r["elites"] for r in runs) / n_route
        g = sum(r["gold"] for r in runs) / n_route
        ge = sum(r["earned"] for r in runs) / n_route
        print(
            f"  {rp:19s} win {100 * w:5.1f} ± {100 * wse:.1f} %  score {s:6.1f} ± {sse:.1f}  "
            f"elites {e:.2f}  gold held {g:.1f}  earned {ge:.1f}",
            flush=True,
        )
    for a, b in (
        ("greedy_gold", "seek_elites"),
        ("seek_elites", "avoid_elites"),
        ("seek_elites" + NO_BUY, "seek_elites"),
    ):
        d, dse = mean_se([x - y for x, y in zip(scores[a], scores[b], strict=True)])
        print(f"  score {a} - {b}: {d:+.1f} ± {dse:.1f} (paired by seed)")
    print(f"fight policies: {n_fight} full runs per party size (random route)")
    for fp in FIGHT_POLICIES:
        row = []
        for p in PARTY_SIZES:
            runs = [play(("full", p, i, "random", fp)) for i in range(n_fight)]
            w, wse = mean_se([float(r["won"]) for r in runs])
            row.append(f"{p}p {100 * w:.1f} ± {100 * wse:.1f} %")
        print(f"  {fp:7s} " + "; ".join(row), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
