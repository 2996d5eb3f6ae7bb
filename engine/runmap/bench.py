"""Benchmark: maps generated per second, bot moves applied per second, save replays per second.

python -m engine.runmap.bench
"""

from __future__ import annotations

import time

from engine.core.session import Session
from engine.runmap.config import RunOptions
from engine.runmap.game import GAME, bot_move
from engine.runmap.mapgen import generate_map
from engine.runmap.validate import layout_problems


def _rate(count: int, seconds: float) -> str:
    return f"{count / seconds:,.0f}/s" if seconds > 0 else "inf"


def main() -> None:
    """Print the figures."""
    for preset in ("slice", "full"):
        opts = RunOptions(preset=preset)  # type: ignore[arg-type]
        t = time.perf_counter()
        for seed in range(1000):
            generate_map(seed, 2, opts)
        print(f"generate_map[{preset}]: {_rate(1000, time.perf_counter() - t)} maps")
    layouts = [generate_map(s, 1, RunOptions(preset="full")) for s in range(300)]
    t = time.perf_counter()
    for layout in layouts:
        layout_problems(layout)
    print(f"layout_problems[full]: {_rate(len(layouts), time.perf_counter() - t)} checks")
    moves = 0
    saves = []
    t = time.perf_counter()
    for seed in range(100):
        s = Session(GAME, seed, {"preset": "full", "players": 2})
        s.play_text("p1 join")
        while (m := bot_move(s.state)) is not None:
            s.play(m)
            moves += 1
        saves.append(s.save_json())
    print(
        f"bot play[full, 2 players]: {_rate(moves, time.perf_counter() - t)} moves ({moves} moves, 100 runs)"
    )
    t = time.perf_counter()
    for text in saves:
        Session.load(GAME, text)
    print(f"save replay[full]: {_rate(len(saves), time.perf_counter() - t)} runs")


if __name__ == "__main__":
    main()
