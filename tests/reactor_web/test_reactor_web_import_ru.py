"""Import problems name their field in words in Russian, with the raw path kept in brackets, and are
worded by their code and parameters (``engine.core.schema.Problem``: pydantic's error type and
context, the share code's own codes), never by reading the English; English keeps the engine's text.
Every code a level import or a share code can give has Russian words."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from engine.core.schema import Problem, SchemaError
from www.reactor.edoc import import_text, new_level
from www.reactor.eissues import SCHEMA_RU, field_ru, problem_ru, problems_text


def problems(change: Callable[[dict[str, Any]], Any]) -> list[Problem]:
    d = new_level()
    change(d)
    with pytest.raises(SchemaError) as err:
        import_text(json.dumps(d))
    assert err.value.problems == [str(p) for p in err.value.details]  # the English as it always was
    return err.value.details


def refused(text: str) -> list[Problem]:
    with pytest.raises(SchemaError) as err:
        import_text(text)
    return err.value.details


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
    assert f"[{got[0].path}]" in want
    assert problems_text("en", got) == "; ".join(f"{p.path}: {p.text}" for p in got)


def test_several_problems_and_problems_without_a_path() -> None:
    got = problems(lambda d: d.update(version=2, width=100))
    assert problems_text("ru", got) == (
        "версия формата [version]: допустимо только 1; ширина [width]: должно быть не больше 64"
    )
    assert problems_text("ru", refused("{not json")) == "это не JSON"
    assert problems_text("ru", refused("hello")) == "ожидался JSON уровня ({...}) или код RM1...."
    assert problems_text("ru", refused("  ")) == "пусто — нечего импортировать"


def _code() -> str:
    from engine.reactor import parse_level, share_code

    return share_code(parse_level(new_level()))


@pytest.mark.parametrize(
    ("text", "code", "ru"),
    [
        (lambda c: c + ".x", "share_parts", "в коде должно быть три части"),
        (lambda c: "RM9" + c[3:], "share_version", "версия RM9 не поддерживается (здесь читается RM1)"),
        (
            lambda c: c[:-1] + ("0" if c[-1] != "0" else "1"),
            "share_checksum",
            "контрольная сумма не сходится",
        ),
        (lambda c: c[:30], "share_parts", "в коде должно быть три части"),
    ],
)
def test_share_code_refusals_are_coded_and_worded_in_russian(
    text: Callable[[str], str], code: str, ru: str
) -> None:
    [p] = refused(text(_code()))
    assert p.code == code and p.path == ""
    assert problem_ru(p).startswith(ru)
    assert problems_text("en", [p]) == p.text  # English: the engine's words


def test_a_share_code_that_does_not_inflate_is_worded_with_the_reason() -> None:
    from engine.reactor.schema import _checksum

    payload = "AAAA"
    [p] = refused(f"RM1.{payload}.{_checksum(payload)}")
    assert p.code == "share_payload" and p.param("error")
    assert problem_ru(p) == f"не удаётся распаковать код ({p.param('error')})"


def test_every_import_code_has_russian_words_and_a_code_without_words_keeps_the_english() -> None:
    own = {"json", "not_object", "import_empty", "import_kind"}
    own |= {"share_parts", "share_version", "share_checksum", "share_payload", "share_not_level"}
    assert own <= set(SCHEMA_RU)
    odd = Problem("width", "some_new_pydantic_type", "Input is odd")
    assert problem_ru(odd) == "ширина [width]: Input is odd"
    missing_param = Problem("width", "less_than_equal", "Input should be less than or equal to 64")
    assert problem_ru(missing_param) == "ширина [width]: Input should be less than or equal to 64"


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
