"""Co-op as a party (issue 29): wishes on the map, seats on return, and who may say what.

A wish is not a move: it never changes the run; each seat wishes only for itself, only for a node
the party can reach now; only the host's table of wishes counts; a seat the run no longer has is
told so (``dropped``) and comes back asking for its old seat."""

from __future__ import annotations

import json

import pytest

from engine.runmap import GAME
from engine.runmap.moves import Drop, Join, Select
from engine.runmap.party import seat_for_return, tally, valid_wishes, wish_problem, with_wish
from engine.runmap.peer import Dropped, Hello, PeerRefusal, Wish, Wishes, out_of_turn, parse_peer_message
from engine.runmap.rules import apply_move
from engine.runmap.state import Phase


def raw(**kw: object) -> str:
    return json.dumps({"from": "tab-1", **kw})


@pytest.fixture(scope="module")
def mapped():
    from engine.runmap.game import party_bot_move as bot_move  # noqa: PLC0415

    s = GAME.initial(11, {"preset": "full", "players": 3})
    for seat in (1, 2):
        s = apply_move(s, Join(seat))
    while s.phase != Phase.MAP:
        s = apply_move(s, bot_move(s))
    return s


def test_a_wish_names_a_reachable_node_of_a_connected_seat(mapped):
    avail = [n.index for n in mapped.available_nodes()]
    assert len(avail) >= 2
    assert wish_problem(mapped, 1, avail[0]) is None
    assert wish_problem(mapped, 2, None) is None  # clearing a wish
    far = max(n.index for n in mapped.layout.nodes)
    assert "not reachable" in (wish_problem(mapped, 1, far) or "")
    assert "not reachable" in (wish_problem(mapped, 1, mapped.current_node_index) or "")
    gone = apply_move(mapped, Drop(2))
    assert "not in the party" in (wish_problem(gone, 2, avail[0]) or "")


def test_the_wish_table_tallies_by_node_and_forgets_a_left_position(mapped):
    avail = [n.index for n in mapped.available_nodes()]
    w = with_wish({}, 1, avail[0])
    w = with_wish(w, 2, avail[0])
    w = with_wish(w, 0, avail[1])
    assert tally(mapped, w) == {avail[0]: [1, 2], avail[1]: [0]}
    w = with_wish(w, 2, avail[1])  # a seat has one wish: the new one replaces the old
    assert tally(mapped, w) == {avail[0]: [1], avail[1]: [0, 2]}
    assert tally(mapped, with_wish(w, 1, None)) == {avail[1]: [0, 2]}
    moved = apply_move(mapped, Select(mapped.host or 0, avail[1]))
    assert valid_wishes(moved, w) == {}  # the party moved on: no wish holds any more
    assert tally(moved, w) == {}


def test_a_wish_never_changes_the_run(mapped):
    before = mapped.model_dump()
    avail = [n.index for n in mapped.available_nodes()]
    tally(mapped, with_wish({}, 1, avail[0]))
    assert mapped.model_dump() == before


@pytest.mark.parametrize(
    ("connected", "want", "seat"), [((0,), 2, 2), ((0, 2), 2, 1), ((0,), None, 1), ((0, 1, 2), 1, None)]
)
def test_a_returning_player_gets_its_old_seat_when_free(connected, want, seat):
    s = GAME.initial(3, {"preset": "slice", "players": 3})
    for c in connected[1:]:
        s = apply_move(s, Join(c))
    assert seat_for_return(s, want) == seat


def test_wish_messages_parse_and_each_seat_wishes_only_for_itself(mapped):
    node = mapped.available_nodes()[0].index
    w = parse_peer_message(raw(t="wish", seat=1, node=node, n=5, by=1))
    assert isinstance(w, Wish) and out_of_turn(mapped, w, 1) is None
    assert "cannot speak for p2" in (
        out_of_turn(mapped, parse_peer_message(raw(t="wish", seat=2, node=node, n=5)), 1) or ""
    )
    table = parse_peer_message(raw(t="wishes", n=5, w=[[1, node]]))
    assert isinstance(table, Wishes)
    assert "not the host" in (out_of_turn(mapped, table, 1) or "")
    assert out_of_turn(mapped, table, 0) is None
    with pytest.raises(PeerRefusal, match="wishes: w"):
        parse_peer_message(raw(t="wishes", n=5, w=[[1, 2]] * 5))  # at most one per seat
    with pytest.raises(PeerRefusal, match="wish: seat"):
        parse_peer_message(raw(t="wish", seat=7, node=1, n=0))
    with pytest.raises(PeerRefusal, match="wish: node"):
        parse_peer_message(raw(t="wish", seat=1, node=-1, n=0))


def test_dropped_comes_from_another_seated_peer_and_hello_asks_for_a_seat(mapped):
    d = parse_peer_message(raw(t="dropped", seat=0, h=1))
    assert isinstance(d, Dropped)
    assert out_of_turn(mapped, d, 1) is None
    assert out_of_turn(mapped, d, 0) is not None  # a seat cannot drop itself
    assert out_of_turn(mapped, d, None, claims_ok=True) is not None  # nor an unseated peer
    h = parse_peer_message(raw(t="hello", seat=2))
    assert isinstance(h, Hello) and h.seat == 2
    assert isinstance(parse_peer_message(raw(t="beat", seat=1, n=3, h=1)), object)


def test_between_tabs_a_tab_speaks_only_for_its_own_seat(mapped):
    """``TabLink.tab_seat``: seats bound to tab ids (own seat, the host's, first heard), a claim for
    a seat bound to another tab refused; the bound seat goes to ``out_of_turn``, which refuses a
    ``by`` that is not it."""
    from tests.gwstub import glue_modules  # noqa: PLC0415

    with glue_modules(("runmap.net",)) as mods:
        tab_link = mods["runmap.net"].TabLink
        link = tab_link.__new__(tab_link)
        link.seat_of = {}
        link.seated("me", 1)  # this tab's own seat
        link.seated("host", 0)  # the tab that sent the room
        conn = (0, 1, 2)
        assert link.tab_seat("host", 0, conn) == (0, None)
        for seat in (0, 1):
            bound, why = link.tab_seat("forger", seat, conn)
            assert bound is None and "another tab" in (why or "")
        assert link.tab_seat("third", 2, conn) == (2, None)  # the first tab heard for p2 is p2
        assert "another tab" in (link.tab_seat("fourth", 2, conn)[1] or "")
        assert link.tab_seat("ghost", 3, conn) == (3, None) and "ghost" not in link.seat_of  # not connected
        link.unseated(2)  # p2 left: a new tab may take the seat
        assert link.tab_seat("fourth", 2, conn) == (2, None)
        # a bound tab claiming another seat: its bound seat goes on, and out_of_turn refuses
        bound, why = link.tab_seat("third", 0, conn)
        assert (bound, why) == (None, "p0 is another tab: a tab speaks only for its own seat")
        bound, _ = link.tab_seat("fourth", 1, conn)
        forged = parse_peer_message(raw(t="move", n=0, m="p0 attack", by=1))
        assert bound == 2 and "cannot speak for p1" in (out_of_turn(mapped, forged, bound) or "")


def test_the_next_host_may_announce_the_silent_hosts_drop_and_nobody_else(mapped):
    """With three seats, when host p1 falls silent p2 plays its drop; p3 must take p2's word for
    it (else p3 refuses the run that goes on); p3 announcing it, or p2 dropping another seat, is
    refused as before."""
    drop0 = parse_peer_message(raw(t="move", n=9, m=GAME.format_move(Drop(0))))
    assert out_of_turn(mapped, drop0, 1) is None
    assert "not the host" in (out_of_turn(mapped, drop0, 2) or "")
    drop2 = parse_peer_message(raw(t="move", n=9, m=GAME.format_move(Drop(2))))
    assert "not the host" in (out_of_turn(mapped, drop2, 1) or "")
    other = parse_peer_message(raw(t="move", n=9, m="p1 attack"))
    assert "not the host" in (out_of_turn(mapped, other, 1) or "")
