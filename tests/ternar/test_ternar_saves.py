"""Issue #30: a saved game whose later moves do not replay keeps the moves before them."""

from __future__ import annotations

import json

import pytest

from engine.core.session import Session
from engine.ternar import GAME
from engine.ternar.bot import greedy_route
from engine.ternar.saves import salvage


def _save(moves: int = 6, **options: object) -> dict:
    s = Session(GAME, 5, {"mode": "classic", **options})
    for _ in range(moves):
        r = greedy_route(s.state)
        assert r is not None
        s.play(r)
    return json.loads(s.save_json())


@pytest.mark.parametrize(("bad", "kept"), [(0, None), (1, 1), (5, 5)])
def test_a_save_is_cut_before_its_first_move_that_does_not_replay(bad: int, kept: int | None) -> None:
    data = _save()
    good = Session.load(GAME, data)
    data["moves"][bad] = "0-1"  # two empty cells of the top row: never a route here
    got = salvage(data)
    if kept is None:  # not even the first move replays: the shared restore starts a fresh game
        assert got is None
        return
    assert got is not None
    cut, n = got
    assert n == kept and cut["moves"] == data["moves"][:kept]
    restored = Session.load(GAME, cut)
    ref = Session.load(GAME, {**data, "moves": good.save().moves[:kept]})
    assert restored.state_hash() == ref.state_hash()


def test_a_whole_or_foreign_save_is_left_to_the_shared_restore() -> None:
    data = _save()
    assert salvage(data) is None  # replays whole
    assert salvage({**data, "game": "reactor"}) is None
    assert salvage({**data, "rules": GAME.rules + 1}) is None
    assert salvage({"game": "ternar"}) is None  # not a save at all


def test_an_older_rules_save_is_cut_under_its_own_rules() -> None:
    data = _save(ruleset=3)
    data["rules"] = 3
    del data["options"]["ruleset"]
    data["moves"][4] = "undo-me"
    cut, n = salvage(data) or ({}, 0)
    assert n == 4
    s = Session.load(GAME, cut)
    assert s.state.options.ruleset == 3 and len(s.moves) == 4
