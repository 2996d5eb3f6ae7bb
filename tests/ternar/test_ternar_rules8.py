"""Rules 8 (issue #30, Hexa-Storm "the hard mode it is meant to be", 16.3: at a change of the
regeneration direction the light values take the new positions first, the heavy ones (81+) "keep
their current nodes longer"): from Hexa-Storm's first inversion on, in both directions, a heavy value
keeps its cell in every settle; the light ones move as before. Boundaries: 27 moves, 81 and 243 hold;
turn 10 (the first inversion) is the first held settle; Classic, and rules 7, move every node."""

import pytest
from ternar_util import field

from engine.ternar import GAME, RULES_VERSION, Route, apply, apply_with_events
from engine.ternar.engine import STORM_HEAVY, STORM_HOLD_FROM_RULES, inverted, storm_hold
from engine.ternar.gravity import is_settled
from engine.ternar.model import Options
from engine.ternar.topology import DOWN, UP, coords, node_id

LONE = (7, 3)  # a node alone in the bottom row: inverted, it would rise to the top unless held
HANGING = (3, 2)  # a node over empty rows: gravity down, it would fall to the bottom unless held


def at(values: tuple[int, ...], value: int, row: int) -> bool:
    return any(v == value and coords(n)[0] == row for n, v in enumerate(values))


def test_rules_8_is_the_default() -> None:
    assert RULES_VERSION == GAME.rules == STORM_HOLD_FROM_RULES == 8 and Options().ruleset == 8
    assert STORM_HEAVY == 81  # 16.3: "heavy (81+)"


def test_storm_hold_only_in_a_storm_that_has_inverted_from_rules_8() -> None:
    assert storm_hold("storm", 8, True) == 81
    assert storm_hold("storm", 8, False) == 0
    assert storm_hold("storm", 7, True) == 0
    assert storm_hold("classic", 8, True) == 0
    storm = {"mode": "storm"}
    assert not inverted(field({}, options=storm, turns=9)) and inverted(field({}, options=storm, turns=10))
    assert inverted(field({}, options=storm, gravity="up", turns=3))


@pytest.mark.parametrize(
    ("value", "ruleset", "held"),
    [(27, 8, False), (81, 8, True), (243, 8, True), (81, 7, False), (243, 7, False)],
)
def test_heavy_values_keep_their_cells_while_inverted(value: int, ruleset: int, held: bool) -> None:
    s = field(
        {(0, 0): 3, (0, 1): 3, LONE: value},
        options={"mode": "storm", "ruleset": ruleset},
        gravity="up",
        turns=13,
        turns_to_inversion=5,
    )
    new = apply(s, Route.parse("0-1"))
    assert new.gravity == "up"
    assert (new.values[node_id(*LONE)] == value) == held
    if not held:
        assert at(new.values, value, 0) or at(new.values, value, 1)  # it rose
    assert is_settled(list(new.values), UP, storm_hold("storm", ruleset, True))


@pytest.mark.parametrize(("value", "held"), [(27, False), (81, True), (243, True)])
def test_at_the_first_flip_lights_rise_and_heavies_stay(value: int, held: bool) -> None:
    s = field({(7, 0): 3, (7, 1): 3, LONE: value}, options={"mode": "storm"}, turns=9, turns_to_inversion=1)
    new, evs = apply_with_events(s, Route.parse("38-39"))
    assert "inversion" in [e.kind for e in evs] and new.gravity == "up" and new.turns == 10
    assert (new.values[node_id(*LONE)] == value) == held
    assert all(coords(n)[0] <= 1 for n, v in enumerate(new.values) if v and v < STORM_HEAVY)  # lights rose


@pytest.mark.parametrize(
    ("turns", "ruleset", "held"), [(8, 8, False), (9, 8, False), (10, 8, True), (10, 7, False)]
)
def test_gravity_down_heavies_hang_only_after_the_first_inversion(
    turns: int, ruleset: int, held: bool
) -> None:
    """Before turn 10 a Storm field falls as Classic's; after its first inversion a heavy value stays
    where it hangs, also with gravity down (the flip back is a change of direction too)."""
    s = field(
        {(7, 0): 3, (7, 1): 3, HANGING: 243},
        options={"mode": "storm", "ruleset": ruleset},
        turns=turns,
        turns_to_inversion=5,
    )
    new = apply(s, Route.parse("38-39"))
    assert new.gravity == "down"
    assert (new.values[node_id(*HANGING)] == 243) == held
    assert at(new.values, 243, 7) != held


def test_at_the_flip_back_down_heavies_stay_and_lights_fall() -> None:
    s = field(
        {(0, 0): 3, (0, 1): 3, (0, 3): 9, HANGING: 243},
        options={"mode": "storm"},
        gravity="up",
        turns=19,
        turns_to_inversion=1,
    )
    new = apply(s, Route.parse("0-1"))
    assert new.gravity == "down" and new.values[node_id(*HANGING)] == 243
    assert at(new.values, 9, 7) or at(new.values, 9, 6)
    assert is_settled(list(new.values), DOWN, 81) and not is_settled(list(new.values), DOWN)


def test_classic_never_holds() -> None:
    s = field({(7, 0): 3, (7, 1): 3, HANGING: 243}, turns=60)
    new = apply(s, Route.parse("38-39"))
    assert at(new.values, 243, 7)
