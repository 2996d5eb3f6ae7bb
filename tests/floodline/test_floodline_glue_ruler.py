"""Issue #26 readability in CPython: the back-wall ruler colours layers by groups of five and writes
every layer's count while a layer is at least 11 px tall (every 2nd from 6 px, else every 5th); the
camera keeps the floor in view under a sideways gravity or when a flood line is set."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.floodline.campaign import level
from engine.floodline.endless import endless_level
from tests.gwstub import glue_modules


@pytest.fixture(scope="module")
def glue() -> Iterator[dict[str, Any]]:
    with glue_modules(
        ("floodline.ruler", "floodline.iso", "floodline.model", "floodline.board_draw")
    ) as mods:
        yield mods


def test_bands_change_colour_every_five_layers(glue: dict[str, Any]) -> None:
    band = glue["floodline.ruler"].band_color
    assert band(0, 0.1) == band(4, 0.1) != band(5, 0.1) == band(9, 0.1) != band(10, 0.1)
    assert band(20, 0.1) == band(0, 0.1)  # four groups, then again


@pytest.mark.parametrize(("px", "step"), [(10.9, 2), (11.0, 1), (11.1, 1), (5.9, 5), (6.0, 2), (6.1, 2)])
def test_layer_counts_are_written_as_often_as_the_layers_are_tall(
    glue: dict[str, Any], px: float, step: int
) -> None:
    iso = glue["floodline.iso"]
    p = iso.Proj(0, 6, 18, 6, px / iso.VZ, 0.0, 0.0)
    assert glue["floodline.ruler"].label_step(p) == step


def test_the_floor_stays_in_view_under_sideways_gravity_or_a_flood_line(glue: dict[str, Any]) -> None:
    from engine.floodline.moves import TickInput

    run = glue["floodline.model"].Run(level(2), 2)  # tilts east / west, no flood line
    floor = glue["floodline.board_draw"].floor_in_view
    assert not floor(run)
    target = next(g for g in run.state.level.rotation.allowed if g.value != "DOWN")
    run.play(TickInput(tilt=target))
    assert run.state.gravity.value != "DOWN" and floor(run)
    assert floor(glue["floodline.model"].Run(endless_level(5), 0))
