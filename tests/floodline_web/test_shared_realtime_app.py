"""``gwweb.shared.realtime_app.RealtimeApp`` (issue #24), the real-time twin of ``TurnApp``, on a tiny
falling-block game: the clock asks ``step(ui, state)`` for one move a tick (gravity is the engine's
rule, applied by every tick's move), nothing moves while ``waiting``, ``speed`` plays several moves a
tick, ``interpret`` plays a move at once, a refused move changes nothing, checkpoints save through the
Session (restore, a damaged save kept aside, a newer build's held), undo takes back a tick."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from engine.core.session import IllegalMoveError, Session
from tests.gwstub import StubShell, glue_modules


@dataclass(frozen=True)
class Fall:
    """The block's column ``x`` and height ``y``; each tick it falls one row (y 0: landed)."""

    x: int = 2
    y: int = 5


class FallGame:
    """Moves: "." (just the tick), "L", "R" (shift, then the tick); "L" at x 0 is refused."""

    name = "fall"
    rules = 1

    def initial(self, seed: int, options: dict[str, Any]) -> Fall:
        return Fall()

    def apply(self, s: Fall, move: str) -> Fall:
        return self.apply_with_events(s, move)[0]

    def apply_with_events(self, s: Fall, move: str) -> tuple[Fall, list[str]]:
        x = s.x + {"L": -1, "R": 1, ".": 0}[move]
        if not 0 <= x <= 4 or s.y == 0:
            raise IllegalMoveError(f"cannot {move}")
        y = s.y - 1
        return replace(s, x=x, y=y), ["landed"] if y == 0 else []

    def parse_move(self, text: str) -> str:
        if text not in ("L", "R", "."):
            raise ValueError(text)
        return text

    def format_move(self, move: str) -> str:
        return move

    def snapshot(self, s: Fall) -> Any:
        return [s.x, s.y]


@dataclass
class Ui:
    held: list[str] = field(default_factory=list)
    paused: bool = False
    drawn: list[Any] = field(default_factory=list)


def interpret(ui: Ui, state: Fall | None, ev: Any) -> str | None:
    if ev.kind == "key" and ev.name == "Escape":
        ui.paused = not ui.paused
    if ev.kind == "key" and ev.name == "Space" and state is not None:
        return "R"  # a move that happens at once, not on the next tick
    if ev.kind == "key" and ev.name in ("L", "R"):
        ui.held.append(ev.name)
    return None


def step(ui: Ui, state: Fall) -> str | None:
    return ui.held.pop(0) if ui.held else "."


def render(g: Any, ui: Ui, state: Fall | None, t: float) -> None:
    ui.drawn.append((state, t))


@pytest.fixture(scope="module")
def gw() -> Iterator[Any]:
    with glue_modules(("shared.realtime_app", "shared.storage")) as mods:
        yield mods


class Shell(StubShell):
    def __init__(self, gw: Any, backend: Any = None) -> None:
        super().__init__(gw["shared.storage"], "fall", backend)


def make(gw: Any, shell: Shell | None = None) -> Any:
    rt = gw["shared.realtime_app"]

    class FallApp(rt.RealtimeApp):  # type: ignore[misc]
        SAVE = "game"
        events: list[str] = []

        def waiting(self) -> bool:
            return bool(self.ui.paused)

        def on_events(self, events: list[str]) -> None:
            self.events = [*self.events, *events]

    return FallApp(shell or Shell(gw), FallGame(), Ui(), interpret, step, render, clock=lambda: 7.0)


def key(name: str) -> Any:
    return type("Ev", (), {"kind": "key", "name": name, "down": True})()


def test_no_session_no_tick_and_draw_gets_none(gw: Any) -> None:
    app = make(gw)
    app.tick()
    assert app.state is None and app.ticks == 0 and app.state_hash() == "" and app.save_json() == "{}"
    app.draw(None)
    assert app.ui.drawn == [(None, 7.0)]


def test_each_tick_plays_the_step_move_and_gravity_is_the_engines(gw: Any) -> None:
    app = make(gw)
    app.begin(Session(FallGame(), 1, keep_events=True))
    app.handle(key("L"))  # latched in the UI: nothing happens before the tick
    assert app.state == Fall(2, 5)
    app.tick()
    assert app.state == Fall(1, 4) and app.session.moves == ["L"]
    for _ in range(4):
        app.tick()
    assert app.state == Fall(1, 0) and app.events == ["landed"] and app.ticks == 5
    app.tick()  # the engine refuses a move after landing: refused, state kept
    assert app.state == Fall(1, 0) and app.shell.said == ["cannot ."]


def test_waiting_stops_the_clock_and_speed_plays_more_moves_a_tick(gw: Any) -> None:
    app = make(gw)
    app.begin(Session(FallGame(), 1, keep_events=True))
    app.handle(key("Escape"))
    app.tick()
    assert app.state == Fall(2, 5) and app.ticks == 0
    app.handle(key("Escape"))
    app.speed = lambda: 2  # e.g. a replay watched at double speed
    app.tick()
    assert app.state == Fall(2, 3) and app.ticks == 1


def test_interpret_can_play_a_move_at_once(gw: Any) -> None:
    app = make(gw)
    app.begin(Session(FallGame(), 1, keep_events=True))
    app.handle(key("Space"))
    assert app.state == Fall(3, 4)


def test_checkpoint_saves_and_restore_plays_on(gw: Any) -> None:
    shell = Shell(gw)
    app = make(gw, shell)
    app.begin(Session(FallGame(), 9, keep_events=True))
    app.handle(key("R"))
    app.tick()
    app.tick()
    app.end()  # leaving saves
    assert app.session is None
    again = make(gw, Shell(gw, shell.backend))
    back = again.restore()
    assert back is not None and back.state == Fall(3, 3) and back.moves == ["R", "."] and back.seed == 9
    again.begin(back)
    again.undo()  # a tick taken back (and saved)
    assert again.state == Fall(3, 4)
    again.redo()
    assert again.state == Fall(3, 3)


def test_a_damaged_save_is_kept_aside_and_a_newer_one_held(gw: Any) -> None:
    shell = Shell(gw)
    shell.backend.setItem("gridworks:fall:game", json.dumps({"v": 1, "data": {"game": "fall", "seed": 1}}))
    app = make(gw, shell)
    assert app.restore() is None and shell.notices  # kept aside with a notice, not lost
    assert any(":corrupt:" in k for k in shell.backend.data)
    newer = Shell(gw)
    save = {"game": "fall", "version": 1, "rules": 2, "seed": 1, "options": {}, "moves": []}
    newer.backend.setItem("gridworks:fall:game", json.dumps({"v": 1, "data": save}))
    assert make(gw, newer).restore() is None
    assert newer.backend.getItem("gridworks:fall:game") is not None  # held for the newer build
