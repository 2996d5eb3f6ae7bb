"""Keyboard focus over the canvas buttons, on every screen (level list, play, help, results, editor).

Tab / Shift+Tab move a visible ring over the buttons drawn in the last frame (on the level list
over every level card, scrolling the list to the focused one); Enter or Space press the focused
button. Any other bound key drops the ring and plays as usual (Enter = activate, Space = interact,
arrows move the robot), and so does a pointer press.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gwweb.shared import focus

from .pageinput import USED, Answer

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

    from .interpret import Ui

FOCUS = "#00E5FF"
PRESS = ("activate", "interact")  # Enter and Space
NOT_MINE = Answer(False)


def focus_ids(ui: Ui) -> list[str]:
    """The buttons Tab walks through, in drawing order (level list: every card, even off-screen)."""
    regions = [r.id for r in ui.buttons]
    cache = ui.menu_cache
    if ui.screen != "menu" or ui.help or cache is None:
        return list(dict.fromkeys(regions))
    cards = [f"level:{c[0]}" for c in cache[1] if c[0]]
    return list(dict.fromkeys(cards + [r for r in regions if not r.startswith("level:")]))


def focus_input(ui: Ui, ev: Any) -> Answer:
    """Tab, Shift+Tab and pressing the focused button (the command: its id); ``used`` when the
    event was taken here."""
    if ev.kind == "pointer" and ev.name == "down":
        ui.focus = None
        return NOT_MINE
    if ev.kind != "action":
        return NOT_MINE
    if ev.name == "focus":
        if ev.down:
            move_focus(ui, back=bool(getattr(ev, "shift", False)))
        return USED
    if not ev.down:
        return NOT_MINE
    if ui.focus is not None and ev.name in PRESS and ui.focus in focus_ids(ui):
        return Answer(True, ui.focus)
    ui.focus = None  # any other key: the ring goes, the key plays
    return NOT_MINE


def move_focus(ui: Ui, back: bool) -> None:
    ui.focus = focus.cycle(focus_ids(ui), ui.focus, back)
    if ui.screen == "menu" and ui.focus is not None:
        scroll_to(ui, ui.focus)


def scroll_to(ui: Ui, bid: str) -> None:
    """Scroll the level list so the focused card is wholly below the header."""
    cache = ui.menu_cache
    if cache is None or not bid.startswith("level:"):
        return
    for key, _title, _lines, _n, _x, y, h in cache[1]:
        if f"level:{key}" == bid:
            top = 44.0 + 20 + 30  # layout.TOP + the list's header
            scroll = float(ui.menu_scroll)
            if y - scroll < top:
                scroll = y - top - 4
            elif y + h - scroll > ui.page_h - 8:
                scroll = y + h - ui.page_h + 12
            ui.menu_scroll = max(0.0, scroll)
            return


def draw_focus(g: Gfx, ui: Ui) -> None:
    """The ring: a double outline around the focused button, when it is drawn this frame."""
    focus.draw_ring(g, g.regions, ui.focus, FOCUS)
