"""Command line: ``python -m engine.orbit <command>``.

- ``play SCENARIO.json``: run a scenario's turn plans; prints one JSON line per turn (every ship's ring,
  sector, facing, energy, heat, hull, mass, transit) and a final line with the outcome and state hash.
- ``selfplay --seed N --games K [--levels tactical,greedy] [--max-rounds R] [--moves]``: AI vs AI games
  on seeds N..N+K-1 (seats rotate each game); one JSON line per game (outcome, turns, state hash, and
  with ``--moves`` the plans), then win counts per level and per seat.
- ``replay SAVE.json``: replay a session save (seed, options, moves); prints outcome and state hash.
- ``hash --seed N [--players P] [MOVE ...]``: state hash after playing the given plan texts.
- ``validate SCENARIO.json``: check a scenario file without running it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from engine.core.hashing import state_hash
from engine.core.schema import SchemaError, parse_model
from engine.core.session import Session
from engine.orbit.ai import AI_LEVELS
from engine.orbit.game import GAME, Scenario
from engine.orbit.play import play_scenario, selfplay


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise SystemExit(f"error: cannot read {path}: {exc.strerror}") from None


def _scenario(path: str) -> Scenario:
    return parse_model(Scenario, _read(path), f"scenario {path}")


def cmd_play(args: argparse.Namespace) -> int:
    sc = _scenario(args.scenario)
    final, rows = play_scenario(sc)
    for row in rows:
        print(json.dumps(row, separators=(",", ":")))
    snap = final.to_json()
    print(json.dumps({"final": True, "outcome": snap["outcome"], "hash": state_hash(snap)}))
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    sc = _scenario(args.scenario)
    print(f"ok: {len(sc.ships)} ships, {len(sc.plans)} plans")
    return 0


def cmd_selfplay(args: argparse.Namespace) -> int:
    levels = tuple(args.levels.split(","))
    for lv in levels:
        if lv not in AI_LEVELS:
            raise SystemExit(f"error: unknown level {lv!r} (choose from {', '.join(AI_LEVELS)})")
    if not 2 <= len(levels) <= 4:
        raise SystemExit("error: --levels names 2 to 4 seats")
    wins: Counter[str] = Counter()
    seat_wins: Counter[int] = Counter()
    for g in range(args.games):
        seed = args.seed + g
        k = g % len(levels)
        seats = levels[k:] + levels[:k]
        rec = selfplay(seed, seats, args.max_rounds)
        out = rec.to_json()
        winner = rec.outcome.winner if rec.outcome else None
        out["winner_level"] = None if winner is None else seats[winner]
        if args.moves:
            out["moves"] = list(rec.moves)
        print(json.dumps(out, separators=(",", ":")))
        if winner is None:
            wins["draw"] += 1
        else:
            wins[seats[winner]] += 1
            seat_wins[winner] += 1
    summary = {
        "games": args.games,
        "wins": dict(sorted(wins.items())),
        "seat_wins": dict(sorted(seat_wins.items())),
    }
    print(json.dumps({"summary": summary}))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    session = Session.load(GAME, _read(args.save))
    outcome = session.state.outcome
    print(
        json.dumps(
            {
                "turns": len(session.moves),
                "outcome": None if outcome is None else outcome.to_json(),
                "hash": session.state_hash(),
            }
        )
    )
    return 0


def cmd_hash(args: argparse.Namespace) -> int:
    session = Session(GAME, args.seed, {"players": args.players})
    for text in args.moves:
        session.play_text(text)
    print(session.state_hash())
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status (2 for bad input)."""
    ap = argparse.ArgumentParser(prog="python -m engine.orbit", description="Orbit Simulator, headless.")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="run a scenario's turn plans and print per-turn JSON")
    p.add_argument("scenario")
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("validate", help="check a scenario file")
    p.add_argument("scenario")
    p.set_defaults(func=cmd_validate)
    p = sub.add_parser("selfplay", help="AI vs AI games")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--levels", default="tactical,tactical", help=f"comma list of seats from {AI_LEVELS}")
    p.add_argument("--max-rounds", type=int, default=100)
    p.add_argument("--moves", action="store_true", help="include each game's plans (text form)")
    p.set_defaults(func=cmd_selfplay)
    p = sub.add_parser("replay", help="replay a saved session")
    p.add_argument("save")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("hash", help="state hash after some plans")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("moves", nargs="*")
    p.set_defaults(func=cmd_hash)
    args = ap.parse_args(argv)
    try:
        return int(args.func(args))
    except (SchemaError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
