"""Play by link: codes round-trip; tampered, truncated, foreign, older and out-of-order links are
refused with a message and change nothing."""

from __future__ import annotations

import base64
import hashlib
import json
import zlib

import pytest

from engine.orbit.game import RULES_LATEST, RULES_VERSION, new_game_options
from engine.orbit.link import PREFIX, LinkError, accept, decode, encode, final_state, movers, receiver_seat

SEATS = ["host", "guest"]
OPTS = new_game_options(2)


def test_code_round_trips_and_replays_to_the_same_position():
    code = encode(42, OPTS, SEATS, ["coast", "coast", "eng=1 coast"])
    rec = decode(code)
    assert rec.moves == ("coast", "coast", "eng=1 coast") and rec.seats == tuple(SEATS)
    assert final_state(rec).turn == 3 and final_state(rec).rules == RULES_VERSION


def _resign(code: str, body_change) -> str:  # noqa: ANN001
    data = code[len(PREFIX) :].rpartition(".")[0]
    body = json.loads(zlib.decompress(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))))
    body_change(body)
    raw = json.dumps(body, separators=(",", ":"), sort_keys=True).encode()
    data = base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")
    return f"{PREFIX}{data}.{hashlib.sha256(data.encode()).hexdigest()[:10]}"


def test_tampered_truncated_and_foreign_codes_are_refused_with_a_reason():
    code = encode(42, OPTS, SEATS, ["coast", "coast"])
    with pytest.raises(LinkError, match="checksum"):
        decode(code[:-15] + code[-14:])
    with pytest.raises(LinkError, match="checksum"):
        decode(code[:-3])
    with pytest.raises(LinkError, match="not an Orbit"):
        decode("hello")
    # a re-signed record whose moves were edited no longer reaches the position it claims
    forged = _resign(code, lambda b: b["m"].__setitem__(1, "eng=1 coast"))
    with pytest.raises(LinkError, match="tampered"):
        decode(forged)
    illegal = _resign(code, lambda b: b["m"].append("burn=heavy"))
    with pytest.raises(LinkError, match="turn 3"):
        decode(illegal)


def test_accept_takes_only_the_same_game_continued_by_the_other_side():
    mine = decode(encode(42, OPTS, SEATS, ["coast"]))  # host played turn 1 and shared
    theirs = decode(encode(42, OPTS, SEATS, ["coast", "coast"]))  # guest replied
    assert accept(mine, theirs, "host") is theirs
    with pytest.raises(LinkError, match="older"):
        accept(theirs, mine, "host")
    with pytest.raises(LinkError, match="older"):
        accept(theirs, theirs, "host")
    other = decode(encode(43, OPTS, SEATS, ["coast", "coast"]))
    with pytest.raises(LinkError, match="different game"):
        accept(mine, other, "host")
    forked = decode(encode(42, OPTS, SEATS, ["eng=1 coast", "coast"]))
    with pytest.raises(LinkError, match="history differs"):
        accept(mine, forked, "host")
    # rules 2 with two ships: 0 1 | 1 0 -> after guest's two turns, a third move would be the host's
    made_for_me = decode(encode(42, OPTS, SEATS, ["coast", "coast", "coast", "coast"]))
    with pytest.raises(LinkError, match="made for you"):
        accept(mine, made_for_me, "host")
    with pytest.raises(LinkError, match="do not play"):
        accept(None, theirs, "stranger")
    assert accept(None, mine, "guest") is mine


@pytest.mark.parametrize(
    ("moves", "receiver", "ok"),
    [
        # rules 2 duel: host | guest guest | host host | ...
        (["coast"], "guest", True),  # the host's first turn: a friend's first link
        # a device that never had the game and is sent back to the host seat: the host's own turn 1
        # is in the record, played elsewhere -> refused (the host opens links where it played)
        (["coast", "coast"], "host", False),
        (["coast", "coast", "coast"], "host", False),
        # the host played the guest's two turns too and shared: the last mover is "guest", so a fresh
        # device takes the host seat, whose own turn is in the record -> refused
        (["coast", "coast", "coast", "coast"], "guest", False),
    ],
)
def test_a_device_without_the_game_never_takes_turns_played_for_it(moves, receiver, ok):
    rec = decode(encode(42, OPTS, SEATS, moves))
    assert movers(rec)[: len(moves)] == ["host", "guest", "guest", "host"][: len(moves)]
    me = receiver_seat(rec)
    assert me == receiver
    if ok:
        assert accept(None, rec, me) is rec
    else:
        with pytest.raises(LinkError, match="never saw"):
            accept(None, rec, me)
        with pytest.raises(LinkError, match="never saw"):
            accept(None, rec, "host" if me == "guest" else "guest")


def test_a_rules_five_three_ship_link_replays_under_rules_five_and_a_newer_rules_link_is_refused():
    """Rules 6 (three-ship lone seat drawn) must not move the ships of a link game begun under rules
    5; a link from a newer build (rules ``RULES_LATEST + 1``) is refused with a reason, not replayed
    under this build's rules."""
    from engine.orbit.scenarios import lone_seat, scenario_ships

    seed = next(s for s in range(100) if lone_seat(s) != 0)
    code = encode(seed, {"players": 3, "rules": 5}, ["host", "guest", "third"], ["coast", "coast"])
    st = final_state(decode(code))
    assert st.rules == 5 and st.turn == 2
    start = scenario_ships(seed, 3, 5).ships
    assert [(s.ring, s.facing) for s in st.ships] == [(s.ring, s.facing) for s in start]
    assert st.ships[2].sector == start[2].sector  # ship 3 has not moved yet: still at its rules-5 place
    assert scenario_ships(seed, 3, 6).ships[2].sector != start[2].sector  # rules 6 would have moved it
    newer = _resign(code, lambda body: body["o"].update(rules=RULES_LATEST + 1))
    with pytest.raises(LinkError):
        decode(newer)
