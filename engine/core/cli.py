"""The command line every game shares: ``replay``, ``hash`` and ``bot``.

``python -m engine.core replay|hash|bot GAME ...`` serves any engine found in the ``engine`` package
(the five games and the template), and a game's own ``python -m engine.<slug>`` adds these three
commands to its own by calling :func:`add_commands` / :func:`run_command` (the template's CLI is only
this). A game is an ``engine.<slug>`` package with ``GAME`` (``engine.core.session.Game``); ``bot``
needs ``bot_policy(state) -> move | None`` there or in ``engine.<slug>.bot`` (see :func:`bot_policy`).

- ``replay FILE``: load a save (seed + moves) through ``engine.core.session.restore`` and print its
  status, moves and state hash; a damaged save prints why and exits 1 (never a traceback).
- ``hash --seed N [--options JSON] [--moves "a,b"]``: the state hash after those moves.
- ``bot --seed N [--options JSON] [--max-moves K] [--save FILE]``: the game's bot plays; prints the
  moves, the outcome and the hash, and writes the save if asked.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import importlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from engine.core.schema import SchemaError
from engine.core.session import IllegalMoveError, Session, restore

COMMANDS = ("replay", "hash", "bot")


def game_module(slug: str) -> ModuleType:
    """The engine package ``engine.<slug>``; ``ValueError`` if it is not a game."""
    from engine.core.selfcheck import NOT_GAMES

    if not slug.isidentifier() or (slug in NOT_GAMES and slug != "template"):
        raise ValueError(f"not a game: {slug!r}")
    try:
        mod = importlib.import_module(f"engine.{slug}")
    except ModuleNotFoundError as exc:
        raise ValueError(f"no engine named {slug!r}") from exc
    if not hasattr(mod, "GAME"):
        raise ValueError(f"engine.{slug} has no GAME")
    return mod


def add_commands(sub: Any, with_game: bool = False) -> None:
    """Add ``replay``, ``hash`` and ``bot`` to an argparse sub-parser set (``with_game``: a GAME argument)."""
    for name, text in (
        ("replay", "replay a save and print its state hash"),
        ("hash", "print the state hash after some moves"),
        ("bot", "let the game's bot play and print its moves"),
    ):
        p = sub.add_parser(name, help=text)
        if with_game:
            p.add_argument("game", help="engine name, e.g. ternar or template")
        if name == "replay":
            p.add_argument("save", type=Path, help="a save file (JSON: seed, moves, options, rules)")
            continue
        p.add_argument("--seed", type=int, required=True)
        p.add_argument("--options", default="{}", help="new-game options as JSON")
        if name == "hash":
            p.add_argument("--moves", default="", help="comma-separated move texts")
        else:
            p.add_argument("--max-moves", type=int, default=10_000)
            p.add_argument("--save", type=Path, default=None, help="write the bot's game as a save")


def _options(text: str) -> dict[str, Any]:
    opts = json.loads(text)
    if not isinstance(opts, dict):
        raise ValueError("--options must be a JSON object")
    return opts


def run_command(mod: ModuleType, args: argparse.Namespace) -> int:
    """Run one of :data:`COMMANDS` for the game in ``mod``; returns the exit status."""
    game = mod.GAME
    try:
        if args.cmd == "replay":
            found = restore(game, args.save.read_text(encoding="utf-8"))
            if found.session is None:
                print(f"{found.status}: {found.reason}", file=sys.stderr)
                return 1
            got = found.session
            print(json.dumps({"status": found.status, "moves": len(got.moves), "hash": got.state_hash()}))
            return 0
        opts = _options(args.options)
        s: Session[Any, Any] = Session(game, args.seed, opts)
        if args.cmd == "hash":
            for text in [m for m in args.moves.split(",") if m.strip()]:
                s.play_text(text)
            print(s.state_hash())
            return 0
        policy = bot_policy(mod)
        if policy is None:
            print(f"engine.{game.name} has no bot_policy", file=sys.stderr)
            return 2
        played: list[str] = []
        for _ in range(args.max_moves):
            move = policy(s.state)
            if move is None:
                break
            s.play(move)
            played.append(game.format_move(move))
        outcome = getattr(s.state, "outcome", None)
        print(json.dumps({"moves": played, "outcome": _jsonable(outcome), "hash": s.state_hash()}))
        if args.save is not None:
            args.save.write_text(s.save_json(), encoding="utf-8")
        return 0
    except (SchemaError, IllegalMoveError, ValueError, OSError) as exc:
        print(f"{type(exc).__name__}: {exc}", file=sys.stderr)
        return 1


def bot_policy(mod: ModuleType) -> Callable[[Any], Any] | None:
    """The game's bot: ``bot_policy`` of the engine package, else of its ``bot`` module (``None``: no bot)."""
    found = getattr(mod, "bot_policy", None)
    if found is None:
        try:
            found = getattr(importlib.import_module(f"{mod.__name__}.bot"), "bot_policy", None)
        except ModuleNotFoundError as exc:
            if exc.name != f"{mod.__name__}.bot":
                raise
    return found if callable(found) else None


def _jsonable(value: Any) -> Any:
    """A game's outcome as JSON data: pydantic models and dataclasses by their fields, enums by value."""
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return str(value)


def game_main(mod: ModuleType, argv: list[str] | None = None) -> int:
    """A whole ``python -m engine.<slug>`` made of the shared commands only (the template's CLI)."""
    ap = argparse.ArgumentParser(prog=f"python -m {mod.__name__}", description=(mod.__doc__ or "").strip())
    add_commands(ap.add_subparsers(dest="cmd", required=True))
    return run_command(mod, ap.parse_args(argv))
