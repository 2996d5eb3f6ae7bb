"""Floodline's screen-reader sentences (issue #25, ``www/floodline/announce.py``): a tilt says where
pieces fall now; an objective that starts or stops being met is named once per change; a new run is
taken in silently (its objectives already met at the start are not read out)."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from engine.floodline.campaign import level
from tests.gwstub import glue_modules


@pytest.fixture(scope="module")
def glue() -> Iterator[dict[str, Any]]:
    with glue_modules(("floodline.announce", "floodline.model", "floodline.strings")) as mods:
        yield mods


def words(glue: dict[str, Any], lang: str = "en") -> Any:
    table = glue["floodline.strings"].TABLES[lang]
    return lambda key, **kw: table.get(key, key).format(**kw)


def test_objectives_met_and_lost_are_said_once_each(glue: dict[str, Any]) -> None:
    t = words(glue)
    run = glue["floodline.model"].Run(level(1), 1)
    assert run.objectives, "level 1 has an objective"
    a = glue["floodline.announce"].Announcer()
    run.objectives = [{**row, "holds": False} for row in run.objectives]
    assert a.news(t, run, []) == []  # a new run: taken in silently
    assert a.news(t, run, []) == []  # nothing changed: nothing said
    run.objectives = [{**run.objectives[0], "holds": True}, *run.objectives[1:]]
    said = a.news(t, run, [])
    assert len(said) == 1 and said[0].startswith("Objective met: ")
    assert a.news(t, run, []) == []  # said once
    run.objectives = [{**run.objectives[0], "holds": False}, *run.objectives[1:]]
    assert a.news(t, run, [])[0].startswith("Objective no longer met: ")
    other = glue["floodline.model"].Run(level(1), 1)
    other.objectives = [{**row, "holds": True} for row in other.objectives]
    assert a.news(t, other, []) == []  # another run: its state at the start is not news


def test_a_tilt_says_where_pieces_fall_now(glue: dict[str, Any]) -> None:
    run = glue["floodline.model"].Run(level(1), 1)
    a = glue["floodline.announce"].Announcer()
    tilt = SimpleNamespace(kind="tilt", gravity="DOWN")
    lock = SimpleNamespace(kind="lock")
    assert a.news(words(glue), run, [lock, tilt]) == ["Tilted. Pieces now fall DOWN"]
    ru = a.news(words(glue, "ru"), run, [tilt])
    assert ru == ["Наклон. Фигуры теперь падают: ВНИЗ"]
    assert a.news(words(glue), run, [lock]) == []
