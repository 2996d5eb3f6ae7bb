"""Endless mode (issue #26, RULES.md E1-E5): full world layers clear (BlockOut), lakes held up by the
player's blocks evaporate and pay by their size (Wetrix), seeded rain that grows, and a flood line;
each rule at its boundary (value - 1, value, value + 1)."""

from __future__ import annotations

from typing import Any

import pytest
from floodline_util import cells, run, start

from engine.floodline.board import Kind
from engine.floodline.endless import clear_layers, endless_level, full_layers, lakes, rain_column, status
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput
from engine.floodline.rules import initial_state, step
from engine.floodline.state import METRIC_KEYS, Reason

BOX = {"size": [4, 4], "height": 10, "heightLimit": 8}
O2 = {"type": "FIXED_SEQUENCE", "sequence": ["O2"] * 20}
CLEAR = {"type": "LAYER_CLEAR", "everyPieces": 1, "score": 100}


def solid(a: list[int], b: list[int]) -> dict[str, Any]:
    return {"pos": a, "to": b, "type": "SOLID"}


def corner_drop(s: Any) -> Any:
    """The O2 (spawned over x, z = 1..2) moved to x, z = 2..3 and hard-dropped."""
    return run(s, "mx+", ".", "mz+", ".", "d")


def open_corner(extra: list[dict[str, Any]] | None = None, **kw: Any) -> Any:
    """Layer 0 solid except the 2x2 corner x, z = 2..3 (12 of 16 cells), a block on top at (0, 1, 0)."""
    layer0 = [solid([0, 0, 0], [3, 0, 1]), solid([0, 0, 2], [1, 0, 3])]
    return start(board=BOX, bag=O2, cells=layer0 + [solid([0, 1, 0], [0, 1, 0])] + (extra or []), **kw)


def test_a_full_layer_clears_and_what_stood_on_it_settles() -> None:
    s = open_corner(mutators=[CLEAR])
    assert full_layers(s.board) == []  # 12 of 16: nothing to clear
    s = corner_drop(s)
    assert s.metrics["layersCleared"] == 1 and s.metrics["score"] == 4 * 10 + 100
    assert cells(s.board, Kind.SOLID) == [(0, 0, 0)]  # the block on top fell into the cleared layer


I3 = {"type": "FIXED_SEQUENCE", "sequence": ["I3"] * 5}


def slot_drop(gap: int, extra: list[dict[str, Any]] | None = None) -> Any:
    """Layer 0 solid but for the last ``gap`` cells of row z = 3; a flat I3 dropped into x = 1..3, z = 3."""
    layer0 = [solid([0, 0, 0], [3, 0, 2])] + ([solid([0, 0, 3], [3 - gap, 0, 3])] if gap < 4 else [])
    s = start(board=BOX, bag=I3, mutators=[CLEAR], cells=layer0 + (extra or []))
    return run(s, "mx+", ".", "mz+", ".", "mz+", ".", "d")


@pytest.mark.parametrize(("gap", "cleared"), [(4, 0), (3, 1)])
def test_a_layer_clears_only_when_full(gap: int, cleared: int) -> None:
    s = slot_drop(gap)  # 4 open cells: 15 of 16 after the I3; 3 open: 16 of 16
    assert s.metrics.get("layersCleared", 0) == cleared
    assert len(cells(s.board, Kind.SOLID)) == (15 if cleared == 0 else 0)


def test_an_immovable_cell_fills_a_layer_and_stays() -> None:
    s = slot_drop(4, extra=[{"pos": [0, 0, 3], "type": "DRAIN"}])
    assert s.metrics["layersCleared"] == 1 and s.board.at((0, 0, 3)) == Kind.DRAIN
    assert cells(s.board, Kind.SOLID) == []


@pytest.mark.parametrize(("full", "points"), [(0, 0), (1, 100), (2, 400)])
def test_k_layers_at_once_score_k_squared(full: int, points: int) -> None:
    layers = [solid([0, 0, 0], [3, full - 1, 3])] if full else []
    s = start(board=BOX, bag=O2, cells=[*layers, solid([0, full, 0], [0, full, 0])]).copy()
    s.board = s.board.copy()
    mut = parse_level({"mutators": [CLEAR]}).mutators[0]
    assert clear_layers(s, mut) == full and s.metrics["score"] == points
    assert cells(s.board, Kind.SOLID) == [(0, 0, 0)]  # the block on top settled to the floor


def basin(water_cells: int, **kw: Any) -> Any:
    """A solid floor (layer 0) and a ring at layer 1 around a 2x2 pool holding ``water_cells`` units."""
    ring = [
        solid([0, 1, 0], [3, 1, 0]),
        solid([0, 1, 3], [3, 1, 3]),
        solid([0, 1, 1], [0, 1, 2]),
        solid([3, 1, 1], [3, 1, 2]),
    ]
    pool = [{"pos": [1 + k % 2, 1, 1 + k // 2], "type": "WATER"} for k in range(water_cells)]
    return start(board=BOX, bag=O2, cells=[solid([0, 0, 0], [3, 0, 3]), *ring, *pool], **kw)


@pytest.mark.parametrize(("cap", "paid"), [(3, 15), (4, 20), (5, 20)])
def test_a_lake_held_by_blocks_evaporates_and_pays_by_its_size(cap: int, paid: int) -> None:
    evap = {"type": "EVAPORATE", "everyPieces": 1, "units": 1, "score": 5, "lakeCap": cap}
    s = basin(4, mutators=[evap])
    assert [len(b) for b in lakes(s.board)] == [4]
    # stood up on the ring's north side: all 4 voxels rest on it (rules 0.5: flat on the ring's corner,
    # the voxel over the pool would break off)
    s = run(s, "rx+", ".", "mz-", ".", "d")
    assert s.metrics["evaporated"] == 1 and s.board.count(Kind.WATER) == 3
    assert s.metrics["shiftVoxelsTotal"] == 0 and s.metrics["score"] == 4 * 10 + paid


def test_water_on_the_floor_never_evaporates() -> None:
    evap = {"type": "EVAPORATE", "everyPieces": 1, "units": 2, "score": 5}
    pool = {"pos": [2, 0, 2], "to": [3, 0, 3], "type": "WATER"}
    s = start(board=BOX, bag=O2, cells=[pool], mutators=[evap])
    assert lakes(s.board) == []
    s = run(s, "mx-", ".", "mz-", ".", "d")
    assert s.board.count(Kind.WATER) == 4 and s.metrics.get("evaporated", 0) == 0


def test_rain_falls_every_n_pieces_and_grows() -> None:
    rain = {"type": "RAIN", "everyPieces": 2, "units": 1, "rampEveryPieces": 4}
    s = start(board={"size": [6, 6], "height": 16, "heightLimit": 12}, bag=O2, mutators=[rain])
    seen = []
    for _ in range(4):
        s = run(s, "d")
        while s.active is None and s.outcome is None:
            s = step(s, TickInput())
        seen.append(s.metrics.get("rained", 0))
    assert seen == [0, 1, 1, 3]  # after 2 pieces 1 unit, after 4 pieces 1 + 4 // 4 = 2 more


def test_rain_column_is_seeded() -> None:
    cols = {rain_column(77, n, 6, 6) for n in range(1, 40)}
    assert rain_column(77, 5, 6, 6) == rain_column(77, 5, 6, 6)
    assert len(cols) > 10 and all(0 <= x < 6 and 0 <= z < 6 for x, z in cols)
    assert [rain_column(78, n, 6, 6) for n in range(1, 9)] != [rain_column(77, n, 6, 6) for n in range(1, 9)]


def test_the_endless_run_ends_and_campaign_metrics_are_unchanged() -> None:
    lv = parse_level(endless_level(4242))
    s = initial_state(lv, 4242)
    for _ in range(3000):
        if s.outcome is not None:
            break
        s = step(s, TickInput(hard=True)) if s.active is not None else step(s, TickInput())
    assert s.outcome is not None and s.outcome.reason in (
        Reason.TOP_OUT,
        Reason.OVERFLOW,
        Reason.WATER_FORBIDDEN,
    )
    st = status(s)
    assert st["flood"]["limit"] == 4 and "rain" in st
    campaign = start(bag=O2)
    assert set(run(campaign, "d").metrics) == set(METRIC_KEYS)  # no endless counters in the campaign


@pytest.mark.parametrize(("solids", "full"), [(7, False), (8, True), (9, True)])
def test_water_sealed_in_a_layer_fills_it_when_half_of_it_is_solid(solids: int, full: bool) -> None:
    """16 cells: ``solids`` movable solids, the rest water; the layer clears (with its water) from 8."""
    cs = [solid([k % 4, 0, k // 4], [k % 4, 0, k // 4]) for k in range(solids)]
    cs += [{"pos": [k % 4, 0, k // 4], "type": "WATER"} for k in range(solids, 16)]
    s = start(board=BOX, bag=O2, cells=cs).copy()
    s.board = s.board.copy()
    assert (full_layers(s.board) == [0]) is full
    mut = parse_level({"mutators": [CLEAR]}).mutators[0]
    assert clear_layers(s, mut) == int(full)
    left = s.board.count(Kind.WATER) + s.board.count(Kind.SOLID)
    assert left == (0 if full else 16) and s.metrics.get("washed", 0) == (16 - solids if full else 0)


def test_the_shower_falls_where_the_status_said(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page shows the next shower's column (``status``); the rain then falls exactly there."""
    from engine.floodline import endless

    fell: list[tuple[int, int]] = []
    real = endless.inject_water

    def spy(s: Any, units: int, column: tuple[int, int] | None = None) -> int:
        fell.append(column if column is not None else (-1, -1))
        return real(s, units, column)

    monkeypatch.setattr(endless, "inject_water", spy)
    rain = {"type": "RAIN", "everyPieces": 2, "units": 1}
    s = start(
        board={"size": [6, 6], "height": 16, "heightLimit": 12}, bag=O2, mutators=[rain], meta={"seed": 99}
    )
    told = []
    for _ in range(6):
        told.append(tuple(status(s)["rain"]["column"]))
        s = run(s, "d")
        while s.active is None and s.outcome is None:
            s = step(s, TickInput())
    assert fell == [told[1], told[3], told[5]] and told[0] == told[1]
