"""Property tests (hypothesis): conservation, exclusivity, support after settling, determinism."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.floodline.board import MOVABLE, Board, DrainScope, Kind, Material
from engine.floodline.geometry import PLAY_GRAVITIES, Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput
from engine.floodline.resolve import resolve_phase, tilt_resolve
from engine.floodline.rules import initial_state, step
from engine.floodline.solids import components, is_supported
from engine.floodline.water import settle_water

CODES = "....SSHRW~~IPD"


@st.composite
def boards(draw: st.DrawFn) -> tuple[Board, Gravity]:
    sx, sy, sz = draw(st.integers(1, 5)), draw(st.integers(2, 6)), draw(st.integers(1, 4))
    open_faces = draw(st.sets(st.sampled_from(PLAY_GRAVITIES), max_size=1))
    b = Board(sx, sy, sz, frozenset(open_faces))
    codes = draw(st.lists(st.sampled_from(CODES), min_size=b.frame.n, max_size=b.frame.n))
    for i, ch in enumerate(codes):
        c = b.frame.coords(i)
        if ch == "S":
            b.set_solid(c)
        elif ch == "H":
            b.set_solid(c, Material.HEAVY)
        elif ch == "R":
            b.set_solid(c, Material.REINFORCED)
        elif ch == "W":
            b.set_kind(c, Kind.WALL)
        elif ch == "~":
            b.set_kind(c, Kind.WATER)
        elif ch == "I":
            b.set_ice(c, 1 + i % 2)
        elif ch == "P":
            b.set_kind(c, Kind.POROUS)
        elif ch == "D":
            b.set_drain(c, 1 + i % 3, (DrainScope.SELF, DrainScope.ADJ6, DrainScope.ADJ26)[i % 3])
    return b, draw(st.sampled_from(PLAY_GRAVITIES))


def water_like(b: Board) -> int:
    return b.count(Kind.WATER) + b.count(Kind.ICE)


def check_exclusive(b: Board) -> None:
    for i, k in enumerate(b.kind):
        assert (b.mat[i] >= 0) == (k in MOVABLE), i
        assert (b.ice[i] > 0) <= (k == Kind.ICE)
        assert not b.anchor[i] or k == Kind.SOLID
    assert sorted(b.drains) == [i for i, k in enumerate(b.kind) if k == Kind.DRAIN]


SET = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SET
@given(boards())
def test_water_settle_conserves_units(bg: tuple[Board, Gravity]) -> None:
    b, g = bg
    before = b.count(Kind.WATER)
    rep = settle_water(b, g)
    assert b.count(Kind.WATER) + rep.overflow == before
    check_exclusive(b)


@SET
@given(boards(), st.data())
def test_resolve_conserves_water_except_drains_and_overflow(
    bg: tuple[Board, Gravity], data: st.DataObject
) -> None:
    b, g = bg
    free = [i for i, k in enumerate(b.kind) if k in (Kind.EMPTY, Kind.WATER)]
    piece = data.draw(st.lists(st.sampled_from(free), max_size=4, unique=True)) if free else []
    before = water_like(b)
    rep = resolve_phase(b, g, piece or None)
    assert water_like(b) + rep.drained + rep.water_overflow == before
    check_exclusive(b)


@SET
@given(boards())
def test_settled_solids_are_supported_or_anchored(bg: tuple[Board, Gravity]) -> None:
    b, g = bg
    resolve_phase(b, g)
    for comp in components(b):
        assert is_supported(b, comp, g)


@SET
@given(boards(), st.sampled_from(PLAY_GRAVITIES))
def test_resolve_and_tilt_are_deterministic(bg: tuple[Board, Gravity], g2: Gravity) -> None:
    b, g = bg
    a, c = b.copy(), b.copy()
    ra, rc = resolve_phase(a, g), resolve_phase(c, g)
    assert a.snapshot() == c.snapshot() and ra.as_dict() == rc.as_dict()
    tilt_resolve(a, g2, frozenset())
    tilt_resolve(c, g2, frozenset())
    assert a.snapshot() == c.snapshot()


TICK = st.builds(
    TickInput,
    tilt=st.none() | st.sampled_from(PLAY_GRAVITIES),
    hold=st.booleans(),
    stabilize=st.booleans(),
    freeze=st.none() | st.tuples(st.integers(0, 4), st.integers(0, 3), st.integers(0, 4)),
    rotations=st.lists(st.sampled_from(["x+", "x-", "y+", "y-", "z+", "z-"]), max_size=2).map(tuple),
    move=st.none() | st.sampled_from(["x+", "x-", "z+", "z-", "y+", "y-"]),
    soft=st.booleans(),
    hard=st.booleans(),
)

LEVEL = parse_level(
    {
        "board": {"size": [5, 5], "height": 12, "heightLimit": 9},
        "cells": [{"pos": [0, 0, 0], "to": [4, 0, 1], "type": "WATER"}, {"pos": [2, 1, 2], "type": "WALL"}],
        "bag": {"type": "WEIGHTED", "materials": {"STANDARD": 2, "HEAVY": 1, "REINFORCED": 1}},
        "timing": {"gravityTicks": 3},
        "abilities": {"stabilizeCharges": 2, "freezeCharges": 3, "freezeDurationResolves": 2},
    }
)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.lists(TICK, min_size=1, max_size=60))
def test_tick_sequences_keep_invariants_and_replay_identically(seed: int, ticks: list[TickInput]) -> None:
    s1 = s2 = initial_state(LEVEL, seed)
    water0 = s1.board.count(Kind.WATER)
    for t in ticks:
        if s1.outcome is not None:
            break
        s1 = step(s1, t)
        s2 = step(s2, t)
        a = s1.active
        if a is not None:
            for c in a.cells():
                assert s1.board.in_bounds(c) and s1.board.at(c) in (Kind.EMPTY, Kind.WATER)
        check_exclusive(s1.board)
        assert (
            water_like(s1.board) + s1.metrics["waterOverflowTotal"] + s1.metrics["waterRemovedTotal"]
            == water0
        )
    assert s1.snapshot() == s2.snapshot()
