"""Lv26 "Cantilever" (session 10, issue #26): the committed ★3 hand plan and what it needs.

An overhang of length 4 is held only by a rigid frame five long resting at one end (rules 0.5 load
path, RULES.md 17).  The plan (``tools/floodline/cantilever_plan.py`` ``LV26``) makes it of one
Reinforced L3 against the pier and one Stabilized J4 (the level's Stabilize charge), the J4's foot on
a scaffold outside the beam's row; tilted east the frame rests on the pier.  The level file is
unchanged: the finding is that a player using Stabilize and hold wins ★3 in 5 pieces, where the
greedy beam (``cantilever_plan.solve``) waited 26 pieces for a second Reinforced piece.  The plan is
replayed from its committed solution; the variations replay its inputs (cheap).
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from engine.floodline.campaign import level
from engine.floodline.conditions import spans
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import IDLE, TickInput
from engine.floodline.rules import initial_state, step
from engine.floodline.state import State, Status
from tests.floodline.tilting import solution_ticks
from tools.floodline.necessity import _abilities, _no_material


@cache
def _plan() -> tuple[State, tuple[TickInput, ...]]:
    """The committed solution (``solutions/lv26.json``, written from ``LV26`` by ``cantilever_plan``)
    replayed: seconds, where searching the plan's placements again took ~100 s under load."""
    ticks = solution_ticks(26)
    return _replay(list(ticks)), ticks


def _build() -> list[TickInput]:
    """The plan's inputs before its first tilt."""
    ticks = list(_plan()[1])
    return ticks[: next(i for i, t in enumerate(ticks) if t.tilt is not None)]


def _replay(ticks: list[TickInput], data: dict[str, Any] | None = None) -> State:
    d = data if data is not None else level(26)
    s = initial_state(parse_level(d), int(d["meta"]["seed"]))
    for t in ticks:
        if s.outcome is not None:
            break
        s = step(s, t)
    return s


def _tilts(g: Gravity) -> list[TickInput]:
    return [*[IDLE] * 30, TickInput(tilt=g), *[IDLE] * 30, TickInput(tilt=Gravity.DOWN), *[IDLE] * 30]


def _star3_pieces(value: int) -> dict[str, Any]:
    d = copy.deepcopy(level(26))
    (cond,) = d["stars"]["three"]
    assert cond["metric"] == "piecesUsed"
    cond["value"] = value
    return d


def test_the_plan_wins_three_stars_in_five_pieces_with_one_stabilize() -> None:
    s = _plan()[0]
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
    assert s.metrics["piecesUsed"] == 5 and s.metrics["rotations"] == 2
    assert s.metrics["stabilizesUsed"] == 1 and s.metrics["holdsUsed"] == 2
    assert spans(s.board)[1] == 4
    again = _replay(list(_plan()[1]))
    assert again.outcome == s.outcome


def test_star_three_counts_pieces_at_the_boundary() -> None:
    """★3 is "at most N pieces" (the row's 14): the 5-piece plan earns it at N = 5 and 6, not at 4."""
    ticks = list(_plan()[1])
    outs = {v: _replay(ticks, _star3_pieces(v)).outcome for v in (4, 5, 6)}
    assert all(o is not None and o.status == Status.WON for o in outs.values())
    assert {v: o.stars for v, o in outs.items() if o is not None} == {4: 2, 5: 3, 6: 3}


def test_the_overhang_needs_its_tilts_and_only_the_east_one_holds_it() -> None:
    built = _replay(_build())
    assert built.outcome is None and spans(built.board)[1] == 4  # built, not yet won: no tilt
    east = _replay([*_build(), *_tilts(Gravity.EAST)])
    assert east.outcome is not None and east.outcome.status == Status.WON
    west = _replay([*_build(), *_tilts(Gravity.WEST)])
    assert west.outcome is None or west.outcome.status != Status.WON
    assert spans(west.board)[1] < 4
    ritual = _replay(_tilts(Gravity.EAST))  # the no-piece ritual
    assert ritual.outcome is None or ritual.outcome.status != Status.WON


def test_without_stabilize_the_loose_j4_breaks_off() -> None:
    """No Stabilize charge (the same inputs): the J4's three hanging voxels are loose and break off."""
    s = _replay(list(_plan()[1]), _abilities(stabilizeCharges=0)(copy.deepcopy(level(26))))
    assert s.outcome is None or s.outcome.status != Status.WON
    assert spans(s.board)[1] < 4


def test_without_reinforced_the_beam_does_not_reach_the_pier() -> None:
    """Reinforced drawn as Standard (the same inputs): the L3 is loose, its overhanging voxel breaks
    off and the Stabilized J4 alone is no overhang of 4."""
    data = _no_material("REINFORCED")(copy.deepcopy(level(26)))
    s = _replay(list(_plan()[1]), data)
    assert s.outcome is None or s.outcome.status != Status.WON
    assert spans(s.board)[1] < 4
