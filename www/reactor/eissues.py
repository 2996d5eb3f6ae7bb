"""Validation messages in Russian: the engine reports ``code: English message``; the editor shows the
same facts in the player's language (patterns below; anything unknown stays in English)."""

from __future__ import annotations

import re
from typing import Any

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

RU: list[tuple[str, str]] = [
    (r"terrain has (\d+) rows, height is (\d+)", "в карте {0} строк, а высота {1}"),
    (r"terrain row (\d+) has (\d+) cells, width is (\d+)", "в строке {0} клеток {1}, а ширина {2}"),
    (r"(\w+) cell outside the (\S+) grid", "клетка ({0}) за пределами поля {1}"),
    (r"(\w+) cell listed twice", "клетка ({0}) указана дважды"),
    (r"(\w+) integrity (\S+) above max", "прочность ({0}) {1} выше максимума"),
    (r"robot is out of bounds", "робот за пределами поля"),
    (r"robot is not on a floor cell", "робот не на клетке пола"),
    (r"surface cell outside the grid", "клетка поверхности за пределами поля"),
    (r"surface cell listed twice", "клетка поверхности указана дважды"),
    (r"wall cell with surface hazards", "на стене не может быть опасностей"),
    (r"(\w+) prop out of bounds", "устройство ({0}) за пределами поля"),
    (r"(\w+) prop on a wall cell", "устройство ({0}) на стене"),
    (r"more than one prop on this cell", "больше одного устройства на клетке"),
    (r"level has no reactor control prop", "на уровне нет пульта реактора"),
    (
        r"door needs exactly one opposing wall pair.*",
        "двери нужна ровно одна пара стен напротив (С+Ю или З+В)",
    ),
    (r"(\w+) leak or its access is out of bounds", "течь ({0}) или её сторона за пределами поля"),
    (r"two (\w+) leaks on one cell", "две течи ({0}) на одной клетке"),
    (r"(\w+) leak on a cell without a (\w+) network", "течь ({0}) там, где нет сети"),
    (r"electricity leaks occur in wall cells", "течь тока бывает только в стене"),
    (r"electricity leak face must be an adjacent floor cell", "сторона течи тока — соседняя клетка пола"),
    (r"(\w+) leaks occur under floor cells", "течь ({0}) бывает только под полом"),
    (r"(\w+) leak access must be its own floor cell", "течь ({0}) чинят с её же клетки"),
    (
        r"(\w+) cell state does not match the leak's repair state",
        "состояние клетки ({0}) не совпадает с течью",
    ),
    (r"leaking (\w+) cell without a leak record", "клетка ({0}) течёт, но течи нет"),
    (r"valve outlet (.+) is not a floor cell", "выход вентиля {0} не на полу"),
    (r"valve outlet (.+) is out of bounds", "выход вентиля {0} за пределами поля"),
    (r"sprinkler valve is not connected to a coolant network cell", "вентиль не стоит на сети охладителя"),
    (r"ratio mode (\d+) does not exist", "пропорции {0} нет"),
    (r"(\w+) flow prop is not on a (\w+) network cell", "источник ({0}) не стоит на своей сети"),
    (
        r"junction needs exactly one underground carrier, found (\d+)",
        "под развилкой должна быть ровно одна сеть, а их {0}",
    ),
    (
        r"network loop through the junction \((\w) and (\w) branches reconnect\)",
        "кольцо через развилку (ветви {0} и {1} сходятся)",
    ),
    (
        r"junction has (\d+) branches; needs one incoming and two or three outgoing",
        "у развилки {0} ветви; нужна одна входящая и две-три исходящих",
    ),
    (
        r"equal-source ambiguity: sources reach the junction from (.+)",
        "неоднозначно: источники приходят к развилке с {0}",
    ),
    (
        r"consumer cannot be reached by any source or by the robot",
        "к потребителю не дойти ни сети, ни роботу",
    ),
    (r"(\w+) consumer starts starved or disabled", "нужный потребитель ({0}) в начале голодает или выключен"),
    (r"(\d+) (\w+) cell\(s\) here have no source path", "{0} клеток сети ({1}) без пути от источника"),
    (r"reactor is not ready with the initial network state", "в начальном состоянии реактор не готов"),
    (r"supply cannot be reached by the robot", "робот не дойдёт до запаса"),
    (r"no (\w+) hazard can ever appear in this level", "опасности ({0}) на уровне не бывает — запас лишний"),
    (
        r"sprinkler valve outlets reach no fuel, heat or reactor",
        "выходы вентиля не достают до топлива, жара или реактора",
    ),
    (
        r"(\w+) hazard with no remedy supply, item or sprinkler nearby",
        "опасность ({0}) без нейтрализатора или спринклера рядом",
    ),
    (r"(\d+) items, capacity (\d+) on (\w+)", "предметов {0}, а вместимость {1} ({2})"),
    (r"junction at \((\d+),(\d+)\): (.+)", "развилка ({0},{1}): {2}"),
]
_COMPILED = [(re.compile("^" + pat + "$"), ru) for pat, ru in RU]
DIFF = {"easy": "легко", "normal": "обычно", "hard": "сложно"}


def _word(v: str) -> str:
    return W.get(v, DIFF.get(v, v))


def issue_ru(text: str) -> str:
    """``code: message`` → the Russian message (the code is dropped; unknown messages stay)."""
    body = issue_en(text)
    for pat, ru in _COMPILED:
        m = pat.match(body)
        if m:
            return ru.format(*(_word(g) for g in m.groups()))
    return text


def issue_en(text: str) -> str:
    """English: the message without the machine code prefix (``prop_terrain: ...`` → ``...``)."""
    code, sep, msg = text.partition(": ")
    return msg if sep and re.fullmatch(r"[a-z_]+", code) else text


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


def problems_text(lang: str, problems: list[str]) -> str:
    """The problems of a refused import in the player's language, joined by ``; ``."""
    if lang == "ru":
        return "; ".join(problem_ru(p) for p in problems)
    return "; ".join(problems)
