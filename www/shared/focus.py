"""The keyboard focus ring over a frame's canvas buttons, one way for every game.

Keyboard players reach every canvas button: Tab / Shift+Tab walk them in drawing order
(``cycle``), the arrows go to the nearest button in that direction (``step``), Enter or Space
presses the focused one (the game's own input code decides which keys), and ``draw_ring``
outlines it. Pure geometry over ``Region`` rectangles apart from ``draw_ring``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gwweb.shared.canvas import Gfx, Region

RING = "#FFD54F"  # gold: visible on every game's dark panels


def default_focus(regions: Sequence[Region], preferred: Iterable[str | None] = ()) -> str | None:
    """The button a keyboard player starts on: the first of ``preferred`` on screen, else the first."""
    ids = [r.id for r in regions]
    for bid in preferred:
        if bid is not None and bid in ids:
            return bid
    return ids[0] if ids else None


def cycle(ids: Sequence[str], current: str | None, back: bool = False) -> str | None:
    """The button after (``back``: before) ``current`` in ``ids``, wrapping; the first (last) if none."""
    if not ids:
        return None
    if current in ids:
        return ids[(ids.index(current) + (-1 if back else 1)) % len(ids)]
    return ids[-1] if back else ids[0]


def step(
    regions: Sequence[Region], current: str | None, dx: float, dy: float, preferred: Iterable[str | None] = ()
) -> str | None:
    """The button focused after an arrow (``dx``, ``dy`` a unit direction) pressed on ``current``.

    Buttons in line with the focused one (overlapping it across the move) come first, the nearest
    along the move; up/down may then take the nearest button off the line, while left/right at a
    row's end go on to the next or previous button in drawing order.
    """
    ids = [r.id for r in regions]
    if current not in ids:
        return default_focus(regions, preferred)
    k = ids.index(current)
    here = regions[k]
    cands: list[tuple[float, float, float, str]] = []  # (gap across, along, centre offset, id)
    for r in regions:
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
    in_line = [c for c in cands if c[0] == 0.0]
    pool = in_line or ([] if dx else cands)
    best = min(((along + 3 * gap + 0.1 * offset, bid) for gap, along, offset, bid in pool), default=None)
    if best is not None:
        return best[1]
    if dx:
        return ids[(k + (1 if dx > 0 else -1)) % len(ids)]
    return current


def draw_ring(g: Gfx, regions: Sequence[Region], focused: str | None, color: str = RING) -> None:
    """A thick outline (dark under the colour, so it shows on light and dark) round the focused button."""
    if focused is None:
        return
    for r in regions:
        if r.id == focused:
            g.round_rect(r.x - 3.5, r.y - 3.5, r.w + 7, r.h + 7, 6, stroke="#000000", width=5)
            g.round_rect(r.x - 3.5, r.y - 3.5, r.w + 7, r.h + 7, 6, stroke=color, width=3)
            return


__all__ = ["RING", "cycle", "default_focus", "draw_ring", "step"]
