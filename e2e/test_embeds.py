"""Games embedded in a Blogger-like post (issue #25): a page with three embeds, on desktop and on a
phone. Before a tap each embed is a poster (picture, "Tap to play" with its download size) that
downloads only embed.js and its picture and runs nothing heavy; a tap starts the game in an
iframe on the game's host, and any number of them run and are played on one page. The game is a polite guest
(issue #14): arrows and space scroll the post until the game is clicked, Escape gives them back.
On a phone, swipes over a poster scroll the post."""

from __future__ import annotations

import json
import time
from pathlib import Path
from urllib.parse import urlparse

from buildtools.serve import serve_in_thread
from buildtools.site import STATIC, embed_snippet
from e2e.conftest import Guard, new_context
from e2e.util import canvas_has_pixels

EMBEDDED = ["ternar", "floodline", "orbit"]
POSTER_BUDGET = 150_000  # bytes, for all three posters together (the target is per poster)
BOOT_MS = 120_000

# long tasks on the blog page, recorded from its first moment
LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longtasks.push(e.duration); })
  .observe({type: 'longtask', buffered: true});
"""


def _blog(tmp_path: Path, site: str) -> str:
    """A Blogger-like home page (Russian, like the blog): three posts, each a title line, the pasted
    code and its description, with long text between them."""
    posts = []
    for i, slug in enumerate(EMBEDDED):
        lines = embed_snippet(slug, site, 8_900_000).strip("\n").split("\n")
        title, code, desc = lines[0], "\n".join(lines[1:-1]), lines[-1]
        filler = "".join(f"<p>Абзац {j} поста {i}.</p>" for j in range(40))
        posts.append(f"<div class='post' id='post{i}'><h2>{title}</h2>{code}<p>{desc}</p>{filler}</div>")
    (tmp_path / "blog.html").write_text(
        "<!doctype html><html lang='ru'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'></head>"
        f"<body><h1 id='title'>Блог</h1>{''.join(posts)}</body></html>"
    )
    return "blog.html"


def _open_blog(ctx, tmp_path: Path, site: str):  # noqa: ANN001, ANN202
    """The blog page on another origin (localhost vs the site's 127.0.0.1), with every response
    from the game's host counted: (page, list of (path, bytes), server)."""
    srv, host_url = serve_in_thread(tmp_path, host="127.0.0.1")
    url = host_url.replace("127.0.0.1", "localhost") + _blog(tmp_path, site)
    site_host = urlparse(site).netloc
    fetched: list[tuple[str, int]] = []

    def done(req) -> None:  # noqa: ANN001
        if urlparse(req.url).netloc == site_host:
            sizes = req.sizes()
            fetched.append((urlparse(req.url).path, sizes["responseBodySize"] + sizes["responseHeadersSize"]))

    page = ctx.new_page()
    page.add_init_script(LONGTASKS)
    page.on("requestfinished", done)
    page.goto(url)
    page.wait_for_function("() => !!window.gridworksEmbeds")
    page.wait_for_load_state("networkidle")
    return page, fetched, srv


def _game_frame(page, slug: str):  # noqa: ANN001, ANN202
    """The iframe of ``slug`` (once it has navigated to the game's page)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # one animation frame of the post a pass
        frames = [f for f in page.frames if f.parent_frame is not None and f"/{slug}/" in f.url]
        if frames:
            assert len(frames) == 1, [f.url for f in page.frames]
            return frames[0]
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done(true)))")
    raise AssertionError(f"no iframe of {slug}: {[f.url for f in page.frames]}")


def _wait_frame_ready(frame) -> None:  # noqa: ANN001
    frame.wait_for_function(  # polled by time: an iframe scrolled out of view gets no animation frames
        "() => window.gridworks && (window.gridworks.ready || (window.gridworks.errors || []).length)",
        timeout=BOOT_MS,
        polling=500,
    )
    assert frame.evaluate("() => window.gridworks.errors") == []


def _swipe_up(cdp, x: float, y: float, dy: float) -> None:  # noqa: ANN001
    """A finger drawn ``dy`` px up from (x, y), as touch events (the post should scroll down)."""
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for i in range(1, 11):
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y - dy * i / 10}]}
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def _tap_play(page, index: int, tap: bool = False) -> None:  # noqa: ANN001
    link = page.locator("a[data-gridworks-play]:not(:has(img))").nth(index)
    link.scroll_into_view_if_needed()
    if tap:
        link.tap()
    else:
        link.click()


SCROLL_SETTLED = """() => {
  const y = window.scrollY, same = window.__gwLastY === y;
  window.__gwLastY = y;
  window.__gwStill = same ? (window.__gwStill || 0) + 1 : 0;
  return window.__gwStill >= 3;
}"""


def _settle(page) -> None:  # noqa: ANN001
    """Wait until the post has stopped scrolling (PageDown scrolls smoothly, over several frames,
    so a box read mid-scroll is stale by the time the mouse clicks it)."""
    page.evaluate("() => { window.__gwLastY = undefined; window.__gwStill = 0; }")
    page.wait_for_function(SCROLL_SETTLED, timeout=10_000, polling=100)


def _click_game_button(page, slug: str, button: str) -> None:  # noqa: ANN001
    """Click canvas button ``button`` of the running embed ``slug`` (its box from the game's hook),
    once the post is still."""
    frame = _game_frame(page, slug)
    found = [b for b in json.loads(frame.evaluate("() => window.gridworks.buttons()")) if b["id"] == button]
    assert found, f"{slug} shows no {button!r}"
    b = found[0]
    _click_game_point(page, slug, b["x"] + b["w"] / 2, b["y"] + b["h"] / 2)


def _click_game_point(page, slug: str, x: float, y: float) -> None:  # noqa: ANN001
    """Click point (x, y) of the running embed ``slug``'s canvas, once the post is still."""
    iframe = page.locator(f"table[data-gridworks-embed='{slug}'] iframe")
    _settle(page)
    iframe.scroll_into_view_if_needed()
    _settle(page)
    box = iframe.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + x, box["y"] + y)


def test_three_posters_cost_little_and_each_starts_its_own_game(browser, site, tmp_path):
    guard = Guard()
    ctx = new_context(browser, guard)
    srv = None
    try:
        page, fetched, srv = _open_blog(ctx, tmp_path, site)
        # 1. posters only: embed.js and three pictures, nothing else from the game's host
        fetched = list(fetched)  # before any tap
        paths = sorted(p for p, _ in fetched)
        pictures = [
            f"/{'poster' if (STATIC / 'poster' / f'{g}.jpg').exists() else 'launcher'}/{g}.jpg"
            for g in EMBEDDED
        ]
        assert paths == sorted(["/embed.js", *pictures]), paths
        poster_bytes = sum(n for _, n in fetched)
        assert poster_bytes <= POSTER_BUDGET, poster_bytes
        assert page.locator("iframe").count() == 0
        texts = page.locator("a[data-gridworks-play]:not(:has(img))").all_inner_texts()
        # each snippet speaks its game's language (Ternar's post is Russian) and names the download
        assert texts == [
            "▶ Нажмите, чтобы играть · 8,9 МБ",
            "▶ Tap to play · 8.9 MB",
            "▶ Tap to play · 8.9 MB",
        ]
        longest = max(page.evaluate("() => window.__longtasks"), default=0)
        print(
            f"\nposters: {poster_bytes} bytes for {len(EMBEDDED)}, longest task before a tap {longest:.0f} ms"
        )

        # 2. the third and then the second poster tapped: two games run, each isolated in its iframe
        for i in (2, 1):
            _tap_play(page, i)
            _wait_frame_ready(_game_frame(page, EMBEDDED[i]))
        assert page.locator("iframe").count() == 2
        for slug in (EMBEDDED[2], EMBEDDED[1]):
            frame = _game_frame(page, slug)
            assert frame.evaluate("() => window.gridworks.game") == slug
            # the page's language is the one the game speaks (the browser's here, English)
            assert frame.evaluate("() => document.documentElement.lang") == "en"
            assert canvas_has_pixels(frame, "canvas")
        assert page.locator("table[data-gridworks-embed='ternar'] iframe").count() == 0  # still a poster
        assert not page.evaluate("() => 'gridworks' in window")  # nothing of the game in the blog's page

        # 3. a polite guest: the post keeps the keys until the game is clicked; Escape gives them back
        frame = _game_frame(page, EMBEDDED[1])
        box = page.locator(f"table[data-gridworks-embed='{EMBEDDED[1]}'] iframe").bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 30)
        frame.wait_for_function("() => window.gridworks.hasKeys()", timeout=5000, polling=100)
        y = page.evaluate("() => window.scrollY")
        for key in ("ArrowDown", "Space", "ArrowUp"):
            page.keyboard.press(key)
        frame.wait_for_function("() => window.gridworks.keysTaken() >= 3", timeout=5000, polling=100)
        assert page.evaluate("() => window.scrollY") == y, (
            "the game let the post scroll while it had the keys"
        )
        page.keyboard.press("Escape")
        frame.wait_for_function("() => !window.gridworks.hasKeys()", timeout=5000, polling=100)
        page.keyboard.press("PageDown")
        page.wait_for_function(f"() => window.scrollY > {y}", timeout=5000)

        # 4. both are played. Floodline: the keys above may have started a level (Escape then paused
        # it) or not: its canvas Resume or Play button goes on; on a phone-sized embed the level's
        # prompt holds the clock at tick 0 until it is tapped away; then its clock runs. Orbit's game
        # starts from its Start button.
        flood, orbit = _game_frame(page, "floodline"), _game_frame(page, "orbit")
        info = json.loads(flood.evaluate("() => window.gridworks.floodlineInfo()"))
        _click_game_button(page, "floodline", "play" if info["screen"] == "menu" else "resume")
        flood.wait_for_function(
            "() => { const i = JSON.parse(window.gridworks.floodlineInfo());"
            " return i.screen === 'play' && !i.paused; }",
            timeout=10_000,
            polling=100,
        )
        info = json.loads(flood.evaluate("() => window.gridworks.floodlineInfo()"))
        if info["tick"] == 0 and info["tipRect"]:
            x, y0, w, h = info["tipRect"]
            _click_game_point(page, "floodline", x + w / 2, y0 + h / 2)
        flood.wait_for_function(
            "(t) => JSON.parse(window.gridworks.floodlineInfo()).tick > t",
            arg=info["tick"],
            timeout=10_000,
            polling=100,
        )
        _click_game_button(page, "orbit", "start")
        orbit.wait_for_function(
            "() => JSON.parse(window.gridworks.orbitInfo()).mode === 'play'", timeout=10_000, polling=100
        )
        hashes = {f.evaluate("() => window.gridworks.stateHash()") for f in (flood, orbit)}
        assert len(hashes) == 2 and "" not in hashes  # two games in progress, side by side
        assert flood.evaluate("() => window.gridworks.errors") == []
        assert orbit.evaluate("() => window.gridworks.errors") == []
    finally:
        ctx.close()
        if srv is not None:
            srv.shutdown()
    assert not guard.violations


def test_on_a_phone_swipes_over_a_poster_scroll_the_post_and_a_tap_plays(browser, site, tmp_path):
    guard = Guard()
    ctx = new_context(
        browser,
        guard,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
    )
    srv = None
    try:
        page, fetched, srv = _open_blog(ctx, tmp_path, site)
        assert sum(n for _, n in fetched) <= POSTER_BUDGET
        picture = page.locator("table[data-gridworks-embed='ternar'] img")
        picture.scroll_into_view_if_needed()
        box = picture.bounding_box()
        assert box is not None
        cdp = ctx.new_cdp_session(page)
        for _ in range(2):  # every swipe scrolls, not just the first
            y = page.evaluate("() => window.scrollY")
            _swipe_up(cdp, box["x"] + box["width"] / 2, box["y"] + box["height"] - 20, 300)
            page.wait_for_function(f"() => window.scrollY >= {y} + 200", timeout=5000)
            picture.scroll_into_view_if_needed()
            box = picture.bounding_box()
            assert box is not None
        _tap_play(page, 0, tap=True)
        frame = _game_frame(page, "ternar")
        _wait_frame_ready(frame)
        assert canvas_has_pixels(frame, "canvas")
    finally:
        ctx.close()
        if srv is not None:
            srv.shutdown()
    assert not guard.violations
