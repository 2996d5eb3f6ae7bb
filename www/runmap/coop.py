"""Co-op protocol: one host decides, every member replays the host's accepted moves.

The transport is a link (``net.TabLink`` between tabs, ``rtc.RtcHub`` between devices).
Every inbound message is handled by an event listener the moment it arrives (also in hidden
pages, which draw nothing), validated by the engine (``engine.runmap.coop``: schema, size,
who may send what) and refused with a note when it is malformed or out of turn. The host plays
every command through the engine and announces each accepted move with its index; members
replay them. A member that leaves says ``bye``; one that falls silent past the limit of
``presence.py`` is dropped by the seat the engine's rule makes host.

The peer messages (``engine.runmap.peer``) are imported when a co-op run starts, not with the page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.schema import SchemaError
from engine.core.session import Session
from engine.runmap import GAME, Drop, Join, Move

from .presence import Presence

if TYPE_CHECKING:
    from engine.core.session import SaveData
    from engine.runmap.peer import Cmd

    from .app import RunMapApp
    from .net import Clock, Link, Message
    from .rtc import RtcHub

MAX_NOTES = 20


class CoopCtl:
    """This page's part in a co-op run: waiting for a host, or a member with a seat."""

    def __init__(self, app: RunMapApp) -> None:
        self.app = app
        self.link: Link | None = None
        self.clock: Clock | None = None
        self.role: str | None = None  # None (solo) | "wait" | "member"
        self.seat: int | None = None
        self.seed = 0
        self.opts: dict[str, object] = {}
        self.aim: int | None = None
        self.last_aim: int | None = None
        self.presence = Presence()
        self.refused: list[str] = []  # notes on refused peer messages (newest last)
        self.generation = 0  # bumps on every start/stop, so a stale timer does nothing

    # ------------------------------------------------------------ queries
    @property
    def active(self) -> bool:
        return self.role == "member"

    @property
    def transport(self) -> str:
        return "" if self.link is None else str(self.link.kind)

    def waiting(self) -> bool:
        return self.role == "wait"

    def is_host(self) -> bool:
        return self.active and self.app.state.host == self.seat

    def status_line(self) -> str:
        s = self.app.state
        if not self.active or self.seat is None:
            return ""
        t = self.app.t
        if s.host == self.seat:
            return t("coop_host", n=self.seat + 1)
        return t("coop_guest", n=self.seat + 1, h=(s.host + 1) if s.host is not None else "-")

    def info(self) -> dict[str, object]:
        role = "host" if self.is_host() else ("guest" if self.active else (self.role or "solo"))
        return {
            "coop": role,
            "seat": self.seat,
            "aim": self.aim,
            "link": self.transport,
            "refused": self.refused,
        }

    # ------------------------------------------------------------ lifecycle
    def start(self, seed: int, opts: dict[str, object]) -> None:
        """Co-op between tabs: look for a host tab; become the host of a new run if none answers."""
        from .net import HELLO_WAIT_MS, TabLink, later  # noqa: PLC0415

        self.stop()
        self._open(TabLink(self.receive), seed, opts)
        self.role = "wait"
        gen = self.generation
        self.send({"t": "hello"})
        later(HELLO_WAIT_MS, lambda: self._wait_over(gen))
        self.app.ui.screen = "menu"
        self.app.shell.invalidate()

    def host_new(self, link: Link, seed: int, opts: dict[str, object]) -> None:
        """Become seat 0 of a new run on ``link`` at once (used by the device link)."""
        self.stop()
        self._open(link, seed, opts)
        self._host_new()

    def host_devices(self, seed: int, opts: dict[str, object], stun: bool) -> RtcHub:
        """Co-op between devices: this device hosts a new run; guests connect with codes."""
        from .rtc import RtcHub  # noqa: PLC0415

        hub = RtcHub(self.receive, stun)
        hub.on_close = self._link_closed
        self.host_new(hub, seed, opts)
        return hub

    def join_devices(self, stun: bool) -> RtcHub:
        """Co-op between devices: wait for the host's run over a data channel (no time limit)."""
        from .rtc import RtcHub  # noqa: PLC0415

        self.stop()
        hub = RtcHub(self.receive, stun)
        hub.on_close = self._link_closed
        hub.on_open = lambda key: self.send({"t": "hello"}, key)
        self._open(hub, 0, {})
        self.role = "wait"
        return hub

    def _link_closed(self, key: str, seat: int | None) -> None:
        """A data channel closed: its seat has left (no heartbeat needed)."""
        if seat is not None and self.active:
            self._gone(seat)
            self.app.shell.invalidate()

    def _open(self, link: Link, seed: int, opts: dict[str, object]) -> None:
        from .net import Clock  # noqa: PLC0415

        self.generation += 1
        self.link = link
        self.clock = Clock(self.tick, self.tick, self._hide)
        self.seed = seed
        self.opts = {**opts, "players": max(2, int(str(opts.get("players", 2))))}

    def _wait_over(self, gen: int) -> None:
        if gen == self.generation and self.role == "wait":
            self._host_new()

    def _host_new(self) -> None:
        from .net import now  # noqa: PLC0415

        self.role = "member"
        self.seat = 0
        self.presence.reset([0], now())
        self.app.start_session(Session(GAME, self.seed, self.opts, keep_events=True))

    def stop(self) -> None:
        if self.link is not None:
            self._hide()
            self.link.close()
        if self.clock is not None:
            self.clock.close()
        self.generation += 1
        self.link = None
        self.clock = None
        self.role = None
        self.seat = None
        self.aim = None

    def _hide(self) -> None:
        if self.active:
            self.send({"t": "bye", "seat": self.seat})

    def _adopt(self, save: SaveData, seat: int) -> bool:
        from .net import now  # noqa: PLC0415

        try:
            session = Session.load(GAME, save, keep_events=True)
        except SchemaError as exc:
            self.note(str(exc))
            return False
        self.role = "member"
        self.seat = seat
        self.presence.reset(session.state.connected, now())
        self.app.start_session(session)
        return True

    # ------------------------------------------------------------ traffic
    def send(self, msg: Message, peer: str | None = None) -> None:
        if self.link is not None:
            if self.active and self.seat is not None:
                msg = {**msg, "by": self.seat}
            self.link.send(msg, peer)

    def note(self, why: str) -> None:
        """A refused peer message: kept for the tests and shown to the player."""
        self.refused = [*self.refused[-MAX_NOTES + 1 :], why[:200]]
        self.app.notify(self.app.t("peer_refused", why=why[:120]))

    def receive(self, text: str, peer: str | None = None, peer_seat: int | None = None) -> None:
        """An event listener: one raw message from a peer (``peer_seat`` when the link knows it)."""
        try:
            self._receive(text, peer, peer_seat)
        except Exception as exc:  # noqa: BLE001 - a listener must never die; the run is unchanged
            self.note(f"{type(exc).__name__}: {exc}")
        self.app.shell.invalidate()

    def _receive(self, text: str, peer: str | None, peer_seat: int | None) -> None:
        from engine.runmap.peer import Cmd, PeerRefusal, out_of_turn, parse_peer_message  # noqa: PLC0415

        if self.link is None:
            return
        try:
            msg = parse_peer_message(text)
        except PeerRefusal as exc:
            self.note(str(exc))
            return
        if msg.src == self.link.me or (msg.to is not None and msg.to != self.link.me):
            return
        claims_ok = self.link.kind == "tabs"
        why = out_of_turn(self.app.state if self.active else None, msg, peer_seat, claims_ok)
        if why is not None:
            self.note(why)
            if isinstance(msg, Cmd):
                self.send({"t": "reject", "why": why}, peer or msg.src)
            return
        self._on(msg, peer or msg.src, peer_seat if peer_seat is not None else msg.by)

    def _on(self, msg: object, reply_to: str, sender: int | None) -> None:
        from engine.runmap.peer import (  # noqa: PLC0415
            Aim,
            Beat,
            Bye,
            Cmd,
            Full,
            Hello,
            MoveMsg,
            Reject,
            Room,
            Sync,
            SyncAsk,
        )

        from .net import now  # noqa: PLC0415

        if self.role == "wait":
            if isinstance(msg, Room):
                if self._adopt(msg.save, msg.seat) and self.link is not None:
                    self.link.seated(reply_to, sender)
            elif isinstance(msg, Full):
                self.stop()
                self.app.notify(self.app.t("coop_full"))
            return
        session = self.app.session
        if not self.active:
            return
        if sender is not None:
            self.presence.heard(sender, now(), msg.hid if isinstance(msg, Beat) else None)
        if isinstance(msg, Hello):
            if self.is_host():
                self._welcome(reply_to)
        elif isinstance(msg, MoveMsg):
            if msg.n == len(session.moves):
                move = GAME.parse_move(msg.m)
                if not self.app.play(move, remote=True, quiet=True):
                    self.note(self.app.last_error)
                    self.send({"t": "sync?", "seat": self.seat})
            elif msg.n > len(session.moves):
                self.send({"t": "sync?", "seat": self.seat})
        elif isinstance(msg, Cmd):
            if self.is_host():
                self._command(msg, reply_to)
        elif isinstance(msg, Reject):
            why = msg.why
            host = session.state.host
            if "only the host" in why and host is not None:
                why = self.app.t("only_host", n=host + 1)  # the engine numbers seats from 0
            self.app.notify(self.app.t("rejected", why=why))
        elif isinstance(msg, Aim):
            if not self.is_host():
                self.aim = msg.node
        elif isinstance(msg, Bye):
            if msg.seat is not None:
                self._gone(msg.seat)
        elif isinstance(msg, SyncAsk):
            if self.is_host():
                self.send({"t": "sync", "save": session.save().model_dump(mode="json")}, reply_to)
        elif isinstance(msg, Sync) and self.seat is not None:
            self._adopt(msg.save, self.seat)

    def _welcome(self, peer: str) -> None:
        from .net import now  # noqa: PLC0415

        session = self.app.session
        s = session.state
        free = [k for k in range(s.options.players) if k not in s.connected]
        if not free:
            self.send({"t": "full"}, peer)
            return
        if self.app.play(Join(free[0])):
            self.presence.heard(free[0], now(), False)
            if self.link is not None:
                self.link.seated(peer, free[0])
            self.send({"t": "room", "seat": free[0], "save": session.save().model_dump(mode="json")}, peer)
            if self.app.has_devices():
                self.app.devices.connected()

    def _command(self, msg: Cmd, peer: str) -> None:
        """The host plays a guest's command through the engine; a refusal goes back to the sender."""
        move = GAME.parse_move(msg.m)
        if not self.app.play(move, quiet=True):
            self.send({"t": "reject", "why": self.app.last_error}, peer)

    def _gone(self, seat: int) -> None:
        """``seat`` left: the seat the rule makes host plays ``drop``."""
        s = self.app.state
        if seat not in s.connected or seat == self.seat:
            return
        rest = [c for c in s.connected if c != seat]
        actor = s.host if s.host != seat else (rest[0] if rest else None)
        if actor is not None and actor == self.seat:
            was_host = s.host == self.seat
            if self.app.play(Drop(seat)) and not was_host:
                self.app.notify(self.app.t("coop_new_host", n=self.seat + 1))
                self.aim = None
        if self.link is not None:
            self.link.unseated(seat)

    def tick(self) -> None:
        """The clock (every second, throttled in hidden pages; and at once on a visibility change)."""
        from .net import hidden, now  # noqa: PLC0415

        session = self.app.session
        if not self.active or self.seat is None:
            return
        t = now()
        self.presence.heard(self.seat, t)
        self.send({"t": "beat", "seat": self.seat, "n": len(session.moves), "hid": hidden()})
        for c in self.presence.silent(session.state.connected, self.seat, t):
            self._gone(c)
        self.app.shell.invalidate()

    def broadcast(self, move: Move) -> None:
        """The authority tells every member about an accepted move."""
        if self.active:
            self.send({"t": "move", "n": len(self.app.session.moves) - 1, "m": GAME.format_move(move)})

    def send_cmd(self, move: Move) -> None:
        self.send({"t": "cmd", "seat": self.seat, "m": GAME.format_move(move)})

    def aim_at(self, node: int | None) -> None:
        if self.is_host() and node != self.last_aim:
            self.last_aim = node
            self.send({"t": "aim", "node": node})
