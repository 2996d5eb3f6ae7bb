"""Exposure (issue 28): every hit the enemies can land before your next turn, a double move included."""

from __future__ import annotations

from typing import Any

import pytest
from orbit_helpers import make, turn

from engine.orbit import initial_state
from engine.orbit.exposure import danger_zone, enemy_turns, enemy_zone, reach_at
from engine.orbit.search import candidate_plans
from engine.orbit.threat import threats
from engine.orbit.turn import execute_turn
from tools.playtest.orbit_threats import play


def duel(me: dict[str, Any], enemy: dict[str, Any]) -> Any:
    """A rules-2 duel (A B | B A: the second ship moves twice after the first ship's opening turn)."""
    return initial_state(0, {"ships": [me, enemy], "rules": 2})


def hits(reach: list[Any]) -> list[tuple[int, int, str, int]]:
    return [(h.enemy, h.move, h.weapon.value, h.damage) for r in reach for h in r.hits]


def test_enemy_turns_name_a_double_move_in_a_duel_and_one_move_each_otherwise():
    s = duel({"ring": 3, "sector": 0}, {"ring": 5, "sector": 48})
    assert enemy_turns(s, 0) == [1, 1]  # A | B B | A
    assert enemy_turns(s, 1) == [0]
    after, _ = turn(s, "coast")
    assert enemy_turns(after, 0) == [1, 1]
    four = initial_state(3, {"players": 4, "rules": 2})
    assert enemy_turns(four, 0) == [1, 2, 3]
    assert enemy_turns(four, 2) == [0, 1]


DOUBLE = {"ring": 4, "sector": 11, "energy": {"eng": 2, "thr": 1, "las": 2, "rail": 4, "shd": 1}}


def test_a_burn_then_a_railgun_shot_is_named_as_the_second_move():
    # the enemy turns, burns to ring 3, arrives, and fires its railgun at us on its second move; the
    # one-turn threat check called this position safe
    s = duel({"ring": 3, "sector": 0}, DOUBLE)
    after, _ = turn(s, "coast")
    assert threats(after, 0) == []
    reach = reach_at(after, 0)
    assert hits(reach) == [(1, 2, "rail", 5)]
    assert reach[0].moves == 2 and reach[0].most == 5
    # ... and it really can: move 1 turn + light burn inward (adj -1), move 2 fire
    b, _ = turn(after, "rotate burn=light adj=-1")
    assert b.active == 1 and b.ships[1].position == (3, 5)
    c, events = turn(b, "fire=rail:0")
    assert c.ships[0].hull == 15 and any(e.kind == "hit" for e in events)


def test_shields_take_one_off_every_named_hit():
    s = duel({"ring": 3, "sector": 0, "energy": {"shd": 2}}, DOUBLE)
    after, _ = turn(s, "coast")
    assert hits(reach_at(after, 0)) == [(1, 2, "rail", 4)]


BASE = {"eng": 3, "thr": 1, "scp": 1}
LOCKED = {5: {}, 4: {"shd": 1}, 3: {"shd": 2}, 2: {"shd": 2, "rail": 1}, 1: {"shd": 2, "rail": 2}}


@pytest.mark.parametrize(
    ("free", "named", "most"),
    [
        # free reactor energy before the enemy's single move: 4 powers the railgun (5) or laser +
        # missiles (2 + 2), never all three; 3 or 2 power laser or missiles; 1 nothing
        (5, ["las", "rail", "mis"], 5),
        (4, ["las", "rail", "mis"], 5),
        (3, ["las", "mis"], 2),
        (2, ["las", "mis"], 2),
        (1, [], 0),
    ],
)
def test_most_is_the_best_plan_the_enemy_can_afford_not_the_sum_of_its_weapons(free, named, most):
    s = make({"ring": 3, "sector": 0}, {"ring": 3, "sector": 22, "energy": BASE | LOCKED[free]})
    assert s.ships[1].reactor_free == free
    after, _ = turn(s, "coast")
    reach = reach_at(after, 0)
    assert [h[2] for h in hits(reach)] == named
    assert (reach[0].most if reach else 0) == most
    assert reach == [] or reach[0].moves == 1


def test_energy_returned_on_the_first_move_powers_the_second():
    # reactor full (0 free), missiles unpowered: no missile on move 1; return 2 on move 1, fire on move 2
    enemy = {"ring": 3, "sector": 22, "energy": {"eng": 3, "thr": 1, "scp": 1, "shd": 2, "rail": 3}}
    s = duel({"ring": 5, "sector": 10}, enemy)
    after, _ = turn(s, "coast")
    got = hits(reach_at(after, 0))
    assert ("mis" in [h[2] for h in got if h[1] == 2]) and not [h for h in got if h[1] == 1]


def test_zone_covers_every_named_hit_and_one_enemy_zone_is_part_of_the_total():
    s = duel({"ring": 3, "sector": 0}, DOUBLE)
    after, _ = turn(s, "coast")
    zone = danger_zone(after, 0)
    assert zone[(3, 1)] >= 5
    mine = enemy_zone(after, 1, 0)
    assert set(mine) == set(zone)
    for cell, dmg in zone.items():
        got = reach_at(after, 0, cell)
        assert got and max(h.damage for r in got for h in r.hits) == dmg
    assert enemy_zone(after, 0, 0) == {}


@pytest.mark.parametrize(
    ("seed", "seats"),
    [(2, ("greedy", "random")), (3, ("random", "greedy", "greedy", "random")), (4, ("tactical", "greedy"))],
)
def test_no_hit_lands_that_the_panel_did_not_name(seed, seats):
    g = play((seed, seats))
    assert g.claims > 10 and g.hit_claims > 4
    assert g.lies_new == 0, g.lie_examples


def _worst_two_moves(after: Any) -> tuple[int, int]:
    """Hull the enemy really takes off ship 0 over its double move, by trying every candidate plan of
    the search for both moves: (after its first move, after its second)."""
    hull = after.ships[0].hull
    first = second = 0
    for p1 in candidate_plans(after):
        b, _ = execute_turn(after, p1)
        first = max(first, hull - b.ships[0].hull)
        for p2 in candidate_plans(b):
            c, _ = execute_turn(b, p2)
            second = max(second, hull - c.ships[0].hull)
    return first, second


@pytest.mark.parametrize(("sector", "safe"), [(13, False), (14, False), (15, True)])
def test_safe_line_at_the_edge_of_the_computers_second_move(sector, safe):
    """The players' complaint: "safe" ignored the computer's second move. Ring 3 sectors 13 / 14 / 15
    straddle the edge of what the enemy reaches over its double move (rules 7). Sector 14
    is hit only on the second move (the first alone deals 0), so a one-move check called it safe; the
    panel calls a sector safe exactly when no pair of the search's plans takes any hull there."""
    s = initial_state(0, {"ships": [{"ring": 3, "sector": sector}, DOUBLE], "rules": 7})
    after, _ = turn(s, "coast")
    reach = reach_at(after, 0)
    first, second = _worst_two_moves(after)
    assert (reach == []) is safe
    assert (second == 0) is safe
    assert first == 0  # none of these is in reach of the first move alone
    if not safe:
        assert reach[0].moves == 2 and all(h.move == 2 for h in reach[0].hits)
        assert reach[0].most >= second > 0
