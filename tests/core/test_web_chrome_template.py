"""The template page on the shared chrome, run in CPython with the browser stubbed: the top bar's
way home, help by key and by button, the results card from the engine's result lines, the focus ring."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.template import par
from tests.gwstub import StubCanvas as _Canvas
from tests.gwstub import glue_modules


class FakeShell:
    def __init__(self, mods: dict[str, Any], embed: bool = False) -> None:
        from gwweb.shared.i18n import I18n
        from gwweb.shared.progress import Progress
        from gwweb.shared.storage import MemoryBackend, Storage
        from gwweb.shared.toasts import Toasts

        self.embed = embed
        self.storage = Storage("template", MemoryBackend(), clock=lambda: 5)
        self.i18n = I18n({"en": {}, "ru": {}}, "en")
        self.notices: list[str] = []
        self.announced: list[str] = []
        self.toasts = Toasts(self, clock=lambda: 0.0)
        self.progress = Progress(self.storage)
        self.gfx = mods["shared.canvas"].Gfx(_Canvas(), fit_window=False)
        self.gfx.width, self.gfx.height = 1000.0, 720.0
        self.went_home = 0

    def bindings(self, defaults: dict[str, str]) -> dict[str, str]:
        return dict(defaults)

    def set_lang(self, lang: str) -> None:
        self.i18n.set_lang(lang)

    def invalidate(self) -> None:
        pass

    def notify(self, text: str) -> None:
        self.notices.append(text)

    def announce(self, text: str) -> None:
        self.announced.append(text)


@pytest.fixture()
def page() -> Iterator[tuple[Any, Any, Any]]:
    with glue_modules(("template.app", "shared.canvas", "shared.input", "shared.chrome.home")) as m:
        shell = FakeShell(m)
        mod = m["template.app"]
        mod.new_seed, mod.now_ms = (lambda: 7), (lambda: 0.0)  # no browser clock in CPython
        app = mod.create(shell)
        yield app, shell, m


def frame(app: Any, shell: Any) -> list[str]:
    shell.gfx.regions.clear()
    app.draw(shell.gfx)
    return [r.id for r in shell.gfx.regions]


def act(app: Any, m: Any, name: str, shift: bool = False) -> None:
    app.handle(m["shared.input"].Event("action", name, True, shift=shift))


def test_top_bar_has_the_way_home_except_inside_a_blog(page: tuple[Any, Any, Any]) -> None:
    app, shell, m = page
    assert frame(app, shell)[:5] == ["undo", "new", "help", "lang", "home"]
    shell.embed = True
    assert "home" not in frame(app, shell)
    app.on_button("home")  # no launcher inside a blog post: nothing happens (no browser is touched)


def test_help_opens_turns_and_closes_by_keys_and_buttons(page: tuple[Any, Any, Any]) -> None:
    app, shell, m = page
    act(app, m, "help")
    assert app.ui.help.open and "help:next" in frame(app, shell)
    act(app, m, "R")  # an arrow turns the page, it does not walk the token
    assert app.ui.help.page == 1 and app.state.steps == 0
    app.on_button("help:close")
    assert not app.ui.help.open
    act(app, m, "R")
    assert app.state.steps == 1  # help closed: arrows walk again


def test_the_results_card_words_the_engines_lines_and_offers_new_and_undo(page: tuple[Any, Any, Any]) -> None:
    app, shell, m = page
    app.new_game(seed=7)
    gx, gy = app.state.goal
    for d in "R" * gx + "D" * gy:
        act(app, m, d)
    assert app.state.outcome is not None and app.state.outcome.steps == par(app.state)
    ids = frame(app, shell)
    assert ids[-2:] == ["new", "undo"]  # the card's buttons, over the board
    assert any("par! ★" in s for s in shell.announced)
    steps = app.state.steps
    act(app, m, "L")  # the card holds the board: an arrow moves the ring, not the token
    assert app.state.steps == steps
    app.on_button("undo")
    assert app.state.outcome is None


def test_tab_walks_the_buttons_and_enter_presses_the_ringed_one(page: tuple[Any, Any, Any]) -> None:
    app, shell, m = page
    frame(app, shell)
    act(app, m, "focus")
    assert app.ui.focus == "undo"
    act(app, m, "focus")
    act(app, m, "focus")
    assert app.ui.focus == "help"
    frame(app, shell)
    act(app, m, "press")
    assert app.ui.help.open
    app.on_button("lang")
    assert shell.i18n.lang == "ru" and app.t("help") == "Справка"  # the chrome's words follow the language
