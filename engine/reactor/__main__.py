"""Command line: ``python -m engine.reactor validate|play|hash|share|levels|bot|replay``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.core.schema import SchemaError
from engine.core.session import IllegalMoveError, Session
from engine.reactor.actions import apply_action, parse_action
from engine.reactor.bot import run_bot
from engine.reactor.game import GAME, builtin_level, builtin_levels, check_level, hash_state, load_level
from engine.reactor.schema import LevelM, parse_level, share_code
from engine.reactor.views import inspect_cell, status, underground_view


def _level(arg: str) -> LevelM:
    if arg in builtin_levels():
        return builtin_level(arg)
    return parse_level(Path(arg).read_text(encoding="utf-8"))


def _actions(arg: str) -> list[str]:
    data = json.loads(Path(arg).read_text(encoding="utf-8"))
    if isinstance(data, dict):
        data = data.get("actions", data.get("moves"))
    if not isinstance(data, list) or not all(isinstance(a, str) for a in data):
        raise SchemaError("actions", ['expected a JSON list of action strings (or {"actions": [...]})'])
    return data


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.reactor")
    sub = ap.add_subparsers(dest="cmd", required=True)
    v = sub.add_parser("validate", help="errors and warnings as JSON; exit 1 on errors")
    v.add_argument("level")
    p = sub.add_parser("play", help="apply actions; print accepted/refused, level state, forecasts, hash")
    p.add_argument("level")
    p.add_argument("actions")
    p.add_argument("--difficulty")
    h = sub.add_parser("hash", help="state hash of a level as loaded")
    h.add_argument("level")
    s = sub.add_parser("share", help="print the compact share code of a level")
    s.add_argument("level")
    sub.add_parser("levels", help="list built-in levels")
    bt = sub.add_parser("bot", help="let the greedy bot play a level; prints its actions, state and hash")
    bt.add_argument("level")
    bt.add_argument("--max-actions", type=int, default=40)
    rp = sub.add_parser("replay", help="replay a Session save (JSON) and print the state hash")
    rp.add_argument("save")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "levels":
            print("\n".join(builtin_levels()))
            return 0
        if args.cmd == "validate":
            rep = check_level(_level(args.level))
            print(json.dumps(rep.as_dict(), indent=1))
            return 0 if rep.ok else 1
        if args.cmd == "replay":
            session = Session.load(GAME, Path(args.save).read_text(encoding="utf-8"))
            print(
                json.dumps(
                    {
                        "moves": len(session.moves),
                        "status": status(session.state),
                        "hash": session.state_hash(),
                    },
                    indent=1,
                )
            )
            return 0
        if args.cmd == "bot":
            final, played = run_bot(load_level(_level(args.level)), args.max_actions)
            print(
                json.dumps({"actions": played, "status": status(final), "hash": hash_state(final)}, indent=1)
            )
            return 0
        if args.cmd == "share":
            print(share_code(_level(args.level)))
            return 0
        st = load_level(_level(args.level), getattr(args, "difficulty", None))
        if args.cmd == "hash":
            print(hash_state(st))
            return 0
        results = []
        for text in _actions(args.actions):
            try:
                action = parse_action(text)
                new = apply_action(st, action)
            except IllegalMoveError as exc:
                results.append({"action": text, "accepted": False, "reason": str(exc)})
                continue
            except ValueError as exc:
                results.append({"action": text, "accepted": False, "reason": f"malformed: {exc}"})
                continue
            entry: dict[str, object] = {
                "action": text,
                "accepted": True,
                "pulsed": action.lengthy,
                "level_state": new.level_state,
            }
            if action.kind == "inspect":
                entry["inspect"] = inspect_cell(new, action.x, action.y)
            elif action.kind == "view":
                entry["underground"] = {k: len(v) for k, v in underground_view(new).items()}
            results.append(entry)
            st = new
        out = {"results": results, "status": status(st), "hash": hash_state(st)}
        print(json.dumps(out, indent=1))
        return 0
    except SchemaError as exc:
        print(json.dumps({"ok": False, "error": str(exc), "problems": exc.problems}, indent=1))
        return 1
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
