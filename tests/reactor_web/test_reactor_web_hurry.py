"""The cascade's "fast after a skip" rule counts only skips made by a move or an action (a player
pressing on); the eye view, undo, menus and inspecting a cell skip the cascade without hurrying the
next one. Driven through the page's own ``ReactorApp.handle`` with a fake browser clock."""

from __future__ import annotations

import sys
import types
from dataclasses import dataclass
from typing import Any

import pytest

from www.reactor.cascade import HURRY_MS, hurry_input
from www.shared.i18n import I18n
from www.shared.storage import MemoryBackend, Storage
from www.shared.toasts import Toasts


@dataclass
class Event:
    """The fields of ``www.shared.input.Event`` the page reads (that module needs the browser)."""

    kind: str
    name: str = ""
    down: bool = False
    x: float = 0.0
    y: float = 0.0
    pointer_type: str = "mouse"


class Clock:
    t = 1000.0

    @classmethod
    def now(cls) -> float:
        return cls.t


class FakeAudio:
    muted = False

    def __init__(self) -> None:
        self.played: list[tuple[Any, ...]] = []

    def tone(self, *a: Any, **k: Any) -> None:
        self.played.append(("tone", *a))

    def noise(self, *a: Any, **k: Any) -> None:
        self.played.append(("noise", *a))


class FakeGfx:
    width, height = 1280, 800


class FakeShell:
    def __init__(self) -> None:
        self.i18n = I18n({"en": {}, "ru": {}}, "en")
        backend = MemoryBackend()
        self.storage = Storage("reactor", backend)
        self.prefs = Storage("prefs", backend)
        self.input = types.SimpleNamespace(bindings={})
        self.audio = FakeAudio()
        self.gfx = FakeGfx()
        self.toasts = Toasts(self, clock=Clock.now)
        self.notices: list[str] = []
        self.said: list[str] = []  # what screen readers were told
        self.progress = types.SimpleNamespace(synced=[], sync=lambda **kw: self.progress.synced.append(kw))

    def bindings(self, defaults: dict[str, str]) -> dict[str, str]:
        self.input.bindings = dict(defaults)
        return self.input.bindings

    def set_pref(self, name: str, value: str) -> None:
        pass

    def set_lang(self, lang: str) -> None:
        self.i18n.set_lang(lang)

    def set_muted(self, muted: bool) -> None:
        self.audio.muted = muted

    def invalidate(self) -> None:
        pass

    def notify(self, text: str) -> None:
        self.notices.append(text)

    def announce(self, text: str) -> None:
        self.said.append(text)


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Any:
    return make_app(monkeypatch)


def make_app(monkeypatch: pytest.MonkeyPatch, shell: FakeShell | None = None) -> Any:
    """The page on a fake shell (a fresh one unless given) and a fake browser clock, the tutorial open."""
    fake_js = types.ModuleType("js")
    fake_js.performance = types.SimpleNamespace(now=Clock.now)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", fake_js)
    pyodide = types.ModuleType("pyodide")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda f: f  # type: ignore[attr-defined]
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyodide", pyodide)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    for name in [m for m in sys.modules if m in ("www.reactor.app", "www.reactor.editor")]:
        monkeypatch.delitem(sys.modules, name)
    import www
    import www.shared
    import www.shared.clock

    for alias, mod in (
        ("gwweb", www),
        ("gwweb.shared", www.shared),
        ("gwweb.shared.clock", www.shared.clock),
    ):
        monkeypatch.setitem(sys.modules, alias, mod)  # the page imports its shared services as gwweb
    from www.reactor.app import ReactorApp

    Clock.t = 1000.0
    a = ReactorApp(shell or FakeShell())
    a.start_now("builtin:tutorial")
    return a


def key(app: Any, code: str) -> None:
    """A key press as the shell delivers it: the raw key, then its bound action (if any)."""
    app.handle(Event("key", code, True))
    action = app.shell.input.bindings.get(code)
    if action:
        app.handle(Event("action", action, True))


def pulse(app: Any) -> Any:
    """Play a lengthy action (switch the tutorial's source) and return the cascade it started."""
    before = len(app.ui.run.session.moves)
    key(app, "KeyE")
    assert len(app.ui.run.session.moves) == before + 1 and app.ui.run.session.moves[-1].kind == "interact"
    assert app.ui.cascade is not None
    return app.ui.cascade


def test_only_moves_and_actions_hurry() -> None:
    b = {"KeyV": "eye", "KeyE": "interact", "ArrowUp": "up", "KeyZ": "undo", "Digit1": "remedy fuel"}
    assert hurry_input("action", "interact") and hurry_input("action", "left")
    assert hurry_input("action", "remedy electricity") and hurry_input("action", "activate")
    assert not hurry_input("action", "eye") and not hurry_input("action", "undo")
    assert not hurry_input("action", "menu")
    assert (
        hurry_input("key", "KeyE", b) and hurry_input("key", "ArrowUp", b) and hurry_input("key", "Digit1", b)
    )
    assert not hurry_input("key", "KeyV", b) and not hurry_input("key", "KeyZ", b)
    assert not hurry_input("key", "KeyQ", b) and not hurry_input("key", "KeyE")
    assert hurry_input("button", "act:interact") and not hurry_input("button", "eye")
    assert not hurry_input("button", "cascade") and not hurry_input("button", "lang")
    assert hurry_input("walk", "") and not hurry_input("pointer", "")


def test_eye_view_skip_does_not_hurry_the_next_cascade(app: Any) -> None:
    key(app, "ArrowUp")
    key(app, "ArrowLeft")  # onto the tutorial's coolant source
    first = pulse(app)
    assert first.mode == "full"
    Clock.t += 200.0
    key(app, "KeyV")  # the eye view (refused here: no terminal visited) skips the cascade
    assert app.ui.cascade is None
    log = app.ui.cascades.log[-1]
    assert log["skipped"] and not log["hurry"] and log["played_ms"] == 200.0
    Clock.t += 300.0  # well inside HURRY_MS of the skip
    second = pulse(app)
    assert second.mode == "full"  # not hurried: the skip was not a move or an action
    Clock.t += 100.0
    app.handle(Event("pointer", "down", x=5.0, y=5.0))  # a press that only selects/misses: no hurry
    assert app.ui.cascade is None and not app.ui.cascades.log[-1]["hurry"]
    Clock.t += 100.0
    assert pulse(app).mode == "full"


def test_a_move_or_action_skip_hurries_the_next_cascade(app: Any) -> None:
    key(app, "ArrowUp")
    key(app, "ArrowLeft")
    pulse(app)
    Clock.t += 200.0
    key(app, "ArrowRight")  # pressing on: skips the cascade and is applied
    assert app.ui.cascade is None and app.ui.run.session.moves[-1].kind == "move"
    assert app.ui.cascades.log[-1]["skipped"] and app.ui.cascades.log[-1]["hurry"]
    key(app, "ArrowLeft")
    Clock.t += 300.0
    hurried = pulse(app)
    assert hurried.mode == "fast"
    Clock.t += 50.0
    key(app, "KeyE")  # an action skipping a cascade hurries too
    assert app.ui.cascades.log[-1]["hurry"] and app.ui.cascade is not None and app.ui.cascade.mode == "fast"
    # long after the last hurried skip the cascade is full again
    Clock.t += HURRY_MS + app.ui.cascade.total + 10
    app.tick()
    assert app.ui.cascade is None and not app.ui.cascades.log[-1]["skipped"]
    Clock.t += 10.0
    assert pulse(app).mode == "full"


def test_undo_and_panel_buttons_skip_without_hurry(app: Any) -> None:
    key(app, "ArrowUp")
    key(app, "ArrowLeft")
    pulse(app)
    Clock.t += 100.0
    app.on_button("cascade")  # mode full -> fast (a setting, not a hurry)
    assert not app.ui.cascades.log[-1]["hurry"]
    app.on_button("cascade")
    app.on_button("cascade")  # back to full
    assert app.ui.cascades.mode == "full"
    Clock.t += 100.0
    first = pulse(app)
    assert first.mode == "full"
    Clock.t += 100.0
    key(app, "KeyZ")  # undo skips, is applied, and does not hurry
    assert not app.ui.cascades.log[-1]["hurry"]
    Clock.t += 100.0
    assert pulse(app).mode == "full"
    Clock.t += 100.0
    app.on_button("act:interact")  # the panel's action button hurries
    assert app.ui.cascades.log[-1]["hurry"] and app.ui.cascade is not None and app.ui.cascade.mode == "fast"


def play_out(app: Any) -> None:
    """Let the cascade play to its end at 60 frames per second."""
    while app.ui.cascade is not None:
        Clock.t += 16.0
        app.tick()


def test_the_page_sounds_stages_as_they_play_and_not_when_muted(app: Any) -> None:
    key(app, "ArrowUp")
    key(app, "ArrowLeft")
    c = pulse(app)
    n0 = len(app.shell.audio.played)
    play_out(app)
    tones = app.shell.audio.played[n0:]
    want = [k for k in range(1, len(c.stages)) if c.sound_for(k) is not None]
    assert want and len(tones) == len(want)
    app.shell.set_muted(True)
    Clock.t += 5000.0
    pulse(app)
    n1 = len(app.shell.audio.played)
    play_out(app)
    assert app.shell.audio.played[n1:] == []


def test_the_launcher_card_gets_the_campaign_size_and_the_level_in_play(app: Any) -> None:
    from engine.reactor.campaign import keys

    app.start_now(keys()[2])
    last = app.shell.progress.synced[-1]
    assert last["levels"] == len(keys()) and last["stars_max"] == 3 * len(keys()) and last["level"] == 3
