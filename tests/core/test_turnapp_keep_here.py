"""``TurnApp`` guards its game with ``latest`` as ``RealtimeApp`` does (issue #24, one app shape;
issue #25, nothing lost between tabs): "keep playing here" stores the game as the page holds it
when the player answers, with the app's record version, not the last record it wrote."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.gwstub import StubShell, glue_modules
from tests.reactor_web.test_reactor_web_turnapp_idle import CountGame, Ui, interpret, render


@pytest.fixture(scope="module")
def gw() -> Iterator[Any]:
    with glue_modules(("shared.app", "shared.storage")) as mods:
        yield mods


def make(gw: Any, backend: Any = None) -> Any:
    shell = StubShell(gw["shared.storage"], "count", backend)
    return gw["shared.app"].TurnApp(shell, CountGame(), Ui(), interpret, render, lambda: 1)


def stored_state(backend: Any) -> tuple[int, str]:
    rec = json.loads(backend.getItem("gridworks:count:game"))
    return len(rec["data"]["moves"]), str(rec["by"])


def test_keep_playing_here_stores_the_game_on_screen_not_the_last_record_written(gw: Any) -> None:
    a = make(gw)
    a.play("+")  # A stores 1 move
    b = make(gw, a.shell.backend)  # a second tab reads it and plays on: 3 moves stored by B
    b.play("+")
    b.play("+")
    assert stored_state(a.shell.backend)[0] == 3
    a.shell.storage.changed("gridworks:count:game")  # A hears of B's write
    for _ in range(3):  # A's game moves on in memory (no write reached storage yet)
        a.session.play("+")
    a.shell.storage.take_over()  # A's player answers "keep playing here"
    moves, by = stored_state(a.shell.backend)
    assert moves == a.state == 4 and by.startswith(a.shell.storage.tab)
    assert json.loads(a.shell.backend.getItem("gridworks:count:game"))["v"] == a.RECORD_VERSION
    restored = make(gw, a.shell.backend)
    assert restored.state == a.state  # what is stored is A's game as it stood


def test_no_game_open_means_no_latest_game(gw: Any) -> None:
    a = make(gw)
    a._session = None
    assert a.latest_save() is None
