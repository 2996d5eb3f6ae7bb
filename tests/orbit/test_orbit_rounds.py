"""Issue 18 rules: the round counter and round limit after a ship dies, rotating initiative (rules 2),
seeded scenarios, the planning figures (reactor now / next turn, heat per subsystem), 1-based texts,
and games saved under rules 1 staying playable."""

from __future__ import annotations

from orbit_helpers import bare, make, run, turn

from engine.core.rng import Lcg32
from engine.core.session import Session
from engine.orbit import initial_state
from engine.orbit.game import GAME, RULES_VERSION, new_game_options
from engine.orbit.moves import parse_plan
from engine.orbit.rules import RING_SECTORS, arc_span
from engine.orbit.scenarios import DUEL_SPREAD, duel_angle, lone_seat, place_shift, scenario_ships
from engine.orbit.state import Termination
from engine.orbit.turn import preview, turn_order

# Ship 1 (id 0) on ring 5 with 1 hull: ship 2's missiles kill it at once; ship 3 far away.
THREE = ({"ring": 5, "sector": 0}, {"ring": 5, "sector": 2, "energy": {"mis": 2}}, {"ring": 5, "sector": 48})


def test_round_counter_and_limit_count_living_ships_after_a_death():
    s = make({**THREE[0], "hull": 1}, *THREE[1:], max_rounds=3)
    s = run(s, "coast")
    s, ev = turn(s, "coast fire=mis:0")
    assert not s.ships[0].alive and any(e.text == "ship 1 is destroyed" for e in ev)
    assert s.round == 1 and s.active == 2
    s = run(s, "coast")  # ship 3 closes round 1
    assert (s.round, s.active) == (2, 1)
    s = run(s, "coast", "coast")  # round 2: two living ships, two turns
    assert (s.round, s.active) == (3, 1) and s.outcome is None
    s = run(s, "coast", "coast")  # round 3 is the last of max_rounds=3
    assert s.outcome is not None and s.outcome.termination is Termination.TURN_LIMIT
    assert s.turn == 7  # 3 + 2 + 2, not 3 ships x 3 rounds


def test_rules_two_alternate_the_first_move_in_a_duel_and_keep_seat_order_otherwise():
    two = initial_state(0, {"ships": [{"ring": 5, "sector": 0}, {"ring": 5, "sector": 48}], "rules": 2})
    assert turn_order(two, 8) == [0, 1, 1, 0, 0, 1, 1, 0]
    seen = []
    for _ in range(5):
        seen.append((two.round, two.active))
        two = run(two, "coast")
    assert seen == [(1, 0), (1, 1), (2, 1), (2, 0), (3, 0)]
    opts = {"ships": [{"ring": 5, "sector": k * 30} for k in range(3)], "rules": 2}
    assert turn_order(initial_state(0, opts), 6) == [0, 1, 2, 0, 1, 2]


def test_rules_one_keep_the_fixed_seat_order():
    s = make(*({"ring": 5, "sector": k * 30} for k in range(3)))
    assert turn_order(s, 6) == [0, 1, 2, 0, 1, 2]


def test_scenarios_are_seeded_symmetric_and_never_on_one_ring():
    kinds = set()
    for seed in range(40):
        for n in (2, 3, 4):
            start = scenario_ships(seed, n)
            assert start == scenario_ships(seed, n)
            rings = [s.ring for s in start.ships]
            assert len(set(rings)) > 1  # no railgun (same ring) has a target in round 1
            assert len({s.alloc for s in start.ships}) == 1  # the same loadout for everyone
            kinds.add((start.layout, start.loadout))
    assert len(kinds) >= 6
    # three ships: the first mover starts farthest from both others
    for seed in range(10):
        a = [arc_span(s.ring, s.sector)[0] for s in scenario_ships(seed, 3).ships]

        def gap(x: int, y: int) -> int:
            d = abs(x - y) % 96
            return min(d, 96 - d)

        assert min(gap(a[0], a[1]), gap(a[0], a[2])) > gap(a[1], a[2])
        # four ships: the first mover's neighbours are nearer than the others' (75 vs 105 degrees)
        b = [arc_span(s.ring, s.sector)[0] for s in scenario_ships(seed, 4).ships]
        assert max(gap(b[0], b[1]), gap(b[0], b[3])) < gap(b[1], b[2])
    # two ships: the second starts past the opposite point (195 degrees ahead; sectors round it)
    ahead = []
    for seed in range(20):
        c = [arc_span(s.ring, s.sector)[0] for s in scenario_ships(seed, 2).ships]
        ahead.append((c[1] - c[0]) % 96)
    assert all(44 <= x <= 60 for x in ahead) and sum(ahead) / len(ahead) > 50
    st = initial_state(5, new_game_options(4))
    assert st.rules == RULES_VERSION and st.ships == scenario_ships(5, 4, RULES_VERSION).ships


def test_rules_three_rotate_the_lead_with_three_ships_and_rules_two_saves_keep_their_order():
    three = [{"ring": 5, "sector": k * 30} for k in range(3)]
    assert turn_order(initial_state(0, {"ships": three, "rules": 3}), 9) == [0, 1, 2, 1, 2, 0, 2, 0, 1]
    assert turn_order(initial_state(0, {"ships": three, "rules": 2}), 6) == [0, 1, 2, 0, 1, 2]
    duel = [{"ring": 5, "sector": 0}, {"ring": 5, "sector": 48}]
    for rules in (2, 3):  # a duel is A B | B A under both
        assert turn_order(initial_state(0, {"ships": duel, "rules": rules}), 4) == [0, 1, 1, 0]


def test_a_rules_two_game_replays_as_rules_two():
    # a save made before issue 28: rules 2 in its options, three ships
    sess = Session(GAME, 21, {"players": 3, "rules": 2})
    assert sess.state.ships == scenario_ships(21, 3, 2).ships and sess.state.rules == 2
    for text in ("coast",) * 4:
        sess.play_text(text)
    again = Session.load(GAME, sess.save_json())
    assert again.state == sess.state and [again.state.active, again.state.round] == [1, 2]
    new = initial_state(21, new_game_options(3))
    assert new.rules == RULES_VERSION and new.ships == scenario_ships(21, 3, RULES_VERSION).ships


def test_rules_four_draw_the_duel_start_angle_between_28_and_76():
    """Rules 4: the second ship of a duel starts 52 +- 0..24 arc units ahead, by the seed; both ends
    of the range occur, nothing outside it (27 and 77 never), and it is the angle the ships get."""
    angles = [duel_angle(seed) for seed in range(3000)]
    assert min(angles) == 52 - DUEL_SPREAD == 28 and max(angles) == 52 + DUEL_SPREAD == 76
    assert angles.count(27) == angles.count(77) == 0
    assert len(set(angles[:60])) >= 25  # the 60 lab seeds see many distances, not a few
    for seed in range(40):
        start = scenario_ships(seed, 2, 4)
        c = [arc_span(s.ring, s.sector)[0] for s in start.ships]
        # both ships' sectors round their angle down: off by less than a sector of either ring
        widths = sum(96 // RING_SECTORS[s.ring] for s in start.ships)
        assert abs(((c[1] - c[0]) - duel_angle(seed) + 48) % 96 - 48) < widths
        r3 = scenario_ships(seed, 2, 3)
        assert (start.layout, start.loadout) == (r3.layout, r3.loadout) and start.ships[0] == r3.ships[0]
        for n in (3, 4):  # rules 4 changes duels only
            assert scenario_ships(seed, n, 4) == scenario_ships(seed, n, 3)


def test_a_rules_three_duel_replays_as_rules_three():
    """A duel saved under rules 3 keeps the fixed 52-unit start and replays move for move."""
    sess = Session(GAME, 8, {"players": 2, "rules": 3})
    assert sess.state.rules == 3 and sess.state.ships == scenario_ships(8, 2, 3).ships
    for text in ("coast",) * 3:
        sess.play_text(text)
    again = Session.load(GAME, sess.save_json())
    assert again.state == sess.state and again.state.rules == 3
    assert bare(Session(GAME, 8, new_game_options(2)).state.ships) == scenario_ships(8, 2, 4).ships


def test_preview_separates_energy_free_now_from_energy_returning_next_turn():
    s = make(
        {"ring": 5, "sector": 0, "energy": {"rail": 4, "las": 2, "mis": 2, "shd": 2}},
        {"ring": 5, "sector": 48},
    )
    p = preview(s, parse_plan("rail=1 las=2 coast"))
    assert (p["reactor_free"], p["returning"], p["reactor_next"]) == (0, 3, 3)
    assert p["heat_by_sub"]["rail"] == 0
    s2 = make({"ring": 5, "sector": 0, "energy": {"rail": 4}}, {"ring": 5, "sector": 1})
    assert preview(s2, parse_plan("coast"))["heat_by_sub"]["rail"] == 0  # charged, not firing: no heat
    p2 = preview(s2, parse_plan("coast fire=rail:1"))
    assert p2["heat_by_sub"]["rail"] == 1 and p2["heat_next"] == 1
    assert "fire Railgun at ship 2" in p2["actions"]


def test_a_game_saved_under_rules_one_replays_the_same():
    # today's save format: options without "rules"; ship 0 on the one-ring start
    sess = Session(GAME, 77, {"players": 2})
    assert sess.state.rules == 1
    a, b = sess.state.ships
    assert a.ring == b.ring and (b.sector - a.sector) % {2: 12, 3: 24, 4: 48}[a.ring] * 2 in (12, 24, 48)
    for text in ("coast", "coast", "eng=1 coast", "coast"):
        sess.play_text(text)
    again = Session.load(GAME, sess.save_json())
    assert again.state == sess.state and again.state.rules == 1


def test_a_rules_four_duel_replays_as_rules_four_and_new_games_use_rules_five():
    """Rules 5 (shields stop missiles, not the railgun) keeps rules 4's start: a rules-4 save (and
    link) replays move for move under rules 4; a new game is rules 5 with the same ships."""
    sess = Session(GAME, 8, {"players": 2, "rules": 4})
    for text in ("coast",) * 3:
        sess.play_text(text)
    again = Session.load(GAME, sess.save_json())
    assert again.state == sess.state and again.state.rules == 4
    new = Session(GAME, 8, new_game_options(2)).state
    assert new.rules == RULES_VERSION >= 5 and bare(new.ships) == scenario_ships(8, 2, 4).ships


def _gap(x: int, y: int) -> int:
    d = abs(x - y) % 96
    return min(d, 96 - d)


def _lone(seed: int, rules: int) -> int:
    """The seat of a three-ship start that is farther from both others than they are from each other."""
    a = [arc_span(s.ring, s.sector)[0] for s in scenario_ships(seed, 3, rules).ships]
    lone = [
        i
        for i in range(3)
        if min(_gap(a[i], a[(i + 1) % 3]), _gap(a[i], a[(i + 2) % 3])) > _gap(a[(i + 1) % 3], a[(i + 2) % 3])
    ]
    assert len(lone) == 1, (seed, rules, a)
    return lone[0]


def test_rules_six_draw_which_of_three_seats_starts_alone_and_rules_five_keep_the_first_mover():
    """Rules 6 (issue 28, session 9, fair seats): with three ships the seed draws the lone seat; rules
    5 (and 3, 4) always put the first mover there; duels are the same under 6."""
    assert RULES_VERSION >= 6
    assert {_lone(seed, 5) for seed in range(60)} == {0}
    drawn = [_lone(seed, 6) for seed in range(60)]
    assert drawn == [lone_seat(seed) for seed in range(60)]
    assert all(drawn.count(k) >= 12 for k in (0, 1, 2))  # every seat starts alone in some games
    for seed in range(60):
        s5, s6 = scenario_ships(seed, 3, 5), scenario_ships(seed, 3, 6)
        assert (s5.layout, s5.loadout) == (s6.layout, s6.loadout)
        assert [s.ring for s in s5.ships] == [s.ring for s in s6.ships]  # only the angles move
        if lone_seat(seed) == 0:
            assert s5 == s6
        assert scenario_ships(seed, 2, 6) == scenario_ships(seed, 2, 5)


def test_rules_six_draw_which_of_four_seats_takes_the_first_place():
    """Rules 6, four ships: seat ``place_shift`` takes the place the first mover had under rules 5
    (neighbours 20 arc units away on both sides), the others follow it round the ring in seat order."""
    shifts = [place_shift(seed, 4) for seed in range(120)]
    assert {k: shifts.count(k) >= 20 for k in range(4)} == {k: True for k in range(4)}
    assert {place_shift(seed, 2) for seed in range(40)} == {0}
    for seed in range(40):
        s5, s6 = scenario_ships(seed, 4, 5), scenario_ships(seed, 4, 6)
        k = shifts[seed]
        assert [s.ring for s in s5.ships] == [s.ring for s in s6.ships]
        # the seeded offset (the scenario's third draw), then each seat at its place's angle
        rng = Lcg32(seed ^ 0x5EED0B17)
        rng.next_below(4), rng.next_below(3)
        offset = rng.next_below(96)
        places = {0: 0, 1: 20, 2: 48, 3: 76}
        for i, ship in enumerate(s6.ships):
            angle = (offset + places[(i - k) % 4]) % 96
            assert ship.sector == angle * RING_SECTORS[ship.ring] // 96, (seed, k, i)
        if k == 0:
            assert s5 == s6


def test_a_rules_five_three_ship_game_replays_as_rules_five_and_new_games_use_rules_six():
    seed = next(s for s in range(100) if lone_seat(s) != 0)
    sess = Session(GAME, seed, {"players": 3, "rules": 5})
    assert sess.state.ships == scenario_ships(seed, 3, 5).ships
    for text in ("coast",) * 4:
        sess.play_text(text)
    again = Session.load(GAME, sess.save_json())
    assert again.state == sess.state and again.state.rules == 5
    new = Session(GAME, seed, new_game_options(3)).state
    assert (
        new.rules == RULES_VERSION >= 6
        and bare(new.ships) == scenario_ships(seed, 3, 6).ships != scenario_ships(seed, 3, 5).ships
    )
    assert _lone(seed, 6) == lone_seat(seed) != 0
