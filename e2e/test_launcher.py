"""The launcher (issue #14): a picture of each game, "Continue" with the saved progress, best score
and stars, and Russian or English following the browser like the games."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from buildtools.games import GAMES
from buildtools.site import built_games
from e2e.conftest import Guard, new_context
from e2e.test_offline import mark_b, offline_state, switchable, variant  # noqa: F401 - a fixture
from e2e.util import wait_ready

SCORES = {"best": {"classic": 1234, "storm": 99}, "stars": {"lv01": 3, "lv02": 2}, "stars_max": 90}


def _cell(page, slug: str):  # noqa: ANN001
    return page.locator(f'td[data-game="{slug}"]')


def test_pictures_continue_best_and_stars(page, site):
    page.goto(site)
    for slug in built_games():
        img = _cell(page, slug).locator("img")
        assert img.count() == 1, slug
        assert page.evaluate("(el) => el.complete && el.naturalWidth > 0", img.element_handle()), (
            f"{slug}: picture did not load"
        )
        assert _cell(page, slug).locator("a[data-part=play]").inner_text().startswith("Play")
    record = {"v": 1, "data": {**SCORES, "in_progress": True, "level": 4, "levels": 30}}
    page.evaluate(
        """(r) => {
            localStorage.setItem('gridworks:reactor:scores', JSON.stringify(r));
            localStorage.setItem('gridworks:reactor:game', '{"v":2,"data":{}}');
            localStorage.setItem('gridworks:runmap:run', '{"v":1,"data":{}}');
            localStorage.setItem('gridworks:orbit:scores', JSON.stringify({v: 1, data: {best: {x: 7}}}));
            localStorage.setItem('gridworks:floodline:last:corrupt:1', 'junk');
            // a game in progress by its scores whose save was set aside, and one whose save is damaged
            localStorage.setItem('gridworks:ternar:scores', JSON.stringify({v: 1, data: {in_progress: true}}));
            localStorage.setItem('gridworks:ternar:game:corrupt:5', '{"v":1,"data":{"rules":"x"}}');
            localStorage.setItem('gridworks:floodline:scores', JSON.stringify({v: 1, data: {in_progress: true}}));
            localStorage.setItem('gridworks:floodline:progress', '{"v":1,"data":{"lev');
        }""",
        record,
    )
    page.reload()
    reactor = _cell(page, "reactor")
    assert reactor.locator("a[data-part=play]").inner_text() == "Continue ▸"
    assert reactor.locator("[data-part=progress]").inner_text() == "Level 4 of 30 · Best 1,234 · ★ 5 of 90"
    # a game with a save but no scores record yet: Continue, no figures
    assert _cell(page, "runmap").locator("a[data-part=play]").inner_text() == "Continue ▸"
    # a finished game's best score without a game in progress: Play, with the best shown
    orbit = _cell(page, "orbit")
    assert orbit.locator("a[data-part=play]").inner_text() == "Play ▸"
    assert orbit.locator("[data-part=progress]").inner_text() == "Best 7"
    # a save set aside (only its backup is left) or damaged offers no Continue it cannot honour
    assert _cell(page, "ternar").locator("a[data-part=play]").inner_text() == "Play ▸"
    assert _cell(page, "floodline").locator("a[data-part=play]").inner_text() == "Play ▸"


def test_russian_browser_gets_a_russian_launcher_and_the_choice_reaches_the_games(browser, site):
    guard = Guard()
    ctx = new_context(browser, guard, locale="ru-RU")
    try:
        page = ctx.new_page()
        page.goto(site)
        assert page.evaluate("() => document.documentElement.lang") == "ru"
        for slug, meta in GAMES.items():
            cell = _cell(page, slug)
            assert cell.locator("[data-part=title]").inner_text() == meta["title_ru"]
            assert cell.locator("[data-part=desc]").inner_text() == meta["description_ru"]
            if slug in built_games():
                assert cell.locator("a[data-part=play]").inner_text() == "Играть ▸"
        page.evaluate(
            "(r) => localStorage.setItem('gridworks:ternar:scores', JSON.stringify(r))",
            {"v": 1, "data": {"best": {"classic": 12345}}},
        )
        page.reload()
        assert _cell(page, "ternar").locator("[data-part=progress]").inner_text() == "Рекорд 12\u00a0345"
        page.click("#gw-lang")  # switch to English: stored as the shared language preference
        assert page.evaluate("() => document.documentElement.lang") == "en"
        assert _cell(page, "reactor").locator("[data-part=title]").inner_text() == GAMES["reactor"]["title"]
        assert page.evaluate("() => localStorage.getItem('gridworks:prefs:lang')") == "en"
        page.reload()
        assert page.evaluate("() => document.documentElement.lang") == "en"
        # the games read the same key (gwweb.shared.shell: Storage("prefs").key("lang"); unit-tested)
    finally:
        ctx.close()
    assert not guard.violations


def _play(page, slug: str):  # noqa: ANN001
    return _cell(page, slug).locator("a[data-part=play]")


def test_a_newer_builds_save_is_not_offered_as_continue(page, site):
    """A game in progress saved by a newer build (rules above this build's): the card says so and
    offers an update, not a Continue that would start afresh; when no newer build can be had, Play
    (a new game, the save untouched). The save is never rewritten by the launcher."""
    page.goto(site)
    rules = json.loads(page.evaluate("() => document.body.innerHTML").split("F = ", 1)[1].split(";", 1)[0])
    newer = json.dumps(
        {"v": 1, "data": {"game": "ternar", "version": 1, "rules": rules["ternar"]["rules"] + 1}}
    )
    page.evaluate(
        """(r) => {
            localStorage.setItem('gridworks:ternar:game', r);
            localStorage.setItem('gridworks:ternar:scores', JSON.stringify({v: 1, data: {in_progress: true, best: {classic: 471}}}));
        }""",
        newer,
    )
    page.reload()
    link = _play(page, "ternar")
    assert link.get_attribute("data-continue") == "newer" and link.inner_text() == "Reload to update ▸"
    progress = _cell(page, "ternar").locator("[data-part=progress]").inner_text()
    assert (
        progress.startswith("Your game in progress was saved by a newer version") and "Best 471" in progress
    )
    with page.expect_navigation():
        link.click()  # no newer build here: the launcher reloads, says so, and offers Play
    page.wait_for_function(
        "() => document.querySelector('td[data-game=ternar] a[data-part=play]').textContent === 'Play ▸'"
    )
    assert "not available here yet" in _cell(page, "ternar").locator("[data-part=progress]").inner_text()
    assert page.evaluate("() => localStorage.getItem('gridworks:ternar:game')") == newer


def _older(dist: Path) -> None:
    """Build A's launcher: the one of a build whose Ternar plays rules one lower than today's."""
    index = dist / "index.html"
    text = index.read_text()
    head, rest = text.split('"ternar": {"key": "game", "rules": ', 1)
    rules, tail = rest.split(",", 1)
    index.write_text(f'{head}"ternar": {{"key": "game", "rules": {int(rules) - 1},{tail}')


def test_an_old_launcher_open_in_a_tab_updates_into_the_build_that_saved(
    browser,
    dist_dir,
    tmp_path,
    switchable,  # noqa: F811 - the fixture imported above
):
    """Build A's launcher stays open in one tab while another tab updates to build B and plays: the
    A launcher shows "saved by a newer version" (not a Continue A cannot honour); its button loads B's
    launcher, which continues the very game (same state hash, save byte-identical, nothing set aside).

    Build A is today's build with its launcher's Ternar rules one lower (an older build's launcher:
    only the launcher of A is used; the games are played by B)."""
    url, point_to = switchable
    older = variant(dist_dir, tmp_path / "a", _older)
    newer = variant(dist_dir, tmp_path / "b", mark_b)
    point_to(older)
    records = "() => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith('gridworks:ternar:')).sort().map((k) => [k, localStorage.getItem(k)]))"
    ctx = browser.new_context()
    try:
        launcher = ctx.new_page()
        launcher.goto(url)
        launcher.wait_for_function(
            "async () => !!(await navigator.serviceWorker.ready).active", timeout=30_000
        )
        assert _play(launcher, "ternar").inner_text() == "Play ▸"
        point_to(newer)  # deploy B; a game tab updates to it and plays
        os.utime(newer / "sw.js", (time.time() + 5, time.time() + 5))
        game = ctx.new_page()
        game.goto(url + "ternar/?test=1")
        wait_ready(game)
        game.wait_for_function(
            "() => ['update-ready', 'failed'].includes(window.gridworks.offline.state)",
            timeout=60_000,
            polling=250,
        )
        assert offline_state(game)["state"] == "update-ready"
        game.reload(timeout=20_000)
        wait_ready(game, timeout=60_000)
        assert game.evaluate("() => window.gridworks.version") == "0.1.0-B"
        game.evaluate("() => window.gridworks.newGame(5, 'classic')")
        played = game.evaluate("() => window.gridworks.autoplay(3)")
        game.wait_for_function(
            "() => JSON.parse(localStorage.getItem('gridworks:ternar:scores') || '{}').data?.in_progress === true"
        )
        stored = game.evaluate(records)
        game.close()
        # build A's launcher, still open, hears the save (a storage event): no Continue
        launcher.bring_to_front()
        launcher.wait_for_function(
            "() => document.querySelector('td[data-game=ternar] a[data-part=play]').dataset.continue === 'newer'",
            timeout=10_000,
        )
        assert _play(launcher, "ternar").inner_text() == "Reload to update ▸"
        assert "newer version" in _cell(launcher, "ternar").locator("[data-part=progress]").inner_text()
        with launcher.expect_navigation(timeout=30_000):
            _play(launcher, "ternar").click()
        launcher.wait_for_function(
            "() => document.querySelector('td[data-game=ternar] a[data-part=play]').dataset.continue === '1'",
            timeout=10_000,
        )
        assert _play(launcher, "ternar").inner_text() == "Continue ▸"
        _play(launcher, "ternar").click()
        wait_ready(launcher, timeout=60_000)
        assert launcher.evaluate("() => window.gridworks.version") == "0.1.0-B"
        assert launcher.evaluate("() => window.gridworks.stateHash()") == played  # the same game, continued
        after = launcher.evaluate(records)
        assert not [k for k in after if ":corrupt:" in k], after
        assert after["gridworks:ternar:game"] == stored["gridworks:ternar:game"]
    finally:
        ctx.close()
