"""``python -m engine.core``: reference hashes, and the commands every game shares.

python -m engine.core selfcheck [--json] [--core-only]
python -m engine.core replay GAME SAVE.json
python -m engine.core hash GAME --seed N [--options JSON] [--moves "a,b"]
python -m engine.core bot GAME --seed N [--options JSON] [--max-moves K] [--save FILE]
"""

from __future__ import annotations

import argparse
import json
import sys

from engine.core import cli, selfcheck


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine.core", description=__doc__)
    sub = p.add_subparsers(dest="cmd", required=True)
    sc = sub.add_parser("selfcheck", help="print hashes of fixed PRNG streams and a reference session")
    sc.add_argument("--json", action="store_true", help="one JSON object instead of lines")
    sc.add_argument("--core-only", action="store_true", help="skip the games' own selfchecks")
    cli.add_commands(sub, with_game=True)
    args = p.parse_args(argv)
    if args.cmd in cli.COMMANDS:
        try:
            mod = cli.game_module(args.game)
        except ValueError as exc:
            print(exc, file=sys.stderr)
            return 2
        return cli.run_command(mod, args)
    results = selfcheck.run(include_games=not args.core_only)
    if args.json:
        print(json.dumps(results, sort_keys=True))
    else:
        for name, value in results.items():
            print(f"{name:28} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
