"""Benchmark: ``python -m engine.orbit.bench [--games N]``.

Prints turn resolutions per second (with and without the turn log), validations per second, AI time
per turn for each level, and self-play results.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from engine.core.rng import Lcg32
from engine.orbit.ai import AI_LEVELS, choose_plan, random_plan
from engine.orbit.game import initial_state
from engine.orbit.play import selfplay
from engine.orbit.state import OrbitState
from engine.orbit.turn import execute_turn, resolve, validate


def _corpus(n: int) -> list[OrbitState]:
    states: list[OrbitState] = []
    seed = 0
    while len(states) < n:
        seed += 1
        st = initial_state(seed, {"players": 2 + seed % 3})
        rng = Lcg32(seed)
        while st.outcome is None and len(states) < n:
            states.append(st)
            st, _ = execute_turn(st, random_plan(st, rng))
    return states


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m engine.orbit.bench")
    ap.add_argument("--games", type=int, default=10)
    args = ap.parse_args()
    states = _corpus(400)
    rng = Lcg32(1)
    pairs = [(s, random_plan(s, rng)) for s in states]
    for label, fn in (
        ("validate", lambda s, p: validate(s, p)),
        ("execute_turn (validate + resolve + log)", lambda s, p: execute_turn(s, p)),
        ("resolve without log (AI path)", lambda s, p: resolve(s, p, log=False)),
    ):
        t0 = time.perf_counter()
        reps = 5
        for _ in range(reps):
            for s, p in pairs:
                fn(s, p)
        dt = time.perf_counter() - t0
        print(f"{label:42s} {reps * len(pairs) / dt:10.0f} /s")
    for level in AI_LEVELS:
        sample = states[::8]
        t0 = time.perf_counter()
        for s in sample:
            choose_plan(s, level, 3)
        dt = time.perf_counter() - t0
        print(f"AI {level:9s} time per turn {1000 * dt / len(sample):8.2f} ms  (n={len(sample)})")
    for levels in (
        ("tactical", "random"),
        ("greedy", "random"),
        ("tactical", "greedy"),
        ("tactical", "tactical"),
    ):
        wins: Counter[str] = Counter()
        turns = 0
        t0 = time.perf_counter()
        for g in range(args.games):
            seats = levels if g % 2 == 0 else levels[::-1]
            rec = selfplay(10_000 + g, seats)
            turns += len(rec.moves)
            w = rec.outcome.winner if rec.outcome else None
            wins["draw" if w is None else f"{seats[w]}@seat{w}"] += 1
        dt = time.perf_counter() - t0
        print(
            f"selfplay {levels[0]} vs {levels[1]}: {dict(sorted(wins.items()))}  "
            f"avg {turns / args.games:.1f} turns, {1000 * dt / max(turns, 1):.1f} ms/turn"
        )


if __name__ == "__main__":
    main()
