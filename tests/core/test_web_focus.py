"""The shared keyboard focus ring (www/shared/focus.py), run in CPython with the browser stubbed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.gwstub import glue_modules


@pytest.fixture(scope="module")
def mods() -> Iterator[tuple[Any, Any]]:
    with glue_modules(("shared.focus", "shared.canvas")) as m:
        yield m["shared.focus"], m["shared.canvas"]


def test_tab_walks_every_button_in_drawing_order_and_wraps(mods: tuple[Any, Any]) -> None:
    focus, _ = mods
    ids = ["a", "b", "c"]
    assert focus.cycle(ids, None) == "a" and focus.cycle(ids, None, back=True) == "c"
    seen, cur = [], None
    for _ in range(4):
        cur = focus.cycle(ids, cur)
        seen.append(cur)
    assert seen == ["a", "b", "c", "a"]  # every button reached, then round again
    assert focus.cycle(ids, "a", back=True) == "c"
    assert focus.cycle([], "a") is None


def test_arrows_go_to_the_nearest_button_that_way(mods: tuple[Any, Any]) -> None:
    focus, canvas = mods
    R = canvas.Region
    rs = [R("a", 0, 0, 50, 20), R("b", 100, 0, 50, 20), R("c", 0, 60, 50, 20), R("ok", 100, 60, 50, 20)]
    assert focus.step(rs, None, 0, 1, ("ok",)) == "ok"  # the first arrow lands on the main action
    assert focus.step(rs, "a", 1, 0) == "b"
    assert focus.step(rs, "a", 0, 1) == "c"
    assert focus.step(rs, "b", 0, 1) == "ok"
    assert focus.step(rs, "b", 1, 0) == "c"  # end of the row: on in reading order
    assert focus.step(rs, "a", 0, -1) == "a"  # nothing above: stays
    assert focus.default_focus(rs, (None, "zz", "c")) == "c"
