"""Benchmarks: ``python -m engine.floodline.bench`` prints resolve / water / tick figures."""

from __future__ import annotations

import time

from engine.core.rng import XorShift128Plus
from engine.floodline.board import Board, Kind
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput
from engine.floodline.resolve import resolve_phase, tilt_resolve
from engine.floodline.rules import initial_state, step
from engine.floodline.water import settle_water


def campaign_board(sx: int, sy: int, sz: int, seed: int = 1) -> Board:
    """A busy board: a seeded skyline of solids on the lower half, walls, and a pool of water."""
    rng = XorShift128Plus(seed)
    b = Board(sx, sy, sz)
    for z in range(sz):
        for x in range(sx):
            h = rng.next_below(sy // 2)
            for y in range(h):
                b.set_solid((x, y, z))
            if rng.next_below(10) == 0:
                b.set_kind((x, 0, z), Kind.WALL)
    for z in range(sz):
        for x in range(sx):
            for y in range(sy // 2, sy // 2 + 2):
                if rng.next_below(3) == 0:
                    b.set_kind((x, y, z), Kind.WATER)
    return b


def _time(fn, reps: int) -> float:  # type: ignore[no-untyped-def]
    """Best of ``reps`` runs (the machine is shared; the minimum is the stable figure)."""
    fn()  # warm the per-gravity tables
    best = float("inf")
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def run() -> list[str]:
    out = []
    for dims, reps in (((10, 30, 10), 20), ((16, 60, 16), 3)):
        base = campaign_board(*dims)
        settled = base.copy()
        resolve_phase(settled, Gravity.DOWN)
        water = settled.count(Kind.WATER)

        def full(base: Board = base) -> None:
            resolve_phase(base.copy(), Gravity.DOWN)

        def steady(settled: Board = settled) -> None:
            resolve_phase(settled.copy(), Gravity.DOWN)

        def water_only(settled: Board = settled) -> None:
            settle_water(settled.copy(), Gravity.DOWN)

        def tilt(settled: Board = settled) -> None:
            tilt_resolve(settled.copy(), Gravity.EAST, frozenset())

        name = "x".join(str(d) for d in (dims[0], dims[2], dims[1]))
        out.append(f"{name} board, {water} water units:")
        out.append(f"  resolve (first, collapsing)  {_time(full, reps) * 1000:8.2f} ms")
        out.append(f"  resolve (settled, per lock)  {_time(steady, reps) * 1000:8.2f} ms")
        out.append(f"  water settle only            {_time(water_only, reps) * 1000:8.2f} ms")
        out.append(f"  tilt resolve DOWN->EAST      {_time(tilt, reps) * 1000:8.2f} ms")
    lv = parse_level({"board": {"size": [10, 10], "height": 30, "heightLimit": 26}})
    s = initial_state(lv, 1)
    idle, held = TickInput(), TickInput(move="x+")
    t0 = time.perf_counter()
    n = 0
    for k in range(3000):
        if s.outcome is not None:
            s = initial_state(lv, k)
        s = step(s, held if k % 7 else idle)
        n += 1
    dt = time.perf_counter() - t0
    out.append(f"ticks (no lock): {n / dt:,.0f} ticks/s ({dt / n * 1e6:.1f} us/tick)")
    hard = TickInput(hard=True)
    s = initial_state(lv, 2)
    t0 = time.perf_counter()
    locks = 0
    while locks < 200:
        if s.outcome is not None:
            s = initial_state(lv, locks)
        s = step(s, hard)
        locks += 1
    dt = time.perf_counter() - t0
    out.append(
        f"hard-drop locks (resolve + objectives + spawn): {locks / dt:,.0f}/s ({dt / locks * 1000:.2f} ms each)"
    )
    return out


def main() -> None:
    for line in run():
        print(line)


if __name__ == "__main__":
    main()
