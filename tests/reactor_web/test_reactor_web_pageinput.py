"""Reactor's input outside the play board is pure (#24, ``www/reactor/pageinput.py``): the level list,
the help box and the replace-the-game question change only the ``Ui`` and answer with a page command.
Checked without any app: a tap is a release within ``SLOP`` px (SLOP - 1 taps, SLOP + 1 scrolls and
taps nothing); the question answers Enter / Escape / the menu action and swallows the rest; help takes
every event; the list's wheel and keys scroll it; on the play screen with a game open nothing is taken."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from www.reactor.interpret import Ui
from www.reactor.pageinput import MENU_SCROLL_KEYS, overlay_input, press_starts_tap, screen_input
from www.reactor.tap import SLOP


@dataclass
class Ev:
    kind: str
    name: str
    down: bool = True
    x: float = 0.0
    y: float = 0.0
    dy: float = 0.0


def on_list(scroll: float = 200.0) -> Ui:
    ui = Ui(screen="menu")
    ui.menu_scroll, ui.menu_max_scroll = scroll, 1000.0
    return ui


@pytest.mark.parametrize(("moved", "tapped"), [(SLOP - 1, True), (SLOP, True), (SLOP + 1, False)])
def test_a_card_fires_on_release_only_within_the_slop(moved: float, tapped: bool) -> None:
    ui = on_list()
    assert press_starts_tap(ui, "level:campaign:power_on", 50, 300, game_open=False)
    assert overlay_input(ui, Ev("pointer", "move", False, 50, 300 - moved), False).used
    got = overlay_input(ui, Ev("pointer", "up", False, 50, 300 - moved), False)
    assert got.used and got.command == ("level:campaign:power_on" if tapped else None)
    assert ui.menu_scroll == (200.0 if tapped else 200.0 + moved)
    assert ui.scroller.press is None


def test_a_cancelled_press_taps_nothing_and_other_buttons_are_not_held() -> None:
    ui = on_list()
    assert press_starts_tap(ui, "editor", 5, 5, game_open=True)
    assert overlay_input(ui, Ev("pointer", "cancel", False, 5, 5), True).command is None
    assert not press_starts_tap(ui, "help", 5, 5, game_open=True)
    ui.ask = "campaign:x"
    assert not press_starts_tap(ui, "level:campaign:x", 5, 5, game_open=True)


def test_a_swipe_off_the_cards_scrolls_and_help_scrolls_its_own_box() -> None:
    ui = on_list()
    assert overlay_input(ui, Ev("pointer", "down", True, 50, 500), False).used
    overlay_input(ui, Ev("pointer", "move", False, 50, 400), False)
    assert overlay_input(ui, Ev("pointer", "up", False, 50, 400), False) == (True, None)
    assert ui.menu_scroll == 300.0
    ui.help = True
    overlay_input(ui, Ev("pointer", "down", True, 50, 500), False)
    overlay_input(ui, Ev("pointer", "move", False, 50, 450), False)
    overlay_input(ui, Ev("pointer", "up", False, 50, 450), False)
    assert ui.help_scroll == 50.0 and ui.menu_scroll == 300.0


def test_the_question_answers_enter_escape_and_menu_and_takes_the_rest() -> None:
    ui = on_list()
    ui.ask = "campaign:x"
    assert overlay_input(ui, Ev("key", "Enter"), True) == (True, "ask:yes")
    assert overlay_input(ui, Ev("key", "Escape"), True) == (True, "ask:no")
    assert overlay_input(ui, Ev("action", "menu"), True) == (True, "ask:no")
    assert overlay_input(ui, Ev("key", "Enter", down=False), True) == (True, None)
    assert overlay_input(ui, Ev("action", "up"), True) == (True, None)


def test_help_takes_every_event_closes_on_menu_and_scrolls_by_wheel() -> None:
    ui = Ui(screen="play", help=True)
    assert screen_input(ui, Ev("action", "up"), True, 800) == (True, None) and ui.help
    screen_input(ui, Ev("wheel", "", dy=-30), True, 800)
    assert ui.help_scroll == 0.0  # never above the top
    screen_input(ui, Ev("wheel", "", dy=70), True, 800)
    assert ui.help_scroll == 70.0
    screen_input(ui, Ev("action", "menu"), True, 800)
    assert not ui.help


@pytest.mark.parametrize("key", sorted(MENU_SCROLL_KEYS))
def test_the_list_scrolls_by_keys_and_wheel_with_no_game_open(key: str) -> None:
    ui = on_list(scroll=500.0)
    assert screen_input(ui, Ev("key", key), False, 800).used
    assert ui.menu_scroll == max(0.0, min(1000.0, 500.0 + MENU_SCROLL_KEYS[key] * 800))  # clamped to the list
    ui = Ui(screen="play")  # no game open: the list is shown whatever the screen says
    ui.menu_max_scroll = 1000.0
    assert screen_input(ui, Ev("wheel", "", dy=40), False, 800).used and ui.menu_scroll == 40.0


def test_on_the_play_screen_with_a_game_open_nothing_is_taken() -> None:
    ui = Ui(screen="play")
    for ev in (Ev("key", "ArrowDown"), Ev("wheel", "", dy=40), Ev("action", "up"), Ev("pointer", "down")):
        assert overlay_input(ui, ev, True) == (False, None)
        assert screen_input(ui, ev, True, 800) == (False, None)
    assert ui == Ui(screen="play")
