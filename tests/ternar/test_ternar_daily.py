"""The New game card's daily game (issue #30): a button under the card, beside it on a short
screen, left out where neither fits; a tap on it keeps the card's area (it is inside the rectangle
the page treats as the card). Drawn on a stand-in 2D context (CPython)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ternar.test_ternar_render_cache import _Canvas, render  # noqa: F401 - the fixture


def _tr(key: str, **kw: object) -> str:
    return key + "".join(f" {v}" for v in kw.values())


@pytest.mark.parametrize(
    ("size", "where"),
    [
        ((1000.0, 720.0), "below"),
        ((390.0, 844.0), "below"),
        ((390.0, 700.0), "below"),  # the embed's size
        ((844.0, 390.0), "beside"),  # a phone held sideways
        ((380.0, 380.0), None),  # no room: the ?daily link stays the way in
    ],
)
def test_the_daily_button_sits_below_or_beside_the_card(render: Any, size: tuple, where: str | None) -> None:  # noqa: F811
    _mod, Gfx, _compute = render
    from gwweb.ternar.dialogs import new_game_dialog

    g = Gfx(_Canvas(), fit_window=False)
    g.width, g.height = size
    g.fit()
    plain = new_game_dialog(g, _tr, mode="classic", in_progress=True)
    g.regions.clear()
    got = new_game_dialog(g, _tr, mode="classic", in_progress=True, today="2026-11-29")
    ids = {r.id: r for r in g.regions}
    if where is None:
        assert "daily" not in ids and got == plain
        return
    d = ids["daily"]
    assert d.y + d.h <= g.height - 8 and d.x + d.w <= g.width - 8  # on screen
    for corner in ((d.x, d.y), (d.x + d.w, d.y + d.h)):
        assert got.contains(*corner)  # a tap on it is a tap on the card, not the dimmed page
    if where == "below":
        assert d.y >= plain.y + plain.h and (d.x, d.w) == (plain.x, plain.w)
    else:
        assert d.x >= plain.x + plain.w and plain.y < d.y < d.y + d.h < plain.y + plain.h
    assert all(
        not (r.y < d.y + d.h and d.y < r.y + r.h and r.x < d.x + d.w and d.x < r.x + r.w)
        for r in g.regions
        if r.id != "daily"
    )  # it covers none of the card's buttons
