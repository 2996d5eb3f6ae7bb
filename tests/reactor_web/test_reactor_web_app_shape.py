"""The Reactor page has #24's one app shape: a thin ``TurnApp`` subclass whose own fields are the
drawing state, the editor, diagnostics and the hash-change proxy; ``interpret_event(ui, state, ev)``
reads the engine state and changes only the UI state; the drawing state and the UI state hold no
reference to the app (``draw(g, ui, state, t)`` cannot read it)."""

from __future__ import annotations

from typing import Any

from tests.reactor_web.test_reactor_web_hurry import Event, app  # noqa: F401 - the page fixture
from www.reactor.events import interpret_event
from www.reactor.interpret import Command, Ui, Walk

TURNAPP_FIELDS = {
    "shell", "game", "ui", "interpret", "render", "clock", "new_seed", "options", "move_anim",
    "move_anim_t0", "prev_state", "_after_anim", "idle", "_session", "restored",
}  # fmt: skip


def test_the_page_is_a_thin_turnapp(app: Any) -> None:  # noqa: F811
    assert [c.__name__ for c in type(app).__mro__][1] == "TurnApp"
    assert set(vars(app)) - TURNAPP_FIELDS == {"ds", "diag", "editor", "_on_hash"}
    assert app.session is app.ui.run.session  # the level on screen plays the app's session


def test_nothing_the_drawing_reads_reaches_the_app(app: Any) -> None:  # noqa: F811
    for holder in (app.ds, app.ui, app.ui.run, app.ui.cascades):
        assert all(v is not app for v in vars(holder).values()), type(holder).__name__
    assert app.render == app.ds.draw and app.interpret is interpret_event


class Board:
    """A 10 x 10 board of 10 px cells from the canvas origin."""

    zoomed = False
    view = (0.0, 0.0, 100.0, 100.0)

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        return (int(x // 10), int(y // 10)) if 0 <= x < 100 and 0 <= y < 100 else None


def test_interpret_changes_only_the_ui(app: Any) -> None:  # noqa: F811
    state = app.state
    before = state.state_hash() if hasattr(state, "state_hash") else app.state_hash()
    ui = Ui(screen="play", board=Board())  # type: ignore[arg-type]
    assert interpret_event(ui, state, Event("action", "up", True)) == "move n"
    assert interpret_event(ui, state, Event("action", "eye", True)) == Command("eye")
    assert interpret_event(ui, state, Event("action", "undo", True)) == Command("undo")
    assert interpret_event(ui, state, Event("pointer", "down", True, 35, 25)) is None
    assert ui.selected == (3, 2)  # a first click inspects the cell
    walk = interpret_event(ui, state, Event("pointer", "down", True, 35, 25))
    assert isinstance(walk, Walk)  # a second click on it walks there
    ui.screen = "menu"
    assert interpret_event(ui, state, Event("action", "up", True)) is None  # no move off the board
    assert app.state_hash() == before and app.state is state
