"""Rules 0.6 ballast (issue #26, RULES.md 68): a Heavy voxel lying on stone — an immovable cell under it in
world terms, or the closed box floor — keeps its cell under every gravity and holds what rests on it.
Games of rules 0.5 (replays, saves) play on under their own rules, without ballast."""

from __future__ import annotations

import json

import pytest
from floodline_util import cells

from engine.core.session import Session, restore
from engine.floodline import GAME
from engine.floodline.board import Board, Kind, Material
from engine.floodline.campaign import level
from engine.floodline.geometry import Gravity
from engine.floodline.level import RULES, RULES_VERSION, parse_level
from engine.floodline.replay import make_replay, parse_replay, play
from engine.floodline.solids import ballast_cells, settle_solids

H, S = Material.HEAVY, Material.STANDARD


def _row(mats: list[Material], ballast: bool = True, x0: int = 2) -> Board:
    """A 1-deep board, east face closed: ``mats`` lying on the box floor from x = ``x0`` eastward."""
    b = Board(8, 4, 1)
    b.ballast = ballast
    for k, m in enumerate(mats):
        b.set_solid((x0 + k, 0, 0), m)
    return b


def test_a_heavy_voxel_on_the_floor_stays_when_the_world_tilts() -> None:
    b = _row([H])
    rep = settle_solids(b, Gravity.EAST)
    assert cells(b, Kind.SOLID) == [(2, 0, 0)] and not rep.moved


def test_a_standard_voxel_on_the_floor_slides() -> None:
    b = _row([S])
    settle_solids(b, Gravity.EAST)
    assert cells(b, Kind.SOLID) == [(7, 0, 0)]


def test_under_rules_0_5_a_heavy_voxel_slides() -> None:
    b = _row([H], ballast=False)
    settle_solids(b, Gravity.EAST)
    assert cells(b, Kind.SOLID) == [(7, 0, 0)]


@pytest.mark.parametrize(
    ("mats", "after"),
    [
        ([S, S, H], [2, 3, 4]),  # the Heavy end toward gravity holds the two resting on it
        ([H, S, S], [2, 6, 7]),  # the Heavy end away from gravity holds nothing: the others slide
        ([S, S, S], [5, 6, 7]),  # no Heavy: all slide
    ],
)
def test_what_rests_on_ballast_along_gravity_is_held(mats: list[Material], after: list[int]) -> None:
    b = _row(mats)
    settle_solids(b, Gravity.EAST)
    assert cells(b, Kind.SOLID) == [(x, 0, 0) for x in after]


@pytest.mark.parametrize(("under", "kept"), [(Kind.WALL, True), (Kind.SOLID, False), (None, False)])
def test_ballast_needs_stone_right_under_it(under: Kind | None, kept: bool) -> None:
    """A Heavy voxel at y = 1: on a WALL cell it stays (ballast); on a Standard voxel, or over air
    (under DOWN it would fall first; here it is placed and the world tilted east), it slides."""
    b = Board(8, 4, 1)
    if under == Kind.WALL:
        b.set_kind((2, 0, 0), Kind.WALL)
    elif under == Kind.SOLID:
        b.set_solid((2, 0, 0), S)
    b.set_solid((2, 1, 0), H)
    settle_solids(b, Gravity.EAST)
    assert ((2, 1, 0) in cells(b, Kind.SOLID)) == kept


def test_an_open_floor_is_no_stone_and_down_needs_no_ballast() -> None:
    b = Board(8, 4, 1, frozenset({Gravity.DOWN}))
    b.set_solid((2, 0, 0), H)
    assert ballast_cells(b, Gravity.EAST) == []
    assert ballast_cells(_row([H]), Gravity.DOWN) == []  # held along gravity anyway
    assert ballast_cells(_row([H]), Gravity.WEST) == [_row([H]).idx((2, 0, 0))]


def test_a_rules_0_5_replay_plays_under_0_5_and_new_replays_are_0_6() -> None:
    lv = parse_level(level(1))
    rep = make_replay(lv, 1001, [])
    assert rep.rules_version == RULES_VERSION == "0.6"
    old = parse_replay(json.dumps({**rep.model_dump(by_alias=True), "rulesVersion": "0.5"}))
    assert play(lv, old).board.ballast is False
    assert play(lv, rep).board.ballast is True


def test_a_save_from_rules_0_5_goes_on_under_its_rules() -> None:
    """Rules 4 ("0.5") saves migrate: the same moves, the level marked 0.5 (no ballast)."""
    save = {"game": "floodline", "version": 1, "rules": 4, "seed": 1001, "options": {"level": level(1)}}
    save["moves"] = ["d", "d"]
    r = restore(GAME, json.dumps(save))
    assert r.status == "migrated" and r.session is not None
    s = r.session.state
    assert s.board.ballast is False and s.metrics["piecesUsed"] == 2
    assert json.loads(r.session.save_json())["rules"] == RULES == 5
    fresh = Session(GAME, 1001, {"level": level(1)})
    assert fresh.state.board.ballast is True
