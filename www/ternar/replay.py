"""A replay of the player's best game (issue #30, "Also": "a replay of your best game"). No server:
when a finished (or abandoned) game sets a new Best for its mode, its save (seed, options, moves)
is stored beside the profile as ``best_game_<mode>``. "Watch best" (the New game card and the
game-over card) plays it back on the board, one move after another with the turn's own animation,
while the game in progress waits untouched (nothing is saved, nothing recorded during a replay);
any press or key stops it and brings the game back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.schema import SchemaError
from engine.core.session import SaveData, Session
from engine.ternar import GAME, Move, State

from .replay_state import Replay

if TYPE_CHECKING:
    from gwweb.shared.storage import Storage

    from .page import TernarPage

PAUSE_MS = 450.0  # between one move's animation end and the next move: time to see the board


def record_name(mode: str) -> str:
    return f"best_game_{mode}"


def store_best(storage: Storage, mode: str, save: SaveData) -> None:
    """Keep ``save`` as the best game of ``mode`` (called when it set a new Best)."""
    storage.save(record_name(mode), save)


def has_best(storage: Storage, mode: str) -> bool:
    return storage.read_raw(record_name(mode)) is not None


def load_best(storage: Storage, mode: str) -> Session[State, Move] | None:
    """The stored best game of ``mode`` replayed to its end (an older rules' save migrates as a
    saved game does); None when there is none or it no longer replays (the storage keeps a
    malformed record aside and says so)."""
    save = storage.load(record_name(mode), SaveData)
    if save is None:
        return None
    try:
        return Session.load(GAME, save)
    except SchemaError:
        return None


def start(app: TernarPage, mode: str) -> bool:
    """Start the replay of ``mode``'s best game; False (and the player told) when there is none."""
    best = load_best(app.shell.storage, mode)
    if best is None or not best.moves:
        app.shell.toasts.push(app.t("replay_none"))
        return False
    app.ui.clear_route()
    app.ui.dialog = None
    app.replay = Replay(live=app.session, moves=list(best.moves), next_at=app.clock() + PAUSE_MS)
    app.replay.score = best.state.score
    app.session = Session(GAME, best.seed, best.options, keep_events=True)
    app.move_anim, app.prev_state = None, None
    app.shell.toasts.push(app.t("replay_start", score=best.state.score, n=len(best.moves)))
    app.shell.invalidate()
    return True


def tick(app: TernarPage) -> None:
    """Once a frame while a replay runs: the next move when the last one's animation has ended and
    the pause is over; after the last move (and its pause) the replay stops by itself."""
    rp = app.replay
    if rp is None or app.locked():
        return
    now = app.clock()
    if now < rp.next_at:
        return
    if rp.done >= len(rp.moves):
        stop(app, finished=True)
        return
    app.play(rp.moves[rp.done])
    rp.done += 1
    total = app.move_anim.total if app.move_anim is not None else 0.0
    rp.next_at = now + total + PAUSE_MS


def stop(app: TernarPage, finished: bool = False) -> None:
    """End the replay: the game in progress comes back as it was (nothing of it was changed)."""
    rp = app.replay
    if rp is None:
        return
    app.replay = None
    app.session = rp.live
    app.move_anim, app.prev_state = None, None
    app.arrivals = []
    app.shell.toasts.push(app.t("replay_over" if finished else "replay_stopped"))
    app.shell.invalidate()
