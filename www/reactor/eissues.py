"""Level problems in the player's language.

Validation issues come from the engine as codes with parameters (``engine.reactor.validate.Issue``:
``detail`` names the fact, ``params`` its values): English is the engine's own ``message``, Russian
is worded here by ``detail`` (``ISSUE_RU``), never by reading the English text. Problems of a refused
import (pydantic field errors and share-code refusals, plain text from ``SchemaError``) are still
translated by phrase (``schema_ru``).
"""

from __future__ import annotations

import re
from typing import Any

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


def problem_text(lang: str, problem: Issue | str) -> str:
    """A validation issue or an import problem (text) in the player's language."""
    if isinstance(problem, Issue):
        return issue_words(lang, problem)
    return problem_ru(problem) if lang == "ru" else problem


def problem_tag(problem: Issue | str) -> str:
    """``code: message`` of an issue (the test hooks' form; text problems as they are)."""
    return f"{problem.code}: {problem.message}" if isinstance(problem, Issue) else problem


SCHEMA_RU: list[tuple[str, Any]] = [  # (pattern, replacement text or function)
    (r"Field required", "поле обязательно"),
    (r"Extra inputs are not permitted", "лишнее поле"),
    (r"Input should be less than or equal to (\S+)", "должно быть не больше \\1"),
    (r"Input should be greater than or equal to (\S+)", "должно быть не меньше \\1"),
    (r"Input should be a valid integer, unable to parse string as an integer", "нужно целое число"),
    (r"Input should be a valid integer, got a number with a fractional part", "нужно целое число"),
    (r"Input should be a valid integer", "нужно целое число"),
    (r"Input should be a valid number, unable to parse string as a number", "нужно число"),
    (r"Input should be a valid number", "нужно число"),
    (r"Input should be a valid string", "нужна строка"),
    (r"Input should be a valid list", "нужен список"),
    (r"String should match pattern '[^']*'", "недопустимые символы"),
    (r"not valid JSON \((?:[^()]|\([^()]*\))*\)", "это не JSON"),
    (
        r"checksum mismatch \(the code is damaged or incomplete\)",
        "контрольная сумма не сходится (код повреждён или неполон)",
    ),
    (r"nothing to import \(empty text\)", "пусто — нечего импортировать"),
    (
        r"expected level JSON \(\{\.\.\.\}\) or a share code \(RM1\.\.\.\.\)",
        "ожидался JSON уровня ({...}) или код RM1....",
    ),
    (
        r"unsupported version '([^']*)' \(this build reads (\w+)\)",
        "версия \\1 не поддерживается (здесь читается \\2)",
    ),
    (r"expected three parts PREFIX-PAYLOAD-CHECKSUM", "в коде должно быть три части"),
    (r"cannot decode payload", "не удаётся распаковать код"),
    (r"String should have at least (\d+) characters?", "не короче \\1 симв."),
    (r"String should have at most (\d+) characters?", "не длиннее \\1 симв."),
    (r"List should have at least (\d+) items? after validation, not (\d+)", "нужно не меньше \\1 (а их \\2)"),
    (r"List should have at most (\d+) items? after validation, not (\d+)", "нужно не больше \\1 (а их \\2)"),
    (r"Input should be a valid boolean(, unable to interpret input)?", "нужно true или false"),
    (r"Input should be a valid dictionary or instance of \w+", "нужен объект {...}"),
    (r"Input should be a valid dictionary", "нужен объект {...}"),
    (r"Input should be a valid (tuple|array)", "нужна пара [x, y]"),
    (r"Input should be a finite number", "нужно конечное число"),
    (
        r"Input tag '([^']*)' found using 'kind' does not match any of the expected tags: .*",
        "неизвестный тип устройства «\\1»",
    ),
    (r"Unable to extract tag using discriminator 'kind'", "не указан тип устройства (kind)"),
    (r"expected a JSON object, got (\w+)", "ожидался объект JSON, а получено \\1"),
    (r"Input should be ((?:'[^']*'(?:, | or )?)+)", lambda m: "допустимо: " + m[1].replace(" or ", " или ")),
    (r"Input should be (\d+)", "допустимо только \\1"),
]


def schema_ru(text: str) -> str:
    """Pydantic and share-code problems with their common phrases in Russian (field paths stay)."""
    for pat, ru in SCHEMA_RU:
        text = re.sub(pat, ru, text)
    return text


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
_PATH = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*|\(top level\)): (.*)$", re.S)
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


def problem_ru(problem: str) -> str:
    """One import problem in Russian: ``код уровня [meta.id]: недопустимые символы``; problems without a
    field path are translated by phrase."""
    m = _PATH.match(problem)
    if not m:
        return schema_ru(problem)
    path, msg = m.groups()
    return f"{field_ru(path)} [{path}]: {schema_ru(msg)}"


def problems_text(lang: str, problems: list[Issue] | list[str] | list[Issue | str]) -> str:
    """The problems of a refused import or link in the player's language, joined by ``; ``."""
    return "; ".join(problem_text(lang, p) for p in problems)
