"""The cheap family's table, level x strategy, from the repo (issue #26): every strategy plays every level asked.

``python -m tools.playtest.floodline_table --levels 21-30`` plays each strategy of ``FAMILY``
(``floodline_family.py``: random on ``--games`` RNG seeds, drop, tilt_drop, greedy, wall, tilt_greedy,
solver) on each level, on the level's own bag seed, printing one JSON line per play as it ends and the
table at the end (markdown with ``--md``).  The pieces cap of level ``n`` is :func:`cap_for`: the
base (40) or the committed solution's length + 10, whichever is larger, so a strategy is never
stopped before the solution's own length.  With ``FLOODLINE_LAB_CACHE=file.jsonl`` each result is
stored as it ends and a rerun plays only what changed (the keys are the lab's: ``floodline_cache``);
the lab (``python -m tools.playtest floodline``) plays through :func:`job` and shares the file.
``--strategies greedy,wall`` and ``--pieces N`` narrow a run.  Run it under ``nice -n 19``, one process.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from functools import cache
from pathlib import Path
from typing import Any

from engine.floodline.campaign import COUNT, level
from engine.floodline.level import parse_level
from engine.floodline.replay import parse_replay
from engine.floodline.replay import play as replay_play
from tools.floodline import fast
from tools.playtest import floodline_cache
from tools.playtest.floodline_family import FAMILY, play

BASE_PIECES = 40
SOLUTIONS = Path(__file__).resolve().parents[1] / "floodline" / "solutions"


@cache
def solution_pieces(n: int) -> int:
    """Pieces of level ``n``'s committed solution (0 without one, or when it no longer replays)."""
    f = SOLUTIONS / f"lv{n:02d}.json"
    if not f.exists():
        return 0
    try:
        end = replay_play(parse_level(level(n)), parse_replay(f.read_text()))
    except Exception:  # noqa: BLE001 - a stale replay (rules/level changed): no length known
        return 0
    return int(end.metrics["piecesUsed"])


def cap_for(n: int, base: int = BASE_PIECES) -> int:
    """Pieces a strategy may place on level ``n``: ``base``, or the solution's length + 10."""
    return max(base, solution_pieces(n) + 10)


def job(kind: str, n: int, variant: int, cap: int, cached_only: bool = False) -> dict[str, Any] | None:
    """Strategy ``kind`` on level ``n`` (``variant`` seeds random play) within ``cap`` pieces: the
    cached result when one is stored under the same key, else the play (stored as it ends); with
    ``cached_only`` None instead of a play."""
    k = floodline_cache.key(kind, n, variant, cap)
    hit = floodline_cache.lookup(k)
    if hit is not None:
        return {**hit, "cached": True}
    if cached_only:
        return None
    fast.install()  # the same results, faster (tools/floodline/fast.py)
    t0 = time.process_time()
    r = play(kind, n, int(level(n)["meta"]["seed"]), cap, variant=variant)
    r["cpu"] = round(time.process_time() - t0, 2)
    r["cap"] = cap
    floodline_cache.store(k, r)
    return r


def cell(plays: list[dict[str, Any]]) -> str:
    """A table cell: ``WON n★`` (and how many of the plays won), or the best end progress, how the
    best play ended and its pieces."""
    if not plays:
        return "not run"
    won = [r for r in plays if r["won"]]
    if won:
        k = f" {len(won)}/{len(plays)}" if len(plays) > 1 else ""
        return f"WON {max(r['stars'] for r in won)}★{k} {min(r['pieces'] for r in won)}p"
    best = max(plays, key=lambda r: r.get("end_progress", r["progress"]))
    return f"{best.get('end_progress', best['progress']):.2f} {best['reason'].lower()[:8]} {best['pieces']}p"


def parse_levels(spec: str) -> list[int]:
    """ "21-30" / "2,3,6" / "1-5,21" -> level numbers within the campaign."""
    out: list[int] = []
    for part in spec.split(","):
        a, _, b = part.strip().partition("-")
        out += list(range(int(a), int(b or a) + 1))
    return [n for n in out if 1 <= n <= COUNT]


def table(results: dict[int, dict[str, list[dict[str, Any]]]], strategies: list[str], md: bool) -> str:
    """The level x strategy table (plain columns, or markdown)."""
    head = ["level", "cap", *strategies]
    rows = [
        [f"lv{n:02d}", str(cap_for(n)), *(cell(results[n][k]) for k in strategies)] for n in sorted(results)
    ]
    if md:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        return "\n".join([*lines, *("| " + " | ".join(r) + " |" for r in rows)])
    w = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]
    return "\n".join("  ".join(c.ljust(x) for c, x in zip(r, w, strict=True)) for r in [head, *rows])


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.playtest.floodline_table", description=__doc__)
    ap.add_argument("--levels", default=f"1-{COUNT}")
    ap.add_argument("--strategies", default=",".join(FAMILY))
    ap.add_argument("--games", type=int, default=3, help="random play: RNG seeds (variants 0..N-1)")
    ap.add_argument("--pieces", type=int, default=BASE_PIECES, help="base pieces cap (see cap_for)")
    ap.add_argument("--md", action="store_true", help="print the table as markdown")
    ap.add_argument("--quiet", action="store_true", help="no JSON line per play")
    ap.add_argument("--cached-only", action="store_true", help="report the cache, play nothing")
    args = ap.parse_args(argv)
    levels = parse_levels(args.levels)
    strategies = [k for k in args.strategies.split(",") if k]
    bad = [k for k in strategies if k not in FAMILY]
    if bad:
        ap.error(f"unknown strategies {bad}; the family is {', '.join(FAMILY)}")
    results: dict[int, dict[str, list[dict[str, Any]]]] = {n: {k: [] for k in strategies} for n in levels}
    cheap_first = sorted(strategies, key=lambda k: FAMILY.index(k))
    for k in cheap_first:
        for n in levels:
            for v in range(args.games if k == "random" else 1):
                r = job(k, n, v, cap_for(n, args.pieces), args.cached_only)
                if r is None:
                    continue
                results[n][k].append(r)
                if not args.quiet:
                    print(json.dumps({"lv": n, "strategy": k, "variant": v, **r}), flush=True)
    print(table(results, strategies, args.md), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
