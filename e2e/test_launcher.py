"""The launcher (issue #14): a picture of each game, "Continue" with the saved progress, best score
and stars, and Russian or English following the browser like the games."""

from __future__ import annotations

from buildtools.games import GAMES
from buildtools.site import built_games
from e2e.conftest import Guard, new_context

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
