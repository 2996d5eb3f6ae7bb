"""Level problems in the player's language.

Validation issues come from the engine as codes with parameters (``engine.reactor.validate.Issue``:
``detail`` names the fact, ``params`` its values): English is the engine's own ``message``, Russian
is worded here by ``detail`` (``ISSUE_RU``), never by reading the English text. Problems of a refused
import (pydantic field errors, share-code refusals: ``SchemaError.details``) carry a code, a field
path and parameters (``engine.core.schema.Problem``); Russian is worded by code (``SCHEMA_RU``) with
the field path in words (``field_ru``), English is the engine's text.
"""

from __future__ import annotations

from typing import Any

from engine.core.schema import Problem
from engine.reactor.validate import Issue

W = {
    "fuel": "топливо",
    "coolant": "охладитель",
    "electricity": "ток",
    "heat": "жар",
    "flow": "источник",
    "consumer": "потребитель",
    "junction": "развилка",
    "door": "дверь",
    "terminal": "терминал",
    "supply": "запас",
    "valve": "вентиль",
    "reactor": "реактор",
    "N": "С",
    "E": "В",
    "S": "Ю",
    "W": "З",
}
DIFF = {"easy": "легко", "normal": "обычно", "hard": "сложно"}

ISSUE_RU: dict[str, str] = {  # by ``Issue.detail`` (every key of ``validate.MESSAGES``; a test checks)
    "terrain_rows": "в карте {rows} строк, а высота {height}",
    "terrain_row_cells": "в строке {row} клеток {cells}, а ширина {width}",
    "layer_cell_outside": "клетка ({carrier}) за пределами поля {width}x{height}",
    "layer_cell_twice": "клетка ({carrier}) указана дважды",
    "integrity_above_max": "прочность ({carrier}) {integrity} выше максимума",
    "robot_outside": "робот за пределами поля",
    "robot_on_wall": "робот не на клетке пола",
    "surface_outside": "клетка поверхности за пределами поля",
    "surface_twice": "клетка поверхности указана дважды",
    "wall_hazard": "на стене не может быть опасностей",
    "prop_outside": "устройство ({kind}) за пределами поля",
    "prop_on_wall": "устройство ({kind}) на стене",
    "props_stacked": "больше одного устройства на клетке",
    "no_reactor": "на уровне нет пульта реактора",
    "eye_access": "доступ к оку нельзя записать в уровень: робот получает его у терминала",
    "door_walls": "двери нужна ровно одна пара стен напротив (С+Ю или З+В)",
    "required_counts": "нужно потребителей ({carrier}): {required}, а на этой сети стоит {available}",
    "leak_outside": "течь ({carrier}) или её сторона за пределами поля",
    "leaks_stacked": "две течи ({carrier}) на одной клетке",
    "leak_no_network": "течь ({carrier}) там, где нет сети",
    "electricity_leak_floor": "течь тока бывает только в стене",
    "electricity_leak_face": "сторона течи тока — соседняя клетка пола",
    "leak_under_wall": "течь ({carrier}) бывает только под полом",
    "leak_access_cell": "течь ({carrier}) чинят с её же клетки",
    "leak_state": "состояние клетки ({carrier}) не совпадает с течью",
    "leak_unrecorded": "клетка ({carrier}) течёт, но течи нет",
    "valve_outlet_wall": "выход вентиля ({ox}, {oy}) не на полу",
    "valve_outlet_outside": "выход вентиля ({ox},{oy}) за пределами поля",
    "valve_network": "вентиль не стоит на сети охладителя",
    "ratio_mode": "пропорции {mode} нет",
    "flow_network": "источник ({carrier}) не стоит на своей сети",
    "junction_carriers": "под развилкой должна быть ровно одна сеть, а их {found}",
    "junction_loop": "кольцо через развилку (ветви {a} и {b} сходятся)",
    "junction_branches": "у развилки ветвей: {branches}; нужна одна входящая и две-три исходящих",
    "junction_sources": "неоднозначно: источники приходят к развилке с {dirs}",
    "inventory_capacity": "предметов {items}, а вместимость {capacity} ({difficulty})",
    "unreachable_consumer": "к потребителю не дойти ни сети, ни роботу",
    "starved_required_consumer": "нужный потребитель ({carrier}) в начале голодает или выключен",
    "no_source_path": "клеток сети ({carrier}) без пути от источника: {cells}",
    "reactor_unready": "в начальном состоянии реактор не готов",
    "supply_unreachable": "робот не дойдёт до запаса",
    "supply_unused": "опасности ({item}) на уровне не бывает — запас лишний",
    "valve_no_target": "выходы вентиля не достают до топлива, жара или реактора",
    "hazard_no_remedy": "опасность ({quantity}) без нейтрализатора или спринклера рядом",
}


def _word(v: Any) -> Any:
    """An engine name (carrier, prop kind, difficulty, direction or ``N/E`` list) in Russian."""
    if not isinstance(v, str):
        return v
    return "/".join(W.get(p, DIFF.get(p, p)) for p in v.split("/"))


def issue_words(lang: str, issue: Issue) -> str:
    """A validation issue in the player's language, worded by its ``detail`` and ``params``
    (English: the engine's message; a fact without Russian words stays in English)."""
    if lang == "ru" and issue.detail in ISSUE_RU:
        return ISSUE_RU[issue.detail].format(**{k: _word(v) for k, v in issue.params})
    return issue.message


def problem_text(lang: str, problem: Issue | Problem | str) -> str:
    """A validation issue or an import problem in the player's language."""
    if isinstance(problem, Issue):
        return issue_words(lang, problem)
    if isinstance(problem, Problem):
        return problem_ru(problem) if lang == "ru" else str(problem)
    return problem


def problem_tag(problem: Issue | Problem | str) -> str:
    """``code: message`` of an issue (the test hooks' form; import problems as their English text)."""
    return f"{problem.code}: {problem.message}" if isinstance(problem, Issue) else str(problem)


def _expected(p: Problem) -> str:
    """Pydantic's list of allowed values (``'easy', 'normal' or 'hard'``, ``1``) in Russian."""
    expected = str(p.param("expected", ""))
    if expected.isdigit():
        return f"допустимо только {expected}"
    return "допустимо: " + expected.replace(" or ", " или ")


def _device_tag(p: Problem) -> str | None:
    """An unknown device kind (a tag of the ``kind`` discriminator), or None for another union."""
    if str(p.param("discriminator", "")).strip("'") != "kind":
        return None
    return f"неизвестный тип устройства «{p.param('tag', '')}»"


def _no_tag(p: Problem) -> str | None:
    return (
        "не указан тип устройства (kind)" if str(p.param("discriminator", "")).strip("'") == "kind" else None
    )


SCHEMA_RU: dict[str, Any] = {  # by ``Problem.code``: words (``str.format`` over the params) or a function
    "missing": "поле обязательно",
    "extra_forbidden": "лишнее поле",
    "less_than_equal": "должно быть не больше {le}",
    "greater_than_equal": "должно быть не меньше {ge}",
    "int_parsing": "нужно целое число",
    "int_from_float": "нужно целое число",
    "int_type": "нужно целое число",
    "float_parsing": "нужно число",
    "float_type": "нужно число",
    "finite_number": "нужно конечное число",
    "string_type": "нужна строка",
    "list_type": "нужен список",
    "string_pattern_mismatch": "недопустимые символы",
    "string_too_short": "не короче {min_length} симв.",
    "string_too_long": "не длиннее {max_length} симв.",
    "too_short": "нужно не меньше {min_length} (а их {actual_length})",
    "too_long": "нужно не больше {max_length} (а их {actual_length})",
    "bool_type": "нужно true или false",
    "bool_parsing": "нужно true или false",
    "dict_type": "нужен объект {{...}}",
    "model_type": "нужен объект {{...}}",
    "model_attributes_type": "нужен объект {{...}}",
    "tuple_type": "нужна пара [x, y]",
    "literal_error": _expected,
    "enum": _expected,
    "union_tag_invalid": _device_tag,
    "union_tag_not_found": _no_tag,
    "json": "это не JSON",
    "not_object": "ожидался объект JSON, а получено {got}",
    "share_parts": "в коде должно быть три части",
    "share_version": "версия {version} не поддерживается (здесь читается {reads})",
    "share_checksum": "контрольная сумма не сходится (код повреждён или неполон)",
    "share_payload": "не удаётся распаковать код ({error})",
    "share_not_level": "в коде нет объекта уровня",
    "import_empty": "пусто — нечего импортировать",
    "import_kind": "ожидался JSON уровня ({{...}}) или код RM1....",
}


def _number(v: Any) -> Any:
    """A bound as pydantic writes it (``0.0`` as ``0``)."""
    return int(v) if isinstance(v, float) and v.is_integer() else v


def schema_words_ru(p: Problem) -> str:
    """An import problem's words in Russian, by its code and parameters (no field path); a code
    without Russian words keeps the engine's English text."""
    words = SCHEMA_RU.get(p.code)
    if callable(words):
        return words(p) or p.text
    if words is None:
        return p.text
    try:
        return str(words).format(**{k: _number(v) for k, v in p.params})
    except (KeyError, IndexError, ValueError):  # a parameter pydantic did not give: the English
        return p.text


# -- field paths of import problems (``props.0.reactor.x: ...``) in Russian -------------------------
FIELD_RU = {
    "meta": "сведения",
    "meta.id": "код уровня",
    "meta.title": "название",
    "meta.author": "автор",
    "meta.description": "описание (цель)",
    "meta.difficulty": "сложность",
    "format": "формат файла",
    "version": "версия формата",
    "width": "ширина",
    "height": "высота",
    "terrain": "карта",
    "layers": "подземные сети",
    "props": "устройство",
    "requirements": "требования к реактору",
    "leaks": "течь",
    "surface": "клетка поверхности",
    "robot": "робот",
    "inventory": "инвентарь",
    "dynamic": "состояние игры",
    "forecasts": "прогноз",
    "x": "x",
    "y": "y",
    "state": "состояние",
    "integrity": "прочность",
    "amount": "количество",
    "intensity": "давление",
    "carrier": "сеть",
    "enabled": "включено",
    "ratio_mode": "пропорция",
    "open": "открыта",
    "item": "предмет",
    "depleted": "израсходован",
    "outlets": "выходы вентиля",
    "activated": "запущен",
    "access": "сторона починки",
    "repaired": "починена",
    "blocks": "защита от средства",
    "heat_immunity": "защита от жара",
    "fuel_neutralizer": "нейтрализатор топлива",
    "coolant_neutralizer": "нейтрализатор охладителя",
    "electricity_neutralizer": "нейтрализатор тока",
    "heat_shield": "теплощит",
    "kind": "тип",
    "pulse": "импульс",
    "services": "службы",
    "outcome": "исход",
    "reason": "причина",
    "eye_access": "доступ к оку",
    "subject": "предмет прогноза",
    "message": "сообщение",
}
COORD = {"access": ("x", "y"), "outlets": None}


def field_ru(path: str) -> str:
    """A field path such as ``props.0.reactor.x`` in Russian words: ``устройство №1 (реактор) › x``.
    Unknown names stay as they are."""
    if path == "(top level)":
        return "весь файл"
    parts = path.split(".")
    out: list[str] = []
    seen: list[str] = []  # the named (non-index) parts so far, for two-level names like meta.id
    prev = ""
    for k, p in enumerate(parts):
        if p.isdigit():
            n = int(p)
            if prev == "terrain":
                out[-1] = f"строка карты {n + 1}"
            elif prev == "access" or (prev.isdigit() and k >= 2 and parts[k - 2] == "outlets"):
                out.append("xy"[n] if n < 2 else f"№{n + 1}")  # a coordinate pair
            elif out:
                out[-1] += f" №{n + 1}"
            else:
                out.append(f"№{n + 1}")
        elif prev.isdigit() and k >= 2 and parts[k - 2] == "props" and p in W:
            out[-1] += f" ({W[p]})"  # the prop kind pydantic names in the path
        else:
            key = ".".join([*seen[-1:], p])
            name = FIELD_RU.get(key) if seen else None
            if name is not None:
                out[-1] = name
            else:
                name = FIELD_RU.get(p) or W.get(p) or p
                out.append(name)
            seen.append(p)
        prev = p
    return " › ".join(out)


def problem_ru(problem: Problem) -> str:
    """One import problem in Russian: ``код уровня [meta.id]: недопустимые символы`` (the field in
    words, its raw path in brackets); a problem of the whole text has no path."""
    words = schema_words_ru(problem)
    if not problem.path:
        return words
    return f"{field_ru(problem.path)} [{problem.path}]: {words}"


def problems_text(
    lang: str,
    problems: list[Issue] | list[Problem] | list[str] | list[Issue | Problem] | list[Issue | Problem | str],
) -> str:
    """The problems of a refused import or link in the player's language, joined by ``; ``."""
    return "; ".join(problem_text(lang, p) for p in problems)
