"""The game shell: composition root shared by every page.

``start(game)`` builds the canvas, input, storage, audio and i18n adapters,
creates the game's app (``gwweb.<game>.app.create(shell)``), runs the loop,
publishes ``window.gridworks`` test hooks and reports readiness. Any Python
exception during start-up or play is shown on the boot overlay.

An app is any object with:
  realtime: bool                      tick() is called 60×/s when True
  tick() -> None                      (real-time games; optional for turn-based ones: then called
                                      once per frame before drawing, e.g. to think for a computer
                                      player, even on frames that draw nothing)
  handle(ev: input.Event) -> None     semantic actions, keys, pointers, wheel
  on_button(id: str) -> None          a canvas button was pressed
  draw(g: Gfx) -> None                draw the whole frame
  animating() -> bool                 keep drawing while True (turn-based)
  state_hash() -> str; save_json() -> str
"""

from __future__ import annotations

import importlib
import json
import traceback
from typing import Any

import js  # type: ignore[import-not-found]
from gwweb.shared.app import App
from gwweb.shared.audio import Audio
from gwweb.shared.canvas import Gfx
from gwweb.shared.i18n import I18n, pick_language
from gwweb.shared.input import Event, Input
from gwweb.shared.loop import Loop
from gwweb.shared.progress import Progress
from gwweb.shared.storage import Storage
from gwweb.shared.tabs import KEYS as TAB_KEYS
from gwweb.shared.tabs import TabConflict
from gwweb.shared.toasts import Toasts
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]


class Shell:
    """What a game's app receives: adapters plus redraw/notice helpers."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.boot = js.gridworksBoot
        self.embed = bool(self.boot.embed)
        canvas = js.document.getElementById("gw-canvas") or js.document.querySelector(
            "canvas[data-gridworks]"
        )
        self.canvas = canvas
        self.gfx = Gfx(canvas)
        self.gfx.fit()
        try:
            backend = js.window.localStorage
        except Exception:
            backend = None
        tab = f"{int(js.Date.now()):x}{int(js.Math.random() * 2**40):x}"  # this page's writer stamp
        self.storage = Storage(game, backend, clock=lambda: js.Date.now(), tab=tab)
        self.prefs = Storage("prefs", backend, clock=lambda: js.Date.now())
        # "load the other tab's game": the page again without its address fragment (a Run Map link's
        # #seed=... would start that run instead of reading the stored one)
        reload = lambda: js.location.replace(str(js.location.pathname) + str(js.location.search))  # noqa: E731
        self.tabs = TabConflict(self.storage, reload, lambda: self.i18n.lang)
        self.storage.on_conflict = self._tab_conflict
        self.input = Input(canvas, embed=self.embed)
        self.audio = Audio(muted=self._pref("muted") == "1")
        # the player's choice, else the browser's language, else the loader's (an embed: the blog's)
        boot_lang = str(getattr(js.gridworksBoot, "lang", None) or "en")
        self.i18n = I18n(
            {"en": {}, "ru": {}},
            pick_language(str(js.navigator.language or ""), self._pref("lang"), default=boot_lang),
        )
        self.storage.lang = self.prefs.lang = lambda: self.i18n.lang
        self.notices: list[str] = []
        self.announced: list[str] = []
        self.loop: Loop | None = None
        self.toasts = Toasts(self)
        self._progress: Progress | None = None
        self._live = _live_region(canvas)
        title = str(getattr(getattr(self.boot.build.games, game, None), "title", "") or game)
        canvas.setAttribute("role", "application")
        canvas.setAttribute("aria-label", title)

    # -- preferences shared by all games (language, mute) --------------------
    def _pref(self, name: str) -> str | None:
        return self.prefs.read_raw(name)

    def set_pref(self, name: str, value: str) -> None:
        try:
            self.prefs.backend.setItem(self.prefs.key(name), value)
        except Exception:
            pass

    def set_muted(self, muted: bool) -> None:
        self.audio.muted = muted
        self.set_pref("muted", "1" if muted else "0")

    def set_lang(self, lang: str) -> None:
        self.i18n.set_lang(lang)
        self.set_pref("lang", self.i18n.lang)
        try:  # the page's lang attribute follows (screen readers pick their voice by it)
            js.document.documentElement.lang = self.i18n.lang
        except Exception:  # noqa: BLE001 - no document (tests)
            pass
        self.invalidate()

    @property
    def progress(self) -> Progress:
        """Best scores, stars and "Continue" for this game (also read by the launcher)."""
        if self._progress is None:
            self._progress = Progress(self.storage)
        return self._progress

    @property
    def reduced_motion(self) -> bool:
        """Whether the player asked for less motion (``prefers-reduced-motion: reduce``): a game
        then shows end states instead of animating toward them. Read it when drawing; it follows
        the system setting while the page is open."""
        return reduced_motion()

    # -- helpers for apps ------------------------------------------------------
    def invalidate(self) -> None:
        if self.loop is not None:
            self.loop.invalidate()

    def notify(self, text: str) -> None:
        """Queue a notice for the player (drawn by the app, also exposed to tests); screen readers hear it."""
        self.notices.append(text)
        self.announce(text)
        self.invalidate()

    def announce(self, text: str) -> None:
        """Say ``text`` to screen readers (an offscreen ``aria-live="polite"`` region, page language)."""
        text = str(text).strip()
        if not text:
            return
        self.announced = (self.announced + [text])[-50:]
        live = self._live
        if live is None:
            return
        try:
            live.setAttribute("lang", self.i18n.lang)
            # one new line per message (messages in the same moment are all read, a repeat is read
            # again); only the last few stay in the region
            line = js.document.createElement("div")
            line.textContent = text
            live.appendChild(line)
            while live.childElementCount > 3:
                live.removeChild(live.firstElementChild)
        except Exception:
            pass

    def shell_text(self, key: str) -> str:
        """One of the shell's own strings in the page language."""
        return SHELL_TEXT.get(self.i18n.lang, SHELL_TEXT["en"])[key]

    def take_storage_notices(self) -> None:
        for n in self.storage.take_notices():
            self.notify(n)
        for line in self.storage.log:
            js.console.warn(f"gridworks storage: {line}")
        self.storage.log.clear()

    def _tab_conflict(self, _name: str) -> None:
        """Another tab played on with this game: ask the player which game to keep (``tabs.py``)."""
        if self.tabs.raise_(_name):
            self.announce(f"{self.tabs.text('conflict_title')}. {self.tabs.text('conflict_body')}")
            self.invalidate()

    def storage_changed(self, key: str, app: Any) -> None:
        """Another tab wrote ``key`` (the ``storage`` event): progress views take in its records."""
        name = self.storage.changed(key)
        if name is None:
            return
        if name == "scores" and self._progress is not None:
            self._progress.refresh()
        if hasattr(app, "on_storage"):  # optional member: a game refreshes its own records
            app.on_storage(name)
        self.invalidate()

    def bindings(self, defaults: dict[str, str]) -> dict[str, str]:
        """Key bindings: defaults overlaid by the player's saved rebinds."""
        raw = self._pref(f"keys:{self.game}")
        merged = dict(defaults)
        if raw:
            try:
                saved = json.loads(raw)
                if isinstance(saved, dict):
                    merged.update({str(k): str(v) for k, v in saved.items()})
            except ValueError:
                pass
        self.input.bindings = merged
        return merged

    def save_bindings(self, overrides: dict[str, str]) -> None:
        self.set_pref(f"keys:{self.game}", json.dumps(overrides))


SHELL_TEXT = {
    "en": {
        "embed_idle": "Click or Tab to play with the keyboard",
        "embed_focus": "The game has the keyboard. Escape gives it back to the page.",
        "embed_blur": "The keyboard is back with the page.",
    },
    "ru": {
        "embed_idle": "Щёлкните или Tab — играть с клавиатуры",
        "embed_focus": "Игра слушает клавиатуру. Escape вернёт её странице.",
        "embed_blur": "Клавиатура снова у страницы.",
    },
}


def _live_region(canvas: Any) -> Any:
    """The page's one offscreen ``aria-live="polite"`` region, placed right after the canvas."""
    try:
        doc = js.document
        el = doc.createElement("div")
        el.setAttribute("aria-live", "polite")
        el.setAttribute("aria-atomic", "false")
        el.setAttribute("aria-relevant", "additions")
        el.setAttribute("data-gridworks-live", "1")
        el.style.cssText = (
            "position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;"
            "overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap"
        )
        parent = canvas.parentNode or doc.body
        parent.insertBefore(el, canvas.nextSibling)
        return el
    except Exception:
        return None


def draw_embed_hint(shell: Shell, g: Gfx) -> None:
    """In an embed without focus: a small pill saying how to give the game the keyboard."""
    if not shell.input.embed or shell.input.focused:
        return
    text = shell.shell_text("embed_idle")
    size = g.fit_text(text, g.width - 40, 13)
    w = g.measure(text, size) + 24
    h = size + 14
    x, y = (g.width - w) / 2, g.height - h - 8
    g.alpha(0.88)
    g.rect(x, y, w, h, "#3E2723")
    g.alpha(1.0)
    g.frame(x + 0.5, y + 0.5, w - 1, h - 1, "#FF9800", 1.5)
    g.text(g.width / 2, y + h / 2 + 1, text, "#FFE0B2", size, align="center", baseline="middle")


def _fail(boot: Any, exc: BaseException) -> None:
    details = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    summary = f"{type(exc).__name__}: {exc}"
    boot.fail(summary, details)


async def start(game: str) -> None:
    """Entry point called by the page's bootstrap script."""
    boot = js.gridworksBoot
    try:
        module = importlib.import_module(f"gwweb.{game}.app")
        shell = Shell(game)
        app: App = module.create(shell)
        realtime = bool(getattr(app, "realtime", False))
        turn_tick = None if realtime else getattr(app, "tick", None)

        def step(ticks: int) -> None:
            events = shell.input.drain()
            for ev in events:
                _dispatch(shell, app, ev)
            if events and realtime and not loop.ticking():
                loop.dirty = True  # a resting real-time page redraws on input (it has no clock frames)
            if realtime:
                for _ in range(ticks):
                    app.tick()  # type: ignore[attr-defined]  # real-time apps only
            elif turn_tick is not None:
                turn_tick()  # a turn-based app's background work (a computer player thinking)

        first = {"done": False}

        def draw() -> None:
            g = shell.gfx
            if g.fit() and hasattr(app, "on_resize"):
                app.on_resize()  # optional member
            g.begin_frame()
            app.draw(g)
            shell.tabs.draw(g)
            draw_embed_hint(shell, g)
            if not first["done"]:
                first["done"] = True
                boot.firstFrame()

        rests = getattr(app, "rests", None) if realtime else None

        def busy() -> bool:
            return bool(app.animating()) or (rests is not None and shell.toasts.active())

        loop = Loop(realtime, step, draw, busy, lambda e: _fail(boot, e), rests)
        shell.loop = loop
        shell.input.on_wake = loop.schedule

        def on_focus(focused: bool) -> None:
            shell.announce(shell.shell_text("embed_focus" if focused else "embed_blur"))
            if hasattr(app, "on_focus"):
                app.on_focus(focused)
            loop.invalidate()

        shell.input.on_focus = on_focus
        shell.input.on_gesture = shell.audio.unlock  # audio starts in the gesture's own handler, not a frame
        resize = create_proxy(lambda _e: loop.invalidate())
        js.window.addEventListener("resize", resize)
        changed = create_proxy(lambda e: shell.storage_changed(str(e.key or ""), app))
        js.window.addEventListener("storage", changed)  # another tab of this browser saved
        _publish(shell, app, loop)
        if hasattr(boot, "setNotifier"):  # boot.js news (offline copy failed, update saved) as notices
            boot.setNotifier(create_proxy(lambda text, *_a: shell.notify(str(text))))
        shell.take_storage_notices()
        draw()
        loop.invalidate()
        boot.ready()
    except BaseException as exc:  # noqa: BLE001 - everything is shown to the player
        _fail(boot, exc)


def _dispatch(shell: Shell, app: App, ev: Event) -> None:
    if shell.tabs.open:  # the two-tabs question holds the game's input until it is answered
        if ev.kind == "pointer" and ev.name == "down":
            shell.tabs.choose(shell.gfx.region_at(ev.x, ev.y) or "")
        elif ev.kind == "key" and ev.down and ev.name in TAB_KEYS:
            shell.tabs.choose(TAB_KEYS[ev.name])
        elif ev.kind == "action" and not ev.down:
            app.handle(ev)  # a key let go is still let go
        shell.invalidate()
        return
    if ev.kind == "pointer" and ev.name == "down":
        hit = shell.gfx.region_at(ev.x, ev.y)
        if hit is not None:
            press = getattr(app, "press_button", None)  # a game may take a press as tap-or-swipe
            if press is None or not press(hit, ev):
                app.on_button(hit)
            shell.invalidate()
            return
    app.handle(ev)


def reduced_motion() -> bool:
    """The browser's ``prefers-reduced-motion: reduce``, as boot.js keeps it current in
    ``window.gridworks.reducedMotion``; False where it cannot be read."""
    try:
        return bool(getattr(js.window.gridworks, "reducedMotion", False))
    except Exception:  # noqa: BLE001 - no window (tests) or no gridworks object
        return False


def _publish(shell: Shell, app: App, loop: Loop) -> None:
    gw = js.window.gridworks
    gw.stateHash = create_proxy(lambda *a: str(app.state_hash()))
    gw.saveJson = create_proxy(lambda *a: str(app.save_json()))
    gw.notices = create_proxy(lambda *a: to_js(list(shell.notices)))
    gw.announced = create_proxy(lambda *a: to_js(list(shell.announced)))
    gw.toasts = create_proxy(lambda *a: to_js(shell.toasts.texts()))
    gw.lang = create_proxy(lambda *a: shell.i18n.lang)
    gw.keysTaken = create_proxy(lambda *a: shell.input.keys_taken)
    gw.storageInfo = create_proxy(
        lambda *a: json.dumps(
            {
                "status": shell.storage.status,
                "conflict": shell.tabs.open,
                "conflicts": shell.tabs.shown,
                "held": sorted(shell.storage.held),
            }
        )
    )
    gw.hasKeys = create_proxy(lambda *a: shell.input.takes_keys())
    gw.buttons = create_proxy(
        lambda *a: json.dumps(
            [{"id": r.id, "x": r.x, "y": r.y, "w": r.w, "h": r.h} for r in shell.gfx.regions]
        )
    )

    def button_center(bid: Any, *_a: Any) -> str:
        """Centre of the canvas button ``bid`` drawn in the last frame, as JSON; ``"null"`` if not drawn."""
        for r in shell.gfx.regions:
            if r.id == str(bid):
                return json.dumps([r.x + r.w / 2, r.y + r.h / 2])
        return "null"

    gw.buttonCenter = create_proxy(button_center)

    def frame_stats(*_a: Any) -> Any:
        ms = sorted(loop.frame_ms)
        if not ms:
            return to_js({"frames": 0}, dict_converter=js.Object.fromEntries)
        pick = lambda q: ms[min(len(ms) - 1, int(q * len(ms)))]  # noqa: E731
        return to_js(
            {"frames": loop.frames, "p50": pick(0.5), "p95": pick(0.95), "max": ms[-1]},
            dict_converter=js.Object.fromEntries,
        )

    def reset_frames(*_a: Any) -> None:
        loop.frame_ms.clear()

    gw.frameStats = create_proxy(frame_stats)
    gw.resetFrameStats = create_proxy(reset_frames)
    if hasattr(app, "test_hooks"):
        for name, fn in app.test_hooks().items():
            setattr(gw, name, create_proxy(fn))
