"""Keyboard focus over the canvas buttons, on every screen (level list, play, help, results, editor).

Tab / Shift+Tab move a visible ring over the buttons drawn in the last frame (on the level list
over every level card, scrolling the list to the focused one); Enter or Space press the focused
button. Any other bound key drops the ring and plays as usual (Enter = activate, Space = interact,
arrows move the robot), and so does a pointer press.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gwweb.shared import focus

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx
    from gwweb.shared.input import Event

    from .fields import AppFields

FOCUS = "#00E5FF"
PRESS = ("activate", "interact")  # Enter and Space


def focus_ids(app: AppFields) -> list[str]:
    """The buttons Tab walks through, in drawing order (level list: every card, even off-screen)."""
    regions = [r.id for r in app.shell.gfx.regions]
    cache = getattr(app, "menu_cache", None)
    if app.screen != "menu" or app.help or cache is None:
        return list(dict.fromkeys(regions))
    cards = [f"level:{c[0]}" for c in cache[1] if c[0]]
    return list(dict.fromkeys(cards + [r for r in regions if not r.startswith("level:")]))


def handle_focus(app: AppFields, ev: Event) -> bool:
    """Tab, Shift+Tab and pressing the focused button; True when the event was used here."""
    if ev.kind == "pointer" and ev.name == "down":
        app.focus = None
        return False
    if ev.kind != "action":
        return False
    if ev.name == "focus":
        if ev.down:
            move_focus(app, back=bool(getattr(ev, "shift", False)))
        return True
    if not ev.down:
        return False
    if app.focus is not None and ev.name in PRESS:
        bid = app.focus
        if bid in focus_ids(app):
            app.on_button(bid)
            app.shell.invalidate()
            return True
    app.focus = None  # any other key: the ring goes, the key plays
    return False


def move_focus(app: AppFields, back: bool) -> None:
    app.focus = focus.cycle(focus_ids(app), app.focus, back)
    if app.screen == "menu" and app.focus is not None:
        scroll_to(app, app.focus)
    app.shell.invalidate()


def scroll_to(app: AppFields, bid: str) -> None:
    """Scroll the level list so the focused card is wholly below the header."""
    cache = getattr(app, "menu_cache", None)
    if cache is None or not bid.startswith("level:"):
        return
    for key, _title, _lines, _n, _x, y, h in cache[1]:
        if f"level:{key}" == bid:
            top = 44.0 + 20 + 30  # layout.TOP + the list's header
            height = float(app.shell.gfx.height)
            scroll = float(getattr(app, "menu_scroll", 0.0))
            if y - scroll < top:
                scroll = y - top - 4
            elif y + h - scroll > height - 8:
                scroll = y + h - height + 12
            app.menu_scroll = max(0.0, scroll)
            return


def draw_focus(app: AppFields, g: Gfx) -> None:
    """The ring: a double outline around the focused button, when it is drawn this frame."""
    focus.draw_ring(g, g.regions, app.focus, FOCUS)
