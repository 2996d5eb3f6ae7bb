"""Two tabs of one browser (two pages of one context, one localStorage) for every game (issue #25).

Each test opens a stale tab B first, then tab A; A earns progress (stars, a best, a completed level)
through the game; then B acts on its stale view (starts a level, ends a game). The stored record
must still hold A's stars and bests (stores merge at write time: ``www/shared/merge.py``), and B's
view takes them in. Where a game keeps a game in progress, B writing over A's is detected: B asks
(``storageInfo().conflict``), A's stored game is untouched until the player chooses, "Keep playing
here" stores B's game and makes A ask in turn, "Load the other tab's game" reloads A with B's game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from e2e.util import state_hash, wait_ready

ROOT = Path(__file__).resolve().parent.parent


def storage_info(page: Any) -> dict[str, Any]:
    return json.loads(page.evaluate("() => window.gridworks.storageInfo()"))


def stored(page: Any, key: str) -> Any:
    """The ``data`` of ``gridworks:<key>`` as stored now (None if absent)."""
    raw = page.evaluate("(k) => localStorage.getItem(k)", f"gridworks:{key}")
    return None if raw is None else json.loads(raw)["data"]


def click(page: Any, bid: str) -> None:
    """Click canvas button ``bid`` (its tab brought to the front: a hidden tab draws no frames)."""
    page.bring_to_front()
    page.wait_for_function(
        f"() => window.gridworks.buttonCenter({json.dumps(bid)}) !== 'null'", timeout=10_000
    )
    pos = json.loads(page.evaluate(f"() => window.gridworks.buttonCenter({json.dumps(bid)})"))
    assert pos is not None, f"button {bid} is not on screen"
    page.mouse.click(pos[0], pos[1])


def wait_conflict(page: Any, open_: bool = True) -> None:
    page.wait_for_function(
        f"() => JSON.parse(window.gridworks.storageInfo()).conflict === {str(open_).lower()}", timeout=10_000
    )


def two_tabs(context: Any, site: str, path: str, path_a: str | None = None) -> tuple[Any, Any]:
    """Tab B opened first (it will be stale), then tab A (at ``path_a`` if given), both ready."""
    b = context.new_page()
    b.goto(f"{site}{path}")
    wait_ready(b)
    # alone, it is a normal tab: persistent storage, no conflict, nothing held
    assert storage_info(b) == {"status": "ok", "conflict": False, "conflicts": 0, "held": []}
    a = context.new_page()
    a.goto(f"{site}{path_a or path}")
    wait_ready(a)
    return a, b


def take_over_in_b_then_a_loads_it(a: Any, b: Any, site: str, path: str, key: str) -> None:
    """B keeps its game (stored now), A is asked in turn and loads B's game by reloading."""
    click(b, "gw-tab:here")
    wait_conflict(b, False)
    assert stored(b, key) is not None
    wait_conflict(a)  # the storage event told A at once
    b_hash = state_hash(b)
    a.bring_to_front()
    with a.expect_navigation():
        a.keyboard.press("KeyL")  # "Load the other tab's game" by key
    wait_ready(a)
    assert state_hash(a) == b_hash and not storage_info(a)["conflict"]


# -- Floodline: stars ---------------------------------------------------------------------------------


def floodline_info(page: Any) -> dict[str, Any]:
    return json.loads(page.evaluate("() => window.gridworks.floodlineInfo()"))


def test_floodline_two_tabs_keep_the_stars(context: Any, site: str) -> None:
    a, b = two_tabs(context, site, "floodline/")
    sol = json.loads((ROOT / "tools/floodline/solutions/lv01.json").read_text())
    a.evaluate("() => window.gridworks.floodlineStart(1)")
    a.evaluate("(m) => window.gridworks.floodlineFeed(m)", sol["inputs"])
    a.wait_for_function("() => JSON.parse(window.gridworks.floodlineInfo()).outcome === 'WON'")
    a.wait_for_function(
        "() => ((JSON.parse(localStorage.getItem('gridworks:floodline:progress') || '{}').data || {}).stars || {}).lv01 > 0"
    )
    earned = stored(a, "floodline:progress")["stars"]["lv01"]
    assert stored(a, "floodline:progress")["stars"] == {"lv01": earned}
    # B's menu took A's stars in (the storage event), before B does anything
    b.wait_for_function(
        "(n) => JSON.parse(window.gridworks.floodlineInfo()).progress.stars.lv01 === n", arg=earned
    )
    # stale B merely starts a level (its progress record is written)
    b.evaluate("() => window.gridworks.floodlineStart(2)")
    b.wait_for_function("() => JSON.parse(window.gridworks.floodlineInfo()).screen === 'play'")
    assert stored(b, "floodline:progress")["stars"] == {"lv01": earned}
    assert stored(b, "floodline:progress")["last"] == 2  # B's own choice is kept too
    assert stored(b, "floodline:scores")["stars"] == {"lv01": earned}
    assert not storage_info(b)["conflict"] and not storage_info(a)["conflict"]  # no game in progress kept


# -- Ternar: Best and the game in progress --------------------------------------------------------------


def ternar_best(page: Any) -> int:
    return int(stored(page, "ternar:profile")["best_classic"])


def test_ternar_two_tabs_keep_best_and_ask_before_replacing_a_game(context: Any, site: str) -> None:
    a, b = two_tabs(context, site, "ternar/?test=1")
    a.evaluate("() => window.gridworks.autoplay(12)")
    a_game = stored(a, "ternar:game")
    score = int(json.loads(a.evaluate("() => window.gridworks.ternarInfo()"))["score"])
    a.evaluate("() => window.gridworks.newGame(11, 'classic')")  # A's session ends: its Best is stored
    best = ternar_best(a)
    assert best == score > 0
    a_game = stored(a, "ternar:game")
    # stale B plays one turn: its save would replace A's new game -> B asks, A's game stays
    b.evaluate("() => window.gridworks.autoplay(1)")
    wait_conflict(b)
    assert stored(b, "ternar:game") == a_game
    assert storage_info(b)["conflicts"] == 1
    # B ends its (short) session: the stored Best stays A's
    b.evaluate("() => window.gridworks.newGame(12, 'classic')")
    assert ternar_best(b) == best
    assert max(stored(b, "ternar:scores")["best"].values()) == best
    take_over_in_b_then_a_loads_it(a, b, site, "ternar/?test=1", "ternar:game")


# -- Reactor: completed levels, stars and the game in progress -------------------------------------------


def reactor_info(page: Any) -> dict[str, Any]:
    return json.loads(page.evaluate("() => window.gridworks.reactorInfo()"))


KEYS = {
    "move n": "ArrowUp",
    "move s": "ArrowDown",
    "move e": "ArrowRight",
    "move w": "ArrowLeft",
    "interact": "KeyE",
    "activate": "KeyX",
    "repair": "KeyR",
    "remedy fuel": "Digit1",
    "remedy coolant": "Digit2",
    "remedy electricity": "Digit3",
    "shield": "KeyH",
}


def test_reactor_two_tabs_keep_stars_and_ask_before_replacing_a_game(context: Any, site: str) -> None:
    from engine.reactor.campaign import entries

    first, second = list(entries())[:2]
    a, b = two_tabs(context, site, "reactor/")
    click(a, f"level:{first.key}")
    a.wait_for_function("() => JSON.parse(window.gridworks.reactorInfo()).screen == 'play'")
    a.evaluate("() => window.gridworks.cascadeMode('off')")
    for m in first.solution:
        a.keyboard.press(KEYS[m])
    a.wait_for_function(
        "(n) => { const i = JSON.parse(window.gridworks.reactorInfo()); return i.moves.length == n && i.cascade === null; }",
        arg=len(first.solution),
        timeout=30_000,
    )
    assert reactor_info(a)["level_state"] == "Won"
    won = stored(a, "reactor:progress")
    assert first.key in won["completed"] and won["stars"][first.key] >= 1
    # A starts the next level: a game in progress
    click(a, "next")
    a.wait_for_function(f"() => JSON.parse(window.gridworks.reactorInfo()).key == {json.dumps(second.key)}")
    a.keyboard.press(KEYS[second.solution[0]])
    a.wait_for_function("() => JSON.parse(window.gridworks.reactorInfo()).moves.length == 1", timeout=20_000)
    a_game = stored(a, "reactor:game")
    assert a_game is not None
    # stale B starts the first level: its progress and launcher card are written, its game is not
    click(b, f"level:{first.key}")
    wait_conflict(b)
    assert stored(b, "reactor:game") == a_game
    assert stored(b, "reactor:progress") == won
    assert stored(b, "reactor:scores")["stars"] == won["stars"]
    assert first.key in reactor_info(b)["completed"]  # B's level list took in A's win
    take_over_in_b_then_a_loads_it(a, b, site, "reactor/", "reactor:game")


# -- Orbit: the game in progress --------------------------------------------------------------------


def test_orbit_two_tabs_ask_before_replacing_a_game(context: Any, site: str) -> None:
    a, b = two_tabs(context, site, "orbit/")
    click(a, "preset:hotseat")
    click(a, "start")
    a.wait_for_function("() => localStorage.getItem('gridworks:orbit:game') !== null")
    a_game = stored(a, "orbit:game")
    scores = stored(a, "orbit:scores")
    click(b, "preset:hotseat")
    click(b, "start")
    wait_conflict(b)
    assert stored(b, "orbit:game") == a_game
    assert stored(b, "orbit:scores")["best"] == scores["best"]
    take_over_in_b_then_a_loads_it(a, b, site, "orbit/", "orbit:game")


# -- Run Map: the run in progress ----------------------------------------------------------------------
# (Run Map's best is recorded when a run ends; a run is not played to its end here: the stored best's
# merge is the shared ``scores`` merge the other games exercise above and tests/core/test_web_merge.py)


def test_runmap_two_tabs_ask_before_replacing_a_run(context: Any, site: str) -> None:
    a, b = two_tabs(context, site, "runmap/", "runmap/#seed=4243&preset=slice&players=1")
    a.wait_for_function("() => localStorage.getItem('gridworks:runmap:run') !== null")
    a_run = stored(a, "runmap:run")
    assert a_run["seed"] == 4243
    # stale B starts a run from its menu: its run would replace A's
    click(b, "start")
    wait_conflict(b)
    assert stored(b, "runmap:run") == a_run
    take_over_in_b_then_a_loads_it(a, b, site, "runmap/", "runmap:run")
