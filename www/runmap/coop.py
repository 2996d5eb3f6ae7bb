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
from engine.runmap import GAME, Drop, Join, Move, RunState
from engine.runmap.party import seat_for_return, tally, valid_wishes

from .presence import Presence

if TYPE_CHECKING:
    from engine.core.session import SaveData
    from engine.runmap.peer import Cmd

    from .app_face import AppFace
    from .net import Clock, Link, Message
    from .rtc import RtcHub

MAX_NOTES = 20
REJOIN_TRIES = 4  # hellos a returning tab sends before it holds the run alone
# kinds that a seat the run no longer has cannot send (its host hears: you were left behind)
STALE_KINDS = frozenset({"move", "cmd", "beat", "aim", "wish", "wishes", "room", "sync", "reject", "sync?"})


class CoopCtl:
    """This page's part in a co-op run: waiting for a host, or a member with a seat."""

    def __init__(self, app: AppFace) -> None:
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
        self.wishes: dict[int, int] = {}  # seat -> the node it wishes for (the host's table)
        self.story = ""  # what happened to this page's seat (left behind, rejoined), shown on screen
        self.want: int | None = None  # the seat this page had, when it comes back
        self.kept: Session[RunState, Move] | None = None  # our run while rejoining (nobody may answer)
        self.tries = 0

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
        if self.story:
            return self.story
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
            "wishes": {str(k): v for k, v in self.party_wishes().items()},
            "story": self.story,
            "heard_hidden": sorted(k for k, v in self.presence.hidden.items() if v),
            "trace": self.presence.trace,
        }

    def party_wishes(self) -> dict[int, list[int]]:
        """Node -> the seats wishing for it, for the map (valid for the current position only)."""
        if not self.active:
            return {}
        return tally(self.app.state, self.wishes)

    # ------------------------------------------------------------ lifecycle
    def start(self, seed: int, opts: dict[str, object], want: int | None = None) -> None:
        """Co-op between tabs: look for a host tab; become the host of a new run if none answers.
        ``want``: the seat this tab had (it comes back after the party went on without it)."""
        from .net import TabLink  # noqa: PLC0415

        kept = self.kept
        self.stop()
        self.kept, self.want, self.tries = kept, want, 0
        self._open(TabLink(self.receive), seed, opts)
        self.role = "wait"
        self._hello()
        if kept is None:
            self.app.ui.screen = "menu"
        self.app.shell.invalidate()

    def _hello(self) -> None:
        from .net import HELLO_WAIT_MS, later  # noqa: PLC0415

        gen = self.generation
        self.send({"t": "hello", "seat": self.want} if self.want is not None else {"t": "hello"})
        later(HELLO_WAIT_MS, lambda: self._wait_over(gen))

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

    def join_devices(self, stun: bool, want: int | None = None) -> RtcHub:
        """Co-op between devices: wait for the host's run over a data channel (no time limit);
        ``want``: the seat this device had, when it comes back."""
        from .rtc import RtcHub  # noqa: PLC0415

        self.stop()
        hub = RtcHub(self.receive, stun)
        hub.on_close = self._link_closed
        hello: Message = {"t": "hello"} if want is None else {"t": "hello", "seat": want}
        hub.on_open = lambda key: self.send(hello, key)
        self._open(hub, 0, {})
        self.role = "wait"
        return hub

    def _link_closed(self, key: str, seat: int | None) -> None:
        """A data channel closed: its seat has left (no heartbeat needed)."""
        self._wake_check()
        self.trace(f"channel of p{'?' if seat is None else seat + 1} closed")
        if seat is not None and self.active:
            self._gone(seat)
            self.app.shell.invalidate()

    def _open(self, link: Link, seed: int, opts: dict[str, object]) -> None:
        from .net import Clock, now  # noqa: PLC0415

        self.generation += 1
        self.presence.reset([], now())
        self.wishes = {}
        self.link = link
        self.clock = Clock(self.tick, self.tick, self._hide)
        self.seed = seed
        self.opts = {**opts, "players": max(2, int(str(opts.get("players", 2))))}

    def _wait_over(self, gen: int) -> None:
        if gen != self.generation or self.role != "wait":
            return
        if self.kept is None:
            self._host_new()
        elif self.tries < REJOIN_TRIES:  # coming back: ask again before holding the run alone
            self.tries += 1
            self._hello()
        else:
            from .net import now  # noqa: PLC0415

            kept, self.kept = self.kept, None
            self.role, self.seat = "member", self.want if self.want is not None else 0
            self._own_seat()
            self.presence.reset([self.seat], now())
            self.story = self.app.t("coop_alone")
            self.app.start_session(kept)
            for c in [c for c in self.app.state.connected if c != self.seat]:
                self.app.play(Drop(c))

    def _host_new(self) -> None:
        from .net import now  # noqa: PLC0415

        self.role = "member"
        self.seat = 0
        self._own_seat()
        self.presence.reset([0], now())
        self.app.start_session(Session(GAME, self.seed, self.opts, keep_events=True))

    def _own_seat(self) -> None:
        """Between tabs this tab's seat is bound to this tab: no other tab may speak for it."""
        if self.link is not None and self.link.kind == "tabs" and self.seat is not None:
            self.link.seated(self.link.me, self.seat)

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
        self.kept = None
        self.wishes = {}

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
        self._own_seat()
        self.presence.reset(session.state.connected, now())
        if self.kept is not None or self.story:  # came back: the run that went on replaces ours,
            self.kept = None  # and the line that told why this page was left behind ends
            h = session.state.host
            self.story = self.app.t("coop_rejoined", n=seat + 1, h="-" if h is None else h + 1)
            self.app.notify(self.story)
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
        self._wake_check()
        try:
            msg = parse_peer_message(text)
        except PeerRefusal as exc:
            self.note(str(exc))
            return
        if msg.src == self.link.me or (msg.to is not None and msg.to != self.link.me):
            return
        claims_ok = self.link.kind == "tabs"
        state = self.app.state if self.active else None
        tab_seat = getattr(self.link, "tab_seat", None)
        if tab_seat is not None and state is not None:  # tabs: each tab speaks for its own seat only
            peer_seat, why = tab_seat(msg.src, msg.by, state.connected)
            if why is not None:
                self.note(why)
                return
        sender = peer_seat if peer_seat is not None else msg.by
        if (
            state is not None
            and sender is not None
            and sender not in state.connected
            and msg.t in STALE_KINDS
        ):
            if self.is_host():  # a page the party went on without: it must rejoin, not run a 2nd game
                self.send({"t": "dropped", "seat": sender, "h": self.seat}, peer or msg.src)
            return
        why = out_of_turn(state, msg, peer_seat, claims_ok)
        if why is not None:
            self.note(why)
            if isinstance(msg, Cmd):
                self.send({"t": "reject", "why": why}, peer or msg.src)
            return
        self._on(msg, peer or msg.src, sender)

    def _on(self, msg: object, reply_to: str, sender: int | None) -> None:
        from engine.runmap.peer import (  # noqa: PLC0415
            Aim,
            Beat,
            Bye,
            Cmd,
            Dropped,
            Full,
            Hello,
            MoveMsg,
            Reject,
            Room,
            Sync,
            SyncAsk,
            Wish,
            Wishes,
        )

        from .net import now  # noqa: PLC0415

        if self.role == "wait":
            if isinstance(msg, Room):
                if self._adopt(msg.save, msg.seat) and self.link is not None:
                    self.link.seated(reply_to, sender)
            elif isinstance(msg, Full) and self.kept is None:  # (coming back: keep asking)
                self.stop()
                self.app.notify(self.app.t("coop_full"))
            return
        session = self.app.session
        if not self.active:
            return
        if sender is not None:
            self.presence.heard(sender, now(), msg.hid if isinstance(msg, Beat) else None)
            if isinstance(msg, Beat):
                from .beats import beat_heard  # noqa: PLC0415

                beat_heard(self, msg, sender)
        if isinstance(msg, Hello):
            if self.is_host():
                self._welcome(reply_to, msg.seat)
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
        elif isinstance(msg, Wish):
            if self.is_host():
                from .wishes import wished  # noqa: PLC0415

                wished(self, msg, reply_to)
        elif isinstance(msg, Wishes):
            if msg.n == len(session.moves):
                self.wishes = valid_wishes(session.state, msg.w)
        elif isinstance(msg, Dropped):
            if msg.seat == self.seat:  # the party went on without this page: rejoin it, told so
                from .rejoin import left_behind  # noqa: PLC0415

                left_behind(self, msg.h)

    def _welcome(self, peer: str, want: int | None = None) -> None:
        from .net import now  # noqa: PLC0415

        session = self.app.session
        bound = getattr(self.link, "seat_of", {}).get(peer)
        if bound is not None and bound in session.state.connected:  # asked again: same seat, same run
            self.send({"t": "room", "seat": bound, "save": session.save().model_dump(mode="json")}, peer)
            return
        seat = seat_for_return(session.state, want)
        if seat is None:
            self.send({"t": "full"}, peer)
            return
        if self.app.play(Join(seat)):
            self.presence.heard(seat, now(), False)
            if self.link is not None:
                self.link.seated(peer, seat)
            self.send({"t": "room", "seat": seat, "save": session.save().model_dump(mode="json")}, peer)
            from .wishes import send_table  # noqa: PLC0415

            send_table(self, peer)
            if self.app.has_devices():
                self.app.devices.connected()

    # ------------------------------------------------------------ wishes (``wishes.py``)
    def wish(self, node: int | None) -> None:
        """This guest marks (``None``: clears) its wish; the host keeps the party's table."""
        from .wishes import wish  # noqa: PLC0415

        wish(self, node)

    def moved(self, old: RunState, new: RunState) -> None:
        """The run changed (a move here or from the host): wishes of a left position go, a seat
        that left no longer speaks through its tab, the story ends when the party moves on, and a
        page whose own seat the run dropped rejoins it (``rejoin.seat_dropped``)."""
        self.wishes = valid_wishes(new, self.wishes)
        if self.link is not None and self.link.kind == "tabs":
            for seat in set(old.connected) - set(new.connected):
                self.link.unseated(seat)
        if self.story and len(new.path) > len(old.path) and self.kept is None:
            self.story = ""
        from .rejoin import seat_dropped  # noqa: PLC0415

        seat_dropped(self, old, new)

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
        if self.transport == "devices":
            from .rejoin import device_gone  # noqa: PLC0415

            if device_gone(self, seat):
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
        from .beats import tick  # noqa: PLC0415

        tick(self)

    def _wake_check(self) -> None:
        """Run first by every callback: a page that was frozen past the limit woke now."""
        from .net import hidden, now  # noqa: PLC0415

        if self.active:
            self.presence.ran(self.app.state.connected, now(), hidden())

    def trace(self, what: str) -> None:
        """Keep a co-op event for ``runInfo().trace`` (what this page saw, for a failed test)."""
        from .net import now  # noqa: PLC0415

        self.presence.log(now(), f"{self.role} p{self.seat} host {self.app.state.host}: {what}")

    def asleep(self, seat: int | None = None) -> bool:
        """This page woke a moment ago from a freeze past the limit (the others dropped it); for a
        host, ``seat`` (one that leaves) has not shown since that it still follows (``presence``)."""
        from .net import now  # noqa: PLC0415

        return self.presence.asleep(now(), seat if self.is_host() else None)

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
