"""Ternar in Chromium: boot, a route dragged with the real mouse equals the same move in CPython's engine,
a keyboard-built route, the Soft Undo, reload restores the game, a corrupt save is quarantined with a
notice, and a GreedyBot game in the page's engine ends on CPython's hash."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from collections import Counter, deque
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from e2e.util import canvas_has_pixels, notices, open_game, save_json, state_hash, wait_ready  # noqa: E402
from engine.core.session import Session  # noqa: E402
from engine.ternar import GAME, SoftUndo  # noqa: E402
from engine.ternar.bot import greedy_route  # noqa: E402

# www/ternar/keys.py is pure Python (no js): the same direction rules the page uses
_spec = importlib.util.spec_from_file_location("ternar_keys", ROOT / "www" / "ternar" / "keys.py")
assert _spec is not None and _spec.loader is not None
_keys = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_keys)
neighbour_in = _keys.neighbour_in

SEED = 20261122
INTRO_TURNS = 50  # 12.1's intro: turns 1-50 spawn its own values, the window rules from turn 51
ARRIVAL_TURNS = 6  # turns dragged past the intro while what flows in is checked against the window
KEY_FOR = {"W": "ArrowLeft", "E": "ArrowRight", "NW": "KeyQ", "NE": "KeyE", "SW": "KeyZ", "SE": "KeyC"}


def info(page: Any) -> dict:
    return json.loads(page.evaluate("() => window.gridworks.ternarInfo()"))


def frames(page: Any) -> None:
    """Input is queued and handled on the next animation frame: let two frames pass."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def press(page: Any, key: str) -> None:
    page.keyboard.press(key)
    frames(page)


def settle(page: Any) -> None:
    """Wait until the turn animation has finished (input is locked while it runs)."""
    page.wait_for_function("() => !JSON.parse(window.gridworks.ternarInfo()).animating", timeout=15_000)


def center(page: Any, nid: int) -> tuple[float, float]:
    x, y = json.loads(page.evaluate(f"() => window.gridworks.nodeCenter({nid})"))
    box = page.locator("canvas").first.bounding_box()
    return box["x"] + x, box["y"] + y


def cpython_session(page: Any) -> Session:
    return Session.load(GAME, save_json(page))


def drag(page: Any, route: tuple[int, ...]) -> None:
    x, y = center(page, route[0])
    page.mouse.move(x, y)
    page.mouse.down()
    for n in route[1:]:
        nx, ny = center(page, n)
        page.mouse.move(nx, ny, steps=4)
    page.mouse.up()
    frames(page)


def key_path(start: int, goal: int) -> list[str]:
    """Direction keys (shortest) moving the keyboard cursor from ``start`` to ``goal``."""
    prev: dict[int, tuple[int, str] | None] = {start: None}
    todo = deque([start])
    while todo:
        n = todo.popleft()
        if n == goal:
            break
        for d in KEY_FOR:
            m = neighbour_in(n, d)
            if m is not None and m not in prev:
                prev[m] = (n, d)
                todo.append(m)
    out: list[str] = []
    n = goal
    while prev[n] is not None:
        n, d = prev[n]  # type: ignore[misc]
        out.append(d)
    return out[::-1]


def direction(a: int, b: int) -> str:
    return next(d for d in KEY_FOR if neighbour_in(a, d) == b)


def rules1_save(seed: int) -> dict:
    """A save in the format of rules 1 (no ``rules``, no ``ruleset``): GreedyBot until game over."""
    s = Session(GAME, seed, {"mode": "classic", "ruleset": 1, "start_nodes": 5})
    while s.state.outcome is None:
        s.play(greedy_route(s.state))
    return {
        "game": "ternar",
        "version": 1,
        "seed": seed,
        "options": {"mode": "classic"},
        "moves": [GAME.format_move(m) for m in s.moves],
    }


def test_ternar_drag_keyboard_undo_reload(page: Any, site: str) -> None:
    # a release build has no bot hooks (17.10); the test build (?test=1) has them
    open_game(page, site, "ternar")
    assert page.evaluate("() => typeof window.gridworks.autoplay") == "undefined"
    page.goto(f"{site}ternar/?test=1")
    wait_ready(page)
    assert canvas_has_pixels(page)
    page.evaluate(f"() => window.gridworks.newGame({SEED}, 'classic')")
    assert info(page)["turns"] == 0
    assert info(page)["tutorial"] == 0  # first run: the tutorial shows a route on the board

    # 1. a route dragged with the real mouse == the same move in CPython
    s = cpython_session(page)
    assert s.state_hash() == state_hash(page)
    route = greedy_route(s.state)
    assert route is not None
    s.play(route)
    drag(page, route.nodes)
    settle(page)
    got = info(page)
    assert got["turns"] == 1 and got["score"] == s.state.score > 0
    assert state_hash(page) == s.state_hash()
    assert got["best"] == s.state.score and not got["new_best"]  # Best is the engine's best_view

    # the tutorial: after the first route, cards (window, ghost, singularity); Enter = next, Skip ends it
    assert got["tutorial"] == 1 and got["busy"]
    press(page, "Enter")
    assert info(page)["tutorial"] == 2
    box = page.locator("canvas").first.bounding_box()
    skip = next(
        b for b in json.loads(page.evaluate("() => window.gridworks.buttons()")) if b["id"] == "tut_skip"
    )
    page.mouse.click(box["x"] + skip["x"] + skip["w"] / 2, box["y"] + skip["y"] + skip["h"] / 2)
    frames(page)
    assert info(page)["tutorial"] is None and not info(page)["busy"]

    # 19.1: a drag released over a node that does not match (or off the board) plays nothing
    s = cpython_session(page)
    route = greedy_route(s.state)
    assert route is not None
    before = state_hash(page)
    stray = next(
        n
        for n in range(44)
        if s.state.values[n] and n not in route.nodes and s.state.values[n] != s.state.values[route.nodes[-1]]
    )
    x, y = center(page, route.nodes[0])
    page.mouse.move(x, y)
    page.mouse.down()
    for n in route.nodes[1:]:
        page.mouse.move(*center(page, n), steps=4)
    page.mouse.move(*center(page, stray), steps=6)
    page.mouse.up()
    frames(page)
    assert state_hash(page) == before and info(page)["turns"] == 1 and not info(page)["animating"]

    # an invalid release (a single node) changes nothing (19.1)
    before = state_hash(page)
    x, y = center(page, route.nodes[-1])
    page.mouse.click(x, y)
    frames(page)
    assert state_hash(page) == before

    # 2. the keyboard: cursor with arrows/QWEASD, Enter starts and releases the route
    s = cpython_session(page)
    route = greedy_route(s.state)
    assert route is not None
    press(page, "ArrowLeft")  # first press shows the cursor
    start = info(page)["cursor"]
    for d in key_path(start, route.nodes[0]):
        press(page, KEY_FOR[d])
    assert info(page)["cursor"] == route.nodes[0]
    press(page, "Enter")
    for a, b in zip(route.nodes, route.nodes[1:]):
        press(page, KEY_FOR[direction(a, b)])
    assert tuple(info(page)["route"]) == route.nodes
    press(page, "Enter")
    s.play(route)
    settle(page)
    assert state_hash(page) == s.state_hash()

    # the New game card: a tap on the dimmed undo button behind it only closes the card (no undo),
    # and so does a tap anywhere outside the card
    box = page.locator("canvas").first.bounding_box()
    press(page, "KeyN")
    assert info(page)["dialog"] == "new"
    undo_btn = next(
        b for b in json.loads(page.evaluate("() => window.gridworks.buttons()")) if b["id"] == "undo"
    )
    page.mouse.click(
        box["x"] + undo_btn["x"] + undo_btn["w"] / 2, box["y"] + undo_btn["y"] + undo_btn["h"] / 2
    )
    frames(page)
    assert info(page)["dialog"] is None and info(page)["undo"] == "0/1"
    assert state_hash(page) == s.state_hash()
    press(page, "KeyN")
    page.mouse.click(box["x"] + 4, box["y"] + box["height"] - 4)
    frames(page)
    assert info(page)["dialog"] is None and state_hash(page) == s.state_hash()

    # 3. the one Soft Undo of the session (U), score x0.9
    assert info(page)["undo"] == "0/1"
    press(page, "KeyU")
    s.play(SoftUndo())
    assert info(page)["undo"] == "1/1"
    assert state_hash(page) == s.state_hash()
    assert info(page)["best"] == s.state.score  # Best lost the undone move's points with the score
    saved_hash = state_hash(page)

    # 4. a GreedyBot game in the page's engine ends on CPython's hash
    bot = json.loads(page.evaluate("() => window.gridworks.botGame(7, 'storm', 25)"))
    b = Session(GAME, 7, {"mode": "storm"})
    for _ in range(25):
        if b.state.outcome is not None:
            break
        r = greedy_route(b.state)
        if r is None:
            break
        b.play(r)
    assert bot["hash"] == b.state_hash() and bot["turns"] == b.state.turns

    # 5. reload restores the same game
    page.reload()
    wait_ready(page)
    assert state_hash(page) == saved_hash
    assert info(page)["undo"] == "1/1" and info(page)["best"] == s.state.score

    # 5b. issue #30, "the window is not what arrives on the board": past the intro (12.1, turns 1-50)
    # every normal node that flows onto the page's board comes from the window of that moment, and the
    # board gains exactly those nodes (old board - route + result + arrivals = new board)
    page.evaluate(f"() => window.gridworks.autoplay({INTRO_TURNS} - {info(page)['turns']})")
    assert info(page)["turns"] == INTRO_TURNS and info(page)["outcome"] is None
    arrived = 0
    for _ in range(ARRIVAL_TURNS):
        s = cpython_session(page)
        before = info(page)
        route = greedy_route(s.state, 40, 800)
        assert route is not None
        _, events = GAME.apply_with_events(s.state, route)
        s.play(route)
        drag(page, route.nodes)
        settle(page)
        got = info(page)
        assert got["turns"] == before["turns"] + 1 > INTRO_TURNS and state_hash(page) == s.state_hash()
        normal = [(v, w) for _, v, kind, w in got["arrivals"] if kind == "normal"]
        assert len(got["arrivals"]) == sum(e.kind == "spawn" for e in events) >= len(route.nodes) - 1
        assert all(v in w for v, w in normal), (got["turns"], normal)
        arrived += len(normal)
        if not any(e.kind == "big_bang" for e in events):  # a Big Bang clears the field and deals anew
            assert all(w == got["window"] for _, w in normal)
            result = next(e.result for e in events if e.kind == "collapse")
            board = Counter(v for v in before["values"] if v) - Counter(
                before["values"][n] for n in route.nodes
            )
            assert Counter(v for v in got["values"] if v) == board + Counter(
                [result] + [a[1] for a in got["arrivals"]]
            )
        if got["outcome"] is not None:
            break
    assert arrived >= ARRIVAL_TURNS

    # 6. a corrupt save is moved aside and the player is told
    page.evaluate('() => localStorage.setItem(\'gridworks:ternar:game\', \'{"v":1,"data":{"game":"ternar"\')')
    page.reload()
    wait_ready(page)
    assert any("gridworks:ternar:game:corrupt" in n for n in notices(page))
    assert info(page)["turns"] == 0
    kept = page.evaluate("() => Object.keys(localStorage).filter(k => k.includes(':corrupt:')).length")
    assert kept >= 1

    # 7. a save of rules 1 (today's format before rules 2) is migrated and replays exactly: here a
    # finished game, and at game over the greyed Undo behind the card says why nothing happens
    old = rules1_save(6)
    page.evaluate(
        "(raw) => localStorage.setItem('gridworks:ternar:game', raw)", json.dumps({"v": 1, "data": old})
    )
    page.reload()
    wait_ready(page)
    assert info(page)["ruleset"] == 1 and info(page)["outcome"] is not None
    assert state_hash(page) == Session.load(GAME, old).state_hash()
    assert info(page)["tutorial"] is None  # the tutorial, once skipped, stays away
    over = state_hash(page)
    box = page.locator("canvas").first.bounding_box()
    undo_btn = next(
        b for b in json.loads(page.evaluate("() => window.gridworks.buttons()")) if b["id"] == "undo"
    )
    page.mouse.click(
        box["x"] + undo_btn["x"] + undo_btn["w"] / 2, box["y"] + undo_btn["y"] + undo_btn["h"] / 2
    )
    frames(page)
    assert info(page)["toasts"][-1] in ("Партия окончена: отмены нет", "The game is over: no undo")
    assert state_hash(page) == over

    # 8. the keyboard picks a mode in the New game card: N, arrows move the highlight, Enter starts it
    press(page, "KeyN")
    assert info(page)["dialog"] == "new" and info(page)["dialog_mode"] == "classic"
    press(page, "ArrowDown")
    press(page, "ArrowDown")
    assert info(page)["dialog_mode"] == "storm"
    press(page, "ArrowUp")
    press(page, "Enter")
    got = info(page)
    assert got["dialog"] is None and got["mode"] == "zen" and got["turns"] == 0

    # 9. a blocked clipboard (permissions, an iframe) is reported, not claimed as copied
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new Error('denied')); }")
    press(page, "KeyN")
    tel = next(
        b for b in json.loads(page.evaluate("() => window.gridworks.buttons()")) if b["id"] == "telemetry"
    )
    page.mouse.click(box["x"] + tel["x"] + tel["w"] / 2, box["y"] + tel["y"] + tel["h"] / 2)
    page.wait_for_function(  # the answer comes with the clipboard's promise; older toasts may still show
        "() => JSON.parse(window.gridworks.ternarInfo()).toasts.some("
        "t => t.startsWith('Буфер обмена недоступен') || t.startsWith('Clipboard unavailable'))",
        timeout=5_000,
    )
    assert not any(t.startswith(("Телеметрия скопирована", "Telemetry copied")) for t in info(page)["toasts"])


def pixel(page: Any, x: float, y: float) -> list[int]:
    """The canvas pixel at CSS position (x, y), as [r, g, b, a]."""
    return page.evaluate(
        """([x, y]) => {
            const c = document.querySelector('canvas');
            const k = c.width / c.getBoundingClientRect().width;
            return Array.from(c.getContext('2d').getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data);
        }""",
        [x, y],
    )


def button(page: Any, bid: str) -> dict:
    return next(b for b in json.loads(page.evaluate("() => window.gridworks.buttons()")) if b["id"] == bid)


def key_route(page: Any, nodes: tuple[int, ...]) -> None:
    """Build ``nodes`` with the keyboard alone: cursor keys to the start, Enter, a key per link, Enter."""
    if info(page)["cursor"] is None:
        press(page, "ArrowLeft")  # the first key shows the cursor (the board's keyboard focus)
    for d in key_path(info(page)["cursor"], nodes[0]):
        press(page, KEY_FOR[d])
    assert info(page)["cursor"] == nodes[0]
    press(page, "Enter")
    for a, b in zip(nodes, nodes[1:]):
        press(page, KEY_FOR[direction(a, b)])
    assert tuple(info(page)["route"]) == nodes
    press(page, "Enter")


def test_ternar_whole_game_by_keyboard(page: Any, site: str) -> None:
    """Issue 14: everything by keyboard alone, with a visible focus: language, a new game from the
    card, several turns (cursor, Enter, a direction key per link, Enter), the tutorial cards, a route
    stepped back and dropped, the Soft Undo, and the game-over card."""
    page.goto(f"{site}ternar/?test=1")
    wait_ready(page)
    page.locator("canvas").first.focus()
    lang = info(page)["lang"]
    press(page, "KeyL")
    assert info(page)["lang"] != lang
    press(page, "KeyL")
    assert info(page)["lang"] == lang

    # a new game from the card: N opens it on the current mode, arrows move the ring, Enter starts it
    press(page, "KeyN")
    got = info(page)
    assert got["dialog"] == "new" and got["dialog_mode"] == "classic" and got["keyboard"]
    mode_btn = button(page, "mode:classic")
    ring = pixel(page, mode_btn["x"] - 3, mode_btn["y"] + mode_btn["h"] / 2)
    assert ring[0] > 180 and ring[2] < 80, ring  # the focus ring (#E65100) around the chosen mode
    press(page, "ArrowDown")
    assert info(page)["dialog_mode"] == "zen"
    press(page, "ArrowUp")
    press(page, "Enter")
    got = info(page)
    assert got["dialog"] is None and got["mode"] == "classic" and got["turns"] == 0

    # four turns, each the engine's move in CPython too; after the first the tutorial cards (Enter)
    for turn in range(4):
        s = cpython_session(page)
        route = greedy_route(s.state)
        assert route is not None
        key_route(page, route.nodes)
        s.play(route)
        settle(page)
        assert state_hash(page) == s.state_hash() and info(page)["turns"] == turn + 1
        if turn == 0:
            assert info(page)["tutorial"] == 1 and info(page)["busy"]
            for step in (2, 3):
                press(page, "Enter")
                assert info(page)["tutorial"] == step
            press(page, "Enter")  # "Play" ends it
            assert info(page)["tutorial"] is None and not info(page)["busy"]

    # Backspace steps the route back, Esc drops it: nothing is played
    s = cpython_session(page)
    route = greedy_route(s.state)
    assert route is not None and len(route.nodes) >= 2
    for d in key_path(info(page)["cursor"], route.nodes[0]):
        press(page, KEY_FOR[d])
    press(page, "Enter")
    press(page, KEY_FOR[direction(route.nodes[0], route.nodes[1])])
    assert tuple(info(page)["route"]) == route.nodes[:2]
    press(page, "Backspace")
    assert tuple(info(page)["route"]) == route.nodes[:1]
    press(page, "Escape")
    assert info(page)["route"] == [] and state_hash(page) == s.state_hash()

    # the Soft Undo (U), as in the engine
    press(page, "KeyU")
    s.play(SoftUndo())
    assert state_hash(page) == s.state_hash() and info(page)["undo"] == "1/1"

    # a finished game: any key puts the focus ring on "New game", Enter plays the same mode again
    old = rules1_save(6)
    page.evaluate(
        "(raw) => localStorage.setItem('gridworks:ternar:game', raw)", json.dumps({"v": 1, "data": old})
    )
    page.reload()
    wait_ready(page)
    page.locator("canvas").first.focus()
    assert info(page)["outcome"] is not None
    press(page, "ArrowLeft")
    again = button(page, "again")
    ring = pixel(page, again["x"] - 3, again["y"] + again["h"] / 2)
    assert ring[0] > 180 and ring[2] < 80, ring
    press(page, "Enter")
    got = info(page)
    assert got["outcome"] is None and got["turns"] == 0 and got["mode"] == "classic"


def test_a_press_during_the_turn_animation_is_taken_not_dropped(page: Any, site: str) -> None:
    """2048's rule (issue #30): a route started while the last turn still animates ends that animation
    at once and is played. Fails when the page drops the press (the save would hold one move)."""
    page.goto(f"{site}ternar/?test=1")
    wait_ready(page)
    page.evaluate(f"() => window.gridworks.newGame({SEED}, 'classic')")
    page.locator("canvas").first.focus()
    press(page, "Escape")  # skip the first-run tutorial (its cards would hold the board between turns)
    assert info(page)["tutorial"] is None
    ref = cpython_session(page)
    first = greedy_route(ref.state, 40, 800)
    assert first is not None
    ref.play(first)
    second = greedy_route(ref.state, 40, 800)
    assert second is not None
    page.evaluate("() => window.gridworks.freezeClock(1)")  # the first turn's animation cannot end by itself
    x, y = center(page, first.nodes[0])
    page.mouse.move(x, y)
    page.mouse.down()
    for n in first.nodes[1:]:
        nx, ny = center(page, n)
        page.mouse.move(nx, ny, steps=4)
    page.mouse.up()
    page.wait_for_function("() => JSON.parse(window.gridworks.ternarInfo()).turns === 1", timeout=30_000)
    left = info(page)["anim_left_ms"]
    assert left > 0, "the first turn's animation should still run when the second press comes"
    drag(page, second.nodes)  # pressed while the first turn animates
    got = info(page)
    assert got["early_finishes"] == 1 and got["turns"] == 2  # the press ended it and the route played
    page.evaluate("() => window.gridworks.freezeClock(0)")
    settle(page)
    got = info(page)
    assert got["early_finishes"] == 1
    assert got["turns"] == 2
    ref.play(second)
    assert state_hash(page) == ref.state_hash()
    assert save_json(page)["moves"] == [GAME.format_move(first), GAME.format_move(second)]


# GW_CHROME_REPEAT=3 runs it three times in a row
@pytest.mark.parametrize("attempt", range(int(os.environ.get("GW_CHROME_REPEAT", "1"))))
def test_ternar_home_button_and_key_open_the_launcher(page: Any, site: str, attempt: int) -> None:
    """#25: the way back to the launcher, by its button (the game-over card keeps it reachable)
    and by the shared chrome's key (`)."""
    at_launcher = lambda url: url.split("#")[0].split("?")[0] in (site, site + "index.html")  # noqa: E731
    open_game(page, site, "ternar")
    ids = [b["id"] for b in json.loads(page.evaluate("() => window.gridworks.buttons()"))]
    assert "home" in ids
    page.keyboard.press("Backquote")
    page.wait_for_url(at_launcher)
