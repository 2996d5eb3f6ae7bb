"""The co-op heartbeat (issue 29): every member beats once a second; a seat silent past its limit
(``presence``) has left. A host that woke from a freeze counts its wakes and its beats carry the
count; guests echo the host's count in theirs, so the woken host knows which guests still follow it
(a beat queued during the freeze carries the old count; a guest that dropped it never echoes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.runmap.peer import Beat

    from .app_face import CoopFace


def tick(ctl: CoopFace) -> None:
    """One beat of this page: it is alive (its own ``w``: the host's wake count as it knows it),
    and the seats silent past their limit are gone."""
    from .net import hidden, now  # noqa: PLC0415

    session = ctl.app.session
    if not ctl.active or ctl.seat is None:
        return
    ctl._wake_check()
    t = now()
    p = ctl.presence
    p.heard(ctl.seat, t)
    host = session.state.host
    w = p.wakes if host == ctl.seat else p.host_wakes
    ctl.send({"t": "beat", "seat": ctl.seat, "n": len(session.moves), "hid": hidden(), "h": host, "w": w})
    for c in p.silent(session.state.connected, ctl.seat, t):
        if host == ctl.seat or c == host:  # (a guest hears only the host between devices)
            ctl.trace(f"p{c + 1} silent")
        ctl._gone(c)
    ctl.app.shell.invalidate()


def beat_heard(ctl: CoopFace, msg: Beat, sender: int) -> None:
    """A member's beat: a guest keeps the host's wake count; a host notes who echoes its own."""
    state = ctl.app.state
    if ctl.is_host():
        if (
            msg.w == ctl.presence.wakes
            and ctl.presence.woke_at is not None
            and sender not in ctl.presence.following
        ):
            ctl.trace(f"p{sender + 1} still follows")
        ctl.presence.echoed(sender, msg.w)
    elif sender == state.host:
        ctl.presence.host_wakes = msg.w
