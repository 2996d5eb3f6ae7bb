"""Play by link: a game record (seed, options, seats, moves) as a checksummed code a URL can carry.

Two players on two devices, no server: after executing a turn, a player shares the code; the friend's
page decodes it, checks it, replays it, plays their turn and shares back. ``accept`` compares an
incoming record with the local copy and refuses, with a message naming the problem, anything that is
not the same game continued: a tampered or truncated code, another game, an older or the same turn,
a record whose history differs from ours, or one whose new moves were not made by the other side.
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from dataclasses import dataclass
from typing import Any

from engine.core.hashing import state_hash
from engine.core.session import Session
from engine.orbit.game import GAME, newer_rules
from engine.orbit.state import OrbitState

PREFIX = "orb1."
MAX_CODE = 60_000


class LinkError(ValueError):
    """A link that cannot be used; the message says why, in words a player understands."""


@dataclass(frozen=True, slots=True)
class LinkRecord:
    """A game as shared: seed, options, which seat each side plays, the moves and the final hash."""

    seed: int
    options: dict[str, Any]
    seats: tuple[str, ...]
    moves: tuple[str, ...]
    hash: str

    @property
    def game_id(self) -> str:
        """Identifies the game (seed + options + seats), whatever turn it is at."""
        blob = json.dumps([self.seed, self.options, list(self.seats)], sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()[:12]


def _replay(seed: int, options: dict[str, Any], moves: tuple[str, ...]) -> Session[OrbitState, Any]:
    try:
        sess = Session(GAME, seed, options)
    except (ValueError, TypeError) as exc:
        raise LinkError(f"the link's game settings are not valid ({exc})") from None
    for i, text in enumerate(moves):
        try:
            sess.play_text(text)
        except ValueError as exc:
            raise LinkError(f"turn {i + 1} in the link cannot be played ({exc})") from None
    return sess


def encode(seed: int, options: dict[str, Any], seats: list[str] | tuple[str, ...], moves: list[str]) -> str:
    """The code for a game: compressed JSON with the final state's hash, plus a checksum."""
    sess = _replay(seed, options, tuple(moves))
    body = {"s": seed, "o": options, "p": list(seats), "m": list(moves), "h": sess.state_hash()[:16]}
    raw = json.dumps(body, separators=(",", ":"), sort_keys=True).encode()
    data = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
    check = hashlib.sha256(data.encode()).hexdigest()[:10]
    return f"{PREFIX}{data}.{check}"


def decode(code: str) -> LinkRecord:
    """Check and replay a code; ``LinkError`` says what is wrong with it."""
    if not isinstance(code, str) or not code.strip():
        raise LinkError("the link holds no game")
    code = code.strip()
    if len(code) > MAX_CODE:
        raise LinkError("the link is too long to be a game record")
    if not code.startswith(PREFIX):
        raise LinkError("this is not an Orbit Simulator game link")
    data, dot, check = code[len(PREFIX) :].rpartition(".")
    if not dot or hashlib.sha256(data.encode()).hexdigest()[:10] != check:
        raise LinkError("the link was changed or cut short (checksum mismatch)")
    try:
        raw = zlib.decompress(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)))
        body = json.loads(raw)
        seed, options, seats, moves, h = body["s"], body["o"], body["p"], body["m"], body["h"]
    except (ValueError, KeyError, TypeError, zlib.error):
        raise LinkError("the link's game record cannot be read") from None
    if not (
        isinstance(seed, int)
        and isinstance(options, dict)
        and isinstance(seats, list)
        and all(isinstance(x, str) for x in seats)
        and isinstance(moves, list)
        and all(isinstance(x, str) for x in moves)
        and isinstance(h, str)
    ):
        raise LinkError("the link's game record has the wrong shape")
    newer = newer_rules(options)
    if newer is not None:
        raise LinkError(f"this link was made by a newer version: {newer}")
    sess = _replay(seed, options, tuple(moves))
    if sess.state_hash()[:16] != h:
        raise LinkError("the link's moves do not lead to the position it claims (tampered)")
    if len(seats) != len(sess.state.ships):
        raise LinkError("the link's seats do not match its ships")
    return LinkRecord(seed, options, tuple(seats), tuple(moves), h)


def accept(local: LinkRecord | None, incoming: LinkRecord, me: str) -> LinkRecord:
    """The record to continue from after receiving ``incoming`` as player ``me`` (a seat name).

    Refused (``LinkError``, nothing changes) when it is another game than ``local``, not newer, has a
    history that differs from ours, or contains new moves made on our behalf.
    """
    if me not in incoming.seats:
        raise LinkError("this link is for a game you do not play in")
    if local is None:
        if me in movers(incoming):
            raise LinkError(
                "this link holds turns played for you that this device never saw "
                "(open your friend's links on the device you play on)"
            )
        return incoming
    if incoming.game_id != local.game_id:
        raise LinkError("this link belongs to a different game")
    n = len(local.moves)
    if incoming.moves[:n] != local.moves[: len(incoming.moves)]:
        raise LinkError("this link's history differs from your copy of the game")
    if len(incoming.moves) <= n:
        raise LinkError("this link is older than your copy (you already have this turn)")
    state = _replay(local.seed, local.options, local.moves).state
    for text in incoming.moves[n:]:
        if incoming.seats[state.active] == me:
            raise LinkError("this link contains a turn made for you (out of order)")
        state = GAME.apply(state, GAME.parse_move(text))
    return incoming


def movers(rec: LinkRecord) -> list[str]:
    """The seat that made each move of ``rec``, in order."""
    state = _replay(rec.seed, rec.options, ()).state
    out = []
    for text in rec.moves:
        out.append(rec.seats[state.active])
        state = GAME.apply(state, GAME.parse_move(text))
    return out


def receiver_seat(rec: LinkRecord) -> str:
    """The seat of a device that opens ``rec`` with no copy of the game: not the sender, who made the
    last move (with no moves yet, the seat to move)."""
    who = movers(rec)
    if not who:
        return rec.seats[final_state(rec).active]
    return next(s for s in rec.seats if s != who[-1])


def final_state(rec: LinkRecord) -> OrbitState:
    """The position a record leads to."""
    return _replay(rec.seed, rec.options, rec.moves).state


def record_hash(state: OrbitState) -> str:
    """The short hash a code carries for ``state``."""
    return state_hash(GAME.snapshot(state))[:16]
