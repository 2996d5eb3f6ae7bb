"""Reading the machine pays (issue #27): the stars count every pulse played, undone ones included,
less the pulse that opened the all-seeing-eye terminal (``engine.reactor.campaign.star_pulses``)."""

from __future__ import annotations

import json

import pytest

from engine.core.session import Session
from engine.reactor import GAME
from engine.reactor.campaign import star_pulses, stars_for
from tests.reactor_web.reactor_web_kit import TO_TERMINAL
from www.reactor.model import CustomLevels, Run, restore_play, upgrade_saved


@pytest.mark.parametrize(
    ("pulses", "undone", "eye", "counted"),
    [(3, 0, False, 3), (3, 1, False, 4), (3, 2, False, 5), (3, 0, True, 2), (3, 1, True, 3), (0, 0, True, 0)],
)
def test_star_pulses_counts_undone_and_frees_the_eye(
    pulses: int, undone: int, eye: bool, counted: int
) -> None:
    assert star_pulses(pulses, undone, eye) == counted


@pytest.mark.parametrize(("undone", "stars"), [(0, 3), (1, 2), (2, 2), (3, 1)])
def test_each_probe_taken_back_costs_like_a_pulse_over_par(undone: int, stars: int) -> None:
    assert stars_for(star_pulses(5, undone, False), 5) == stars


def tutorial() -> Run:
    return Run("builtin:tutorial", Session(GAME, 0, {"level": "tutorial"}))


def test_the_terminal_pulse_is_free_and_a_move_taken_back_costs_nothing() -> None:
    p = tutorial()
    for m in TO_TERMINAL:
        assert p.try_play(m)[0], m
    assert p.state.eye_access and p.state.pulse == 1 and p.star_pulses() == 0
    assert p.try_play("move n")[0] and p.undo()
    assert p.undone == 0 and p.star_pulses() == 0


def test_undo_of_a_pulse_counts_and_survives_a_save_but_not_a_restart() -> None:
    p = tutorial()
    for m in TO_TERMINAL:
        assert p.try_play(m)[0], m
    assert p.undo()  # takes back the terminal pulse itself: the eye is closed again
    assert p.undone == 1 and not p.state.eye_access and p.star_pulses() == 1
    data = json.loads(p.save().model_dump_json())
    back, status, _ = restore_play(upgrade_saved(2, data, CustomLevels()))
    assert back is not None and back.undone == 1 and back.star_pulses() == 1
    back.restart()
    assert back.undone == 0 and back.star_pulses() == 0


def test_a_save_without_the_field_loads_with_nothing_undone() -> None:
    p = tutorial()
    data = json.loads(p.save().model_dump_json())
    del data["undone"]
    back, _, _ = restore_play(upgrade_saved(2, data, CustomLevels()))
    assert back is not None and back.undone == 0
