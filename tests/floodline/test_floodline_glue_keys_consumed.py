"""Issue #26 "Bugs found": a key that presses a button is consumed by it. Space on the results card
presses Next (or Retry); when that run was prepared in idle time it begins at once, and the Space's own
action (hard drop, which follows the key event) must not drop its first piece — nor may the key's
auto-repeat while it is still held. The next press after the release plays as usual."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from engine.floodline.campaign import level
from tests.gwstub import glue_modules


@pytest.fixture(scope="module")
def glue() -> Iterator[dict[str, Any]]:
    names = ("floodline.controls", "floodline.ui", "floodline.keys", "floodline.interpret", "floodline.model")
    with glue_modules((*names, "shared.input", "shared.canvas")) as mods:
        yield mods


def page(glue: dict[str, Any]) -> Any:
    """The page's input half: the pure ``interpret_event(ui, state, ev)`` and the app's handling of
    what it asks (``App.carry_out``: a key taken by a button is swallowed until released, the button
    pressed) over a results card whose Next starts a prepared run."""
    c, canvas = glue["floodline.controls"], glue["shared.canvas"]
    bindings = dict(glue["floodline.keys"].BINDINGS)

    class Page:
        def __init__(self) -> None:
            self.ui = glue["floodline.ui"].Ui(SimpleNamespace(), SimpleNamespace(waiting=None))
            self.ui.run = SimpleNamespace(state=SimpleNamespace(outcome="WON"), n=1)  # the results card
            self.ui.ring = [canvas.Region("next", 0, 0, 100, 40), canvas.Region("levels", 0, 50, 100, 40)]
            self.pressed: list[str] = []

        @property
        def run(self) -> Any:
            return self.ui.run

        def interpret_event(self, ev: Any) -> Any:
            ui = self.ui
            move = c.interpret_event(ui, None if ui.run is None else ui.run.state, ev)
            while ui.requests:
                what, arg = ui.requests.pop(0)
                if what == "consume" and bindings.get(arg):
                    ui.swallow, ui.swallow_key = bindings[arg], arg
                elif what == "button":
                    self.pressed.append(arg)
                    if arg == "next":  # made ahead in idle time: the level begins at once
                        ui.reset_for_run(glue["floodline.model"].Run(level(2), 2), False)
                        ui.ring = []
            return move

    return Page()


def key(p: Any, glue: dict[str, Any], code: str, down: bool, repeat: bool = False) -> None:
    """What the shell's input delivers for a key: the key event, then its bound action's event."""
    ev = glue["shared.input"].Event
    assert p.interpret_event(ev("key", code, down, repeat=repeat)) is None  # keys latch
    action = glue["floodline.keys"].BINDINGS.get(code)
    if action:
        assert p.interpret_event(ev("action", action, down, repeat=repeat)) is None


def hard_drop_next_tick(p: Any, glue: dict[str, Any]) -> bool:
    inp, _ = glue["floodline.interpret"].tick_move(p.ui.keys, p.run.state, 0)
    return bool(inp.hard)


def test_space_on_the_results_card_starts_the_next_run_without_dropping_its_piece(
    glue: dict[str, Any],
) -> None:
    p = page(glue)
    key(p, glue, "Space", True)
    assert p.pressed == ["next"] and p.run.n == 2
    assert not hard_drop_next_tick(p, glue)  # the press was the button's
    key(p, glue, "Space", True, repeat=True)  # still held: auto-repeat belongs to the same press
    assert not hard_drop_next_tick(p, glue)
    key(p, glue, "Space", False)
    key(p, glue, "Space", True)  # a new press after the release is a hard drop again
    assert hard_drop_next_tick(p, glue)


def test_enter_on_the_card_and_a_lost_key_up_do_not_eat_the_next_space(glue: dict[str, Any]) -> None:
    p = page(glue)
    key(p, glue, "Enter", True)
    assert p.pressed == ["next"]
    ev = glue["shared.input"].Event
    # the window lost focus: only the action's release came
    p.interpret_event(ev("action", "confirm", False))
    key(p, glue, "Space", True)
    assert hard_drop_next_tick(p, glue)


def test_other_keys_still_play_after_a_button_press(glue: dict[str, Any]) -> None:
    p = page(glue)
    key(p, glue, "Space", True)  # held on
    key(p, glue, "ArrowLeft", True)
    inp, _ = glue["floodline.interpret"].tick_move(p.ui.keys, p.run.state, 0)
    assert inp.move is not None and not inp.hard
