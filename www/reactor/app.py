"""Reactor Maintenance page: input → engine action → engine state → drawing.

The glue keeps only UI state (selection, hover, eye-view layer, zoom, the pulse cascade, the walk
queue, screens); rules, refusals, walks, forecasts and views come from ``engine.reactor``, and what
a move did (pulse stages, the level's end) from the engine's events (``Session.play_events``). Saves
are the level key with the hint flag and the engine's ``SaveData`` (seed + options + moves + rules
version), restored through ``Session.load``; the older key + moves format is migrated on load.

Parts: this module (state, persistence, starting levels, actions), ``controls`` (input),
``view`` (the frame), ``bindings`` (keys, timings, clock), ``fields`` (the app's own fields, typed
for its two mixins). Everything undo should not restore lives in one ``interpret.Ui`` object
(``self.ui``). The other parts see the page through small Protocols (``parts``): the level list,
results and help (``PageView``), the focus ring (``FocusHost``), the play panel and cascade overlay
(``PlayView``), the editor (``EditorHost``); none imports this module.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from engine.core.schema import SchemaError
from engine.reactor import GAME
from engine.reactor.campaign import keys as campaign_keys
from engine.reactor.campaign import stars_for
from engine.reactor.game import LevelEnded

from ..shared.app import Record, newer_than_build
from . import layout as layout_mod
from .bindings import BINDINGS, TOAST_MS, now
from .cascade import Cascade, CascadePlayer
from .controls import Controls
from .editor import Editor
from .eissues import problems_text
from .hooks import hooks
from .hud import Hud
from .interpret import Move, Ui, Walk
from .links import code_in, open_link
from .model import (
    GAME_FORMAT,
    Play,
    Progress,
    campaign,
    load_custom,
    restore_play,
    session_for,
    upgrade_saved,
)
from .render import BoardPainter
from .stars import record_win, refresh_progress, store_progress
from .strings import TABLES, reason
from .view import View, warm_steps

if TYPE_CHECKING:
    from engine.core.session import Session
    from engine.reactor.actions import Action
    from engine.reactor.state import ReactorState


class ReactorApp(Controls, View):
    realtime = False

    def __init__(self, shell: Any) -> None:
        self.shell = shell
        shell.i18n.tables = TABLES
        shell.i18n.set_lang(shell.i18n.lang)
        self.t = shell.i18n.t
        shell.bindings(BINDINGS)
        self.painter = BoardPainter()
        self.hud = Hud()
        self.lay: layout_mod.Layout | None = None
        self.ui = Ui()  # everything undo should not restore: screen, selection, eye view, scrolls
        self.play: Play | None = None
        self.cascades = CascadePlayer(shell)
        self.anim: Cascade | None = None  # the pulse cascade being played
        self.next_walk = 0.0
        self.pulse_ms: list[float] = self.cascades.pulse_ms
        self.warm: list[Any] = []  # start-up work done one item per idle frame after the first (#20)
        self.act_ms: list[tuple[str, float]] = []
        self.slow: list[tuple[str, float]] = []
        self.drawn: Any = None  # the surface values drawn in the last frame (test hook)
        self.storage = shell.storage
        self.progress = Record(self.storage, "progress", Progress, Progress).value  # damaged: kept aside
        self.custom = load_custom(self.storage)
        self.editor = Editor(self)
        self.storage.guard("game")  # a game in progress: another tab's is never replaced silently
        self._restore()
        self.open_page_link()
        try:  # a share link followed while the page is open changes only the fragment
            self._on_hash = create_proxy(lambda _e: self.open_page_link())
            js.window.addEventListener("hashchange", self._on_hash)
        except Exception:  # noqa: BLE001 - no browser window (tests)
            pass
        for n in self.storage.take_notices():
            shell.notify(n)
        self.warm = warm_steps(self.painter, self.hud)

    # -- persistence ----------------------------------------------------------------------------
    def _restore(self) -> None:
        """The game in progress, of any stored format (format 1 = key + moves, migrated); a save
        that cannot continue under today's rules is kept aside with a notice (stars stay)."""
        raw = self.storage.read_raw("game")
        if raw is None:
            return
        newer = newer_than_build(GAME, raw, GAME_FORMAT)
        if newer is not None:  # kept for the build that wrote it, with a notice
            self.storage.hold("game", newer)
            return
        try:
            wrapper = json.loads(raw)
            version = int(wrapper.get("v", 1))
            if version > GAME_FORMAT:
                raise ValueError(f"made by a newer version ({version})")
            saved = upgrade_saved(version, wrapper["data"], self.custom)
            play, status, why = restore_play(saved)
        except (SchemaError, ValueError, KeyError, TypeError, AttributeError) as exc:
            self.storage.quarantine("game", raw, str(exc)[:160])
            return
        if play is None:
            self.storage.quarantine("game", raw, why[:160])
            if status in ("closed", "map_changed"):
                self.shell.notify(self.t("map_changed" if status == "map_changed" else "rules_closed"))
            return
        self.play = play
        self.ui.screen = "play"
        self.save_game()  # stored in today's format
        self.sync_launcher()
        if play.session.moves:
            self.show_toast(self.t("restored") if status == "ok" else self.t("rules_migrated"))

    def on_storage(self, name: str) -> None:
        """Another tab stored its progress: the level list takes in its completed levels and stars."""
        if name == "progress":
            refresh_progress(self.storage, self.progress)

    def custom_stars(self) -> bool:
        """A won custom level with a par from the editor's solver earns stars like the campaign's
        (``campaign.stars_for``); True when its best changed."""
        play = self.play
        if play is None or not play.key.startswith("custom:"):
            return False
        p = self.custom.pars.get(play.key.partition(":")[2])
        n = stars_for(play.star_pulses(), p, play.hinted)
        if n is None or n <= self.progress.stars.get(play.key, 0):
            return False
        self.progress.stars[play.key] = n
        return True

    def open_page_link(self) -> None:
        """A share link (``#level=<code>``) opens its level straight into play, kept in "Your
        levels"; a game in progress is replaced only after the player says yes (``open_level``)."""
        try:
            loc = js.window.location
            code = code_in(str(loc.hash or ""))
            if code is None:
                return
            js.window.history.replaceState(None, "", str(loc.pathname) + str(loc.search))
        except Exception:  # noqa: BLE001 - no browser location (tests) or no history: nothing to open
            return
        self.open_link(code)

    def open_link(self, code: str) -> None:
        """Open a shared level's code (see ``links.open_link``); a refused code is a notice."""
        lid, problems = open_link(code, self.custom.levels)
        if lid is None:
            lang = self.shell.i18n.lang
            self.shell.notify(self.t("link_bad", why=problems_text(lang, problems)[:300]))
            self.shell.invalidate()
            return
        self.storage.save("custom", self.custom)
        self.ui.menu_cache = None
        if self.ui.screen == "editor":  # the editor hides the question: it is asked over the list
            self.ui.screen = "menu"
        self.open_level("custom:" + lid)
        self.shell.invalidate()  # (from a hashchange event: no input event redraws)

    def save_game(self) -> None:
        if self.play is not None and self.play.key.startswith(("builtin:", "campaign:", "custom:")):
            self.storage.save("game", self.play.save(), version=GAME_FORMAT)

    def show_toast(self, text: str) -> None:
        self.shell.toasts.push(text, TOAST_MS)  # shown, and spoken to screen readers

    # -- starting levels --------------------------------------------------------------------------
    def start(self, key: str, session: Session[ReactorState, Action] | None = None) -> None:
        """Play level ``key`` (or ``session``: an editor play-test). A level from the list or the
        win box loads in the next frame and is first drawn in the one after (#20: a level load
        and a first draw each cost a few tens of ms; one frame must not pay both)."""
        if session is None:
            self.ui.pending = key
            self.shell.invalidate()
            return
        self.start_now(key, session)

    def start_now(self, key: str, session: Session[ReactorState, Action] | None = None) -> None:
        try:
            s = session or session_for(key, self.custom)
        except (SchemaError, KeyError, ValueError) as exc:
            self.show_toast(str(exc)[:200])
            return
        self.play = Play(key, s)
        self.ui.screen = "play"
        self.ui.selected = None
        self.ui.eye = False
        self.anim = None
        self.ui.pan = None
        self.save_game()
        self.sync_launcher()
        self.shell.invalidate()

    def sync_launcher(self) -> None:
        """The launcher's card: levels, the level being played, stars earned and on offer (engine par
        rules decide the stars; this mirrors them)."""
        keys = campaign_keys()
        play = self.play
        level = keys.index(play.key) + 1 if play is not None and play.key in keys else 0
        self.shell.progress.sync(
            levels=len(keys),
            stars_max=3 * len(keys),
            stars=dict(self.progress.stars),
            level=level,
            in_progress=play is not None and play.state.outcome is None and bool(play.session.moves),
        )

    def next_level(self) -> str | None:
        if self.play is None:
            return None
        keys = campaign()
        key = self.play.key
        if key in keys and keys.index(key) + 1 < len(keys):
            return keys[keys.index(key) + 1]
        return None

    # -- actions ----------------------------------------------------------------------------------
    def act(self, text: str) -> bool:
        play = self.play
        if play is None:
            return False
        old = play.state
        t0 = now()
        ok, why = play.try_play(text, capture=True)  # the engine's events: pulse stages, level end
        if ok and text.startswith("move"):
            self.ui.pan = None  # the zoomed view follows the robot again
        self.act_ms.append((text.split()[0], round(now() - t0, 1)))
        del self.act_ms[:-40]
        audio = self.shell.audio
        if not ok:
            audio.tone(140, 0.12, "square", 0.08)
            self.shell.invalidate()
            return False
        if text.split()[0] in ("interact", "repair", "remedy", "shield", "activate"):
            key = "repair" if text.startswith("repair") else text.replace(" ", "_")
            self.anim = self.cascades.start(old, play.last_trace, now(), self.ui.eye, self.t(key))
            audio.tone(220, 0.18, "sine", 0.12, glide_to=330)
        else:
            audio.tone(520, 0.04, "sine", 0.05)
        ended = next((e for e in play.events if isinstance(e, LevelEnded)), None)
        if ended is not None:
            play.queue.clear()
            if ended.result == "won":
                if record_win(self.progress, play.key, play.star_pulses(), play.hinted) | self.custom_stars():
                    store_progress(self.storage, self.progress)  # merged: another tab's stars stay
                    self.sync_launcher()
                self.show_toast(self.t("won_toast"))
                for k, f in enumerate((523, 659, 784, 1047)):
                    audio.tone(f, 0.2, "sine", 0.12, delay=k * 0.12)
            else:
                self.show_toast(self.t("lost_toast", r=reason(self.shell.i18n.lang, ended.reason)))
                audio.noise(0.4)
        self.save_game()
        self.shell.invalidate()
        return True

    def play_move(self, move: Move) -> None:
        """Play what ``interpret`` meant: one engine action now, or a walk queued one move a frame."""
        play = self.play
        if play is None:
            return
        if isinstance(move, Walk):
            play.queue = list(move.moves)
            if move.code and move.code != "same_cell":
                play.message = self.t("walk_" + move.code, q=self.t(move.quantity) if move.quantity else "")
                play.refusal = ("", {})
            self.next_walk = now()
            self.shell.invalidate()
            return
        play.queue.clear()
        self.act(move)

    def do_undo(self) -> None:
        if self.play is not None and self.play.undo():
            self.anim = None
            self.save_game()
        self.shell.invalidate()

    def toggle_eye(self) -> None:
        if self.play is None:
            return
        if not self.ui.eye and not self.play.can_view():
            has_terminal = bool(self.play.state.props_of("terminal"))
            self.play.message = self.t("eye_need" if has_terminal else "eye_none")
            self.play.refusal = ("", {})
            self.shell.invalidate()
            return
        self.ui.eye = not self.ui.eye
        self.shell.invalidate()

    # -- hooks ----------------------------------------------------------------------------------------
    def state_hash(self) -> str:
        return self.play.session.state_hash() if self.play is not None else ""

    def save_json(self) -> str:
        return self.play.session.save_json() if self.play is not None else "{}"

    def test_hooks(self) -> dict[str, Any]:
        return hooks(self)


def create(shell: Any) -> ReactorApp:
    return ReactorApp(shell)
