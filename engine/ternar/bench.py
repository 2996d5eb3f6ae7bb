"""Benchmark: ``python -m engine.ternar.bench`` prints engine and bot figures (no asserts)."""

from __future__ import annotations

import time

from engine.core.rng import Lcg32
from engine.ternar import apply, apply_with_events, initial
from engine.ternar.bot import greedy_route
from engine.ternar.gravity import settle
from engine.ternar.model import Route, State


def _games(seeds: range, mode: str, turns: int) -> list[tuple[State, list[Route]]]:
    out = []
    for seed in seeds:
        s = initial(seed, {"mode": mode})
        start: State = s
        moves: list[Route] = []
        while s.outcome is None and len(moves) < turns:
            m = greedy_route(s)
            assert m is not None
            moves.append(m)
            s = apply(s, m)
        out.append((start, moves))
    return out


def main() -> None:
    for mode in ("classic", "zen", "storm"):
        t0 = time.perf_counter()
        games = _games(range(3), mode, 150)
        t1 = time.perf_counter()
        n = sum(len(m) for _, m in games)
        print(f"{mode:8s} GreedyBot: {n} moves, {1000 * (t1 - t0) / max(n, 1):.2f} ms/move (search + apply)")
        t0 = time.perf_counter()
        for start, moves in games:
            s = start
            for m in moves:
                s, _ = apply_with_events(s, m)
        t1 = time.perf_counter()
        print(
            f"{mode:8s} apply_with_events: {n / (t1 - t0):.0f} turns/s ({1e6 * (t1 - t0) / max(n, 1):.0f} us/turn)"
        )
    rng = Lcg32(7)
    t0 = time.perf_counter()
    k = 2000
    for i in range(k):
        values = [0] * 22 + [3 ** (1 + (j * 7 + i) % 9) for j in range(22)]
        settle(values, [False] * 44, 1, rng)
        values.reverse()
        settle(values, [False] * 44, 1, rng)
    t1 = time.perf_counter()
    print(f"gravity settle (half-full field): {2 * k / (t1 - t0):.0f} settles/s")


if __name__ == "__main__":
    main()
