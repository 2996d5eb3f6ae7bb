"""Floodline with the keyboard only (issue #14): from the page's level select, Tab shows a focus
ring, the arrows move it and Enter presses; the key rebinding screen opens, waits for a key and
closes; level 1 is played and won with keys (its committed solution: moves, turns, hard drops), the pause card is opened and
resumed with keys, and the results card leads back to the level select. The focus ring is drawn
where the focused button is."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from e2e.floodline_util import info, until
from e2e.util import after_frames, buttons, open_game

RING = (255, 213, 79)  # focus.RING "#FFD54F"


def key(page: Any, name: str, wait_ms: int = 90) -> None:
    page.keyboard.press(name)
    page.wait_for_timeout(wait_ms)
    after_frames(page)


# The falling piece's shape and place with its height left out (gravity moves it down on its own).
SHAPE = """(a) => { if (!a || !a.length) return "";
  const low = Math.min(...a.map((c) => c[1]));
  return JSON.stringify(a.map((c) => [c[0], c[1] - low, c[2]]).sort()); }"""


def tap_applied(page: Any, name: str) -> None:
    """Press a move or turn key and wait until the falling piece has moved or turned: the game takes
    one tap per tick, so the next key is pressed only after this one was played (under load the
    browser can deliver two quick presses within one tick). A press the game drops fails here."""
    read = f"() => ({SHAPE})(JSON.parse(window.gridworks.floodlineInfo()).active)"
    before = page.evaluate(read)
    page.keyboard.press(name)
    page.wait_for_function(f"(b) => ({read})() !== b", arg=before, timeout=10_000, polling=20)
    after_frames(page)  # and the frame that played it is over before the next key


def focus_to(page: Any, target: str, arrow: str, tries: int = 12) -> None:
    """Press ``arrow`` until the focus ring is on ``target``."""
    for _ in range(tries):
        if info(page)["focus"] == target:
            return
        key(page, arrow)
    assert info(page)["focus"] == target, info(page)


def ring_drawn(page: Any, bid: str) -> bool:
    """The focus ring's gold is on the canvas just outside the left edge of button ``bid``."""
    r = next(b for b in buttons(page) if b["id"] == bid)
    px = page.evaluate(
        """([x, y]) => {
            const c = document.querySelector('canvas');
            const k = c.width / c.getBoundingClientRect().width;
            return Array.from(c.getContext('2d').getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data);
        }""",
        [r["x"] - 3.5, r["y"] + r["h"] / 2],
    )
    return all(abs(a - b) <= 24 for a, b in zip(px[:3], RING, strict=True))


SOLUTION = Path(__file__).resolve().parents[1] / "tools" / "floodline" / "solutions" / "lv01.json"
#: the committed solution's move tokens as keys of the default bindings in the default view 0
#: (right = x+, away = z+; pitch about x, roll about z: www/floodline/iso.py, keys.py)
KEY_OF = {
    "mx-": "ArrowLeft",
    "mx+": "ArrowRight",
    "mz+": "ArrowUp",
    "mz-": "ArrowDown",
    "rx+": "KeyR",
    "rx-": "KeyF",
    "ry+": "KeyE",
    "ry-": "KeyQ",
    "rz+": "KeyZ",
    "rz-": "KeyC",
}


def solution_keys() -> list[list[str]]:
    """Lv1's committed solution (a shape sorter: each piece turned flat into its slot) as one key list
    per piece, its hard drop left out: each move and each turn one key press."""
    pieces: list[list[str]] = [[]]
    for text in json.loads(SOLUTION.read_text())["inputs"]:
        mv = text.split("*")[0]
        if mv == "d":
            pieces.append([])
        elif mv.startswith("r"):
            pieces[-1] += [KEY_OF["r" + r.removeprefix("r")] for r in mv.split(",")]
        elif mv in KEY_OF:
            pieces[-1].append(KEY_OF[mv])
        else:
            assert mv == ".", mv
    return pieces[:-1]


PLACES = solution_keys()


def test_floodline_keyboard_only_wins_level_1(page, site):
    open_game(page, site, "floodline")
    st = info(page)
    assert st["screen"] == "menu" and st["focus"] is None  # no ring until a key is used
    key(page, "Tab")
    assert info(page)["focus"] == "play"
    assert ring_drawn(page, "play")

    # the key rebinding screen: open, wait for a key, cancel with Escape, close with Escape
    focus_to(page, "keys", "ArrowDown")
    key(page, "Enter")
    st = info(page)
    assert st["keysScreen"] and st["focus"] == "bind:left", st
    key(page, "Enter")
    assert info(page)["waiting"] == "left"
    key(page, "Escape")  # cancels the wait: nothing rebound
    st = info(page)
    assert st["waiting"] is None and st["keysScreen"]
    key(page, "Escape")
    assert not info(page)["keysScreen"]

    # back on the level select: to the level 1 button and Enter
    focus_to(page, "play", "ArrowUp")
    focus_to(page, "level:lv01", "ArrowUp")
    key(page, "Enter", 300)
    st = info(page)
    assert st["screen"] == "play" and st["level"] == 1, st
    page.wait_for_function(
        "() => JSON.parse(window.gridworks.floodlineInfo()).tick > 0", timeout=10_000, polling=50
    )

    assert len(PLACES) == 8
    for k, taps in enumerate(PLACES):
        before = info(page)["pieces"]
        for name in taps:
            tap_applied(page, name)
        if k == 3:  # the pause card, by keyboard: Escape opens it, Enter (Resume) closes it
            key(page, "Escape")
            st = info(page)
            assert (
                st["paused"]
                and st["focus"] == "resume"
                and set(st["ring"]) >= {"resume", "restart", "levels"}
            )
            assert ring_drawn(page, "resume")
            key(page, "Enter")
            assert not info(page)["paused"]
        key(page, "Space", 250)
        st = info(page)
        assert st["pieces"] == before + 1, (k, st)
        if st["outcome"]:
            break
    st = info(page)
    assert st["outcome"] == "WON", st

    # the results card: the focus starts on Next; down to Levels and Enter
    st = until(page, "s.focus === 'next'")
    assert st["focus"] == "next" and {"next", "restart", "levels"} <= set(st["ring"]), st
    focus_to(page, "levels", "ArrowDown")
    key(page, "Enter", 200)
    st = info(page)
    assert st["screen"] == "menu" and st["progress"]["stars"].get("lv01", 0) >= 1, st
