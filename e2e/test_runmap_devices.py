"""Run Map co-op between devices (issue 19): two browser contexts connect over loopback WebRTC by
swapping an invite and an answer code (no server, no STUN), the host decides and the guest sees
it, malformed / oversized / out-of-turn messages are refused with a note and change nothing, and
when the host drops the guest takes over and plays the run to its end."""

from __future__ import annotations

import json
from typing import Any

from e2e.conftest import new_context
from e2e.test_runmap import click_button, info, wait_info
from e2e.util import state_hash, wait_ready


def play_step(page: Any, guest: Any = None) -> None:
    """One step of the run on ``page`` (the host); in a fight, the guest's hero is chosen on the
    guest's tab (rules 3: each player acts for their own hero)."""
    st = info(page)
    if st["card"]:
        page.keyboard.press("Enter")
        wait_info(page, "!i.card")
        return
    if st["intro"]:  # a new run shows its map first
        page.keyboard.press("Enter")
        wait_info(page, "!i.intro")
        return
    tab = page
    if (
        st["phase"] == "combat"
        and guest is not None
        and st["waiting"]
        and st["waiting"][0] == info(guest)["seat"]
    ):
        tab = guest
    key = {"combat": "a", "shop": "Escape", "shrine": "2", "rest": "1", "event": "2", "map": "Enter"}[
        st["phase"]
    ]
    tab.keyboard.press(key)
    page.wait_for_function(
        f"() => {{ const i = JSON.parse(window.gridworks.runInfo()); return i.moves > {st['moves']} || i.card; }}",
        timeout=10_000,
    )


def test_runmap_devices_by_codes_refuse_bad_peers_and_survive_a_dropped_host(
    page: Any, site: str, browser, guard
):
    page.goto(f"{site}runmap/#seed=2024&preset=slice&players=2")
    wait_ready(page)
    ctx = new_context(browser, guard)
    guest = ctx.new_page()
    try:
        guest.goto(f"{site}runmap/")
        wait_ready(guest)
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
            if info(guest)["phase"] == "over":
                break
            play_step(guest)
        assert info(guest)["phase"] == "over"
    finally:
        ctx.close()
