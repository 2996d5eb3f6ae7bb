"""Shared kit of the Run Map co-op e2e (``test_runmap_coop.py`` between tabs, ``test_runmap_devices.py``
between devices); it holds no test.

Booting Pyodide is most of an e2e test's cost, so each co-op file boots its pages once (``Pool``) and
its scenarios reuse them: before a scenario every live page is started afresh through the page's
``relaunch`` hook (co-op stopped, dialogs closed, a fresh co-op controller and UI, no notices, no run
to continue; then the address is read as on load), and only pages a scenario closed are booted again.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

from e2e.conftest import ARTIFACTS, Guard, new_context
from e2e.test_runmap import click_button, info, wait_info
from e2e.util import notices, state_hash, wait_ready

VIEW = {"width": 1000, "height": 720}

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


class Pool:
    """Run Map pages booted once for a test module. ``devices``: one browser context per page (no
    shared storage or channel: separate devices); else every page is a tab of one context."""

    def __init__(self, browser: Any, site: str, devices: bool) -> None:
        self.browser, self.site, self.devices = browser, site, devices
        self.guard = Guard()
        self.contexts: list[Any] = []
        self.pages: list[Any] = []
        self.logs: dict[int, list[str]] = {}
        self.boots = 0

    def _boot(self) -> Any:
        if self.devices or not self.contexts:
            self.contexts.append(new_context(self.browser, self.guard))
        pg = self.contexts[-1].new_page()
        log = self.logs.setdefault(id(pg), [])
        pg.on("console", lambda m: log.append(f"[{m.type}] {m.text}"))
        pg.on("pageerror", lambda e: log.append(f"[pageerror] {e}"))
        pg.goto(f"{self.site}runmap/")
        wait_ready(pg)
        self.boots += 1
        self.pages.append(pg)
        return pg

    def take(self, n: int) -> list[Any]:
        """``n`` pages, every one started afresh at ``runmap/`` (the menu, no co-op): the live
        pages first (in boot order), then pages booted now for those a scenario closed."""
        self.pages = [p for p in self.pages if not p.is_closed()]
        for p in self.pages:  # all stopped first: no page is left in a party with another
            relaunch(p, "")
        for p in self.pages:
            if p.viewport_size != VIEW:
                p.set_viewport_size(VIEW)
            p.evaluate("() => { window.__still = undefined; }")
        while len(self.pages) < n:
            self._boot()
        return self.pages[:n]

    def evidence(self, name: str) -> None:
        """A failed scenario: each live page's screenshot, ``runInfo`` (with its co-op trace),
        notices and console, under e2e-artifacts/<test>/, and printed into the captured output."""
        folder = ARTIFACTS / re.sub(r"[^\w.-]+", "_", name)
        folder.mkdir(parents=True, exist_ok=True)
        for k, pg in enumerate(p for p in self.pages if not p.is_closed()):
            try:
                got = json.dumps({"info": info(pg), "notices": notices(pg)}, indent=1)
                pg.screenshot(path=str(folder / f"page{k}.png"))
            except Exception as exc:  # noqa: BLE001 - evidence only; the test's own error is raised
                got = f"(no runInfo: {exc})"
            log = self.logs.get(id(pg), [])
            print(f"--- page {k}:\n{got}\n--- console (last 30):\n" + "\n".join(log[-30:]))
            (folder / f"page{k}-info.json").write_text(got)
            (folder / f"page{k}-console.log").write_text("\n".join(log))

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()


def pool_fixture(browser: Any, site: str, devices: bool) -> Any:
    """The body of a module's ``pool`` fixture: the pool, closed after the module's last test."""
    pool = Pool(browser, site, devices)
    yield pool
    print(f"Run Map co-op pool ({'devices' if devices else 'tabs'}): {pool.boots} page boots")
    pool.close()


def after_scenario(pool: Pool, request: pytest.FixtureRequest) -> Any:
    """The body of a module's autouse fixture: evidence on a failure; no request left the machine."""
    yield
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        pool.evidence(request.node.name)
    assert not pool.guard.violations, f"requests left this machine: {pool.guard.violations}"


def relaunch(page: Any, fragment: str) -> None:
    """Start ``page`` afresh as if opened at ``runmap/#fragment`` (without a new Pyodide boot)."""
    page.evaluate("(f) => window.gridworks.relaunch(f)", fragment)
    if fragment and "coop" not in fragment:
        wait_info(page, "i.screen === 'run' && i.moves === 0")


# ------------------------------------------------------------------ page states
def hide(page: Any, hidden: bool = True) -> None:
    page.evaluate(HIDE, hidden)


def frames(page: Any) -> int:
    return int(page.evaluate("() => window.gridworks.frameStats().frames"))


def frames_stopped(page: Any) -> int:
    """Wait until a hidden page has stopped drawing (its frame count stood still over two polls
    400 ms apart: a frame requested before hiding may still be drawn, later under load)."""
    page.wait_for_function(
        """() => { const n = window.gridworks.frameStats().frames; const s = window.__still || {n: -1, k: 0};
            s.k = n === s.n ? s.k + 1 : 0; s.n = n; window.__still = s; return s.k >= 2; }""",
        polling=400,
        timeout=15_000,
    )
    return frames(page)


def heard_hidden(tabs: list[Any], seat: int) -> None:
    """Wait until every tab of ``tabs`` has heard ``seat``'s beat saying its page is hidden."""
    for tab in tabs:
        wait_info(tab, f"i.heard_hidden.includes({seat})", 10_000)


def pause_then_resume(page: Any, ms: int) -> None:
    """Pause ``page``'s JavaScript for ``ms`` (DevTools protocol: the debugger stops it), then
    resume; the wall clock measures the pause (nothing can be asked of a paused page)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Debugger.enable")
    cdp.send("Debugger.pause")
    time.sleep(ms / 1000)
    cdp.send("Debugger.resume")
    cdp.send("Debugger.disable")
    cdp.detach()


def no_card(tab: Any) -> None:
    """Close the result card this tab shows (a guest reads its own), if any."""
    if info(tab)["card"]:
        tab.keyboard.press("Enter")
        wait_info(tab, "!i.card")


# ------------------------------------------------------------------ the run
def moves_at(page: Any, n: int, timeout: int = 15_000) -> None:
    page.wait_for_function(f"() => JSON.parse(window.gridworks.runInfo()).moves === {n}", timeout=timeout)


def same_run(*pages: Any) -> None:
    n = info(pages[0])["moves"]
    for p in pages[1:]:
        moves_at(p, n)
    hashes = {state_hash(p) for p in pages}
    assert len(hashes) == 1, hashes


def to_map(tabs: list[Any]) -> dict:
    """Play the party's fight (each tab for its own hero) until the host is on the map."""
    host = tabs[0]
    by_seat = {info(t)["seat"]: t for t in tabs}  # the seats do not change while the party fights
    for _ in range(80):
        st = info(host)
        if st["phase"] == "map" and not st["card"]:
            for tab in tabs[1:]:  # a guest whose hero never acted may still show the run's map first
                if info(tab)["intro"]:
                    tab.keyboard.press("Enter")
                    wait_info(tab, "!i.intro")
            return st
        if st["card"]:
            host.keyboard.press("Enter")
            wait_info(host, "!i.card")
            continue
        acting = by_seat[st["waiting"][0]] if st["phase"] == "combat" else host
        for tab in dict.fromkeys((host, acting)):  # the map first, then the fight (a new run)
            if (st if tab is host else info(tab))["intro"]:
                tab.keyboard.press("Enter")
                wait_info(tab, "!i.intro")
        if st["phase"] != "combat":
            host.keyboard.press({"shop": "Escape", "shrine": "2", "rest": "1", "event": "2"}[st["phase"]])
        else:
            acting.keyboard.press("a")
        wait_info(host, f"i.moves > {st['moves']}")
    raise AssertionError("the party never reached the map")


def wishes_shown(tab: Any, tabs: list[Any], want: dict[int, list[int]]) -> None:
    """Wait until ``tab`` shows exactly the wishes ``want`` (node -> seats); on a timeout, say what
    every tab shows and was told."""
    cond = " && ".join(
        f"JSON.stringify(i.wishes[{k}]) === '{json.dumps(v, separators=(',', ':'))}'" for k, v in want.items()
    )
    try:
        wait_info(tab, f"Object.keys(i.wishes).length === {len(want)} && {cond}")
    except Exception as exc:
        seen = [(info(t)["seat"], info(t)["wishes"], info(t)["refused"][-3:], notices(t)[-3:]) for t in tabs]
        raise AssertionError(f"wishes {want} not shown on seat {info(tab)['seat']}: {seen}") from exc


# ------------------------------------------------------------------ between devices
def link(host: Any, guest: Any, first: bool) -> None:
    """``host`` invites (its devices dialog), ``guest`` pastes the invite (inside chat text) and answers."""
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
