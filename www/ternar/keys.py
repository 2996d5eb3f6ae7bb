"""Keyboard scheme: a cursor on the hex field and route building without a pointer.

Arrows ←/→ and A/D move along a row; ↑/↓ and W/S (X) move to the row above/below, alternating
sides so repeated presses go straight; Q/E go up-left/up-right, Z/C down-left/down-right.
Enter/Space starts a route on the cursor or releases it; Backspace steps back; Esc cancels (and
skips the tutorial, closes a card or a notice). U undoes, N opens the New game card (arrows pick a
mode, Enter starts it), L switches the language, M mutes, T copies the telemetry.
"""

from __future__ import annotations

import math

from engine.ternar.topology import NEIGHBOURS, center

BINDINGS: dict[str, str] = {
    "ArrowLeft": "W",
    "KeyA": "W",
    "ArrowRight": "E",
    "KeyD": "E",
    "ArrowUp": "UP",
    "KeyW": "UP",
    "ArrowDown": "DOWN",
    "KeyS": "DOWN",
    "KeyX": "DOWN",
    "KeyQ": "NW",
    "KeyE": "NE",
    "KeyZ": "SW",
    "KeyC": "SE",
    "Enter": "select",
    "NumpadEnter": "select",
    "Space": "select",
    "Backspace": "back",
    "Escape": "cancel",
    "KeyU": "undo",
    "KeyN": "new",
    "KeyM": "mute",
    "KeyL": "lang",
    "KeyT": "telemetry",
}

MOVES = ("W", "E", "UP", "DOWN", "NW", "NE", "SW", "SE")

# screen directions (y grows downwards), in degrees
_ANGLE = {"E": 0.0, "SE": 60.0, "SW": 120.0, "W": 180.0, "NW": 240.0, "NE": 300.0}


def neighbour_in(nid: int, direction: str) -> int | None:
    """The neighbour of ``nid`` lying in ``direction`` (one of E, SE, SW, W, NW, NE), if any."""
    ang = math.radians(_ANGLE[direction])
    ux, uy = math.cos(ang), math.sin(ang)
    x0, y0 = center(nid)
    for m in NEIGHBOURS[nid]:
        x1, y1 = center(m)
        dx, dy = x1 - x0, y1 - y0
        d = math.hypot(dx, dy) or 1.0
        if (dx * ux + dy * uy) / d > 0.95:
            return m
    return None


class Cursor:
    """The keyboard cursor; ``zig`` alternates the side for vertical moves."""

    def __init__(self, nid: int = 41) -> None:
        self.nid = nid
        self.zig = False

    def target(self, action: str) -> int | None:
        """The node the cursor would move to for ``action`` (None at the edge)."""
        if action in ("UP", "DOWN"):
            first, second = ("NW", "NE") if action == "UP" else ("SW", "SE")
            if self.zig:
                first, second = second, first
            m = neighbour_in(self.nid, first)
            return m if m is not None else neighbour_in(self.nid, second)
        return neighbour_in(self.nid, action)

    def moved(self, action: str, to: int) -> None:
        self.nid = to
        if action in ("UP", "DOWN"):
            self.zig = not self.zig
