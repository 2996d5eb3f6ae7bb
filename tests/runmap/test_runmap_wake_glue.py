"""Run Map co-op between devices (issue 29): a host device that was frozen (JavaScript paused, a
phone locked) past the silence limit wakes to the rejoin screen, whatever order the browser runs
its queued callbacks in. The order seen in CI: the guests' beats sent before the freeze arrive
first, then the page's own beat, then (a second later) the channels the guests closed. The page
used to take its own beat as proof it was awake, then drop both guests and go on hosting alone.

Boundaries: a freeze just under the limit is not a sleep (a guest that leaves is dropped as usual);
just over it is; a guest that leaves after the grace that follows waking is dropped as usual.
The test drives ``CoopCtl`` with the tabs world of ``test_runmap_party_glue`` and swaps the host's
link for a stand-in device hub."""

from __future__ import annotations

import json
import types
from typing import Any

import pytest

from tests.runmap.test_runmap_party_glue import Page, open_tabs, world

__all__ = ["world"]  # the fixture, used by name


class Hub:
    """The device link as ``CoopCtl`` uses it: messages sent are kept; nothing is delivered."""

    kind = "devices"
    me = "dev-a"

    def __init__(self) -> None:
        self.sent: list[dict[str, object]] = []
        self.closed = False
        self.seat_of: dict[str, int] = {"k1": 1, "k2": 2}
        self.on_open: Any = None
        self.on_close: Any = None

    def send(self, msg: dict[str, object], peer: str | None = None) -> None:
        self.sent.append(msg)

    def close(self) -> None:
        self.closed = True

    def seated(self, peer: str, seat: int | None) -> None:
        if seat is not None:
            self.seat_of[peer] = seat

    def unseated(self, seat: int) -> None:
        self.seat_of = {k: s for k, s in self.seat_of.items() if s != seat}


def device_host(mods: Any, bus: Any, clock: list[float]) -> Page:
    """Page a hosts seats 0-2 of one run over a device hub (its guests b and c are not simulated)."""
    a, _b, _c = open_tabs(mods, bus, clock)
    assert a.coop.is_host() and a.state.connected == (0, 1, 2)
    a.coop.link.close()
    a.coop.link = Hub()
    a.devices = types.SimpleNamespace(hub=None, code="", stage=None)
    rtc = types.ModuleType("gwweb.runmap.rtc")

    class RtcHub(Hub):
        def __init__(self, _on_text: Any, _stun: bool) -> None:
            super().__init__()
            self.seat_of = {}

    rtc.RtcHub = RtcHub  # type: ignore[attr-defined]
    import sys

    sys.modules["gwweb.runmap.rtc"] = rtc  # removed with the other glue modules by the fixture
    beat_from(a, 1)  # the guests are heard, and the page beats: all awake
    beat_from(a, 2)
    a.coop.tick()
    assert a.state.connected == (0, 1, 2) and not a.coop.asleep()
    return a


def beat_from(a: Page, seat: int, w: int = 0) -> None:
    """A beat from ``seat``'s device echoing the host's wake count ``w`` (after a freeze, ``w = 0``:
    one it sent before it dropped the host, or a guest that no longer follows it)."""
    msg = {"t": "beat", "from": f"dev-{seat}", "by": seat, "seat": seat, "n": 0, "h": 0, "w": w}
    a.coop.receive(json.dumps(msg), f"k{seat}", seat)


def awake_for(
    a: Page, clock: list[float], ms: float, following: tuple[int, ...] = (1, 2), stale: tuple[int, ...] = ()
) -> None:
    """``ms`` pass with the page awake: its beat every second; the guests in ``following`` beat
    and echo its wake count (they kept it as host); those in ``stale`` beat with the count from
    before the freeze (they have not heard the host since it woke)."""
    while ms > 0:
        step = min(ms, 1000.0)
        clock[0] += step
        ms -= step
        for seat in following:
            beat_from(a, seat, a.coop.presence.wakes)
        for seat in stale:
            beat_from(a, seat)
        a.coop.tick()


def wake_as_in_ci(a: Page, clock: list[float], frozen_ms: float) -> None:
    clock[0] += frozen_ms
    beat_from(a, 1)
    beat_from(a, 2)
    a.coop.tick()
    clock[0] += 1000  # the channels' close events, a second later
    a.coop._link_closed("k1", 1)
    a.coop._link_closed("k2", 2)


@pytest.mark.parametrize("frozen_ms", [4_001.0, 7_000.0, 11_000.0])
def test_a_host_frozen_past_the_limit_wakes_to_the_rejoin_screen(world: Any, frozen_ms: float) -> None:
    mods, bus, clock = world
    a = device_host(mods, bus, clock)
    structure = a.state.layout.structure()
    wake_as_in_ci(a, clock, frozen_ms)
    assert a.coop.info()["coop"] == "wait", (a.coop.info(), a.notices)  # never the host of a 2nd game
    assert a.devices.stage == "paste_invite"  # the box for P2's invite is open: one paste back
    assert a.coop.story == a.t("coop_left_dev", h=2)  # told that P2 holds the run
    assert a.state.connected == (0, 1, 2) and a.state.layout.structure() == structure  # run on screen


def test_a_freeze_under_the_limit_is_no_sleep(world: Any) -> None:
    """3.999 s (limit 4 s): the host is awake, and a guest whose channel closes is dropped."""
    mods, bus, clock = world
    a = device_host(mods, bus, clock)
    clock[0] += 3_999
    beat_from(a, 1)
    a.coop._link_closed("k2", 2)
    assert a.coop.is_host() and a.state.connected == (0, 1)
    assert a.devices.stage is None


@pytest.mark.parametrize("later_ms", [7_000.0, 7_001.0])
def test_after_the_grace_a_guest_that_leaves_is_dropped(world: Any, later_ms: float) -> None:
    """The grace after waking is the limit plus 3 beats (7 s): at 7 s a guest's leaving still
    means this page was left behind; at 7.001 s the others kept it, and the guest is dropped."""
    mods, bus, clock = world
    a = device_host(mods, bus, clock)
    clock[0] += 7_000
    beat_from(a, 1)  # the freeze ends; the others kept it: they beat on
    awake_for(a, clock, later_ms)
    a.coop._link_closed("k2", 2)
    if later_ms <= 7_000:
        assert a.coop.info()["coop"] == "wait" and a.devices.stage == "paste_invite"
    else:
        assert a.coop.is_host() and a.state.connected == (0, 1) and a.devices.stage is None


def test_the_host_beats_its_wake_count_and_a_guest_echoes_the_hosts(world: Any) -> None:
    mods, bus, clock = world
    a = device_host(mods, bus, clock)
    clock[0] += 7_000
    beat_from(a, 1)
    a.coop.tick()
    assert a.coop.presence.wakes == 1 and a.coop.link.sent[-1]["w"] == 1
    beat_from(a, 2, 1)
    assert a.coop.presence.following == {2}


@pytest.mark.parametrize(("later_ms", "left_behind"), [(7_001.0, True), (8_000.0, True), (8_001.0, False)])
def test_a_guest_that_drops_the_woken_host_late_still_means_it_was_left_behind(
    world: Any, later_ms: float, left_behind: bool
) -> None:
    """Under load a guest may drop the host after the host woke (its own tick was late, the host's
    new beats not read yet): it never echoes the host's new wake count, and its leaving - however
    late, up to the longest limit any peer waits (the hidden one, 8 s here) - means the host was
    left behind; past that it is an ordinary leave. P3 kept the host and echoes its count."""
    mods, bus, clock = world
    a = device_host(mods, bus, clock)
    a.coop.presence.hidden_ms = 8_000.0
    clock[0] += 7_000
    beat_from(a, 1)  # queued before the freeze
    awake_for(a, clock, later_ms - 1, following=(2,), stale=(1,))
    clock[0] += 1
    a.coop._link_closed("k1", 1)
    if left_behind:
        assert a.coop.info()["coop"] == "wait" and a.devices.stage == "paste_invite"
        assert a.coop.story == a.t("coop_left_dev", h=2)
    else:
        assert a.coop.is_host() and a.state.connected == (0, 2) and a.devices.stage is None


@pytest.mark.parametrize("after_ms", [0.0, 20_000.0])
def test_a_host_that_replays_its_own_drop_rejoins_whenever_that_arrives(world: Any, after_ms: float) -> None:
    """The new host P2 plays ``drop`` of the silent host and announces it before it closes the
    channel; the woken page reads that move (at once, or long after any grace): its own seat is gone
    from the run, so it was left behind - it opens the paste box for P2's invite, never staying on a
    run it has no seat in (the stale screen of the flaky CI run)."""
    from engine.runmap import GAME, Drop

    mods, bus, clock = world
    a = device_host(mods, bus, clock)
    structure = a.state.layout.structure()
    clock[0] += 7_000 + after_ms
    msg = {"t": "move", "from": "dev-1", "by": 1, "n": len(a.session.moves), "m": GAME.format_move(Drop(0))}
    a.coop.receive(json.dumps(msg), "k1", 1)
    assert 0 not in a.state.connected and a.state.host == 1  # the run that went on, as announced
    assert a.coop.info()["coop"] == "wait" and a.devices.stage == "paste_invite"
    assert a.coop.story == a.t("coop_left_dev", h=2)
    assert a.state.layout.structure() == structure
