"""Shared page chrome built from what each game declares (issue #24; Tatham's front end builds its
menus and dialogs from each game's ``presets``/``configure`` data the same way).

The engine declares data (``engine.core.chrome_data``): a ``ChromeSpec`` with the game's new-game
options read from its pydantic options model (``option_fields(Options, ["mode"])``), its level list
(``LevelEntry``), its help pages (``HelpSection``) and, per finished game, ``ResultLine``s. Every text
is a string key the game's glue words (EN/RU). The glue passes a ``Theme`` (its colours) and calls:

| piece | module | button ids | keys |
|---|---|---|---|
| top bar: home (launcher), title, status, the game's ``BarButton``s | ``bar.top_bar`` | ``home`` + the game's | ``HOME_KEY`` (`` ` ``) goes home |
| new-game options: a row or a list per ``OptionField``, or a whole New game card | ``options.option_row`` / ``option_list`` / ``options_card`` | ``<field or prefix>:<value>`` → ``options.choose`` | ``step_choice`` for ←/→ |
| level picker from ``spec.levels`` | ``options.level_grid`` | ``level:<id>`` → ``options.level_of`` | |
| results card: title, ``CardLine``s (``worded(tr, result_lines)``), ``CardButton``s | ``results.results_card`` | the game's | |
| help overlay over ``spec.help`` | ``help.help_overlay`` + ``HelpState`` | ``help:prev/close/next`` | ←/→, Esc, Enter (``HelpState.key``) |
| keyboard focus over any of these | ``keys.focus_key`` (ring: ``focused=`` of each piece) | | Tab, Shift+Tab, arrows, Enter/Space |
| the way back to the launcher | ``home.go_home(shell)`` (none inside a blog post) | | |

A game folder draws none of these itself: it declares its ``ChromeSpec`` (``engine/<game>/chrome.py``)
and a ``Theme``, and routes the ids above.
"""

from __future__ import annotations

from .bar import BAR_H, BarButton, Glyph, top_bar
from .help import HelpState, help_overlay
from .home import HOME, HOME_KEY, go_home, launcher_url, shows_home
from .keys import focus_key
from .options import choose, level_grid, level_of, option_list, option_row, options_card, step_choice
from .results import CardButton, CardLine, card, results_card, worded
from .theme import Theme
from .widgets import RowItem, button_row

__all__ = [
    "BAR_H",
    "HOME",
    "HOME_KEY",
    "BarButton",
    "CardButton",
    "CardLine",
    "Glyph",
    "HelpState",
    "RowItem",
    "Theme",
    "button_row",
    "card",
    "choose",
    "focus_key",
    "go_home",
    "help_overlay",
    "launcher_url",
    "level_grid",
    "level_of",
    "option_list",
    "option_row",
    "options_card",
    "results_card",
    "shows_home",
    "step_choice",
    "top_bar",
    "worded",
]
