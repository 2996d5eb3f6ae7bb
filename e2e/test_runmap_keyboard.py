"""Run Map with the keyboard only (issue #14): the menu's buttons, the seed keypad, the map (←/→ among
the reachable nodes, Enter goes), every node's dialog (fight, shop, shrine, outcome cards) and the
co-op dialog's code field are reached with the arrows and pressed with Enter, and the focused
button has a visible gold outline. The run played this way gives the same state hash as the same
moves in CPython."""

from __future__ import annotations

import json
from typing import Any

from e2e.util import buttons, open_game, state_hash
from engine.core.session import Session
from engine.runmap import GAME
from engine.runmap.game import read_intents

RING = (255, 213, 79)  # ring.RING "#FFD54F"


def info(page: Any) -> dict:
    return json.loads(page.evaluate("() => window.gridworks.runInfo()"))


def key(page: Any, name: str) -> None:
    page.keyboard.press(name)
    page.wait_for_timeout(60)


def wait_info(page: Any, cond: str, timeout: int = 10_000) -> dict:
    page.wait_for_function(
        f"() => {{ const i = JSON.parse(window.gridworks.runInfo()); return {cond}; }}", timeout=timeout
    )
    return info(page)


def focus_to(page: Any, bid: str) -> None:
    """Move the focus ring to ``bid`` with the arrow keys only (towards it on screen)."""
    page.wait_for_function(
        f"() => window.gridworks.buttonCenter({json.dumps(bid)}) !== 'null'", timeout=10_000
    )
    for _ in range(24):
        st = info(page)
        if st["kb"] == bid:
            return
        regions = {r["id"]: r for r in buttons(page)}
        assert bid in regions, f"{bid!r} not on screen: {sorted(regions)}"
        here = regions.get(st["kb"] or "")
        if here is None:
            key(page, "ArrowDown")  # the first arrow shows the focus
            continue
        t = regions[bid]
        dx = (t["x"] + t["w"] / 2) - (here["x"] + here["w"] / 2)
        dy = (t["y"] + t["h"] / 2) - (here["y"] + here["h"] / 2)
        if abs(dy) > 4:
            key(page, "ArrowDown" if dy > 0 else "ArrowUp")
        else:
            key(page, "ArrowRight" if dx > 0 else "ArrowLeft")
    raise AssertionError(f"the arrows never reached {bid!r}: at {info(page)['kb']!r}")


def _ring_pixels(page: Any) -> bool:
    bid = info(page)["kb"]
    hits = [r for r in buttons(page) if r["id"] == bid]
    if not hits:
        return False
    r = hits[-1]
    px = page.evaluate(
        """([x, y]) => { const c = document.querySelector('canvas'); const d = devicePixelRatio;
            return Array.from(c.getContext('2d').getImageData(Math.round(x * d), Math.round(y * d), 1, 1).data); }""",
        [r["x"] - 3.5, r["y"] + r["h"] / 2],
    )
    return all(abs(a - b) <= 40 for a, b in zip(px[:3], RING, strict=True))


def ring_drawn(page: Any) -> bool:
    """The focused button has the gold outline (pixels just outside its left edge), within 5 s."""
    for _ in range(100):
        if _ring_pixels(page):
            return True
        page.wait_for_timeout(50)
    return False


def press_and_wait(page: Any, name: str, ref: Session, text: str | None) -> None:
    key(page, name)
    if text is not None:
        ref.play_text(text)
        page.wait_for_function(
            f"() => JSON.parse(window.gridworks.runInfo()).moves === {len(ref.moves)}", timeout=10_000
        )
        assert state_hash(page) == ref.state_hash(), f"diverged after {text}"


def test_runmap_keyboard_only_solo_run(page: Any, site: str) -> None:
    open_game(page, site, "runmap")
    assert info(page)["screen"] == "menu"
    # the menu: the arrows show and move the focus ring; a seed typed with digits in the keypad
    key(page, "ArrowDown")
    wait_info(page, "i.kb !== null")  # keys reach the game on its next frame: waited for, not assumed
    assert ring_drawn(page)
    focus_to(page, "players:2")
    key(page, "Enter")
    focus_to(page, "players:1")
    key(page, "Enter")
    focus_to(page, "preset:slice")
    key(page, "Enter")
    focus_to(page, "keypad")
    key(page, "Enter")
    for d in "42439":
        key(page, d)
    key(page, "Backspace")
    wait_info(page, "i.kb === 'kp:ok'")
    assert ring_drawn(page)
    key(page, "Enter")
    focus_to(page, "start")
    assert ring_drawn(page)
    key(page, "Enter")
    page.wait_for_function("() => JSON.parse(window.gridworks.runInfo()).screen === 'run'", timeout=10_000)
    ref = Session(GAME, 4243, {"preset": "slice", "players": 1})
    assert state_hash(page) == ref.state_hash()
    seen: set[str] = set()
    for _ in range(120):
        st = info(page)
        if st["phase"] == "over" or (len(seen) >= 4 and len(ref.state.path) >= 6):
            break
        if st["card"]:
            wait_info(page, "i.kb === 'card_ok'")
            assert ring_drawn(page)
            key(page, "Enter")
            page.wait_for_function("() => !JSON.parse(window.gridworks.runInfo()).card", timeout=10_000)
            seen.add("card")
            continue
        if st["intro"]:  # a new run shows its map first; Enter opens the first fight
            key(page, "Enter")
            page.wait_for_function("() => !JSON.parse(window.gridworks.runInfo()).intro", timeout=10_000)
            seen.add("intro")
            continue
        phase = st["phase"]
        seen.add(phase)
        if phase == "combat":
            action = read_intents(ref.state, 0)
            focus_to(page, f"fight:{action}")
            assert ring_drawn(page)
            press_and_wait(page, "Enter", ref, f"p0 {action}")
        elif phase == "rest":
            focus_to(page, "choose:rest")
            press_and_wait(page, "Enter", ref, "p0 choose rest")
        elif phase == "shop":
            focus_to(page, "leave")
            press_and_wait(page, "Enter", ref, "p0 leave")
        elif phase == "shrine":
            focus_to(page, "choose:upgrade")
            press_and_wait(page, "Enter", ref, "p0 choose upgrade")
        else:  # the map: → moves the focus among the reachable nodes, Enter goes
            order = sorted(st["available"], key=lambda i: (ref.state.layout.nodes[i].position.x, i))
            k = order.index(st["focus"]) if st["focus"] in order else 0
            target = order[(k + 1) % len(order)]
            key(page, "ArrowRight")
            wait_info(page, f"i.focus === {target}")
            press_and_wait(page, "Enter", ref, f"p0 select {target}")
    assert len(ref.state.path) >= 4, ref.state.path  # several nodes were visited
    assert {"combat", "card"} <= seen, seen
    # Escape: the menu (its ring offers Continue), Enter: back to the run
    if info(page)["phase"] == "map":
        key(page, "Escape")
        wait_info(page, "i.screen === 'menu' && i.kb === 'continue'")
        key(page, "Enter")
        wait_info(page, "i.screen === 'run'")
    assert json.loads(page.evaluate("() => window.gridworks.saveJson()"))["moves"] == [
        GAME.format_move(m) for m in ref.moves
    ]


def test_runmap_keyboard_coop_dialog_code_field(page: Any, site: str) -> None:
    open_game(page, site, "runmap")
    key(page, "ArrowDown")
    focus_to(page, "coop_dev")
    key(page, "Enter")
    wait_info(page, "i.dialog === 'choose'")
    focus_to(page, "dev:join")
    assert ring_drawn(page)
    key(page, "Enter")
    page.wait_for_function("() => JSON.parse(window.gridworks.runInfo()).dialog === 'paste_invite'")
    # the code field has the keyboard: typing goes there, Enter sends it (a bad code is named)
    assert page.evaluate("() => document.activeElement.id") == "runmap-code"
    page.keyboard.type("not a code")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => Array.from(window.gridworks.notices()).length > 0 && "
        "JSON.parse(window.gridworks.runInfo()).dialog === 'paste_invite'"
    )
    # Escape hands the keyboard back to the canvas and its focus ring; Escape again closes the dialog
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.activeElement.tagName === 'CANVAS'", timeout=5_000)
    wait_info(page, "i.kb !== null")
    assert ring_drawn(page)
    key(page, "Escape")
    wait_info(page, "i.dialog === null")
