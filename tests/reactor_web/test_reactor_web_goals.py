"""Every campaign and sample level has a Russian title and goal text; the language picks them."""

from __future__ import annotations

import re

from www.reactor.egoals import goals_ru, level_text
from www.reactor.model import CustomLevels, campaign, level_title

CYR = re.compile(r"[А-Яа-яЁё]")


def test_every_campaign_level_has_a_russian_title_and_goal() -> None:
    keys = campaign()
    assert len(keys) >= 10
    ru = goals_ru()
    assert set(keys) <= set(ru), sorted(set(keys) - set(ru))
    for k in keys:
        title, goal = level_text(k, CustomLevels(), "ru")
        assert CYR.search(title) and CYR.search(goal), k
        assert 20 <= len(goal) <= 220, (k, len(goal))
        assert (title, goal) != level_title(k, CustomLevels())


def test_english_and_custom_levels_keep_their_own_text() -> None:
    k = campaign()[0]
    assert level_text(k, CustomLevels(), "en") == level_title(k, CustomLevels())
    custom = CustomLevels(levels={"mine": {"meta": {"id": "mine", "title": "Mine", "description": "Go"}}})
    assert level_text("custom:mine", custom, "ru") == ("Mine", "Go")


def test_russian_goals_name_the_same_keys_as_the_english_ones() -> None:
    """The key hints in brackets, e.g. (E), (X), (3), are the same in both languages."""
    for k in campaign():
        en = level_title(k, CustomLevels())[1]
        ru = level_text(k, CustomLevels(), "ru")[1]
        hints = lambda s: sorted(re.findall(r"\(([A-Z0-9+]{1,2})\)", s))  # noqa: E731
        assert hints(en) == hints(ru), k
