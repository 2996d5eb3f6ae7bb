"""Floodline's page glue in CPython (issue #14): the keys latched between two ticks become that
tick's engine move (``interpret.tick_move``), a tap shorter than a tick still moves, a tilt key
along gravity is refused with the engine's reason; on the screens with buttons the focus ring walks
the buttons by direction / Tab and Enter presses the focused one; the idle warm-up ends with the
Play level's run made ahead, identical to a fresh one."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from engine.core.session import Session
from engine.floodline import GAME
from engine.floodline.campaign import Progress, level
from tests.gwstub import glue_modules


@pytest.fixture(scope="module")
def glue() -> Iterator[dict[str, Any]]:
    """The glue modules imported as ``gwweb.floodline.*`` with the browser modules stubbed out."""
    names = (
        "floodline.interpret",
        "floodline.focus",
        "floodline.controls",
        "floodline.ui",
        "floodline.warmup",
        "floodline.campaign",
        "floodline.model",
    )
    with glue_modules((*names, "shared.input", "shared.canvas")) as mods:
        yield mods


def fresh() -> Any:
    return Session(GAME, 1001, {"level": level(1)}).state


def test_keys_become_one_move_per_tick(glue: dict[str, Any]) -> None:
    it = glue["floodline.interpret"]
    keys = it.Keys()
    s = fresh()
    keys.key("right", True)
    keys.key("right", False)  # released before the tick: the tap still moves one step
    keys.key("yawR", True)
    keys.key("hard", True)
    inp, why = it.tick_move(keys, s, 0)
    assert inp.move is not None and inp.hard and len(inp.rotations) == 1 and why is None
    inp, _ = it.tick_move(keys, s, 0)  # consumed: the next tick is idle
    assert inp.move is None and not inp.hard and not inp.rotations
    keys.key("soft", True)
    assert it.tick_move(keys, s, 0)[0].soft
    keys.release_all()
    assert not it.tick_move(keys, s, 0)[0].soft


def test_the_view_decides_which_board_direction_a_key_names(glue: dict[str, Any]) -> None:
    it = glue["floodline.interpret"]
    s = fresh()
    moves = set()
    for view in range(4):
        keys = it.Keys()
        keys.key("right", True)
        moves.add(it.tick_move(keys, s, view)[0].move)
    assert len(moves) == 4  # each quarter view turns "right" into another board direction


def test_a_tilt_key_without_a_direction_is_refused_with_the_engines_reason(glue: dict[str, Any]) -> None:
    it = glue["floodline.interpret"]
    for k in ("tilt1", "tilt2", "tilt3", "tilt4"):  # gravity down: every tilt key names a direction
        keys = it.Keys()
        keys.key(k, True)
        inp, why = it.tick_move(keys, fresh(), 0)
        assert inp.tilt is not None and why is None
    tilts = {"allowed": ["DOWN", "EAST", "WEST", "NORTH", "SOUTH"]}
    s = Session(GAME, 1, {"level": {"gravity": "EAST", "rotation": tilts}}).state
    refused = []
    for k in ("tilt1", "tilt2", "tilt3", "tilt4"):
        keys = it.Keys()
        keys.key(k, True)
        inp, why = it.tick_move(keys, s, 0)
        assert (inp.tilt is None) == (why is not None)
        if why is not None:
            refused.append(why["reason"])
    assert refused and set(refused) == {"direction"}  # the key along gravity says why


def region(glue: dict[str, Any], bid: str, x: float, y: float) -> Any:
    return glue["shared.canvas"].Region(bid, x, y, 100, 40)


def test_the_focus_ring_walks_the_buttons(glue: dict[str, Any]) -> None:
    focus = glue["floodline.focus"]
    ring = [region(glue, "resume", 0, 0), region(glue, "restart", 0, 50), region(glue, "levels", 0, 100)]
    assert focus.start(ring) == "resume"
    assert focus.key(ring, "resume", "ArrowDown") == ("restart", None)
    assert focus.key(ring, "restart", "ArrowDown") == ("levels", None)
    assert focus.key(ring, "levels", "ArrowDown") == ("levels", None)  # nothing further down
    assert focus.key(ring, "levels", "Tab") == ("resume", None)  # Tab wraps in drawing order
    assert focus.key(ring, "resume", "Tab", back=True) == ("levels", None)
    assert focus.key(ring, None, "Tab") == ("resume", None)  # the first key: the main action
    assert focus.key(ring, None, "Enter") == ("resume", "resume")
    grid = [region(glue, f"lv:{n}", 110 * (n - 1), 0) for n in (1, 2, 3)] + [region(glue, "play", 110, 60)]
    assert focus.start(grid) == "play"
    assert focus.key(grid, "lv:1", "ArrowRight") == ("lv:2", None)
    assert focus.key(grid, "lv:2", "ArrowDown") == ("play", None)


def make_ui(glue: dict[str, Any]) -> Any:
    """A fresh ``Ui`` (a new player's record, the rebinding screen waiting for nothing)."""
    progress = Progress()
    return glue["floodline.ui"].Ui(progress, SimpleNamespace(waiting=None))


def test_enter_presses_the_focused_button(glue: dict[str, Any]) -> None:
    c, Event = glue["floodline.controls"], glue["shared.input"].Event
    ring = [region(glue, "next", 0, 0), region(glue, "restart", 0, 50), region(glue, "levels", 0, 100)]
    ui = make_ui(glue)
    assert c.interpret(ui, ring, Event("key", "Enter", True)) == "next"  # no focus yet: the main one
    assert c.interpret(ui, ring, Event("key", "ArrowDown", True)) is None and ui.focus == "next"
    assert c.interpret(ui, ring, Event("key", "ArrowDown", True)) is None and ui.focus == "restart"
    assert ui.keyboard_nav
    assert c.interpret(ui, ring, Event("key", "Space", True)) == "restart"
    assert c.interpret(ui, ring, Event("key", "KeyQ", True)) is None
    assert c.interpret(ui, [], Event("key", "Enter", True)) is None  # no buttons: not for the ring


def test_the_warmup_ends_with_the_play_levels_run_made(glue: dict[str, Any]) -> None:
    w = glue["floodline.warmup"].Warmup(1)
    steps = 0
    for _ in w.steps():
        steps += 1
    gc.unfreeze()
    assert w.done and steps >= len(glue["floodline.warmup"].MODELS)
    run = w.take(1)
    assert run is not None and w.take(1) is None  # taken once
    assert run.session.state_hash() == Session(GAME, 1001, {"level": level(1)}).state_hash()
    assert glue["floodline.warmup"].Warmup(2).take(1) is None


def test_interpret_reads_and_writes_only_the_ui(glue: dict[str, Any]) -> None:
    """``interpret_event(ui, state, ev)`` (issue #24): game keys are latched for the next tick, never
    returned as a move; page keys change the UI; what needs the page is asked for in ``ui.requests``."""
    c, Event = glue["floodline.controls"], glue["shared.input"].Event
    ui = make_ui(glue)
    ui.run = glue["floodline.model"].Run(level(1), 1)
    s = ui.run.state
    assert c.interpret_event(ui, s, Event("action", "right", True)) is None
    assert ui.keys.held == ["right"] and not ui.requests
    c.interpret_event(ui, s, Event("action", "pause", True))
    assert ui.paused and ui.keys.held == []  # pause releases the held keys
    c.interpret_event(ui, s, Event("action", "right", True))
    assert ui.keys.held == []  # paused: the game keys do nothing
    c.interpret_event(ui, s, Event("action", "pause", True))
    c.interpret_event(ui, s, Event("action", "view2", True))
    assert ui.view == 1 and not ui.paused
    c.interpret_event(ui, s, Event("action", "mute", True))
    c.interpret_event(ui, s, Event("key", "AltLeft", True))
    c.interpret_event(ui, s, Event("action", "tilt1", True))
    assert ui.requests == [("mute", ""), ("preview", "tilt1")]
    ui.requests.clear()
    ui.tip_holds = True  # the phone prompt holds the clock: a game key closes it and acts
    c.interpret_event(ui, s, Event("key", "AltLeft", False))
    c.interpret_event(ui, s, Event("action", "hard", True))
    assert ui.tip_closed and ui.keys.pressed == ["hard"]
    # no run: Enter on the level select asks for the focused button; its key's action is swallowed
    ui.run, ui.ring = None, [region(glue, "play", 0, 0), region(glue, "endless", 120, 0)]
    c.interpret_event(ui, None, Event("key", "Enter", True))
    assert ui.requests == [("consume", "Enter"), ("button", "play")]
    ui.requests.clear()
    ui.swallow, ui.swallow_key = "confirm", "Enter"
    c.interpret_event(ui, None, Event("action", "confirm", True))
    assert not ui.requests  # swallowed: the button took the key
    c.interpret_event(ui, None, Event("key", "Enter", False))
    assert ui.swallow == ""
    c.interpret_event(ui, None, Event("action", "confirm", True))
    assert ui.requests == []  # on a screen with buttons, a game action is for the focus ring
    ui.ring = []
    c.interpret_event(ui, None, Event("action", "confirm", True))
    assert ui.requests == [("button", "play")]
