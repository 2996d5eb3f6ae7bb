"""A progress bar on stderr, and a parallel map over seeds that drives it."""

from __future__ import annotations

import multiprocessing as mp
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


class Progress:
    """``[#####.....] 12/40 ternar 3.1s``; redraws in place on a terminal, every 10 % otherwise."""

    def __init__(self, total: int, label: str, stream=None) -> None:
        self.total = max(total, 1)
        self.label = label
        self.done = 0
        self.t0 = time.monotonic()
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self._last_decile = -1

    def step(self, n: int = 1) -> None:
        self.done += n
        decile = self.done * 10 // self.total
        if self.tty or decile != self._last_decile or self.done >= self.total:
            self._last_decile = decile
            width = 24
            fill = self.done * width // self.total
            el = time.monotonic() - self.t0
            eta = el / self.done * (self.total - self.done) if self.done else 0.0
            text = f"[{'#' * fill}{'.' * (width - fill)}] {self.done}/{self.total} {self.label} {el:.1f}s eta {eta:.0f}s"
            self.stream.write(("\r" if self.tty else "") + text + ("" if self.tty else "\n"))
            self.stream.flush()

    def close(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


def run_many(fn: Callable[[T], R], items: Sequence[T], label: str, workers: int = 2) -> list[R]:
    """``[fn(x) for x in items]`` over ``workers`` processes (``fn`` must be a module-level function),
    results in input order, with a progress bar."""
    bar = Progress(len(items), label)
    out: list[R]
    if workers <= 1 or len(items) < 4:
        out = []
        for x in items:
            out.append(fn(x))
            bar.step()
    else:
        ctx = mp.get_context("fork")
        with ctx.Pool(workers) as pool:
            res: Iterable[R] = pool.imap(fn, items, chunksize=max(1, len(items) // (workers * 8)))
            out = []
            for r in res:
                out.append(r)
                bar.step()
    bar.close()
    return out
