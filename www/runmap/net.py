"""Co-op transport between tabs of one browser (``BroadcastChannel``) and the page clock.

Everything arrives through event listeners and timers, never through the frame loop: a
hidden tab draws nothing, yet it still answers its peers. ``rtc.py`` is the same interface
over WebRTC data channels between devices.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Protocol

import js  # type: ignore[import-not-found]
from gwweb.shared.clock import now_ms, wall_ms
from pyodide.ffi import create_once_callable, create_proxy  # type: ignore[import-not-found]

from .presence import BEAT_MS

CHANNEL = "gridworks-runmap-coop"
HELLO_WAIT_MS = 2000  # a busy host tab (a loaded phone, a page still warming up) may take over a second

OnText = Callable[[str, "str | None", "int | None"], None]
Message = dict[str, object]  # a peer message before it is JSON (``engine.runmap.peer`` reads it back)


class Link(Protocol):
    """A co-op transport: ``TabLink`` (tabs of one browser) or ``rtc.RtcHub`` (devices)."""

    kind: str
    me: str

    def send(self, msg: Message, peer: str | None = None) -> None: ...
    def close(self) -> None: ...
    def seated(self, peer: str, seat: int | None) -> None: ...
    def unseated(self, seat: int) -> None: ...


def new_id() -> str:
    """A random id for this tab or device."""
    return f"{wall_ms() % 10_000_000}-{int(js.Math.random() * 1_000_000)}"


class TabLink:
    """``BroadcastChannel``: every message goes to every other tab; ``to`` names one of them."""

    kind = "tabs"

    def __init__(self, on_text: OnText) -> None:
        self.me = new_id()
        self.seat_of: dict[str, int] = {}  # tab id -> the seat it speaks for (``tab_seat``)
        self.ch = js.BroadcastChannel.new(CHANNEL)
        self._on_msg = create_proxy(lambda e: on_text(str(e.data), None, None))
        self.ch.addEventListener("message", self._on_msg)

    def send(self, msg: Message, peer: str | None = None) -> None:
        """Post ``msg`` (to tab ``peer`` only, if given)."""
        out = {**msg, "from": self.me}
        if peer is not None:
            out["to"] = peer
        self.ch.postMessage(json.dumps(out, separators=(",", ":")))

    def close(self) -> None:
        self.ch.close()

    def seated(self, peer: str, seat: int | None) -> None:
        """Tab ``peer`` speaks for ``seat`` from now on (and no other tab does)."""
        if seat is not None:
            self.unseated(seat)
            self.seat_of[peer] = seat

    def unseated(self, seat: int) -> None:
        """Nobody speaks for ``seat`` any more (nothing to close: the channel is shared)."""
        for key in [k for k, s in self.seat_of.items() if s == seat]:
            del self.seat_of[key]

    def tab_seat(self, src: str, by: int | None, connected: tuple[int, ...]) -> tuple[int | None, str | None]:
        """The seat tab ``src`` speaks for, and why its message must be refused (or ``None``).

        Each tab speaks only for its own seat (issue 29): the host binds a seat to the tab it gave
        it to, a guest binds the host's tab when it joins and any other connected seat to the first
        tab heard speaking for it. A tab claiming a seat bound to another tab is refused."""
        bound = self.seat_of.get(src)
        if bound is not None or by is None:
            return bound, None  # ``out_of_turn`` refuses a ``by`` that is not the bound seat
        if by in connected:
            if any(s == by for s in self.seat_of.values()):
                return None, f"p{by} is another tab: a tab speaks only for its own seat"
            self.seat_of[src] = by
        return by, None


class Clock:
    """A beat every second (throttled in hidden pages), visibility changes and page hide."""

    def __init__(
        self, beat: Callable[[], None], visibility: Callable[[], None], hide: Callable[[], None]
    ) -> None:
        self._beat = create_proxy(lambda *_a: beat())
        self._vis = create_proxy(lambda *_a: visibility())
        self._hide = create_proxy(lambda *_a: hide())
        self.timer = js.setInterval(self._beat, BEAT_MS)
        js.document.addEventListener("visibilitychange", self._vis)
        js.window.addEventListener("pagehide", self._hide)

    def close(self) -> None:
        js.clearInterval(self.timer)
        js.document.removeEventListener("visibilitychange", self._vis)
        js.window.removeEventListener("pagehide", self._hide)


def later(ms: float, fn: Callable[[], None]) -> None:
    """Call ``fn`` once after ``ms`` (a timer, so it also runs in a hidden page)."""
    js.setTimeout(create_once_callable(lambda *_a: fn()), ms)


def hidden() -> bool:
    return bool(js.document.hidden)


def now() -> float:
    """The page clock (the shared ``clock.now_ms``)."""
    return now_ms()
