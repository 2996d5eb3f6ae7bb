"""Floodline lab drivers (issue #26): the fast load-path check is the engine's, the table and
necessity drivers play what they are asked, and a stripped mechanic leaves the rest of the level as it was."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from engine.floodline import conditions, solids
from engine.floodline.board import Board, Kind
from engine.floodline.campaign import level
from engine.floodline.geometry import Gravity
from tools.floodline import fast
from tools.floodline.necessity import _no_material
from tools.floodline.necessity_plans import MECHANICS, needs_tilts, present
from tools.playtest import floodline_table as table


def _random_board(rng: random.Random) -> Board:
    b = Board(5, 7, 4)
    kinds = [Kind.EMPTY] * 5 + [Kind.SOLID] * 4 + [Kind.WATER, Kind.WALL, Kind.POROUS, Kind.ICE]
    for i in range(len(b.kind)):
        k = rng.choice(kinds)
        b.kind[i] = int(k)
        if k == Kind.SOLID and rng.random() < 0.3:
            b.anchor[i] = -1
    return b


def test_fast_held_cells_is_the_engines_on_random_boards() -> None:
    rng = random.Random(7)
    for _ in range(300):
        b = _random_board(rng)
        b.open_faces = frozenset(rng.sample(list(Gravity), rng.randrange(3)))
        g = rng.choice([Gravity.DOWN, Gravity.EAST, Gravity.WEST, Gravity.NORTH, Gravity.SOUTH])
        piece = frozenset(rng.sample(range(len(b.kind)), 3))
        assert fast.held_cells(b, g, piece) == fast._ORIGINAL(b, g, piece)
        assert fast.spans(b) == fast._ORIGINAL_SPANS(b)


def test_fast_spans_finds_the_bridge_and_the_overhang() -> None:
    b = Board(6, 3, 2)
    for x in range(6):
        b.kind[b.frame.index(x, 1, 0)] = int(Kind.SOLID)  # a beam at y = 1 ...
    b.kind[b.frame.index(0, 0, 0)] = int(Kind.WALL)  # ... on a pillar at x = 0 only: overhang 5
    assert fast.spans(b) == fast._ORIGINAL_SPANS(b) == (0, 5)
    b.kind[b.frame.index(5, 0, 0)] = int(Kind.WALL)  # and at x = 5: a bridge gap of 4
    assert fast.spans(b) == fast._ORIGINAL_SPANS(b) == (4, 0)


def test_fast_check_installs_only_over_the_version_it_mirrors(monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        assert fast.install() == (fast.engine_sha() == fast.ENGINE_SOURCE_SHA)
        monkeypatch.setattr(fast, "ENGINE_SOURCE_SHA", "changed")
        monkeypatch.setattr(fast, "SPANS_SOURCE_SHA", "changed")
        fast.uninstall()
        assert not fast.install() and solids.held_cells is fast._ORIGINAL
        assert conditions.spans is fast._ORIGINAL_SPANS
    finally:
        fast.uninstall()


def test_levels_spec_and_caps() -> None:
    assert table.parse_levels("21-23,2") == [21, 22, 23, 2]
    assert table.parse_levels("29-31") == [29, 30]  # no level 31
    assert table.cap_for(30) >= table.solution_pieces(30) + 10 >= 50  # never cut before the solution
    assert table.cap_for(1) == table.BASE_PIECES


def test_cell_says_won_or_how_close() -> None:
    won = {"won": True, "stars": 2, "pieces": 9, "progress": 1.0, "reason": "x"}
    lost = {"won": False, "stars": 0, "pieces": 40, "progress": 0.5, "end_progress": 0.25, "reason": "stuck"}
    assert table.cell([won, lost]) == "WON 2★ 1/2 9p"
    assert table.cell([lost]) == "0.25 stuck 40p"
    assert table.cell([]) == "not run"


def test_no_heavy_keeps_the_other_materials_as_often() -> None:
    d = _no_material("HEAVY")(copy.deepcopy(level(22)))
    mats = d["bag"]["materials"]
    before = level(22)["bag"]["materials"]
    assert "HEAVY" not in mats and sum(mats.values()) == sum(before.values())
    assert mats["REINFORCED"] == before["REINFORCED"]


def test_mechanics_present_and_stripped() -> None:
    assert "reinforced" in present(21) and "heavy" not in present(21) and "tilts" in present(21)
    assert needs_tilts(level(21))
    d = MECHANICS["tilts"][1](copy.deepcopy(level(21)))
    assert not MECHANICS["tilts"][0](d)
    d = MECHANICS["drains"][1](copy.deepcopy(level(12)))
    assert not MECHANICS["drains"][0](d) and MECHANICS["drains"][0](level(12))


def test_cached_only_plays_nothing_and_reads_what_is_stored(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tools.playtest import floodline_cache

    monkeypatch.setenv("FLOODLINE_LAB_CACHE", str(tmp_path / "c.jsonl"))
    monkeypatch.setattr(floodline_cache, "_MEMO", {})
    assert table.job("drop", 2, 0, 40, cached_only=True) is None  # nothing stored: not played
    floodline_cache.store(floodline_cache.key("drop", 2, 0, 40), {"won": False, "pieces": 3})
    assert table.job("drop", 2, 0, 40, cached_only=True) == {"won": False, "pieces": 3, "cached": True}
