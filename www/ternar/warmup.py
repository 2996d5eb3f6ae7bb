"""Warming the page in idle time after the first frame, one small step per idle callback (#20).

The first frame imports only what it draws; the turn animation, the cards, the telemetry records
and pydantic's validators for a turn's events (built on first use) would otherwise be paid inside
the frame of the player's first route. A throwaway turn in idle time pays them before that.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator


def steps() -> Iterator[None]:
    """The warm-up as small steps (each well under a frame's budget in the browser): modules
    first, then one throwaway turn, its save and its telemetry record."""
    from . import anim, dialogs  # noqa: F401 - the turn animation and the cards

    yield
    from engine.core.session import Session
    from engine.ternar import GAME, Route
    from engine.ternar.topology import NEIGHBOURS

    s = Session(GAME, 1, {"mode": "classic"}, keep_events=True)
    v = s.state.values
    pair = next(((a, b) for a in range(len(v)) for b in NEIGHBOURS[a] if v[a] and v[a] == v[b]), None)
    yield
    if pair is not None:
        old = s.state
        events = s.play_events(Route(nodes=pair))
        anim.build(old.values, old.ghosts, events, s.state.values)
        yield
    s.save().model_dump(mode="json")  # what every move's save does
    yield
    from . import persist  # noqa: F401 - records written when a game ends

    yield
    from engine.ternar.telemetry import telemetry

    telemetry(s.state).model_dump(mode="json")
    yield
    # long-lived objects (modules, schemas, the app) go to the permanent generation, so the
    # collector's passes during play walk only what play makes (no collection here: a full pass
    # over pydantic's objects is a long task of its own)
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
