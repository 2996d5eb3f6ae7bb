"""Keyboard play of the screens (level select, pause, results, key rebinding): the shared chrome's
focus ring (``chrome.focus_key``: Tab / Shift+Tab in drawing order, the arrows to the nearest button
that way, Enter or Space presses) over the canvas buttons of the screen on top. A keyboard player's
first key focuses the screen's main action; the ring is drawn while the keyboard is in use."""

from __future__ import annotations

from collections.abc import Sequence

from gwweb.shared.canvas import Region
from gwweb.shared.chrome import focus_key
from gwweb.shared.chrome.keys import ARROWS, PRESS
from gwweb.shared.focus import default_focus

#: the button a keyboard user starts on, per screen (first one present wins)
PREFERRED = ("resume", "next", "restart", "play", "bind:left")
KEYS = frozenset((*ARROWS, "Tab", *PRESS))


def start(ring: Sequence[Region]) -> str | None:
    """The screen's main action, else its first button."""
    return default_focus(ring, PREFERRED)


def key(
    ring: Sequence[Region], current: str | None, code: str, back: bool = False
) -> tuple[str | None, str | None]:
    """``(focused after, id pressed or None)`` for ``code`` (one of ``KEYS``; ``back``: Shift) on
    ``current``; with nothing focused yet a move focuses the main action and a press presses it."""
    if current not in [r.id for r in ring]:
        if code not in PRESS:
            return start(ring), None
        current = None
    return focus_key(ring, current, code, back, (start(ring),))
