"""What the storage adapter tells players, in Russian and English (no ``js``; tested in CPython).

Notices speak of "your saved game" or "your stars", never of keys or validation errors: the
technical details come last, in brackets (the backup key and the reason), for whoever helps the
player recover the record; ``Storage.log`` repeats them in the browser console.
"""

from __future__ import annotations

#: what a stored record is, in player words (a record not named here is "saved data")
WHAT = {
    "en": {
        "game": "your saved game",
        "run": "your saved run",
        "last": "your last run",
        "link": "your game with a friend",
        "progress": "your progress (stars and levels)",
        "scores": "your progress summary",
        "profile": "your records",
        "custom": "your own levels",
        "editor": "the level you were editing",
        "prefs": "your settings",
        "telemetry": "your game history",
        "lastrun": "your last run",
    },
    "ru": {
        "game": "сохранённая партия",
        "run": "сохранённый забег",
        "last": "последний заезд",
        "link": "партия с другом",
        "progress": "ваш прогресс (звёзды и уровни)",
        "scores": "сводка прогресса",
        "profile": "ваши рекорды",
        "custom": "ваши уровни",
        "editor": "уровень в редакторе",
        "prefs": "ваши настройки",
        "telemetry": "история партий",
        "lastrun": "последний заезд",
    },
}

NOTICES = {
    "en": {
        "data": "saved data",
        "corrupt": "Sorry — {what} could not be read. It was kept aside (not deleted), and the game goes "
        "on without it. [{backup}: {reason}]",
        "newer": "{What} was saved by a newer version of this game, so it is kept untouched for that "
        "version. Reload the page to get the new version; until then this page will not save over it.",
        "blocked": "This browser does not let the game store anything, so your progress will not be "
        "saved. You can still play.",
        "full": "This browser's storage is full, so new progress cannot be saved. What was saved "
        "before is still here, and you can play on.",
        "readonly": "This browser lets the game read its saves but not write them, so new progress "
        "cannot be saved. You can play on.",
        "conflict_title": "This game is also open in another tab",
        "conflict_body": "The other tab has played on since this one was loaded. Which game do you "
        "want to keep?",
        "conflict_here": "Keep playing here",
        "conflict_other": "Load the other tab's game",
        "conflict_here_note": "The other tab's game will be replaced by this one.",
    },
    "ru": {
        "data": "сохранённые данные",
        "corrupt": "Простите — не удалось прочитать: {what}. Запись отложена (не удалена), игра идёт "
        "дальше без неё. [{backup}: {reason}]",
        "newer": "{What}: запись сделана более новой версией игры и оставлена для неё нетронутой. "
        "Перезагрузите страницу, чтобы получить новую версию; до тех пор эта страница её не "
        "перезапишет.",
        "blocked": "Браузер не даёт игре ничего хранить, поэтому прогресс не сохранится. Играть можно.",
        "full": "Хранилище браузера переполнено, новый прогресс не сохранится. Сохранённое раньше "
        "на месте, играть можно дальше.",
        "readonly": "Браузер позволяет игре читать сохранения, но не записывать их: новый прогресс "
        "не сохранится. Играть можно дальше.",
        "conflict_title": "Эта игра открыта и в другой вкладке",
        "conflict_body": "Другая вкладка сыграла дальше, пока эта была открыта. Какую партию оставить?",
        "conflict_here": "Играть здесь",
        "conflict_other": "Загрузить партию из другой вкладки",
        "conflict_here_note": "Партия в другой вкладке будет заменена этой.",
    },
}


def text(lang: str, key: str) -> str:
    """A storage notice in ``lang`` (English when the language has no table)."""
    return NOTICES.get(lang, NOTICES["en"])[key]


def what(lang: str, name: str) -> str:
    """Record ``name`` in player words (``"saved data"`` for a name without its own words)."""
    table = WHAT.get(lang, WHAT["en"])
    return table.get(name) or text(lang, "data")
