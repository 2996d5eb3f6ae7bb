"""Run Map co-op as a party (issue 29): guests never only watch. At a shrine and at a rest site the
host chooses, and a guest marks a wish for one of the options first (a tap on it, or its number
key): the wish is shown to everyone beside that option, it is not a move (the run and its hash do
not change), and it is forgotten when the host has chosen. Two tabs of one browser, seed 4: after
the first fight node 1 is a shrine and node 3 a rest site."""

from __future__ import annotations

import os
from typing import Any

import pytest

from e2e.test_runmap import click_button, click_node, info, wait_info
from e2e.test_runmap_party import SHOTS, same_run, to_map
from e2e.util import state_hash, wait_ready


def no_card(tab: Any) -> None:
    """Close the result card this tab shows (a guest reads its own), if any."""
    if info(tab)["card"]:
        tab.keyboard.press("Enter")
        wait_info(tab, "!i.card")


def votes(tab: Any, seats: str) -> dict:
    """Wait until ``tab`` shows exactly one option wished for by ``seats`` (a JSON list, '[1]')."""
    return wait_info(tab, f"JSON.stringify(Object.values(i.wishes)) === '[{seats}]'")


# GW_RUNMAP_REPEAT=3 runs it three times in a row
@pytest.mark.parametrize("attempt", range(int(os.environ.get("GW_RUNMAP_REPEAT", "1"))))
def test_runmap_a_guest_wishes_for_shrine_and_rest_options_the_host_decides(
    page: Any, site: str, attempt: int
) -> None:
    page.goto(f"{site}runmap/#coop&seed=4&players=2")
    wait_ready(page)
    wait_info(page, "i.coop === 'host'", 20_000)
    b = page.context.new_page()
    try:
        b.goto(f"{site}runmap/#coop")
        wait_ready(b)
        assert wait_info(b, "i.coop === 'guest'", 20_000)["seat"] == 1
        wait_info(page, "i.connected.length === 2")
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
    finally:
        b.close()
