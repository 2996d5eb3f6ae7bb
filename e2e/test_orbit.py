"""Orbit Simulator page: boots and draws; hot-seat turns made with real clicks and keys give the same
state as the same plans through the engine in CPython; a computer seat moves (the same plan CPython's
AI picks); a reload restores the game."""

from __future__ import annotations

import json
from typing import Any

from e2e.util import canvas_has_pixels, open_game, save_json, state_hash
from engine.core.session import Session
from engine.orbit.ai import choose_plan
from engine.orbit.game import GAME


def info(page: Any) -> dict:
    return json.loads(page.evaluate("() => window.gridworks.orbitInfo()"))


def click(page: Any, button: str) -> None:
    """Click the centre of a canvas button, found by id in the last drawn frame."""
    regions = json.loads(page.evaluate("() => window.gridworks.buttons()"))
    hits = [r for r in regions if r["id"] == button]
    assert hits, f"no button {button!r} on screen: {[r['id'] for r in regions]}"
    r = hits[-1]
    page.mouse.click(r["x"] + r["w"] / 2, r["y"] + r["h"] / 2)
    page.wait_for_timeout(60)


def settle(page: Any, turns: int, timeout: int = 30_000) -> dict:
    """Wait until ``turns`` turns are played and no animation or computer turn is running."""
    page.wait_for_function(
        "(n) => { const s = JSON.parse(window.gridworks.orbitInfo());"
        " return s.turns === n && !s.busy && (s.covered || s.planning || s.over); }",
        arg=turns,
        timeout=timeout,
    )
    return info(page)


def uncover(page: Any, turns: int) -> dict:
    """After ``turns`` turns, pass the device if asked; the page must then be planning."""
    st = settle(page, turns)
    if st["covered"]:
        click(page, "cover")
        st = info(page)
    assert st["planning"], st
    return st


def replay_cpython(save: dict, plans: list[str] | None = None) -> Session:
    sess = Session(GAME, save["session"]["seed"], save["session"]["options"])
    for text in plans if plans is not None else save["session"]["moves"]:
        sess.play_text(text)
    return sess


def test_boots_and_hotseat_clicks_and_keys_match_engine(page, site):
    open_game(page, site, "orbit")
    assert canvas_has_pixels(page)
    st = info(page)
    assert st["mode"] == "menu" and st["turns"] == 0
    click(page, "preset:hotseat")
    click(page, "start")
    # Ship 1, with the mouse: one unit into the engines, a light burn, Execute.
    assert uncover(page, 0)["active"] == 0
    assert canvas_has_pixels(page, min_colors=6)
    click(page, "sub:+:eng")
    click(page, "burn:light")
    click(page, "exec")
    # Ship 2, with the keyboard: select engines, two units, cycle to a light burn, Enter.
    assert uncover(page, 1)["active"] == 1
    page.keyboard.press("Digit1")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("KeyB")
    page.keyboard.press("Enter")
    # Ship 1 again (arrived on its new ring): coast.
    assert uncover(page, 2)["active"] == 0
    page.keyboard.press("Enter")
    settle(page, 3)
    save = save_json(page)
    plans = ["eng=1 burn=light", "eng=2 burn=light", "coast"]
    assert save["session"]["moves"] == plans
    assert state_hash(page) == replay_cpython(save, plans).state_hash()
    # Undo takes back the last turn, in the page and in the engine alike.
    click(page, "undo")
    settle(page, 2)
    assert state_hash(page) == replay_cpython(save, plans[:2]).state_hash()


def test_vs_computer_moves_and_reload_restores(page, site):
    open_game(page, site, "orbit")
    click(page, "preset:ai")
    click(page, "diff")  # tactical -> random: the quickest computer seat
    assert info(page)["mode"] == "menu"
    click(page, "start")
    assert uncover(page, 0)["active"] == 0
    page.keyboard.press("KeyX")
    page.keyboard.press("Enter")  # coast
    st = settle(page, 2)
    assert st["active"] == 0 and st["turns"] == 2 and st["seats"] == ["human", "random"]
    save = save_json(page)
    before = replay_cpython(save, save["session"]["moves"][:1])
    assert save["session"]["moves"][1] == choose_plan(before.state, "random", save["session"]["seed"]).text()
    h = state_hash(page)
    assert h == replay_cpython(save).state_hash()
    page.reload()
    from e2e.util import wait_ready

    wait_ready(page)
    st = info(page)
    assert st["mode"] == "play" and st["turns"] == 2
    assert state_hash(page) == h
    assert canvas_has_pixels(page, min_colors=6)
