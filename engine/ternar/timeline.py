"""The animation timeline of a turn (16.5, 18.1): what moves when, and for how long input is locked.

``build(old_values, old_ghosts, events, new_values)`` replays a turn's events on a scratch copy of the
old field and returns a ``Timeline`` of steps the page draws (``Timeline.at(t)``):

- ``flash``: 100 ms white flash of the route when L >= 12, after which the nodes are gone at once
  (18.1: "without intermediate frames", so no collapse step follows);
- ``collapse``: for L < 12 the route's nodes shrink into the last one (``COLLAPSE_MS``);
- ``settle``: everything that falls or flows in during the rest of the turn, *together*: every node
  falls along its whole path in ``display.fall_time_ms(rows)`` (16.5's per-fall time), nodes that
  flow in pop in at their spawn cell (``POP_MS``) and start falling ``SPAWN_DELAY_MS`` after they
  appear; a node whose first move waits for a later gravity pass (counted from the pass it could
  first move in) starts ``STAGGER_MS`` later per pass (at most ``STAGGER_PASSES``);
- ``clear``: a Big Bang or Zen refill empties the field (``CLEAR_MS``), then a ``settle`` deals anew.

Input is locked for ``Timeline.total`` ms (16.5). Pure Python: the lab measures it headless.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.ternar.display import FLASH_MS, fall_time_ms
from engine.ternar.topology import coords

COLLAPSE_MS = 90.0
POP_MS = 100.0
SPAWN_DELAY_MS = 40.0  # a node that flows in starts falling while it still pops in
STAGGER_MS = 15.0
STAGGER_PASSES = 3
CLEAR_MS = 300.0


@dataclass
class Mover:
    """A node on the move: along ``path`` (cells) from ``delay`` ms for ``dur`` ms within its step.

    ``spawn``: it flows in (pops in at ``path[0]`` during the first ``POP_MS`` of the step);
    ``since``: the gravity pass it could first move in (its stagger counts from there)."""

    value: int
    ghost: bool
    path: list[int]
    delay: float = 0.0
    dur: float = 0.0
    spawn: bool = False
    since: int = 0

    @property
    def end(self) -> float:
        return self.delay + self.dur


@dataclass
class Step:
    """One phase of the animation; ``values``/``ghosts`` are the nodes resting meanwhile."""

    kind: str  # flash | collapse | settle | clear
    start: float
    dur: float
    values: list[int]
    ghosts: list[bool]
    movers: list[Mover] = field(default_factory=list)
    route: tuple[int, ...] = ()
    target: int = -1
    result: int = 0

    @property
    def end(self) -> float:
        return self.start + self.dur


@dataclass
class Timeline:
    steps: list[Step]
    consistent: bool  # the replayed events reproduced the new state exactly

    @property
    def total(self) -> float:
        """Length of the animation = how long input stays locked (ms)."""
        return self.steps[-1].end if self.steps else 0.0

    def at(self, t: float) -> tuple[Step, float] | None:
        """The step running at ``t`` ms and its progress 0..1; None once finished."""
        for s in self.steps:
            if t < s.end:
                return s, max(0.0, min(1.0, (t - s.start) / s.dur)) if s.dur > 0 else 1.0
        return None


def _get(e: Any, name: str) -> Any:
    return e[name] if isinstance(e, dict) else getattr(e, name)


def rows_of(path: Sequence[int]) -> int:
    """Rows a node crosses along ``path``."""
    return abs(coords(path[-1])[0] - coords(path[0])[0]) if len(path) > 1 else 0


class _Settle:
    """Collects the falls and spawns of one uninterrupted stretch of a turn into one step."""

    def __init__(self, vals: list[int], gh: list[bool]) -> None:
        self.base = list(vals)
        self.base_gh = list(gh)
        self.at_cell: dict[int, Mover] = {}
        self.movers: list[Mover] = []
        self.first_pass: dict[int, int] = {}
        self.passes = 0

    def spawn(self, cell: int, value: int, ghost: bool) -> None:
        mv = Mover(value, ghost, [cell], spawn=True, since=self.passes)
        self.movers.append(mv)
        self.at_cell[cell] = mv

    def fall(self, moves: Sequence[Any], vals: list[int], gh: list[bool]) -> None:
        arrivals: dict[int, Mover] = {}
        for m in moves:
            src, dst = int(_get(m, "src")), int(_get(m, "dst"))
            mv = self.at_cell.pop(src, None)
            if mv is None:
                mv = Mover(vals[src], gh[src], [src])
                self.movers.append(mv)
                self.base[src] = 0
                self.base_gh[src] = False
            if len(mv.path) == 1:
                self.first_pass[id(mv)] = self.passes
            mv.path.append(dst)
            arrivals[dst] = mv
        self.at_cell.update(arrivals)
        self.passes += 1

    def step(self, start: float) -> Step | None:
        if not self.movers:
            return None
        dur = 0.0
        for mv in self.movers:
            wait = STAGGER_MS * min(self.first_pass.get(id(mv), mv.since) - mv.since, STAGGER_PASSES)
            mv.delay = (SPAWN_DELAY_MS if mv.spawn else 0.0) + wait
            mv.dur = float(fall_time_ms(rows_of(mv.path)))
            dur = max(dur, mv.end if len(mv.path) > 1 else POP_MS)
        return Step("settle", start, dur, self.base, self.base_gh, movers=self.movers)


def build(
    old_values: Sequence[int],
    old_ghosts: Sequence[int],
    events: Sequence[Any],
    new_values: Sequence[int],
) -> Timeline:
    """The timeline of one turn (events as objects or as ``dump_events`` dicts)."""
    vals = list(old_values)
    gh = [False] * len(vals)
    for g in old_ghosts:
        gh[g] = True
    steps: list[Step] = []
    clock = 0.0
    settle: _Settle | None = None

    def add(step: Step) -> None:
        nonlocal clock
        steps.append(step)
        clock = step.end

    def flush() -> None:
        nonlocal settle
        if settle is not None:
            st = settle.step(clock)
            if st is not None:
                add(st)
        settle = None

    for e in events:
        kind = _get(e, "kind")
        if kind == "collapse":
            flush()
            route = tuple(_get(e, "route"))
            target = int(_get(e, "target"))
            if _get(e, "flash"):  # 18.1: flash, then the nodes leave "without intermediate frames"
                add(Step("flash", clock, float(FLASH_MS), list(vals), list(gh), route=route, target=target))
            else:
                base = list(vals)
                for c in route:
                    base[c] = 0
                movers = [Mover(vals[c], gh[c], [c]) for c in route]
                add(
                    Step(
                        "collapse",
                        clock,
                        COLLAPSE_MS,
                        base,
                        list(gh),
                        movers=movers,
                        route=route,
                        target=target,
                        result=int(_get(e, "result")),
                    )
                )
            for c in route:
                vals[c] = 0
                gh[c] = False
            vals[target] = int(_get(e, "result"))
        elif kind == "fall":
            if settle is None:
                settle = _Settle(vals, gh)
            moves = _get(e, "moves")
            settle.fall(moves, vals, gh)
            for m in moves:
                vals[int(_get(m, "src"))] = 0
                gh[int(_get(m, "src"))] = False
            for m in moves:
                vals[int(_get(m, "dst"))] = int(_get(m, "value"))
                gh[int(_get(m, "dst"))] = bool(_get(m, "ghost"))
        elif kind == "spawn":
            if settle is None:
                settle = _Settle(vals, gh)
            cell, value = int(_get(e, "node")), int(_get(e, "value"))
            ghost = _get(e, "node_type") == "ghost"
            settle.spawn(cell, value, ghost)
            vals[cell] = value
            gh[cell] = ghost
        elif kind in ("big_bang", "zen_refill"):
            flush()
            cells = [c for c, v in enumerate(vals) if v]
            movers = [Mover(vals[c], gh[c], [c]) for c in cells]
            add(Step("clear", clock, CLEAR_MS, [0] * len(vals), [False] * len(vals), movers=movers))
            vals = [0] * len(vals)
            gh = [False] * len(vals)
        elif kind == "deal":
            flush()
            settle = _Settle(vals, gh)
            for c, v in _get(e, "nodes"):
                settle.spawn(int(c), int(v), False)
                vals[int(c)] = int(v)
    flush()
    return Timeline(steps, list(vals) == list(new_values))


def lock_ms(old: Any, events: Sequence[Any], new: Any) -> float:
    """How long input stays locked after the move that took state ``old`` to ``new`` (16.5)."""
    return build(old.values, old.ghosts, events, new.values).total
