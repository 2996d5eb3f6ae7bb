"""The Orbit page's view-model (pure Python): hot-seat undo, the reactor figures it shows."""

from __future__ import annotations

from engine.orbit.moves import parse_plan
from engine.orbit.rules import Subsystem
from www.orbit.model import HUMAN, Match, Planner


def test_hot_seat_next_player_cannot_undo_the_previous_players_turn():
    m = Match(7, [HUMAN, HUMAN])
    assert not m.can_undo()
    m.play(parse_plan("coast"))
    # ship 2 now holds the device: ship 1's executed turn is not theirs to take back
    assert m.state.active == 1 and not m.can_undo() and not m.undo()
    assert len(m.turns) == 1


def test_against_the_computer_undo_takes_back_the_humans_turn_and_the_reply():
    m = Match(7, [HUMAN, "random"])
    m.play(parse_plan("coast"))
    m.play(parse_plan("coast"))
    assert m.can_undo() and m.undo() and len(m.turns) == 0


def test_planner_reactor_gauge_counts_returned_energy_for_next_turn_only():
    m = Match(
        3,
        [HUMAN, HUMAN],
        {
            "ships": [
                {"ring": 5, "sector": 0, "energy": {"las": 2, "rail": 4, "mis": 2, "shd": 2}},
                {"ring": 5, "sector": 48},
            ]
        },
    )
    pl = Planner(m.state)
    assert pl.energy(Subsystem.RAILGUN, -1) is None
    b = pl.budget()
    assert (b["reactor_free"], b["returning"], b["reactor_next"]) == (0, 1, 1)


def test_link_match_waits_for_the_friend_and_its_code_replays_there():
    from engine.orbit.link import decode
    from www.orbit.model import FRIEND

    host = Match.for_link(99, 0)
    assert host.seats == [HUMAN, FRIEND] and not host.waiting_for_friend()
    host.play(parse_plan("coast"))
    assert host.waiting_for_friend() and not host.can_undo()  # a shared turn cannot be taken back
    rec = decode(host.link_code())
    guest = Match.for_link(rec.seed, 1, rec.moves, rec.options)
    assert guest.state == host.state and not guest.waiting_for_friend()
    assert Match.restore(guest.to_save()).link_me == 1


def test_a_page_save_in_todays_format_restores_under_rules_one():
    from www.orbit.model import OrbitSave

    # what the page stored before issue 18: no "rules" option, no link seat
    old = {
        "session": {
            "game": "orbit",
            "version": 1,
            "seed": 1234,
            "options": {"players": 2},
            "moves": ["coast", "eng=1 coast", "coast"],
        },
        "seats": ["human", "tactical"],
    }
    m = Match.restore(OrbitSave.model_validate(old))
    assert m.state.rules == 1 and len(m.turns) == 3 and m.link_me is None
    a, b = m.state.ships
    assert a.ring == b.ring  # the rules-1 one-ring start
    assert m.state.active == 1 and m.kind() == "tactical"  # fixed seat order: the computer is next
    m.play(parse_plan("coast"))
    assert m.state.turn == 4
