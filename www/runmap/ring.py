"""The keyboard focus ring over the canvas buttons of the top dialog (menu, keypad, fight, shop,
shrine, outcome card, end of run, co-op dialog).

The arrows move the focus to the nearest button in that direction (←/→ at the end of a row go
on to the next or previous button in drawing order), Enter or Space presses it; the focused button has a thick gold
outline, drawn whenever the last input was a key. Pure geometry apart from ``draw``.
"""

from __future__ import annotations

from collections.abc import Sequence

from gwweb.shared.canvas import Gfx, Region

PREFERRED = (
    "card_ok",
    "continue",
    "start",
    "fight:attack",
    "kp:ok",
    "new_run",
    "dev:host",
    "dev:next",
    "dev:accept",
    "dev:answer",
    "dev:copy",
)
DIRS = {"left": (-1.0, 0.0), "right": (1.0, 0.0), "up": (0.0, -1.0), "down": (0.0, 1.0)}
RING = "#FFD54F"


def default_focus(ring: Sequence[Region]) -> str | None:
    """The button a keyboard user starts on: the dialog's main action, else the first one."""
    ids = [r.id for r in ring]
    for bid in PREFERRED:
        if bid in ids:
            return bid
    return ids[0] if ids else None


def step(ring: Sequence[Region], current: str | None, direction: str) -> str | None:
    """The button focused after pressing ``direction`` (left/right/up/down) on ``current``."""
    ids = [r.id for r in ring]
    if current not in ids:
        return default_focus(ring)
    k = ids.index(current)
    here = ring[k]
    dx, dy = DIRS[direction]
    cands: list[tuple[float, float, float, str]] = []  # (gap across, along, centre offset, id)
    for r in ring:
        if r.id == current:
            continue
        along = (r.x + r.w / 2 - here.x - here.w / 2) * dx + (r.y + r.h / 2 - here.y - here.h / 2) * dy
        if along <= 1.0:
            continue
        if dx:  # moving sideways: how far apart the rows are, and the centres
            gap = max(0.0, r.y - (here.y + here.h), here.y - (r.y + r.h))
            offset = abs(r.y + r.h / 2 - here.y - here.h / 2)
        else:
            gap = max(0.0, r.x - (here.x + here.w), here.x - (r.x + r.w))
            offset = abs(r.x + r.w / 2 - here.x - here.w / 2)
        cands.append((gap, along, offset, r.id))
    # buttons in line with this one (overlapping across the move); ↑/↓ may then take the nearest
    # button off the line, ←/→ go on to the next or previous button in reading order instead
    in_line = [c for c in cands if c[0] == 0.0]
    pool = in_line or ([] if dx else cands)
    best = min(((along + 3 * gap + 0.1 * offset, bid) for gap, along, offset, bid in pool), default=None)
    if best is not None:
        return best[1]
    if direction in ("left", "right"):
        return ids[(k + (1 if direction == "right" else -1)) % len(ids)]
    return current


def draw(g: Gfx, ring: Sequence[Region], focused: str | None) -> None:
    """A thick outline around the focused button (visible focus for keyboard play)."""
    for r in ring:
        if r.id == focused:
            g.round_rect(r.x - 3.5, r.y - 3.5, r.w + 7, r.h + 7, 6, stroke=RING, width=3)
            return
