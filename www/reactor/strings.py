"""Russian and English string tables for the Reactor Maintenance page."""

from __future__ import annotations

EN: dict[str, str] = {
    "title": "Reactor Maintenance",
    "lang": "Русский",
    "mute": "Sound: on",
    "unmute": "Sound: off",
    "levels": "Levels",
    "undo": "Undo",
    "restart": "Restart",
    "eye": "Eye",
    "eye_off": "Surface",
    "editor": "Editor",
    "interact": "Interact",
    "repair": "Repair",
    "remedy_fuel": "Neutr. fuel",
    "remedy_coolant": "Neutr. water",
    "remedy_electricity": "Neutr. elec",
    "shield": "Heat shield",
    "activate": "Activate",
    "inventory": "Inventory",
    "inv_fuel_neutralizer": "Fuel N.",
    "inv_coolant_neutralizer": "Water N.",
    "inv_electricity_neutralizer": "Elec N.",
    "inv_heat_shield": "Shield",
    "immunity": "heat immunity {n}",
    "consumers": "Producing / required",
    "forecast": "Forecast",
    "no_forecast": "No warnings the simulation can prove.",
    "now": "Now",
    "inspector": "Inspector",
    "inspect_hint": "Click a cell to inspect it; click it again to walk there.",
    "pulse": "Pulse {n}",
    "state_Stable": "STABLE",
    "state_Caution": "CAUTION",
    "state_Critical": "CRITICAL",
    "state_Ready": "REACTOR READY",
    "state_Won": "REACTOR ONLINE — level complete",
    "state_Lost": "LOST",
    "refused": "Refused: {r}",
    "choose_level": "Choose a level",
    "done": "done",
    "play": "Play",
    "back": "Back",
    "custom": "Your levels",
    "next": "Next level",
    "walk": "Walk here",
    "wall": "wall",
    "floor": "floor",
    "keys": "Arrows/WASD move · E interact · R repair · 1/2/3 remedy · H shield · X activate · V eye · Z undo",
    "eye_need": "Visit an all-seeing-eye terminal first.",
    "eye_layers": "Layer",
    "all": "All",
    "fuel": "fuel",
    "coolant": "coolant",
    "electricity": "electricity",
    "heat": "heat",
    "water": "water",
    "restored": "Your game in progress was restored.",
    "bad_save": "A saved game could not be restored:",
    "safe": "safe",
    "caution": "caution",
    "critical": "critical",
    "rules": "Pair-table rules here",
    "underground": "Underground",
    "won_toast": "Level complete!",
    "lost_toast": "Level lost: {r}",
    "close": "Close",
}

RU: dict[str, str] = {
    "title": "Обслуживание реактора",
    "lang": "English",
    "mute": "Звук: вкл",
    "unmute": "Звук: выкл",
    "levels": "Уровни",
    "undo": "Отмена",
    "restart": "Заново",
    "eye": "Око",
    "eye_off": "Поверхность",
    "editor": "Редактор",
    "interact": "Действие",
    "repair": "Починить",
    "remedy_fuel": "Нейтр. топл.",
    "remedy_coolant": "Нейтр. воды",
    "remedy_electricity": "Нейтр. тока",
    "shield": "Теплощит",
    "activate": "Запуск",
    "inventory": "Инвентарь",
    "inv_fuel_neutralizer": "Нейтр. Т",
    "inv_coolant_neutralizer": "Нейтр. В",
    "inv_electricity_neutralizer": "Нейтр. Э",
    "inv_heat_shield": "Щит",
    "immunity": "защита от жара {n}",
    "consumers": "Работают / нужно",
    "forecast": "Прогноз",
    "no_forecast": "Доказуемых угроз нет.",
    "now": "Сейчас",
    "inspector": "Осмотр",
    "inspect_hint": "Нажмите клетку, чтобы осмотреть; ещё раз — чтобы пойти туда.",
    "pulse": "Импульс {n}",
    "state_Stable": "СТАБИЛЬНО",
    "state_Caution": "ВНИМАНИЕ",
    "state_Critical": "КРИТИЧНО",
    "state_Ready": "РЕАКТОР ГОТОВ",
    "state_Won": "РЕАКТОР ЗАПУЩЕН — уровень пройден",
    "state_Lost": "ПОРАЖЕНИЕ",
    "refused": "Отказ: {r}",
    "choose_level": "Выберите уровень",
    "done": "пройден",
    "play": "Играть",
    "back": "Назад",
    "custom": "Ваши уровни",
    "next": "Следующий",
    "walk": "Идти сюда",
    "wall": "стена",
    "floor": "пол",
    "keys": "Стрелки/WASD — ход · E действие · R починка · 1/2/3 нейтрализатор · H щит · X запуск · V око · Z отмена",
    "eye_need": "Сначала посетите терминал всевидящего ока.",
    "eye_layers": "Слой",
    "all": "Все",
    "fuel": "топливо",
    "coolant": "охладитель",
    "electricity": "ток",
    "heat": "жар",
    "water": "вода",
    "restored": "Незаконченная игра восстановлена.",
    "bad_save": "Сохранение не удалось восстановить:",
    "safe": "норма",
    "caution": "опасно",
    "critical": "критично",
    "rules": "Правила таблицы пар здесь",
    "underground": "Под полом",
    "won_toast": "Уровень пройден!",
    "lost_toast": "Поражение: {r}",
    "close": "Закрыть",
}

# Engine refusal reasons and outcome reasons (English in the engine) shown in Russian.
RU_REASONS: dict[str, str] = {
    "cannot move out of bounds": "нельзя выйти за край карты",
    "cannot move into a wall": "там стена",
    "there is no prop here": "здесь нет устройства",
    "this supply is depleted": "запас уже взят",
    "inventory is full": "инвентарь полон",
    "no coolant pressure at this valve": "у вентиля нет давления охладителя",
    "use activate at a reactor control": "у пульта реактора используйте «Запуск»",
    "the robot is not at a reactor control": "робот не у пульта реактора",
    "the reactor is not ready": "реактор не готов",
    "no heat shield in inventory": "в инвентаре нет теплощита",
    "no reachable leak here": "здесь нет доступной течи",
    "all-seeing-eye access is already active": "доступ всевидящего ока уже открыт",
    "visit an all-seeing-eye terminal to view the underground": "посетите терминал всевидящего ока",
    "activated": "реактор запущен",
    "robot_hazard": "робот погиб от опасности",
    "reactor_heat": "перегрев реактора",
    "system_failure": "разрушение контура под реактором",
}

TABLES: dict[str, dict[str, str]] = {"en": EN, "ru": RU}


def reason(lang: str, text: str) -> str:
    """An engine reason in the current language (English when not translated)."""
    if lang == "ru":
        if text in RU_REASONS:
            return RU_REASONS[text]
        for k, v in RU_REASONS.items():
            if text.startswith(k):
                return v + text[len(k) :]
    return text.replace("_", " ")


WARN_EN: dict[str, str] = {
    "terminal_loss": "LOSS: {subject}",
    "reactor_ready": "Reactor ready",
    "starved_required_consumer": "{subject} consumer starved",
    "growing_hazard": "{subject}",
    "wet_electricity": "electricity into wet cell",
    "coolant_pressure_drop": "using {subject} starves this",
    "structural_leak": "{subject} pipe will leak",
    "consumer_starved": "{subject} consumer starved",
    "reactor_feed_starved": "reactor {subject} feed starved",
}
WARN_RU: dict[str, str] = {
    "terminal_loss": "ПОРАЖЕНИЕ: {subject}",
    "reactor_ready": "Реактор готов",
    "starved_required_consumer": "голодает потребитель: {subject}",
    "growing_hazard": "растёт: {subject}",
    "wet_electricity": "ток на мокрой клетке",
    "coolant_pressure_drop": "{subject} обескровит это",
    "structural_leak": "будет течь: {subject}",
    "consumer_starved": "голодает потребитель: {subject}",
    "reactor_feed_starved": "реактору не хватает: {subject}",
}
WORDS_RU: dict[str, str] = {
    "fuel": "топливо",
    "coolant": "вода",
    "electricity": "ток",
    "heat": "жар",
    "safe": "норма",
    "caution": "опасно",
    "critical": "критично",
    "robot_hazard": "робот в опасности",
    "reactor_heat": "перегрев реактора",
    "system_failure": "разрушение контура",
    "ready": "",
    "valve": "вентиль",
}


def warning_text(lang: str, kind: str, subject: str, cell: tuple[int, int] | None) -> str:
    """One forecast/status row: a short sentence plus the cell."""
    table = WARN_RU if lang == "ru" else WARN_EN
    subj = subject
    if lang == "ru":
        subj = " ".join(WORDS_RU.get(w, w) for w in subject.split())
    else:
        subj = subject.replace("_", " ")
    text = table.get(kind, kind.replace("_", " ") + " {subject}").format(subject=subj)
    return f"{text} ({cell[0]},{cell[1]})" if cell is not None else text
