"""Turn animation derived from (old state, events, new state): no animation data lives in the engine.

``build(old_values, old_ghosts, events, new_values)`` replays the events on a scratch copy of the old
field and returns a ``Timeline`` of steps (flash, collapse, fall, spawn, clear, deal). Timings follow
16.5 / 18.1: a 100 ms white flash before removal for L >= 12; a fall over ``d`` rows takes
``300 * (1 - 0.1 * (d - 1))`` ms. Pure Python (no ``js``); the renderer samples ``Timeline.at(t)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

FLASH_MS = 100.0
COLLAPSE_MS = 170.0
SPAWN_MS = 190.0
CLEAR_MS = 420.0
DEAL_MS = 240.0
BASE_FALL_MS = 300.0
PASS_STAGGER_MS = 28.0


def fall_ms(rows: int) -> float:
    """16.5: t = 300 * (1 - 0.1 * (rowDistance - 1)); kept above 90 ms for very long drops."""
    return max(90.0, BASE_FALL_MS * (1 - 0.1 * (max(1, rows) - 1)))


@dataclass
class Mover:
    """A node travelling along ``path`` (cells) from ``delay`` for ``dur`` ms within its step."""

    value: int
    ghost: bool
    path: list[int]
    delay: float = 0.0
    dur: float = BASE_FALL_MS


@dataclass
class Step:
    kind: str  # flash | collapse | fall | spawn | clear | deal
    start: float
    dur: float
    values: list[int]  # resting nodes drawn as they are (0 = nothing)
    ghosts: list[bool]
    movers: list[Mover] = field(default_factory=list)
    route: tuple[int, ...] = ()
    target: int = -1
    result: int = 0
    cells: tuple[int, ...] = ()  # spawn/deal/clear cells

    @property
    def end(self) -> float:
        return self.start + self.dur


@dataclass
class Timeline:
    steps: list[Step]
    consistent: bool  # the replayed events reproduced the new state exactly

    @property
    def total(self) -> float:
        return self.steps[-1].end if self.steps else 0.0

    def at(self, t: float) -> tuple[Step, float] | None:
        """The step running at ``t`` ms and its progress 0..1; None once finished."""
        for s in self.steps:
            if t < s.end:
                return s, max(0.0, min(1.0, (t - s.start) / s.dur)) if s.dur > 0 else 1.0
        return None


def _get(e: Any, name: str) -> Any:
    return e[name] if isinstance(e, dict) else getattr(e, name)


def build(
    old_values: tuple[int, ...] | list[int],
    old_ghosts: tuple[int, ...] | list[int],
    events: list[Any],
    new_values: tuple[int, ...] | list[int],
) -> Timeline:
    vals = list(old_values)
    gh = [False] * len(vals)
    for g in old_ghosts:
        gh[g] = True
    steps: list[Step] = []
    clock = 0.0

    def add(step: Step) -> None:
        nonlocal clock
        steps.append(step)
        clock = step.end

    i = 0
    n = len(events)
    while i < n:
        e = events[i]
        kind = _get(e, "kind")
        if kind == "collapse":
            route = tuple(_get(e, "route"))
            target = int(_get(e, "target"))
            result = int(_get(e, "result"))
            if _get(e, "flash"):
                add(Step("flash", clock, FLASH_MS, list(vals), list(gh), route=route, target=target))
            base = list(vals)
            for c in route:
                base[c] = 0
            add(
                Step(
                    "collapse",
                    clock,
                    COLLAPSE_MS,
                    base,
                    list(gh),
                    route=route,
                    target=target,
                    result=result,
                    movers=[Mover(vals[c], gh[c], [c]) for c in route],
                )
            )
            for c in route:
                vals[c] = 0
                gh[c] = False
            vals[target] = result
        elif kind == "fall":
            # group consecutive passes (same settle) into one fall step with per-node paths
            passes = []
            while i < n and _get(events[i], "kind") in ("fall", "breakthrough"):
                if _get(events[i], "kind") == "fall":
                    passes.append(_get(events[i], "moves"))
                i += 1
            i -= 1
            at_cell: dict[int, Mover] = {}
            movers: list[Mover] = []
            first_pass: dict[int, int] = {}
            base = list(vals)
            base_gh = list(gh)
            for p, moves in enumerate(passes):
                arrivals: dict[int, Mover] = {}
                for m in moves:
                    src, dst = int(_get(m, "src")), int(_get(m, "dst"))
                    mv = at_cell.pop(src, None)
                    if mv is None:
                        mv = Mover(vals[src], gh[src], [src])
                        movers.append(mv)
                        first_pass[id(mv)] = p
                        base[src] = 0
                        base_gh[src] = False
                    mv.path.append(dst)
                    arrivals[dst] = mv
                for m in moves:
                    vals[int(_get(m, "src"))] = 0
                    gh[int(_get(m, "src"))] = False
                for m in moves:
                    dst = int(_get(m, "dst"))
                    vals[dst] = int(_get(m, "value"))
                    gh[dst] = bool(_get(m, "ghost"))
                at_cell.update(arrivals)
            dur = 0.0
            for mv in movers:
                mv.delay = PASS_STAGGER_MS * min(first_pass[id(mv)], 6)
                mv.dur = fall_ms(len(mv.path) - 1)
                dur = max(dur, mv.delay + mv.dur)
            if movers:
                add(Step("fall", clock, dur, base, base_gh, movers=movers))
        elif kind == "spawn":
            cell, value = int(_get(e, "node")), int(_get(e, "value"))
            ghost = _get(e, "node_type") == "ghost"
            add(
                Step(
                    "spawn",
                    clock,
                    SPAWN_MS,
                    list(vals),
                    list(gh),
                    cells=(cell,),
                    movers=[Mover(value, ghost, [cell])],
                )
            )
            vals[cell] = value
            gh[cell] = ghost
        elif kind in ("big_bang", "zen_refill"):
            cells = tuple(c for c, v in enumerate(vals) if v)
            add(
                Step(
                    "clear",
                    clock,
                    CLEAR_MS,
                    [0] * len(vals),
                    [False] * len(vals),
                    cells=cells,
                    movers=[Mover(vals[c], gh[c], [c]) for c in cells],
                )
            )
            vals = [0] * len(vals)
            gh = [False] * len(vals)
        elif kind == "deal":
            placed = [(int(c), int(v)) for c, v in _get(e, "nodes")]
            add(
                Step(
                    "deal",
                    clock,
                    DEAL_MS,
                    list(vals),
                    list(gh),
                    cells=tuple(c for c, _ in placed),
                    movers=[Mover(v, False, [c]) for c, v in placed],
                )
            )
            for c, v in placed:
                vals[c] = v
        i += 1
    return Timeline(steps, list(vals) == list(new_values))


def ease_in(p: float) -> float:
    """Falling accelerates."""
    return p * p


def ease_out_back(p: float) -> float:
    """A small overshoot for pops."""
    c = 1.70158
    q = p - 1
    return 1 + (c + 1) * q * q * q + c * q * q
