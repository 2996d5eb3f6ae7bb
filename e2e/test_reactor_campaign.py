"""Every campaign level (the engine's campaign order) won through the page's
keyboard at phone size, one after another through the win screen's Next button: each ends Won with
the state hash of the same actions in CPython, the win screen shows the stars, and the progress
(completed + three stars each) is saved and shown on the level list after a reload."""

from __future__ import annotations

import json
import time
from typing import Any

from e2e.util import open_game, state_hash
from engine.core.session import Session
from engine.reactor import GAME
from engine.reactor.campaign import entries

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


def info(page: Any) -> dict[str, Any]:
    return json.loads(page.evaluate("() => window.gridworks.reactorInfo()"))


def click(page: Any, bid: str) -> None:
    pos = json.loads(page.evaluate(f"() => window.gridworks.buttonCenter({json.dumps(bid)})"))
    assert pos is not None, f"button {bid} is not on screen"
    page.mouse.click(pos[0], pos[1])


def campaign() -> list[tuple[str, str, list[str]]]:
    """(page key, engine level option, solution) in campaign order."""
    return [(e.key, e.name, list(e.solution)) for e in entries()]


def cpython_hash(level: str, moves: list[str]) -> str:
    s = Session(GAME, 0, {"level": level})
    for m in moves:
        s.play_text(m)
    return s.state_hash()


def test_every_campaign_level_wins_through_the_keyboard(page: Any, site: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site, "reactor")
    levels = campaign()
    assert len(levels) >= 20
    click(page, f"level:{levels[0][0]}")
    page.wait_for_function("() => JSON.parse(window.gridworks.reactorInfo()).screen == 'play'")
    click(page, "cascade")  # full -> fast: every pulse still plays its cascade, shorter
    page.wait_for_function("() => JSON.parse(window.gridworks.reactorInfo()).cascade_mode == 'fast'")
    t0 = time.perf_counter()
    for k, (key, level, moves) in enumerate(levels):
        assert info(page)["key"] == key
        for m in moves:
            page.keyboard.press(KEYS[m])
        page.wait_for_function(
            "(n) => { const i = JSON.parse(window.gridworks.reactorInfo());"
            " return i.moves.length == n && i.cascade === null; }",
            arg=len(moves),
            timeout=20_000,
        )
        i = info(page)
        assert i["moves"] == moves, key
        assert i["level_state"] == "Won", (key, i["message"])
        assert state_hash(page) == cpython_hash(level, moves), key
        ids = {b["id"] for b in json.loads(page.evaluate("() => window.gridworks.buttons()"))}
        assert "levels" in ids and ("next" in ids) == (k + 1 < len(levels)), (key, ids)
        if k + 1 < len(levels):
            click(page, "next")
            page.wait_for_function(
                "(key) => JSON.parse(window.gridworks.reactorInfo()).key == key", arg=levels[k + 1][0]
            )
    print(f"{len(levels)} levels won in {time.perf_counter() - t0:.1f} s")
    click(page, "restart")  # a won level forecasts nothing: time the refresh on a live one
    page.wait_for_function("() => JSON.parse(window.gridworks.reactorInfo()).moves.length == 0")
    bench = json.loads(page.evaluate("() => window.gridworks.reactorBench('forecast', 9)"))
    assert bench["kind"] == "forecast" and bench["n"] == 9 and bench["median"] > 0
    print(f"forecast refresh in the browser on {bench['level']}: median {bench['median']} ms")
    done = info(page)["completed"]
    assert [key for key, _, _ in levels] == done
    stars = json.loads(page.evaluate("() => localStorage.getItem('gridworks:reactor:progress')"))["data"][
        "stars"
    ]
    assert stars == {key: 3 for key, _, _ in levels}  # the committed solutions play at par
    # the progress survives a reload and the level list shows it
    page.reload()
    page.wait_for_function("() => window.gridworks && window.gridworks.ready", timeout=120_000)
    click(page, "levels")
    page.wait_for_function("() => JSON.parse(window.gridworks.reactorInfo()).screen == 'menu'")
    assert info(page)["completed"] == done
