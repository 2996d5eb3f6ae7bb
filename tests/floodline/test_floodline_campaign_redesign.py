"""Issue #26 redesigns: the level's idea is necessary and the level lasts (tools/floodline/redesign.py).

Lv13 "Dig a Channel": the drain sits high in the east wall, so water reaches it only while the world is
tilted east; it removes 2 units per lock, so the objective takes at least units / 2 pieces.
"""

from __future__ import annotations

import json
from pathlib import Path

from engine.floodline.board import Kind
from engine.floodline.campaign import level
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput
from engine.floodline.replay import parse_replay, play
from engine.floodline.rules import initial_state, step
from engine.floodline.state import State
from tests.floodline.tilting import tilt as _tilt

SOLUTIONS = Path(__file__).resolve().parents[2] / "tools" / "floodline" / "solutions"
LV13 = parse_level(level(13))


def test_lv13_drains_only_while_tilted_east() -> None:
    s = initial_state(LV13, LV13.meta.seed)
    down = step(s, TickInput(hard=True))
    assert down.metrics["waterRemovedTotal"] == 0  # the pool never reaches a drain under gravity DOWN
    east = _tilt(s, Gravity.EAST)
    assert east.metrics["waterRemovedTotal"] == 0  # a tilt alone drains nothing (drains act on locks)
    east = step(east, TickInput(hard=True))
    assert east.metrics["waterRemovedTotal"] == 2  # one lock under the east tilt: the drain's rate
    back = _tilt(east, Gravity.DOWN)
    back = step(back, TickInput(hard=True))
    assert back.metrics["waterRemovedTotal"] == 2  # poured, then tilted back: the floor water is out of reach


def test_lv13_lasts_at_least_units_over_rate_pieces() -> None:
    units = next(o.units for o in LV13.objectives if o.type == "DRAIN_WATER")
    rate = max(c.rate for c in LV13.cells if c.type == "DRAIN")
    assert units // rate >= 20  # chapter 2: no win in fewer than 20 pieces, whatever the player does
    end = play(LV13, parse_replay((SOLUTIONS / "lv13.json").read_text()))
    assert end.outcome is not None and end.outcome.status.value == "WON"
    assert end.metrics["piecesUsed"] >= units // rate
    assert json.loads((SOLUTIONS / "index.json").read_text())["lv13"]["stars"] == 3


LV14 = parse_level(level(14))


def _sides(s: State) -> tuple[int, int]:
    """Water units west (big basin) and east (the drain's narrow basin) of the divider x = 7."""
    f = s.board.frame
    xs = [f.xs[i] for i in s.board.indices(Kind.WATER)]
    return sum(x < 7 for x in xs), sum(x > 7 for x in xs)


def test_lv14_drains_only_tilted_south_and_needs_the_big_basin() -> None:
    s = initial_state(LV14, LV14.meta.seed)
    assert step(s, TickInput(hard=True)).metrics["waterRemovedTotal"] == 0  # gravity DOWN: out of reach
    south = _tilt(s, Gravity.SOUTH)
    big, narrow = _sides(south)
    units = next(o.units for o in LV14.objectives if o.type == "DRAIN_WATER")
    assert narrow < units  # the drain's own basin alone holds less than the objective
    locked = step(south, TickInput(hard=True))
    assert locked.metrics["waterRemovedTotal"] == 2
    # rules 0.4 (RULES.md 23a): the big basin's water stays in it while the world stays south (the
    # global fill of rules 0.3 refilled the drain's basin from it: narrow stayed at its first count)
    assert _sides(locked) == (big, narrow - 2)


def test_lv14_the_gap_along_the_north_wall_brings_more_water() -> None:
    s = _tilt(initial_state(LV14, LV14.meta.seed), Gravity.SOUTH)
    for _ in range(3):
        s = step(s, TickInput(hard=True))
    _, narrow = _sides(s)
    north = _tilt(_tilt(s, Gravity.DOWN), Gravity.NORTH)  # a half turn goes through DOWN
    again = _tilt(_tilt(north, Gravity.DOWN), Gravity.SOUTH)  # along the north wall, through the gap, back
    assert _sides(again)[1] > narrow


def test_lv14_lasts_at_least_units_over_rate_pieces() -> None:
    units = next(o.units for o in LV14.objectives if o.type == "DRAIN_WATER")
    rate = max(c.rate for c in LV14.cells if c.type == "DRAIN")
    assert units // rate >= 30
    end = play(LV14, parse_replay((SOLUTIONS / "lv14.json").read_text()))
    assert end.outcome is not None and end.outcome.status.value == "WON"
    assert end.metrics["piecesUsed"] >= units // rate
