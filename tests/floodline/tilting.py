"""Test helpers shared by the level tests: tilt the world once the tilt cooldown has run out; replay a
level's committed solution (or any ticks) on the level or a changed copy of it; the bag's masses."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from engine.floodline.bag import draw, new_bag
from engine.floodline.board import MASS
from engine.floodline.campaign import level
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import IDLE, TickInput, parse_move
from engine.floodline.pieces import PIECES
from engine.floodline.replay import parse_replay
from engine.floodline.rules import initial_state, step
from engine.floodline.state import State

SOLUTIONS = Path(__file__).resolve().parents[2] / "tools" / "floodline" / "solutions"


def tilt(s: State, g: Gravity) -> State:
    """Wait out the cooldown, tilt to ``g`` and check the tilt was taken."""
    while s.cooldown > 0:
        s = step(s, IDLE)
    s = step(s, TickInput(tilt=g))
    assert s.gravity == g
    return s


def solution_moves(n: int) -> list[str]:
    """The move texts of level ``n``'s committed solution (``tools/floodline/solutions/lvNN.json``)."""
    return list(parse_replay((SOLUTIONS / f"lv{n:02d}.json").read_text()).inputs)


def ticks(moves: list[str]) -> list[TickInput]:
    """Move texts as tick inputs (a repeated move, e.g. ``"d*3"``, as its ticks)."""
    out: list[TickInput] = []
    for text in moves:
        mv = parse_move(text)
        out += [mv.once()] * mv.repeat
    return out


@cache
def solution_ticks(n: int) -> tuple[TickInput, ...]:
    """The tick inputs of level ``n``'s committed solution."""
    return tuple(ticks(solution_moves(n)))


def play_moves(n: int, moves: list[str]) -> State:
    """``moves`` (move texts) played on campaign level ``n`` from its start, until the game ends."""
    lv = parse_level(level(n))
    s = initial_state(lv, lv.meta.seed)
    for t in ticks(moves):
        if s.outcome is not None:
            break
        s = step(s, t)
    return s


def play_with_budget(n: int, budget: int | None) -> State:
    """Level ``n``'s committed solution played on the level with ``tiltBudget: budget`` (None: no
    budget), until the game ends or the inputs run out."""
    d = copy.deepcopy(level(n))
    if budget is None:
        d.pop("rotation", None)
    else:
        d["rotation"] = {"tiltBudget": budget}
    s = initial_state(parse_level(d), int(d["meta"]["seed"]))
    for t in solution_ticks(n):
        if s.outcome is not None:
            break
        s = step(s, t)
    return s


def replay(
    n: int, ticks: Iterable[TickInput], data: dict[str, Any] | None = None, s: State | None = None
) -> State:
    """Play ``ticks`` until the run ends: on level ``n`` (or ``data``, a changed copy of it) from its
    start, or on from state ``s``."""
    if s is None:
        d = data if data is not None else level(n)
        s = initial_state(parse_level(d), int(d["meta"]["seed"]))
    for t in ticks:
        if s.outcome is not None:
            break
        s = step(s, t)
    return s


def with_max_mass(n: int, value: int) -> dict[str, Any]:
    """Level ``n`` with its weight limit set to ``value``."""
    d = copy.deepcopy(level(n))
    d["constraints"]["maxMass"] = value
    return d


def draw_masses(n: int, count: int) -> list[int]:
    """The mass of each of the first ``count`` pieces level ``n``'s bag draws (no play)."""
    d = level(n)
    lv = parse_level(d)
    st = new_bag(int(d["meta"]["seed"]))
    out = []
    for _ in range(count):
        (pid, mat), st = draw(lv.bag, st)  # type: ignore[misc]
        out.append(len(PIECES[pid]) * MASS[mat])
    return out
