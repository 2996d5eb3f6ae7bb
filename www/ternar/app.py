"""Ternar («Тернар») page: input → engine move → engine state → drawing.

The glue holds only UI state (the route being dragged, hover, cursor, animations, dialogs); every
rule decision comes from ``engine.ternar``. Saves are the engine session (seed + moves) in
``shell.storage``; the career profile (Best, guardrail) and telemetry are kept beside it.
"""

from __future__ import annotations

import json
import math
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

from engine.core.schema import SchemaError
from engine.core.session import SaveData, Session
from engine.ternar import GAME, Route, SoftUndo, display
from engine.ternar.telemetry import Profile, best_view, options_for, record_session, telemetry

from .anim import Timeline, build
from .keys import BINDINGS, MOVES, Cursor
from .layout import Layout
from .persist import NullSafeBackend, TelemetryLog
from .render import BoardPainter
from .sound import Sounds
from .strings import TABLES
from .tutorial import STEPS, Tutorial, TutorialSeen
from .view import fmt_value, route_step

SWELL = display.SWELL_SCALE  # 1.6: the active node grows to 1.2x ...
TINT_MS = float(display.INVALID_TINT_MS)  # 19.1: the rejected target in #FFCDD2 for 100 ms
TOAST_MS = 2600.0
SALUTE_MS = 3200.0  # 17.8: the Soft Win salute
MOMENT_MS = 3200.0  # the Architect / Big Bang banner over the board
MODES = ("classic", "zen", "storm")


def now() -> float:
    return float(js.performance.now())


def new_seed() -> int:
    """A fresh game seed (17.5: generated at start, stored in the save and the telemetry)."""
    a = int(js.Date.now()) & 0xFFFFFFFF
    b = int(js.performance.now() * 1000) & 0xFFFFFFFF
    return ((a * 2654435761) ^ (b * 40503) ^ (a >> 7)) & 0xFFFFFFFF


class TernarApp:
    realtime = False
    SALUTE_MS = SALUTE_MS

    def __init__(self, shell: Any) -> None:
        self.shell = shell
        for store in (shell.storage, getattr(shell, "prefs", None)):
            if store is not None and not isinstance(store.backend, NullSafeBackend):
                store.backend = NullSafeBackend(store.backend)
        shell.i18n.tables = TABLES
        shell.i18n.set_lang(shell.i18n.lang)
        self.t = shell.i18n.t
        self.embed = bool(getattr(shell, "embed", False))
        shell.bindings(BINDINGS)  # in an embed the shared input answers only while the canvas has focus
        self.game = GAME
        self.painter = BoardPainter()
        self.sounds = Sounds(shell.audio)
        self.lay: Layout | None = None
        self.ui_cache: dict[str, Any] = {}
        # UI state (never part of the engine state)
        self.route: tuple[int, ...] = ()
        self.drag_pointer: int | None = None
        self.kb_route = False
        self.last_xy: tuple[float, float] | None = None
        self.hover: int | None = None
        self.scales: dict[int, float] = {}
        self.tint: tuple[int, float] | None = None
        self.cursor = Cursor()
        self.show_cursor = False
        self.timeline: Timeline | None = None
        self.anim_t0 = 0.0
        self.pending_undo = False
        self.salute: tuple[int, float] | None = None  # 17.8: fireworks for the first singularity
        self.dialog: str | None = None
        self.dialog_rect: Any = None  # the New game card as last drawn (a tap outside it closes it)
        self.touch = False  # the last press was a finger: no keyboard hint on a landscape phone
        self.dialog_mode = "classic"  # the mode highlighted in the New game card (keyboard choice)
        self.toasts: list[tuple[str, float]] = []
        self.dismissed = 0
        self.last_frame = now()
        self.vibrating = False
        self.moment: tuple[str, str, str, float, float] | None = (
            None  # 17.8 / 9.3: kind, title, line, t0, until
        )
        self.profile = shell.storage.load("profile", Profile) or Profile()
        self.log = shell.storage.load("telemetry", TelemetryLog) or TelemetryLog()
        self.session = self._restore()
        seen = shell.storage.load("tutorial", TutorialSeen)
        self.tutorial: Tutorial | None = (
            None if seen is not None else Tutorial(0 if self.state.turns == 0 else 1)
        )

    # -- persistence --------------------------------------------------------------
    def _restore(self) -> Session:
        st = self.shell.storage
        data = st.load("game", SaveData)
        session: Session | None = None
        if data is not None:
            try:
                session = Session.load(self.game, data, keep_events=True)
                if session.state.turns:
                    self.toast(self.t("restored"))
            except (SchemaError, ValueError) as exc:
                raw = st.backend.getItem(st.key("game"))
                if raw is not None:
                    st.quarantine("game", str(raw), str(exc)[:160])
        bad = st.take_notices()
        for n in bad:
            kept = next((w.rstrip(".") for w in n.split() if w.startswith(f"{st.key('game')}:corrupt")), "")
            self.shell.notify(f"{self.t('bad_save')} ({kept})" if kept else f"{self.t('bad_save')} {n}")
        if session is None:
            session = self._fresh("classic")
        return session

    def _fresh(self, mode: str, seed: int | None = None) -> Session:
        return Session(
            self.game, new_seed() if seed is None else seed, options_for(self.profile, mode), keep_events=True
        )

    def save(self) -> None:
        self.shell.storage.save("game", self.session.save())
        self.shell.progress.sync(in_progress=self.state.outcome is None and self.state.turns > 0)

    @property
    def best(self) -> Any:
        """Best as the engine sees it for this game (HUD and game-over card): ``best_view``."""
        return best_view(self.profile, self.state)

    @property
    def state(self) -> Any:
        return self.session.state

    # -- game actions -------------------------------------------------------------
    def start_new(self, mode: str, seed: int | None = None) -> None:
        old = self.state
        if old.outcome is None and old.turns > 0:
            self._end_session(old)
        self.session = self._fresh(mode, seed)
        self.route, self.drag_pointer, self.kb_route = (), None, False
        self.timeline = None
        self.pending_undo = False
        self.dialog = None
        if self.profile.guardrail and mode != "zen":
            self.toast(self.t("guardrail"))
        self.save()
        self.shell.invalidate()

    def _end_session(self, state: Any) -> None:
        self.profile = record_session(self.profile, state)
        self.shell.storage.save("profile", self.profile)
        bests = {"classic": self.profile.best_classic, "storm": self.profile.best_storm}
        self.shell.progress.sync(
            best={k: v for k, v in bests.items() if v}, in_progress=False
        )  # launcher card
        rec = telemetry(state).model_dump(mode="json")
        self.log.records = (self.log.records + [rec])[-200:]
        self.shell.storage.save("telemetry", self.log)

    def release(self, over: int | None) -> None:
        """The finger/mouse let go over node ``over`` (None: off the board). Only a release on the
        route's last node plays it; over another node or off the board it is an invalid
        interaction (19.1): the line vanishes, that node is tinted, nothing is played."""
        route = self.route
        if route and over == route[-1]:
            self.commit(route)
            return
        self.route, self.drag_pointer, self.kb_route = (), None, False
        self.reject(over)

    def commit(self, route: tuple[int, ...]) -> None:
        """Release the route: invalid ones change nothing (19.1); valid ones are played through the engine."""
        self.route, self.drag_pointer, self.kb_route = (), None, False
        if len(route) < 2 or self.state.outcome is not None:
            self.reject(route[-1] if route else None)
            return
        old = self.state
        try:
            self.session.play(Route(nodes=route))
        except ValueError:
            self.reject(route[-1])
            return
        new = self.state
        events = self.session.last_events
        self.dismissed = len(self.shell.notices)  # the player has seen the notice and played on
        self.timeline = build(old.values, old.ghosts, events, new.values)
        self.anim_t0 = now()
        self.sounds.collapse(len(route), new.values[route[-1]])
        self._announce(events, old.window)
        said = f"{self.t('turn')} {new.turns}. {self.t('score')} {new.score} (+{new.score - old.score})"
        self.shell.announce(said if new.outcome is None else f"{said}. {self.t('game_over')}")
        if self.tutorial is not None and self.tutorial.step == 0:
            self.tutorial.step = 1  # the first route is played: the cards follow once it has settled
        if new.outcome is not None:
            self._end_session(new)
        self.save()
        self.shell.invalidate()

    def _announce(self, events: list[Any], old_window: tuple[int, ...] = (3, 9, 27)) -> None:
        for e in events:
            k = e.kind
            if k == "window_shift":
                self.toast(self.t("window_shift", window="·".join(fmt_value(v) for v in e.new_window)))
            elif k == "big_bang":
                levels = round(
                    math.log(e.new_window[0] / old_window[0], 3)
                )  # 0 once the window is at the cap
                text = self.t("big_bang", levels=levels) if levels > 0 else self.t("big_bang_capped")
                self.toast(text)
                sub = self.t("big_bang_sub", levels=levels) if levels > 0 else self.t("big_bang_sub_capped")
                self.moment = ("big_bang", self.t("big_bang_title"), sub, now(), now() + MOMENT_MS)
                self.sounds.big_bang()
            elif k == "achievement":
                self.toast(self.t("architect"))
                self.salute = (e.node, now() + SALUTE_MS)
                self.moment = (
                    "architect",
                    self.t("architect_title"),
                    self.t("architect_sub"),
                    now(),
                    now() + MOMENT_MS,
                )
                self.sounds.singularity()
            elif k == "inversion":
                self.toast(self.t("storm_flip"))
            elif k == "zen_refill":
                self.toast(self.t("zen_refill"))

    def reject(self, nid: int | None) -> None:
        if nid is not None:
            self.tint = (nid, now() + TINT_MS)
        self.sounds.error()
        self.shell.invalidate()

    def undo(self) -> None:
        if self.timeline is not None:
            self.pending_undo = True
            self.toast(self.t("undo_queued"))
            return
        st = self.state
        if not st.can_undo:
            key = "undo_over" if st.outcome is not None else "undo_used" if st.undo_used else "undo_none"
            self.toast(self.t(key))
            return
        self.route, self.drag_pointer, self.kb_route = (), None, False
        self.session.play(SoftUndo())
        self.toast(self.t("undo_done"))
        self.sounds.undo()
        self.save()

    # -- input ------------------------------------------------------------------------
    def busy(self) -> bool:
        return (
            self.timeline is not None
            or self.dialog is not None
            or self.state.outcome is not None
            or self.tutorial_card()
        )

    def tutorial_card(self) -> bool:
        """A tutorial card is up (steps 1-3, once the turn's animation is over): the board waits."""
        return self.tutorial is not None and self.tutorial.modal and self.timeline is None

    def tutorial_next(self, skip: bool = False) -> None:
        tut = self.tutorial
        if tut is None:
            return
        tut.step += 1
        if skip or tut.step >= len(STEPS):
            self.tutorial = None
            self.shell.storage.save("tutorial", TutorialSeen())
        self.shell.invalidate()

    def handle(self, ev: Any) -> None:
        if ev.kind == "pointer":
            self._pointer(ev)
        elif ev.kind == "action" and ev.down:
            self._action(ev.name)

    def _pointer(self, ev: Any) -> None:
        lay = self.lay
        if lay is None:
            return
        if ev.pointer_type == "mouse" and ev.name in ("move", "up"):
            h = lay.node_at(ev.x, ev.y)
            h = h if h is not None and self.state.values[h] else None
            if h != self.hover:
                self.hover = h
                self.shell.invalidate()
        if ev.name == "down":
            self.touch = ev.pointer_type == "touch"
            r = self.dialog_rect
            if self.dialog is not None and r is not None and not r.contains(ev.x, ev.y):
                self.dialog = None  # a tap on the dimmed page outside the card cancels, like Esc
                self.shell.invalidate()
                return
            if self.busy() or self.drag_pointer is not None:
                return
            n = lay.node_at(ev.x, ev.y)
            if n is None:
                return
            self.show_cursor = False
            self.kb_route = False
            self.route = ()
            self._enter(n)
            if self.route:
                self.drag_pointer = ev.pointer_id
                self.last_xy = (ev.x, ev.y)
        elif ev.name == "move" and self.drag_pointer == ev.pointer_id:
            x0, y0 = self.last_xy or (ev.x, ev.y)
            steps = max(1, int(((ev.x - x0) ** 2 + (ev.y - y0) ** 2) ** 0.5 / (lay.cell * 0.2)))
            for i in range(1, steps + 1):  # sample the segment so fast drags do not skip nodes
                n = lay.node_at(x0 + (ev.x - x0) * i / steps, y0 + (ev.y - y0) * i / steps)
                if n is not None:
                    self._enter(n)
            self.last_xy = (ev.x, ev.y)
        elif ev.name == "up" and self.drag_pointer == ev.pointer_id:
            self.release(lay.node_at(ev.x, ev.y))
        elif ev.name == "cancel" and self.drag_pointer == ev.pointer_id:
            self.route, self.drag_pointer = (), None
            self.shell.invalidate()

    def _enter(self, n: int) -> bool:
        """The pointer/cursor reached node ``n`` during route building (3.3 snap + live undo)."""
        new, status = route_step(self.state.values, self.route, n)
        if status in ("started", "extended"):
            self.route = new
            self.sounds.link(len(new) - 1)
        elif status == "backtracked":
            self.route = new
            self.sounds.link(len(new) - 1, soft=True)
        elif status == "rejected":
            if not self.tint or self.tint[0] != n:
                self.tint = (n, now() + TINT_MS)
            self.shell.invalidate()
            return False
        self.shell.invalidate()
        return True

    def _action(self, name: str) -> None:
        if name == "mute":
            self.on_button("mute")
            return
        if name == "lang":
            self.on_button("lang")
            return
        if self.tutorial_card() and self.dialog is None:
            if name in ("select", "cancel"):
                self.tutorial_next(skip=name == "cancel")
            return
        if self.tutorial is not None and name == "cancel" and not self.route and self.dialog is None:
            self.tutorial_next(skip=True)  # Esc skips the tutorial in its first, board step too
            return
        if self.dialog is not None:
            if name == "cancel":
                self.dialog = None
            elif name in MOVES:  # keyboard players pick the mode with the arrows, Enter starts it
                step = -1 if name in ("UP", "NW", "NE", "W") else 1
                self.dialog_mode = MODES[(MODES.index(self.dialog_mode) + step) % len(MODES)]
            elif name == "select":
                self.start_new(self.dialog_mode)
            self.shell.invalidate()
            return
        if self.state.outcome is not None and self.timeline is None:
            if name in ("select", "new"):
                self.on_button("again" if name == "select" else "new")
            return
        if name == "undo":
            self.undo()
        elif name == "new":
            self.open_dialog()
        elif self.timeline is not None:
            return  # 16.5: input is locked while animating
        elif name in MOVES:
            self._key_move(name)
        elif name == "select":
            self.show_cursor = True
            if self.kb_route:
                self.commit(self.route)
            elif self.drag_pointer is None:
                self.route = ()
                if self._enter(self.cursor.nid) and self.route:
                    self.kb_route = True
                else:
                    self.reject(self.cursor.nid)
        elif name == "back" and self.kb_route:
            self.route = self.route[:-1]
            if self.route:
                self.cursor.nid = self.route[-1]
            else:
                self.kb_route = False
        elif name == "cancel":
            if self.kb_route:
                self.route, self.kb_route = (), False
        self.shell.invalidate()

    def _key_move(self, name: str) -> None:
        if not self.show_cursor:
            self.show_cursor = True
            if self.hover is not None:
                self.cursor.nid = self.hover
            return
        target = self.cursor.target(name)
        if target is None:
            return
        if self.kb_route:
            if self._enter(target):
                self.cursor.moved(name, self.route[-1])
            else:
                self.sounds.error()
        else:
            self.cursor.moved(name, target)

    def on_button(self, bid: str) -> None:
        sh = self.shell
        if bid == "mute":
            sh.set_muted(not sh.audio.muted)
        elif bid == "lang":
            sh.set_lang(sh.i18n.toggle())
        elif bid in ("tut_next", "tut_skip"):
            self.tutorial_next(skip=bid == "tut_skip")
        elif bid == "dismiss":
            self.dismissed = len(sh.notices) if self.dismissed >= len(sh.notices) - 1 else self.dismissed + 1
        elif self.dialog is not None and not (bid.startswith("mode:") or bid in ("telemetry", "cancel")):
            self.dialog = None  # a tap on the dimmed page behind the New game card only closes it
        elif bid == "undo":
            self.undo()
        elif bid == "new":
            self.open_dialog()
        elif bid == "cancel":
            self.dialog = None
        elif bid == "again":
            self.start_new(self.state.options.mode)
        elif bid.startswith("mode:"):
            self.start_new(bid[5:])
        elif bid == "telemetry":
            self.export_telemetry()
        sh.invalidate()

    def open_dialog(self) -> None:
        self.dialog = "new"
        self.dialog_mode = self.state.options.mode

    def export_telemetry(self) -> None:
        text = self.telemetry_json()

        def failed(*_a: Any) -> None:  # blocked clipboard (permissions, iframe): say so, keep the text
            js.console.log(text)
            self.toast(self.t("export_failed"))

        try:  # the toast waits for the clipboard's answer instead of claiming success at once
            js.navigator.clipboard.writeText(text).then(
                create_once_callable(lambda *_a: self.toast(self.t("exported"))), create_once_callable(failed)
            )
        except Exception:
            failed()

    def telemetry_json(self) -> str:
        recs = list(self.log.records)
        if self.state.outcome is None:
            recs.append(telemetry(self.state).model_dump(mode="json"))
        return json.dumps(recs, ensure_ascii=False, indent=1)

    def toast(self, text: str) -> None:
        self.shell.announce(text)  # screen readers hear what the toast shows
        self.toasts.append((text, now() + TOAST_MS))
        self.toasts = self.toasts[-3:]
        self.shell.invalidate()

    # -- frames ---------------------------------------------------------------------
    def on_resize(self) -> None:
        self.lay = None

    def animating(self) -> bool:
        return (
            self.timeline is not None
            or self.vibrating
            or bool(self.toasts)
            or self.tint is not None
            or self.salute is not None
            or self.moment is not None
            or self.tutorial is not None
            or any(abs(s - self._target(n)) > 0.004 for n, s in self.scales.items())
            or (self._active() is not None and self._active() not in self.scales)
        )

    def _active(self) -> int | None:
        """1.6: the node under the pointer/finger (or the keyboard cursor) is the active one."""
        if self.timeline is not None or self.dialog is not None:
            return None
        if self.route:
            return self.route[-1]
        if self.show_cursor:
            return self.cursor.nid if self.state.values[self.cursor.nid] else None
        return self.hover

    def _target(self, n: int) -> float:
        return SWELL if n == self._active() else 1.0

    def draw(self, g: Any) -> None:
        from .frame import draw_frame

        draw_frame(self, g)

    # -- test hooks -------------------------------------------------------------------
    def state_hash(self) -> str:
        return self.session.state_hash()

    def save_json(self) -> str:
        return self.session.save_json()

    def test_hooks(self) -> dict[str, Any]:
        from .hooks import hooks

        return hooks(self)


def create(shell: Any) -> TernarApp:
    return TernarApp(shell)
