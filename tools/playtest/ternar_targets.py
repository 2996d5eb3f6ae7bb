"""Ternar lab, issue #30's targets only: ``python -m tools.playtest.ternar_targets [--games N] [--out F]``.

Plays the careful player and the random newcomer on the same ``N`` seeds (default 300, each player
every seed; ``--careful K`` plays the careful player on the first K only), then Hexa-Storm and the casual guardrail with the newcomer, and prints the issue #30
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
from tools.playtest.ternar_arc import SPEC_TURN


def _line(g: Game, mode: str) -> dict[str, object]:
    """One played game as the JSON line of the run's log (what the issue #30 figures read)."""
    at = SPEC_TURN if len(g.max_by_turn) > SPEC_TURN else None
    return {
        "player": g.player,
        "mode": mode,
        "seed": g.seed,
        "turns": g.turns,
        "over": g.over,
        "reason": g.reason,
        "score": g.score,
        "max": g.max_by_turn[-1] if g.max_by_turn else 0,
        "at452": [g.max_by_turn[at], g.score_by_turn[at]] if at else None,
        "out_of_window": [g.out_of_window, g.normals_after_intro],
        "pairs_by_epoch": g.pairs_by_epoch,
        "chain_total": g.chain_total,
        "first_singularity": g.first_singularity,
        "stage2_ghosts": sum(v for k, v in g.spawns.get(2, {}).items() if k.startswith("ghost")),
    }


def _games(
    player: str, seeds: Sequence[int], cap: int, mode: str = "classic", log: Path | None = None
) -> list[Game]:
    """Play ``player`` on every seed; with ``log``, one JSON line per finished game (a run cut short
    keeps every game it played)."""
    out = []
    t0 = time.monotonic()
    for i, s in enumerate(seeds):
        g = play((s, player, cap, mode))
        out.append(g)
        if log is not None:
            with log.open("a") as f:
                f.write(json.dumps(_line(g, mode)) + "\n")
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
    ap.add_argument(
        "--careful", type=int, default=None, help="careful games (the first N seeds; default all)"
    )
    args = ap.parse_args(argv)
    seeds = [args.seed + i for i in range(args.games)]
    log = args.out.with_suffix(".games.jsonl")
    log.write_text("")
    rnd = _games("random", seeds, RANDOM_CAP, log=log)
    n_careful = args.games if args.careful is None else args.careful
    car = _games("careful", seeds[:n_careful], CAREFUL_CAP, log=log)
    metrics = ternar_arc.metrics(car, rnd, rnd + car)
    metrics.append(ternar_arc.session_metric({"newcomer": rnd, "careful": car}))
    extra: dict[str, object] = {
        "careful": [[g.seed, g.turns, g.reason, g.score] for g in car],
        "random": [[g.seed, g.turns, g.reason, g.score] for g in rnd],
        "session_table": ternar_arc.session_rows({"newcomer": rnd, "careful": car}),
    }
    _dump(args.out, metrics, extra)
    storm = _games("random", seeds, RANDOM_CAP, "storm", log=log)
    scar = _games("careful", seeds[: args.storm_careful], CAREFUL_CAP, "storm") if args.storm_careful else []
    metrics.append(ternar_arc.storm_metric(rnd, storm, car[: len(scar)], scar))
    _dump(args.out, metrics, extra)
    guard = _games("random", seeds, RANDOM_CAP, "guardrail", log=log)
    metrics.append(ternar_arc.guardrail_metric(rnd, guard))
    _dump(args.out, metrics, extra)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
