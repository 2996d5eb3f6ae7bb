"""Run Map co-op between three devices (issue 29): three browser contexts linked by codes (a star
through the host). Guests' wishes reach every device through the host. When the host leaves,
the lowest guest holds the run and is told to invite the others again; the other guest is told
who holds the run and finds the paste box for that player's new invite already open, so one
paste (and the answer back) brings it back, in its old seat, on the same run."""

from __future__ import annotations

import os
from typing import Any

import pytest

from e2e.conftest import new_context
from e2e.test_runmap import click_button, click_node, info, wait_info
from e2e.test_runmap_party import same_run, to_map, wishes_shown
from e2e.util import state_hash, wait_ready


def link(host: Any, guest: Any, first: bool) -> None:
    """``host`` invites (its devices dialog), ``guest`` pastes the invite and answers."""
    if first:
        click_button(host, "menu")
        click_button(host, "coop_dev")
        click_button(host, "dev:host")
    else:
        click_button(host, "coop_dev" if info(host)["screen"] == "menu" else "menu")
        if info(host)["dialog"] is None:
            click_button(host, "coop_dev")
    wait_info(host, "i.dialog === 'invite'", 20_000)
    invite = host.evaluate("() => window.gridworks.coopCode()")
    if info(guest)["dialog"] != "paste_invite":
        click_button(guest, "coop_dev")
        click_button(guest, "dev:join")
    guest.fill("#runmap-code", f"my code: {invite} (join!)")
    click_button(guest, "dev:answer")
    wait_info(guest, "i.dialog === 'answer'", 20_000)
    answer = guest.evaluate("() => window.gridworks.coopCode()")
    click_button(host, "dev:next")
    host.fill("#runmap-code", answer)
    click_button(host, "dev:accept")
    wait_info(guest, "i.coop === 'guest'", 20_000)


# GW_RUNMAP_REPEAT=3 runs it three times in a row
@pytest.mark.parametrize("attempt", range(int(os.environ.get("GW_RUNMAP_REPEAT", "1"))))
def test_runmap_three_devices_wishes_and_a_guest_left_behind_rejoins_in_one_step(
    page: Any, site: str, browser, guard, attempt: int
) -> None:
    page.goto(f"{site}runmap/#seed=2025&preset=slice&players=3")
    wait_ready(page)
    ctxs = [new_context(browser, guard), new_context(browser, guard)]
    b, c = (ctx.new_page() for ctx in ctxs)
    try:
        for g in (b, c):
            g.goto(f"{site}runmap/")
            wait_ready(g)
        link(page, b, first=True)
        link(page, c, first=False)
        assert info(b)["seat"] == 1 and info(c)["seat"] == 2
        wait_info(page, "i.connected.length === 3 && i.dialog === null")
        st = to_map([page, b, c])
        same_run(page, b, c)
        for tab in (b, c):
            if info(tab)["card"]:
                tab.keyboard.press("Enter")
                wait_info(tab, "!i.card")
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
    finally:
        for ctx in ctxs:
            ctx.close()
