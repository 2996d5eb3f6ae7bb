"""Lv26 "Cantilever" (session 14, issue #26): an overhang 8 long, its committed ★3 plan and what it needs.

An overhang of length 8 is held only by a rigid frame nine long resting at one end (rules 0.5 load
path, RULES.md 17).  The plan (``tools/floodline/cantilever_plan.py`` ``LV26``) builds the beam, row
y = 1, z = 4, x = 0..8, of the bag's first three Reinforced pieces (the L3 drawn 5th, against the pier;
the S4 drawn 18th; the P5 drawn 26th) and one Stabilized J4 (the level's charge); the first piece goes
to the hold slot for good, so the 26th drawn piece is the 25th locked (★3 ≤ 25 pieces, ★2 ≤ 32).  The
plan is replayed from its committed solution (a witness, not a search); the variations replay its
inputs with a level field changed or with pieces thrown away to the north with plain taps (cheap).
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from engine.floodline.board import Kind
from engine.floodline.campaign import level
from engine.floodline.conditions import spans
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import IDLE, TickInput
from engine.floodline.rules import initial_state
from engine.floodline.state import State, Status
from tests.floodline.tilting import replay, solution_ticks
from tools.floodline.necessity import _abilities, _no_material
from tools.floodline.plan_solver import _moves

LENGTH = 8  # the objective's overhang


@cache
def _plan() -> tuple[State, tuple[TickInput, ...]]:
    """The committed solution (``solutions/lv26.json``, written from ``LV26`` by ``cantilever_plan``)
    replayed: well under a second, where searching the plan's placements again takes minutes."""
    ticks = solution_ticks(26)
    return replay(26, list(ticks)), ticks


def _build() -> list[TickInput]:
    """The plan's inputs before its first tilt (the beam whole, 25 pieces locked)."""
    ticks = list(_plan()[1])
    return ticks[: next(i for i, t in enumerate(ticks) if t.tilt is not None)]


def _tilts(g: Gravity) -> list[TickInput]:
    return [*[IDLE] * 30, TickInput(tilt=g), *[IDLE] * 30, TickInput(tilt=Gravity.DOWN), *[IDLE] * 30]


def _solids(s: State) -> set[int]:
    return {i for i, k in enumerate(s.board.kind) if k == Kind.SOLID}


def _throw(s: State) -> State:
    """The active piece tapped north (and east or west) and hard-dropped so that every new voxel lies
    at z >= 7, away from the beam's row: a piece thrown away, as a player wastes one."""
    f = s.board.frame
    before = _solids(s)
    for dz in range(1, 10):
        for dx in (0, -3, 3, -5, 5, -2, 2):
            res = replay(26, [*_moves((dx, 0, dz)), TickInput(hard=True)], s=s)
            new = _solids(res) - before
            if res.outcome is None and new and all(f.zs[i] >= 7 for i in new):
                return res
    raise AssertionError("nowhere to throw")


def _with(stars: str, value: int) -> dict[str, Any]:
    """Lv26 with its ★2 or ★3 piece count set to ``value``."""
    d = copy.deepcopy(level(26))
    (cond,) = d["stars"][stars]
    assert cond["metric"] == "piecesUsed"
    cond["value"] = value
    return d


def test_the_level_asks_for_an_overhang_of_eight_in_at_most_25_pieces() -> None:
    d = level(26)
    (obj,) = d["objectives"]
    assert obj["type"] == "OVERHANG" and obj["length"] == LENGTH and obj["surviveTilts"] == 2
    assert d["stars"]["three"][0]["value"] == 25 and d["stars"]["two"][0]["value"] == 32


def test_the_plan_wins_three_stars_in_25_pieces_with_one_stabilize_and_one_hold() -> None:
    s = _plan()[0]
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
    assert s.metrics["piecesUsed"] == 25 and s.metrics["rotations"] == 2
    assert s.metrics["stabilizesUsed"] == 1 and s.metrics["holdsUsed"] == 1
    assert spans(s.board)[1] >= LENGTH


def test_star_three_counts_pieces_at_the_boundary() -> None:
    """★3 is "at most N pieces": the 25-piece plan earns it at N = 25 and 26, not at 24."""
    ticks = list(_plan()[1])
    outs = {v: replay(26, ticks, _with("three", v)).outcome for v in (24, 25, 26)}
    assert all(o is not None and o.status == Status.WON for o in outs.values())
    assert {v: o.stars for v, o in outs.items() if o is not None} == {24: 2, 25: 3, 26: 3}


def test_star_two_counts_pieces_at_the_boundary() -> None:
    """The beam built, 7 or 8 pieces thrown away to the north, then the tilts: 32 pieces earn ★2,
    33 only ★1 (the beam and the win are the same)."""
    built = replay(26, _build())
    assert built.outcome is None and built.metrics["piecesUsed"] == 25
    stars = {}
    s = built
    for extra in range(1, 9):
        s = _throw(s)
        if extra >= 7:
            end = replay(26, _tilts(Gravity.EAST), s=s)
            assert end.outcome is not None and end.outcome.status == Status.WON
            stars[end.metrics["piecesUsed"]] = end.outcome.stars
    assert stars == {32: 2, 33: 1}


def test_without_hold_the_first_piece_locks_and_the_plan_takes_26_pieces() -> None:
    """No hold slot: the Z4 the plan keeps in it must lock (thrown north), so the P5 that closes the
    beam is the 26th piece locked: ★2, not ★3 (the first 25 draws hold two Reinforced pieces, the L3
    and the S4, 2 + 2 cells of the row, and the one Stabilize 3 more: 7 < 9)."""
    ticks = list(_plan()[1])
    assert ticks[0].hold
    data = _abilities(hold=False)(copy.deepcopy(level(26)))
    s = _throw(initial_state(parse_level(data), int(data["meta"]["seed"])))
    end = replay(26, ticks[1:], s=s)
    assert end.outcome is not None and end.outcome.status == Status.WON
    assert end.metrics["piecesUsed"] == 26 and end.outcome.stars == 2


def test_the_overhang_needs_its_tilts_and_only_the_east_one_holds_it() -> None:
    built = replay(26, _build())
    assert built.outcome is None and spans(built.board)[1] >= LENGTH  # built, not yet won: no tilt
    east = replay(26, [*_build(), *_tilts(Gravity.EAST)])
    assert east.outcome is not None and east.outcome.status == Status.WON
    west = replay(26, [*_build(), *_tilts(Gravity.WEST)])
    assert west.outcome is None or west.outcome.status != Status.WON
    assert spans(west.board)[1] < LENGTH
    ritual = replay(26, _tilts(Gravity.EAST))  # the no-piece ritual
    assert ritual.outcome is None or ritual.outcome.status != Status.WON


def test_without_stabilize_the_loose_j4_breaks_off() -> None:
    """No Stabilize charge (the same inputs): the J4 at the beam's west end is loose and breaks off."""
    s = replay(26, list(_plan()[1]), _abilities(stabilizeCharges=0)(copy.deepcopy(level(26))))
    assert s.outcome is None or s.outcome.status != Status.WON
    assert spans(s.board)[1] < LENGTH


def test_without_reinforced_the_beam_does_not_hold() -> None:
    """Reinforced drawn as Standard (the same inputs): the L3, S4 and P5 are loose and the beam
    breaks; the Stabilized J4 alone is no overhang of 8."""
    data = _no_material("REINFORCED")(copy.deepcopy(level(26)))
    s = replay(26, list(_plan()[1]), data)
    assert s.outcome is None or s.outcome.status != Status.WON
    assert spans(s.board)[1] < LENGTH
