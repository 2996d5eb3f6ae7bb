"""The editor's live solver: the engine's search for the level being edited, run a few
milliseconds per frame (``engine.reactor.solver.search_iter``), so the panel can say "solvable in
N pulses" or "no win found within N" while the author edits, and "searching… N states" meanwhile.
The search gives control back after every state it examines (one switch setting of the bound's
precompute, or one pulse), so a frame holds at most one state over the slice; every edit restarts it
(the old search is dropped), and it is bounded (``AUTHOR_BUDGET`` pulses, ``Relaxed.MAX_CONFIGS``
settings). No browser imports (tested in CPython).
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from engine.core.schema import SchemaError
from engine.reactor import load_level
from engine.reactor.solver import AUTHOR_BUDGET, AUTHOR_MAX_PULSES, SearchResult, search_iter

SLICE_MS = 12.0  # search time per frame (a frame stays well under 50 ms)


class LiveSolver:
    """One search at a time; ``restart`` on every edit, ``step`` each frame until ``done``."""

    def __init__(self, clock: Callable[[], float] | None = None) -> None:
        self.clock = clock or (lambda: time.perf_counter() * 1000.0)
        self.run: Generator[int, None, SearchResult] | None = None
        self.result: SearchResult | None = None
        self.nodes = 0  # states examined so far (switch settings for the bound, then pulses)
        self.ms = 0.0  # search time spent on this level so far

    def restart(self, data: dict[str, Any] | None) -> None:
        """Search ``data`` (a valid level) afresh; None stops (the level does not validate)."""
        self.result, self.nodes, self.ms = None, 0, 0.0
        self.run = None
        if data is None:
            return
        try:
            st = load_level(copy.deepcopy(data))
        except (SchemaError, ValueError):
            return
        self.run = search_iter(st, AUTHOR_MAX_PULSES, AUTHOR_BUDGET)

    @property
    def busy(self) -> bool:
        return self.run is not None

    def step(self, ms: float = SLICE_MS) -> bool:
        """Search for up to ``ms``; True when the search has finished (now or before)."""
        if self.run is None:
            return True
        t0 = self.clock()
        try:
            while self.clock() - t0 < ms:
                self.nodes = next(self.run)
        except StopIteration as done:
            self.result = done.value
            self.run = None
        self.ms += self.clock() - t0
        return self.run is None

    def finish(self) -> SearchResult | None:
        """Run the search to its end now (share, save); the result, or None for an invalid level."""
        while self.run is not None:
            self.step(1000.0)
        return self.result

    def status(self) -> tuple[str, dict[str, int]]:
        """("searching", {n: states examined}), ("solvable", {n: fewest pulses}), ("none", {n: pulses
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
    solver: LiveSolver

    if TYPE_CHECKING:  # provided by Editor

        def t(self, key: str) -> str: ...

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
