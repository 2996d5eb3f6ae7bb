"""Run Map co-op as a party, the glue in CPython (issue 29): three tabs on a fake channel, each tab
a ``CoopCtl`` with a stand-in page. Guests' wishes reach every tab through the host, a forged
host pick is refused, and a host that slept past the silence limit rejoins as a guest of the run
that went on (never two hosts). Time is a fake clock; the browser is stubbed (``tests.gwstub``)."""

from __future__ import annotations

import json
import types
from collections.abc import Iterator
from typing import Any

import pytest

from engine.core.hashing import state_hash
from engine.core.session import SaveData, Session
from engine.runmap import GAME, Move, Phase
from engine.runmap.game import party_bot_move
from tests.gwstub import glue_modules


class Bus:
    """A ``BroadcastChannel`` stand-in: posts are queued, ``flush`` delivers them in order;
    a paused tab's mail waits until it resumes."""

    def __init__(self) -> None:
        self.chans: list[Any] = []
        self.queue: list[tuple[Any, str]] = []
        self.paused: set[Any] = set()

    def new(self, _name: str) -> Any:
        bus = self
        ch = types.SimpleNamespace(listeners=[], owner=None)
        ch.addEventListener = lambda _k, fn: ch.listeners.append(fn)
        ch.postMessage = lambda text: bus.queue.extend((o, text) for o in bus.chans if o is not ch)
        ch.close = lambda: bus.chans.remove(ch) if ch in bus.chans else None
        self.chans.append(ch)
        return ch

    def flush(self) -> None:
        for _ in range(10_000):
            ready = [(c, t) for c, t in self.queue if c.owner not in self.paused]
            if not ready:
                return
            c, t = ready[0]
            self.queue.remove((c, t))
            for fn in list(c.listeners):
                fn(types.SimpleNamespace(data=t))


class Page:
    """What ``CoopCtl`` needs of ``RunMapApp``."""

    def __init__(self, coop_mod: Any, bus: Bus, clock: list[float]) -> None:
        self.session: Session[Any, Move] = Session(
            GAME, 7, {"preset": "full", "players": 3}, keep_events=True
        )
        self.notices: list[str] = []
        self.last_error = ""
        self.ui = types.SimpleNamespace(screen="menu")
        self.shell = types.SimpleNamespace(invalidate=lambda: None)
        self.prefs = types.SimpleNamespace(stun=False)
        self.has_run = False
        self.t = lambda key, **kw: key + json.dumps(kw, sort_keys=True)
        self.coop = coop_mod.CoopCtl(self)
        self.bus, self.clock = bus, clock

    @property
    def state(self) -> Any:
        return self.session.state

    def notify(self, text: str) -> None:
        self.notices.append(text)

    def play(self, move: Move, *, remote: bool = False, quiet: bool = False) -> bool:
        before = self.session.state
        try:
            self.session.play(move)
        except ValueError as exc:
            self.last_error = str(exc)
            return False
        self.coop.moved(before, self.session.state)
        if not remote:
            self.coop.broadcast(move)
        return True

    def start_session(self, session: Session[Any, Move]) -> None:
        self.session, self.has_run = session, True

    def has_devices(self) -> bool:
        return False


@pytest.fixture
def world() -> Iterator[tuple[Any, Bus, list[float]]]:
    with glue_modules(
        ("runmap.coop", "runmap.net", "runmap.presence", "runmap.wishes", "runmap.rejoin")
    ) as mods:
        bus, clock, timers = Bus(), [0.0], []
        js = __import__("js")
        js.BroadcastChannel = types.SimpleNamespace(new=bus.new)
        js.Math = types.SimpleNamespace(random=lambda: (len(bus.chans) + 1) / 7)
        js.document = types.SimpleNamespace(
            hidden=False, addEventListener=lambda *a: None, removeEventListener=lambda *a: None
        )
        js.window = types.SimpleNamespace(
            addEventListener=lambda *a: None, removeEventListener=lambda *a: None
        )
        js.setInterval = lambda fn, ms: 0
        js.clearInterval = lambda t: None
        js.setTimeout = lambda fn, ms: timers.append((clock[0] + ms, fn))
        net = mods["runmap.net"]
        net.now = lambda: clock[0]
        net.wall_ms = lambda: int(clock[0])
        net.new_id = lambda: f"tab{len(bus.chans)}"
        bus.timers = timers  # type: ignore[attr-defined]
        yield mods, bus, clock


def run_timers(bus: Bus, clock: list[float], paused: set[Any] = frozenset()) -> None:  # type: ignore[assignment]
    for when, fn in sorted(bus.timers, key=lambda x: x[0]):  # type: ignore[attr-defined]
        if when <= clock[0]:
            bus.timers.remove((when, fn))  # type: ignore[attr-defined]
            fn()
            bus.flush()


def open_tabs(mods: Any, bus: Bus, clock: list[float]) -> list[Page]:
    pages = []
    for _ in range(3):
        p = Page(mods["runmap.coop"], bus, clock)
        p.coop.start(7, {"preset": "full", "players": 3})
        bus.channels_owner = None
        bus.chans[-1].owner = p
        bus.flush()
        clock[0] += mods["runmap.net"].HELLO_WAIT_MS + 100  # past the wait for a host's answer
        run_timers(bus, clock)
        pages.append(p)
    return pages


def tick(pages: list[Page], bus: Bus, clock: list[float], ms: float, paused: tuple[Page, ...] = ()) -> None:
    """Advance the clock ``ms`` in one-second beats; paused pages neither tick nor read their mail."""
    bus.paused = set(paused)
    for _ in range(int(ms // 1000)):
        clock[0] += 1000
        for p in pages:
            if p not in paused:
                p.coop.tick()
                bus.flush()
        run_timers(bus, clock)
    bus.paused = set()


def test_wishes_forged_picks_and_a_host_that_slept(world: Any) -> None:
    mods, bus, clock = world
    a, b, c = open_tabs(mods, bus, clock)
    assert [p.coop.info()["coop"] for p in (a, b, c)] == ["host", "guest", "guest"]
    assert a.state.connected == (0, 1, 2)
    while a.state.phase != Phase.MAP:
        move = party_bot_move(a.state)
        page = next(p for p in (a, b, c) if p.coop.seat == move.seat)
        if page is a:
            a.play(move)
        else:
            page.coop.send_cmd(move)
        bus.flush()
    avail = [n.index for n in a.state.available_nodes()]
    b.coop.wish(avail[0])
    c.coop.wish(avail[-1])
    bus.flush()
    want = {avail[0]: [1], avail[-1]: [2]}
    for p in (a, b, c):
        assert p.coop.party_wishes() == want, (p.coop.seat, p.coop.refused, p.notices[-3:])
    # a forged host pick from another tab id is refused everywhere
    n = len(a.session.moves)
    forger = bus.new("x")
    forger.postMessage(
        json.dumps({"t": "move", "from": "forger", "by": 0, "n": n, "m": f"p0 select {avail[0]}"})
    )
    bus.flush()
    assert len(a.session.moves) == len(b.session.moves) == n
    assert any("another tab" in r for r in a.coop.refused) and any("another tab" in r for r in b.coop.refused)
    # the host sleeps 7 s (visible: limit 4 s): p2 holds the run; the host rejoins as a guest
    tick([a, b, c], bus, clock, 7000, paused=(a,))
    assert b.coop.is_host() and b.state.connected == (1, 2)
    tick([a, b, c], bus, clock, 3000)
    assert a.coop.info()["coop"] == "guest" and a.coop.seat == 0 and a.state.host == 1, (
        a.coop.refused,
        a.notices,
    )
    assert a.state.connected == b.state.connected == c.state.connected == (0, 1, 2)
    assert state_hash(a.state) == state_hash(b.state) == state_hash(c.state)


def test_a_device_that_rejoins_says_so_not_that_the_host_left(world: Any) -> None:
    """A device whose host left is told so and pastes the new host's invite; once it has joined,
    its line says it rejoined (it used to say "the host left" until the party moved on)."""
    mods, bus, clock = world
    a, b, _c = open_tabs(mods, bus, clock)
    gone = b.t("coop_host_gone_dev", h=1, n=3)
    b.coop.story = gone  # what rejoin_devices leaves on screen
    assert b.coop.kept is None and b.coop.info()["story"] == gone
    assert b.coop._adopt(SaveData.model_validate_json(a.session.save_json()), 1)
    assert b.coop.info()["story"] == b.t("coop_rejoined", n=2, h=1)
    first = b.coop.info()["story"]
    b.coop.story = ""  # a first join (no story) stays quiet
    assert b.coop._adopt(SaveData.model_validate_json(a.session.save_json()), 1)
    assert b.coop.info()["story"] == "" != first
