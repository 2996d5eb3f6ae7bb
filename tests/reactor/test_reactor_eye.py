"""Reading the machine pays where a level teaches it (issue #27): on every campaign level that
teaches the all-seeing-eye terminal, opening it first and then playing the fewest pulses earns three
stars, while a player who probes first actions blind and takes back the wrong ones earns fewer on
average (``tools.playtest.reactor_eye``; the stars count undone pulses, the terminal pulse is free)."""

from __future__ import annotations

import pytest

from engine.reactor.campaign import entries
from tools.playtest.reactor_eye import eye_row

TEACH_EYE = [e for e in entries() if "terminal" in e.teaches]


def test_the_terminal_is_taught_early_and_again_later() -> None:
    names = [e.name for e in TEACH_EYE]
    assert len(names) >= 4
    assert {"crossed_wires", "control_room"} <= set(names)


@pytest.mark.parametrize("e", TEACH_EYE, ids=lambda e: e.name)
def test_the_eye_route_beats_blind_probing(e) -> None:  # type: ignore[no-untyped-def]
    row = eye_row(e.name, e.level, e.par)
    assert row is not None
    assert row["eye_stars"] == 3, row
    assert row["blind_stars"] is not None and row["blind_stars"] < 3, row
    assert row["first_good"] < row["first_total"], row  # some first action loses the par
