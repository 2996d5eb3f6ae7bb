"""The one list of games: slug, titles and short descriptions (≤ 150 chars) in the page language,
English and Russian. The build, the launcher, the self-check and the tests all read this list;
adding a game starts here (see docs/adding-a-game.md)."""

from __future__ import annotations

GAMES: dict[str, dict[str, str]] = {
    "ternar": {
        "title": "Ternar",
        "title_ru": "Тернар",
        "lang": "ru",
        "description": "Тернар — троичная логика в навигации живой числовой сети: соединяйте равные, растите ×3.",
        "description_en": "A hex network of powers of three: connect equal values, climb ×3, keep the net alive.",
        "description_ru": "Тернар — троичная логика в навигации живой числовой сети: соединяйте равные, растите ×3.",
    },
    "floodline": {
        "title": "Floodline",
        "title_ru": "Флудлайн",
        "lang": "en",
        "description": "Stack voxel pieces, tilt gravity and steer water in a deterministic 3D puzzle.",
        "description_en": "Stack voxel pieces, tilt gravity and steer water in a deterministic 3D puzzle.",
        "description_ru": "Складывайте воксельные фигуры, наклоняйте гравитацию и направляйте воду в детерминированной 3D-головоломке.",
    },
    "reactor": {
        "title": "Reactor Maintenance",
        "title_ru": "Обслуживание реактора",
        "lang": "en",
        "description": "Repair networks, tame hazards and read forecasts until the reactor is ready.",
        "description_en": "Repair networks, tame hazards and read forecasts until the reactor is ready.",
        "description_ru": "Чините сети, укрощайте опасности и читайте прогнозы, пока реактор не будет готов.",
    },
    "orbit": {
        "title": "Orbit Simulator",
        "title_ru": "Орбитальный симулятор",
        "lang": "en",
        "description": "Manage energy and heat, transfer between rings and outplay a rival in orbit.",
        "description_en": "Manage energy and heat, transfer between rings and outplay a rival in orbit.",
        "description_ru": "Распределяйте энергию и тепло, переходите между кольцами и переиграйте соперника на орбите.",
    },
    "runmap": {
        "title": "Run Map",
        "title_ru": "Карта забега",
        "lang": "en",
        "description": "Chart a seeded route through combat, elites and rests to the boss, alone or as co-op host.",
        "description_en": "Chart a seeded route through combat, elites and rests to the boss, alone or as co-op host.",
        "description_ru": "Проложите маршрут через бои, элиту и привалы к боссу — в одиночку или вместе с друзьями.",
    },
}

# Pages that are not games but use the same shell.
TOOLS: dict[str, dict[str, str]] = {
    "selfcheck": {
        "title": "Gridworks self-check",
        "title_ru": "Самопроверка Gridworks",
        "lang": "en",
        "description": "Checks that this browser computes the same hashes as the reference build.",
        "description_en": "Checks that this browser computes the same hashes as the reference build.",
        "description_ru": "Проверяет, что этот браузер считает те же хэши, что и эталонная сборка.",
    },
    # the template game (engine/template, www/template): the smallest complete game, kept working
    "template": {
        "title": "Gridworks template game",
        "title_ru": "Шаблон игры Gridworks",
        "lang": "en",
        "description": "Walk to the gold square: the smallest complete Gridworks game, to copy when adding one.",
        "description_en": "Walk to the gold square: the smallest complete Gridworks game, to copy when adding one.",
        "description_ru": "Дойдите до золотой клетки: самая маленькая полная игра Gridworks, образец для новой.",
    },
}

_COUNT_WORDS = {
    "en": ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"),
    "ru": (
        "одна",
        "две",
        "три",
        "четыре",
        "пять",
        "шесть",
        "семь",
        "восемь",
        "девять",
        "десять",
        "одиннадцать",
        "двенадцать",
    ),
}


def games_count_word(lang: str, n: int | None = None) -> str:
    """How many games there are, as a lower-case word in ``lang`` ("five", "пять"); digits past twelve.

    The launcher's and the manifest's texts say it from this list, so a sixth game changes them."""
    n = len(GAMES) if n is None else n
    words = _COUNT_WORDS["ru" if lang == "ru" else "en"]
    return words[n - 1] if 1 <= n <= len(words) else str(n)
