"""Clipboard and URL helpers for play by link (browser only; kept in www/orbit, see issue 18).

The code travels in the URL fragment (``#g=<code>``), which never reaches a server.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

FRAGMENT = "#g="


def link_url(code: str) -> str:
    """This page's address with the game code in the fragment."""
    loc = js.window.location
    return f"{loc.origin}{loc.pathname}{FRAGMENT}{code}"


def code_from(text: str) -> str:
    """The code inside a pasted link (or the code itself)."""
    text = str(text or "").strip()
    k = text.find(FRAGMENT)
    return text[k + len(FRAGMENT) :] if k >= 0 else text


def fragment_code() -> str | None:
    """The code in this page's address, if any."""
    h = str(js.window.location.hash or "")
    return h[len(FRAGMENT) :] if h.startswith(FRAGMENT) else None


def on_hash_change(callback: Callable[[str], object]) -> None:
    """Call ``callback(code)`` when the address's fragment changes to a game code in an open tab
    (a newer link opened, or pasted into the address bar)."""

    def changed(*_a: Any) -> None:
        code = fragment_code()
        if code:
            callback(code)

    js.window.addEventListener("hashchange", create_proxy(changed))


def clear_fragment() -> None:
    """Drop the code from the address bar (so a reload does not re-open an old turn)."""
    loc = js.window.location
    try:
        js.window.history.replaceState(None, "", f"{loc.pathname}{loc.search}")
    except Exception:  # noqa: BLE001 - a sandboxed frame may refuse; the code stays, harmless
        pass


def copy(text: str, done: Callable[[bool], None]) -> None:
    """Copy ``text`` to the clipboard; ``done(True)`` when copied, ``done(False)`` when refused (the
    text is then offered in a prompt so the player can copy it by hand)."""

    def ok(*_a: Any) -> None:
        done(True)

    def fail(*_a: Any) -> None:
        js.window.prompt("Copy this link:", text)
        done(False)

    clip = getattr(js.navigator, "clipboard", None)
    if clip is None:
        fail()
        return
    try:
        clip.writeText(text).then(create_proxy(ok), create_proxy(fail))
    except Exception:  # noqa: BLE001
        fail()


def ask_paste(prompt: str) -> str | None:
    """Ask the player to paste a link (a DOM prompt: text entry cannot be drawn on the canvas)."""
    got = js.window.prompt(prompt, "")
    return None if got is None else str(got)
