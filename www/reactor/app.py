"""Reactor Maintenance page: a thin ``TurnApp`` (#24's one app shape).

* ``interpret.Ui`` — the UI state (everything undo does not restore: the screen, selection, eye
  view, zoom, overlays, scrolls, focus; the level on screen ``ui.run``, the cascade playing, the
  player's records);
* ``events.interpret_event(ui, state, ev)`` — what the player meant: an engine action, a ``Walk``
  (played one move a frame in ``tick``) or a page ``Command`` (carried out by ``on_button``);
* the engine's ``apply`` through the ``Session`` (``TurnApp``: saved after every move);
* ``view.DrawState.draw(g, ui, state, t)`` — the frame (the level list with no game open).

A lengthy action's pulse cascade is the move's ``Animation`` (``cascade.Cascade``, skippable: any
press cuts it short and is then played). Saves are the level key with the hint flag and pulses
taken back around the engine's ``SaveData`` (``model.SavedGame``), restored map-aware
(``model.restore_play``); progress is the engine's format 2 (``stars``). No module imports this one.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import js  # type: ignore[import-not-found]
from gwweb.shared.chrome import HOME, HOME_KEY, go_home
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from engine.core.schema import SchemaError
from engine.reactor import GAME
from engine.reactor.actions import LENGTHY
from engine.reactor.game import LevelEnded

from ..shared.app import Record, TurnApp, newer_than_build
from .bindings import BINDINGS, TOAST_MS, WALK_MS, now
from .cascade import Cascade, CascadePlayer, play_sound
from .editor import Editor
from .eissues import problems_text
from .events import cut_hurries, interpret_event
from .focus import draw_focus, focus_input
from .hooks import hooks
from .interpret import Command, In, Move, Ui, Walk, interpret
from .links import code_in, open_link
from .model import (
    GAME_FORMAT,
    Run,
    in_progress,
    load_custom,
    next_level,
    restore_play,
    session_for,
    upgrade_saved,
)
from .pageinput import press_starts_tap, ui_button
from .speech import announce_pulse, won_words
from .stars import (
    PROGRESS_FORMAT,
    Progress,
    best_pulses,
    par,
    record_win,
    refresh_progress,
    stars_for,
    store_progress,
)
from .strings import TABLES, reason
from .view import DrawState, LevelList, warm_steps

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx
    from gwweb.shared.input import Event

    from engine.core.session import Session
    from engine.reactor.actions import Action
    from engine.reactor.state import ReactorState


class ReactorApp(TurnApp[Any, Any, Ui]):
    """The Reactor page (moves are action texts, ``Walk``s or page ``Command``s: see ``play``)."""

    RECORD_VERSION = GAME_FORMAT
    shell: Any  # gwweb.shared.shell.Shell (a fake one in tests)

    def __init__(self, shell: Any) -> None:
        shell.i18n.tables = TABLES
        shell.i18n.set_lang(shell.i18n.lang)
        shell.bindings(BINDINGS)
        progress = Record(shell.storage, "progress", Progress, Progress, PROGRESS_FORMAT).value
        ui = Ui(progress=progress, custom=load_custom(shell.storage), cascades=CascadePlayer(shell))
        self.ds = DrawState(shell, ui)
        self.diag: dict[str, list[tuple[str, float]]] = {"act_ms": [], "slow": []}  # test hooks
        idle = LevelList(self.ds)
        super().__init__(shell, GAME, ui, interpret_event, self.ds.draw, lambda: 0, clock=now, idle=idle)
        self.editor = Editor(self)
        self.open_page_link()
        try:  # a share link followed while the page is open changes only the fragment
            self._on_hash = create_proxy(lambda _e: self.open_page_link())
            js.window.addEventListener("hashchange", self._on_hash)
        except Exception:  # noqa: BLE001 - no browser window (tests)
            pass
        self.tell_notices()
        self.ds.warm = warm_steps(self.ds.painter, self.ds.hud)

    def t(self, key: str, **fmt: Any) -> str:
        return str(self.shell.i18n.t(key, **fmt))

    # -- persistence ------------------------------------------------------------------------------
    def _restore(self) -> Session[Any, Any] | None:
        """The game in progress, of any stored format (format 1 = key + moves, migrated); a save
        that cannot continue under today's rules or on today's map is kept aside with a notice."""
        st = self.shell.storage
        raw = st.read_raw(self.SAVE)
        self.restored = False
        if raw is None:
            return None
        newer = newer_than_build(GAME, raw, GAME_FORMAT)
        if newer is not None:  # kept for the build that wrote it, with a notice
            st.hold(self.SAVE, newer)
            return None
        try:
            wrapper = json.loads(raw)
            saved = upgrade_saved(int(wrapper.get("v", 1)), wrapper["data"], self.ui.custom)
            run, status, why = restore_play(saved)
        except (SchemaError, ValueError, KeyError, TypeError, AttributeError) as exc:
            st.quarantine(self.SAVE, raw, str(exc)[:160])
            return None
        if run is None:
            st.quarantine(self.SAVE, raw, why[:160])
            if status in ("closed", "map_changed"):
                self.shell.notify(self.t("map_changed" if status == "map_changed" else "rules_closed"))
            return None
        self.ui.run, self.ui.screen, self.restored = run, "play", True
        self.shell.storage.save(self.SAVE, run.save(), GAME_FORMAT)  # stored in today's format
        self.sync_launcher(run)
        if run.session.moves:
            self.toast(self.t("restored") if status == "ok" else self.t("rules_migrated"))
        return run.session

    def save(self) -> None:
        run = self.ui.run
        if self.game_open and run is not None and run.stored():
            self.shell.storage.save(self.SAVE, run.save(), GAME_FORMAT)

    def on_storage(self, name: str) -> None:
        """Another tab stored its progress: the level list takes in its levels, stars and bests."""
        if name == "progress":
            refresh_progress(self.shell.storage, self.ui.progress)

    def toast(self, text: str) -> None:
        self.shell.toasts.push(text, TOAST_MS)  # shown, and spoken to screen readers

    # -- share links ------------------------------------------------------------------------------
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
        lid, problems = open_link(code, self.ui.custom.levels)
        if lid is None:
            why = problems_text(self.shell.i18n.lang, problems)[:300]
            self.shell.notify(self.t("link_bad", why=why))
            self.shell.invalidate()
            return
        self.shell.storage.save("custom", self.ui.custom)
        self.ui.menu_cache = None
        if self.ui.screen == "editor":  # the editor hides the question: it is asked over the list
            self.ui.screen = "menu"
        self.open_level("custom:" + lid)
        self.shell.invalidate()  # (from a hashchange event: no input event redraws)

    # -- levels -----------------------------------------------------------------------------------
    def open_level(self, key: str) -> None:
        """A level from the list: the level being played resumes; another level replaces a game in
        progress only after the player says yes (``ui.ask``)."""
        run = self.ui.run
        if run is not None and run.key == key and run.state.outcome is None:
            self.ui.screen = "play"
        elif run is not None and in_progress(run):
            self.ui.ask = key
        else:
            self.start(key)

    def start(self, key: str, session: Session[ReactorState, Action] | None = None) -> None:
        """Play level ``key`` (or ``session``: an editor play-test). A level from the list loads in
        the next frame and is first drawn in the one after (#20: a level load and a first draw
        each cost a few tens of ms; one frame must not pay both)."""
        if session is None:
            self.ui.pending = key
            self.shell.invalidate()
            return
        self.start_now(key, session)

    def start_now(self, key: str, session: Session[ReactorState, Action] | None = None) -> None:
        try:
            s = session or session_for(key, self.ui.custom)
        except (SchemaError, KeyError, ValueError) as exc:
            self.toast(str(exc)[:200])
            return
        ui = self.ui
        ui.run, ui.cascade, ui.screen = Run(key, s), None, "play"
        ui.selected, ui.eye, ui.pan = None, False, None
        self.open_session(s)
        self.sync_launcher(ui.run)

    def forget_level(self, key: str) -> None:
        """A level deleted in the editor: its game, if it is the one open, closes and its save goes."""
        if self.ui.run is not None and self.ui.run.key == key:
            self.ui.run = None
            self.close_game()
            self.shell.storage.remove(self.SAVE)

    def sync_launcher(self, run: Run | None) -> None:
        """The launcher's card: levels, the level being played, stars earned and on offer."""
        from engine.reactor.campaign import keys as campaign_keys

        keys = campaign_keys()
        self.shell.progress.sync(
            levels=len(keys),
            stars_max=3 * len(keys),
            stars=dict(self.ui.progress.stars),
            level=keys.index(run.key) + 1 if run is not None and run.key in keys else 0,
            in_progress=run is not None and run.state.outcome is None and bool(run.session.moves),
        )

    # -- moves --------------------------------------------------------------------------------------
    def play(self, move: Move) -> bool:
        """Carry out what ``interpret`` meant: a page command, a walk (queued, one move a frame) or
        one engine action (a refusal is shown in the panel with a low tone)."""
        run = self.ui.run
        if isinstance(move, Command):
            self.on_button(move.id)
            return False
        if run is None or not self.game_open:
            return False
        if isinstance(move, Walk):
            run.queue = list(move.moves)
            if move.code and move.code != "same_cell":
                run.message = self.t("walk_" + move.code, q=self.t(move.quantity) if move.quantity else "")
                run.refusal = ("", {})
            run.next_walk = self.clock()
            self.shell.invalidate()
            return True
        if self.move_anim is not None:  # (input has cut it already; a test may play straight in)
            self.cut_animation("act:" + move)
        before, t0 = self.state, now()
        ok, _why = run.try_play(move, capture=True)  # the engine's events: pulse stages, level end
        self.diag["act_ms"].append((move.split()[0], round(now() - t0, 1)))
        del self.diag["act_ms"][:-40]
        if not ok:
            self.shell.audio.tone(140, 0.12, "square", 0.08)
            self.shell.invalidate()
            return False
        if move.startswith("move"):
            self.ui.pan = None  # the zoomed view follows the robot again
        self._played(before)
        return True

    def on_events(self, events: list[Any]) -> Cascade | None:
        """The action just played: its pulse cascade (the move's animation), sounds, what screen
        readers hear, and the level's end (stars and best pulses recorded, merged across tabs)."""
        run, ui, audio = self.ui.run, self.ui, self.shell.audio
        assert run is not None and self.prev_state is not None and ui.cascades is not None
        text = str(run.session.moves[-1]) if run.session.moves else ""
        word = text.split(" ")[0]
        ui.cascade = None
        if word in LENGTHY:
            label = self.t("repair" if word == "repair" else text.replace(" ", "_"))
            ui.cascade = ui.cascades.start(self.prev_state, run.last_trace, self.clock(), ui.eye, label)
            audio.tone(220, 0.18, "sine", 0.12, glide_to=330)
            announce_pulse(self.shell, self.t, run.state)
        else:
            audio.tone(520, 0.04, "sine", 0.05)
        ended = next((e for e in run.events if isinstance(e, LevelEnded)), None)
        if ended is not None:
            run.queue.clear()
            if ended.result == "won":
                fp = str(run.session.options.get("fingerprint", ""))
                pr = ui.custom.pars.get(run.key.partition(":")[2]) if run.key.startswith("custom:") else None
                pulses = run.star_pulses()
                if record_win(ui.progress, run.key, pulses, run.hinted, fp, pr):
                    store_progress(self.shell.storage, ui.progress)  # merged: another tab's stay
                self.sync_launcher(run)
                self.toast(self.t("won_toast"))
                p = par(run.key) or pr
                n = stars_for(pulses, p, run.hinted)
                self.shell.announce(won_words(self.t, n, pulses, p, best_pulses(ui.progress, run.key, fp)))
                for k, f in enumerate((523, 659, 784, 1047)):
                    audio.tone(f, 0.2, "sine", 0.12, delay=k * 0.12)
            else:
                self.toast(self.t("lost_toast", r=reason(self.shell.i18n.lang, ended.reason)))
                audio.noise(0.4)
        return ui.cascade

    def animation_ended(self, anim: Any, cut_by: object | None) -> None:
        """The cascade ended: ran its time (its last stages' sounds play) or was cut short by input
        (a move or an action cutting it makes the next cascade play fast)."""
        ui = self.ui
        if isinstance(anim, Cascade) and ui.cascades is not None:
            t = self.clock()
            if cut_by is None:
                anim.at(t)
                self.sound_stages(anim)
            hurry = cut_by is not None and cut_hurries(ui, cut_by, self.shell.input.bindings)
            ui.cascades.end(anim, t, cut_by is not None, hurry)
        ui.cascade = None

    def sound_stages(self, anim: Cascade) -> None:
        sound = anim.take_sounds()
        if sound is not None:
            play_sound(self.shell.audio, *sound)

    def undo(self) -> None:
        """Take back the last action (a pulse taken back counts for the stars: ``Run.undone``)."""
        self.cut_animation("undo")
        if self.ui.run is not None and self.game_open and self.ui.run.undo():
            self.prev_state = None
            self.save()
        self.shell.invalidate()

    def toggle_eye(self) -> None:
        run = self.ui.run
        if run is None:
            return
        if not self.ui.eye and not run.can_view():
            has_terminal = bool(run.state.props_of("terminal"))
            run.message, run.refusal = self.t("eye_need" if has_terminal else "eye_none"), ("", {})
        else:
            self.ui.eye = not self.ui.eye
        self.shell.invalidate()

    # -- frames -------------------------------------------------------------------------------------
    def tick(self) -> None:
        """Before each frame: the editor's live solver, the cascade's stage sounds, and the next move
        of a walk."""
        if self.ui.screen == "editor":
            self.editor.search_tick()
        self.anim_ms()  # a cascade that has run its time ends here
        ui, run = self.ui, self.ui.run
        if ui.cascade is not None:
            ui.cascade.at(self.clock())
            self.sound_stages(ui.cascade)
        elif run is not None and run.queue and self.game_open and self.clock() >= run.next_walk:
            self.play(run.queue.pop(0))
            run.next_walk = self.clock() + WALK_MS

    def animating(self) -> bool:
        if self.ui.screen == "editor":
            return bool(self.editor.animating())
        run = self.ui.run
        busy = self.move_anim is not None or self.ui.pending is not None or bool(self.ds.warm)
        return busy or (run is not None and bool(run.queue)) or bool(self.shell.toasts.active())

    def draw(self, g: Gfx) -> None:
        t0 = now()
        if self.ui.screen == "editor":
            self.editor.draw(g)
        elif self.ui.pending is not None:  # load the level now, draw it next frame (the canvas keeps
            key, self.ui.pending = self.ui.pending, None  # showing the last picture meanwhile)
            self.start_now(key)
            self.shell.invalidate()
            return
        else:
            super().draw(g)
            if self.ds.warm:
                self.ds.warm.pop(0)(g)  # after this frame's drawing: the picture is already complete
            self.shell.toasts.draw(g, g.width / 2, g.height - 12, fg="#FFFFFF", bg="rgba(20,30,40,0.94)")
        draw_focus(g, self.ui)
        self.ui.buttons = list(g.regions)
        cur = self.ui.cascade.current() if self.ui.cascade is not None else None
        self.note_slow("draw " + (cur.label if cur is not None else self.ui.screen), now() - t0)

    def note_slow(self, what: str, ms: float) -> None:
        """Keep the slowest work items (test hook ``slow``: where frames over budget go)."""
        if ms >= 16:
            slow = self.diag["slow"]
            slow.append((what, round(ms, 1)))
            slow.sort(key=lambda x: -x[1])
            del slow[10:]

    # -- input ----------------------------------------------------------------------------------------
    def handle(self, ev: Event) -> None:
        t0 = now()
        got = focus_input(self.ui, ev)
        if got.used:
            if got.command is not None:
                self.on_button(got.command)
            self.shell.invalidate()
        elif ev.kind == "key" and ev.down and ev.name == HOME_KEY:
            go_home(self.shell)
        elif self.ui.screen == "editor":
            self.editor.handle(ev)
        else:
            super().handle(ev)
        self.note_slow(f"handle {ev.kind} {ev.name}", now() - t0)

    def press_button(self, hit: str, ev: Event) -> bool:
        """A pointer press on a canvas button (the shell asks before firing it): on the level list a
        card or the editor button waits for the release (a tap; a swipe scrolls instead)."""
        return press_starts_tap(self.ui, hit, ev.x, ev.y, self.game_open)

    def on_button(self, id: str) -> None:
        ui, run = self.ui, self.ui.run
        if ui.screen == "editor":
            self.editor.on_button(id)
            return
        self.cut_animation(id)
        if ui_button(ui, id):
            pass
        elif id == HOME:
            go_home(self.shell)
        elif id == "lang":
            self.shell.set_lang(self.shell.i18n.toggle())
        elif id == "mute":
            self.shell.set_muted(not self.shell.audio.muted)
        elif id == "undo":
            self.undo()
        elif id == "eye":
            self.toggle_eye()
        elif id == "menu" and run is not None:
            ui.screen = "editor" if run.key.startswith("test:") else "menu"
        elif id == "cascade" and ui.cascades is not None:
            ui.cascades.cycle_mode()
        elif id in ("editor", "editor_top", "backeditor"):
            self.editor.open()
        elif id.startswith("level:"):
            self.open_level(id[6:])
        elif id.startswith("ask:"):
            key, ui.ask = ui.ask, None
            if id == "ask:yes" and key is not None:
                self.start(key)
        elif run is not None and self.game_open:
            self.run_button(id, run)
        self.shell.invalidate()

    def run_button(self, id: str, run: Run) -> None:
        """The buttons of the level being played: restart, hint, next level, the panel's actions."""
        if id == "restart":
            run.restart()
            self.prev_state = None
            self.save()
        elif id == "hint":
            text = run.hint(self.shell.i18n.lang)
            if text:
                run.note = self.t("hint_used", h=text)
                self.save()
        elif id == "next":
            nxt = next_level(run.key)
            if nxt:
                self.start(nxt)
        elif id.startswith("act:"):
            move = interpret(self.ui, self.state, In("button", id))
            if move is not None:
                self.play(move)

    # -- hooks ----------------------------------------------------------------------------------------
    def test_hooks(self) -> dict[str, Any]:
        return hooks(self)


def create(shell: Any) -> ReactorApp:
    return ReactorApp(shell)
