"""Issue #30, "Also": a replay of your best game. A game that sets a new Best keeps its save as
``best_game_<mode>``; "Watch best" plays it back move by move (each move after the last one's
animation and ``PAUSE_MS``), the game in progress untouched (not saved over, not recorded); any key
stops it; a mode without a best game says so. Run in CPython on the page's Python (no browser)."""

from __future__ import annotations

from typing import Any

from test_ternar_page import CLOCK, SEED, FakeShell, press
from test_ternar_page import gw as gw  # noqa: F401 - the page fixture

from engine.core.session import Session
from engine.ternar import GAME
from engine.ternar.bot import greedy_route


def play_turns(app: Any, n: int) -> None:
    for _ in range(n):
        r = greedy_route(app.state, 40, 800)
        assert r is not None
        app.play(r)
        app.finish_animation()


def test_a_new_best_keeps_its_game_and_watch_best_replays_it_without_touching_the_game(gw: Any) -> None:
    from gwweb.ternar import replay

    shell = FakeShell()
    app = gw.create(shell)
    app.start_new("classic", SEED)
    press(app, "cancel")  # the first-run tutorial
    play_turns(app, 3)
    best_moves, best_score = list(app.session.moves), app.state.score
    app.on_button("replay")  # no best game yet: said, nothing starts
    assert app.replay is None and shell.toasts.texts()[-1].startswith("No best game in this mode")

    app.start_new("classic", SEED + 1)  # the 3-move game is abandoned: it is the new Best
    assert app.profile.best_classic == best_score > 0
    assert Session.load(GAME, _data(shell)).moves == best_moves
    play_turns(app, 1)  # a game in progress, lower than Best
    live_hash, live_raw = app.state_hash(), shell.storage.read_raw(app.SAVE)
    sessions = app.profile.sessions

    press(app, "new")  # the New game card offers "Watch best" for the highlighted mode
    assert app.ui.dialog == "new"
    app.on_button("replay")
    rp = app.replay
    assert rp is not None and app.ui.dialog is None and len(rp.moves) == 3
    assert app.state.seed == SEED and app.state.turns == 0  # the best game, from its start
    assert app.latest_save()[0]["seed"] == SEED + 1  # "keep playing here" stores the game in progress
    ref = Session(GAME, SEED, app.session.options)
    for i, move in enumerate(best_moves):
        CLOCK[0] = rp.next_at - 1  # one ms early: nothing yet
        replay.tick(app)
        assert rp.done == i and app.state.turns == i
        CLOCK[0] = rp.next_at  # its time: the next move, with the turn's own animation
        replay.tick(app)
        ref.play(move)
        assert rp.done == i + 1 and app.state_hash() == ref.state_hash() and app.move_anim is not None
        assert rp.next_at == CLOCK[0] + app.move_anim.total + replay.PAUSE_MS
        assert shell.storage.read_raw(app.SAVE) == live_raw  # nothing of the replay is stored
    CLOCK[0] = rp.next_at
    replay.tick(app)  # after the last move's pause the replay ends by itself
    assert app.replay is None and app.state_hash() == live_hash and app.state.turns == 1
    assert shell.toasts.texts()[-1].startswith("Replay over")
    assert app.profile.sessions == sessions and app.profile.best_classic == best_score

    app.on_button("replay")  # again, from the board; a key stops it and plays nothing
    CLOCK[0] = app.replay.next_at
    replay.tick(app)
    press(app, "select")
    assert app.replay is None and app.state_hash() == live_hash
    assert shell.toasts.texts()[-1].startswith("Replay stopped")
    assert shell.storage.read_raw(app.SAVE) == live_raw

    app.start_new("classic", SEED + 2)  # the 1-move game was lower than Best: the best game stays
    assert Session.load(GAME, _data(shell)).moves == best_moves
    press(app, "new")
    press(app, "DOWN")
    press(app, "DOWN")
    assert app.ui.dialog_mode == "storm"
    app.on_button("replay")  # no Hexa-Storm best game: said, nothing starts
    assert app.replay is None and shell.toasts.texts()[-1].startswith("No best game in this mode")


def _data(shell: FakeShell) -> Any:
    import json

    raw = shell.storage.read_raw("best_game_classic")
    assert raw is not None
    return json.loads(raw)["data"]
