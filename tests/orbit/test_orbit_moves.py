"""Turn plans: text round-trip, canonical form, malformed input."""

from __future__ import annotations

import pytest

from engine.orbit import COAST, FireOrder, TurnPlan, parse_plan, plan
from engine.orbit.rules import Burn, Subsystem, Weapon


def test_round_trip_and_canonical_order():
    text = "fire=mis:3 burn=heavy mis=0 adj=-1 eng=3 rotate vent=1 fire=las:2,1"
    p = parse_plan(text)
    assert p.text() == "eng=3 mis=0 vent=1 rotate burn=heavy adj=-1 fire=las:1,2 fire=mis:3"
    assert parse_plan(p.text()) == p
    assert p.burn is Burn.HEAVY and p.adjust == -1 and p.vent == 1 and p.rotate
    assert p.fire == (FireOrder(Weapon.LASER, (1, 2)), FireOrder(Weapon.MISSILES, (3,)))


def test_coast_and_scoop():
    assert parse_plan("coast") == COAST
    assert COAST.text() == "coast"
    p = parse_plan("SCP=1 Scoop")
    assert p.text() == "scp=1 coast scoop"


def test_repr_is_valid_code():
    p = plan({"eng": 2, "rail": 4}, burn="light", adjust=1, fire={"rail": 1})
    assert eval(repr(p), {"TurnPlan": TurnPlan}) == p
    assert p.text() == "eng=2 rail=4 burn=light adj=+1 fire=rail:1"


def test_pending_applies_only_named_subsystems():
    p = plan({"las": 0, "shd": 2})
    assert p.pending((1, 1, 0, 2, 0, 0, 0)) == (1, 1, 0, 0, 0, 0, 2)
    assert p.alloc == ((Subsystem.LASER, 0), (Subsystem.SHIELDS, 2))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "fly",
        "eng=x",
        "eng=",
        "eng=2 eng=3",
        "vent=1 vent=1",
        "burn=huge",
        "burn=light burn=heavy",
        "coast burn=light",
        "adj=1",  # adjustment without burn
        "burn=light adj=2",
        "burn=light scoop",  # scoop only while coasting
        "fire=gun:1",
        "fire=las",
        "fire=las:",
        "fire=las:1,1",
        "fire=las:9",
        "fire=las:1 fire=las:2",
        "rotate rotate",
        "eng=100",
        "x" * 500,
    ],
)
def test_malformed_plans_raise_value_error(text):
    with pytest.raises(ValueError):
        parse_plan(text)


def test_constructor_checks():
    with pytest.raises(ValueError):
        TurnPlan(vent=-1)
    with pytest.raises(ValueError):
        TurnPlan(alloc=((Subsystem.ENGINES, 1), (Subsystem.ENGINES, 2)))
    with pytest.raises(ValueError):
        FireOrder(Weapon.LASER, ())
