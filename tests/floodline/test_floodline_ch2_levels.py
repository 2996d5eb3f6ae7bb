"""Chapter-2 redraws of session 9 (issue #26, ``tools/floodline/redesign_ch2.py``).

Lv12 "Meet the Drain": the pool lies behind a 4-high ridge in the north half and the drain sits high in
the south wall, so water reaches it only while the world is tilted south; it removes 2 units per lock,
so the 40 units take at least 20 pieces.  Drop-only and greedy stacking (which won ★2 in 5 pieces by
pushing the pool onto a floor drain) drain nothing.  Session 16: the supply is 22 pieces (a non-looping
fixed sequence: the session-9 bag's first 22 draws), so two may miss; ``build_tilt`` won the looping bag
★1 in 26 pieces (6 built under DOWN first).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engine.floodline.campaign import level
from engine.floodline.conditions import raw_condition
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput
from engine.floodline.replay import parse_replay, play
from engine.floodline.rules import initial_state, step
from engine.floodline.scoring import metrics_view
from engine.floodline.state import State, Status
from tests.floodline.tilting import solution_ticks
from tests.floodline.tilting import tilt as _tilt

SOLUTIONS = Path(__file__).resolve().parents[2] / "tools" / "floodline" / "solutions"
LV12 = parse_level(level(12))


def _end() -> State:
    return play(LV12, parse_replay((SOLUTIONS / "lv12.json").read_text()))


def test_lv12_drains_only_while_tilted_south() -> None:
    s = initial_state(LV12, LV12.meta.seed)
    down = s
    while down.outcome is None:  # drop-only: the pieces stack up at the spawn, never lifting the pool
        down = step(down, TickInput(hard=True))
    assert down.outcome.status == Status.LOST and down.metrics["waterRemovedTotal"] == 0
    assert down.metrics["piecesUsed"] == 3  # topped out (the lab's drop row: TOP_OUT, 3 pieces)
    south = _tilt(s, Gravity.SOUTH)
    assert south.metrics["waterRemovedTotal"] == 0  # a tilt alone drains nothing (drains act on locks)
    south = step(south, TickInput(hard=True))
    assert south.metrics["waterRemovedTotal"] == 2  # one lock under the south tilt: the drain's rate
    back = step(_tilt(south, Gravity.DOWN), TickInput(hard=True))
    assert back.metrics["waterRemovedTotal"] == 2  # tilted back, the water falls out of the drain's reach


def test_lv12_lasts_at_least_units_over_rate_pieces_and_the_plan_wins_three_stars() -> None:
    units = next(o.units for o in LV12.objectives if o.type == "DRAIN_WATER")
    rate = max(c.rate for c in LV12.cells if c.type == "DRAIN")
    assert units // rate == 20  # chapter 2: no win in fewer than 20 pieces, whatever the player does
    end = _end()
    assert end.outcome is not None and end.outcome.status == Status.WON and end.outcome.stars == 3
    assert end.metrics["piecesUsed"] == 20 and end.metrics["rotations"] == 1
    assert json.loads((SOLUTIONS / "index.json").read_text())["lv12"]["stars"] == 3


@pytest.mark.parametrize(("pieces", "holds"), [(20, True), (21, True), (22, False)])
def test_lv12_two_stars_at_most_21_pieces(pieces: int, holds: bool) -> None:
    end = _end()
    (cond,) = LV12.stars.two
    mv = {**metrics_view(end), "piecesUsed": pieces}
    assert raw_condition(cond, end.board, end.gravity, mv) is holds


@pytest.mark.parametrize(("tilts", "holds"), [(0, True), (1, True), (2, False)])
def test_lv12_three_stars_at_most_one_tilt(tilts: int, holds: bool) -> None:
    end = _end()
    (cond,) = LV12.stars.three
    mv = {**metrics_view(end), "rotations": tilts}
    assert raw_condition(cond, end.board, end.gravity, mv) is holds


def test_lv12_supply_is_22_pieces_not_looped() -> None:
    from tools.floodline.redesign_ch2 import LV12_SUPPLY

    assert LV12.bag.type == "FIXED_SEQUENCE" and not LV12.bag.loop
    assert len(LV12.bag.sequence) == LV12_SUPPLY == 22


@pytest.mark.parametrize(("supply", "won"), [(19, False), (20, True), (21, True)])
def test_lv12_the_plan_needs_twenty_of_the_supply(supply: int, won: bool) -> None:
    """The committed plan's inputs on the same level cut to ``supply`` pieces: one short runs out."""
    d = copy.deepcopy(level(12))
    d["bag"]["sequence"] = d["bag"]["sequence"][:supply]
    s = initial_state(parse_level(d), LV12.meta.seed)
    for t in solution_ticks(12):
        if s.outcome is not None:
            break
        s = step(s, t)
    assert s.outcome is not None and (s.outcome.status == Status.WON) is won
    if not won:
        assert s.outcome.reason.value == "OUT_OF_PIECES"


@pytest.mark.parametrize("strategy", ["random", "drop", "tilt_drop"])
def test_lv12_the_fast_cheap_strategies_lose(strategy: str) -> None:
    """The family's fast members on Lv12 (the lab plays the rest: build_tilt OUT_OF_PIECES at 22, 0.79)."""
    from tools.playtest.floodline_family import play

    r = play(strategy, 12, LV12.meta.seed, 30)
    assert not r["won"] and r["pieces"] <= 22
