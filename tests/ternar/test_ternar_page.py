"""The Ternar page's Python on the shared ``TurnApp``, run in CPython with a fake shell and a stand-in
``js`` module (no browser): keyboard routes become the engine's moves, input waits while a turn
animates (an undo pressed meanwhile is queued), refusals change nothing, saves restore (today's and
rules 1's), a corrupt save is kept aside with a notice."""

from __future__ import annotations

import json
import sys
import types
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from engine.core.session import Session
from engine.ternar import GAME, Route, SoftUndo
from engine.ternar.bot import greedy_route

ROOT = Path(__file__).resolve().parents[2]
CLOCK = [1000.0]
SEED = 20261122


@pytest.fixture(scope="module")
def gw(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """``gwweb`` importable (a link to www/) with fake ``js`` and ``pyodide.ffi``; removed afterwards."""
    link = tmp_path_factory.mktemp("gw") / "gwweb"
    link.symlink_to(ROOT / "www")
    saved = {k: v for k, v in sys.modules.items() if k in ("js", "pyodide", "pyodide.ffi")}
    js = types.ModuleType("js")
    js.performance = types.SimpleNamespace(now=lambda: CLOCK[0])  # type: ignore[attr-defined]
    js.Date = types.SimpleNamespace(now=lambda: 1_700_000_000_000)  # type: ignore[attr-defined]
    js.console = types.SimpleNamespace(log=print, warn=print)  # type: ignore[attr-defined]
    js.location = types.SimpleNamespace(search="?test=1")  # type: ignore[attr-defined]
    js.window = types.SimpleNamespace()  # type: ignore[attr-defined]  # no requestIdleCallback
    js.setTimeout = lambda cb, ms: None  # type: ignore[attr-defined]  # idle work is run by hand
    pyodide = types.ModuleType("pyodide")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = ffi.create_once_callable = lambda f: f  # type: ignore[attr-defined]
    ffi.to_js = lambda x, **_k: x  # type: ignore[attr-defined]
    sys.modules.update({"js": js, "pyodide": pyodide, "pyodide.ffi": ffi})
    sys.path.insert(0, str(link.parent))
    try:
        import gwweb.ternar.app as app_mod

        yield app_mod
    finally:
        sys.path.remove(str(link.parent))
        for k in [k for k in sys.modules if k == "gwweb" or k.startswith("gwweb.")]:
            del sys.modules[k]
        for k in ("js", "pyodide", "pyodide.ffi"):
            sys.modules.pop(k, None)
        sys.modules.update(saved)


class FakeShell:
    """The parts of ``gwweb.shared.shell.Shell`` the page uses, with the real storage, i18n,
    toasts and progress services."""

    def __init__(self, backend: Any = None) -> None:
        from gwweb.shared.i18n import I18n
        from gwweb.shared.progress import Progress
        from gwweb.shared.storage import MemoryBackend, Storage
        from gwweb.shared.toasts import Toasts

        self.backend = backend or MemoryBackend()
        self.embed = False
        self.storage = Storage("ternar", self.backend, clock=lambda: 5)
        self.i18n = I18n({"en": {}, "ru": {}}, "en")
        self.notices: list[str] = []
        self.announced: list[str] = []
        self.toasts = Toasts(self, clock=lambda: CLOCK[0])
        self.audio = types.SimpleNamespace(muted=True, tone=lambda *a, **k: None)
        self.progress = Progress(self.storage)
        self.keys: dict[str, str] = {}

    def bindings(self, defaults: dict[str, str]) -> dict[str, str]:
        self.keys = dict(defaults)
        return self.keys

    def set_lang(self, lang: str) -> None:
        self.i18n.set_lang(lang)

    def set_muted(self, muted: bool) -> None:
        self.audio.muted = muted

    def invalidate(self) -> None:
        pass

    def notify(self, text: str) -> None:
        self.notices.append(text)
        self.announce(text)

    def announce(self, text: str) -> None:
        self.announced.append(text)


@dataclass
class Key:
    name: str
    kind: str = "action"
    down: bool = True


def press(app: Any, name: str) -> None:
    app.handle(Key(name))


def key_route(app: Any, gw: Any, nodes: tuple[int, ...]) -> None:
    """Keyboard only: cursor to the first node, Enter, one direction key per link, Enter."""
    from gwweb.ternar.keys import neighbour_in

    dirs = ("W", "E", "NW", "NE", "SW", "SE")
    if not app.ui.show_cursor:
        press(app, "W")  # the first key shows the cursor
    prev: dict[int, tuple[int, str] | None] = {app.ui.cursor.nid: None}
    todo = deque([app.ui.cursor.nid])
    while todo:
        n = todo.popleft()
        for d in dirs:
            m = neighbour_in(n, d)
            if m is not None and m not in prev:
                prev[m] = (n, d)
                todo.append(m)
    path: list[str] = []
    n = nodes[0]
    while prev[n] is not None:
        n, d = prev[n]  # type: ignore[misc]
        path.append(d)
    for d in reversed(path):
        press(app, d)
    assert app.ui.cursor.nid == nodes[0]
    press(app, "select")
    for a, b in zip(nodes, nodes[1:]):
        press(app, next(d for d in dirs if neighbour_in(a, d) == b))
    assert app.ui.route == nodes
    press(app, "select")


def test_keyboard_turns_lock_while_animating_and_queue_the_undo(gw: Any) -> None:
    shell = FakeShell()
    app = gw.create(shell)
    app.start_new("classic", SEED)
    s = Session(GAME, SEED, app.session.options)
    assert app.state_hash() == s.state_hash() and app.tutorial is not None and app.tutorial.step == 0
    route = greedy_route(s.state)
    assert route is not None
    key_route(app, gw, route.nodes)
    s.play(route)
    assert app.state_hash() == s.state_hash()
    assert app.locked() and app.move_anim is not None and app.move_anim.total > 0  # 16.5: input waits
    assert any(a.startswith("Turn 1. Score") for a in shell.announced)
    press(app, "undo")  # an undo is queued for the end of the animation
    assert "Undo after the animation" in shell.toasts.texts()
    CLOCK[0] += app.move_anim.total + 1
    assert app.anim_ms() is None and not app.locked()  # the animation ends, the queued undo runs
    s.play(SoftUndo())
    assert app.state_hash() == s.state_hash() and app.state.undo_counter == "1/1"
    assert app.tutorial.step == 1 and app.tutorial_card()  # the tutorial's cards: Enter, Esc skips
    press(app, "cancel")
    assert app.tutorial is None and shell.storage.read_raw("tutorial") is not None


def test_a_refused_route_changes_nothing_and_tints_its_end(gw: Any) -> None:
    app = gw.create(FakeShell())
    app.start_new("classic", SEED)
    before = app.state_hash()
    st = app.state
    bad = next(
        (a, b)
        for a in range(44)
        for b in range(44)
        if a != b and st.values[a] and st.values[b] and st.values[a] != st.values[b]
    )
    app.ui.released = bad
    assert not app.play(Route(nodes=bad))
    assert app.state_hash() == before and app.fx.tint is not None and app.fx.tint[0] == bad[1]
    press(app, "select")  # Enter on one node and Enter again: a single node is not a route (19.1)
    press(app, "select")
    assert app.state_hash() == before and not app.ui.route


def test_saves_restore_migrate_and_corrupt_ones_are_kept_aside(gw: Any) -> None:
    shell = FakeShell()
    app = gw.create(shell)
    app.start_new("storm", 7)
    for _ in range(3):
        r = greedy_route(app.state)
        assert r is not None
        app.play(r)
    saved = app.state_hash()
    again = gw.create(FakeShell(shell.backend))
    assert again.state_hash() == saved and again.state.options.mode == "storm"
    assert "Game restored" in again.shell.toasts.texts()
    assert json.loads(shell.backend.getItem("gridworks:ternar:scores"))["data"]["in_progress"]

    # a save of rules 1 (no "rules", no "ruleset") replays exactly as it was played
    old = Session(GAME, 6, {"mode": "classic", "ruleset": 1, "start_nodes": 5})
    while old.state.outcome is None and len(old.moves) < 5:
        r = greedy_route(old.state)
        assert r is not None
        old.play(r)
    assert old.moves
    data = {
        "game": "ternar",
        "version": 1,
        "seed": 6,
        "options": {"mode": "classic"},
        "moves": [GAME.format_move(m) for m in old.moves],
    }
    shell.backend.setItem("gridworks:ternar:game", json.dumps({"v": 1, "data": data}))
    migrated = gw.create(FakeShell(shell.backend))
    assert migrated.state_hash() == old.state_hash() and migrated.state.options.ruleset == 1

    shell.backend.setItem("gridworks:ternar:game", '{"v":1,"data":{"game":"ternar"')
    broken = FakeShell(shell.backend)
    fresh = gw.create(broken)
    assert fresh.state.turns == 0
    assert any("gridworks:ternar:game:corrupt" in n for n in broken.notices)
    assert any(k.startswith("gridworks:ternar:game:corrupt") for k in shell.backend.data)


def test_the_new_game_card_and_the_game_over_card_by_keyboard(gw: Any) -> None:
    shell = FakeShell()
    app = gw.create(shell)
    app.start_new("classic", 3)
    press(app, "new")
    assert app.ui.dialog == "new" and app.ui.keyboard
    press(app, "DOWN")
    press(app, "DOWN")
    assert app.ui.dialog_mode == "storm"
    press(app, "select")
    assert app.ui.dialog is None and app.state.options.mode == "storm"
    while app.state.outcome is None:
        r = greedy_route(app.state)
        assert r is not None
        app.play(r)
    app.finish_animation()
    assert shell.announced[-1].endswith("The network lost its links")  # game over, spoken
    press(app, "select")  # Enter on the game-over card: the same mode again
    assert app.state.outcome is None and app.state.turns == 0 and app.state.options.mode == "storm"
    press(app, "lang")
    assert shell.i18n.lang == "ru"


def test_test_hooks_read_the_page(gw: Any) -> None:
    app = gw.create(FakeShell())
    hooks = app.test_hooks()
    hooks["newGame"](5, "zen")
    got = json.loads(hooks["ternarInfo"]())
    assert got["mode"] == "zen" and got["turns"] == 0 and not got["animating"] and got["lock_ms"] == 0.0
    hooks["autoplay"](3)  # ?test=1 in the fake address: the bot drivers are there
    assert json.loads(hooks["ternarInfo"]())["turns"] == 3
    assert json.loads(hooks["telemetry"]())[-1]["meta"]["mode"] == "zen"


def test_the_idle_warm_up_plays_a_throwaway_turn_without_touching_the_game(gw: Any) -> None:
    import gc

    from gwweb.ternar import warmup

    app = gw.create(FakeShell())
    before = app.save_json()
    steps = list(warmup.steps())
    gc.unfreeze()
    assert len(steps) >= 4 and app.save_json() == before


def test_a_board_key_during_the_animation_ends_it_and_is_taken(gw: Any) -> None:
    """2048's rule (issue #30): input during a turn's animation finishes the animation at once and is
    used (here Enter starts a keyboard route); nothing waits, nothing is dropped."""
    shell = FakeShell()
    app = gw.create(shell)
    app.start_new("classic", SEED)
    press(app, "cancel")  # skip the tutorial
    s = Session(GAME, SEED, app.session.options)
    route = greedy_route(s.state)
    assert route is not None
    key_route(app, gw, route.nodes)
    assert app.locked() and app.early_finishes == 0
    press(app, "select")
    assert not app.locked() and app.early_finishes == 1
    assert app.ui.route  # the key started a route on the new field


def test_a_save_with_a_damaged_move_keeps_the_moves_before_it(gw: Any) -> None:
    """Issue #30: one bad move no longer discards the whole saved game: the page restores the moves
    before it, keeps the whole record aside, says so in words for players, and saves the cut game."""
    shell = FakeShell()
    app = gw.create(shell)
    app.start_new("classic", 9)
    for _ in range(5):
        r = greedy_route(app.state)
        assert r is not None
        app.play(r)
    rec = json.loads(shell.backend.getItem("gridworks:ternar:game"))
    good = rec["data"]["moves"]
    rec["data"]["moves"] = [*good[:3], "0-1", good[4]]
    shell.backend.setItem("gridworks:ternar:game", json.dumps(rec))
    again = FakeShell(shell.backend)
    back = gw.create(again)
    ref = Session.load(GAME, {**rec["data"], "moves": good[:3]})
    assert back.state_hash() == ref.state_hash() and back.state.turns == 3
    assert any("restored up to move 3" in n and "kept aside" in n for n in again.notices)
    assert not any("gridworks:" in n for n in again.notices)  # no storage keys in the player's words
    assert any(k.startswith("gridworks:ternar:game:corrupt") for k in shell.backend.data)
    live = json.loads(shell.backend.getItem("gridworks:ternar:game"))
    assert live["data"]["moves"] == good[:3]


def test_a_challenge_link_starts_its_game_or_waits_for_new_game(gw: Any) -> None:
    """Issue #30: ``?seed=N&mode=…`` starts that game; over a game in progress the New game card opens
    and the next new game plays the link (the game in progress is never replaced unasked)."""
    import js  # the test's stand-in module

    old = js.location
    js.location = types.SimpleNamespace(search="?seed=42&mode=storm&test=1")
    try:
        shell = FakeShell()
        app = gw.create(shell)
        assert (app.state.seed, app.state.options.mode, app.state.turns) == (42, "storm", 0)
        assert any("seed 42" in t for t in shell.toasts.texts())
        r = greedy_route(app.state)
        assert r is not None
        app.play(r)
        again = gw.create(FakeShell(shell.backend))  # the link's page reloaded: the same game goes on
        assert again.state.turns == 1 and again.ui.dialog is None
    finally:
        js.location = old
    app.open_link({"daily": ""}, "2026-11-28")  # a game in progress: ask first
    assert app.state.seed == 42 and app.state.turns == 1
    assert app.ui.dialog == "new" and app.ui.dialog_mode == "classic"
    app.on_button("mode:classic")
    assert (app.state.seed, app.state.options.mode, app.state.turns) == (20261128, "classic", 0)
    app.open_link({"seed": "12x"}, "2026-11-28")  # a bad link starts nothing else
    assert app.state.seed == 20261128 and any("names no game" in t for t in app.shell.toasts.texts())


def test_the_new_game_card_offers_the_day_s_game(gw: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #30: the New game card's daily game is today's (UTC) seed in Classic, the game ``?daily``
    names: its button, and by keyboard one step past the last mode or before the first."""
    day = types.SimpleNamespace(toISOString=lambda: "2026-11-29T23:59:59.000Z")
    monkeypatch.setattr(sys.modules["js"], "Date", types.SimpleNamespace(now=lambda: 0, new=lambda: day))
    app = gw.create(FakeShell())
    app.start_new("storm", 3)
    app.on_button("daily")  # no card open: nothing
    assert (app.state.seed, app.state.options.mode) == (3, "storm")
    press(app, "new")
    assert app.ui.dialog_mode == "storm" and not app.ui.dialog_daily
    press(app, "DOWN")  # storm is the last mode: the ring goes to the day's game
    assert app.ui.dialog_daily and app.ui.dialog_mode == "storm"
    press(app, "UP")
    assert not app.ui.dialog_daily and app.ui.dialog_mode == "storm"
    press(app, "DOWN")
    press(app, "DOWN")  # and on to the first mode
    assert not app.ui.dialog_daily and app.ui.dialog_mode == "classic"
    press(app, "UP")  # before the first mode
    assert app.ui.dialog_daily
    press(app, "select")
    assert app.ui.dialog is None and not app.ui.dialog_daily
    assert (app.state.seed, app.state.options.mode, app.state.turns) == (20261129, "classic", 0)
    assert any("seed 20261129" in t for t in app.shell.toasts.texts())
    r = greedy_route(app.state)
    assert r is not None
    app.play(r)
    app.open_dialog()  # the button: the same game again, from its start
    assert not app.ui.dialog_daily
    app.on_button("daily")
    assert (app.state.seed, app.state.options.mode, app.state.turns, app.ui.dialog) == (
        20261129,
        "classic",
        0,
        None,
    )


def test_a_damaged_profile_keeps_its_bests_and_says_so(gw: Any) -> None:
    """Issue #30: a damaged profile never resets Best silently: the readable Bests are kept (and
    stored again), the record is kept aside, the player is told."""
    shell = FakeShell()
    bad = {"best_classic": 5000, "best_storm": 700, "guardrail": "maybe", "sessions": -3}
    shell.backend.setItem("gridworks:ternar:profile", json.dumps({"v": 1, "data": bad}))
    app = gw.create(shell)
    assert app.profile.best_classic == 5000 and app.profile.best_storm == 700
    assert app.profile.guardrail is False and app.profile.sessions == 0
    assert any("5000" in n and "700" in n for n in shell.notices)
    assert any(k.startswith("gridworks:ternar:profile:corrupt") for k in shell.backend.data)
    stored = json.loads(shell.backend.getItem("gridworks:ternar:profile"))["data"]
    assert stored["best_classic"] == 5000
    empty = FakeShell()  # nothing to keep: a plain fresh profile
    empty.backend.setItem("gridworks:ternar:profile", '{"v": 1, "data": {"best_classic": "lots"}}')
    assert gw.create(empty).profile.best_classic == 0


def test_the_share_link_names_this_game_and_a_bad_one_is_refused(gw: Any) -> None:
    """Issue #30's Share button: the page's address without its own query or ``#``, plus the game's
    seed and mode; the link read back starts that game; a half-copied link names no game."""
    from gwweb.ternar.persist import share_link

    from engine.ternar.seeds import link_game

    base = "https://x.example/gridworks/ternar/"
    assert share_link(base + "?test=1#seed=3", 42, "classic") == base + "?seed=42"
    link = share_link(base, 2**64 - 1, "storm")
    assert link == base + f"?seed={2**64 - 1}&mode=storm"
    query = dict(kv.split("=") for kv in link.split("?", 1)[1].split("&"))
    assert link_game(query, "2026-11-28") == (2**64 - 1, "storm")
    assert link_game({"seed": "4", "mode": "sto"}, "2026-11-28") is None  # cut mid-word
    assert link_game({"seed": str(2**64)}, "2026-11-28") is None  # one over the largest seed


@pytest.mark.parametrize("size", [(1000, 720), (390, 844), (640, 480), (360, 520)])
def test_the_top_bar_and_the_embed_strip_keep_off_the_board_and_controls(
    gw: Any, size: tuple[int, int]
) -> None:
    """The shared top bar sits above everything; an embed leaves its bottom strip (the "Click or Tab
    to play" pill) free of controls and nodes (issue #30: the pill covered New game and RU)."""
    from gwweb.ternar.frame import EMBED_PILL
    from gwweb.ternar.layout import compute

    w, h = size
    for bottom in (0.0, EMBED_PILL):
        lay = compute(w, h, top=44.0, bottom=bottom)
        assert lay.top.y == 0 and lay.top.h == 44.0
        for r in (lay.hud, lay.info, lay.bar, lay.board):
            assert r.y >= 44.0 - 1e-9
            assert r.y + r.h <= h - bottom + 1e-9
        assert max(lay.cy) + lay.radius <= h - bottom


def test_an_idle_tutorial_rests_after_its_motion_and_input_wakes_it(gw: Any) -> None:
    """Issue #24/#30 (an idle page asks for no frames): the tutorial's hint route and cards move for
    MOTION_MS after they open or after the last input, ease into a still pose, and the page stops
    animating REST_MARGIN_MS after the end (the last frame is the still pose); any input wakes them."""
    from gwweb.shared.input import Event
    from gwweb.ternar.tutorial_step import FADE_MS, MOTION_MS, REST_MARGIN_MS

    t0 = CLOCK[0] = 50_000.0
    app = gw.create(FakeShell())
    tut = app.tutorial
    assert tut is not None and tut.step == 0 and app.animating() and tut.motion(t0) == 1.0
    end = t0 + MOTION_MS
    CLOCK[0] = end - FADE_MS
    assert tut.motion(CLOCK[0]) == 1.0
    CLOCK[0] = end - FADE_MS / 2
    assert tut.motion(CLOCK[0]) == pytest.approx(0.5)  # easing out
    CLOCK[0] = end
    assert tut.motion(CLOCK[0]) == 0.0 and app.animating()  # the still pose is drawn ...
    CLOCK[0] = end + REST_MARGIN_MS
    assert app.animating()
    CLOCK[0] = end + REST_MARGIN_MS + 1
    assert not app.animating()  # ... then the page rests
    assert not app.shell.toasts.active() and app.move_anim is None

    app.handle(Event("pointer", "move", x=5.0, y=5.0))  # the mouse moves: the motion eases back in
    woke = CLOCK[0]
    assert app.animating() and tut.motion(woke) == 0.0
    assert tut.motion(woke + FADE_MS) == 1.0 and tut.motion(woke + MOTION_MS) == 0.0
    CLOCK[0] = woke + MOTION_MS + REST_MARGIN_MS + 1
    assert not app.animating()

    app.tutorial = tut = type(tut)(1, CLOCK[0])  # the cards rest the same way
    press(app, "select")  # next card: its motion runs from now
    assert tut.step == 2 and app.animating()
    CLOCK[0] += MOTION_MS + REST_MARGIN_MS
    assert app.animating()
    CLOCK[0] += 1
    assert not app.animating()
