"""Keyboard, mouse and touch (Pointer Events) mapped to semantic actions.

Bindings are data: ``{"ArrowLeft": "left", "KeyA": "left", ...}`` keyed by
``KeyboardEvent.code`` (layout-independent) or ``KeyboardEvent.key``.
Events are queued and delivered by the loop, never inside JS callbacks, so a
Python exception always reaches the shell's error overlay.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]


@dataclass
class Event:
    kind: str  # "action" | "key" | "pointer" | "wheel" | "resize" | "visibility"
    name: str = ""  # action name, key code, or pointer phase (down/move/up/cancel)
    down: bool = False
    x: float = 0.0
    y: float = 0.0
    button: int = 0
    pointer_id: int = 0
    pointer_type: str = "mouse"
    dy: float = 0.0
    shift: bool = False
    ctrl: bool = False
    repeat: bool = False


class Input:
    """Collects browser events for one canvas; ``drain()`` hands them to the game."""

    def __init__(self, canvas: Any, bindings: dict[str, str] | None = None) -> None:
        self.canvas = canvas
        self.bindings: dict[str, str] = dict(bindings or {})
        self.queue: deque[Event] = deque()
        self.held: set[str] = set()
        self.on_wake: Any = None  # set by the loop: called when an event arrives
        self._proxies = []
        canvas.style.touchAction = "none"
        canvas.tabIndex = 0
        self._listen(js.window, "keydown", self._key_down)
        self._listen(js.window, "keyup", self._key_up)
        self._listen(js.window, "blur", self._blur)
        for phase in ("pointerdown", "pointermove", "pointerup", "pointercancel"):
            self._listen(canvas, phase, self._pointer)
        self._listen(canvas, "wheel", self._wheel, passive=False)
        self._listen(canvas, "contextmenu", lambda e: e.preventDefault())

    def _listen(self, target: Any, name: str, fn: Any, passive: bool | None = None) -> None:
        proxy = create_proxy(fn)
        self._proxies.append(proxy)
        if passive is None:
            target.addEventListener(name, proxy)
        else:
            target.addEventListener(name, proxy, js.Object.fromEntries([["passive", passive]]))

    def _push(self, ev: Event) -> None:
        self.queue.append(ev)
        if self.on_wake is not None:
            self.on_wake()

    def _action_for(self, e: Any) -> str | None:
        return self.bindings.get(str(e.code)) or self.bindings.get(str(e.key))

    def _key_down(self, e: Any) -> None:
        if e.target is not None and str(getattr(e.target, "tagName", "")).upper() in ("INPUT", "TEXTAREA"):
            return
        action = self._action_for(e)
        mods = dict(shift=bool(e.shiftKey), ctrl=bool(e.ctrlKey or e.metaKey), repeat=bool(e.repeat))
        self._push(Event("key", str(e.code) or str(e.key), True, **mods))
        if action:
            e.preventDefault()
            self.held.add(action)
            self._push(Event("action", action, True, **mods))

    def _key_up(self, e: Any) -> None:
        action = self._action_for(e)
        self._push(Event("key", str(e.code) or str(e.key), False))
        if action:
            self.held.discard(action)
            self._push(Event("action", action, False))

    def _blur(self, _e: Any) -> None:
        for action in list(self.held):
            self._push(Event("action", action, False))
        self.held.clear()

    def _pointer(self, e: Any) -> None:
        rect = self.canvas.getBoundingClientRect()
        phase = str(e.type)[7:]  # strip "pointer"
        if phase == "down":
            try:
                self.canvas.setPointerCapture(e.pointerId)
            except Exception:
                pass
            self.canvas.focus()
        if phase == "move" and not self.queue_has_room():
            return
        self._push(
            Event(
                "pointer",
                phase,
                phase == "down",
                float(e.clientX - rect.left),
                float(e.clientY - rect.top),
                int(e.button),
                int(e.pointerId),
                str(e.pointerType),
                shift=bool(e.shiftKey),
                ctrl=bool(e.ctrlKey),
            )
        )

    def queue_has_room(self) -> bool:
        """Coalesce pointer moves: keep at most a few pending."""
        return len(self.queue) < 64

    def _wheel(self, e: Any) -> None:
        e.preventDefault()
        rect = self.canvas.getBoundingClientRect()
        self._push(
            Event(
                "wheel",
                "wheel",
                False,
                float(e.clientX - rect.left),
                float(e.clientY - rect.top),
                dy=float(e.deltaY),
            )
        )

    def drain(self) -> list[Event]:
        out = list(self.queue)
        self.queue.clear()
        return out

    def is_held(self, action: str) -> bool:
        return action in self.held
