"""Reactor by keyboard only (issue 14): Tab walks a visible focus ring over the level list, Enter
starts the first campaign level, the robot and every action play from the keys, the level is won
(same state hash as CPython), the win box's buttons are reached with Tab and pressed with Enter;
the hint and help open and close from the keyboard. No mouse event is sent."""

from __future__ import annotations

import json
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


def frames(page: Any, n: int = 2) -> None:
    """Return after ``n`` animation frames: the page reads queued keys in its frame loop, so two
    frames after a key it has handled it, however loaded the machine is (no fixed wait)."""
    page.evaluate(
        "(n) => new Promise(r => { const f = k => k ? requestAnimationFrame(() => f(k - 1)) : r(); f(n); })",
        n,
    )


def has_button(page: Any, bid: str, present: bool = True) -> None:
    """Wait until button ``bid`` is (or is no longer) on screen."""
    page.wait_for_function(
        "([b, p]) => JSON.parse(window.gridworks.buttons()).some(x => x.id == b) == p", arg=[bid, present]
    )


def info(page: Any) -> dict[str, Any]:
    return json.loads(page.evaluate("() => window.gridworks.reactorInfo()"))


def ring_drawn(page: Any) -> bool:
    """The focused button is on screen this frame (the ring is drawn around it)."""
    fid = info(page)["focus"]
    ids = {b["id"] for b in json.loads(page.evaluate("() => window.gridworks.buttons()"))}
    return fid is not None and fid in ids


def tab_to(page: Any, bid: str, limit: int = 80) -> None:
    for _ in range(limit):
        if info(page)["focus"] == bid:
            return
        page.keyboard.press("Tab")
        frames(page)
    raise AssertionError(f"Tab never reached {bid} (focus {info(page)['focus']})")


def test_first_campaign_level_won_with_the_keyboard_only(page: Any, site: str) -> None:
    open_game(page, site, "reactor")
    first = entries()[0]
    assert info(page)["screen"] == "menu"
    page.keyboard.press("Tab")
    frames(page)
    assert info(page)["focus"] == f"level:{first.key}"  # the first card first
    assert ring_drawn(page)
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    frames(page)
    assert info(page)["focus"] == f"level:{first.key}"
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(key) => { const i = JSON.parse(window.gridworks.reactorInfo()); return i.screen == 'play' && i.key == key; }",
        arg=first.key,
    )
    # help opens from its button and closes with Escape
    tab_to(page, "help")
    page.keyboard.press("Enter")
    has_button(page, "closehelp")
    page.keyboard.press("Escape")
    has_button(page, "closehelp", present=False)
    # the hint from its panel button
    tab_to(page, "hint")
    page.keyboard.press("Enter")
    frames(page)
    # the first arrow drops the ring and moves the robot; the solution plays from the keys
    moves = list(first.solution)
    for m in moves:
        page.keyboard.press(KEYS[m])
    page.wait_for_function(
        "(n) => { const i = JSON.parse(window.gridworks.reactorInfo()); return i.moves.length == n && i.cascade === null; }",
        arg=len(moves),
        timeout=20_000,
    )
    i = info(page)
    assert i["focus"] is None and i["moves"] == moves and i["level_state"] == "Won", i["message"]
    s = Session(GAME, 0, {"level": first.name})
    for m in moves:
        s.play_text(m)
    assert state_hash(page) == s.state_hash()
    # the win box: Tab to "next" and press it with Space
    tab_to(page, "next")
    assert ring_drawn(page)
    page.keyboard.press("Space")
    second = entries()[1]
    page.wait_for_function(
        "(key) => JSON.parse(window.gridworks.reactorInfo()).key == key", arg=second.key, timeout=10_000
    )
    # back to the level list from the keyboard and the first card shows it was won
    page.keyboard.press("Escape")
    page.wait_for_function("() => JSON.parse(window.gridworks.reactorInfo()).screen == 'menu'")
    assert first.key in info(page)["completed"]
    # progress is stored in the engine's format 2: the best pulses with the stars (#27)
    assert info(page)["best"] == {first.key: first.par}
    rec = json.loads(page.evaluate("() => localStorage.getItem('gridworks:reactor:progress')"))
    assert rec["v"] == 2 and rec["data"]["best"][first.key]["pulses"] == first.par
    # the shared top bar's way home, and its key (#24/#25)
    ids = {b["id"] for b in json.loads(page.evaluate("() => window.gridworks.buttons()"))}
    assert "home" in ids
    page.keyboard.press("Backquote")
    page.wait_for_url(lambda url: url.split("#")[0].split("?")[0] in (site, site + "index.html"))
