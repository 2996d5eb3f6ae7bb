"""Keyboard play of the screens (level select, pause, results, key rebinding): a focus ring over
the canvas buttons of the screen on top.

Tab / Shift+Tab go to the next / previous button in drawing order, the arrows to the nearest
button in that direction, Enter or Space presses it. The focused button has a thick gold outline,
drawn while the keyboard is in use (the first key press shows it; the pointer hides it).
Pure geometry apart from ``draw``.
"""

from __future__ import annotations

from collections.abc import Sequence

from gwweb.shared.canvas import Gfx, Region

#: the button a keyboard user starts on, per screen (first one present wins)
PREFERRED = ("resume", "next", "restart", "play", "bind:left")
DIRS = {"ArrowLeft": (-1.0, 0.0), "ArrowRight": (1.0, 0.0), "ArrowUp": (0.0, -1.0), "ArrowDown": (0.0, 1.0)}
MOVE_KEYS = frozenset(DIRS) | {"Tab"}
PRESS_KEYS = frozenset(("Enter", "NumpadEnter", "Space"))
RING = "#FFD54F"


def default_focus(ring: Sequence[Region], play: str | None = None) -> str | None:
    """The screen's main action (``play``: the level select's Play button id), else the first one."""
    ids = [r.id for r in ring]
    for bid in (*PREFERRED, play):
        if bid is not None and bid in ids:
            return bid
    return ids[0] if ids else None


def step(ring: Sequence[Region], current: str | None, key: str, back: bool = False) -> str | None:
    """The button focused after ``key`` (an arrow, or Tab; ``back`` = Shift+Tab) on ``current``."""
    ids = [r.id for r in ring]
    if not ids:
        return None
    if current not in ids:
        return default_focus(ring)
    k = ids.index(current)
    if key == "Tab":
        return ids[(k + (-1 if back else 1)) % len(ids)]
    here = ring[k]
    cx, cy = here.x + here.w / 2, here.y + here.h / 2
    dx, dy = DIRS[key]
    best: tuple[float, str] | None = None
    for r in ring:
        if r.id == current:
            continue
        ox, oy = r.x + r.w / 2 - cx, r.y + r.h / 2 - cy
        along = ox * dx + oy * dy
        if along <= 1.0:
            continue
        score = along + 2.5 * (abs(ox * dy) + abs(oy * dx))
        if best is None or score < best[0]:
            best = (score, r.id)
    if best is not None:
        return best[1]
    if dx:  # nothing further that way: left/right wrap through the drawing order
        return ids[(k + (1 if dx > 0 else -1)) % len(ids)]
    return current


def draw(g: Gfx, ring: Sequence[Region], focused: str | None) -> None:
    """A thick outline around the focused button (visible focus for keyboard play)."""
    for r in ring:
        if r.id == focused:
            g.round_rect(r.x - 3.5, r.y - 3.5, r.w + 7, r.h + 7, 6, stroke=RING, width=3)
            return
