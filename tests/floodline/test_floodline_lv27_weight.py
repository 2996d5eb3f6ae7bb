"""Lv27 "Tight Budget" (session 14, issue #26): a weight limit that only a Stabilized spine meets.

Uncapped, the lab's cheap "park" (every piece at the highest spot a tilt loses nothing from) won the
level ★3 in 24 pieces: the bag's Reinforced pieces alone reach height 24 by the 24th draw.  The
level now has a weight limit of 124 (the first 21 draws weigh 124, 22 weigh 132): a play that locks
every piece it draws can lock at most 21, and the committed plan (``tools/floodline/park_plan.py``:
park's placements heading north, plus the level's one Stabilize on the L4 drawn 4th) reaches height
25 with its 21st piece.  The plan is replayed from its committed solution (a witness, not a search).
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from engine.floodline.bag import draw, new_bag
from engine.floodline.board import MASS
from engine.floodline.campaign import level
from engine.floodline.conditions import stack_height
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput
from engine.floodline.pieces import PIECES
from engine.floodline.rules import initial_state, step
from engine.floodline.state import State, Status
from tests.floodline.tilting import solution_ticks
from tools.floodline.necessity import _abilities

CAP = 124


def _replay(ticks: list[TickInput], data: dict[str, Any] | None = None) -> State:
    d = data if data is not None else level(27)
    s = initial_state(parse_level(d), int(d["meta"]["seed"]))
    for t in ticks:
        if s.outcome is not None:
            break
        s = step(s, t)
    return s


@cache
def _plan() -> tuple[State, tuple[TickInput, ...]]:
    ticks = solution_ticks(27)
    return _replay(list(ticks)), ticks


def _cap(value: int) -> dict[str, Any]:
    d = copy.deepcopy(level(27))
    d["constraints"]["maxMass"] = value
    return d


def _draw_masses(n: int) -> list[int]:
    """The mass of each of the first ``n`` pieces the bag draws (pieces and materials, no play)."""
    d = level(27)
    lv = parse_level(d)
    st = new_bag(int(d["meta"]["seed"]))
    out = []
    for _ in range(n):
        (pid, mat), st = draw(lv.bag, st)  # type: ignore[misc]
        out.append(len(PIECES[pid]) * MASS[mat])
    return out


def test_the_level_has_the_weight_limit_and_the_rows_tilt_budget() -> None:
    lv = parse_level(level(27))
    assert lv.constraints.max_mass == CAP
    assert lv.rotation.tilt_budget == 6 and lv.abilities.stabilize_charges == 1 and lv.abilities.hold


def test_the_plan_wins_three_stars_in_21_pieces_at_the_limit_with_one_stabilize() -> None:
    s = _plan()[0]
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
    assert s.metrics["piecesUsed"] == 21 and s.metrics["massPlaced"] == CAP
    assert s.metrics["stabilizesUsed"] == 1
    assert stack_height(s.board) >= 24


def test_the_weight_limit_at_its_boundary() -> None:
    """The same inputs: won at 124 and 125, WEIGHT_EXCEEDED at 123 (the 21st piece crosses it)."""
    ticks = list(_plan()[1])
    outs = {v: _replay(ticks, _cap(v)).outcome for v in (CAP - 1, CAP, CAP + 1)}
    assert all(o is not None for o in outs.values())
    assert {v: o.status for v, o in outs.items() if o is not None} == {
        CAP - 1: Status.LOST,
        CAP: Status.WON,
        CAP + 1: Status.WON,
    }
    lost = outs[CAP - 1]
    assert lost is not None and lost.reason.value == "WEIGHT_EXCEEDED"


def test_the_bag_allows_21_locked_pieces_or_22_with_one_held() -> None:
    """Bag arithmetic (no play): the first 21 draws weigh 124, the first 22 weigh 132 (park's uncapped
    win locked 24, 140).  With one piece kept in the hold slot for good, the 23 first draws less the
    heaviest still weigh 125: no play reaches the 23rd draw (the L3 Reinforced) under the limit."""
    m = _draw_masses(24)
    assert sum(m[:21]) == CAP and sum(m[:22]) > CAP and sum(m[:24]) == 140
    assert sum(m[:22]) - max(m[:22]) <= CAP < sum(m[:23]) - max(m[:23])


def test_without_stabilize_the_plan_does_not_win() -> None:
    """No Stabilize charge (the same inputs): the L4 drawn 4th is loose, the tower falls short."""
    s = _replay(list(_plan()[1]), _abilities(stabilizeCharges=0)(copy.deepcopy(level(27))))
    assert s.outcome is None or s.outcome.status != Status.WON
