"""Platform end-to-end tests: launcher, boot, selfcheck parity, offline, storage, errors, embeds."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path

import pytest

import build
from buildtools.games import GAMES
from buildtools.serve import serve_in_thread
from buildtools.site import built_games, embed_snippet
from e2e.conftest import Guard, new_context
from e2e.util import canvas_has_pixels, notices, open_game, wait_ready


def test_launcher_lists_every_game_and_links_only_built_ones(page, site):
    page.goto(site)
    cells = page.locator("td[data-game]")
    assert cells.count() == len(GAMES)
    assert [cells.nth(i).get_attribute("data-game") for i in range(len(GAMES))] == list(GAMES)
    for slug, meta in GAMES.items():
        cell = page.locator(f'td[data-game="{slug}"]')
        assert meta["title"] in cell.inner_text()
        links = cell.locator("a[data-part=play]")
        if slug in built_games():
            assert links.count() == 1
            with urllib.request.urlopen(site + links.first.get_attribute("href")) as r:
                assert r.status == 200
        else:
            assert links.count() == 0
            assert "coming soon" in cell.inner_text()
        assert meta["title_ru"] in cell.inner_text()


def test_server_sends_wasm_mime_and_revalidation_headers(site):
    with urllib.request.urlopen(site + "pyodide/pyodide.asm.wasm") as r:
        assert r.headers["Content-Type"] == "application/wasm"
        assert r.headers["Cache-Control"] == "no-cache"
        assert r.headers["Last-Modified"]


def test_selfcheck_page_boots_checks_stores_and_fails_visibly(page, site):
    """One page of the selfcheck game, three boots (each step was its own test and boot before):
    the loading screen is drawn before Python; the ready event fires once; the engines' hashes in
    the browser equal CPython's; Python runs without wasm stack switching (Chromium 156 kills the
    renderer when it samples an allocation made on a JSPI stack, so boot.js starts Pyodide without
    JSPI and gives the page its WebAssembly.Suspending back afterwards); the host allow list; a
    record round-trips across a reload; a corrupt one is kept aside with a notice; an exception
    during play stops the game and shows the overlay."""
    page.add_init_script(
        "window.__readyEvents = 0; addEventListener('gridworks:ready', () => window.__readyEvents++)"
    )
    page.goto(site + "selfcheck/", wait_until="commit")
    page.wait_for_function("() => window.gridworks && window.gridworks.timings.loaderDrawn")
    t = page.evaluate("() => window.gridworks.timings")
    assert t["loaderDrawn"] - t["start"] < 1000
    assert canvas_has_pixels(page, min_colors=2)
    wait_ready(page)
    t = page.evaluate("() => window.gridworks.timings")
    assert t["loaderDrawn"] < t["firstFrame"] <= t["interactive"]
    assert page.evaluate("() => window.__readyEvents") == 1
    assert canvas_has_pixels(page)

    browser = json.loads(page.evaluate("() => window.gridworks.selfcheck()"))
    cpython = build.cpython_selfcheck()
    assert set(browser) == set(cpython)
    assert browser == cpython
    assert {"lcg32", "pcg32", "godot_rng", "xorshift128p", "session"} <= set(browser)
    assert page.evaluate("() => window.gridworks.stateHash()")

    assert page.evaluate("() => window.gridworks.jspi") is False
    assert page.evaluate("() => typeof WebAssembly.Suspending") == "function"

    allowed = page.evaluate("""() => ['tron.ru', 'games.tron.ru', 'x.blogspot.com', 'localhost', '127.0.0.1',
        'evil.com', 'tron.ru.evil.com', 'nottron.ru'].map(h => window.gridworksBoot.hostAllowed(h))""")
    assert allowed == [True, True, True, True, True, False, False, False]

    first = page.evaluate("() => window.gridworks.visits()")
    page.reload()
    wait_ready(page)
    assert page.evaluate("() => window.gridworks.visits()") == first + 1

    page.evaluate(
        '() => localStorage.setItem(\'gridworks:selfcheck:visits\', \'{"v":1,"data":{"count":"lots"}}\')'
    )
    page.reload()
    wait_ready(page)
    shown = notices(page)
    assert any("could not be read" in n and "count" in n for n in shown), shown
    kept = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('gridworks:selfcheck:visits:corrupt:'))
                              .map(k => localStorage.getItem(k))""")
    assert kept == ['{"v":1,"data":{"count":"lots"}}']
    assert page.evaluate("() => window.gridworks.visits()") == 1

    page.keyboard.press("Shift+KeyX")
    page.wait_for_function("() => window.gridworks.errors.length > 0")
    assert "during play" in page.evaluate("() => window.gridworks.errors[0].summary")


def test_startup_exception_shows_overlay_with_copy_details(context, site):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(site + "selfcheck/?crash=start")
    page.wait_for_function("() => window.gridworks && window.gridworks.errors.length > 0", timeout=120_000)
    err = page.evaluate("() => window.gridworks.errors[0]")
    assert "deliberate start-up failure" in err["summary"]
    assert "Traceback" in err["details"]
    assert page.evaluate("() => window.gridworks.ready") is False
    box = page.locator("canvas").bounding_box()
    page.mouse.click(box["x"] + 40, box["y"] + box["height"] - 48)  # "Copy details" button
    page.wait_for_function(
        "async () => (await navigator.clipboard.readText()).includes('deliberate start-up failure')",
        timeout=10_000,
    )


def test_service_worker_lists_every_file_with_its_hash(dist_dir: Path):
    import hashlib
    import re

    sw = (dist_dir / "sw.js").read_text()
    files = json.loads(re.search(r"const FILES = (\{.*?\});", sw, re.S).group(1))
    from buildtools.site import GZ_TWINS, SW_SKIP

    on_disk = {p.relative_to(dist_dir).as_posix() for p in dist_dir.rglob("*") if p.is_file()} - {"sw.js"}
    # not in a build's copy: the optional snapshot, the blog snippets, the gzip twins (kept inflated)
    on_disk = {p for p in on_disk if not p.startswith(SW_SKIP) and p not in GZ_TWINS.values()}
    assert set(files) == on_disk
    for rel, h in files.items():
        assert hashlib.sha256((dist_dir / rel).read_bytes()).hexdigest()[:16] == h
    assert not [p for p in on_disk if p.endswith(".map")]


def _snippet_parts(slug: str, site: str) -> tuple[str, str, str]:
    """Chapter 20's pasted code for ``slug`` checked (a table, no style sheet, no flex/grid/absolute,
    no negative margins, 400 px, the palette, absolute links, a short description): (title, code, desc)."""
    snippet = embed_snippet(slug, site)
    lines = snippet.strip("\n").split("\n")
    title, code, desc = lines[0], "\n".join(lines[1:-1]), lines[-1]
    assert code.startswith("<table") and "</table>" in code and "<script" in code
    assert "<style" not in code and "<link" not in code
    assert not re.search(
        r"display:\s*(inline-)?(flex|grid)|position:\s*(absolute|fixed)|margin[-a-z]*:\s*-", code
    )
    assert re.search(r"max-width:400px", code) and "padding:10px" in code and "#3E2723" in code
    assert "background" not in code
    assert all(u.startswith("http") for u in re.findall(r'(?:href|src)="([^"]+)"', code))
    assert len(desc) <= 150 and title
    return title, code, desc


def test_blogger_embed_runs_from_second_origin(browser, site, tmp_path):
    """Every game's snippet keeps chapter 20's rules; the selfcheck game's runs from a second origin
    (the five games' own embeds are played in ``test_embeds``)."""
    for slug in [*built_games(), "selfcheck"]:
        title, code, desc = _snippet_parts(slug, site)
    slug = "selfcheck"
    (tmp_path / "post.html").write_text(
        f"<!doctype html><html><body><h2>{title}</h2>{code}<p>{desc}</p></body></html>"
    )
    srv, host_url = serve_in_thread(tmp_path, host="127.0.0.1")
    post_url = host_url.replace("127.0.0.1", "localhost") + "post.html"
    guard = Guard()
    ctx = new_context(browser, guard)
    try:
        page = ctx.new_page()
        page.goto(post_url)
        assert page.evaluate("() => location.origin") != site.rstrip("/")
        # a poster until the reader taps play; then the game in an iframe on the game's host
        page.locator("a[data-gridworks-play]").last.click()
        page.wait_for_function("() => document.querySelector('iframe') !== null")
        frame = None
        deadline = time.monotonic() + 60
        while frame is None and time.monotonic() < deadline:  # one animation frame of the post a pass
            frame = next((f for f in page.frames if f.parent_frame and f"/{slug}/" in f.url), None)
            page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(true)))")
        assert frame is not None
        frame.wait_for_function(
            "() => window.gridworks && window.gridworks.ready", timeout=120_000, polling=500
        )
        assert canvas_has_pixels(frame, selector="canvas")
        assert frame.evaluate("() => window.gridworksBoot.embed") is True
    finally:
        ctx.close()
        srv.shutdown()
    assert not guard.violations


def test_template_game_plays_saves_restores_and_speaks(page, site):
    from engine.template import GAME as TEMPLATE

    open_game(page, site, "template")
    assert canvas_has_pixels(page)
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => JSON.parse(window.gridworks.saveJson()).moves.length === 1")
    live = page.locator("[aria-live=polite]")
    # the clock's seed may put the goal one step right: then the first move is spoken as the result
    assert live.count() == 1 and ("Steps 1" in live.inner_text() or "Reached in 1 " in live.inner_text())
    page.reload()
    wait_ready(page)
    save = json.loads(page.evaluate("() => window.gridworks.saveJson()"))
    assert save["moves"] == ["R"]  # restored from localStorage through Session.load
    gx, gy = TEMPLATE.initial(save["seed"], {}).goal
    page.keyboard.press("KeyZ")  # undo
    page.wait_for_function("() => JSON.parse(window.gridworks.saveJson()).moves.length === 0")
    for key in ["ArrowRight"] * gx + ["ArrowDown"] * gy:
        page.keyboard.press(key)
    # the result is spoken, and shown on the shared results card (no toast since the template moved
    # onto the shared chrome)
    page.wait_for_function(
        "() => Array.from(window.gridworks.announced()).some(a => a.startsWith('Reached'))"
    )
    scores = json.loads(page.evaluate("() => localStorage.getItem('gridworks:template:scores')"))
    assert scores["data"]["best"] == {"": gx + gy} and scores["data"]["lower_better"] is True
    assert scores["data"]["in_progress"] is False


# -- storage blocked, full or read-only (issue #25) ---------------------------------------------------

BLOCKED = """Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }
});"""
# once the page sets gw-test-full, every write to localStorage fails as a full disk does
FULL = """(() => {
  const get = Storage.prototype.getItem, set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (k, v) {
    if (get.call(this, 'gw-test-full') === '1') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return set.call(this, k, v);
  };
})();"""
UNSAVED = {
    "blocked": "This browser does not let the game store anything",
    "full": "This browser's storage is full, so new progress cannot be saved",
}


def _storage(page) -> dict:
    return json.loads(page.evaluate("() => window.gridworks.storageInfo()"))


def _said(page, text: str) -> int:
    return sum(text in n for n in notices(page))


def _start_a_game(page, slug: str) -> None:
    """Begin a game in progress on ``slug``'s page (stored when storage works)."""

    def click(bid: str) -> None:
        page.wait_for_function(f"() => window.gridworks.buttonCenter('{bid}') !== 'null'", timeout=10_000)
        x, y = json.loads(page.evaluate(f"() => window.gridworks.buttonCenter('{bid}')"))
        page.mouse.click(x, y)

    if slug == "ternar":
        page.evaluate("() => window.gridworks.newGame(5, 'classic')")
        page.evaluate("() => window.gridworks.autoplay(3)")
    elif slug == "reactor":
        from e2e.test_two_tabs import KEYS
        from engine.reactor.campaign import entries

        first = entries()[0]
        click(f"level:{first.key}")
        page.wait_for_function("() => JSON.parse(window.gridworks.reactorInfo()).screen == 'play'")
        page.keyboard.press(KEYS[first.solution[0]])
        page.wait_for_function("() => JSON.parse(window.gridworks.reactorInfo()).moves.length == 1")
    elif slug == "orbit":
        click("preset:hotseat")
        click("start")
    elif slug == "runmap":
        click("start")
    elif slug == "floodline":
        page.evaluate("() => window.gridworks.floodlineStart(1)")
    settled(page)  # Run Map stores its run in idle time after the frame


def _play_on(page, slug: str) -> None:
    """One more step in the restored game (a save attempt where the page makes one per step)."""
    if slug == "ternar":
        page.evaluate("() => window.gridworks.autoplay(1)")
    elif slug == "reactor":
        from e2e.test_two_tabs import KEYS
        from engine.reactor.campaign import entries

        page.keyboard.press(KEYS[entries()[0].solution[1]])
        page.wait_for_function("() => JSON.parse(window.gridworks.reactorInfo()).moves.length == 2")
    elif slug == "floodline":
        page.evaluate("() => window.gridworks.floodlineStart(1)")
    settled(page)


def settled(page) -> None:  # noqa: ANN001
    """Wait until the page has handled its input and stored what it stores after it: two animation
    frames (input is handled by the frame loop), then an idle period (Run Map saves in idle time)."""
    page.evaluate(
        """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() =>
             requestIdleCallback(() => done(true), {timeout: 5000}))))"""
    )


@pytest.mark.parametrize("slug", ["ternar", "reactor", "orbit", "runmap", "floodline"])
def test_full_storage_reads_the_save_and_says_once_it_cannot_save(browser, guard: Guard, site, slug):
    ctx = new_context(browser, guard)
    ctx.add_init_script(FULL)
    try:
        page = ctx.new_page()
        path = f"{slug}/?test=1" if slug == "ternar" else f"{slug}/"
        page.goto(site + path)
        wait_ready(page)
        _start_a_game(page, slug)
        before = page.evaluate("() => window.gridworks.stateHash()")
        stored = page.evaluate(
            "() => Object.keys(localStorage).filter(k => k.startsWith('gridworks:')).sort()"
        )
        page.evaluate("() => localStorage.setItem('gw-test-full', '1')")
        page.reload()
        wait_ready(page)
        assert _storage(page)["status"] == "full"
        assert _said(page, UNSAVED["full"]) == 1, notices(page)
        if slug != "floodline":  # the game in progress was read, not started fresh
            assert page.evaluate("() => window.gridworks.stateHash()") == before
        _play_on(page, slug)  # playing on: no second notice, nothing lost from storage
        assert _said(page, UNSAVED["full"]) == 1, notices(page)
        after = page.evaluate(
            "() => Object.keys(localStorage).filter(k => k.startsWith('gridworks:')).sort()"
        )
        assert after == stored
    finally:
        ctx.close()


@pytest.mark.parametrize("slug", ["ternar", "reactor", "orbit", "runmap", "floodline"])
def test_blocked_storage_plays_and_says_once_it_cannot_save(browser, guard: Guard, site, slug):
    ctx = new_context(browser, guard)
    ctx.add_init_script(BLOCKED)
    try:
        page = ctx.new_page()
        page.goto(site + (f"{slug}/?test=1" if slug == "ternar" else f"{slug}/"))
        wait_ready(page)
        assert _storage(page)["status"] == "blocked"
        assert _said(page, UNSAVED["blocked"]) == 1, notices(page)
        _start_a_game(page, slug)
        assert _said(page, UNSAVED["blocked"]) == 1, notices(page)
        page.goto(site)  # the launcher offers no Continue it cannot honour
        assert page.locator("a[data-part=play]").first.inner_text().startswith("Play")
        assert page.locator('a[data-part=play][data-continue="1"]').count() == 0
    finally:
        ctx.close()


def test_a_save_from_a_newer_build_is_kept_for_it(page, site):
    open_game(page, site, "ternar")
    newer = json.dumps(
        {"v": 1, "data": {"game": "ternar", "version": 1, "rules": 99, "seed": 3, "moves": []}}
    )
    page.evaluate("(r) => localStorage.setItem('gridworks:ternar:game', r)", newer)
    page.reload()
    wait_ready(page)
    shown = notices(page)
    assert any(n.startswith("Your saved game was saved by a newer version of this game") for n in shown), (
        shown
    )
    assert _storage(page)["held"] == ["game"]
    page.evaluate("() => window.gridworks.newGame(4, 'classic')")  # a fresh game here is not stored over it
    assert page.evaluate("() => localStorage.getItem('gridworks:ternar:game')") == newer
    assert page.evaluate("() => Object.keys(localStorage).filter(k => k.includes(':corrupt:')).length") == 0


def test_the_launcher_shows_nothing_from_an_invalid_progress_record(page, site):
    page.goto(site)
    page.evaluate(
        """() => {
            localStorage.setItem('gridworks:ternar:scores', JSON.stringify({v: 1, data: {best: {classic: 'lots'}, in_progress: true}}));
            localStorage.setItem('gridworks:reactor:scores', JSON.stringify({v: 1, data: {stars: {a: 2}, stars_max: -3}}));
            localStorage.setItem('gridworks:orbit:scores', JSON.stringify({v: 1, data: {best: {x: 7}}}));
        }"""
    )
    page.reload()
    for slug in ("ternar", "reactor"):
        assert page.locator(f'td[data-game="{slug}"] [data-part=progress]').inner_text() == ""
        assert page.locator(f'td[data-game="{slug}"] a[data-part=play]').inner_text().startswith("Play")
    assert page.locator('td[data-game="orbit"] [data-part=progress]').inner_text() == "Best 7"  # a valid one
