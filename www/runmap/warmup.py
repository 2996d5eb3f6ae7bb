"""Warming the engine in idle time after the first frame, a step per idle callback.

pydantic builds a model's validator on its first use (``defer_build``), so the first fight of a
page costs a hitch (~14 ms in CPython, ~50 ms in the browser) unless something used those models
before. Playing a throwaway run did that at start-up, before the first frame (time to
interactive). Here the moves the player can make next come first (applied to the run on screen
and thrown away: it is immutable), then the same throwaway moves, once the page is up and idle,
one move per ``requestIdleCallback``; the long-lived objects are frozen out of the collector at the end.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator

from engine.core.session import Session
from engine.runmap import GAME, RunState, bot_move, current_options, legal_moves, migrate_save

BUDGET_MS = 8.0  # warm-up work per idle callback: well inside a frame, never a long task


def steps(now: RunState | None = None) -> Iterator[None]:
    """The warm-up as small steps (one engine move each): first every move the player can make
    next in ``now`` (applied and thrown away), then every phase, a card, a save, the end."""
    from .cards import card_for  # noqa: PLC0415 - the outcome cards, first needed by a move

    # The page's objects so far (modules, schemas, the app) leave the collector's passes at once,
    # not only at the end: a collection during the first moves, while the warm-up is still
    # running, walked them all inside a frame (issue #20: 11-15 ms frames in the first fight).
    gc.freeze()
    if now is not None:
        for nxt in legal_moves(now):
            try:
                _, events = GAME.apply_with_events(now, nxt)
            except ValueError:
                continue
            for ev in events:
                card_for(ev.before, ev.after)
            yield
    s = Session(GAME, 1, current_options({"preset": "full", "players": 2}), keep_events=True)
    yield
    for text in ("p1 join", "p0 block", "p1 attack", "p1 drop"):
        s.play_text(text)
        yield
    migrate_save(s.save_json())
    yield
    run = Session(GAME, 1, current_options({"preset": "slice"}), keep_events=True)
    while (move := bot_move(run.state)) is not None:
        for ev in run.play_events(move):
            card_for(ev.before, ev.after)
        yield
    # Long-lived objects (modules, schemas, the app) go to the permanent generation, so the
    # collector's full passes during play walk only the run's own objects: one took 300 ms.
    # No gc.collect() first: in the page that full pass was the one long task after start-up
    # (65-91 ms, 0.7 s after ready); the warm-up's garbage is freed by reference counting.
    gc.freeze()


def run_now(now: RunState | None = None) -> None:
    """All steps at once (tests, CPython benchmarks)."""
    for _ in steps(now):
        pass


def schedule(
    later: Callable[[Callable[[], None]], None],
    now: RunState | None = None,
    clock: Callable[[], float] | None = None,
    budget_ms: float = BUDGET_MS,
) -> None:
    """Run the steps when ``later`` calls back (an idle callback in the page): as many as fit in
    ``budget_ms`` on ``clock`` (at least one), then the rest at the next call."""
    it = steps(now)
    tick = clock or (lambda: 0.0)

    def one() -> None:
        t0 = tick()
        while True:
            try:
                next(it)
            except StopIteration:
                return
            if tick() - t0 >= budget_ms:
                break
        later(one)

    later(one)
