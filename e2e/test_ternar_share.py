"""Ternar's Share button (issue #30): it copies this game's challenge link; the link opened starts the
same game (seed and mode); a malformed link starts nothing and says so, and the game goes on. On the
last page (a release build): no bot hooks, and the way back to the launcher (#25). One test, so
that the three boots the links need are the only ones."""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest

from e2e.test_ternar import info
from e2e.util import click_button, save_json, wait_ready


@pytest.mark.parametrize("attempt", range(int(os.environ.get("GW_TERNAR_REPEAT", "1"))))
def test_share_copies_a_link_that_starts_the_same_game_and_a_bad_link_says_so(
    page: Any, site: str, attempt: int
) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.rstrip("/"))
    page.goto(f"{site}ternar/?seed=777&mode=storm")
    wait_ready(page)
    assert (save_json(page)["seed"], info(page)["mode"]) == (777, "storm")
    page.keyboard.press("Escape")  # the tutorial's first card
    click_button(page, "share")
    page.wait_for_function(
        "() => JSON.parse(window.gridworks.ternarInfo()).toasts.some(t => t.includes('?seed='))"
    )
    toast = next(t for t in info(page)["toasts"] if "?seed=" in t)
    link = re.search(r"(http\S+)", toast).group(1)  # type: ignore[union-attr]
    assert link.endswith("ternar/?seed=777&mode=storm")
    assert page.evaluate("() => navigator.clipboard.readText()") == link

    # a half-copied link names no game: nothing else starts and the player is told
    page.goto(f"{site}ternar/?seed=77x&mode=storm")
    wait_ready(page)
    page.wait_for_function(
        "() => JSON.parse(window.gridworks.ternarInfo()).toasts.some(t => t.includes('names no game'))"
    )
    assert save_json(page)["seed"] == 777  # the saved game goes on
    page.goto(link)  # the shared link: the same game (this one, at turn 0)
    wait_ready(page)
    assert (save_json(page)["seed"], info(page)["mode"], info(page)["turns"]) == (777, "storm", 0)

    # a release build has no bot hooks (17.10); the test build (?test=1, e2e/test_ternar.py) has them
    assert page.evaluate("() => typeof window.gridworks.autoplay") == "undefined"
    # #25: the way back to the launcher, by its button and by the shared chrome's key (`)
    assert "home" in [b["id"] for b in json.loads(page.evaluate("() => window.gridworks.buttons()"))]
    page.keyboard.press("Backquote")
    page.wait_for_url(lambda url: url.split("#")[0].split("?")[0] in (site, site + "index.html"))
