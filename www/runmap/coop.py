"""Co-op protocol between tabs (see ``net.py`` for the transport and the rules of authority)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.schema import SchemaError
from engine.core.session import Session
from engine.runmap import GAME, Drop, Join, Move

if TYPE_CHECKING:
    from .app import RunMapApp
    from .net import Channel


class CoopCtl:
    """This tab's part in a co-op run: waiting for a host, or a member with a seat."""

    def __init__(self, app: RunMapApp) -> None:
        self.app = app
        self.net: Channel | None = None
        self.role: str | None = None  # None (solo) | "wait" | "member"
        self.seat: int | None = None
        self.wait_until = 0.0
        self.seed = 0
        self.opts: dict[str, Any] = {}
        self.aim: int | None = None
        self.last_aim: int | None = None
        self.last_seen: dict[int, float] = {}

    # ------------------------------------------------------------ queries
    @property
    def active(self) -> bool:
        return self.role == "member"

    def waiting(self) -> bool:
        return self.role == "wait"

    def is_host(self) -> bool:
        s = self.app.state
        return self.active and s is not None and s.host == self.seat

    def status_line(self) -> str:
        s = self.app.state
        if not self.active or s is None or self.seat is None:
            return ""
        t = self.app.t
        if s.host == self.seat:
            return t("coop_host", n=self.seat + 1)
        return t("coop_guest", n=self.seat + 1, h=(s.host + 1) if s.host is not None else "-")

    def info(self) -> dict[str, Any]:
        role = "host" if self.is_host() else ("guest" if self.active else (self.role or "solo"))
        return {"coop": role, "seat": self.seat, "aim": self.aim}

    # ------------------------------------------------------------ lifecycle
    def start(self, seed: int, opts: dict[str, Any]) -> None:
        from .net import HELLO_WAIT_MS, Channel, now  # noqa: PLC0415

        self.stop()
        self.net = Channel(self.app.shell.invalidate)
        self.net.bye = self._bye
        self.role = "wait"
        self.seed = seed
        self.opts = {**opts, "players": max(2, int(opts.get("players", 2)))}
        self.wait_until = now() + HELLO_WAIT_MS
        self.app.screen = "menu"
        self.net.send({"t": "hello"})
        self.app.shell.invalidate()

    def stop(self) -> None:
        if self.net is not None:
            msg = self._bye()
            if msg is not None:
                self.net.send(msg)
            self.net.close()
        self.net = None
        self.role = None
        self.seat = None
        self.aim = None

    def _bye(self) -> dict[str, Any] | None:
        return {"t": "bye", "seat": self.seat} if self.active else None

    def _adopt(self, save: Any, seat: int) -> bool:
        from .net import now  # noqa: PLC0415

        try:
            session = Session.load(GAME, save)
        except SchemaError as exc:
            self.app.notify(self.app.t("rejected", why=str(exc)[:100]))
            return False
        self.role = "member"
        self.seat = seat
        t = now()
        self.last_seen = {c: t for c in session.state.connected}
        self.app.start_session(session)
        return True

    # ------------------------------------------------------------ traffic
    def pump(self) -> None:
        """Handle what arrived (called at the start of every frame)."""
        if self.net is None:
            return
        from .net import now  # noqa: PLC0415

        for msg in self.net.drain():
            self._on(msg)
        if self.role == "wait" and now() > self.wait_until:
            self.role = "member"
            self.seat = 0
            self.last_seen = {0: now()}
            self.app.start_session(Session(GAME, self.seed, self.opts))

    def _to_me(self, msg: dict[str, Any]) -> bool:
        return self.net is not None and msg.get("to") == self.net.tab

    def _on(self, msg: dict[str, Any]) -> None:
        from .net import now  # noqa: PLC0415

        kind = msg.get("t")
        if kind == "tick":
            self._beat()
            return
        if self.role == "wait":
            if kind == "room" and self._to_me(msg):
                self._adopt(msg.get("save"), int(msg.get("seat", 0)))
            elif kind == "full" and self._to_me(msg):
                self.stop()
                self.app.notify(self.app.t("coop_full"))
            return
        if not self.active or self.app.session is None or self.net is None:
            return
        session = self.app.session
        if isinstance(msg.get("seat"), int):
            self.last_seen[msg["seat"]] = now()
        if kind == "hello" and self.is_host():
            s = session.state
            free = [k for k in range(s.options.players) if k not in s.connected]
            if not free:
                self.net.send({"t": "full", "to": msg.get("from")})
                return
            if self.app.apply(Join(free[0])):
                self.last_seen[free[0]] = now()
                self.net.send(
                    {
                        "t": "room",
                        "to": msg.get("from"),
                        "seat": free[0],
                        "save": session.save().model_dump(mode="json"),
                    }
                )
        elif kind == "move":
            n = int(msg.get("n", -1))
            if n == len(session.moves):
                try:
                    move = GAME.parse_move(str(msg.get("m")))
                except ValueError:
                    return
                if not self.app.apply(move, remote=True):
                    self.net.send({"t": "sync?", "seat": self.seat})
            elif n > len(session.moves):
                self.net.send({"t": "sync?", "seat": self.seat})
        elif kind == "cmd" and self.is_host():
            self._command(msg)
        elif kind == "reject" and self._to_me(msg):
            why = str(msg.get("why", ""))
            host = session.state.host
            if "only the host" in why and host is not None:
                why = self.app.t(
                    "only_host", n=host + 1
                )  # the engine numbers seats from 0, the screen from 1
            self.app.notify(self.app.t("rejected", why=why))
        elif kind == "aim" and not self.is_host():
            node = msg.get("node")
            self.aim = node if isinstance(node, int) else None
            self.app.shell.invalidate()
        elif kind == "bye" and isinstance(msg.get("seat"), int):
            self._gone(msg["seat"])
        elif kind == "sync?" and self.is_host():
            self.net.send(
                {"t": "sync", "to": msg.get("from"), "save": session.save().model_dump(mode="json")}
            )
        elif kind == "sync" and self._to_me(msg) and self.seat is not None:
            self._adopt(msg.get("save"), self.seat)

    def _command(self, msg: dict[str, Any]) -> None:
        """The host validates a guest's command through the engine; refusals go back to the sender."""
        assert self.net is not None
        try:
            move = GAME.parse_move(str(msg.get("m")))
        except ValueError as exc:
            self.net.send({"t": "reject", "to": msg.get("from"), "why": str(exc)})
            return
        if getattr(move, "seat", None) != msg.get("seat"):
            self.net.send({"t": "reject", "to": msg.get("from"), "why": "the command names another seat"})
        elif not self.app.apply(move, quiet=True):
            self.net.send({"t": "reject", "to": msg.get("from"), "why": self.app.last_error})

    def _gone(self, seat: int) -> None:
        """``seat`` left: the seat the rule makes host plays ``drop``."""
        s = self.app.state
        if s is None or seat not in s.connected:
            return
        rest = [c for c in s.connected if c != seat]
        actor = s.host if s.host != seat else (rest[0] if rest else None)
        if actor is not None and actor == self.seat:
            was_host = s.host == self.seat
            if self.app.apply(Drop(seat)) and not was_host:
                self.app.notify(self.app.t("coop_new_host", n=self.seat + 1))
                self.aim = None

    def _beat(self) -> None:
        from .net import SILENT_MS, now  # noqa: PLC0415

        if not self.active or self.net is None or self.app.session is None or self.seat is None:
            return
        t = now()
        self.last_seen[self.seat] = t
        self.net.send({"t": "beat", "seat": self.seat, "n": len(self.app.session.moves)})
        for c in list(self.app.session.state.connected):
            if c != self.seat and t - self.last_seen.setdefault(c, t) > SILENT_MS:
                self._gone(c)

    def broadcast(self, move: Move) -> None:
        """The authority tells every tab about an accepted move."""
        if self.active and self.net is not None and self.app.session is not None:
            self.net.send({"t": "move", "n": len(self.app.session.moves) - 1, "m": GAME.format_move(move)})

    def send_cmd(self, move: Move) -> None:
        if self.net is not None:
            self.net.send({"t": "cmd", "seat": self.seat, "m": GAME.format_move(move)})

    def aim_at(self, node: int | None) -> None:
        if self.is_host() and self.net is not None and node != self.last_aim:
            self.last_aim = node
            self.net.send({"t": "aim", "node": node})
