"""Rules 9 (issue 28, session 16; RULES.md reading 34): a railgun shot makes 1 heat of its own.

From rules 7 a railgun holding 4 units makes 1 heat every turn (the document's formula); from rules 9
the turn it fires makes 1 more (the document's "generates heat when firing at 4 energy"), so a shot
costs 2 heat: the next turn's vent takes two thirds of the 3-unit return budget, or the ship takes
hull damage. Rules 1-8 games replay unchanged (a rules-8 duel with three railgun shots keeps its hash).
"""

from __future__ import annotations

import pytest
from orbit_helpers import make, run, turn

from engine.core.session import Session
from engine.orbit.game import GAME, RULES_LATEST
from engine.orbit.moves import parse_plan
from engine.orbit.rules import HULL_START, RAIL_SHOT_HEAT, RAIL_SHOT_HEAT_FROM, SPECS, Subsystem
from engine.orbit.turn import preview, turn_heat


@pytest.fixture(autouse=True)
def _rules_nine_open(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules 9 is a lab draft until it ships (``RULES_ACCEPTED`` caps saves and options at the shipped
    rules): these tests open it the way the lab does (``orbit_trials`` ``rules9``)."""
    import engine.orbit.game as game_mod

    monkeypatch.setattr(game_mod, "RULES_ACCEPTED", max(game_mod.RULES_ACCEPTED, RULES_LATEST))


# Ship 0's railgun is charged and ship 1 sits 4 sectors ahead on ring 5, in its reach.
SHOOTER = ({"ring": 5, "sector": 0, "energy": {"rail": 4}}, {"ring": 5, "sector": 10})


@pytest.mark.parametrize("rules", [RAIL_SHOT_HEAT_FROM - 1, RAIL_SHOT_HEAT_FROM, RAIL_SHOT_HEAT_FROM + 1])
def test_a_railgun_shot_adds_one_heat_from_rules_nine_at_the_threshold_boundary(rules: int) -> None:
    th = SPECS[Subsystem.RAILGUN].threshold
    shot = RAIL_SHOT_HEAT if rules >= RAIL_SHOT_HEAT_FROM else 0
    fired = [turn_heat((0, 0, 0, 0, r, 0, 0), True, rules) for r in (th - 1, th, th + 1)]
    held = [turn_heat((0, 0, 0, 0, r, 0, 0), False, rules) for r in (th - 1, th, th + 1)]
    assert held == [0, 0, 1]  # the powered turn's heat (rules 7) is unchanged
    assert fired == [0, 0, 1 + shot]  # not overclocked (3 units): no heat, shot or not


def test_rules_nine_shot_heat_costs_hull_next_turn_unless_two_are_vented() -> None:
    assert RAIL_SHOT_HEAT_FROM == 9 <= RULES_LATEST
    for rules, heat in ((8, 1), (9, 2)):
        s, events = turn(make(*SHOOTER, rules=rules), "fire=rail:1 coast")
        assert s.ships[0].heat == heat and [e.amount for e in events if e.kind == "heat"] == [heat], rules
    s = run(make(*SHOOTER, rules=9), "fire=rail:1 coast", "coast", "coast")
    assert s.active == 0 and s.ships[0].heat == 2
    kept, events = turn(s, "vent=1 coast")  # 1 of the 2 vented: 1 hull lost, the held railgun heats again
    assert kept.ships[0].hull == HULL_START - 1 and kept.ships[0].heat == 2
    assert [e.amount for e in events if e.kind == "heat_damage"] == [1]
    cool, _ = turn(s, "vent=2 coast")
    assert cool.ships[0].hull == HULL_START and cool.ships[0].heat == 1


def test_the_preview_shows_the_shot_heat_on_the_railgun_row() -> None:
    for rules, fired, held in ((8, 1, 1), (9, 2, 1)):
        p = preview(make(*SHOOTER, rules=rules), parse_plan("fire=rail:1 coast"))
        assert p["heat_by_sub"]["rail"] == fired and p["heat_next"] == fired, rules
        p = preview(make(*SHOOTER, rules=rules), parse_plan("coast"))
        assert p["heat_by_sub"]["rail"] == held and p["heat_next"] == held, rules


# A rules-8 duel (seed 0 draws a full supply) played by the expert: three railgun shots.
RULES8_MOVES = (
    "rotate burn=light",
    "burn=light adj=+1",
    "burn=light adj=+1",
    "burn=light adj=-1",
    "eng=2 scp=1 rail=4 coast scoop fire=rail:1",
    "rotate burn=light adj=-1",
    "eng=2 scp=1 rail=4 rotate coast scoop fire=rail:0",
    "rail=2 vent=1 burn=light adj=-1",
    "rotate burn=light adj=-1",
    "rail=2 vent=1 rotate burn=light adj=+1",
    "rail=4 rotate coast scoop fire=rail:0",
    "coast scoop",
)
RULES8_HASH = "7d0c08cda8f3d8b5ed41eb2185b3dd8fa33967df88ccd2c0dfb697d02f420844"
"""The state hash of ``RULES8_MOVES`` computed by the engine before rules 9 existed (commit c679d3c)."""


def test_a_rules_eight_duel_replays_with_its_old_hash_and_the_same_moves_run_hotter_under_rules_nine() -> (
    None
):
    old = Session(GAME, 0, {"players": 2, "rules": 8})
    new = Session(GAME, 0, {"players": 2, "rules": 9})
    for m in RULES8_MOVES:
        old.play_text(m)
        new.play_text(m)
    assert old.state_hash() == RULES8_HASH
    assert Session.load(GAME, old.save_json()).state_hash() == RULES8_HASH
    assert [(s.hull, s.heat) for s in old.state.ships] == [(10, 0), (15, 1)]
    assert [(s.hull, s.heat) for s in new.state.ships] != [(10, 0), (15, 1)]
    assert sum(s.hull for s in new.state.ships) < 25  # the shots' heat cost hull
