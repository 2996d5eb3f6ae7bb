"""Import problems name their field in words in Russian, with the raw path kept in brackets; the
pydantic phrases are translated; English keeps the engine's text."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from engine.core.schema import SchemaError
from www.reactor.edoc import import_text, new_level
from www.reactor.eissues import field_ru, problem_ru, problems_text, schema_ru


def problems(change: Callable[[dict[str, Any]], Any]) -> list[str]:
    d = new_level()
    change(d)
    with pytest.raises(SchemaError) as err:
        import_text(json.dumps(d))
    return err.value.problems


def test_field_paths_in_words() -> None:
    assert field_ru("meta.id") == "код уровня"
    assert field_ru("meta") == "сведения"
    assert field_ru("width") == "ширина"
    assert field_ru("props.0.reactor.x") == "устройство №1 (реактор) › x"
    assert field_ru("props.3.valve.outlets.1.0") == "устройство №4 (вентиль) › выходы вентиля №2 › x"
    assert field_ru("leaks.0.access.1") == "течь №1 › сторона починки › y"
    assert field_ru("layers.coolant.2.integrity") == "подземные сети › охладитель №3 › прочность"
    assert field_ru("surface.0.blocks.fuel") == "клетка поверхности №1 › защита от средства › топливо"
    assert field_ru("terrain.4") == "строка карты 5"
    assert field_ru("inventory.heat_shield") == "инвентарь › теплощит"
    assert field_ru("robot.wheels") == "робот › wheels"  # unknown names stay
    assert field_ru("(top level)") == "весь файл"


@pytest.mark.parametrize(
    ("change", "want"),
    [
        (lambda d: d["meta"].update(id="BAD ID!"), "код уровня [meta.id]: недопустимые символы"),
        (lambda d: d["meta"].pop("id"), "код уровня [meta.id]: поле обязательно"),
        (
            lambda d: d["meta"].update(difficulty="x"),
            "сложность [meta.difficulty]: допустимо: 'easy', 'normal' или 'hard'",
        ),
        (lambda d: d["meta"].update(title="x" * 200), "название [meta.title]: не длиннее 120 симв."),
        (
            lambda d: d["props"].append({"kind": "blah", "x": 1, "y": 1}),
            "устройство №2 [props.1]: неизвестный тип устройства «blah»",
        ),
        (
            lambda d: d["props"].append({"kind": "door", "x": 1, "y": 1, "open": "maybe"}),
            "устройство №2 (дверь) › открыта [props.1.door.open]: нужно true или false",
        ),
        (
            lambda d: d["props"][0].update(x="a"),
            "устройство №1 (реактор) › x [props.0.reactor.x]: нужно целое число",
        ),
        (lambda d: d["robot"].update(foo=5), "робот › foo [robot.foo]: лишнее поле"),
        (lambda d: d.update(robot=5), "робот [robot]: нужен объект {...}"),
        (
            lambda d: d["surface"].append({"x": 1, "y": 1, "fuel": -1}),
            "клетка поверхности №1 › топливо [surface.0.fuel]: должно быть не меньше 0",
        ),
    ],
)
def test_real_import_problems_read_in_russian(change: Callable[[dict[str, Any]], Any], want: str) -> None:
    got = problems(change)
    assert problem_ru(got[0]) == want
    # the raw path stays in brackets, English keeps the engine's own text
    raw = got[0].split(": ", 1)[0]
    assert f"[{raw}]" in want
    assert problems_text("en", got) == "; ".join(got)


def test_several_problems_and_problems_without_a_path() -> None:
    got = problems(lambda d: d.update(version=2, width=100))
    assert problems_text("ru", got) == (
        "версия формата [version]: допустимо только 1; ширина [width]: должно быть не больше 64"
    )
    assert problem_ru("checksum mismatch (the code is damaged or incomplete)").startswith("контрольная сумма")
    with pytest.raises(SchemaError) as err:
        import_text("{not json")
    assert problems_text("ru", err.value.problems) == "это не JSON"
    with pytest.raises(SchemaError) as err:
        import_text("hello")
    assert problems_text("ru", err.value.problems) == "ожидался JSON уровня ({...}) или код RM1...."
    # the phrase translator alone still leaves paths alone (as before)
    assert schema_ru("meta: Field required") == "meta: поле обязательно"


def test_every_engine_refusal_code_has_words_in_both_languages() -> None:
    from engine.reactor.actions import REFUSAL_CODES
    from www.reactor.strings import REFUSALS, refusal

    for lang in ("en", "ru"):
        assert set(REFUSALS[lang]) == set(REFUSAL_CODES), lang
    assert refusal("ru", "no_item", {"item": "heat_shield"}, "x") == "в инвентаре нет: теплощит"


def test_every_engine_reason_code_has_words_in_both_languages() -> None:
    from engine.reactor import pulse
    from www.reactor.strings import REASONS, reason

    codes = set(pulse.CAUTION_CODES) | {
        pulse.REASON_ACTIVATED,
        pulse.REASON_REACTOR_HEAT,
        pulse.REASON_ROBOT_HAZARD,
        pulse.REASON_SYSTEM_FAILURE,
    }
    for lang in ("en", "ru"):
        assert codes <= set(REASONS[lang]), lang
    assert reason("ru", "service_missing_fuel") == "не хватает топливных потребителей"
