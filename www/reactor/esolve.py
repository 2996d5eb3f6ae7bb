"""The editor's live solver: the engine's search for the level being edited, run incrementally a
few milliseconds per frame (``engine.reactor.solver.search_iter``), so the panel can say "solvable in
N pulses" or "no win found within N" while the author edits, and "searching… N states" meanwhile.

The search is a generator that gives control back after every step (one switch setting of the
bound's precompute, one chunk of its backward pass, or one pulse). Each frame runs steps until its
time slice (``SLICE_MS``) or its budget of expansions (``STEP_BUDGET``) is used, so a frame holds at
most one step over the slice; the next frame resumes where it stopped. A change of the level cancels
the search (the old generator is dropped); the same level again (an edit undone, a no-op edit) keeps
the running search, and a level already searched gets its verdict back at once (``KEEP`` verdicts
remembered). The search is bounded (``AUTHOR_BUDGET`` pulses, ``Relaxed.MAX_CONFIGS`` settings) and
finds exactly what the one-shot ``solver.search`` finds. No browser imports (tested in CPython).
"""

from __future__ import annotations

import copy
import gc
import json
import time
from collections import OrderedDict
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from engine.core.schema import SchemaError
from engine.reactor import load_level
from engine.reactor.solver import AUTHOR_BUDGET, AUTHOR_MAX_PULSES, SearchResult, search_iter

SLICE_MS = (
    8.0  # search time per frame: with one step over it (~30 ms in the browser) a frame stays under 50 ms
)
STATUS_MS = (
    250.0  # while it searches, the panel's "searching… N" line is redrawn this often (not every frame)
)
STEP_BUDGET = 400  # expansions per frame at most, whatever the clock says
KEEP = 8  # verdicts remembered per page (levels searched before, by their JSON)


class GcWatch:
    """The longest pause of Python's cycle collector since ``reset`` (ms, generation): a frame the
    solver did not cause can be told from one it did (the e2e benchmark prints both)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.t0 = 0.0
        self.worst = (0.0, 0)
        gc.callbacks.append(self._seen)

    def _seen(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.t0 = self.clock()
        elif self.clock() - self.t0 > self.worst[0]:
            self.worst = (self.clock() - self.t0, info.get("generation", 0))

    def reset(self) -> None:
        self.worst = (0.0, 0)


class LiveSolver:
    """One search at a time; ``restart`` on every edit, ``step`` each frame until ``done``."""

    def __init__(self, clock: Callable[[], float] | None = None, watch_gc: bool = False) -> None:
        self.clock = clock or (lambda: time.perf_counter() * 1000.0)
        self.gc = GcWatch(self.clock) if watch_gc else None  # the page's: a diagnostic for e2e
        self.run: Generator[int, None, SearchResult] | None = None
        self.result: SearchResult | None = None
        self.nodes = 0  # steps done so far (bound precompute, then pulses)
        self.ms = 0.0  # search time spent on this level so far
        self.worst = (0.0, 0)  # the longest step (ms) and the step count after it: a frame's overrun
        self.longest = 0.0  # the longest ``step`` call (ms): the search's share of its longest frame
        self.key = ""  # the level searched (its JSON), "" for none
        self.done: OrderedDict[str, SearchResult] = OrderedDict()  # verdicts by level JSON

    def restart(self, data: dict[str, Any] | None) -> None:
        """Search ``data`` (a valid level) afresh; None stops (the level does not validate). The
        level being searched (or one searched before) is not searched again."""
        key = json.dumps(data, sort_keys=True) if data is not None else ""
        if key and key == self.key and (self.run is not None or self.result is not None):
            return  # the same level: the running search goes on
        self.result, self.nodes, self.ms, self.worst, self.longest = None, 0, 0.0, (0.0, 0), 0.0
        self.run, self.key = None, ""
        if self.gc is not None:
            self.gc.reset()
        if data is None:
            return
        if key in self.done:
            self.done.move_to_end(key)
            self.result, self.key = self.done[key], key
            return
        try:
            st = load_level(copy.deepcopy(data))
        except (SchemaError, ValueError):
            return
        self.run, self.key = search_iter(st, AUTHOR_MAX_PULSES, AUTHOR_BUDGET), key

    @property
    def busy(self) -> bool:
        return self.run is not None

    def step(self, ms: float = SLICE_MS, budget: int = STEP_BUDGET) -> bool:
        """Search for up to ``ms`` and at most ``budget`` steps; True when the search has finished
        (now or before)."""
        if self.run is None:
            return True
        t0 = now = self.clock()
        try:
            for _ in range(budget):
                if now - t0 >= ms:
                    break
                self.nodes = next(self.run)
                was, now = now, self.clock()
                if now - was > self.worst[0]:
                    self.worst = (now - was, self.nodes)
        except StopIteration as done:
            self.result = done.value
            self.run = None
            self.done[self.key] = done.value
            while len(self.done) > KEEP:
                self.done.popitem(last=False)
        took = self.clock() - t0
        self.ms += took
        self.longest = max(self.longest, took)
        return self.run is None

    def finish(self) -> SearchResult | None:
        """Run the search to its end now (share, save); the result, or None for an invalid level."""
        longest = self.longest  # a search run to its end on purpose (share, save) is not a frame
        while self.run is not None:
            self.step(1000.0, 10**9)
        self.longest = longest
        return self.result

    def status(self) -> tuple[str, dict[str, int]]:
        """("searching", {n: steps done}), ("solvable", {n: fewest pulses}), ("none", {n: pulses
        searched exhaustively}), ("cut", {n: no win below n, tried}) or ("", {}) when invalid."""
        if self.run is not None:
            return "searching", {"n": self.nodes}
        r = self.result
        if r is None:
            return "", {}
        if r.pulses is not None:
            return "solvable", {"n": r.pulses}
        if r.proved_below > AUTHOR_MAX_PULSES:
            return "none", {"n": AUTHOR_MAX_PULSES}
        return "cut", {"n": r.proved_below, "tried": r.nodes}

    def par(self) -> int | None:
        """The level's par (the fewest pulses of a win) once the search proved it."""
        r = self.result
        return r.pulses if r is not None and r.complete else None


OK, WARN, DIM, TEXT = "#69F0AE", "#FFCA28", "#90A4AE", "#ECEFF1"


class EditorSolving:
    """Mixin of ``Editor``: the solver's line in the panel and the par of a saved level."""

    app: Any
    doc: Any
    shell: Any
    solver: LiveSolver
    status_at = -1e18  # when the panel last showed the running search (``solver.clock`` ms; never yet)

    if TYPE_CHECKING:  # provided by Editor

        def t(self, key: str) -> str: ...

    def search_tick(self) -> None:
        """Before each frame: one slice of the live solver, in a frame that draws nothing (the board is
        unchanged). A frame that draws (an input, the panel's "searching… N" line every ``STATUS_MS``)
        does not search, so no frame holds both the drawing and a slice."""
        if not self.solver.busy:
            return
        loop = getattr(self.shell, "loop", None)  # the page's frame loop (None in CPython tests)
        now = self.solver.clock()
        if loop is not None and loop.dirty:  # this frame draws: search in the next one
            loop.schedule()
            return
        if now - self.status_at >= STATUS_MS:
            self.status_at = now
            self.shell.invalidate()
            return
        if self.solver.step():
            if self.note_par():
                self.shell.storage.save("custom", self.app.ui.custom)
            self.shell.invalidate()
            return
        if loop is not None:  # one more frame, no drawing
            loop.schedule()

    def note_par(self) -> bool:
        """Give the saved copy of this level the solver's par (stars for custom levels); True when
        it changed. Only a copy equal to the level being edited gets it."""
        lid, p = self.doc.data["meta"]["id"], self.solver.par()
        saved = self.app.ui.custom.levels.get(lid)
        if p is None or saved is None or self.app.ui.custom.pars.get(lid) == p:
            return False
        if saved != json.loads(self.doc.export_json()):
            return False
        self.app.ui.custom.pars[lid] = p
        return True

    def solver_text(self) -> tuple[str, str]:
        """The live solver's line for the panel and its colour."""
        code, args = self.solver.status()
        if not code:
            return "", TEXT
        return self.t("solver_" + code).format(**args), {"solvable": OK, "searching": DIM}.get(code, WARN)
