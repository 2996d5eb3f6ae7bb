"""Ternar in Chromium: boot, a route dragged with the real mouse equals the same move in CPython's engine,
a keyboard-built route, the Soft Undo, reload restores the game, and a GreedyBot game in the page's
engine ends on CPython's hash (a corrupt save quarantined with a notice: test_ternar_share.py).

A boot costs ~10 CPU-s: the tests share ONE booted test page (``tpage``; ``--dist loadfile``), each
starts its own game (``begin``) and reloads only where its behaviour needs it. The release build
(no bot hooks, the way home) is checked on test_ternar_share.py's last page."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter, deque
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from e2e.conftest import Guard, new_context, save_evidence  # noqa: E402
from e2e.util import canvas_has_pixels, save_json, state_hash, wait_ready  # noqa: E402
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


def keys(page: Any, names: list[str]) -> None:
    """Press cursor keys in a row, then let two frames pass: the page handles every queued key of a
    frame in order (``gwweb.shared.input``), so this is ``press`` for each, one wait instead of one
    per key."""
    for k in names:
        page.keyboard.press(k)
    frames(page)


def drag(
    page: Any, route: tuple[int, ...], stray: int | None = None, wait: bool = True, steps: int = 4
) -> None:
    """Drag ``route`` with the real mouse, ``steps`` moves per link (then over ``stray``, if given) and
    release; with ``wait``, let two frames pass. Each move waits for the page to take it, and a long
    route's line vibrates (frames run), so tests that drag for what the move does pass ``steps=1``: a
    straight move between neighbours' centres crosses no other node."""
    page.mouse.move(*center(page, route[0]))
    page.mouse.down()
    for n in route[1:]:
        page.mouse.move(*center(page, n), steps=steps)
    if stray is not None:
        page.mouse.move(*center(page, stray), steps=6)
    page.mouse.up()
    if wait:
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
    moves = [GAME.format_move(m) for m in s.moves]
    return {"game": "ternar", "version": 1, "seed": seed, "options": {"mode": "classic"}, "moves": moves}


@pytest.fixture(scope="module")
def shared(browser: Any, site: str) -> Any:
    """One test build of the page (``?test=1``), booted once for this file's tests."""
    guard = Guard()
    ctx = new_context(browser, guard)
    pg = ctx.new_page()
    logs: list[str] = []
    pg.on("console", lambda m: logs.append(f"[{m.type}] {m.text}"))
    pg.on("pageerror", lambda e: logs.append(f"[pageerror] {e}"))
    pg.on("crash", lambda _p: logs.append("[crash] the renderer process crashed"))
    pg.goto(f"{site}ternar/?test=1")
    wait_ready(pg)
    yield pg, guard, logs
    ctx.close()


@pytest.fixture
def tpage(shared: Any, request: pytest.FixtureRequest) -> Any:
    """The shared page for one test; evidence is saved when the test fails, as ``page`` does."""
    pg, guard, logs = shared
    yield pg
    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    if failed or guard.violations:
        save_evidence(pg, request.node.name, logs)
    assert not guard.violations, f"requests left this machine: {guard.violations}"


def begin(page: Any, seed: int, mode: str, first_run: bool) -> None:
    """A test's own start on the shared page: the clock runs, no card is open, a new game; with
    ``first_run`` the tutorial mark is removed and the first-run check made again, as a boot makes it."""
    page.evaluate("() => window.gridworks.freezeClock(0)")
    page.locator("canvas").first.focus()
    if info(page)["dialog"] is not None:
        press(page, "Escape")
    assert info(page)["dialog"] is None
    page.evaluate(f"() => window.gridworks.newGame({seed}, '{mode}')")
    if first_run:
        page.evaluate("() => localStorage.removeItem('gridworks:ternar:tutorial')")
        assert page.evaluate("() => window.gridworks.firstRun()") == "ok"
    settle(page)


def test_ternar_drag_keyboard_undo_reload(tpage: Any) -> None:
    page = tpage
    assert canvas_has_pixels(page)
    begin(page, SEED, "classic", first_run=True)
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
    tap(page, "tut_skip")
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
    drag(page, route.nodes, stray)
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
    keys(page, [KEY_FOR[d] for d in key_path(start, route.nodes[0])])
    assert info(page)["cursor"] == route.nodes[0]
    press(page, "Enter")
    keys(page, [KEY_FOR[direction(a, b)] for a, b in zip(route.nodes, route.nodes[1:])])
    assert tuple(info(page)["route"]) == route.nodes
    press(page, "Enter")
    s.play(route)
    settle(page)
    assert state_hash(page) == s.state_hash()

    # the New game card: a tap on the dimmed undo button behind it only closes the card (no undo),
    # and so does a tap anywhere outside the card
    press(page, "KeyN")
    assert info(page)["dialog"] == "new"
    tap(page, "undo")
    assert info(page)["dialog"] is None and info(page)["undo"] == "0/1"
    assert state_hash(page) == s.state_hash()
    press(page, "KeyN")
    box = page.locator("canvas").first.bounding_box()
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
    while b.state.turns < 25 and b.state.outcome is None and (r := greedy_route(b.state)) is not None:
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
    page.evaluate(f"() => window.gridworks.autoplay({INTRO_TURNS} - {info(page)['turns']}, 40, 800)")
    assert info(page)["turns"] == INTRO_TURNS and info(page)["outcome"] is None
    arrived = 0
    for _ in range(ARRIVAL_TURNS):
        s = cpython_session(page)
        before = info(page)
        route = greedy_route(s.state, 40, 800)
        assert route is not None
        _, events = GAME.apply_with_events(s.state, route)
        s.play(route)
        drag(page, route.nodes, steps=1)
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

    # 6. a corrupt save moved aside with a notice: on test_ternar_share.py's link page (a boot spared)

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
    tap(page, "undo")
    assert info(page)["toasts"][-1] in ("Партия окончена: отмены нет", "The game is over: no undo")
    assert state_hash(page) == over

    # 7b. (issue 14, the whole game by keyboard) a finished game: any key puts the focus ring on
    # "New game", Enter plays the same mode again -- here, on this reload, to spare a boot
    page.locator("canvas").first.focus()
    press(page, "ArrowLeft")
    again = button(page, "again")
    ring = pixel(page, again["x"] - 3, again["y"] + again["h"] / 2)
    assert ring[0] > 180 and ring[2] < 80, ring
    press(page, "Enter")
    got = info(page)
    assert got["outcome"] is None and got["turns"] == 0 and got["mode"] == "classic"

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
    tap(page, "telemetry")
    page.wait_for_function(  # the answer comes with the clipboard's promise; older toasts may still show
        "() => JSON.parse(window.gridworks.ternarInfo()).toasts.some("
        "t => t.startsWith('Буфер обмена недоступен') || t.startsWith('Clipboard unavailable'))",
        timeout=5_000,
    )
    assert not any(t.startswith(("Телеметрия скопирована", "Telemetry copied")) for t in info(page)["toasts"])


def pixel(page: Any, x: float, y: float) -> list[int]:
    """The canvas pixel at CSS position (x, y), as [r, g, b, a]."""
    js = """([x, y]) => { const c = document.querySelector('canvas'), k = c.width / c.getBoundingClientRect().width;
        return Array.from(c.getContext('2d').getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data); }"""
    return page.evaluate(js, [x, y])


def button(page: Any, bid: str) -> dict:
    return next(b for b in json.loads(page.evaluate("() => window.gridworks.buttons()")) if b["id"] == bid)


def tap(page: Any, bid: str) -> None:
    """Click the centre of the canvas button ``bid`` with the real mouse and let two frames pass."""
    box = page.locator("canvas").first.bounding_box()
    b = button(page, bid)
    page.mouse.click(box["x"] + b["x"] + b["w"] / 2, box["y"] + b["y"] + b["h"] / 2)
    frames(page)


def key_route(page: Any, nodes: tuple[int, ...]) -> None:
    """Build ``nodes`` with the keyboard alone: cursor keys to the start, Enter, a key per link, Enter."""
    if info(page)["cursor"] is None:
        press(page, "ArrowLeft")  # the first key shows the cursor (the board's keyboard focus)
    keys(page, [KEY_FOR[d] for d in key_path(info(page)["cursor"], nodes[0])])
    assert info(page)["cursor"] == nodes[0]
    press(page, "Enter")
    keys(page, [KEY_FOR[direction(a, b)] for a, b in zip(nodes, nodes[1:])])
    assert tuple(info(page)["route"]) == nodes
    press(page, "Enter")


def test_ternar_whole_game_by_keyboard(tpage: Any) -> None:
    """Issue 14: everything by keyboard alone, with a visible focus: language, a new game from the
    card, several turns (cursor, Enter, a direction key per link, Enter), the tutorial cards, a route
    stepped back and dropped, and the Soft Undo. The game-over card by keyboard needs a finished
    save and a reload: it is step 7b of test_ternar_drag_keyboard_undo_reload."""
    page = tpage
    begin(page, SEED + 1, "classic", first_run=True)
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
    keys(page, [KEY_FOR[d] for d in key_path(info(page)["cursor"], route.nodes[0])])
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

    # issue #30: "Watch best" in the New game card replays the stored best game move by move, then
    # the game in progress is back untouched (the record is put in place here: a Best needs a game)
    best = Session(GAME, 5, {"mode": "classic"})
    for _ in range(2):
        best.play(greedy_route(best.state, 40, 800))  # type: ignore[arg-type]
    record = json.dumps({"v": 1, "data": json.loads(best.save_json())})
    page.evaluate("(r) => localStorage.setItem('gridworks:ternar:best_game_classic', r)", record)
    press(page, "KeyN")
    page.evaluate("() => window.gridworks.freezeClock(1)")  # no move before it is read, however slow
    tap(page, "replay")
    assert info(page)["replay"] == [0, 2] and info(page)["dialog"] is None
    page.evaluate("() => window.gridworks.freezeClock(0)")
    got = page.wait_for_function(  # the hash read in the same frame as the second move's count
        "() => (JSON.parse(window.gridworks.ternarInfo()).replay || [])[0] === 2 && window.gridworks.stateHash()"
    )
    assert got.json_value() == best.state_hash()  # the best game's own moves, in the page's engine
    page.wait_for_function("() => JSON.parse(window.gridworks.ternarInfo()).replay === null")
    assert state_hash(page) == s.state_hash() and len(save_json(page)["moves"]) == len(s.moves)


def test_a_press_during_the_turn_animation_is_taken_not_dropped(tpage: Any) -> None:
    """2048's rule (issue #30): a route started while the last turn still animates ends that animation
    at once and is played. Fails when the page drops the press (the save would hold one move)."""
    page = tpage
    begin(page, SEED, "classic", first_run=True)
    early = info(page)["early_finishes"]
    press(page, "Escape")  # skip the first-run tutorial (its cards would hold the board between turns)
    assert info(page)["tutorial"] is None
    ref = cpython_session(page)
    first = greedy_route(ref.state, 40, 800)
    assert first is not None
    ref.play(first)
    second = greedy_route(ref.state, 40, 800)
    assert second is not None
    page.evaluate("() => window.gridworks.freezeClock(1)")  # the first turn's animation cannot end by itself
    drag(page, first.nodes, wait=False)
    page.wait_for_function("() => JSON.parse(window.gridworks.ternarInfo()).turns === 1", timeout=30_000)
    left = info(page)["anim_left_ms"]
    assert left > 0, "the first turn's animation should still run when the second press comes"
    drag(page, second.nodes)  # pressed while the first turn animates
    got = info(page)
    assert got["early_finishes"] == early + 1 and got["turns"] == 2  # the press ended it and it played
    page.evaluate("() => window.gridworks.freezeClock(0)")
    settle(page)
    got = info(page)
    assert got["early_finishes"] == early + 1
    assert got["turns"] == 2
    ref.play(second)
    assert state_hash(page) == ref.state_hash()
    assert save_json(page)["moves"] == [GAME.format_move(first), GAME.format_move(second)]


def test_release_to_next_input_and_no_press_is_dropped(tpage: Any) -> None:
    """Issue #30's input figure (release -> next accepted input), on the shared page:
    e2e/test_ternar_input.py."""
    from e2e.test_ternar_input import SEED as INPUT_SEED
    from e2e.test_ternar_input import measure

    page = tpage
    begin(page, INPUT_SEED, "classic", first_run=False)
    if info(page)["tutorial"] is not None:
        press(page, "Escape")
    assert info(page)["tutorial"] is None and info(page)["dialog"] is None
    measure(page)
