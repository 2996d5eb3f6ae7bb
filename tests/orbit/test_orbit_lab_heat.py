"""The lab's "heat changed a decision" measure (issue 28): the heat-blind search and its clean-up."""

from __future__ import annotations

from engine.orbit import ai as orbit_ai
from engine.orbit import turn as orbit_turn
from tests.orbit.orbit_helpers import FAR, make
from tools.playtest.orbit_threats import _no_heat, heat_blind_plan


def test_no_heat_patch_is_undone_even_after_an_error() -> None:
    real = orbit_turn.turn_heat
    try:
        with _no_heat():
            assert orbit_turn.turn_heat((3, 0, 0, 0, 4, 0, 0), True, 7) == 0
            raise RuntimeError("inside")
    except RuntimeError:
        pass
    assert orbit_turn.turn_heat is real
    assert real((3, 0, 0, 0, 4, 0, 0), True, 6) == 2  # engines 3 (1) + railgun fired (1)


def test_a_hot_ship_vents_but_its_heat_blind_twin_does_not() -> None:
    state = make({**FAR[0], "heat": 2, "energy": {"eng": 2}}, FAR[1])
    real = orbit_ai.choose_plan(state, "greedy", 3)
    blind = heat_blind_plan(state, "greedy", 3)
    assert real.vent == 2
    assert blind.vent == 0
    assert state.ships[0].heat == 2  # the real state is untouched


def test_the_heat_check_can_be_skipped_for_seat_runs() -> None:
    """``--no-heat-check`` (third job item False) plays the same game without the counterfactual; a
    two-item job (the default) checks. Two games, not three (CI time: the explicit True is the default)."""
    from tools.playtest.orbit_threats import play

    seats = ("expert", "random")
    checked, skipped = play((4, seats)), play((4, seats, False))
    assert checked.heat_turns_checked >= 1 and skipped.heat_turns_checked == 0
    assert (skipped.winner, skipped.rounds, skipped.loadouts) == (
        checked.winner,
        checked.rounds,
        checked.loadouts,
    )


def test_held_shot_counts_only_a_weapon_the_heat_blind_plan_fires_and_the_real_one_does_not() -> None:
    """The strict "held fire because of heat" (session 11): blind fires the railgun, the real plan
    does not -> held; the same shots, or the real plan firing more, -> not held."""
    from engine.orbit.moves import parse_plan
    from tools.playtest.orbit_threats import held_shot

    rail, both, none = (parse_plan(t) for t in ("coast fire=rail:1", "coast fire=rail:1 fire=mis:1", "coast"))
    assert held_shot(rail, none)
    assert held_shot(both, rail)
    assert not held_shot(rail, rail)
    assert not held_shot(rail, both)
    assert not held_shot(none, none)
