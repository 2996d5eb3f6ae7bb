"""Lv4 "Unsupported" (session 8, issue #26; RULES.md 55): three Reinforced cranes, braced by rows of blocks.

Each crane (a Reinforced frame: a foot in its lane, a riser and a beam reaching the open east face)
is held under an east tilt only through a row of blocks from its foot to the wall stub at the lane's
east end (rules 0.5 load path, RULES.md 17).  Every empty lane cell lets the crane slide one cell
further and push one beam voxel out of the open face, so the loss is the count of empty lane cells
(plus any voxel off the lanes): 18 lane cells, at most 3 per piece, a 5-lost limit.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from engine.floodline.level import parse_level
from engine.floodline.rules import initial_state
from engine.floodline.state import Reason, State, Status
from tools.floodline.solve_levels import _run
from tools.floodline.target_plans import LV04, place

ROOT = Path(__file__).resolve().parents[2]
LEVEL = parse_level(json.loads((ROOT / "engine" / "floodline" / "levels" / "lv04.json").read_text()))


@cache
def _placed(pieces: int) -> State:
    """The state after the first ``pieces`` placements of the committed plan (each built on the
    previous one: finding a placement's moves is the slow part, so no prefix is searched twice)."""
    if pieces == 0:
        return initial_state(LEVEL, LEVEL.meta.seed)
    cells = [st for st in LV04 if not isinstance(st, str)][pieces - 1]
    s = _placed(pieces - 1)
    return _run(s, place(s, cells))


def _after(pieces: int, tilts: tuple[str, ...] = ("tE", "tD")) -> State:
    """The first ``pieces`` placements of the committed plan, then ``tilts``."""
    from engine.floodline.moves import parse_move

    s = _placed(pieces)
    for t in tilts:
        s = _run(s, [parse_move(t)])
    return s


def test_no_piece_and_one_piece_rituals_lose() -> None:
    for n in (0, 1):
        for first in ("tE", "tW"):
            s = _after(n, (first, "tD"))
            assert s.outcome is not None and s.outcome.status == Status.LOST, (n, first)
            assert s.outcome.reason == Reason.COLLAPSE and s.metrics["lostVoxelsTotal"] > 5


def test_each_empty_lane_cell_loses_one_beam_voxel() -> None:
    """4 pieces (12 of 18 lane cells): 6 empty + the T's top = 7 lost, COLLAPSE; 5 pieces: 3 empty + 1
    = 4 lost, won ★2 (the row has no ★2 condition); 6 pieces: 0 empty + 1 = 1 lost, ★3 (its limit is 1)."""
    four = _after(4)
    assert four.metrics["lostVoxelsTotal"] == 7
    assert four.outcome is not None and four.outcome.status == Status.LOST
    five = _after(5)
    assert five.metrics["lostVoxelsTotal"] == 4
    assert five.outcome is not None and five.outcome.status == Status.WON and five.outcome.stars == 2
    six = _after(6)
    assert six.metrics["lostVoxelsTotal"] == 1
    assert six.outcome is not None and six.outcome.status == Status.WON and six.outcome.stars == 3


def test_a_west_tilt_loses_even_when_braced() -> None:
    """The stubs are on the east side only: tilted west, every crane slides out of the open face."""
    s = _after(6, ("tW", "tD"))
    assert s.outcome is not None and s.outcome.status == Status.LOST
    assert s.outcome.reason == Reason.COLLAPSE
