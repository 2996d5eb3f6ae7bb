"""Rules 7 (issue 28, session 10; RULES.md reading 32): a railgun holding 4 units heats every turn.

The rules document's own formula, ``(allocated - threshold) x heat per unit``, gives a railgun at 4
(threshold 3) 1 heat per turn while it stays powered; rules 1-6 read "generates heat when firing" as
"only on turns it fires". Games started under rules 6 or earlier keep their reading.
"""

from __future__ import annotations

from orbit_helpers import bare, make, run, turn

from engine.core.session import Session
from engine.orbit.game import GAME, RULES_VERSION, new_game_options
from engine.orbit.moves import parse_plan
from engine.orbit.rules import HULL_START, RAIL_HEAT_ALWAYS
from engine.orbit.turn import preview

# Ship 0 holds a charged railgun; ship 1 is far away on ring 5 (out of every weapon's reach).
HOLDER = ({"ring": 5, "sector": 0, "energy": {"rail": 4}}, {"ring": 5, "sector": 48})


def test_rules_seven_is_the_first_with_held_railgun_heat_and_new_games_keep_it() -> None:
    assert RULES_VERSION >= RAIL_HEAT_ALWAYS == 7
    assert new_game_options(2)["rules"] == RULES_VERSION


def test_a_held_railgun_heats_every_turn_from_rules_seven_and_never_under_six() -> None:
    for rules, per_turn in ((6, 0), (7, 1)):
        s = run(make(*HOLDER, rules=rules), "coast")  # ship 0 coasts holding the railgun
        assert s.ships[0].heat == per_turn, rules
        s = run(s, "coast", "coast")  # a duel: A B | B A, ship 1 moves twice
        assert s.active == 0 and s.ships[0].heat == per_turn
        s, events = turn(s, "coast")  # the heat of its first turn now costs hull
        assert s.ships[0].hull == HULL_START - per_turn
        assert [e.amount for e in events if e.kind == "heat_damage"] == ([1] if per_turn else [])
        assert s.ships[0].heat == 2 * per_turn


def test_venting_the_railgun_heat_each_turn_keeps_the_hull_and_uses_one_unit_of_the_return_budget() -> None:
    s = run(make(*HOLDER, rules=7), "coast", "coast", "coast")
    assert s.active == 0 and s.ships[0].heat == 1
    ok = preview(s, parse_plan("vent=1 rail=2 coast"))
    assert ok["problems"] == [] and ok["returned"] == 3
    too_much = preview(s, parse_plan("vent=1 rail=1 coast"))
    assert [p["code"] for p in too_much["problems"]] == ["return_limit"]  # 1 vented + 3 returned > 3
    s, events = turn(s, "vent=1 coast")
    assert s.ships[0].hull == HULL_START and s.ships[0].heat == 1  # vented 1, made 1 again
    assert not [e for e in events if e.kind == "heat_damage"]


def test_the_preview_shows_the_held_railgun_heat_before_it_fires() -> None:
    for rules, heat in ((6, 0), (7, 1)):
        p = preview(make(*HOLDER, rules=rules), parse_plan("coast"))
        assert p["heat_by_sub"]["rail"] == heat and p["heat_next"] == heat
    # below the threshold (3 units: not working, but no heat either) and fired at 4: 1 either way
    assert (
        preview(make({**HOLDER[0], "energy": {"rail": 3}}, HOLDER[1], rules=7), parse_plan("coast"))[
            "heat_next"
        ]
        == 0
    )


def test_firing_adds_no_second_heat_under_rules_seven() -> None:
    s = make({"ring": 5, "sector": 0, "energy": {"rail": 4}}, {"ring": 5, "sector": 10}, rules=7)
    assert run(s, "fire=rail:1 coast").ships[0].heat == 1


def test_a_rules_six_duel_replays_as_rules_six_and_new_games_use_rules_seven() -> None:
    """A save (or link) begun under rules 6 keeps "heat only when it fires" move for move."""
    sess = Session(GAME, 8, {"players": 2, "rules": 6})
    for text in ("rail=4 coast", "coast", "coast", "coast"):
        sess.play_text(text)
    assert sess.state.rules == 6
    assert all(s.heat == 0 for s in sess.state.ships)  # held, never fired: no heat under rules 6
    again = Session.load(GAME, sess.save_json())
    assert again.state == sess.state and again.state.rules == 6
    new = Session(GAME, 8, new_game_options(2))
    assert (
        new.state.rules == RULES_VERSION
        and bare(new.state.ships) == Session(GAME, 8, {"players": 2, "rules": 6}).state.ships
    )


def test_the_search_weighs_keeping_heat_aboard_when_venting_slows_a_loadout_change() -> None:
    """``search.HOLD_HEAT``: with heat 2 and a railgun to power down, the candidates include venting
    first (2 vented, 1 returned) and keeping the heat (0 vented, 3 returned); a cold ship has no
    such twin."""
    from engine.orbit.search import candidate_plans

    hot = make({"ring": 5, "sector": 0, "energy": {"rail": 4, "shd": 2}, "heat": 2}, HOLDER[1], rules=7)
    returned = {
        (p.vent, sum(max(0, c - n) for c, n in zip(hot.ships[0].alloc, p.pending(hot.ships[0].alloc))))
        for p in candidate_plans(hot)
    }
    assert (2, 1) in returned and (0, 3) in returned
    cold = make({"ring": 5, "sector": 0, "energy": {"rail": 4, "shd": 2}}, HOLDER[1], rules=7)
    assert {p.vent for p in candidate_plans(cold)} == {0}
