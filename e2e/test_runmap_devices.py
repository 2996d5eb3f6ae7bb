"""Run Map co-op between devices (issues 19 and 29): browser contexts (no shared storage or channel)
linked over loopback WebRTC by swapping codes (no server, no STUN). Four scenarios on three pages
booted once (``test_runmap_coop_kit.Pool``, one context each; each scenario starts them afresh):

1./2. the sleeping host, visible then hidden: the host device's JavaScript is paused past the
   silence limit (DevTools protocol, as a locked phone stops a page). The lowest guest holds the
   run and the other guest rejoins it in one step; when the host wakes it does not go on hosting
   its old game: it is told it was away and who holds the run, with the paste box for that
   player's invite already open, and one paste brings it back as a guest of the run that went on;
3. three devices: guests' wishes reach every device through the host; when the host leaves, the
   lowest guest holds the run and is told to invite the others again; the other guest is told who
   holds the run and finds the paste box already open, so one paste (and the answer back) brings
   it back, in its old seat, on the same run;
4. two devices: the host decides and the guest sees it; malformed / oversized / out-of-turn
   messages are refused with a note and change nothing; when the host drops the guest takes over
   and plays the run to its end.
Scenarios 3 and 4 close their host (the pool boots a page for the next one that needs it).
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from e2e.test_runmap import click_button, click_node, info, wait_info
from e2e.test_runmap_coop_kit import (
    after_scenario,
    heard_hidden,
    hide,
    link,
    no_card,
    pause_then_resume,
    pool_fixture,
    relaunch,
    same_run,
    to_map,
    wishes_shown,
)
from e2e.util import state_hash

REPEAT = range(int(os.environ.get("GW_RUNMAP_REPEAT", "1")))  # GW_RUNMAP_REPEAT=3: each scenario three times


@pytest.fixture(scope="module")
def pool(browser: Any, site: str) -> Any:
    yield from pool_fixture(browser, site, devices=True)


@pytest.fixture(autouse=True)
def _scenario(pool: Any, request: pytest.FixtureRequest) -> Any:
    yield from after_scenario(pool, request)


def party_of_three(pool: Any, seed: int) -> tuple[Any, Any, Any, dict]:
    """Three devices: the first hosts a slice run of ``seed`` and invites the others (codes pasted
    inside chat text); all three reach the map, every result card closed."""
    page, b, c = pool.take(3)
    relaunch(page, f"seed={seed}&preset=slice&players=3")
    link(page, b, first=True)
    link(page, c, first=False)
    assert info(b)["seat"] == 1 and info(c)["seat"] == 2
    wait_info(page, "i.connected.length === 3 && i.dialog === null")
    st = to_map([page, b, c])
    same_run(page, b, c)
    for tab in (b, c):
        no_card(tab)
    return page, b, c, st


@pytest.mark.parametrize("attempt", REPEAT)
@pytest.mark.parametrize("hidden", [False, True], ids=["visible", "hidden"])
def test_runmap_a_device_host_that_slept_rejoins_as_a_guest_of_the_run_that_went_on(
    pool: Any, attempt: int, hidden: bool
) -> None:
    page, b, c, st = party_of_three(pool, 2026)
    page.bring_to_front()
    click_node(page, st["available"][0])  # the party moves once before the host sleeps
    wait_info(page, f"i.current === {st['available'][0]}")
    same_run(page, b, c)
    structure = info(b)["structure"]

    # the host device sleeps past the 4 s limit of a visible page; hidden (a locked phone), past
    # the hidden limit (200 s, shortened here to 8 s by the test build's hook)
    if hidden:
        for tab in (page, b, c):
            tab.evaluate("() => window.gridworks.coopLimits(4000, 8000)")
        hide(page)
        heard_hidden([b, c], 0)  # its hidden beat went out
    pause_then_resume(page, 11_000 if hidden else 7_000)
    if hidden:
        hide(page, False)
    held = wait_info(b, "i.coop === 'host'", 20_000)
    assert "you hold the run" in held["story"]
    woke = wait_info(page, "i.coop !== 'host' && i.dialog === 'paste_invite'", 20_000)
    assert woke["structure"] == structure  # the run stays on screen, never a blank or new game
    assert "P2" in woke["story"]  # told who holds the run now
    # never two hosts: only p2 hosts, and the woken device has not moved the run on its own
    assert info(b)["coop"] == "host" and woke["coop"] != "host"

    # the other guest and the woken host each rejoin with one paste of p2's new invite
    if info(c)["coop"] != "guest" or info(c)["host"] != 1:
        wait_info(c, "i.dialog === 'paste_invite'", 20_000)
        link(b, c, first=False)
    link(b, page, first=False)
    back = wait_info(page, "i.coop === 'guest'", 20_000)
    assert back["host"] == 1 and back["seat"] in (0, 2)
    wait_info(b, "i.connected.length === 3", 20_000)
    assert [info(t)["coop"] for t in (page, b, c)].count("host") == 1
    assert state_hash(page) == state_hash(b) == state_hash(c)


@pytest.mark.parametrize("attempt", REPEAT)
def test_runmap_three_devices_wishes_and_a_guest_left_behind_rejoins_in_one_step(
    pool: Any, attempt: int
) -> None:
    page, b, c, st = party_of_three(pool, 2025)
    # wishes go through the host to every device
    avail = st["available"]
    click_node(b, avail[0])
    click_node(c, avail[-1])
    for tab in (page, b, c):
        wishes_shown(tab, [page, b, c], {avail[0]: [1], avail[-1]: [2]})
    structure, moves = info(b)["structure"], info(page)["moves"]

    # the host leaves: p2 holds the run; p3 is told who and gets the paste box at once
    page.close()
    held = wait_info(b, "i.coop === 'host'", 20_000)
    assert held["connected"] == [1] and "you hold the run" in held["story"]
    left = wait_info(c, "i.dialog === 'paste_invite'", 20_000)
    assert "P2 holds the run" in left["story"] and left["coop"] == "wait"
    assert left["structure"] == structure  # the run stays on screen, not a blank page
    # one step: paste p2's new invite (the box is already open), answer back
    link(b, c, first=False)
    back = info(c)
    assert back["seat"] == 2 and back["host"] == 1 and back["moves"] >= moves
    wait_info(b, "i.connected.length === 2")
    assert state_hash(b) == state_hash(c)


def play_step(page: Any, guest: Any = None) -> str:
    """One step of the run on ``page`` (the host); in a fight, the guest's hero is chosen on the
    guest's tab (rules 3: each player acts for their own hero). Returns the phase it found
    (nothing is pressed once the run is over)."""
    st = info(page)
    if st["phase"] == "over":
        return "over"
    if st["card"]:
        page.keyboard.press("Enter")
        wait_info(page, "!i.card")
        return str(st["phase"])
    if st["intro"]:  # a new run shows its map first
        page.keyboard.press("Enter")
        wait_info(page, "!i.intro")
        return str(st["phase"])
    tab = page
    if (
        st["phase"] == "combat"
        and guest is not None
        and st["waiting"]
        and st["waiting"][0] == info(guest)["seat"]
    ):
        tab = guest
        no_card(guest)  # a guest reads its own result card (a hero down) before it can choose
    key = {"combat": "a", "shop": "Escape", "shrine": "2", "rest": "1", "event": "2", "map": "Enter"}[
        st["phase"]
    ]
    tab.keyboard.press(key)
    page.wait_for_function(
        f"() => {{ const i = JSON.parse(window.gridworks.runInfo()); return i.moves > {st['moves']} || i.card; }}",
        timeout=10_000,
    )
    return str(st["phase"])


@pytest.mark.parametrize("attempt", REPEAT)
def test_runmap_devices_by_codes_refuse_bad_peers_and_survive_a_dropped_host(pool: Any, attempt: int) -> None:
    page, guest = pool.take(2)
    relaunch(page, "seed=2024&preset=slice&players=2")
    # host: menu -> co-op between devices -> host a party: an invite code
    click_button(page, "menu")
    click_button(page, "coop_dev")
    assert info(page)["dialog"] == "choose"
    click_button(page, "dev:host")
    wait_info(page, "i.dialog === 'invite' && i.coop === 'host'")
    invite = page.evaluate("() => window.gridworks.coopCode()")
    assert invite.startswith("GWRM-INVITE-")
    # guest: join, paste the invite (a wrong code first), make the answer
    click_button(guest, "coop_dev")
    click_button(guest, "dev:join")
    guest.fill("#runmap-code", "hello there")
    click_button(guest, "dev:answer")
    guest.wait_for_function("() => Array.from(window.gridworks.notices()).some(n => n.includes('GWRM-'))")
    guest.fill("#runmap-code", invite)
    click_button(guest, "dev:answer")
    wait_info(guest, "i.dialog === 'answer'")
    answer = guest.evaluate("() => window.gridworks.coopCode()")
    assert answer.startswith("GWRM-ANSWER-")
    # host: paste the answer; the data channel opens and the guest gets seat 2 (p1)
    click_button(page, "dev:next")
    page.fill("#runmap-code", answer)
    click_button(page, "dev:accept")
    g = wait_info(guest, "i.coop === 'guest'", 20_000)
    assert g["seat"] == 1 and g["link"] == "devices" and g["dialog"] is None
    wait_info(page, "i.connected.length === 2 && i.dialog === null")
    assert state_hash(guest) == state_hash(page)
    # a misbehaving peer: malformed, oversized and out-of-turn messages are refused with a note
    before, moves = state_hash(page), info(page)["moves"]
    bad = [
        "garbage",
        "x" * 70_000,
        json.dumps({"t": "move", "from": "evil", "n": moves, "m": "p0 attack"}),
        json.dumps({"t": "move", "from": "evil", "n": moves, "m": "p0 attack", "by": 0}),
        json.dumps({"t": "cmd", "from": "evil", "seat": 0, "m": "p0 attack"}),
    ]
    for raw in bad:
        guest.evaluate("(t) => window.gridworks.coopSendRaw(t)", raw)
    page.wait_for_function("() => JSON.parse(window.gridworks.runInfo()).refused.length >= 5")
    notes = " | ".join(info(page)["refused"])
    assert "not valid JSON" in notes and "too large" in notes and "not the host" in notes
    assert "cannot speak for p0" in notes
    assert state_hash(page) == before and info(page)["moves"] == moves
    # the guest chooses for its own hero: the host's engine plays it; a second choice is refused
    if info(page)["intro"]:
        page.keyboard.press("Enter")
        wait_info(page, "!i.intro")
    guest.keyboard.press("a")
    wait_info(page, f"i.moves === {moves + 1}")
    guest.keyboard.press("a")
    guest.wait_for_function(
        "() => Array.from(window.gridworks.notices()).some(n => n.includes('already chosen'))"
    )
    assert info(page)["moves"] == moves + 1
    # the host decides on the map and for its hero; the guest sees every move
    for _ in range(6):
        play_step(page, guest)
    n = info(page)["moves"]
    guest.wait_for_function(f"() => JSON.parse(window.gridworks.runInfo()).moves === {n}")
    assert state_hash(guest) == state_hash(page)
    structure = info(guest)["structure"]
    # the host drops: the guest takes over with the run unchanged and plays it to its end
    page.close()
    took = wait_info(guest, "i.coop === 'host'", 20_000)
    assert took["host"] == 1 and took["connected"] == [1] and took["structure"] == structure
    for _ in range(150):
        if play_step(guest) == "over":
            break
    assert info(guest)["phase"] == "over"
