"""``python -m engine.core selfcheck [--json]``: print reference hashes."""

from __future__ import annotations

import argparse
import json
import sys

from engine.core import selfcheck


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine.core")
    sub = p.add_subparsers(dest="cmd", required=True)
    sc = sub.add_parser("selfcheck", help="print hashes of fixed PRNG streams and a reference session")
    sc.add_argument("--json", action="store_true", help="one JSON object instead of lines")
    sc.add_argument("--core-only", action="store_true", help="skip the games' own selfchecks")
    args = p.parse_args(argv)
    results = selfcheck.run(include_games=not args.core_only)
    if args.json:
        print(json.dumps(results, sort_keys=True))
    else:
        for name, value in results.items():
            print(f"{name:28} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
