"""The template game (engine/template): what every engine must do, on the smallest game."""

from __future__ import annotations

import pytest

from engine.core import IllegalMoveError, Session, restore
from engine.template import GAME, SIZE, Termination, par


def test_seeded_goal_is_never_the_start_and_differs_by_seed():
    goals = {GAME.initial(seed, {}).goal for seed in range(40)}
    assert (0, 0) not in goals and len(goals) > 5
    assert GAME.initial(3, {}) == GAME.initial(3, {})


def test_walking_to_the_goal_ends_the_game_with_events_and_par():
    s = Session(GAME, 7, keep_events=True)
    gx, gy = s.state.goal
    for d in "R" * gx + "D" * gy:
        s.play_text(d)
    assert s.last_events == ["step", "reached"]
    assert s.state.outcome is not None and s.state.outcome.termination is Termination.REACHED
    assert s.state.outcome.steps == par(s.state) == gx + gy
    with pytest.raises(IllegalMoveError):
        s.play_text("L")


def test_edges_refuse_and_change_nothing():
    s = Session(GAME, 7)
    with pytest.raises(IllegalMoveError):
        s.play_text("U")
    assert s.state.steps == 0 and not s.moves
    with pytest.raises(ValueError, match="unknown move"):
        s.play_text("X")
    assert SIZE >= 3


def test_save_restore_and_bad_options():
    s = Session(GAME, 9)
    s.play_text("R")
    got = restore(GAME, s.save_json())
    assert got.status == "ok" and got.session is not None and got.session.state == s.state
    assert (
        restore(GAME, {"game": "template", "version": 1, "seed": 1, "options": {"x": 1}}).status == "corrupt"
    )
