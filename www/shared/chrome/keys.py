"""Keyboard focus over a chrome screen's buttons (``gwweb.shared.focus`` applied to a key press)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gwweb.shared.canvas import Region
from gwweb.shared.focus import cycle, step

ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
PRESS = ("Enter", "NumpadEnter", "Space")


def focus_key(
    regions: Sequence[Region],
    focused: str | None,
    code: str,
    shift: bool = False,
    preferred: Iterable[str | None] = (),
) -> tuple[str | None, str | None]:
    """A key pressed on a chrome screen: ``(focused after, id pressed or None)``.

    Tab / Shift+Tab walk the buttons in drawing order, arrows go to the nearest button that way,
    Enter or Space presses the focused one (or the ``preferred`` one when none is focused yet)."""
    ids = [r.id for r in regions]
    if code == "Tab":
        return cycle(ids, focused, back=shift), None
    if code in ARROWS:
        dx, dy = ARROWS[code]
        return step(regions, focused, dx, dy, preferred), None
    if code in PRESS:
        target = focused if focused in ids else next((p for p in preferred if p in ids), None)
        return target, target
    return focused, None


__all__ = ["focus_key"]
