"""Fixtures: a freshly built site served on localhost, Debian Chromium, and pages that
block (and fail on) any request leaving this machine, leaving evidence on failure."""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from buildtools.browser import CHROMIUM_ARGS, E2E_ARGS, chromium_path  # noqa: E402
from buildtools.serve import serve_in_thread  # noqa: E402

ARTIFACTS = ROOT / "e2e-artifacts"
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}
CHROMIUM = chromium_path()
SESSION_START = time.time()  # minidumps newer than this belong to this run


# Files that take a minute or more (several devices, long pauses), longest first, from the
# session-15 `--durations` of a full run, adjusted for session 16's merges (Orbit's link checks
# moved into test_orbit_link, Ternar's input test onto test_ternar's page). They are handed out
# first so that at the end the two workers share out the many short unit-test files, not wait on one long file: the longest-first
# order shortens `./gridworks test` without changing any test. `./gridworks test` passes
# `--no-loadscope-reorder`: xdist otherwise re-sorts files by their NUMBER of tests, which put
# these one- or two-test files last of all.
LONG_FILES_FIRST = (
    "test_runmap_devices.py",
    "test_runmap_coop.py",
    "test_offline.py",
    "test_platform.py",
    "test_two_tabs.py",
    "test_reactor_campaign.py",
    "test_reactor_editor.py",
    "test_orbit_link.py",
    "test_ternar.py",
    "test_ternar_share.py",
    "test_orbit.py",
    "test_runmap.py",
    "test_floodline_bugs.py",
    "test_floodline_touch.py",
    "test_floodline_tabs.py",
    "test_floodline_tools.py",
    "test_embeds.py",
)


def pytest_collection_modifyitems(config, items) -> None:  # noqa: ANN001 - pytest hook
    """Order the run: long browser files first, other browser files next, unit tests last."""

    def rank(item) -> tuple[int, int]:  # noqa: ANN001
        path = Path(str(item.fspath))
        if path.parent.name != "e2e":
            return (2, 0)
        if path.name in LONG_FILES_FIRST:
            return (0, LONG_FILES_FIRST.index(path.name))
        return (1, 0)

    items.sort(key=rank)  # a stable sort keeps each file's own order and pytest's order in a tier


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):  # noqa: ANN001 - pytest hook
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)


@pytest.fixture(scope="session")
def dist_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the site once per test run into a private folder (with pytest-xdist, the first
    worker builds it under a lock and the others reuse it)."""
    import fcntl
    import os

    import build

    # a site built already: `./gridworks test` builds it on the second core while mypy runs
    prebuilt = os.environ.get("GW_E2E_DIST")
    if prebuilt:
        return Path(prebuilt)
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        out = tmp_path_factory.mktemp("dist")
        build.build(dist=out)
        return out
    shared = tmp_path_factory.getbasetemp().parent
    out = shared / "dist"
    with open(shared / "dist.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (shared / "dist.done").exists():
            build.build(dist=out)
            (shared / "dist.done").write_text("ok")
    return out


@pytest.fixture(scope="session")
def site(dist_dir: Path) -> str:
    """Base URL (ending in /) of the built site on a random localhost port, with CORS for embeds."""
    srv, url = serve_in_thread(dist_dir, cors=True)
    yield url
    srv.shutdown()


@pytest.fixture(scope="session")
def browser():
    # Chromium's own stderr (why a renderer crashed, if it does) goes into the captured output that
    # pytest prints for a failed test; a passing test's capture is dropped.
    os.environ.setdefault("DEBUG", "pw:browser")
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: install Debian's 'chromium' package (apt-get install chromium)"
        )
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + E2E_ARGS)
        yield b
        b.close()


class Guard:
    """Aborts and records every request to a non-local host."""

    def __init__(self) -> None:
        self.violations: list[str] = []

    def route(self, route) -> None:  # noqa: ANN001
        host = urlparse(route.request.url).hostname or ""
        if route.request.url.startswith(("data:", "blob:")) or host in LOCAL_HOSTS:
            route.continue_()
        else:
            self.violations.append(route.request.url)
            route.abort()


def new_context(browser, guard: Guard, **kw):  # noqa: ANN001
    ctx = browser.new_context(viewport=kw.pop("viewport", {"width": 1000, "height": 720}), **kw)
    ctx.route("**/*", guard.route)
    return ctx


@pytest.fixture
def guard() -> Guard:
    return Guard()


@pytest.fixture
def context(browser, guard: Guard):  # noqa: ANN001
    ctx = new_context(browser, guard)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context, guard: Guard, request: pytest.FixtureRequest):  # noqa: ANN001
    pg = context.new_page()
    logs: list[str] = []
    pg.on("console", lambda m: logs.append(f"[{m.type}] {m.text}"))
    pg.on("pageerror", lambda e: logs.append(f"[pageerror] {e}"))
    pg.on("crash", lambda _p: logs.append("[crash] the renderer process crashed"))
    yield pg
    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    if failed and "Target crashed" in str(request.node.rep_call.longrepr):
        print_crash_dumps()
    if failed or guard.violations:
        save_evidence(pg, request.node.name, logs)
    assert not guard.violations, f"requests left this machine: {guard.violations}"


def print_crash_dumps() -> None:
    """Say why a renderer died: one line (signal, module+offset, sampler) per minidump Chromium wrote
    during this run, printed into the failed test's captured output."""
    from buildtools.crashdump import line, newest

    try:
        for dump in newest(since=SESSION_START)[:3]:
            print("renderer crash dump:", line(dump))
    except Exception as exc:  # noqa: BLE001 - evidence only; never hide the test's own failure
        print(f"(could not read the crash dumps: {exc})")


def save_evidence(pg, name: str, logs: list[str]) -> None:  # noqa: ANN001
    """Screenshot, console log and the page's saved state, under e2e-artifacts/<test>/."""
    folder = ARTIFACTS / re.sub(r"[^\w.-]+", "_", name)
    folder.mkdir(parents=True, exist_ok=True)
    try:
        pg.screenshot(path=str(folder / "screen.png"))
    except Exception as exc:  # noqa: BLE001
        logs.append(f"(screenshot failed: {exc})")
    try:
        state = pg.evaluate(
            "() => window.gridworks && window.gridworks.saveJson ? window.gridworks.saveJson() : null"
        )
        (folder / "save.json").write_text(str(state))
    except Exception as exc:  # noqa: BLE001
        logs.append(f"(save failed: {exc})")
    (folder / "console.log").write_text("\n".join(logs))
