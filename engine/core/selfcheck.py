"""Reference computations whose hashes must match in every runtime.

``run()`` returns ``{name: sha256}`` for fixed PRNG streams, float32 rounding,
canonical JSON and a reference session (a tiny built-in dice game that
exercises save/replay/undo), plus every engine's own checks. The browser's
/selfcheck/ page runs the same code and compares with the figures computed by
CPython at build time.

An engine registers its checks by having a module ``engine/<game>/selfcheck.py``
with ``checks() -> dict[str, str]`` (a few fast reference computations, well under a
second in the browser; ``session_check`` below does the usual play-save-reload one).
Engines are found by scanning the ``engine`` package, so there is no list to keep here.
"""

from __future__ import annotations

import importlib
import pkgutil
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import engine
from engine.core.hashing import canonical_json, state_hash
from engine.core.rng import GodotRng, Lcg32, Pcg32, XorShift128Plus
from engine.core.session import Game, IllegalMoveError, Session

NOT_GAMES = ("core", "template")


def engines() -> list[str]:
    """Names of the game engines in the ``engine`` package (sorted; ``core`` and the template excluded)."""
    return sorted(
        m.name for m in pkgutil.iter_modules(engine.__path__) if m.ispkg and m.name not in NOT_GAMES
    )


def session_check(
    game: Game[Any, Any],
    seed: int,
    options: dict[str, Any] | None = None,
    policy: Callable[[Any], Any] | None = None,
    moves: Sequence[str] = (),
    max_moves: int = 20,
) -> str:
    """Play ``moves`` (texts) then up to ``max_moves`` moves chosen by ``policy(state)`` (``None``
    stops), hashing every state; then undo/redo, save and reload. One hash of the whole trail."""
    s: Session[Any, Any] = Session(game, seed, options)
    trail = [s.state_hash()]
    for text in moves:
        s.play_text(text)
        trail.append(s.state_hash())
    for _ in range(max_moves):
        move = policy(s.state) if policy is not None else None
        if move is None:
            break
        s.play(move)
        trail.append(s.state_hash())
    if s.moves:
        s.undo()
        trail.append(s.state_hash())
        s.redo()
    again = Session.load(game, s.save_json())
    trail += [again.state_hash(), s.state_hash(), s.save_json()]
    return state_hash(trail)


@dataclass(frozen=True)
class DiceState:
    total: int
    rolls: tuple[int, ...]
    rng: int


@dataclass(frozen=True)
class DiceMove:
    """``roll`` draws a die from the seeded LCG; ``add:N`` adds 1 ≤ N ≤ 6."""

    kind: str
    n: int = 0


class DiceGame:
    """Minimal reference game for session/replay checks."""

    name = "dice"

    def initial(self, seed: int, options: dict[str, Any]) -> DiceState:
        return DiceState(0, (), Lcg32(seed).get_state())

    def apply(self, state: DiceState, move: DiceMove) -> DiceState:
        if move.kind == "add":
            if not 1 <= move.n <= 6:
                raise IllegalMoveError("add takes 1..6")
            return DiceState(state.total + move.n, state.rolls + (move.n,), state.rng)
        rng = Lcg32(0)
        rng.set_state(state.rng)
        die = 1 + rng.next_below(6)
        return DiceState(state.total + die, state.rolls + (die,), rng.get_state())

    def parse_move(self, text: str) -> DiceMove:
        if text == "roll":
            return DiceMove("roll")
        if text.startswith("add:") and text[4:].isdigit():
            return DiceMove("add", int(text[4:]))
        raise ValueError(f"unknown move {text!r}")

    def format_move(self, move: DiceMove) -> str:
        return "roll" if move.kind == "roll" else f"add:{move.n}"

    def snapshot(self, state: DiceState) -> Any:
        return {"total": state.total, "rolls": list(state.rolls), "rng": state.rng}


def _stream(values: list[Any]) -> str:
    return state_hash(values)


def run(include_games: bool = True) -> dict[str, str]:
    """Name → sha256 of every reference computation."""
    out: dict[str, str] = {}
    lcg = Lcg32(20261122)
    out["lcg32"] = _stream([lcg.next_u32() for _ in range(1000)])
    pcg = Pcg32(42, 54)
    out["pcg32"] = _stream([pcg.next_u32() for _ in range(1000)] + [pcg.next_below(7) for _ in range(100)])
    g = GodotRng(12345)
    out["godot_rng"] = _stream(
        [g.randi() for _ in range(200)]
        + [g.randi_range(-5, 5) for _ in range(200)]
        + [g.randf() for _ in range(200)]
    )
    x = XorShift128Plus(1)
    out["xorshift128p"] = _stream(
        [x.next_u64() for _ in range(1000)] + [x.next_below(12) for _ in range(100)]
    )
    f32 = [struct.unpack("<f", struct.pack("<f", v / 7.0))[0] for v in range(-300, 300)]
    out["float32"] = _stream(f32)
    out["canonical_json"] = state_hash(canonical_json({"b": [1, 2.5, "ж"], "a": {"z": None, "y": True}}))
    out["session"] = reference_session_hash()
    if include_games:
        for game in engines():
            out.update(engine_checks(game))
    return out


def engine_checks(game: str) -> dict[str, str]:
    """``{"<game>.<name>": hash}`` from ``engine.<game>.selfcheck.checks()`` (empty if it has none)."""
    try:
        mod = importlib.import_module(f"engine.{game}.selfcheck")
    except ModuleNotFoundError as exc:
        if exc.name != f"engine.{game}.selfcheck":
            raise
        return {}
    return {f"{game}.{name}": str(value) for name, value in mod.checks().items()}


def reference_session_hash() -> str:
    """Play, undo, redo, save and reload the dice game; hash every step."""
    game = DiceGame()
    s: Session[DiceState, DiceMove] = Session(game, 7)
    trail = []
    for i in range(40):
        s.play_text("roll" if i % 3 else f"add:{1 + i % 6}")
        trail.append(s.state_hash())
    s.undo()
    s.undo()
    trail.append(s.state_hash())
    s.redo()
    trail.append(s.state_hash())
    again = Session.load(game, s.save_json())
    trail.append(again.state_hash())
    trail.append(s.save_json())
    return state_hash(trail)
