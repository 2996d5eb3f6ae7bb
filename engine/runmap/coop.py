"""Co-op authority as pure state transitions: who is connected, who is host.

The design is server-authoritative with a host; here the authority is the engine itself:
every command names its seat and is validated against the state. Rules:

- seat 0 is connected and host at the start; other seats ``join``;
- only the host may select nodes or act for the party (criterion 9);
- when the host ``drop``\\ s, the lowest connected seat becomes host; the map and every other
  part of the run are unchanged (edge case "Host disconnects during map selection");
- when nobody is connected, there is no host; the next seat to join becomes host;
- a seat coming back does not take the host role back.

The messages co-op peers send each other (and the invite/answer codes) are in
``engine.runmap.peer``; they are re-exported here on first use, so a solo game never builds them.
"""

from __future__ import annotations

from typing import Any

from engine.core.session import IllegalMoveError
from engine.runmap.state import RunState


def require_host(state: RunState, seat: int, what: str) -> None:
    """Refuse ``what`` unless ``seat`` is the connected host."""
    if state.host is None:
        raise IllegalMoveError(f"p{seat} cannot {what}: nobody is host (a seat must join)")
    if seat != state.host:
        raise IllegalMoveError(f"p{seat} cannot {what}: only the host (p{state.host}) decides")


def join(state: RunState, seat: int) -> RunState:
    """``seat`` connects; it becomes host if there is none."""
    if seat >= state.options.players:
        raise IllegalMoveError(f"p{seat} is not in this {state.options.players}-player run")
    if seat in state.connected:
        raise IllegalMoveError(f"p{seat} is already connected")
    connected = tuple(sorted((*state.connected, seat)))
    host = seat if state.host is None else state.host
    return state.model_copy(update={"connected": connected, "host": host, "last_event": f"p{seat} joined"})


def drop(state: RunState, seat: int) -> RunState:
    """``seat`` disconnects; if it was host, the lowest connected seat takes over."""
    if seat not in state.connected:
        raise IllegalMoveError(f"p{seat} is not connected")
    connected = tuple(s for s in state.connected if s != seat)
    host = state.host
    if host == seat:
        host = connected[0] if connected else None
    note = f"p{seat} left" + (f"; p{host} is host" if host != state.host and host is not None else "")
    return state.model_copy(update={"connected": connected, "host": host, "last_event": note})


def __getattr__(name: str) -> Any:
    """The peer-message names (``parse_peer_message``, ``Cmd``, ...) from ``engine.runmap.peer``."""
    import engine.runmap.peer as peer  # noqa: PLC0415 - imported on first use (start-up time)

    try:
        return getattr(peer, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
