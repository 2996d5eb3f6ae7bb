"""How long the editor's live solver holds one frame (issue #27, session 13).

``python -m tools.reactor.frames [NAME ...]`` runs ``solver.search_iter`` with the editor's bounds
(``AUTHOR_MAX_PULSES``, ``AUTHOR_BUDGET``) on each campaign level named (default: the largest maps
and the hardest searches) and times every step between two yields (CPython CPU time, ``process_time``, so other processes on a loaded machine do not count). The
page runs steps until its slice (``esolve.SLICE_MS``) is used, so a frame lasts the slice plus at
most one step: the longest step is what a frame can overrun by. Browser time is about 11x CPython
(RULES.md, "Editor size bound").
"""

from __future__ import annotations

import os
import sys
import time

from engine.reactor import load_level
from engine.reactor.campaign import entries
from engine.reactor.solver import AUTHOR_BUDGET, AUTHOR_MAX_PULSES, search_iter

DEFAULT = ("control_room", "night_shift", "final_exam", "full_load", "dead_mans_switch")


def steps(name: str) -> tuple[list[float], int | None]:
    """Milliseconds of every step of the editor's search on level ``name``, and the par it found."""
    e = next(e for e in entries() if e.name == name)
    run = search_iter(load_level(e.level), AUTHOR_MAX_PULSES, AUTHOR_BUDGET)
    out: list[float] = []
    while True:
        t0 = time.process_time()
        try:
            next(run)
        except StopIteration as done:
            out.append((time.process_time() - t0) * 1000.0)
            return out, done.value.pulses
        out.append((time.process_time() - t0) * 1000.0)


def main(argv: list[str]) -> int:
    print(f"load average {os.getloadavg()[0]:.1f}")
    print("| level | size | par found | steps | total s | median ms | p99 ms | max ms |")
    print("|---|---|---|---|---|---|---|---|")
    for name in argv or DEFAULT:
        lv = next(e for e in entries() if e.name == name).level
        ms, par = steps(name)
        s = sorted(ms)
        print(
            f"| {name} | {lv['width']}x{lv['height']} | {par} | {len(ms)} | {sum(ms) / 1000:.1f} | "
            f"{s[len(s) // 2]:.2f} | {s[int(len(s) * 0.99)]:.1f} | {s[-1]:.1f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
