"""Keyboard, mouse and touch (Pointer Events) mapped to semantic actions.

Bindings are data: ``{"ArrowLeft": "left", "KeyA": "left", ...}`` keyed by
``KeyboardEvent.code`` (layout-independent) or ``KeyboardEvent.key``.
Events are queued and delivered by the loop, never inside JS callbacks, so a
Python exception always reaches the shell's error overlay.

On a game's own page the game has the keyboard. In an embed (a game inside a blog post) the game
is a guest: it hears keys only while its canvas has the focus (a click or Tab gives it; Escape, a
click outside or Tab away gives it back), shows that focus with an outline, and never calls
``preventDefault`` otherwise, so arrows, space and the wheel scroll the host page. Touch panning
over an unfocused embed scrolls the page too; the first tap focuses the game.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
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

    def __init__(self, canvas: Any, bindings: dict[str, str] | None = None, embed: bool = False) -> None:
        self.canvas = canvas
        self.bindings: dict[str, str] = dict(bindings or {})
        self.queue: deque[Event] = deque()
        self.held: set[str] = set()
        self.on_wake: Callable[[], None] | None = None  # set by the loop: called when an event arrives
        self.on_focus: Callable[[bool], None] | None = None  # set by the shell: an embed gained/lost the keys
        # set by the shell: called inside the DOM handler of a key or pointer press (a user gesture), so work
        # the browser allows only there (starting audio) runs there and not in a later frame
        self.on_gesture: Callable[[], None] | None = None
        self.embed = embed
        self.focused = not embed  # a full page always has the keys
        self.keys_taken = 0  # key events handed to the game (a test hook)
        self._proxies: list[Any] = []
        canvas.tabIndex = 0
        keys_from = canvas if embed else js.window
        self._listen(keys_from, "keydown", self._key_down)
        self._listen(keys_from, "keyup", self._key_up)
        self._listen(js.window, "blur", self._blur)
        if embed:
            self._listen(canvas, "focus", lambda _e: self._set_focus(True))
            self._listen(canvas, "blur", lambda _e: self._set_focus(False))
            self._style_focus(False)
        else:
            canvas.style.touchAction = "none"
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

    # -- focus (embeds) -------------------------------------------------------
    def _set_focus(self, focused: bool) -> None:
        if focused == self.focused:
            return
        self.focused = focused
        self._style_focus(focused)
        if not focused:
            self._blur(None)
        if self.on_focus is not None:
            self.on_focus(focused)
        if self.on_wake is not None:
            self.on_wake()

    def _style_focus(self, focused: bool) -> None:
        """Focus ring on the canvas element; touch gestures belong to the game only while focused."""
        st = self.canvas.style
        st.outline = "3px solid #FF9800" if focused else "none"
        st.outlineOffset = "2px"
        st.touchAction = "none" if focused else "manipulation"

    def focus(self) -> None:
        """Give the canvas the keyboard (without scrolling the page)."""
        try:
            self.canvas.focus(js.Object.fromEntries([["preventScroll", True]]))
        except Exception:
            pass

    def release(self) -> None:
        """Give the keyboard back to the page (embeds)."""
        try:
            self.canvas.blur()
        except Exception:
            pass

    def takes_keys(self) -> bool:
        """True while key events reach the game (always on a full page; on focus in an embed)."""
        return self.focused

    # -- keys ------------------------------------------------------------------
    def _key_down(self, e: Any) -> None:
        if e.target is not None and str(getattr(e.target, "tagName", "")).upper() in ("INPUT", "TEXTAREA"):
            return
        if self.embed:
            if not self.focused:
                return
            if str(e.key) == "Escape":
                self.release()  # the page gets its keys back; the game is not told (see module doc)
                return
        self.keys_taken += 1
        if self.on_gesture is not None:
            self.on_gesture()
        action = self._action_for(e)
        shift, ctrl, repeat = bool(e.shiftKey), bool(e.ctrlKey or e.metaKey), bool(e.repeat)
        self._push(Event("key", str(e.code) or str(e.key), True, shift=shift, ctrl=ctrl, repeat=repeat))
        if action:
            e.preventDefault()
            self.held.add(action)
            self._push(Event("action", action, True, shift=shift, ctrl=ctrl, repeat=repeat))

    def _key_up(self, e: Any) -> None:
        if self.embed and not self.focused:
            return
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
            self.focus()
            if self.on_gesture is not None:
                self.on_gesture()
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
        if not self.focused:
            return  # an embed without focus: the wheel scrolls the host page
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
