"""The one row of buttons the shared chrome's option rows, cards and top bar draw (``button_row``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.core.chrome_data import OptionField
from tests.core.test_web_chrome import gfx
from tests.gwstub import glue_modules


@pytest.fixture(scope="module")
def chrome() -> Iterator[Any]:
    with glue_modules(("shared.chrome", "shared.canvas")) as m:
        yield m


def test_a_row_shares_its_width_and_a_short_grid_row_keeps_the_slot_width(chrome: Any) -> None:
    c = chrome["shared.chrome"]
    g = gfx(chrome)
    items = [c.RowItem("a", "A"), c.RowItem("b", "B", enabled=False), c.RowItem("c", "C")]
    regs = c.button_row(g, c.Theme(), items, 10, 20, 320, 40, gap=10)
    assert [(r.id, r.x, r.w) for r in regs] == [("a", 10, 100), ("c", 230, 100)]  # b is drawn, not hit
    (only,) = c.button_row(g, c.Theme(), items[:1], 10, 80, 320, 40, gap=10, slots=3)
    assert (only.x, only.w) == (10, 100)


def test_the_option_row_the_cards_and_the_bar_register_the_same_buttons_as_before(chrome: Any) -> None:
    c = chrome["shared.chrome"]
    g = gfx(chrome)
    f = OptionField(name="mode", choices=("x", "y"), default="x")
    c.option_row(g, c.Theme(), f, "y", lambda _n, v: str(v), 0, 0, 208, 40)
    assert [(r.id, r.x, r.w) for r in g.regions] == [("mode:x", 0, 100), ("mode:y", 108, 100)]
    g.regions.clear()
    c.top_bar(
        g,
        c.Theme(),
        "T",
        [c.BarButton("new", "New"), c.BarButton("m", "", glyph=lambda *a: None)],
        phone=False,
        w=400,
    )
    ids = [(r.id, r.x, r.w) for r in g.regions]
    assert (
        ("new", 400 - 6 - 2 * 68 + 4, 64.0) in ids
        and ("m", 400 - 6 - 68 + 4, 64.0) in ids
        and ids[-1][0] == "home"
    )
