"""Ternar («Тернар») page: input → engine move → engine state → drawing, on the shared ``TurnApp``.

The UI state (the route being built, hover, keyboard cursor, the New game card) is ``board.Ui``;
``board.interpret(ui, state, ev)`` turns the board's input into a ``Route``; ``TurnApp`` plays it
through the engine session, saves it (seed + moves) and holds input while the turn animates
(``on_events`` returns the engine's timeline). Every rule decision comes from ``engine.ternar``;
the career profile (Best, guardrail) and the telemetry log are kept beside the save.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gwweb.shared.app import TurnApp
from gwweb.shared.chrome.home import HOME, HOME_KEY, go_home
from gwweb.shared.clock import new_seed, now_ms

from engine.ternar import GAME, Move, SoftUndo, State
from engine.ternar.events import Event as TurnEvent
from engine.ternar.telemetry import BestView, Profile, best_view, options_for, record_session

from . import replay
from .announce import Arrival, announce_turn, arrivals
from .board import DAILY, Ui, dialog_key, interpret
from .effects import SALUTE_MS, Fx
from .frame import draw_frame
from .frame_cache import FrameCache
from .keys import BINDINGS
from .render import BoardPainter
from .sound import Sounds
from .strings import TABLES

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx
    from gwweb.shared.input import Event
    from gwweb.shared.shell import Shell

    from engine.ternar.timeline import Timeline

    from .replay_state import Replay
    from .tutorial_step import Tutorial

TOAST_MS = 2600.0


class TernarApp(TurnApp[State, Move, Ui]):
    SALUTE_MS = SALUTE_MS
    shell: Shell

    def __init__(self, shell: Shell) -> None:
        shell.i18n.tables = TABLES
        shell.i18n.set_lang(shell.i18n.lang)
        self.t = shell.i18n.t
        self.embed = shell.embed
        shell.bindings(
            {**BINDINGS, HOME_KEY: HOME}
        )  # in an embed the shared input answers only while the canvas has focus
        shell.toasts.ms = TOAST_MS
        self.painter = BoardPainter()
        self.sounds = Sounds(shell.audio)
        self.fx = Fx()
        self.frames = FrameCache(last_frame=now_ms())
        self.dismissed = 0  # notices the player has closed (or played on after)
        self.move_anim: Timeline | None = None  # the engine's turn timeline (an Animation)
        self.early_finishes = 0  # animations a press ended at once (2048's rule; the e2e reads it)
        self.arrivals: list[Arrival] = []  # the last turn's, see on_events
        self.replay: Replay | None = None  # the best game played back (issue #30), see replay.py
        raw_profile = shell.storage.read_raw("profile")
        self.profile = shell.storage.load("profile", Profile) or self._salvaged_profile(shell, raw_profile)
        had_save = shell.storage.read_raw(self.SAVE) is not None
        self.salvaged = 0  # moves kept from a save whose later moves did not replay (0: none cut)
        self.link: tuple[int, str] | None = None  # a link's (seed, mode) waiting for the next New game
        super().__init__(
            shell, GAME, Ui(), interpret, self._render, new_seed, options_for(self.profile, "classic"), now_ms
        )
        if self.salvaged:
            self.save()  # the cut game is the live save now; the whole record stays aside
        if had_save and self.state.turns:  # a corrupt save was kept aside: a fresh game has no turns
            self.toast(self.t("restored"))
        self.tutorial: Tutorial | None = None
        self.first_run_tutorial()

    def first_run_tutorial(self) -> None:
        """No tutorial mark is stored (a first run): the tutorial opens (issue 15)."""
        if self.shell.storage.read_raw("tutorial") is None:
            from .tutorial_step import Tutorial

            self.tutorial = Tutorial(0 if self.state.turns == 0 else 1, self.clock())

    # -- records -------------------------------------------------------------------
    def _salvaged_profile(self, shell: Shell, raw: str | None) -> Profile:
        """No readable profile: a damaged one (the storage kept it aside) gives back its Bests
        (called before ``TurnApp.__init__`` sets ``self.shell``)."""
        if raw is None:
            return Profile()
        from .persist import salvaged_profile

        return salvaged_profile(shell.storage, raw, shell.notify, self.t)

    def migrate(self, data: dict[str, Any] | str) -> dict[str, Any] | str:
        """A save whose later moves do not replay keeps the moves before them (issue #30): the whole
        record is kept aside and the player is told how far the game was restored."""
        if not isinstance(data, dict):
            return data
        from engine.ternar.saves import salvage

        got = salvage(data)
        if got is None:
            return data
        cut, kept = got
        st = self.shell.storage
        raw = st.read_raw(self.SAVE)
        if raw is not None:
            n = len(st.notices)
            st.quarantine(self.SAVE, raw, f"moves after {kept} did not replay")
            del st.notices[n:]  # the generic "could not be read" notice: this one says more
        self.shell.notify(self.t("salvaged", n=kept, dropped=len(data.get("moves", [])) - kept))
        self.salvaged = kept
        return cut

    def save(self) -> None:
        if self.replay is not None:
            return  # a replay of the best game is not the game in progress: nothing is stored
        super().save()
        self.shell.progress.sync(in_progress=self.state.outcome is None and self.state.turns > 0)

    def latest_save(self) -> tuple[object, int] | None:
        """What "keep playing here" stores: the game in progress, also while a replay runs."""
        if self.replay is not None:
            return self.replay.live.save().model_dump(mode="json"), self.RECORD_VERSION
        return super().latest_save()

    def on_storage(self, name: str) -> None:
        """Another tab stored its profile: its Best shows here too."""
        if name == "profile":
            from .persist import fresh_profile

            self.profile = fresh_profile(self.shell.storage, self.profile)

    @property
    def best(self) -> BestView:
        """Best as the engine sees it for this game (HUD and game-over card): ``best_view``."""
        return best_view(self.profile, self.state)

    def _end_session(self, state: State) -> None:
        from .persist import fresh_profile, log_session, store_profile

        st = self.shell.storage
        before = fresh_profile(st, self.profile)
        self.profile = record_session(before, state)  # against every tab's Best
        self.profile = store_profile(st, self.profile)
        mode = state.options.mode
        best = getattr(self.profile, f"best_{mode}", 0)
        if best == state.score > getattr(before, f"best_{mode}", 0) and self.session.state is state:
            from .replay import store_best

            store_best(st, mode, self.session.save())  # a new Best: its game is kept to replay (#30)
        bests = {"classic": self.profile.best_classic, "storm": self.profile.best_storm}
        self.shell.progress.sync(best={k: v for k, v in bests.items() if v}, in_progress=False)  # launcher
        log_session(self.shell.storage, state)

    # -- game actions ----------------------------------------------------------------
    def start_new(self, mode: str, seed: int | None = None) -> None:
        if self.replay is not None:
            replay.stop(self)
        old = self.state
        if old.outcome is None and old.turns > 0:
            self._end_session(old)
        self.ui.clear_route()
        self.ui.dialog, self.ui.dialog_daily = None, False
        if self.link is not None:  # a link waited for this New game
            seed = self.link[0] if seed is None else seed
            self.link = None
        if self.profile.guardrail and mode != "zen":
            self.toast(self.t("guardrail"))
        self.new_game(seed, options_for(self.profile, mode))

    def open_link(self, params: dict[str, str], today: str) -> None:
        """A challenge link (``?seed=N&mode=…``) or the daily seed (``?daily``; issue #30). A game in
        progress is never replaced unasked: the New game card opens and the next game plays the link."""
        from engine.ternar.seeds import link_game

        got = link_game(params, today)
        if got is None:
            if "seed" in params or "daily" in params:
                self.toast(self.t("link_bad"))
            return
        seed, mode = got
        st = self.state
        name = self.t("mode_" + mode)
        if st.seed == seed and st.options.mode == mode:
            return  # this game already (the link's page reloaded)
        if st.outcome is None and st.turns > 0:
            self.link = got
            self.ui.dialog, self.ui.dialog_mode, self.ui.dialog_daily = "new", mode, False
            self.toast(self.t("link_wait", seed=seed, mode=name))
            return
        self.start_new(mode, seed)
        self.toast(self.t("link_game", seed=seed, mode=name))

    def undo(self) -> None:
        """The one Soft Undo of the session (a move of the engine: score x0.9); queued mid-animation."""
        if self.locked():
            if not self._after_anim:
                self.after_animation(self.undo)
                self.toast(self.t("undo_queued"))
            return
        st = self.state
        if not st.can_undo:
            self.toast(self.t("undo_over" if st.outcome else "undo_used" if st.undo_used else "undo_none"))
            return
        self.ui.clear_route()
        if self.play(SoftUndo()):
            self.toast(self.t("undo_done"))
            self.sounds.undo()

    def refused(self, why: str) -> None:
        """The engine refused the route (19.1): its last node is tinted, a low tone, nothing played."""
        self.reject(self.ui.released[-1] if self.ui.released else None)

    def reject(self, nid: int | None) -> None:
        if nid is not None:
            self.fx.tint_node(nid, now_ms())
        self.sounds.error()
        self.shell.invalidate()

    def on_events(self, events: list[TurnEvent]) -> Timeline | None:
        """A turn was played: sound, toasts, what a screen reader hears, and the turn's animation."""
        old, new = self.prev_state, self.state
        last = self.session.moves[-1]
        self.arrivals = []
        if old is None or isinstance(last, SoftUndo):
            return None
        self.arrivals = arrivals(events, old.window)  # what flowed in, with the window of that moment (#30)
        from .anim import build

        self.dismissed = len(self.shell.notices)  # the player has seen the notice and played on
        self.sounds.collapse(len(last.nodes), new.values[last.nodes[-1]])
        announce_turn(self.t, self.toast, self.fx, self.sounds, events, old.window, now_ms())
        said = f"{self.t('turn')} {new.turns}. {self.t('score')} {new.score} (+{new.score - old.score})"
        self.shell.announce(said if new.outcome is None else f"{said}. {self.t('game_over')}")
        if self.tutorial is not None and self.tutorial.step == 0 and self.replay is None:
            self.tutorial.step = 1  # the first route is played: the cards follow once it has settled
            self.tutorial.wake(self.clock())
        if new.outcome is not None and self.replay is None:
            self._end_session(new)
        timeline = build(old.values, old.ghosts, events, new.values)
        if not timeline.consistent:
            import js  # type: ignore[import-not-found]

            js.console.warn("ternar: turn events did not reproduce the new state; animation skipped")
            return None
        return timeline

    def toast(self, text: str) -> None:
        """A short message over the board (``shell.toasts``), also spoken to screen readers."""
        self.shell.toasts.push(text)

    # -- input ---------------------------------------------------------------------------
    def busy(self) -> bool:
        """The board takes no input: a turn animates, a card is up or the game is over."""
        return (
            self.locked()
            or self.ui.dialog is not None
            or self.state.outcome is not None
            or self.tutorial_card()
        )

    def finish_turn_animation(self) -> None:
        """2048's rule (issue #30): a press or board key while a turn animates ends that animation at
        once (the field jumps to the new state) and the input is taken, never dropped."""
        if self.locked() and self.ui.dialog is None and self.state.outcome is None:
            self.early_finishes += 1
            self.finish_animation()

    def tutorial_card(self) -> bool:
        """A tutorial card is up (steps 1-3, once the turn's animation is over): the board waits."""
        return (
            self.tutorial is not None
            and self.tutorial.modal
            and self.move_anim is None
            and self.state.outcome is None  # the game-over card is shown (and answers) instead
        )

    def tutorial_next(self, skip: bool = False) -> None:
        from .tutorial_step import STEPS

        tut = self.tutorial
        if tut is None:
            return
        tut.step += 1
        tut.wake(self.clock())
        if skip or tut.step >= len(STEPS):
            from .persist import mark_tutorial_seen

            self.tutorial = None
            mark_tutorial_seen(self.shell.storage)
        self.shell.invalidate()

    def handle(self, ev: Event) -> None:
        ui = self.ui
        if self.replay is not None:  # any press or key ends a replay; the game in progress is back
            if (ev.kind == "pointer" and ev.name == "down") or (ev.kind == "action" and ev.down):
                replay.stop(self)
            return
        tut = self.tutorial
        if tut is not None and ev.kind in ("pointer", "action"):  # its motion runs again, then rests
            still = not tut.moving(self.clock())
            tut.wake(self.clock())
            if still:
                self.shell.invalidate()
        if ev.kind == "pointer":
            if ev.name == "down":
                ui.touch = ev.pointer_type == "touch"
                ui.keyboard = False
                r = ui.dialog_rect
                if ui.dialog is not None and r is not None and not r.contains(ev.x, ev.y):
                    ui.dialog = None  # a tap on the dimmed page outside the card cancels, like Esc
                    self.shell.invalidate()
                    return
                self.finish_turn_animation()
                if self.busy():
                    return
        elif ev.kind == "action" and ev.down:
            ui.keyboard = True
            if self._action(ev.name):
                self.shell.invalidate()
                return
            self.finish_turn_animation()
        else:
            return
        super().handle(ev)  # the board: interpret -> Route -> play (held while a turn animates)
        self._cues()

    def _cues(self) -> None:
        """Play what the board asked for while the route was built (link tones, tints, errors)."""
        for kind, n in self.ui.cues:
            if kind == "link" or kind == "link_soft":
                self.sounds.link(n, soft=kind == "link_soft")
            elif kind == "tint":
                self.fx.tint_node(n, now_ms())
            else:
                self.reject(n if n >= 0 else None)
        self.ui.cues.clear()

    def _action(self, name: str) -> bool:
        """Keys that are not board moves (cards, tutorial, undo, new game, mute, language); True when
        the key was used here."""
        ui = self.ui
        if name in ("mute", "lang", "telemetry", "home", "share"):
            self.on_button(name)
            return True
        if self.tutorial_card() and ui.dialog is None:
            if name in ("select", "cancel"):
                self.tutorial_next(skip=name == "cancel")
            return True
        if self.tutorial is not None and name == "cancel" and not ui.route and ui.dialog is None:
            self.tutorial_next(skip=True)  # Esc skips the tutorial in its first, board step too
            return True
        if ui.dialog is not None:
            mode = dialog_key(ui, name)
            if mode == DAILY:
                self.start_daily()
            elif mode is not None:
                self.start_new(mode)
            return True
        if self.state.outcome is not None and not self.locked():
            if name in ("select", "new"):
                self.on_button("again" if name == "select" else "new")
            elif name == "cancel":
                self.on_button("dismiss")
            return True
        if name == "undo":
            self.undo()
            return True
        if name == "new":
            self.open_dialog()
            return True
        if name == "cancel" and not ui.route and len(self.shell.notices) > self.dismissed:
            self.on_button("dismiss")  # Esc closes a notice when there is no route to drop
            return True
        return False

    def on_button(self, id: str) -> None:
        sh = self.shell
        ui = self.ui
        if id == "home":
            go_home(sh)
        elif id == "mute":
            sh.set_muted(not sh.audio.muted)
        elif id == "lang":
            sh.set_lang(sh.i18n.toggle())
        elif id in ("tut_next", "tut_skip"):
            self.tutorial_next(skip=id == "tut_skip")
        elif id == "dismiss":
            self.dismissed = len(sh.notices) if self.dismissed >= len(sh.notices) - 1 else self.dismissed + 1
        elif id == "replay":
            replay.start(self, ui.dialog_mode if ui.dialog is not None else self.state.options.mode)
        elif id == DAILY and ui.dialog is not None:
            self.start_daily()
        elif ui.dialog is not None and not (id.startswith("mode:") or id in ("telemetry", "cancel")):
            ui.dialog = None  # a tap on the dimmed page behind the New game card only closes it
        elif id == "undo":
            self.undo()
        elif id == "new":
            self.open_dialog()
        elif id == "cancel":
            ui.dialog = None
        elif id == "again":
            self.start_new(self.state.options.mode)
        elif id.startswith("mode:"):
            self.start_new(id[5:])
        elif id == "telemetry":
            self.export_telemetry()
        elif id == "share":
            self.share()
        sh.invalidate()

    def open_dialog(self) -> None:
        self.ui.dialog = "new"
        self.ui.dialog_mode = self.state.options.mode
        self.ui.dialog_daily = False

    def start_daily(self, today: str | None = None) -> None:
        """The New game card's daily game (issue #30): today's seed (UTC) in Classic, the game
        ``?daily`` names, the same for everyone that day."""
        from engine.ternar.seeds import daily_seed

        from .links import today_utc

        seed = daily_seed(today or today_utc())
        self.start_new("classic", seed)
        self.toast(self.t("daily_game", seed=seed))

    def share(self) -> None:
        """Share this game as a link (``?seed=N&mode=…``, issue #30): copied, or shown to copy."""
        import js  # type: ignore[import-not-found]

        from .persist import share

        st = self.state
        share(
            str(js.location.href),
            st.seed,
            st.options.mode,
            lambda ok, link: self.toast(self.t("share_ok" if ok else "share_failed", link=link)),
        )

    def export_telemetry(self) -> None:
        from .persist import export

        export(self.telemetry_json(), lambda ok: self.toast(self.t("exported" if ok else "export_failed")))

    def telemetry_json(self) -> str:
        from .persist import telemetry_json

        return telemetry_json(self.shell.storage, self.state)

    # -- frames ------------------------------------------------------------------------------
    def on_resize(self) -> None:
        self.frames.lay = None

    def animating(self) -> bool:
        return (
            self.move_anim is not None
            or self.shell.toasts.active()
            or self.replay is not None
            or (self.tutorial is not None and self.tutorial.moving(self.clock()))  # rests when still
            or self.fx.running(self.active())
        )

    def active(self) -> int | None:
        """1.6: the node under the pointer/finger (or the keyboard cursor) is the active one."""
        ui = self.ui
        if self.move_anim is not None or ui.dialog is not None:
            return None
        if ui.route:
            return ui.route[-1]
        if ui.show_cursor:
            return ui.cursor.nid if self.state.values[ui.cursor.nid] else None
        return ui.hover

    def _render(self, g: Gfx, ui: Ui, state: State, t: float) -> None:
        if self.replay is not None:
            replay.tick(self)  # the next move of the best game, when its time has come
        draw_frame(self, g, t)

    # -- test hooks ----------------------------------------------------------------------------
    def test_hooks(self) -> dict[str, object]:
        from .hooks import hooks

        return hooks(self)


def create(shell: Shell) -> TernarApp:
    from gwweb.shared.clock import idle

    from . import warmup
    from .links import page_link

    app = TernarApp(shell)
    app.open_link(*page_link())
    warmup.schedule(idle)  # after the first frame, in idle time (#20)
    return app
