# ruff: noqa: F811 - ``app`` is the imported page fixture
"""Custom levels get stars from the editor solver's par (issue #27), counted like the campaign's
(undone pulses included); a custom level without a par earns none."""

from __future__ import annotations

from typing import Any

import pytest

from engine.reactor.campaign import entries
from tests.reactor_web.test_reactor_web_hurry import app  # noqa: F401 - the page fixture

E = next(e for e in entries() if e.name == "power_on")


def win(app: Any, undo_first: bool) -> None:  # noqa: F811
    app.start_now("custom:po")
    moves = list(E.solution)
    if undo_first:
        k = moves.index("interact")
        for m in moves[: k + 1]:
            assert app.play(m), m
        app.undo()  # the pulse taken back counts
        moves = moves[k:]
    for m in moves:
        assert app.play(m), m
    assert app.ui.run.state.outcome is not None and app.ui.run.state.outcome.result == "won"


@pytest.mark.parametrize(
    ("par", "undo_first", "stars"), [(E.par, False, 3), (E.par, True, 2), (None, False, None)]
)
def test_a_custom_level_wins_stars_against_its_par(
    app: Any, par: int | None, undo_first: bool, stars: int | None
) -> None:  # noqa: F811
    app.ui.custom.levels["po"] = {**E.level, "meta": {**E.level["meta"], "id": "po"}}
    if par is not None:
        app.ui.custom.pars["po"] = par
    win(app, undo_first)
    assert app.ui.progress.stars.get("custom:po") == stars
    assert "custom:po" in app.ui.progress.completed
