"""The Floodline page on the shared chrome (issue #24): the level grid says why a level is open and how
many lost runs are left before the next one opens (the engine's skip rule, asked of ``unlocked``, at
SKIP_AFTER_LOSSES - 1, = and + 1), the top bar's way home (none inside a blog post), the help overlay
opened with H and closed with Escape without pausing or dropping, and the results and pause cards."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.floodline.campaign import COUNT, SKIP_AFTER_LOSSES, Progress
from tests.gwstub import glue_modules, stub_gfx

MODS = (
    "floodline.campaign",
    "floodline.menu",
    "floodline.cards",
    "floodline.controls",
    "floodline.ui",
    "floodline.strings",
    "shared.canvas",
    "shared.input",
)


@pytest.fixture(scope="module")
def m() -> Iterator[dict[str, Any]]:
    with glue_modules(MODS) as mods:
        yield mods


def tr(m: dict[str, Any]) -> Any:
    table = m["floodline.strings"].TABLES["en"]
    return lambda key, **f: table.get(key, key).format(**f) if f else table.get(key, key)


def gfx(m: dict[str, Any], w: float, h: float) -> Any:
    return stub_gfx(m["shared.canvas"], w, h)


def ui_for(m: dict[str, Any], p: Progress) -> Any:
    return m["floodline.ui"].Ui(p, rebinder=None)


def lost(k: int) -> Progress:
    """Level 1 won, level 2 lost ``k`` times (level 3 is the one that opens next)."""
    return Progress(stars={"lv01": 2}, losses={"lv02": k} if k else {})


@pytest.mark.parametrize("k", [SKIP_AFTER_LOSSES - 1, SKIP_AFTER_LOSSES, SKIP_AFTER_LOSSES + 1])
def test_the_grid_says_how_a_level_opens_at_the_skip_boundary(m: dict[str, Any], k: int) -> None:
    camp, menu = m["floodline.campaign"], m["floodline.menu"]
    t = tr(m)
    p = lost(k)
    assert camp.opened_by(p, 1) == "first" and camp.opened_by(p, 2) == "won"
    if k < SKIP_AFTER_LOSSES:
        left = SKIP_AFTER_LOSSES - k
        assert camp.opened_by(p, 3) == "locked" and camp.losses_to_open(p, 3) == left
        assert menu.marks(t, p)["lv03"] == f"✕{left}"
        assert f"after {left} more lost run" in menu.unlock_line(t, p, 3) or "1 more lost run" in (
            menu.unlock_line(t, p, 3)
        )
        assert menu.frontier(p) == 3
    else:
        assert camp.opened_by(p, 3) == "losses" and camp.losses_to_open(p, 3) == 0
        assert menu.unlock_line(t, p, 3) == f"Open: level 2 was lost {k}× — win it for its stars"
        assert menu.marks(t, p)["lv03"] == "☆☆☆" and menu.frontier(p) == 4
    assert menu.marks(t, p)["lv01"] == "★★☆"
    assert camp.losses_to_open(p, 2) == 0


@pytest.mark.parametrize("size", [(1000, 720), (390, 844)])
def test_the_level_select_is_the_shared_grid_and_bar(m: dict[str, Any], size: tuple[int, int]) -> None:
    menu = m["floodline.menu"]
    g = gfx(m, *size)
    ui = ui_for(m, lost(1))
    menu.draw(g, tr(m), ui, muted=False, home=True)
    ids = [r.id for r in g.regions]
    assert {"home", "help", "lang", "mute", "play", "endless", "import"} <= set(ids)
    assert [i for i in ids if i.startswith("level:")] == ["level:lv01", "level:lv02"]  # locked: no button
    assert len(ui.grid) == COUNT  # every cell laid out for hover, locked ones too
    assert all(r.x >= 0 and r.y >= 0 and r.x + r.w <= size[0] and r.y + r.h <= size[1] for r in g.regions)
    n, x, y, w, h = ui.grid[2]
    assert n == 3 and menu.level_at(ui.grid, x + w / 2, y + h / 2) == 3
    assert menu.level_number("level:lv17") == 17 and menu.level_number("play") == 0


def test_inside_a_blog_post_there_is_no_way_home(m: dict[str, Any]) -> None:
    g = gfx(m, 1000, 720)
    m["floodline.menu"].draw(g, tr(m), ui_for(m, Progress()), muted=True, home=False)
    assert "home" not in [r.id for r in g.regions]


def key(m: dict[str, Any], name: str, down: bool = True) -> Any:
    return m["shared.input"].Event(kind="key", name=name, down=down)


def test_h_opens_help_escape_closes_it_and_backquote_goes_home(m: dict[str, Any]) -> None:
    ctl = m["floodline.controls"]
    ui = ui_for(m, Progress())
    assert ctl.interpret_event(ui, None, key(m, "KeyH")) is None
    assert ui.requests == [("button", "help")]
    ui.requests.clear()
    ui.help.show()
    ctl.interpret_event(ui, None, key(m, "ArrowRight"))
    assert ui.help.page == 1 and ui.requests == [("consume", "ArrowRight")]  # not a move on the board
    ui.requests.clear()
    ctl.interpret_event(ui, None, key(m, "Escape"))
    assert not ui.help.open and ui.requests == [("consume", "Escape")]  # its "pause" action is swallowed
    ui.requests.clear()
    ctl.interpret_event(ui, None, key(m, "Backquote"))
    assert ui.requests == [("button", "home")]


def test_results_and_pause_cards_carry_their_buttons(m: dict[str, Any]) -> None:
    cards = m["floodline.cards"]
    t = tr(m)
    g = gfx(m, 390, 844)
    won = {"status": "WON", "reason": "OBJECTIVES_MET", "stars": 2, "score": 120}
    cards.results(g, t, won, 3, True, None, ["★3 missed: height 8 (you: 6)"])
    assert [r.id for r in g.regions] == ["next", "restart", "levels"]
    g = gfx(m, 390, 844)
    cards.results(g, t, {**won, "status": "LOST", "stars": 0}, 3, True, None)
    assert [r.id for r in g.regions] == ["restart", "levels"]  # no Next after a loss
    g = gfx(m, 1000, 720)
    cards.pause(g, t, "keys", "tip")
    assert [r.id for r in g.regions] == ["resume", "restart", "levels", "help"]
    g = gfx(m, 1000, 720)
    st = m["floodline.ui"].HelpState()
    st.show(1)
    cards.help_page(g, t, st, {"Space": "hard", "KeyA": "left"}, "en", "NE")
    assert [r.id for r in g.regions] == ["help:prev", "help:close", "help:next"]
