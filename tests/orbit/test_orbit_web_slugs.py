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


def test_the_railgun_rows_slugs_readout_keeps_the_slugs_at_its_width_boundaries() -> None:
    """``panel.rail_note`` (plan_panel's railgun note): the note and the slugs while they fit (narrower
    than the room), the slugs alone one pixel short of that, the bare number one pixel short of those."""
    from tests.gwstub import glue_modules

    def measure(s: str, size: float) -> float:
        return 7.0 * len(s)  # the stub canvas's width: 7 px a character at any size

    with glue_modules(["orbit.panel"]) as mods:
        note = mods["orbit.panel"].rail_note
        full = "+1 heat · 2 slugs"
        wide, narrow = 7.0 * len(full), 7.0 * len("2 slugs")
        assert note("+1 heat", 2, "2 slugs", measure, 12, wide + 1) == full
        assert note("+1 heat", 2, "2 slugs", measure, 12, wide) == "2 slugs"  # as wide as the row: too wide
        assert note("+1 heat", 2, "2 slugs", measure, 12, wide - 1) == "2 slugs"
        assert note("+1 heat", 2, "2 slugs", measure, 12, narrow + 1) == "2 slugs"
        assert note("+1 heat", 2, "2 slugs", measure, 12, narrow) == "2"
        assert note("", 0, "0 slugs", measure, 12, narrow + 1) == "0 slugs"  # no note: the slugs alone
        assert note("", 0, "0 slugs", measure, 12, narrow) == "0"
        assert note("-4", 1, "1 slugs", measure, 12, 7.0 * len("-4 · 1 slugs") + 1) == "-4 · 1 slugs"
