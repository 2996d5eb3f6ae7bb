"""Co-op as a party (issue 29): guests never only watch. At a shrine, a rest site or an event the
host chooses one option; every other player marks a wish for one of them first (the option's index
in ``options_now``), shown to all. A wish is not a move; it belongs to the phase it was made in.

Boundaries: the last option's index is a wish, one more is refused; a wish in a fight is refused."""

from __future__ import annotations

import pytest

from engine.core.hashing import state_hash
from engine.runmap import GAME
from engine.runmap.game import party_bot_move as bot_move
from engine.runmap.moves import Choose, Join, Select
from engine.runmap.party import (
    option_votes,
    option_wish,
    options_now,
    tally,
    valid_wishes,
    wish_problem,
    with_wish,
)
from engine.runmap.rules import apply_move
from engine.runmap.state import Phase, RunState


def to_map(s: RunState) -> RunState:
    while s.phase != Phase.MAP:
        s = apply_move(s, bot_move(s))
    return s


@pytest.fixture(scope="module")
def shrine_then_rest() -> tuple[RunState, RunState]:
    """Seed 4, three players: after the first fight node 1 is a shrine, then node 3 a rest site."""
    s = GAME.initial(4, {"players": 3})
    for seat in (1, 2):
        s = apply_move(s, Join(seat))
    s = apply_move(to_map(s), Select(0, 1))
    assert s.phase == Phase.SHRINE
    shrine = s
    s = apply_move(s, Choose(0, "upgrade"))
    s = apply_move(to_map(s), Select(0, 3))
    assert s.phase == Phase.REST
    return shrine, s


def test_the_options_a_wish_can_name(shrine_then_rest):
    shrine, rest = shrine_then_rest
    assert options_now(shrine) == ("blessing", "upgrade", "atonement")
    assert options_now(rest) == ("rest", "upgrade")
    assert options_now(to_map(apply_move(shrine, Choose(0, "upgrade")))) == ()  # the map: nodes


@pytest.mark.parametrize(("which", "last"), [(0, 2), (1, 1)])
def test_a_wish_names_an_option_up_to_the_last_one(shrine_then_rest, which, last):
    s = shrine_then_rest[which]
    for k in range(last + 1):
        assert wish_problem(s, 1, option_wish(s, k)) is None
    assert "the options are" in (wish_problem(s, 1, option_wish(s, last + 1)) or "")
    assert "the options are" in (wish_problem(s, 1, option_wish(s, 0) - 1) or "")
    assert "the options are" in (wish_problem(s, 1, s.current_node_index) or "")  # a node is no option
    assert wish_problem(s, 2, None) is None


def test_option_wishes_tally_and_never_change_the_run(shrine_then_rest):
    shrine, rest = shrine_then_rest
    up, stay = option_wish(rest, 1), option_wish(rest, 0)
    w = with_wish(with_wish({}, 1, up), 2, up)
    assert tally(rest, w) == {up: [1, 2]} and option_votes(rest, tally(rest, w)) == {1: [1, 2]}
    assert option_votes(rest, tally(rest, with_wish(w, 2, stay))) == {0: [2], 1: [1]}
    assert state_hash(rest) == state_hash(rest.model_copy())  # nothing about a wish is in the run
    at_shrine = with_wish({}, 1, option_wish(shrine, 1))  # the shrine's upgrade, wished back then
    assert valid_wishes(rest, at_shrine) == {} and option_votes(rest, tally(rest, at_shrine)) == {}
    assert valid_wishes(apply_move(rest, Choose(0, "rest")), w) == {}  # the party moved on


def test_no_wish_in_a_fight():
    s = GAME.initial(4, {"players": 2})
    s = apply_move(s, Join(1))
    assert s.phase == Phase.COMBAT
    assert "not on the map" in (wish_problem(s, 1, 0) or "")
