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

    from .parts import FocusHost

FOCUS = "#00E5FF"
PRESS = ("activate", "interact")  # Enter and Space


def focus_ids(app: FocusHost) -> list[str]:
    """The buttons Tab walks through, in drawing order (level list: every card, even off-screen)."""
    regions = [r.id for r in app.shell.gfx.regions]
    cache = app.ui.menu_cache
    if app.ui.screen != "menu" or app.ui.help or cache is None:
        return list(dict.fromkeys(regions))
    cards = [f"level:{c[0]}" for c in cache[1] if c[0]]
    return list(dict.fromkeys(cards + [r for r in regions if not r.startswith("level:")]))


def handle_focus(app: FocusHost, ev: Event) -> bool:
    """Tab, Shift+Tab and pressing the focused button; True when the event was used here."""
    if ev.kind == "pointer" and ev.name == "down":
        app.ui.focus = None
        return False
    if ev.kind != "action":
        return False
    if ev.name == "focus":
        if ev.down:
            move_focus(app, back=bool(getattr(ev, "shift", False)))
        return True
    if not ev.down:
        return False
    if app.ui.focus is not None and ev.name in PRESS:
        bid = app.ui.focus
        if bid in focus_ids(app):
            app.on_button(bid)
            app.shell.invalidate()
            return True
    app.ui.focus = None  # any other key: the ring goes, the key plays
    return False


def move_focus(app: FocusHost, back: bool) -> None:
    app.ui.focus = focus.cycle(focus_ids(app), app.ui.focus, back)
    if app.ui.screen == "menu" and app.ui.focus is not None:
        scroll_to(app, app.ui.focus)
    app.shell.invalidate()


def scroll_to(app: FocusHost, bid: str) -> None:
    """Scroll the level list so the focused card is wholly below the header."""
    cache = app.ui.menu_cache
    if cache is None or not bid.startswith("level:"):
        return
    for key, _title, _lines, _n, _x, y, h in cache[1]:
        if f"level:{key}" == bid:
            top = 44.0 + 20 + 30  # layout.TOP + the list's header
            height = float(app.shell.gfx.height)
            scroll = float(app.ui.menu_scroll)
            if y - scroll < top:
                scroll = y - top - 4
            elif y + h - scroll > height - 8:
                scroll = y + h - height + 12
            app.ui.menu_scroll = max(0.0, scroll)
            return


def draw_focus(app: FocusHost, g: Gfx) -> None:
    """The ring: a double outline around the focused button, when it is drawn this frame."""
    focus.draw_ring(g, g.regions, app.ui.focus, FOCUS)
