"""``gwweb.shared.realtime_app.RealtimeApp`` (issue #24), the real-time twin of ``TurnApp``, on a tiny
falling-block game: the clock asks ``step(ui, state)`` for one move a tick (gravity is the engine's
rule, applied by every tick's move), nothing moves while ``waiting``, ``speed`` plays several moves a
tick, ``interpret`` plays a move at once, a refused move changes nothing, checkpoints save through the
Session (restore, a damaged save kept aside, a newer build's held), undo takes back a tick; the save is
guarded between two tabs (issue #25 "nothing lost": a second tab neither replaces nor drops the first
tab's game, the player is asked with the clock stopped, the game on screen is put forward)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from types import SimpleNamespace
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
        others = 0

        def other_game(self) -> None:
            self.others += 1

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


# -- two tabs of one browser (issue #25: nothing lost) ------------------------------------------------


class TabShell(Shell):
    """A page shell whose two-tabs question is recorded: ``tabs.open`` while the player is asked."""

    def __init__(self, gw: Any, backend: Any = None) -> None:
        super().__init__(gw, backend)
        self.tabs = SimpleNamespace(open=False)
        self.asked: list[str] = []
        self.storage.on_conflict = self.ask  # what the real shell wires before the app is made

    def ask(self, name: str) -> None:
        self.asked.append(name)
        self.tabs.open = True


def stored(shell: Shell) -> dict[str, Any] | None:
    raw = shell.backend.getItem("gridworks:fall:game")
    return None if raw is None else json.loads(raw)["data"]


def playing(gw: Any, seed: int, backend: Any = None, ticks: int = 1) -> Any:
    app = make(gw, TabShell(gw, backend))
    app.begin(Session(FallGame(), seed, keep_events=True))
    for _ in range(ticks):
        app.tick()
    return app


def test_a_second_tab_does_not_replace_the_first_tabs_game(gw: Any) -> None:
    a = playing(gw, 1)
    a.checkpoint()
    b = playing(gw, 2, a.shell.backend, ticks=2)  # opened before A stored: it never read A's game
    b.checkpoint()
    assert b.shell.asked == ["game"] and b.asking() and stored(a.shell)["seed"] == 1  # A's game kept
    b.tick()  # the clock stands still while the player is asked
    assert b.state == Fall(2, 3) and b.ticks == 2
    b.shell.storage.take_over()  # "keep playing here"
    b.shell.tabs.open = False
    assert stored(a.shell)["seed"] == 2 and stored(a.shell)["moves"] == [".", "."]
    a.tick()
    a.checkpoint()  # now A is the stale tab: asked, B's game stays
    assert a.shell.asked == ["game"] and stored(a.shell)["seed"] == 2
    assert a.shell.storage.pending and not b.shell.storage.pending


def test_another_tabs_save_seen_by_the_storage_event_puts_this_game_forward(gw: Any) -> None:
    a = playing(gw, 1)
    a.checkpoint()
    b = make(gw, TabShell(gw, a.shell.backend))
    b.begin(b.restore())  # B continues A's game
    b.tick()
    b.tick()  # B plays on: three moves, not saved yet
    a.tick()
    a.checkpoint()  # A played on (two moves): B's copy is stale now
    assert a.shell.asked == [] and b.shell.storage.changed("gridworks:fall:game") == "game"
    assert b.shell.asked == ["game"] and b.asking()  # asked; A's game stays stored meanwhile
    assert stored(a.shell)["moves"] == [".", "."]
    b.tick()  # the clock stands still while the player is asked
    b.shell.storage.take_over()  # "keep playing here": B's game as it is now is stored
    assert stored(a.shell)["moves"] == [".", ".", "."] and b.shell.storage.conflict("game") is False
    assert stored(a.shell) == b.session.save().model_dump(mode="json") and len(b.session.moves) == 3


def test_with_no_game_on_screen_another_tabs_game_is_taken_in_without_a_question(gw: Any) -> None:
    a = playing(gw, 1)
    a.checkpoint()
    b = make(gw, TabShell(gw, a.shell.backend))
    assert b.restore() is not None  # B's menu read A's game (its Continue)
    a.tick()
    a.checkpoint()
    b.shell.storage.changed("gridworks:fall:game")
    assert b.shell.asked == [] and b.others == 1 and not b.asking()


def test_drop_keeps_another_tabs_game_and_a_newer_builds(gw: Any) -> None:
    a = playing(gw, 1)
    a.checkpoint()
    b = playing(gw, 2, a.shell.backend)  # never read A's game
    b.drop()  # B's run ended: A's game stays
    assert stored(a.shell)["seed"] == 1
    c = make(gw, TabShell(gw, a.shell.backend))
    c.restore()  # C read the latest: dropping it is C's call (a new run replaces the stored one)
    c.drop()
    assert stored(a.shell) is None
    a.drop()  # A's own game, gone already: nothing to do, no error
    newer = TabShell(gw)
    save = {"game": "fall", "version": 1, "rules": 2, "seed": 1, "options": {}, "moves": []}
    newer.backend.setItem("gridworks:fall:game", json.dumps({"v": 1, "data": save}))
    d = make(gw, newer)
    assert d.restore() is None
    d.drop()
    assert stored(newer) == save  # held for the newer build, not dropped


def test_a_game_removed_by_another_tab_is_stored_again_by_the_tab_playing_it(gw: Any) -> None:
    a = playing(gw, 1)
    a.checkpoint()
    b = make(gw, TabShell(gw, a.shell.backend))
    assert b.restore() is not None
    b.drop()  # B's player began another game: the one B was shown is dropped
    assert stored(a.shell) is None
    a.on_storage("progress")  # another record: nothing to do
    assert stored(a.shell) is None
    a.on_storage("game")  # A still plays it: stored again at once, nothing lost
    assert stored(a.shell)["seed"] == 1 and a.shell.asked == []
    b.on_storage("game")  # B shows no game: it takes in what is stored
    assert b.others == 1
