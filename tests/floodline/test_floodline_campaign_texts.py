"""Level texts say what the levels are (issue #26: Lv30's tip said weight ≤ 400 for an objective of 80,
Lv22's beat promised heavy blocks that "sink and crush", which no rule does)."""

from __future__ import annotations

import re

from engine.floodline.board import MASS, Material
from engine.floodline.campaign import level
from engine.floodline.level import parse_level
from tests.gwstub import glue_modules


def _texts() -> tuple[dict[str, str], dict[str, str]]:
    """The page's whole (English, Russian) tables: ``strings.py`` merged with ``level_strings.py``."""
    with glue_modules(["floodline.strings"]) as mods:
        t = mods["floodline.strings"].TABLES
        return dict(t["en"]), dict(t["ru"])


def test_weight_in_tips_is_the_levels_weight_limit() -> None:
    en, ru = _texts()
    for n in range(1, 31):
        lv = parse_level(level(n))
        caps = {c.max_mass for c in lv.objectives if c.type == "STAY_UNDER_WEIGHT"}
        if lv.constraints.max_mass is not None:
            caps.add(lv.constraints.max_mass)
        for table, word in ((en, "weight ≤ "), (ru, "весе ≤ ")):
            tip = table.get(f"tip_{n}", "")
            for num in re.findall(re.escape(word) + r"(\d+)", tip):
                assert int(num) in caps, (n, tip, caps)
    # rules 0.5: the weight rows are read literally (RULES.md 47): Lv30's 400
    assert "400" in en["tip_30"] and "400" in ru["tip_30"]


def test_heavy_beat_says_what_the_rules_do() -> None:
    en, ru = _texts()
    assert MASS[Material.HEAVY] == 2 * MASS[Material.STANDARD]  # "weigh double" is the rule
    assert "double" in en["beat_lv22"] and "вдвое" in ru["beat_lv22"]
    for text in (en["beat_lv22"], ru["beat_lv22"]):
        assert "crush" not in text and "sink" not in text and "тонут" not in text


def test_a_tip_about_water_below_a_line_names_the_blue_flood_line() -> None:
    """The red line is the overflow line (``heightLimit``, solids); water's line is the blue flood line
    (``constraints.waterForbiddenHeight``). Lv19's tip said "keep water below the red line"."""
    en, ru = _texts()
    for n in range(1, 31):
        lv = parse_level(level(n))
        for table, water_red, water_blue in (
            (en, r"water below the red line", r"water below the blue flood line"),
            (ru, r"воду ниже красной линии", r"воду ниже синей линии потопа"),
        ):
            tip = table.get(f"tip_{n}", "")
            assert not re.search(water_red, tip, re.I), (n, tip)
            if re.search(water_blue, tip, re.I):
                assert lv.constraints.water_forbidden_height is not None, (n, tip)
    assert "blue flood line" in en["tip_19"] and "синей линии" in ru["tip_19"]
