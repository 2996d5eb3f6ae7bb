"""Reactor's input outside the play board, pure (#24): the level list, the help box and the
"replace the game in progress?" question read an event and change only the UI state (``Ui``:
scrolls, the held tap-or-swipe press, the open overlays), and answer with a page command (a
button id for ``on_button``: ``"level:<key>"``, ``"ask:yes"``) when the event meant one. No browser
imports and no app: tested in CPython (``tests/reactor_web/test_reactor_web_pageinput.py``).

Two steps, as the page runs them: ``overlay_input`` (a held press on the list or help box, the
question) before a running pulse cascade is cut short, ``screen_input`` (the help box, the level
list's wheel and keys) after it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .interpret import Ui

MENU_SCROLL_KEYS = {"ArrowDown": 0.25, "ArrowUp": -0.25, "PageDown": 0.8, "PageUp": -0.8}  # x page height


def scroll_menu(ui: Ui, delta: float) -> None:
    """Scroll the level list by ``delta`` pixels (clamped when drawn)."""
    ui.menu_scroll = max(0.0, min(ui.menu_max_scroll, ui.menu_scroll + delta))


class Answer(NamedTuple):
    """What an event meant here: ``used`` (no other input handling sees it) and the page
    command it gives, if any."""

    used: bool
    command: str | None = None


NOT_MINE = Answer(False)
USED = Answer(True)


def list_shown(ui: Ui, game_open: bool) -> bool:
    """Is the level list on screen (the menu, or no game open)?"""
    return ui.screen == "menu" or not game_open


def press_starts_tap(ui: Ui, hit: str, x: float, y: float, game_open: bool) -> bool:
    """A pointer press on a canvas button: on the level list a card or the editor button waits for
    the release (a tap; a swipe scrolls instead). True when the press is held here."""
    if ui.screen == "editor" or ui.help or ui.ask is not None:
        return False
    if list_shown(ui, game_open) and (hit.startswith("level:") or hit == "editor"):
        ui.scroller.down(hit, x, y, ui.menu_scroll)
        ui.scroll_of = "menu"
        return True
    return False


def overlay_input(ui: Ui, ev: Any, game_open: bool) -> Answer:
    """Taps and swipes on the level list and the help box, then the question: a press there is
    held (``tap.Scroller``), a move past the slop scrolls, a release without one taps its button;
    while the question is open, Escape (or the menu action) says no and Enter says yes."""
    if ui.scroller.press is None:
        on_list = list_shown(ui, game_open) and ui.ask is None
        if ev.kind == "pointer" and ev.name == "down" and (ui.help or on_list):
            ui.scroll_of = "help" if ui.help else "menu"
            ui.scroller.down("", ev.x, ev.y, ui.help_scroll if ui.help else ui.menu_scroll)
            return USED
    else:
        used, scroll, tapped = ui.scroller.event(ev)
        if scroll is not None:
            if ui.scroll_of == "help":
                ui.help_scroll = max(0.0, scroll)
            else:
                scroll_menu(ui, scroll - ui.menu_scroll)
        if used:
            return Answer(True, tapped)
    if ui.ask is not None:
        if (ev.kind == "action" and ev.down and ev.name == "menu") or (
            ev.kind == "key" and ev.down and ev.name == "Escape"
        ):
            return Answer(True, "ask:no")
        if ev.kind == "key" and ev.down and ev.name == "Enter":
            return Answer(True, "ask:yes")
        return USED
    return NOT_MINE


def screen_input(ui: Ui, ev: Any, game_open: bool, page_h: float) -> Answer:
    """The help box (the menu action closes it, the wheel scrolls it; it takes every event) and
    the level list (the wheel and the scroll keys scroll it by a share of the page height)."""
    if ui.help:
        if ev.kind == "action" and ev.down and ev.name == "menu":
            ui.help = False
        elif ev.kind == "wheel":
            ui.help_scroll = max(0.0, ui.help_scroll + ev.dy)
        return USED
    if list_shown(ui, game_open):
        if ev.kind == "wheel":
            scroll_menu(ui, ev.dy)
            return USED
        if ev.kind == "key" and ev.down and ev.name in MENU_SCROLL_KEYS:
            scroll_menu(ui, MENU_SCROLL_KEYS[ev.name] * page_h)
            return USED
    return NOT_MINE


EYE_LAYERS = ("all", "fuel", "coolant", "electricity")


def ui_button(ui: Ui, bid: str) -> bool:
    """A canvas button that only changes the UI state (scroll the list, open or close help, switch
    between the list and the game, zoom, the eye view's layer, close the inspector): True when
    ``bid`` was one of them (then it is done)."""
    if bid in ("menu_up", "menu_down"):
        scroll_menu(ui, (ui.page_h * 0.6) * (1 if bid == "menu_down" else -1))
    elif bid == "help":
        ui.help, ui.help_scroll = True, 0.0
    elif bid == "closehelp":
        ui.help = False
    elif bid == "levels":
        ui.screen = "menu"
    elif bid == "resume" and ui.run is not None:
        ui.screen = "play"
    elif bid == "zoom":
        ui.zoom = not (ui.board is not None and ui.board.zoomed)
        ui.pan = None
    elif bid == "eyelayer":
        ui.eye_layer = EYE_LAYERS[(EYE_LAYERS.index(ui.eye_layer) + 1) % len(EYE_LAYERS)]
    elif bid == "close_insp":
        ui.selected = None
    else:
        return False
    return True
