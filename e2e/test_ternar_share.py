"""Ternar's Share button (issue #30): it copies this game's challenge link; the link opened starts the
same game (seed and mode); a malformed link starts nothing and says so, and the game goes on; the New
game card's daily game is today's seed; a damaged save is moved aside with a notice. On the last page
(a release build): no bot hooks, and the way back to the launcher (#25). One test, two boots: the saves
the pages must find are put in place from a page of the site that boots nothing (the web manifest)."""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest

from e2e.test_ternar import frames, info, tap
from e2e.util import notices, save_json, wait_ready
from engine.core.session import Session
from engine.ternar import GAME
from engine.ternar.seeds import daily_seed

SAVE = "gridworks:ternar:game"


def no_boot(page: Any, site: str) -> None:
    """A page of the site's origin that runs no game (its storage is the game's)."""
    page.goto(f"{site}manifest.webmanifest")


@pytest.mark.parametrize("attempt", range(int(os.environ.get("GW_TERNAR_REPEAT", "1"))))
def test_share_copies_a_link_that_starts_the_same_game_and_a_bad_link_says_so(
    page: Any, site: str, attempt: int
) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.rstrip("/"))
    no_boot(page, site)
    saved = {"v": 1, "data": json.loads(Session(GAME, 777, {"mode": "storm"}).save_json())}
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE, json.dumps(saved)])

    # a half-copied link names no game: nothing else starts, the player is told, the saved game goes on
    page.goto(f"{site}ternar/?seed=77x&mode=storm")
    wait_ready(page)
    page.wait_for_function(
        "() => JSON.parse(window.gridworks.ternarInfo()).toasts.some(t => t.includes('names no game'))"
    )
    assert (save_json(page)["seed"], info(page)["mode"]) == (777, "storm")

    # Share copies this game's link (the page's own bad query is not part of it)
    page.locator("canvas").first.focus()
    page.keyboard.press("Escape")  # the tutorial's first card
    frames(page)
    tap(page, "share")
    page.wait_for_function(
        "() => JSON.parse(window.gridworks.ternarInfo()).toasts.some(t => t.includes('http') && t.includes('?seed='))"
    )  # the bad link's own toast ("it needs ?seed=number") may still be on screen: not that one
    toast = next(t for t in info(page)["toasts"] if "http" in t and "?seed=" in t)
    link = re.search(r"(http\S+)", toast).group(1)  # type: ignore[union-attr]
    assert link.endswith("ternar/?seed=777&mode=storm")
    assert page.evaluate("() => navigator.clipboard.readText()") == link

    # the shared link on a browser whose saved game is damaged: the save is moved aside and the player
    # told (e2e/test_ternar.py step 6), and the link itself starts its game (no game was in progress)
    no_boot(page, site)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE, '{"v":1,"data":{"game":"ternar"'])
    page.goto(link)
    wait_ready(page)
    assert any("gridworks:ternar:game:corrupt" in n for n in notices(page))
    kept = page.evaluate("() => Object.keys(localStorage).filter(k => k.includes(':corrupt:')).length")
    assert kept >= 1
    assert (save_json(page)["seed"], info(page)["mode"], info(page)["turns"]) == (777, "storm", 0)

    # the New game card's daily game (issue #30): today's seed (the page's UTC day) in Classic
    page.locator("canvas").first.focus()
    page.keyboard.press("Escape")
    page.keyboard.press("KeyN")
    frames(page)
    assert info(page)["dialog"] == "new"
    today = "() => new Date().toISOString().slice(0, 10)"
    day = page.evaluate(today)
    tap(page, "daily")
    got = info(page)
    assert got["dialog"] is None and (got["mode"], got["turns"]) == ("classic", 0)
    assert save_json(page)["seed"] in (daily_seed(day), daily_seed(page.evaluate(today)))  # (midnight)

    # a release build has no bot hooks (17.10); the test build (?test=1, e2e/test_ternar.py) has them
    assert page.evaluate("() => typeof window.gridworks.autoplay") == "undefined"
    # #25: the way back to the launcher, by its button and by the shared chrome's key (`)
    assert "home" in [b["id"] for b in json.loads(page.evaluate("() => window.gridworks.buttons()"))]
    page.keyboard.press("Backquote")
    page.wait_for_url(lambda url: url.split("#")[0].split("?")[0] in (site, site + "index.html"))
