"""The page shows a rules-8 short railgun supply (issue 28, session 15): the slugs left on the railgun
row (red at 0), and the start line of the log says the duel drew a short supply."""

from __future__ import annotations

from www.orbit.strings import TABLES


def test_every_language_says_the_slugs_left_and_the_short_supply() -> None:
    for lang, table in TABLES.items():
        assert "2" in table["slugs"].format(n=2), lang
        assert "2" in table["supply_short"].format(n=2), lang


def test_the_railgun_row_shows_no_slugs_in_red_and_no_magazine_not_at_all() -> None:
    from tests.gwstub import glue_modules

    with glue_modules(["orbit.panel", "orbit.widgets"]) as mods:
        colour, w = mods["orbit.panel"]._note_colour, mods["orbit.widgets"]
        assert colour(0, 0, 0) == w.BAD  # boundary: 0 slugs left
        assert colour(0, 0, 1) == colour(0, 0, 2) == w.FG  # 1 and 2 left
        assert colour(0, 0, None) == w.DIM  # rules 1-7, or a full supply: no magazine (no note)
        assert colour(1, 0, 0) == w.HOT and colour(0, 1, 0) == w.GOOD and colour(0, -1, 2) == w.BAD
