"""``python -m tools.playtest <game|all> [--games N] [--seed S] [--out DIR] [--full]``."""

from __future__ import annotations

import argparse
import functools
import importlib
import os
import sys
import time
import traceback
from pathlib import Path

from tools.playtest import GAMES, generic
from tools.playtest.report import LabConfig, Report, write_index, write_report


def run_game(game: str, games: int | None, seed: int, out: Path, full: bool, workers: int) -> Report:
    """Run one game's lab module (or the generic lab, for a game without one) and write its report."""
    try:
        mod = importlib.import_module(f"tools.playtest.{game}")
        run = mod.run
    except ModuleNotFoundError as exc:
        if exc.name != f"tools.playtest.{game}":
            raise
        mod = generic
        run = functools.partial(generic.run_for, game)
    n = games if games is not None else (mod.FULL_GAMES if full else mod.DEFAULT_GAMES)
    cfg = LabConfig(games=n, seed=seed, out=out, full=full, workers=workers)
    t0 = time.monotonic()
    report: Report = run(cfg)
    report.seconds = time.monotonic() - t0
    paths = write_report(report, out)
    print(f"{game}: {paths['md']} ({report.seconds:.1f} s)")
    for m in report.metrics:
        mark = "" if m.ok is None else (" ok" if m.ok else " MISSED")
        print(f"  {m.label}: {m.value}{'  target ' + m.target if m.target else ''}{mark}")
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.playtest", description=__doc__)
    ap.add_argument(
        "game", choices=[*GAMES, "template", "all"], help="a game, the template game, or all games"
    )
    ap.add_argument("--games", type=int, default=None, help="games per configuration (default: per game)")
    ap.add_argument("--seed", type=int, default=0, help="base seed (game i plays seed S+i)")
    ap.add_argument("--out", type=Path, default=Path("lab-reports"), help="output folder")
    ap.add_argument("--full", action="store_true", help="the big run (many more games)")
    ap.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = ap.parse_args(argv)
    games = GAMES if args.game == "all" else (args.game,)
    reports: list[Report] = []
    failures: dict[str, str] = {}
    for g in games:
        try:
            reports.append(run_game(g, args.games, args.seed, args.out, args.full, args.workers))
        except Exception as exc:  # one broken game must not hide the others' reports
            if args.game != "all":
                raise
            failures[g] = f"{type(exc).__name__}: {exc}"
            traceback.print_exc()
    if args.game == "all":
        print(f"index: {write_index(reports, failures, args.out)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
