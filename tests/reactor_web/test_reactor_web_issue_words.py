"""Level problems worded by code (#24): the page words the engine's validation issues by their
``detail`` and ``params`` (``eissues.ISSUE_RU``), never by reading the English message; English is the
engine's own message. A refused share link shows its validation errors the same way."""

from __future__ import annotations

import json
import string

import pytest

from engine.reactor import parse_level, share_code
from engine.reactor.campaign import entries
from engine.reactor.validate import MESSAGES, Issue, issue
from www.reactor.eissues import ISSUE_RU, issue_words, problem_text, problems_text
from www.reactor.links import open_link


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


@pytest.mark.parametrize("detail", sorted(MESSAGES))
def test_every_fact_has_russian_words_with_the_same_parameters(detail: str) -> None:
    assert detail in ISSUE_RU
    assert fields(ISSUE_RU[detail]) == fields(MESSAGES[detail])


def test_no_russian_words_for_a_fact_the_engine_does_not_state() -> None:
    assert set(ISSUE_RU) == set(MESSAGES)


def test_worded_by_detail_and_params_not_by_the_english_text() -> None:
    real = issue("prop_terrain", "prop_on_wall", 3, 0, kind="valve")
    assert issue_words("ru", real) == "устройство (вентиль) на стене"
    assert issue_words("en", real) == "valve prop on a wall cell"
    # the same fact with another English sentence: Russian does not change, English is the engine's
    reworded = Issue(
        "prop_terrain", "a valve may not stand on a wall", 3, 0, "prop_on_wall", (("kind", "valve"),)
    )
    assert issue_words("ru", reworded) == "устройство (вентиль) на стене"
    assert issue_words("en", reworded) == "a valve may not stand on a wall"


def test_engine_names_and_numbers_in_russian() -> None:
    got = issue("inventory_capacity", "inventory_capacity", items=4, capacity=3, difficulty="hard")
    assert issue_words("ru", got) == "предметов 4, а вместимость 3 (сложно)"
    sources = issue("junction_ambiguous", "junction_sources", 2, 2, dirs="N/W")
    assert issue_words("ru", sources) == "неоднозначно: источники приходят к развилке с С/З"
    need = issue("required_counts", "required_counts", required=2, carrier="fuel", available=1)
    assert issue_words("ru", need) == "нужно потребителей (топливо): 2, а на этой сети стоит 1"


def test_an_unknown_fact_stays_in_the_engines_english() -> None:
    new = Issue("malformed", "something new", None, None, "brand_new_fact", ())
    assert issue_words("ru", new) == "something new"


def test_import_problems_are_worded_by_code() -> None:
    from engine.core.schema import Problem

    missing = Problem("width", "missing", "Field required")
    assert problem_text("ru", missing) == "ширина [width]: поле обязательно"
    assert problem_text("en", missing) == "width: Field required"
    low = Problem(
        "surface.0.fuel", "greater_than_equal", "Input should be greater than or equal to 0", (("ge", 0.0),)
    )
    assert (
        problem_text("ru", low) == "клетка поверхности №1 › топливо [surface.0.fuel]: должно быть не меньше 0"
    )


def test_a_refused_link_words_its_validation_errors() -> None:
    level = next(e for e in entries() if e.name == "power_on").level
    bad = json.loads(json.dumps(level))
    bad["props"] = [p for p in bad["props"] if p["kind"] != "reactor"]
    lid, problems = open_link(share_code(parse_level(bad)), {})
    assert lid is None and [p.detail for p in problems if isinstance(p, Issue)] == ["no_reactor"]
    assert problems_text("ru", problems) == "на уровне нет пульта реактора"
    assert problems_text("en", problems) == "level has no reactor control prop"
