"""Every game embedded in a long blog post on another origin is a polite guest (issue #14):
arrows, space and the wheel scroll the host page until the canvas is clicked; then the game has
the keys (focus ring shown, the page stays put); Escape or a click outside gives them back."""

from __future__ import annotations

from pathlib import Path

import pytest

from buildtools.games import GAMES
from buildtools.serve import serve_in_thread
from buildtools.site import embed_snippet
from e2e.conftest import Guard, new_context
from e2e.util import wait_ready

CANVAS = "canvas[data-gridworks]"


def _post(tmp_path: Path, slug: str, site: str) -> str:
    lines = embed_snippet(slug, site).strip("\n").split("\n")
    title, code, desc = lines[0], "\n".join(lines[1:-1]), lines[-1]
    filler = "".join(f"<p>Paragraph {i} of a long blog post.</p>" for i in range(120))
    (tmp_path / "post.html").write_text(
        f"<!doctype html><html><body><h2 id='title'>{title}</h2>{code}<p id='desc'>{desc}</p>{filler}"
        "</body></html>"
    )
    return "post.html"


def _scroll_y(page) -> float:  # noqa: ANN001
    return float(page.evaluate("() => window.scrollY"))


SETTLE = """async () => {
    let last = -1;
    while (window.scrollY !== last) { last = window.scrollY; await new Promise(r => setTimeout(r, 80)); }
    window.scrollTo({top: 0, behavior: 'instant'});
}"""


def _to_top(page) -> None:  # noqa: ANN001
    """Let a smooth scroll finish, then jump back to the top."""
    page.evaluate(SETTLE)


def _page_scrolls(page, key: str) -> bool:  # noqa: ANN001
    """Press ``key`` from the top of the page; True if the page scrolled."""
    _to_top(page)
    page.keyboard.press(key)
    try:
        page.wait_for_function("() => window.scrollY > 0", timeout=1500)
    except Exception:  # noqa: BLE001 - a timeout means it did not scroll
        return False
    return True


@pytest.mark.parametrize("slug", list(GAMES))
def test_embed_takes_keys_only_while_focused(browser, site, slug, tmp_path):
    name = _post(tmp_path, slug, site)
    srv, host_url = serve_in_thread(tmp_path, host="127.0.0.1")
    post_url = host_url.replace("127.0.0.1", "localhost") + name
    guard = Guard()
    ctx = new_context(browser, guard)
    try:
        page = ctx.new_page()
        page.goto(post_url)
        wait_ready(page)
        assert page.evaluate("() => location.origin") != site.rstrip("/")
        canvas = page.locator(CANVAS)
        assert page.evaluate("() => window.gridworks.hasKeys()") is False

        # 1. not focused: the page's keys and wheel scroll the page, the game hears nothing
        assert _page_scrolls(page, "ArrowDown"), "ArrowDown did not scroll the host page"
        assert _page_scrolls(page, "Space"), "Space did not scroll the host page"
        _to_top(page)
        box = canvas.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 40)
        page.mouse.wheel(0, 300)
        page.wait_for_function("() => window.scrollY > 0", timeout=1500)
        assert page.evaluate("() => window.gridworks.keysTaken()") == 0

        # 2. a click gives the game the keys: focus ring, keys reach the game, the page stays put
        _to_top(page)
        box = canvas.bounding_box()
        page.mouse.click(box["x"] + 4, box["y"] + 4)
        page.wait_for_function("() => window.gridworks.hasKeys()", timeout=2000)
        assert page.evaluate(f"() => getComputedStyle(document.querySelector('{CANVAS}')).outlineStyle") == (
            "solid"
        )
        for key in ("ArrowDown", "Space", "ArrowUp"):
            page.keyboard.press(key)
        page.wait_for_timeout(250)
        assert _scroll_y(page) == 0, "the game let the page scroll while it had the keys"
        assert page.evaluate("() => window.gridworks.keysTaken()") >= 3
        assert not page.evaluate("() => window.gridworks.errors.length")

        # 3. Escape gives the keys back
        page.keyboard.press("Escape")
        page.wait_for_function("() => !window.gridworks.hasKeys()", timeout=2000)
        assert _page_scrolls(page, "ArrowDown")

        # 4. so does a click outside the canvas
        _to_top(page)
        page.mouse.click(box["x"] + 4, box["y"] + 4)
        page.wait_for_function("() => window.gridworks.hasKeys()", timeout=2000)
        page.click("#title")
        page.wait_for_function("() => !window.gridworks.hasKeys()", timeout=2000)
        taken = page.evaluate("() => window.gridworks.keysTaken()")
        assert _page_scrolls(page, "Space")
        assert page.evaluate("() => window.gridworks.keysTaken()") == taken
        assert not page.evaluate("() => window.gridworks.errors.length")
    finally:
        ctx.close()
        srv.shutdown()
    assert not guard.violations
