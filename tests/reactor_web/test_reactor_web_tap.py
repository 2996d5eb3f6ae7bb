"""Phone input on the level list (issue #27): a level card fires on release, only when the finger
stayed within ``SLOP`` px (a tap); a press that moves further scrolls the list (a swipe) and opens
nothing; a level from the list never replaces a game in progress without the player saying yes.
Driven through the page's own ``ReactorApp`` (``press_button`` as the shell calls it, then
``handle``)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.reactor_web.test_reactor_web_hurry import Event, app  # noqa: F401 - the page fixture
from www.reactor.tap import SLOP

OTHER = "campaign:power_on"


def menu(app: Any, scroll: float = 200.0) -> None:  # noqa: F811
    app.ui.screen = "menu"
    app.ui.menu_scroll, app.ui.menu_max_scroll = scroll, 1000.0


def press(app: Any, hit: str, path: list[tuple[float, float]], end: str = "up") -> bool:  # noqa: F811
    """Down on button ``hit`` at path[0], moves along the path, then ``end`` at the last point."""
    x0, y0 = path[0]
    taken = app.press_button(hit, Event("pointer", "down", True, x0, y0, "touch"))
    for x, y in path[1:]:
        app.handle(Event("pointer", "move", False, x, y, "touch"))
    x, y = path[-1]
    app.handle(Event("pointer", end, False, x, y, "touch"))
    return bool(taken)


@pytest.mark.parametrize(("dy", "tap"), [(SLOP - 1, True), (SLOP, True), (SLOP + 1, False)])
def test_a_card_opens_on_release_only_within_the_slop(app: Any, dy: float, tap: bool) -> None:  # noqa: F811
    app.ui.run = None
    app.close_game()
    menu(app)
    assert press(app, "level:" + OTHER, [(100.0, 300.0), (100.0, 300.0 + dy)])
    assert app.ui.pending == (OTHER if tap else None)
    assert app.ui.menu_scroll == (200.0 if tap else 200.0 - dy)  # a swipe moves the list with the finger


def test_nothing_opens_on_touch_down_and_a_cancel_opens_nothing(app: Any) -> None:  # noqa: F811
    app.ui.run = None
    app.close_game()
    menu(app)
    assert app.press_button("level:" + OTHER, Event("pointer", "down", True, 50, 300, "touch"))
    assert app.ui.pending is None
    app.handle(Event("pointer", "cancel", False, 50, 300, "touch"))
    assert app.ui.pending is None and app.ui.scroller.press is None


def test_a_swipe_off_a_card_scrolls_the_list(app: Any) -> None:  # noqa: F811
    app.ui.run = None
    app.close_game()
    menu(app)
    app.handle(Event("pointer", "down", True, 100, 500, "touch"))
    app.handle(Event("pointer", "move", False, 100, 380, "touch"))
    app.handle(Event("pointer", "up", False, 100, 380, "touch"))
    assert app.ui.menu_scroll == 320.0 and app.ui.pending is None


def test_a_game_in_progress_is_replaced_only_after_yes(app: Any) -> None:  # noqa: F811
    assert app.play("move e")
    game = app.ui.run
    menu(app)
    assert press(app, "level:" + OTHER, [(100.0, 300.0)])
    assert app.ui.ask == OTHER and app.ui.pending is None and app.ui.run is game
    app.on_button("ask:no")
    assert app.ui.ask is None and app.ui.pending is None and app.ui.run is game
    press(app, "level:" + OTHER, [(100.0, 300.0)])
    app.on_button("ask:yes")
    assert app.ui.ask is None and app.ui.pending == OTHER


def test_escape_keeps_the_game(app: Any) -> None:  # noqa: F811
    assert app.play("move e")
    menu(app)
    press(app, "level:" + OTHER, [(100.0, 300.0)])
    app.handle(Event("key", "Escape", True))
    assert app.ui.ask is None and app.ui.pending is None


def test_opening_the_level_being_played_resumes_it(app: Any) -> None:  # noqa: F811
    assert app.play("move e")
    moves = list(app.ui.run.session.moves)
    menu(app)
    press(app, "level:builtin:tutorial", [(100.0, 300.0)])
    assert app.ui.screen == "play" and app.ui.ask is None and app.ui.pending is None
    assert list(app.ui.run.session.moves) == moves


def test_a_fresh_game_is_not_asked_about(app: Any) -> None:  # noqa: F811
    menu(app)  # the tutorial is open with no move made: nothing to lose
    press(app, "level:" + OTHER, [(100.0, 300.0)])
    assert app.ui.ask is None and app.ui.pending == OTHER
