"""Command line for Ternar.

python -m engine.ternar bot --seed N --mode classic|zen|storm [--turns K] [--save FILE]
    GreedyBot plays; prints the 19.5 telemetry JSON (and writes the save if asked).
python -m engine.ternar replay FILE
    Replays a save (seed + moves) and prints the final state hash.
python -m engine.ternar hash --seed N [--mode M] [--moves "a-b,c-d-e"]
    Prints the state hash after the given moves.
python -m engine.ternar show --seed N [--mode M] [--moves ...]
    Prints the field as text.
"""

from __future__ import annotations

import argparse
import json
import sys

from engine.core.schema import SchemaError
from engine.core.session import Session
from engine.ternar import GAME, State
from engine.ternar.bot import greedy_route
from engine.ternar.display import format_number
from engine.ternar.telemetry import telemetry
from engine.ternar.topology import ROW_WIDTHS, ROWS, row_ids


def render(state: State) -> str:
    """The field as text: even rows indented by half a cell; ghosts marked '~', singularities '(S)'."""
    lines = []
    for r in range(ROWS):
        cells = []
        for n in row_ids(r):
            v = state.values[n]
            t = state.node_type(n)
            txt = (
                "."
                if v == 0
                else "(S)"
                if t == "singularity"
                else format_number(v) + ("~" if t == "ghost" else "")
            )
            cells.append(f"{txt:>6}")
        pad = "   " if ROW_WIDTHS[r] == 5 else ""
        lines.append(pad + "".join(cells))
    lines.append(
        f"score {state.score}  turns {state.turns}  window {list(state.window)}  undo {state.undo_counter}"
        f"  {state.phase.value}" + (f" ({state.outcome.reason.value})" if state.outcome else "")
    )
    return "\n".join(lines)


def _session(seed: int, mode: str, moves: str) -> Session[State, object]:
    s: Session[State, object] = Session(GAME, seed, {"mode": mode})  # type: ignore[arg-type]
    for text in [m for m in moves.split(",") if m.strip()]:
        s.play_text(text)
    return s


def play_bot(seed: int, mode: str, turns: int) -> Session[State, object]:
    """GreedyBot (default budgets) plays ``seed`` until game over or ``turns`` productive turns."""
    s = _session(seed, mode, "")
    while s.state.outcome is None and s.state.turns < turns:
        move = greedy_route(s.state)
        if move is None:  # pragma: no cover - a live state always has a route
            break
        s.play(move)
    return s


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine.ternar")
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("bot", help="GreedyBot plays a game; prints telemetry JSON")
    b.add_argument("--seed", type=int, required=True)
    b.add_argument("--mode", choices=["classic", "zen", "storm"], default="classic")
    b.add_argument("--turns", type=int, default=1000)
    b.add_argument("--save", help="write the save JSON here")
    bh = sub.add_parser("bothash", help="GreedyBot plays a game; prints the final state hash")
    bh.add_argument("--seed", type=int, required=True)
    bh.add_argument("--mode", choices=["classic", "zen", "storm"], default="classic")
    bh.add_argument("--turns", type=int, default=1000)
    r = sub.add_parser("replay", help="replay a save file; prints the final state hash")
    r.add_argument("file")
    for name in ("hash", "show"):
        h = sub.add_parser(name)
        h.add_argument("--seed", type=int, required=True)
        h.add_argument("--mode", choices=["classic", "zen", "storm"], default="classic")
        h.add_argument("--moves", default="")
    a = p.parse_args(argv)
    try:
        if a.cmd in ("bot", "bothash"):
            s = play_bot(a.seed, a.mode, a.turns)
            if a.cmd == "bothash":
                print(s.state_hash())
                return 0
            print(json.dumps(telemetry(s.state).model_dump(mode="json"), indent=2))
            if a.save:
                with open(a.save, "w", encoding="utf-8") as f:
                    f.write(s.save_json())
            return 0
        if a.cmd == "replay":
            with open(a.file, encoding="utf-8") as f:
                s = Session.load(GAME, f.read())  # type: ignore[arg-type]
            print(s.state_hash())
            return 0
        s = _session(a.seed, a.mode, a.moves)
        print(s.state_hash() if a.cmd == "hash" else render(s.state))
        return 0
    except (SchemaError, ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
