"""Lv9 "Cavity Bonus" (session 9, issue #26; RULES.md 59): a vault of volume 3 against the east WALL plate.

All four sides are open; a WALL plate stands at x = 7, z = 1..6, 10 high.  A cavity cell needs its roof
held under DOWN and its west neighbour held under the east tilt (rules 0.5 load path, RULES.md 17: a
Standard voxel over an empty cell, or beside one along gravity, breaks off), so the vault's west wall and
roof must be one Reinforced frame; its ends rest on the plate.  The tests replay the committed solution
(written by ``python -m tools.floodline.target_plans lv09 --write``) and variations of its moves.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from engine.floodline.campaign import level
from engine.floodline.level import parse_level
from engine.floodline.moves import parse_move
from engine.floodline.rules import initial_state
from engine.floodline.state import Reason, State, Status
from tools.floodline.necessity import _no_material
from tools.floodline.solve_levels import _run
from tools.floodline.target_plans import LV09, place

SOLUTION = Path(__file__).resolve().parents[2] / "tools" / "floodline" / "solutions" / "lv09.json"
MOVES: list[str] = json.loads(SOLUTION.read_text())["inputs"]
BUILT = MOVES[: MOVES.index("tE")]  # the vault and the tower, before the tilt
WEST_DROP = ["mx-", ".", "mx-", "d"]  # one more piece, dropped two cells west of the spawn


def _play(moves: list[str], data: dict[str, object] | None = None) -> State:
    lv = parse_level(data if data is not None else level(9))
    s = initial_state(lv, lv.meta.seed)
    for t in moves:
        mv = parse_move(t)
        s = _run(s, [mv.once()] * mv.repeat)
    return s


def test_the_solution_wins_three_stars_in_eleven_pieces_losing_nothing() -> None:
    s = _play(MOVES)
    assert s.outcome is not None and s.outcome.status == Status.WON and s.outcome.stars == 3
    assert s.metrics["piecesUsed"] == 11 and s.metrics["lostVoxelsTotal"] == 0


@pytest.mark.parametrize(("extra", "stars"), [(0, 3), (1, 3), (2, 2)])
def test_star_three_is_at_most_twelve_pieces(extra: int, stars: int) -> None:
    """★3 "≤ 12 pieces" (on top of ★2: cavity + height 10): 11 and 12 pieces keep it, 13 do not."""
    s = _play([*BUILT, *(WEST_DROP * extra), "tE"])
    assert s.outcome is not None and s.outcome.status == Status.WON
    assert s.metrics["piecesUsed"] == 11 + extra and s.outcome.stars == stars


def test_the_vault_needs_its_tilt_and_only_the_east_one_holds_it() -> None:
    built = _play(BUILT)
    assert built.outcome is None  # the vault stands, no tilt yet: no win
    west = _play([*BUILT, "tW"])
    assert west.outcome is not None and west.outcome.status == Status.LOST
    assert west.outcome.reason == Reason.COLLAPSE
    ritual = _play(["tE", ".*30", "tD"])  # the no-piece ritual
    assert ritual.outcome is None or ritual.outcome.status != Status.WON


def test_without_reinforced_the_roof_cannot_hang_over_the_cavity() -> None:
    """The plan's first piece (an L3 whose top voxel roofs the cavity cell) lands on those cells only as
    a Reinforced frame; drawn Standard, the roof voxel breaks off (no placement gives those cells)."""
    first = LV09[0]
    assert not isinstance(first, str)
    lv = parse_level(level(9))
    s = initial_state(lv, lv.meta.seed)
    assert place(s, first)  # Reinforced: it lands
    stripped = parse_level(_no_material("REINFORCED")(copy.deepcopy(level(9))))
    with pytest.raises(ValueError, match="cannot land"):
        place(initial_state(stripped, stripped.meta.seed), first)
