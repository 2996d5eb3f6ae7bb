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


def beat_from(a: Page, seat: int) -> None:
    """A beat from ``seat``'s device (after a freeze: one it sent before it dropped the host)."""
    text = json.dumps({"t": "beat", "from": f"dev-{seat}", "by": seat, "seat": seat, "n": 0, "h": 0})
    a.coop.receive(text, f"k{seat}", seat)


def awake_for(a: Page, clock: list[float], ms: float) -> None:
    """``ms`` pass with the page awake: its beat every second, its guests' beats heard."""
    while ms > 0:
        step = min(ms, 1000.0)
        clock[0] += step
        ms -= step
        beat_from(a, 1)
        beat_from(a, 2)
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
