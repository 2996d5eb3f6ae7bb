"""Orbit Simulator by keyboard only (issue 14): the menu (preset, computer level, start), the
tutorial, help, a turn that uses every kind of order (energy, rotate, vent, burn with adjust, a
chosen weapon target), executing it from the focused button, the computer's reply, undo, the
game-over dialog and the replay. Tab / Shift+Tab move a visible focus ring over the canvas
buttons; Enter or Space press the focused one."""

from __future__ import annotations

import json
from typing import Any

from e2e.test_orbit import frames, info, replay_cpython, settle
from e2e.util import open_game, save_json, state_hash


def press(page: Any, *keys: str) -> None:
    for k in keys:
        page.keyboard.press(k)
        frames(page)  # each key is read in the next frame loop pass: wait for it, not a fixed time


def focus_on(page: Any, button: str) -> None:
    """Tab (or Shift+Tab, whichever is fewer presses) until the keyboard focus is on ``button``.

    The ring walks the last frame's buttons in drawing order (``gwweb.shared.focus.cycle``), so the
    presses needed are counted from that order, pressed, and the page must then show the focus on
    ``button``: it must be reachable, and one frame wait serves the whole walk."""
    ids = [b["id"] for b in json.loads(page.evaluate("() => window.gridworks.buttons()"))]
    assert button in ids, f"{button!r} is not on screen: {ids}"
    cur = info(page)["focus"]
    n, k = len(ids), ids.index(button)
    if cur in ids:
        ahead, back = (k - ids.index(cur)) % n, (ids.index(cur) - k) % n
    else:  # no ring yet: Tab starts on the first button, Shift+Tab on the last
        ahead, back = k + 1, n - k
    key, times = ("Tab", ahead) if ahead <= back else ("Shift+Tab", back)
    for _ in range(times):
        page.keyboard.press(key)
    page.wait_for_function(
        "(b) => JSON.parse(window.gridworks.orbitInfo()).focus === b", arg=button, timeout=10_000
    )
    frames(page)  # the ring is drawn


def ring_visible(page: Any, button: str) -> bool:
    """The focus ring (white over black) is drawn just outside the focused button's left edge."""
    r = next(b for b in json.loads(page.evaluate("() => window.gridworks.buttons()")) if b["id"] == button)
    return page.evaluate(
        """([x, y]) => { const c = document.querySelector('canvas'); const k = c.width / c.clientWidth;
             const d = c.getContext('2d').getImageData(Math.floor((x - 6) * k), Math.round(y * k), 8 * k, 1).data;
             for (let i = 0; i < d.length; i += 4) if (d[i] > 230 && d[i+1] > 230 && d[i+2] > 230) return true;
             return false; }""",
        [r["x"], r["y"] + r["h"] / 2],
    )


def test_menu_tutorial_turn_and_game_over_by_keyboard(page, site):
    open_game(page, site, "orbit")
    assert info(page)["mode"] == "menu"
    # the menu: You vs computer, the quickest computer level, Start
    focus_on(page, "preset:ai")
    assert ring_visible(page, "preset:ai")
    press(page, "Enter")
    assert info(page)["menu"]["preset"] == "ai"
    focus_on(page, "diff")
    for _ in range(6):
        if info(page)["menu"]["seats"] == ["human", "random"]:
            break
        press(page, "Space")
    assert info(page)["menu"]["seats"] == ["human", "random"]
    focus_on(page, "start")
    press(page, "Enter")
    st = info(page)
    assert st["mode"] == "play" and st["seats"] == ["human", "random"] and st["tutorial"] == 0
    # the tutorial cards, by keyboard
    focus_on(page, "tut:next")
    for step in (1, 2, 3):
        press(page, "Enter")
        assert info(page)["tutorial"] == step
    press(page, "Enter")
    assert info(page)["tutorial"] is None
    # help: open, page on, close from its focused button
    press(page, "KeyH", "ArrowRight")
    focus_on(page, "help:close")
    press(page, "Enter")
    # a coast; the computer replies (rules 2 duel: it plays twice), undo takes both back
    settle(page, 0)
    press(page, "KeyX", "Enter")
    st = settle(page, 3)
    assert st["planning"] and st["active"] == 0
    press(page, "KeyU")
    assert info(page)["turns"] == 0
    # A known position: every kind of order from the keyboard, the target chosen on its chip.
    options = {
        "ships": [
            {"ring": 3, "sector": 0, "energy": {"las": 2}, "heat": 2},
            {"ring": 3, "sector": 2, "hull": 1},
        ],
        "max_rounds": 40,
    }
    page.evaluate(
        "(o) => window.gridworks.startGame(JSON.stringify(['human', 'random']), JSON.stringify(o), 5)",
        options,
    )
    settle(page, 0)
    press(page, "Digit2", "ArrowRight", "KeyR")  # thrusters on, rotate
    press(page, "KeyV", "KeyV")  # vent 2 heat
    press(page, "Digit1", "ArrowRight", "KeyB", "BracketRight")  # an engine unit, light burn, adjust +1
    focus_on(page, "fire:las:1")
    press(page, "Enter")
    assert "fire" in info(page)["plan_words"]
    press(page, "KeyL")  # Russian: the plan in words follows the page language
    words = info(page)["plan_words"]
    assert "импульс" in words and "burn" not in words, words
    press(page, "KeyL")
    focus_on(page, "exec")
    assert ring_visible(page, "exec")
    press(page, "Enter")
    st = settle(page, 1)
    save = save_json(page)
    assert save["session"]["moves"] == ["eng=1 thr=1 vent=2 rotate burn=light adj=+1 fire=las:1"]
    assert state_hash(page) == replay_cpython(save).state_hash()
    # the laser finished ship 2: the game-over dialog, its replay and a new game, by keyboard
    assert st["over"], st
    focus_on(page, "replay")
    press(page, "Enter")
    assert info(page)["mode"] == "replay"
    press(page, "Space", "ArrowLeft", "ArrowRight")
    focus_on(page, "rp:close")
    press(page, "Enter")
    assert info(page)["mode"] == "play"
    focus_on(page, "newgame")
    press(page, "Enter")
    assert info(page)["mode"] == "menu"
    # Escape leads back to the finished game's board only through Continue: none is offered
    focus_on(page, "start")
    press(page, "ArrowLeft")  # any other key drops the ring; Enter then means "start"
    assert info(page)["focus"] is None
