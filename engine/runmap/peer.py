"""Co-op peer messages: what peers (tabs over BroadcastChannel, devices over a WebRTC data channel)
send each other, and the invite/answer codes of the device link.

Every message is validated here before the glue looks at it; a refusal names the problem.
(Split from ``engine.runmap.coop`` so a solo game never imports pydantic adapters it does not use.)
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter, ValidationError

from engine.core.schema import FrozenModel, SchemaError
from engine.core.session import SaveData
from engine.runmap.config import MAX_PLAYERS
from engine.runmap.moves import Drop, parse_move
from engine.runmap.state import RunState

MAX_PEER_MESSAGE = 64_000  # characters of JSON; a full run's save is a few kilobytes


class PeerRefusal(SchemaError):
    """A peer message that is malformed, too large or out of turn; it changes nothing."""

    def __init__(self, problem: str) -> None:
        super().__init__("peer message", [problem])
        self.args = (problem,)  # str() is the problem itself, ready for a note to the player


_Tab = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_.:-]+$")]
_Seat = Annotated[int, Field(ge=0, lt=MAX_PLAYERS)]
_MoveText = Annotated[str, Field(min_length=1, max_length=40)]


class _Msg(FrozenModel):
    src: _Tab = Field(alias="from")  # the sending tab or device
    to: _Tab | None = None  # the one addressee, or everyone
    by: _Seat | None = None  # the sender's seat, as it claims (a data channel knows it)


class Hello(_Msg):
    """A tab or device asks the host for a seat (``seat``: the one it had, when it comes back)."""

    t: Literal["hello"]
    seat: _Seat | None = None


class Room(_Msg):
    """The host gives ``seat`` and the run so far."""

    t: Literal["room"]
    seat: _Seat
    save: SaveData


class Full(_Msg):
    """The host has no free seat."""

    t: Literal["full"]


class MoveMsg(_Msg):
    """The host announces the ``n``-th accepted move."""

    t: Literal["move"]
    n: int = Field(ge=0, le=200_000)
    m: _MoveText


class Cmd(_Msg):
    """A guest asks the host to play a move for its seat."""

    t: Literal["cmd"]
    seat: _Seat
    m: _MoveText


class Reject(_Msg):
    """The host refused a command."""

    t: Literal["reject"]
    why: str = Field(max_length=300)


class Aim(_Msg):
    """Where the host's cursor is on the map."""

    t: Literal["aim"]
    node: int | None = Field(default=None, ge=0, le=1000)


class Bye(_Msg):
    """A seat leaves."""

    t: Literal["bye"]
    seat: _Seat | None = None


class Beat(_Msg):
    """A seat is alive; ``n`` moves known; ``hid`` when its page is in the background; ``w`` the
    host's wake count as the sender knows it (the host: its own; a guest echoes the host's), so a
    host that woke from a freeze can tell a guest still following it from one that dropped it."""

    t: Literal["beat"]
    seat: _Seat
    n: int = Field(ge=0, le=200_000)
    hid: bool = False
    h: _Seat | None = None  # the host as the sender's run has it
    w: int = Field(default=0, ge=0, le=1_000_000)


class Wish(_Msg):
    """A player marks the node it would take next (``None``: no wish); ``n`` moves known."""

    t: Literal["wish"]
    seat: _Seat
    node: int | None = Field(default=None, ge=0, le=100_000)  # a node, or ``party.option_wish``
    n: int = Field(ge=0, le=200_000)


class Wishes(_Msg):
    """The host's table of the party's wishes for the node after move ``n``: (seat, node) pairs."""

    t: Literal["wishes"]
    n: int = Field(ge=0, le=200_000)
    w: list[tuple[_Seat, Annotated[int, Field(ge=0, le=100_000)]]] = Field(
        default_factory=list, max_length=MAX_PLAYERS
    )


class Dropped(_Msg):
    """The host tells a peer that its ``seat`` is no longer in the run (the party went on without
    it, host ``h``): the peer rejoins instead of running a second game."""

    t: Literal["dropped"]
    seat: _Seat
    h: _Seat


class SyncAsk(_Msg):
    """A seat missed a move and asks for the whole run."""

    t: Literal["sync?"]
    seat: _Seat | None = None


class Sync(_Msg):
    """The host's whole run, for one seat."""

    t: Literal["sync"]
    save: SaveData


PeerMessage = Annotated[
    Hello
    | Room
    | Full
    | MoveMsg
    | Cmd
    | Reject
    | Aim
    | Bye
    | Beat
    | SyncAsk
    | Sync
    | Wish
    | Wishes
    | Dropped,
    Field(discriminator="t"),
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(PeerMessage)


def parse_peer_message(raw: object) -> Any:
    """Validate one raw peer message (JSON text); ``PeerRefusal`` names what is wrong."""
    if not isinstance(raw, str):
        raise PeerRefusal(f"expected JSON text, got {type(raw).__name__}")
    if len(raw) > MAX_PEER_MESSAGE:
        raise PeerRefusal(f"too large ({len(raw)} characters, at most {MAX_PEER_MESSAGE})")
    try:
        data = json.loads(raw)
    except ValueError:
        raise PeerRefusal("not valid JSON") from None
    if not isinstance(data, dict):
        raise PeerRefusal(f"expected a JSON object, got {type(data).__name__}")
    if data.get("t") not in _KINDS:
        raise PeerRefusal(f"unknown message kind {str(data.get('t'))[:20]!r}")
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) for p in first.get("loc", ())[1:]) or "(top level)"
        raise PeerRefusal(f"{data['t']}: {loc}: {first.get('msg', 'invalid')}") from None


_KINDS = frozenset(
    {"hello", "room", "full", "move", "cmd", "reject", "aim", "bye", "beat", "sync?", "sync"}
    | {"wish", "wishes", "dropped"}
)


def succeeds_host(state: RunState, msg: MoveMsg, sender: int) -> bool:
    """True when ``msg`` is the host's ``drop`` announced by the seat the rule makes host next
    (the lowest other connected seat): the host fell silent, and with three or more seats the
    others must take the successor's word for it, or they would refuse the run that goes on."""
    try:
        move = parse_move(msg.m)
    except ValueError:
        return False
    rest = [c for c in state.connected if c != state.host]
    return isinstance(move, Drop) and move.seat == state.host and bool(rest) and sender == rest[0]


def out_of_turn(state: RunState | None, msg: Any, sender: int | None, claims_ok: bool = True) -> str | None:
    """Why ``msg`` from the peer on seat ``sender`` must be refused, or ``None``. Only the host
    announces moves, hands out seats, sends the run and refuses commands (``reject``: a refusal
    shown to a player must come from the host whose engine refused); a seat speaks only for itself.

    ``sender`` is ``None`` when the link does not know the peer's seat: tabs of one browser are
    trusted to name their seat (``by``, ``claims_ok``); a device without a seat yet may only say
    hello to a running party."""
    host = None if state is None else state.host
    if sender is None and not claims_ok:
        if state is not None and not isinstance(msg, Hello):
            return f"a device without a seat may only ask to join (sent {msg.t})"
    if sender is None:
        sender = msg.by
    elif msg.by is not None and msg.by != sender:
        return f"p{sender} cannot speak for p{msg.by}"
    if (
        isinstance(msg, MoveMsg)
        and state is not None
        and sender is not None
        and succeeds_host(state, msg, sender)
    ):
        return None
    if (
        isinstance(msg, (MoveMsg, Room, Sync, Full, Aim, Reject, Wishes))
        and state is not None
        and sender != host
    ):
        who = "an unseated peer" if sender is None else f"p{sender}"
        return f"{who} is not the host (p{host}): only the host's {msg.t} counts"
    if (
        isinstance(msg, (Cmd, Beat, Bye, Wish))
        and sender is not None
        and msg.seat is not None
        and msg.seat != sender
    ):
        return f"p{sender} cannot speak for p{msg.seat}"
    if isinstance(msg, Dropped) and state is not None and (sender is None or sender == msg.seat):
        return "only a seated peer can say another seat was left behind"
    if isinstance(msg, Cmd):
        try:
            move = parse_move(msg.m)
        except ValueError as exc:
            return str(exc)
        if move.seat != msg.seat:
            return f"the command names p{move.seat}, not the sender p{msg.seat}"
    return None


# ---------------------------------------------------------------- signalling codes (WebRTC)
# Devices connect without a server: the host shows an invite code (its WebRTC offer), the guest
# pastes it and shows an answer code, the host pastes that. A code is the session description,
# zlib-compressed and base64url-encoded behind a prefix naming its kind.

SIGNAL_PREFIX = {"offer": "GWRM-INVITE-", "answer": "GWRM-ANSWER-"}
MAX_SIGNAL_CODE = 12_000
MAX_SDP = 20_000


class Signal(FrozenModel):
    """A WebRTC session description carried by an invite (offer) or answer code."""

    kind: Literal["offer", "answer"]
    sdp: str = Field(min_length=10, max_length=MAX_SDP)


def encode_signal(kind: Literal["offer", "answer"], sdp: str) -> str:
    """The code a player copies: prefix + base64url(zlib(sdp))."""
    sig = Signal(kind=kind, sdp=sdp)
    return SIGNAL_PREFIX[kind] + base64.urlsafe_b64encode(zlib.compress(sig.sdp.encode(), 9)).decode().rstrip(
        "="
    )


CODE_RE = re.compile(r"GWRM-(INVITE|ANSWER)-")
BODY_RE = re.compile(r"[A-Za-z0-9_-]*")
MAX_PASTE = 4 * MAX_SIGNAL_CODE  # a code with the chat text around it


def _inflate(body: str) -> str | None:
    """The SDP in a code's body; None when the body is a cut-short prefix of a code;
    ``PeerRefusal`` when it cannot be one."""
    if len(body) % 4 == 1:
        return None  # base64 cannot end here: more characters must follow
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        dec = zlib.decompressobj()
        sdp = dec.decompress(raw, MAX_SDP + 1).decode()
    except (ValueError, zlib.error, UnicodeDecodeError):
        raise PeerRefusal("the code is damaged (copy all of it)") from None
    if not dec.eof:
        return None
    if len(sdp) > MAX_SDP or not sdp.startswith("v=0"):
        raise PeerRefusal("the code does not hold a connection offer or answer")
    return sdp


def decode_signal(text: object, expect: Literal["offer", "answer"]) -> Signal:
    """Read a pasted code, also from inside the chat message it came in (text around it, the
    code broken over lines); ``PeerRefusal`` says what is wrong: not a code, the other kind of
    code, a code cut short (half-copied) or damaged."""
    if not isinstance(text, str):
        raise PeerRefusal("a code must be text")
    if len(text) > MAX_PASTE:
        raise PeerRefusal(f"the pasted text is too long ({len(text)} characters, at most {MAX_PASTE})")
    m = CODE_RE.search(text)
    if m is None:
        raise PeerRefusal("no Run Map co-op code found (it starts with GWRM-INVITE- or GWRM-ANSWER-)")
    kind: Literal["offer", "answer"] = "offer" if m.group(1) == "INVITE" else "answer"
    if kind != expect:
        want = "the host's invite code" if expect == "offer" else "the guest's answer code"
        raise PeerRefusal(f"this is an {'invite' if kind == 'offer' else 'answer'} code; paste {want}")
    body = ""
    for token in text[m.end() :].split():  # a chat may break a long code over lines
        part = BODY_RE.match(token)
        run = part.group(0) if part else ""
        if body and not run:
            break
        if len(body) + len(run) > MAX_SIGNAL_CODE:
            raise PeerRefusal(f"the code is too long (more than {MAX_SIGNAL_CODE} characters)")
        try:
            sdp = _inflate(body + run)
        except PeerRefusal:
            if body:  # the next word is not the code's: the code stopped before it
                break
            raise
        body += run
        if sdp is not None:
            return Signal(kind=kind, sdp=sdp)
        if run != token:
            break  # punctuation right after the code's last character
    raise PeerRefusal(
        "the code is cut short: only part of it was copied. Copy the whole code, from GWRM- to its last character"
    )
