"""Run Map co-op between tabs with pages in the background (issue 19): a hidden host draws nothing
yet keeps answering, so nobody takes over, a new tab joins the running party instead of starting a
second run, and a hidden guest keeps replaying the host's moves."""

from __future__ import annotations

from typing import Any

from e2e.test_runmap import info, wait_info
from e2e.util import state_hash, wait_ready

# A background tab as the browser makes it: document.hidden, and animation frames held back until
# the page is visible again (timers and message events still run).
HIDE = """(h) => {
    if (!window.__raf) { window.__raf = window.requestAnimationFrame.bind(window); window.__held = []; }
    window.requestAnimationFrame = h ? (cb) => { window.__held.push(cb); return 0; } : window.__raf;
    Object.defineProperty(document, 'hidden', {configurable: true, get: () => h});
    Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => h ? 'hidden' : 'visible'});
    if (!h) { window.__held.splice(0).forEach((cb) => window.__raf(cb)); }
    document.dispatchEvent(new Event('visibilitychange'));
}"""


def hide(page: Any, hidden: bool = True) -> None:
    page.evaluate(HIDE, hidden)


def frames(page: Any) -> int:
    return int(page.evaluate("() => window.gridworks.frameStats().frames"))


def moves(page: Any, n: int) -> None:
    page.wait_for_function(f"() => JSON.parse(window.gridworks.runInfo()).moves === {n}", timeout=10_000)


def test_runmap_coop_survives_hidden_host_and_guest(page: Any, site: str) -> None:
    page.goto(f"{site}runmap/#coop&seed=321&players=3")
    wait_ready(page)
    wait_info(page, "i.coop === 'host'", 20_000)
    guest = page.context.new_page()
    late = page.context.new_page()
    try:
        guest.goto(f"{site}runmap/#coop")
        wait_ready(guest)
        assert wait_info(guest, "i.coop === 'guest'", 20_000)["seat"] == 1
        # the host goes to the background: it stops drawing but keeps answering
        hide(page)
        drawn, still = -1, 0
        for _ in range(30):  # a frame requested before hiding may still be drawn (later under load)
            page.wait_for_timeout(400)
            now = frames(page)
            still = still + 1 if now == drawn else 0
            drawn = now
            if still >= 2:
                break
        guest.wait_for_timeout(6_000)  # longer than a visible page's silence limit
        g = info(guest)
        assert g["coop"] == "guest" and g["host"] == 0 and g["connected"] == [0, 1]
        # a tab opened now joins the running party (the hidden host hands it seat 2)
        late.goto(f"{site}runmap/#coop")
        wait_ready(late)
        joined = wait_info(late, "i.coop === 'guest'", 20_000)
        assert joined["seat"] == 2 and joined["connected"] == [0, 1, 2]
        assert state_hash(late) == state_hash(page) == state_hash(guest)
        assert frames(page) == drawn  # all of that was handled outside the frame loop
        # a guest's fight choice for its own hero reaches the hidden host, which plays it; a
        # second choice in the same round is refused by the host's engine, and nothing changes
        n = info(page)["moves"]
        guest.keyboard.press("a")
        moves(page, n + 1)
        before = state_hash(page)
        guest.keyboard.press("a")
        guest.wait_for_function(
            "() => Array.from(window.gridworks.notices()).some(n => n.includes('already chosen'))"
        )
        assert state_hash(page) == before
        # now the guest is the hidden one: the host's moves still reach it
        hide(page, False)
        hide(guest)
        if info(page)["intro"]:
            page.keyboard.press("Enter")
            wait_info(page, "!i.intro")
        page.keyboard.press("a")
        moves(page, n + 2)
        moves(guest, n + 2)
        assert state_hash(guest) == state_hash(page) == state_hash(late)
        page.wait_for_timeout(5_000)
        assert info(page)["connected"] == [0, 1, 2]  # the hidden guest was not dropped
        hide(guest, False)
        assert info(guest)["coop"] == "guest" and info(late)["host"] == 0
    finally:
        late.close()
        guest.close()
