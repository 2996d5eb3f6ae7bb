"""Run Map co-op between tabs of one browser (issues 19 and 29), four scenarios on three pages booted
once (``test_runmap_coop_kit.Pool``; each scenario starts them afresh):

1. hidden pages: a hidden host draws nothing yet keeps answering, so nobody takes over, a new tab
   joins the running party instead of starting a second run, and a hidden guest keeps replaying;
2. the party: guests mark wishes the host sees before choosing; a tab speaks only for its own seat
   (a forged host pick or a command for another seat is refused and changes nothing); a host whose
   JavaScript is paused (DevTools protocol), visible then hidden, is dropped past the silence limit
   and rejoins as a guest of the run that went on, told so on screen: never two hosts;
3. votes: at a shrine and a rest site a guest wishes for an option (a tap, a number key); the wish
   is shown to everyone, is not a move, and is forgotten when the host has chosen;
4. two tabs: each acts for its own hero, the guest's tap marks a wish, the host's selection appears
   on the other tab, and the other tab takes over when the host tab closes (so it runs last).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from e2e.test_runmap import click_button, click_node, info, settle, wait_info
from e2e.test_runmap_coop_kit import (
    after_scenario,
    frames,
    frames_stopped,
    heard_hidden,
    hide,
    no_card,
    pause_then_resume,
    pool_fixture,
    relaunch,
    same_run,
    to_map,
    wishes_shown,
)
from e2e.util import notices, state_hash

SHOTS = Path(__file__).resolve().parent.parent / "e2e-artifacts"
SHOTS.mkdir(exist_ok=True)
FORGE = """([raw]) => { const ch = new BroadcastChannel('gridworks-runmap-coop'); ch.postMessage(raw); ch.close(); }"""
REPEAT = range(int(os.environ.get("GW_RUNMAP_REPEAT", "1")))  # GW_RUNMAP_REPEAT=3: each scenario three times


@pytest.fixture(scope="module")
def pool(browser: Any, site: str) -> Any:
    yield from pool_fixture(browser, site, devices=False)


@pytest.fixture(autouse=True)
def _scenario(pool: Any, request: pytest.FixtureRequest) -> Any:
    yield from after_scenario(pool, request)


def forge(page: Any, **msg: object) -> None:
    """Post a raw peer message on the tabs' channel from ``page`` (as a misbehaving tab would)."""
    page.evaluate(FORGE, [json.dumps(msg)])


def forge_refusals(page: Any, k: int) -> None:
    """Wait until ``page`` has refused ``k`` messages of a tab speaking for another tab's seat."""
    page.wait_for_function(
        "(k) => JSON.parse(window.gridworks.runInfo()).refused.filter(r => r.includes('another tab')).length >= k",
        arg=k,
    )


def silence_since(page: Any, since: float, seconds: float) -> None:
    """A deliberate must-not-change window: return once ``seconds`` have passed since ``since``
    (``time.monotonic``); the test's steps in between ran inside the window."""
    left = since + seconds - time.monotonic()
    if left > 0:
        page.wait_for_timeout(int(left * 1000))


def moves(page: Any, n: int) -> None:
    page.wait_for_function(f"() => JSON.parse(window.gridworks.runInfo()).moves === {n}", timeout=10_000)


def open_party(pool: Any, seed: int, players: int) -> list[Any]:
    """The first page hosts ``#coop&seed=..&players=..``; the others join as seats 1, 2, ..."""
    tabs = pool.take(players)
    relaunch(tabs[0], f"coop&seed={seed}&players={players}")
    host = wait_info(tabs[0], "i.coop === 'host'", 20_000)
    assert host["seat"] == 0
    for k, tab in enumerate(tabs[1:], start=1):
        relaunch(tab, "coop")
        assert wait_info(tab, "i.coop === 'guest'", 20_000)["seat"] == k
    wait_info(tabs[0], f"i.connected.length === {players}")
    return tabs


@pytest.mark.parametrize("attempt", REPEAT)
def test_runmap_coop_survives_hidden_host_and_guest(pool: Any, attempt: int) -> None:
    page, guest, late = pool.take(3)
    relaunch(page, "coop&seed=321&players=3")
    wait_info(page, "i.coop === 'host'", 20_000)
    relaunch(guest, "coop")
    assert wait_info(guest, "i.coop === 'guest'", 20_000)["seat"] == 1
    # the host goes to the background: it stops drawing but keeps answering
    hide(page)
    drawn = frames_stopped(page)
    hidden_at = time.monotonic()
    # a tab opened now joins the running party (the hidden host hands it seat 2)
    relaunch(late, "coop")
    joined = wait_info(late, "i.coop === 'guest'", 20_000)
    assert joined["seat"] == 2 and joined["connected"] == [0, 1, 2]
    assert state_hash(late) == state_hash(page) == state_hash(guest)
    # a guest's fight choice for its own hero reaches the hidden host, which plays it; a
    # second choice in the same round is refused by the host's engine, and nothing changes
    n = info(page)["moves"]
    guest.keyboard.press("a")
    moves(page, n + 1)
    before = state_hash(page)
    guest.keyboard.press("a")
    guest.wait_for_function(
        "() => Array.from(window.gridworks.notices()).some(n => n.includes('already chosen'))"
    )
    assert state_hash(page) == before
    # deliberate silence: the host has been hidden longer than a visible page's silence limit
    # (the steps above ran inside that window), and nobody took over
    silence_since(guest, hidden_at, 6.0)
    g = info(guest)
    assert g["coop"] == "guest" and g["host"] == 0 and g["connected"] == [0, 1, 2]
    assert frames(page) == drawn  # all of that was handled outside the frame loop
    # now the guest is the hidden one: the host's moves still reach it
    hide(page, False)
    hide(guest)
    guest_hidden_at = time.monotonic()
    if info(page)["intro"]:
        page.keyboard.press("Enter")
        wait_info(page, "!i.intro")
    page.keyboard.press("a")
    moves(page, n + 2)
    moves(guest, n + 2)
    assert state_hash(guest) == state_hash(page) == state_hash(late)
    silence_since(page, guest_hidden_at, 5.0)  # deliberate silence: the hidden guest must not be dropped
    assert info(page)["connected"] == [0, 1, 2]
    hide(guest, False)
    assert info(guest)["coop"] == "guest" and info(late)["host"] == 0


@pytest.mark.parametrize("attempt", REPEAT)
def test_runmap_party_wishes_seats_and_a_paused_host_rejoins(pool: Any, attempt: int) -> None:
    page, b, c = open_party(pool, 4141, 3)
    st = to_map([page, b, c])
    same_run(page, b, c)
    avail = st["available"]
    assert len(avail) >= 2
    for tab in (b, c):
        no_card(tab)
    # guests mark wishes (a tap on a node); the host sees the party's wishes before choosing
    before, n = state_hash(page), info(page)["moves"]
    click_node(b, avail[0])
    click_node(c, avail[-1])
    for tab in (page, b, c):
        wishes_shown(tab, [page, b, c], {avail[0]: [1], avail[-1]: [2]})
    assert any("wish" in x for x in notices(b))
    page.screenshot(path=str(SHOTS / "runmap_party_wishes_host.png"))
    c.set_viewport_size({"width": 390, "height": 844})
    settle(c)  # drawn at the phone's size
    c.screenshot(path=str(SHOTS / "runmap_party_wishes_phone_guest.png"))
    c.set_viewport_size({"width": 1000, "height": 720})
    assert state_hash(page) == before and info(page)["moves"] == n  # a wish is not a move
    # between tabs a tab speaks only for its own seat: a forged host pick and a command for
    # another seat (tab c claiming p0, then p1) are refused and change nothing
    forge(c, t="move", **{"from": "forger-1"}, by=0, n=n, m=f"p0 select {avail[-1]}")
    forge(c, t="cmd", **{"from": "forger-2"}, by=1, seat=1, m="p1 attack")
    forge_refusals(page, 2)  # both forged messages handled (refused) by the host and by p2
    forge_refusals(b, 2)
    assert state_hash(page) == state_hash(b) == state_hash(c) == before
    # the host goes where p2 wished
    page.bring_to_front()
    click_node(page, avail[0])
    wait_info(page, f"i.current === {avail[0]}")
    same_run(page, b, c)
    assert info(page)["wishes"] == {} and info(b)["wishes"] == {}

    # the host's JavaScript is paused while visible: after the 4 s limit p2 holds the run
    pause_then_resume(page, 7_000)
    wait_info(b, "i.coop === 'host'", 10_000)
    a = wait_info(page, "i.coop === 'guest'", 20_000)
    assert a["seat"] == 0 and a["host"] == 1 and "P2" in a["story"]
    assert any("asleep" in x for x in notices(page))
    wait_info(c, "i.connected.length === 3")
    same_run(b, page, c)
    assert info(c)["host"] == 1 and [info(t)["coop"] for t in (page, b, c)] == ["guest", "host", "guest"]

    # hidden: a hidden page is given longer (shortened here from 200 s to 8 s for the test)
    for tab in (page, b, c):
        tab.evaluate("() => window.gridworks.coopLimits(4000, 8000)")
    hide(b)
    heard_hidden([page, c], 1)  # its hidden beat went out
    pause_then_resume(b, 5_000)  # shorter than the hidden limit: still the host
    b.wait_for_timeout(1_500)  # deliberate silence: nobody takes over after the short pause
    assert info(b)["coop"] == "host" and info(page)["host"] == 1 and info(c)["host"] == 1
    pause_then_resume(b, 11_000)  # longer: p1 (seat 0) holds the run, b comes back as a guest
    wait_info(page, "i.coop === 'host'", 10_000)
    back = wait_info(b, "i.coop === 'guest'", 20_000)
    assert back["seat"] == 1 and back["host"] == 0
    hide(b, False)
    wait_info(c, "i.connected.length === 3 && i.host === 0")
    same_run(page, b, c)


def votes(tab: Any, seats: str) -> dict:
    """Wait until ``tab`` shows exactly one option wished for by ``seats`` (a JSON list, '[1]')."""
    return wait_info(tab, f"JSON.stringify(Object.values(i.wishes)) === '[{seats}]'")


@pytest.mark.parametrize("attempt", REPEAT)
def test_runmap_a_guest_wishes_for_shrine_and_rest_options_the_host_decides(pool: Any, attempt: int) -> None:
    """Seed 4, two tabs: after the first fight node 1 is a shrine and node 3 a rest site."""
    page, b = open_party(pool, 4, 2)
    to_map([page, b])
    same_run(page, b)
    no_card(b)

    # the shrine: the guest taps "upgrade"; both see P2's wish beside it, nothing is played
    page.bring_to_front()
    click_node(page, 1)
    wait_info(b, "i.phase === 'shrine'")
    no_card(b)
    before, n = state_hash(page), info(page)["moves"]
    b.bring_to_front()
    click_button(b, "choose:upgrade")
    for tab in (page, b):
        shown = votes(tab, "[1]")
        assert shown["phase"] == "shrine" and shown["moves"] == n
    assert state_hash(page) == before == state_hash(b)
    page.bring_to_front()
    page.screenshot(path=str(SHOTS / "runmap_votes_shrine_host.png"))
    b.screenshot(path=str(SHOTS / "runmap_votes_shrine_guest.png"))
    click_button(page, "choose:upgrade")  # the host decides; the wish is forgotten
    for tab in (page, b):
        wait_info(tab, f"i.moves === {n + 1} && Object.keys(i.wishes).length === 0")

    # the rest site: the guest presses 2 (upgrade) on a phone-sized tab
    to_map([page, b])
    click_node(page, 3)
    wait_info(b, "i.phase === 'rest'")
    no_card(b)
    n = info(page)["moves"]
    b.set_viewport_size({"width": 390, "height": 844})
    b.bring_to_front()
    b.keyboard.press("2")
    for tab in (page, b):
        assert votes(tab, "[1]")["moves"] == n
    b.screenshot(path=str(SHOTS / "runmap_votes_rest_phone_guest.png"))
    page.bring_to_front()
    page.keyboard.press("1")  # the host rests all the same: a wish is a wish
    for tab in (page, b):
        wait_info(tab, f"i.moves === {n + 1} && i.phase === 'map' && Object.keys(i.wishes).length === 0")
    same_run(page, b)


@pytest.mark.parametrize("attempt", REPEAT)
def test_runmap_coop_two_tabs(pool: Any, attempt: int) -> None:
    page, other = open_party(pool, 99, 2)
    assert state_hash(other) == state_hash(page)
    # the layer-0 skirmish: each player acts for their own hero (rules 3), both see every round
    for _ in range(40):
        if info(page)["phase"] != "combat" or info(page)["card"]:
            break
        for tab in (page, other):
            if info(tab)["intro"]:
                tab.keyboard.press("Enter")  # the map first, then the fight
                wait_info(tab, "!i.intro")
        n = info(page)["moves"]
        page.keyboard.press("a")
        wait_info(page, f"i.moves === {n + 1}")
        other.keyboard.press("a")  # the guest's hero: sent to the host, played there
        wait_info(page, f"i.moves === {n + 2}")
    if info(page)["card"]:
        page.keyboard.press("Enter")
    st = wait_info(page, "i.phase === 'map' && !i.card")
    other.wait_for_function(f"() => JSON.parse(window.gridworks.runInfo()).moves === {st['moves']}")
    assert state_hash(other) == state_hash(page)
    # the guest's tap on a node marks its wish (issue 29): the host sees it, the run is unchanged
    before = state_hash(page)
    ginfo = wait_info(other, "i.phase === 'map'")
    no_card(other)
    click_node(other, ginfo["available"][0])
    other.wait_for_function("() => Array.from(window.gridworks.notices()).some(n => n.includes('wish'))")
    wait_info(page, f"JSON.stringify(i.wishes) === '{{\"{ginfo['available'][0]}\":[1]}}'")
    assert state_hash(page) == before and state_hash(other) == before
    # the host's selection appears on the other tab
    target = st["available"][-1]
    click_node(page, target)
    wait_info(other, f"i.current === {target}")
    assert state_hash(other) == state_hash(page)
    structure = info(other)["structure"]
    # the host tab closes: the other tab takes over, the map unchanged (the pool boots a new
    # page for the next scenario that needs one)
    page.close()
    taken = wait_info(other, "i.coop === 'host'", 20_000)
    assert taken["host"] == 1 and taken["connected"] == [1]
    assert taken["structure"] == structure
