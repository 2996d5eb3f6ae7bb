"""Recompute every campaign level's par and solution with the engine's search and write them into
``engine/reactor/levels/_campaign.json`` (``python -m tools.reactor.par [--budget N]``).

Par = the fewest pulses of any win (the search must finish: no cut by the budget); the solution is
the found win expanded into actions (walks included) and replayed through the real rules."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from engine.reactor import load_level
from engine.reactor.solver import expand_plan, search

INDEX = Path(__file__).resolve().parents[2] / "engine" / "reactor" / "levels" / "_campaign.json"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=int, default=400_000)
    ap.add_argument("--only", nargs="*", default=None)
    args = ap.parse_args(argv)
    data = json.loads(INDEX.read_text(encoding="utf-8"))
    lvdir = INDEX.parent
    bad = 0
    for item in data["levels"]:
        name = item["key"].partition(":")[2]
        if args.only and name not in args.only:
            continue
        st = load_level((lvdir / f"{name}.json").read_text(encoding="utf-8"))
        t0 = time.monotonic()
        res = search(st, 16, args.budget)
        dt = time.monotonic() - t0
        if res.pulses is None or not res.complete:
            print(f"{name}: no proven par (proved none below {res.proved_below}, {res.nodes} pulses)")
            bad += 1
            continue
        item["par"] = res.pulses
        item["solution"] = expand_plan(st, res.plan)
        print(
            f"{name}: par {res.pulses} uses {res.mechanics()} teaches {item.get('teaches')} ({res.nodes} pulses, {dt:.1f}s)"
        )
    INDEX.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
