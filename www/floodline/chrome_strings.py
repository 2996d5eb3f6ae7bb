"""English and Russian words of the shared chrome on the Floodline page (top bar, level grid, the
unlock line, pause and results cards, help pages, the saved-run line); merged into ``strings.TABLES``."""

from __future__ import annotations

EN: dict[str, str] = {
    "help": "Help",
    "prev": "Back",
    "close": "Close",
    "stars_total": "★ {n}/{m}",
    "grid_left": "✕{k}",
    "open_won": "Open: level {p} was won",
    "open_losses": "Open: level {p} was lost {k}× — win it for its stars",
    "locked_how": "Level {n} opens when level {p} is won, or after {k} more lost runs of level {p} (✕{k} on the grid)",
    "locked_how_1": "Level {n} opens when level {p} is won, or after 1 more lost run of level {p} (✕1 on the grid)",
    "best_line": "Best {n}",
    "continue": "Continue level {n}",
    "continue_endless": "Continue endless",
    "saved_gone": "The saved run could not be continued: {why}",
    "help_goal_title": "The goal",
    "help_goal": "Pieces fall into a box of water. Build what each level asks for (a height, a basin, a dry area) "
    "before the box overflows. Win a level for its stars: ★1 for the goal, ★2 and ★3 for doing it well. "
    "A level opens when the one before it is won, or after that one was lost {skip} times.",
    "help_keys_title": "Keys",
    "help_keys": "{keys}. Esc pauses; H opens this help; ` (backquote) goes back to all games.",
    "help_touch_title": "Touch",
    "help_touch": "{touch} Tap ☰ for the levels and Ⅱ to pause.",
    "help_tilt_title": "Tilting the world",
    "help_tilt": "A tilt turns gravity: everything not held falls the new way and water runs downhill. "
    "A block is held only by what is under it along gravity — the floor, a wall, an anchored piece. "
    "Hold Alt (or PEEK on the pad) and press a tilt to see what it would do before you commit.",
    "help_water_title": "Water",
    "help_water": "Water fills closed basins and spills over their lowest rim. Drains empty a basin, "
    "freeze turns water to ice you can build on, and B shows where water would settle.",
}

RU: dict[str, str] = {
    "help": "Помощь",
    "prev": "Назад",
    "close": "Закрыть",
    "stars_total": "★ {n}/{m}",
    "grid_left": "✕{k}",
    "open_won": "Открыт: уровень {p} пройден",
    "open_losses": "Открыт: уровень {p} проигран {k} раз(а) — пройдите его ради звёзд",
    "locked_how": "Уровень {n} откроется, когда будет пройден уровень {p}, или после ещё {k} проигрышей на уровне {p} (✕{k} на сетке)",
    "locked_how_1": "Уровень {n} откроется, когда будет пройден уровень {p}, или после ещё одного проигрыша на уровне {p} (✕1 на сетке)",
    "best_line": "Рекорд {n}",
    "continue": "Продолжить уровень {n}",
    "continue_endless": "Продолжить бесконечный",
    "saved_gone": "Сохранённый забег продолжить нельзя: {why}",
    "help_goal_title": "Цель",
    "help_goal": "Фигуры падают в коробку с водой. Постройте то, что просит уровень (высоту, бассейн, сухую "
    "площадку), пока коробка не переполнилась. За победу — звёзды: ★1 за цель, ★2 и ★3 за хорошую игру. "
    "Уровень открывается, когда пройден предыдущий или когда тот проигран {skip} раз(а).",
    "help_keys_title": "Клавиши",
    "help_keys": "{keys}. Esc — пауза; H — эта помощь; ` (обратный апостроф) — ко всем играм.",
    "help_touch_title": "Касания",
    "help_touch": "{touch} ☰ — уровни, Ⅱ — пауза.",
    "help_tilt_title": "Наклон мира",
    "help_tilt": "Наклон поворачивает гравитацию: всё, что не держится, падает в новую сторону, вода стекает "
    "вниз. Блок держится только тем, что под ним по гравитации — полом, стеной, закреплённой фигурой. "
    "Удерживайте Alt (или PEEK на пульте) и нажмите наклон, чтобы увидеть его результат заранее.",
    "help_water_title": "Вода",
    "help_water": "Вода заполняет замкнутые бассейны и переливается через самый низкий край. Сток осушает "
    "бассейн, заморозка превращает воду в лёд, на котором можно строить, B показывает, где встанет вода.",
}
