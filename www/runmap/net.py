"""Co-op without a server: browser tabs of one browser talk over ``BroadcastChannel``.

The host tab is the authority: it plays every command through the engine (which validates
the seat, the phase and the edge) and broadcasts each accepted move with its index; the
other tabs replay the same moves, so every tab holds the same state. A guest's command is
sent to the host and refused there when the engine refuses it. When a tab closes (``bye``
on ``pagehide``) or stops beating for ``SILENT_MS``, the seat that the engine's rule makes
host (the host, or the lowest other connected seat when the host left) plays ``drop``.

Messages are JSON: hello, room, full, move, cmd, reject, aim, bye, beat, sync?, sync.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

CHANNEL = "gridworks-runmap-coop"
HELLO_WAIT_MS = 900.0
BEAT_MS = 1000
SILENT_MS = 3500.0


class Channel:
    """The transport: posts JSON, queues what arrives, beats once a second."""

    def __init__(self, wake: Callable[[], None]) -> None:
        self.tab = f"{int(js.Date.now()) % 10_000_000}-{int(js.Math.random() * 1_000_000)}"
        self.inbox: deque[dict[str, Any]] = deque()
        self.wake = wake
        self.ch = js.BroadcastChannel.new(CHANNEL)
        self._on_msg = create_proxy(self._receive)
        self.ch.addEventListener("message", self._on_msg)
        self._on_beat = create_proxy(self._beat)
        self.timer = js.setInterval(self._on_beat, BEAT_MS)
        self.bye: Callable[[], dict[str, Any] | None] = lambda: None
        self._on_hide = create_proxy(self._hide)
        js.window.addEventListener("pagehide", self._on_hide)

    def send(self, msg: dict[str, Any]) -> None:
        msg = {**msg, "from": self.tab}
        self.ch.postMessage(json.dumps(msg, separators=(",", ":")))

    def _receive(self, e: Any) -> None:
        try:
            msg = json.loads(str(e.data))
        except ValueError:
            return
        if isinstance(msg, dict) and msg.get("from") != self.tab:
            self.inbox.append(msg)
            self.wake()

    def _beat(self, *_a: Any) -> None:
        self.inbox.append({"t": "tick"})
        self.wake()

    def _hide(self, *_a: Any) -> None:
        msg = self.bye()
        if msg is not None:
            self.send(msg)

    def close(self) -> None:
        js.clearInterval(self.timer)
        js.window.removeEventListener("pagehide", self._on_hide)
        self.ch.close()

    def drain(self) -> list[dict[str, Any]]:
        out = list(self.inbox)
        self.inbox.clear()
        return out


def now() -> float:
    return float(js.performance.now())
