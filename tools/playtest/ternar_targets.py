"""Ternar lab, issue #30's targets only: ``python -m tools.playtest.ternar_targets [--games N] [--out F]``.

Plays the careful player and the random newcomer on the same ``N`` seeds (default 300, each player
every seed), then Hexa-Storm and the casual guardrail with the newcomer, and prints the issue #30
metrics of ``ternar_arc`` (the same functions the full lab reports). Results are written as JSON after
each block, so a run cut short keeps what it measured. Serial and meant to run under ``nice -n 19``.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path

from tools.playtest import ternar_arc
from tools.playtest.report import Metric
from tools.playtest.ternar import CAREFUL_CAP, RANDOM_CAP, Game, play


def _games(player: str, seeds: Sequence[int], cap: int, mode: str = "classic") -> list[Game]:
    out = []
    t0 = time.monotonic()
    for i, s in enumerate(seeds):
        out.append(play((s, player, cap, mode)))
        if (i + 1) % 25 == 0:
            print(f"  {player}/{mode}: {i + 1}/{len(seeds)} ({time.monotonic() - t0:.0f} s)", flush=True)
    return out


def _dump(path: Path, metrics: list[Metric], extra: dict[str, object]) -> None:
    path.write_text(
        json.dumps(
            {"metrics": [[m.key, m.label, m.value, m.target, m.ok] for m in metrics], **extra}, indent=1
        )
    )
    for m in metrics:
        mark = "" if m.ok is None else (" ok" if m.ok else " MISSED")
        print(f"  {m.label}: {m.value}{'  target ' + m.target if m.target else ''}{mark}", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.playtest.ternar_targets", description=__doc__)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=Path("/tmp/ternar_targets.json"))
    ap.add_argument("--storm-careful", type=int, default=0, help="careful Hexa-Storm games (slow)")
    args = ap.parse_args(argv)
    seeds = [args.seed + i for i in range(args.games)]
    rnd = _games("random", seeds, RANDOM_CAP)
    car = _games("careful", seeds, CAREFUL_CAP)
    metrics = ternar_arc.metrics(car, rnd, rnd + car)
    metrics.append(ternar_arc.session_metric({"newcomer": rnd, "careful": car}))
    extra: dict[str, object] = {
        "careful": [[g.seed, g.turns, g.reason, g.score] for g in car],
        "random": [[g.seed, g.turns, g.reason, g.score] for g in rnd],
        "session_table": ternar_arc.session_rows({"newcomer": rnd, "careful": car}),
    }
    _dump(args.out, metrics, extra)
    storm = _games("random", seeds, RANDOM_CAP, "storm")
    scar = _games("careful", seeds[: args.storm_careful], CAREFUL_CAP, "storm") if args.storm_careful else []
    metrics.append(ternar_arc.storm_metric(rnd, storm, car[: len(scar)], scar))
    _dump(args.out, metrics, extra)
    guard = _games("random", seeds, RANDOM_CAP, "guardrail")
    metrics.append(ternar_arc.guardrail_metric(rnd, guard))
    _dump(args.out, metrics, extra)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
