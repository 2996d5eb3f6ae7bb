"""The shared chrome (www/shared/chrome) and what games declare for it (engine/core/chrome_data.py)."""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import Any, Literal

import pytest
from pydantic import BaseModel, Field

from engine.core.chrome_data import ChromeSpec, HelpSection, LevelEntry, ResultLine, option_fields
from engine.runmap.config import MAX_PLAYERS, RunOptions
from engine.ternar.model import Options as TernarOptions
from tests.gwstub import glue_modules, stub_gfx


@pytest.fixture(scope="module")
def chrome() -> Iterator[Any]:
    with glue_modules(("shared.chrome", "shared.canvas")) as m:
        yield m


def gfx(chrome: Any, w: float = 1000, h: float = 720) -> Any:
    """A ``Gfx`` of ``w`` x ``h`` that draws nothing (the shared stub canvas)."""
    return stub_gfx(chrome["shared.canvas"], w, h)


def test_options_come_from_the_engines_pydantic_models() -> None:
    (mode,) = option_fields(TernarOptions, ["mode"])
    assert mode.choices == ("classic", "zen", "storm") and mode.default == "classic"
    preset, players = option_fields(RunOptions, ["preset", "players"])
    assert preset.choices == ("slice", "full")
    assert players.choices == tuple(range(1, MAX_PLAYERS + 1))  # ge..le, both ends offered


def test_an_option_that_is_no_finite_choice_is_refused() -> None:
    class M(BaseModel):
        flag: bool = True
        few: int = Field(default=3, ge=1, le=12)  # 12 values: the most a row offers
        many: int = Field(default=3, ge=1, le=13)  # 13 values: typed in, not picked
        open_: int = 3
        kind: Literal["a", "b"] = "b"

    flag, few, kind = option_fields(M, ["flag", "few", "kind"])
    assert flag.choices == (False, True) and flag.default is True
    assert len(few.choices) == 12 and kind.default == "b"
    for bad in ("many", "open_"):
        with pytest.raises(ValueError):
            option_fields(M, [bad])
    with pytest.raises(KeyError):
        option_fields(M, ["nothing"])


def test_a_choice_outside_the_declared_values_falls_back_to_the_default() -> None:
    spec = ChromeSpec(game="t", options=option_fields(TernarOptions, ["mode"]))
    assert spec.options_for({"mode": "zen", "junk": 1}) == {"mode": "zen"}
    assert spec.options_for({"mode": "hexa"}) == {"mode": "classic"}
    assert spec.options_for({}) == {"mode": "classic"}


def test_option_buttons_read_back_into_options_and_arrows_wrap(chrome: Any) -> None:
    opts = chrome["shared.chrome"]
    spec = ChromeSpec(game="r", options=option_fields(RunOptions, ["preset", "players"]))
    values = spec.defaults()
    assert opts.choose(spec, values, "players:3") == {"preset": "slice", "players": 3}
    assert opts.choose(spec, values, "np:3", {"players": "np"}) == {"preset": "slice", "players": 3}
    assert opts.choose(spec, values, f"players:{MAX_PLAYERS + 1}") is None  # never offered
    assert opts.choose(spec, values, "start") is None
    assert opts.step_choice(spec, values, "players", -1)["players"] == MAX_PLAYERS  # 1 - 1 wraps to the top
    assert opts.step_choice(spec, {"players": MAX_PLAYERS}, "players", 1)["players"] == 1


def test_the_option_row_draws_every_choice_and_marks_none_it_lacks(chrome: Any) -> None:
    c = chrome["shared.chrome"]
    g = gfx(chrome)
    (f,) = option_fields(RunOptions, ["players"])
    c.option_row(g, c.Theme(), f, 2, lambda n, v: str(v), 10, 10, 400, prefixes={"players": "np"})
    assert [r.id for r in g.regions] == [f"np:{n}" for n in range(1, MAX_PLAYERS + 1)]


def test_level_grid_offers_unlocked_levels_only(chrome: Any) -> None:
    c = chrome["shared.chrome"]
    g = gfx(chrome)
    levels = [LevelEntry(id=str(k), title=f"Lv{k}", locked=k > 2) for k in range(1, 5)]
    bottom = c.level_grid(g, c.Theme(), levels, lambda lv: lv.title, 0, 100, 500, cols=3)
    assert [r.id for r in g.regions] == ["level:1", "level:2"]
    assert bottom == 100 + 2 * 60  # two rows of 52 + 8
    assert c.level_of("level:12") == "12" and c.level_of("help") is None


def test_top_bar_puts_home_first_and_leaves_it_out_when_asked(chrome: Any) -> None:
    c = chrome["shared.chrome"]
    g = gfx(chrome)
    bar = [c.BarButton("undo", "Undo", "↶", enabled=False), c.BarButton("lang", "RU")]
    assert c.top_bar(g, c.Theme(), "Orbit", bar, phone=False) == 44
    assert [r.id for r in g.regions] == ["lang", "home"]  # a disabled button is not pressable
    g.regions.clear()
    c.top_bar(g, c.Theme(), "Orbit", bar, phone=True, home=False)
    assert [r.id for r in g.regions] == ["lang"]
    assert g.regions[0].x + g.regions[0].w == 1000 - 6  # right-aligned


def test_the_way_home_is_the_launcher_and_no_home_inside_a_blog(chrome: Any) -> None:
    c = chrome["shared.chrome"]
    assert c.launcher_url("https://h.ru/games/orbit/?test=1#x") == "https://h.ru/games/"
    assert c.launcher_url("http://127.0.0.1:8000/ternar/") == "http://127.0.0.1:8000/"
    assert c.shows_home(types.SimpleNamespace(embed=False))
    assert not c.shows_home(types.SimpleNamespace(embed=True))


def test_help_pages_turn_both_ways_and_close(chrome: Any) -> None:
    c = chrome["shared.chrome"]
    h = c.HelpState()
    h.show()
    assert h.key("ArrowLeft", 3) and h.page == 2  # back from the first wraps to the last
    assert h.key("ArrowRight", 3) and h.page == 0
    assert not h.key("KeyQ", 3) and h.open
    assert h.press("help:close", 3) and not h.open
    g = gfx(chrome)
    sections = [HelpSection(title="t1", body="b1"), HelpSection(title="t2", body="b2")]
    c.help_overlay(g, c.Theme(), lambda k, **f: k, sections, h)
    assert [r.id for r in g.regions] == ["help:prev", "help:close", "help:next"]


def test_results_card_words_the_engines_lines_and_lays_out_buttons(chrome: Any) -> None:
    c = chrome["shared.chrome"]
    tr = {"won": "Won in {n}", "best": "Best!"}
    lines = c.worded(lambda k, **f: tr[k].format(**f), [ResultLine(key="won", params={"n": 7}, tone="score")])
    assert lines == [c.CardLine("Won in 7", "score")]
    g = gfx(chrome)
    buttons = [
        c.CardButton("again", "Again"),
        c.CardButton("menu", "Menu"),
        c.CardButton("undo", "Undo", False),
    ]
    x, y, w, h = c.results_card(g, c.Theme(), "Over", lines, buttons)
    assert [r.id for r in g.regions] == ["again", "menu"]
    again, menu = g.regions
    assert again.y == menu.y and again.x < menu.x  # two to a row
    assert x + w / 2 == 500 and y + h / 2 == pytest.approx(360)  # centred


def test_focus_keys_walk_and_press(chrome: Any) -> None:
    c = chrome["shared.chrome"]
    R = chrome["shared.canvas"].Region
    rs = [R("a", 0, 0, 50, 20), R("b", 100, 0, 50, 20)]
    assert c.focus_key(rs, None, "Tab") == ("a", None)
    assert c.focus_key(rs, "a", "Tab", shift=True) == ("b", None)
    assert c.focus_key(rs, "a", "ArrowRight") == ("b", None)
    assert c.focus_key(rs, "b", "Enter") == ("b", "b")
    assert c.focus_key(rs, None, "Enter", preferred=("b",)) == (
        "b",
        "b",
    )  # Enter with no focus: the main action
    assert c.focus_key(rs, None, "KeyX") == (None, None)


MOVED = ("template", "ternar", "orbit", "runmap")


def test_moved_games_draw_no_help_or_cards_of_their_own() -> None:
    """The help overlay's buttons and the card drawing belong to the shared chrome alone."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "www"
    for game in MOVED:
        src = "\n".join(p.read_text(encoding="utf-8") for p in (root / game).glob("*.py"))
        assert "gwweb.shared.chrome" in src or "gwweb.shared import chrome" in src, game
        for own in ('"help:prev"', '"help:next"', '"help:close"'):
            assert own not in src, (game, own)


def test_every_declared_help_page_option_and_result_has_words_in_both_languages() -> None:
    """What an engine declares for the chrome is worded by its page in English and Russian."""
    from engine.orbit.chrome import CHROME as ORBIT
    from engine.runmap.chrome import CHROME as RUNMAP
    from engine.template.chrome import CHROME as TEMPLATE
    from engine.ternar.chrome import CHROME as TERNAR

    with glue_modules(("orbit.strings", "runmap.strings", "ternar.strings", "template.app")) as m:
        tables = {
            "orbit": m["orbit.strings"].TABLES,
            "runmap": m["runmap.strings"].TABLES,
            "ternar": m["ternar.strings"].TABLES,
            "template": m["template.app"].TABLES,
        }
    keys = {
        "orbit": [k for s in ORBIT.help for k in (s.title, s.body)] + ["players", "win", "draw", "game_over"],
        "runmap": [str(v) for v in RUNMAP.field("preset").choices]
        + ["preset", "players", "victory", "defeat"],
        "ternar": [f"mode_{v}" for v in TERNAR.field("mode").choices]
        + [f"mode_desc_{v}" for v in TERNAR.field("mode").choices]
        + ["final_score", "reason_no_matches", "reason_window_lock", "reason_full_lock"],
        "template": [k for s in TEMPLATE.help for k in (s.title, s.body)] + ["won", "star", "par", "over"],
    }
    assert len(ORBIT.help) == 6 and ORBIT.field("players").choices == (2, 3, 4)
    for game, need in keys.items():
        for lang in ("en", "ru"):
            missing = [k for k in need if k not in tables[game][lang]]
            assert not missing, (game, lang, missing)
