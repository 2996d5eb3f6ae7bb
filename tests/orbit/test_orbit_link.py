"""Play by link: codes round-trip; tampered, truncated, foreign, older and out-of-order links are
refused with a message and change nothing."""

from __future__ import annotations

import base64
import hashlib
import json
import zlib

import pytest

from engine.orbit.game import new_game_options
from engine.orbit.link import PREFIX, LinkError, accept, decode, encode, final_state

SEATS = ["host", "guest"]
OPTS = new_game_options(2)


def test_code_round_trips_and_replays_to_the_same_position():
    code = encode(42, OPTS, SEATS, ["coast", "coast", "eng=1 coast"])
    rec = decode(code)
    assert rec.moves == ("coast", "coast", "eng=1 coast") and rec.seats == tuple(SEATS)
    assert final_state(rec).turn == 3 and final_state(rec).rules == 2


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
