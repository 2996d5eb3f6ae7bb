"""Run Map page: boots and draws; a seed typed on the canvas keypad and a seed in the link give the
CPython engine's state hash; a slice run played to the boss with real clicks and keys gives the same
hash as the same moves in CPython; a reload restores the run. (Co-op: ``test_runmap_coop.py`` between
tabs, ``test_runmap_devices.py`` between devices; this file keeps the helpers they share.)"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from e2e.util import canvas_has_pixels, open_game, save_json, state_hash, wait_ready
from engine.core.session import Session
from engine.runmap import GAME, migrate_save
from engine.runmap.config import RULES_VERSION
from engine.runmap.game import read_intents

# A save written before rules 2 (as in tests/runmap/test_runmap_session.py): no "rules" option.
OLD_SAVE = (
    '{"game": "runmap", "version": 1, "seed": 4242, "options": {"preset": "full", "players": 2}, '
    '"moves": ["p1 join", "p0 attack", "p0 select 1", "p0 attack", "p0 select 2", "p0 attack", '
    '"p0 attack", "p0 attack", "p0 select 3", "p0 select 4"]}'
)


def info(page: Any) -> dict:
    return json.loads(page.evaluate("() => window.gridworks.runInfo()"))


def drawn(page: Any, hook: str, timeout: int = 10_000) -> Any:
    """The JSON value of ``window.gridworks.<hook>`` once it is not null: a click draws its result
    on the next frame, so a button (or node) is waited for, not read at once (a loaded machine
    may take a while to draw that frame); None if it never appears."""
    try:
        page.wait_for_function(
            f"() => {{ const v = window.gridworks.{hook}; return !!v && v !== 'null'; }}", timeout=timeout
        )
    except Exception:  # noqa: BLE001 - the caller's assertion names what is missing
        return None
    return json.loads(page.evaluate(f"() => window.gridworks.{hook}"))


def settle(page: Any, frames: int = 2) -> None:
    """Return once the page has handled queued input: after ``frames`` animation frames (the frame
    loop reads clicks and keys), or, on a hidden page (no animation frames), after one task."""
    page.evaluate(
        """(n) => new Promise(r => {
            if (document.hidden) { setTimeout(r, 0); return; }
            const f = k => k ? requestAnimationFrame(() => f(k - 1)) : r();
            f(n);
        })""",
        frames,
    )


def click_button(page: Any, bid: str, navigates: bool = False) -> None:
    """Click a drawn button and wait two frames (the frame loop handles the click), unless the
    click leaves the page (``navigates``: the caller waits for the new page instead)."""
    xy = drawn(page, f"buttonCenter({json.dumps(bid)})")
    assert xy is not None, f"no button {bid!r} on screen"
    page.mouse.click(xy[0], xy[1])
    if not navigates:
        settle(page)


def click_node(page: Any, index: int) -> None:
    xy = drawn(page, f"nodeXY({index})")
    assert xy is not None, f"no node {index} on screen"
    x, y = xy
    page.mouse.move(x, y)
    page.mouse.click(x, y)
    settle(page)  # the frame loop handles the click


def wait_info(page: Any, cond: str, timeout: int = 15_000) -> dict:
    page.wait_for_function(
        f"() => {{ const i = JSON.parse(window.gridworks.runInfo()); return {cond}; }}", timeout=timeout
    )
    return info(page)


def type_seed(page: Any, digits: str) -> None:
    click_button(page, "keypad")
    for d in digits:
        click_button(page, f"kp:{d}")
    click_button(page, "kp:ok")


def test_runmap_boots_draws_and_menu_seeds_match_cpython(page: Any, site: str) -> None:
    open_game(page, site, "runmap")
    assert canvas_has_pixels(page)
    assert info(page)["screen"] == "menu"
    # slice, party of 2, a seed typed on the canvas keypad (and one digit fixed with the keyboard)
    click_button(page, "keypad")
    for d in "90210":
        click_button(page, f"kp:{d}")
    page.keyboard.press("Backspace")
    page.keyboard.press("7")
    click_button(page, "kp:ok")
    click_button(page, "players:2")
    click_button(page, "start")
    st = wait_info(page, "i.screen === 'run'")
    assert st["phase"] == "combat" and st["current"] == 0  # layer 0 is auto-selected
    assert canvas_has_pixels(page, min_colors=8)
    assert state_hash(page) == Session(GAME, 90217, {"preset": "slice", "players": 2}).state_hash()
    assert "seed=90217" in page.url
    # back to the menu: the full run, party of 3 (its map ends in the Kraken / RNG Portal choice)
    click_button(page, "menu")
    click_button(page, "preset:full")
    click_button(page, "players:3")
    type_seed(page, "777")
    click_button(page, "start")
    wait_info(page, "i.screen === 'run' && i.moves === 0")
    expected = Session(GAME, 777, {"preset": "full", "players": 3})
    assert state_hash(page) == expected.state_hash()
    assert "seed=777&preset=full&players=3" in page.url
    assert json.loads(page.evaluate("() => window.gridworks.saveJson()"))["options"]["rules"] == RULES_VERSION
    # a run saved before rules 2 (no "rules" option) is restored with the old generator
    page.evaluate(
        "(raw) => localStorage.setItem('gridworks:runmap:run', JSON.stringify({v: 1, data: JSON.parse(raw)}))",
        OLD_SAVE,
    )
    page.goto(f"{site}runmap/")
    page.reload()
    wait_ready(page)
    assert info(page)["screen"] == "run"
    assert state_hash(page) == Session.load(GAME, migrate_save(OLD_SAVE)).state_hash()


FIGHT_KEY = {"attack": "1", "block": "2", "skill": "3", "item": "4"}


def legend_click_only_closes_the_legend(page: Any, node: int, moves: int) -> None:
    """Phone layout: the click that closes the legend overlay does not also pick the node under it."""
    size = page.viewport_size
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => window.gridworks.buttonCenter('legend') !== 'null'", timeout=5_000)
    click_button(page, "legend")
    click_node(page, node)
    settle(page, 4)  # a pick would have been played by now
    assert info(page)["moves"] == moves  # closed the legend only
    assert page.evaluate("() => window.gridworks.buttonCenter('legend')") != "null"
    page.set_viewport_size(size)
    page.wait_for_function("() => window.gridworks.buttonCenter('legend') === 'null'", timeout=5_000)


def test_runmap_slice_run_by_clicks_and_keys_matches_cpython_and_reload(page: Any, site: str) -> None:
    seed = (
        6  # rules 6: played as below (fights by reading intents), every route of this seed reaches the boss
    )
    page.goto(f"{site}runmap/#seed={seed}&preset=slice&players=1")
    wait_ready(page)
    ref = Session(GAME, seed, {"preset": "slice", "players": 1})
    assert state_hash(page) == ref.state_hash()
    by_click = True
    reloaded = False
    for _ in range(200):
        st = info(page)
        if st["phase"] == "over":
            break
        if st["card"]:
            page.keyboard.press("Enter")
            wait_info(page, "!i.card")  # a second Enter would select a node
            continue
        if st["intro"]:  # a new run shows its map first
            assert st["phase"] == "combat" and ref.moves == []
            page.keyboard.press("Enter")
            wait_info(page, "!i.intro")
            continue
        if st["phase"] == "combat":
            action = read_intents(ref.state, 0)
            page.keyboard.press(FIGHT_KEY[action])
            ref.play_text(f"p0 {action}")
        elif st["phase"] == "rest":
            page.keyboard.press("1")
            ref.play_text("p0 choose rest")
        elif st["phase"] == "shop":
            page.keyboard.press("Escape")
            ref.play_text("p0 leave")
        elif st["phase"] == "shrine":
            page.keyboard.press("2")
            ref.play_text("p0 choose upgrade")
        else:
            avail = st["available"]
            if by_click:
                target = avail[-1]
                click_node(page, target)
            else:  # keyboard: move the focus right once, then Enter
                order = sorted(avail, key=lambda i: (ref.state.layout.nodes[i].position.x, i))
                k = order.index(st["focus"]) if st["focus"] in order else 0
                target = order[(k + 1) % len(order)]
                page.keyboard.press("ArrowRight")
                page.keyboard.press("Enter")
            by_click = not by_click
            ref.play_text(f"p0 select {target}")
        page.wait_for_function(
            f"() => JSON.parse(window.gridworks.runInfo()).moves === {len(ref.moves)}", timeout=10_000
        )
        assert state_hash(page) == ref.state_hash(), f"diverged after {ref.moves[-1:]}"
        if not reloaded and len(ref.state.path) >= 4 and ref.state.phase.value == "map":
            page.reload()  # the run is restored from localStorage
            wait_ready(page)
            reloaded = True
            assert state_hash(page) == ref.state_hash()
            assert info(page)["screen"] == "run"
            legend_click_only_closes_the_legend(page, info(page)["available"][0], len(ref.moves))
    st = info(page)
    assert st["phase"] == "over", st
    assert reloaded
    assert ref.state.layout.nodes[ref.state.path[-1]].node_type.value == "BOSS"  # the run reached the boss
    assert save_json(page)["moves"] == [GAME.format_move(m) for m in ref.moves]


# GW_CHROME_REPEAT=3 runs it three times in a row
@pytest.mark.parametrize("attempt", range(int(os.environ.get("GW_CHROME_REPEAT", "1"))))
def test_runmap_home_in_the_top_bar_of_menu_and_run(page: Any, site: str, attempt: int) -> None:
    """#25: the shared top bar's ``home`` is on the menu and in a run, and opens the launcher."""
    open_game(page, site, "runmap")
    assert page.evaluate("() => window.gridworks.buttonCenter('home')") != "null"
    click_button(page, "start")
    page.wait_for_function("() => JSON.parse(window.gridworks.runInfo()).screen === 'run'")
    assert page.evaluate("() => window.gridworks.buttonCenter('home')") != "null"
    click_button(page, "home", navigates=True)
    page.wait_for_url(lambda url: url.split("#")[0].split("?")[0] in (site, site + "index.html"))
