"""Warming the page in idle time after the first frame, one small step per idle callback (#20).

The first frame imports only what it draws; the turn animation, the cards, the telemetry records
and pydantic's validators for a turn's events (built on first use) would otherwise be paid inside
the frame of the player's first route. A throwaway turn in idle time pays them before that.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator


def steps() -> Iterator[None]:
    """The warm-up as small steps: modules first, then one throwaway turn and its records."""
    from . import anim, dialogs  # noqa: F401 - the turn animation and the cards

    yield
    from engine.core.session import Session
    from engine.ternar import GAME
    from engine.ternar.bot import greedy_route

    s = Session(GAME, 1, {"mode": "classic"}, keep_events=True)
    route = greedy_route(s.state)
    yield
    if route is not None:
        old = s.state
        events = s.play_events(route)
        anim.build(old.values, old.ghosts, events, s.state.values)
        yield
    Session.load(GAME, s.save_json())
    yield
    from engine.ternar.telemetry import telemetry

    from . import persist  # noqa: F401 - records written when a game ends

    telemetry(s.state).model_dump(mode="json")
    yield
    # long-lived objects (modules, schemas, the app) leave the collector's young generations, so
    # its passes during play walk only what play makes
    gc.collect()
    gc.freeze()


def run_now() -> None:
    """All steps at once (tests)."""
    for _ in steps():
        pass


def schedule(later: Callable[[Callable[[], None]], None]) -> None:
    """Run the steps one by one, each when ``later`` calls back (an idle callback in the page)."""
    it = steps()

    def one() -> None:
        try:
            next(it)
        except StopIteration:
            return
        later(one)

    later(one)
