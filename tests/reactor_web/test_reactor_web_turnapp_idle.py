"""``TurnApp``'s "no game open" state and its ``Record`` wrapper (issue #24: what Reactor needs to
sit on the one app shape), on a tiny counting game with a stand-in shell and the real storage:
with an idle screen and no save the page opens no session (input and drawing go to the idle
screen, whose commands reach ``on_button``); a saved game restores; ``close_game`` keeps the save;
a game's own record (progress) is validated, a damaged one (bad JSON, a wrong shape, a value the
model accepts but the game's check refuses, a validator that raises) is kept aside with a notice
and the default is used; without an idle screen the page behaves as before (a fresh game)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from pydantic import BaseModel, Field, field_validator

from engine.core.session import IllegalMoveError
from tests.gwstub import StubShell, glue_modules


class CountGame:
    """State: an int; moves "+" (add one) and "-" (refused at 0)."""

    name = "count"
    rules = 1

    def initial(self, seed: int, options: dict[str, Any]) -> int:
        return int(options.get("start", 0))

    def apply(self, s: int, move: str) -> int:
        if move == "-" and s == 0:
            raise IllegalMoveError("cannot go below 0")
        return s + (1 if move == "+" else -1)

    def parse_move(self, text: str) -> str:
        if text not in ("+", "-"):
            raise ValueError(text)
        return text

    def format_move(self, move: str) -> str:
        return move

    def snapshot(self, s: int) -> Any:
        return s


@dataclass
class Ui:
    drawn: list[Any] = field(default_factory=list)
    idle_drawn: int = 0
    scrolled: int = 0


class Best(BaseModel):
    best: int = Field(default=0, ge=0)
    levels: list[str] = Field(default_factory=list)

    @field_validator("levels")
    @classmethod
    def _no_blank(cls, v: list[str]) -> list[str]:
        if any(x.strip() == "" for x in v):
            raise AttributeError("'list' object has no attribute 'setdefault'")  # an unforeseen failure
        return v


class Levels:
    """The idle screen: "o" opens a game (a command), "s" scrolls (UI only)."""

    def interpret(self, ui: Ui, ev: Any) -> str | None:
        if ev.name == "o":
            return "new"
        ui.scrolled += 1
        return None

    def render(self, g: Any, ui: Ui, t: float) -> None:
        ui.idle_drawn += 1


def interpret(ui: Ui, state: int, ev: Any) -> str | None:
    return {"p": "+", "m": "-"}.get(ev.name)


def render(g: Any, ui: Ui, state: int, t: float) -> None:
    ui.drawn.append(state)


@pytest.fixture(scope="module")
def gw() -> Iterator[Any]:
    with glue_modules(("shared.app", "shared.storage")) as mods:
        yield mods


class Shell(StubShell):
    def __init__(self, gw: Any, backend: Any = None) -> None:
        super().__init__(gw["shared.storage"], "count", backend)


def make(gw: Any, shell: Shell, idle: bool = True) -> Any:
    app = gw["shared.app"]
    return app.TurnApp(
        shell, CountGame(), Ui(), interpret, render, lambda: 1, idle=Levels() if idle else None
    )


def key(name: str) -> Any:
    return type("Ev", (), {"kind": "key", "name": name, "down": True})()


def test_no_save_opens_no_game_and_the_idle_screen_gets_input_and_drawing(gw: Any) -> None:
    shell = Shell(gw)
    app = make(gw, shell)
    assert not app.game_open and not app.restored
    with pytest.raises(gw["shared.app"].NoGameOpen):
        _ = app.state
    assert app.state_hash() == "" and app.save_json() == "{}"
    app.handle(key("s"))
    app.draw(None)
    assert app.ui.scrolled == 1 and app.ui.idle_drawn == 1 and app.ui.drawn == []
    assert not app.play("+") and shell.storage.read_raw("game") is None  # nothing to play, nothing saved
    app.undo()
    app.redo()
    app.handle(key("o"))  # the idle screen's command opens a game through on_button
    assert app.game_open and app.state == 0 and shell.storage.read_raw("game") is not None
    app.handle(key("p"))
    app.draw(None)
    assert app.state == 1 and app.ui.drawn == [1] and app.ui.idle_drawn == 1


def test_a_saved_game_restores_and_close_game_keeps_the_save(gw: Any) -> None:
    shell = Shell(gw)
    app = make(gw, shell)
    app.new_game()
    app.play("+")
    app.play("+")
    again = make(gw, Shell(gw, shell.backend))
    assert again.game_open and again.restored and again.state == 2
    saved = shell.storage.read_raw("game")
    again.close_game()
    assert not again.game_open and shell.storage.read_raw("game") == saved
    assert make(gw, Shell(gw, shell.backend)).state == 2


def test_a_damaged_save_with_an_idle_screen_is_kept_aside_and_no_game_opens(gw: Any) -> None:
    shell = Shell(gw)
    shell.backend.setItem("gridworks:count:game", '{"v": 1, "data": {"game": "count", "moves": ["?"]}}')
    app = make(gw, shell)
    assert not app.game_open and len(shell.notices) == 1
    assert any(":corrupt:" in k for k in shell.backend.keys())


def test_without_an_idle_screen_the_page_starts_a_fresh_game_as_before(gw: Any) -> None:
    shell = Shell(gw)
    app = make(gw, shell, idle=False)
    assert app.game_open and app.state == 0
    with pytest.raises(gw["shared.app"].NoGameOpen):
        app.close_game()


@pytest.mark.parametrize(
    ("stored", "why"),
    [
        ("{not json", "bad JSON"),
        (json.dumps({"v": 1, "data": []}), "a list where the record is an object"),
        (json.dumps({"v": 1, "data": {"best": -1}}), "below the model's bound"),
        (json.dumps({"v": 1, "data": {"levels": [" "]}}), "a validator that raises AttributeError"),
        (json.dumps({"v": 1, "data": {"best": 7, "levels": ["a"]}}), "the game's check refuses it"),
    ],
)
def test_a_damaged_record_is_kept_aside_with_a_notice_and_the_default_used(
    gw: Any, stored: str, why: str
) -> None:
    shell = Shell(gw)
    shell.backend.setItem("gridworks:count:best", stored)
    app = make(gw, shell)
    rec = app.record(
        "best", Best, Best, check=lambda b: "best above levels" if b.best > len(b.levels) else ""
    )
    assert rec.value == Best(), why
    assert len(shell.notices) == 1, why
    kept = [k for k in shell.backend.keys() if k.startswith("gridworks:count:best:corrupt:")]
    assert len(kept) == 1 and shell.backend.getItem(kept[0]) == stored, why
    assert shell.storage.read_raw("best") is None


def test_a_sound_record_loads_saves_and_reloads(gw: Any) -> None:
    shell = Shell(gw)
    shell.backend.setItem("gridworks:count:best", json.dumps({"v": 1, "data": {"best": 1, "levels": ["a"]}}))
    app = make(gw, shell)
    rec = app.record(
        "best", Best, Best, check=lambda b: "best above levels" if b.best > len(b.levels) else ""
    )
    assert rec.value == Best(best=1, levels=["a"]) and shell.notices == []
    rec.value.levels.append("b")
    assert rec.save()
    other = app.record("best", Best, Best)
    assert other.value.levels == ["a", "b"]
    shell.backend.setItem(
        "gridworks:count:best", json.dumps({"v": 1, "data": {"best": 2, "levels": ["a", "b"]}})
    )
    assert rec.reload().best == 2


def test_a_record_from_a_newer_build_is_held_not_overwritten(gw: Any) -> None:
    shell = Shell(gw)
    newer = json.dumps({"v": 2, "data": {"best": 1}})
    shell.backend.setItem("gridworks:count:best", newer)
    app = make(gw, shell)
    rec = app.record("best", Best, Best)
    assert rec.value == Best() and len(shell.notices) == 1
    rec.value.best = 3
    assert not rec.save() and shell.backend.getItem("gridworks:count:best") == newer


class Anim:
    def __init__(self, total: float, skippable: bool) -> None:
        self.total, self.skippable = total, skippable


def animated(gw: Any, skippable: bool) -> tuple[Any, list[Any], list[float]]:
    """A page whose every move animates for 100 ms on a clock the test moves; the animations'
    ends are logged as (cut_by or None)."""
    clock = [0.0]
    ended: list[Any] = []

    class Page(gw["shared.app"].TurnApp):  # type: ignore[name-defined,misc]
        def on_events(self, events: list[Any]) -> Any:
            return Anim(100.0, skippable)

        def animation_ended(self, anim: Any, cut_by: object | None) -> None:
            ended.append(cut_by)

    page = Page(Shell(gw), CountGame(), Ui(), interpret, render, lambda: 1, clock=lambda: clock[0])
    return page, ended, clock


def ev(kind: str, name: str, down: bool = True) -> Any:
    return type("Ev", (), {"kind": kind, "name": name, "down": down, "x": 0.0, "y": 0.0})()


def test_a_skippable_animation_is_cut_by_a_press_and_the_press_is_then_played(gw: Any) -> None:
    page, ended, clock = animated(gw, skippable=True)
    page.handle(key("p"))
    assert page.state == 1 and page.locked()
    clock[0] = 99.0  # value - 1: still running
    hover = ev("pointer", "move", False)
    page.handle(hover)  # not a press: goes on to interpret, the animation runs on
    assert page.locked() and ended == []
    press = key("p")
    page.handle(press)  # a press: cuts it (told with the press) and is played
    assert ended == [press] and page.state == 2 and page.locked()  # the new move's animation
    clock[0] = 99.0 + 100.0  # value: this one ran its time
    assert not page.locked() and ended == [press, None]
    page.handle(key("p"))
    page.undo()  # undo cuts a skippable animation and takes the move back at once
    assert ended[-1] == "undo" and page.state == 2


def test_a_plain_animation_still_holds_input_until_it_ends(gw: Any) -> None:
    page, ended, clock = animated(gw, skippable=False)
    page.handle(key("p"))
    page.handle(key("p"))  # dropped while the move animates
    assert page.state == 1 and ended == []
    page.undo()  # waits for the end
    assert page.state == 1
    clock[0] = 100.0
    assert not page.locked() and ended == [None] and page.state == 0
