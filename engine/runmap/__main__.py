"""Headless Run Map tools.

python -m engine.runmap generate --seed S --players N --preset slice|full [--rules 1 [--defy]]
python -m engine.runmap stats --maps 10000 [--preset full|slice]
python -m engine.runmap play --seed S [--players N --preset P]   (bot plays; prints moves)
python -m engine.runmap replay SAVE.json                         (prints outcome and hash)
python -m engine.runmap hash --seed S [--moves "p0 attack,p0 select 2"]
python -m engine.runmap check LAYOUT.json                        (validates a MapLayout)
"""

from __future__ import annotations

import argparse
import sys

from engine.core.schema import SchemaError
from engine.core.session import IllegalMoveError, Session
from engine.runmap.config import RULES_VERSION, RunOptions
from engine.runmap.game import GAME, bot_move, migrate_save
from engine.runmap.mapgen import generate_map
from engine.runmap.rules import outcome
from engine.runmap.stats import composition_report
from engine.runmap.validate import load_layout


def _options(args: argparse.Namespace) -> dict[str, object]:
    opts: dict[str, object] = {"rules": args.rules, "preset": args.preset, "players": args.players}
    if args.defy:
        opts["defy_the_gods"] = True
    return opts


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    ap = argparse.ArgumentParser(prog="python -m engine.runmap", description="Run Map headless tools")
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("generate", "play", "hash"):
        p = sub.add_parser(name)
        p.add_argument("--seed", type=int, required=True)
        p.add_argument("--players", type=int, default=1)
        p.add_argument("--preset", choices=("slice", "full"), default="slice")
        p.add_argument("--defy", action="store_true", help="rules 1 only: the RNG Portal toggle (full)")
        p.add_argument("--rules", type=int, default=RULES_VERSION, help="rules version (1: generator 1)")
        if name == "hash":
            p.add_argument("--moves", default="", help="comma-separated moves")
    st = sub.add_parser("stats")
    st.add_argument("--maps", type=int, default=10000)
    st.add_argument("--preset", choices=("slice", "full"), default="full")
    st.add_argument("--players", type=int, default=1)
    rp = sub.add_parser("replay")
    rp.add_argument("save")
    ck = sub.add_parser("check")
    ck.add_argument("layout")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "generate":
            opts = RunOptions.model_validate(_options(args))
            print(generate_map(args.seed, args.players, opts).model_dump_json(indent=1))
        elif args.cmd == "stats":
            print(composition_report(args.maps, args.preset, args.players))
        elif args.cmd == "play":
            s = Session(GAME, args.seed, _options(args))
            for seat in range(1, args.players):
                s.play_text(f"p{seat} join")
            while (m := bot_move(s.state)) is not None:
                s.play(m)
                print(f"{m}  # {s.state.last_event}")
            end = outcome(s.state)
            print(end.model_dump_json() if end else "in play")
            print(s.save_json())
        elif args.cmd == "replay":
            with open(args.save, encoding="utf-8") as fh:
                s = Session.load(GAME, migrate_save(fh.read()))
            o = outcome(s.state)
            print(o.model_dump_json() if o else "in play")
            print(s.state_hash())
        elif args.cmd == "hash":
            s = Session(GAME, args.seed, _options(args))
            for text in filter(None, (t.strip() for t in args.moves.split(","))):
                s.play_text(text)
            print(s.state_hash())
        elif args.cmd == "check":
            with open(args.layout, encoding="utf-8") as fh:
                layout = load_layout(fh.read())
            print(f"ok: {len(layout.nodes)} nodes, {len(layout.edges)} edges, {layout.layer_count} layers")
    except (SchemaError, IllegalMoveError, ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
