"""Co-op peer messages (issue 19): malformed, oversized or out-of-turn messages are refused with a
note naming the problem; heartbeat limits tolerate background-tab throttling."""

from __future__ import annotations

import json

import pytest

from engine.core.session import Session
from engine.runmap import GAME
from engine.runmap.coop import (
    MAX_PEER_MESSAGE,
    Beat,
    Cmd,
    MoveMsg,
    PeerRefusal,
    Room,
    decode_signal,
    encode_signal,
    out_of_turn,
    parse_peer_message,
)
from engine.runmap.moves import Join
from engine.runmap.rules import apply_move
from www.runmap.iceconf import ice_servers
from www.runmap.presence import HIDDEN_SILENT_MS, VISIBLE_SILENT_MS, Presence


def raw(**kw: object) -> str:
    return json.dumps({"from": "tab-1", **kw})


def two_seats():
    return apply_move(GAME.initial(5, {"rules": 2, "preset": "full", "players": 2}), Join(1))


def test_well_formed_messages_parse_into_their_kind():
    assert isinstance(parse_peer_message(raw(t="move", n=3, m="p0 attack", by=0)), MoveMsg)
    save = Session(GAME, 5, {"preset": "slice", "players": 2}).save().model_dump(mode="json")
    room = parse_peer_message(raw(t="room", seat=1, save=save, to="tab-2", by=0))
    assert isinstance(room, Room) and room.save.seed == 5
    assert parse_peer_message(raw(t="beat", seat=1, n=0, hid=True)).hid is True


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("x" * (MAX_PEER_MESSAGE + 1), "too large"),
        ("{not json", "not valid JSON"),
        ("[1, 2]", "expected a JSON object"),
        (raw(t="explode"), "unknown message kind"),
        (raw(t="move", n=-1, m="p0 attack"), "move: n"),
        (raw(t="cmd", seat=9, m="p9 attack"), "cmd: seat"),
        (raw(t="cmd", seat=1, m="p1 attack", extra=1), "extra"),
        (json.dumps({"t": "hello", "from": "bad id!"}), "hello: from"),
        (raw(t="room", seat=1, save={"game": "runmap"}), "room: save"),
    ],
)
def test_malformed_or_oversized_messages_are_refused_with_a_reason(text, problem):
    with pytest.raises(PeerRefusal, match=problem):
        parse_peer_message(text)
    with pytest.raises(PeerRefusal):
        parse_peer_message(12)


def test_only_the_host_announces_moves_and_a_seat_speaks_only_for_itself():
    state = two_seats()  # p0 host, p1 guest
    forged = parse_peer_message(raw(t="move", n=0, m="p0 attack", by=1))
    assert "not the host" in (out_of_turn(state, forged, None) or "")
    assert "not the host" in (
        out_of_turn(state, parse_peer_message(raw(t="move", n=0, m="p0 attack")), 1) or ""
    )
    assert out_of_turn(state, parse_peer_message(raw(t="move", n=0, m="p0 attack", by=0)), 0) is None
    # the data channel knows the sender: a claim for another seat is refused
    claim = parse_peer_message(raw(t="cmd", seat=0, m="p0 select 1", by=0))
    assert "cannot speak for p0" in (out_of_turn(state, claim, 1) or "")
    mismatch = parse_peer_message(raw(t="cmd", seat=1, m="p0 attack"))
    assert "names p0" in (out_of_turn(state, mismatch, 1) or "")
    assert isinstance(parse_peer_message(raw(t="cmd", seat=1, m="p1 attack")), Cmd)
    assert out_of_turn(state, parse_peer_message(raw(t="cmd", seat=1, m="p1 attack")), 1) is None
    beat = parse_peer_message(raw(t="beat", seat=0, n=0))
    assert isinstance(beat, Beat) and out_of_turn(state, beat, 1) is not None
    # a refusal shown to a player must come from the host whose engine refused (issue 29)
    reject = parse_peer_message(raw(t="reject", why="only the host (p0) decides"))
    assert "not the host" in (out_of_turn(state, reject, 1) or "")
    assert "not the host" in (
        out_of_turn(state, parse_peer_message(raw(t="reject", why="x", by=1)), None) or ""
    )
    assert out_of_turn(state, reject, 0) is None
    # a guest's in-turn-looking command still cannot change the run: the engine refuses it
    with pytest.raises(ValueError, match="only the host"):
        apply_move(state, GAME.parse_move("p1 attack"))


def test_hidden_peers_get_minutes_before_they_count_as_gone():
    p = Presence()
    p.reset([0, 1, 2], 0.0)
    p.heard(1, 0.0, hidden=True)  # seat 1's page went to the background
    later = VISIBLE_SILENT_MS + 1
    assert p.silent([0, 1, 2], 0, later) == [2]
    assert p.silent([0, 1, 2], 0, 3 * 60_000.0) == [2]  # throttled to a beat a minute: still there
    assert p.silent([0, 1, 2], 0, HIDDEN_SILENT_MS + 1) == [1, 2]
    p.heard(1, HIDDEN_SILENT_MS, hidden=False)
    assert p.silent([0, 1], 0, HIDDEN_SILENT_MS + VISIBLE_SILENT_MS / 2) == []


def test_signal_codes_round_trip_and_bad_codes_are_named():
    sdp = "v=0\r\no=- 4611 2 IN IP4 127.0.0.1\r\na=candidate:1 1 udp 2113937151 abc.local 5000 typ host\r\n"
    invite = encode_signal("offer", sdp)
    assert invite.startswith("GWRM-INVITE-") and decode_signal(invite, "offer").sdp == sdp
    spaced = invite[:20] + "\n  " + invite[20:]  # a chat app wrapped the line
    assert decode_signal(spaced, "offer").sdp == sdp
    with pytest.raises(PeerRefusal, match="this is an invite code; paste the guest's answer code"):
        decode_signal(invite, "answer")
    with pytest.raises(PeerRefusal, match="no Run Map co-op code found"):
        decode_signal("hello there", "offer")
    middle = len(invite) // 2
    flipped = invite[:middle] + ("B" if invite[middle] != "B" else "C") * 4 + invite[middle + 4 :]
    with pytest.raises(PeerRefusal, match="damaged"):
        decode_signal(flipped, "offer")
    # found inside the chat message it came in, also broken over lines
    chat = f"hi! here is my code:\n{invite[:30]}\n{invite[30:]}\nsee you in the game :)"
    assert decode_signal(chat, "offer").sdp == sdp
    assert decode_signal(f"code: {invite}. thanks", "offer").sdp == sdp
    # half-copied: named as cut short, at any length up to one character missing
    for cut in (len("GWRM-INVITE-") + 1, middle, len(invite) - 1):
        with pytest.raises(PeerRefusal, match="cut short"):
            decode_signal(invite[:cut], "offer")
    with pytest.raises(PeerRefusal, match="too long"):
        decode_signal("GWRM-INVITE-" + "A" * 20_000, "offer")
    with pytest.raises(PeerRefusal, match="does not hold"):
        decode_signal(encode_signal("answer", "not an sdp at all"), "answer")


def test_no_ice_server_is_contacted_unless_the_player_opts_in():
    assert ice_servers(False) == []
    assert ice_servers(True) == [{"urls": "stun:stun.l.google.com:19302"}]
