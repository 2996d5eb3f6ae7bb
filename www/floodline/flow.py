"""The screens flow of the Floodline page: level select -> play (pause) -> results -> next level or
back, replays watched, imports, the key rebinding screen; and what each canvas button does."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from gwweb.floodline import warmup
from gwweb.floodline.campaign import COUNT, endless_level, unlocked
from gwweb.floodline.model import Run
from gwweb.floodline.persist import Persistence
from gwweb.floodline.replays import Player, from_file, refusal_text
from gwweb.floodline.saves import LAST, damage, level_no
from gwweb.floodline.warmup import Warmup

from engine.core.schema import SchemaError
from engine.core.session import SaveData, Session
from engine.floodline import TickInput
from engine.floodline.replay_file import ReplayRefused
from engine.floodline.state import State, Status

if TYPE_CHECKING:
    from gwweb.floodline.rebind import Rebinder
    from gwweb.floodline.render import Part, WorldView
    from gwweb.floodline.ui import Ui


#: per frame, the warm-up steps a waiting start may run (one always runs)
START_MS = 8.0


class Flow(Persistence):
    """Mixin of ``App``: starting, leaving and ending runs; the buttons of every screen."""

    ui: Ui
    world: WorldView
    rebinder: Rebinder
    warm: Warmup
    endless_seed: int
    recorded: bool
    starting: int  # a campaign level whose start waits for its run (0: none)
    fresh: bool
    session: Session[State, TickInput] | None  # the run's (RealtimeApp)
    ticks: int
    first_frame_at: float
    dyn_parts: list[Part]
    dyn_key: tuple[object, ...]
    t: Callable[..., str]
    stages: list[str]

    def has_keyboard(self) -> bool:  # Controls
        raise NotImplementedError

    def action(self, name: str, down: bool) -> None:  # Controls
        raise NotImplementedError

    def set_view(self, v: int) -> None:  # Controls
        raise NotImplementedError

    # -- runs ----------------------------------------------------------------------------
    def start(self, n: int) -> None:
        """Campaign level ``n`` (its run made ahead in idle time when it is the one prepared), or an
        endless run (``n`` = 0) on the next endless seed."""
        if n == 0:
            self.endless_seed = 7919 * (self.progress.endless_runs + 1) % 100_000
            self.progress.endless_runs += 1
            run = Run(endless_level(self.endless_seed), 0)
        else:
            self.progress.last = n
            got = self.warm.take(n)
            if got is None:  # not made ahead yet: made over the next frames, a step each (issue #20)
                if self.warm.n != n or self.warm.done:
                    self.warm = Warmup(n)
                self.starting = n
                return
            run = got
        self.save_progress()
        self.begin_run(run)

    def continue_start(self) -> None:
        """A frame of a start that waits for its run: one warm-up step; the level begins on the first
        frame after the run is ready."""
        n = self.starting
        if not n:
            return
        if self.warm.prepared is None and not self.warm.done:
            t0 = time.perf_counter()
            while not self.warm.step() and self.warm.prepared is None:
                if (time.perf_counter() - t0) * 1000 > START_MS:
                    return
            return  # the level begins on the next frame, not on top of a warm-up step (issue #20)
        self.starting = 0
        self.start(n)

    def finish_start(self) -> bool:
        """A start that waits, done at once (test hooks read the run straight after); True if
        there was one."""
        waited = bool(self.starting)
        while self.starting:
            self.warm.step()
            if self.warm.done or self.warm.prepared is not None:
                n, self.starting = self.starting, 0
                self.start(n)
        return waited

    def begin_run(self, run: Run) -> None:
        """Play ``run`` from now: its ``Session`` is the app's game (``RealtimeApp.session``)."""
        self.run = run
        self.session = run.session
        self.ticks = 0
        self.player = None
        self.world.place_key = ()  # a new level starts without a zoom from the last one
        self.world.forget()  # and without the last one's world: its layer is built over a few frames
        self.dyn_parts, self.dyn_key = [], ()
        run.view = self.ui.view
        self.ui.reset_for_run()
        self.recorded = False
        self.starting = 0
        self.fresh = True
        self.first_frame_at = 0.0

    def watch(self, save: SaveData) -> None:
        """Play a stored run back in the page (stars are not recorded). A run this build cannot read
        (a damaged level field or move) is kept aside under a backup key with a notice, not played."""
        why = damage(save)
        run = None
        if why is None:
            try:
                run = Run(save.options["level"], level_no(save), save.seed)
            except (SchemaError, ValueError) as exc:
                why = str(exc)[:120]
        if run is None:
            why = why or "damaged"
            if save is self.last_run:  # kept under a backup key, the storage's notice says where
                self.last_run = None
                raw = self.shell.storage.read_raw(LAST) or save.model_dump_json()
                self.shell.storage.quarantine(LAST, raw, why)
                self.shell.take_storage_notices()
            else:
                self.shell.notify(self.t("import_bad", why=why))
            return
        self.begin_run(run)
        self.endless_seed = save.seed
        self.player = Player(save.moves)
        self.recorded = True

    def load_import(self, text: str) -> None:
        """An imported replay file: stored as the last run and watched (a bad file: a notice why)."""
        try:
            lr = from_file(text)
        except ReplayRefused as no:  # the engine's code, worded here in the page's language
            self.shell.notify(self.t("import_bad", why=refusal_text(self.t, no)))
            return
        self.last_run = lr
        self.shell.storage.save("last", lr)
        self.shell.take_storage_notices()
        self.watch(lr)

    def finish(self) -> None:
        """Record stars / best score once when the run ends, and say the result."""
        run = self.run
        if run is None or self.recorded or run.state.outcome is None:
            return
        self.recorded = True
        o = run.state.outcome
        t0 = time.perf_counter()
        self.record_outcome(run, o)
        self.stages.append(f"record {(time.perf_counter() - t0) * 1000:.0f}")
        won = o.status == Status.WON
        if run.n:  # the run the results card's first button starts, made in idle time
            self.warm = Warmup(min(COUNT, run.n + 1) if won else run.n)
            warmup.schedule(self.warm, warmup.idle_later)
        words = [self.t("won") if won else (self.t("over") if run.n == 0 else self.t("lost"))]
        if run.n and won:
            words.append(self.t("results_stars", n=int(o.stars)))
        words += [self.t("reason_" + o.reason.value), self.t("score", n=int(o.score))]
        self.shell.announce(". ".join(words))

    def leave(self) -> None:
        """Back to the level select (an unfinished run is kept as the last run)."""
        if self.run is not None and self.run.state.outcome is None:
            self.keep_last_run()
        self.player = None
        self.run = None
        self.session = None
        self.ui.paused = False
        self.ui.focus = None

    # -- buttons -------------------------------------------------------------------------
    def on_button(self, bid: str) -> None:
        """A canvas button was pressed (pointer, or Enter/Space on the keyboard focus)."""
        if bid.startswith("lv:"):
            n = int(bid[3:])
            if unlocked(self.progress, n):
                self.start(n)
        elif bid == "play":
            self.start(self.progress.last)
        elif bid == "endless":
            self.start(0)
        elif bid == "lang":
            self.shell.set_lang("ru" if self.shell.i18n.lang == "en" else "en")
        elif bid == "mute":
            self.shell.set_muted(not self.shell.audio.muted)
        elif bid == "pause":
            self.action("pause", True)
        elif bid == "resume":
            self.ui.paused = False
        elif bid == "restart" and self.run is not None:
            self.start(self.run.n)
        elif bid == "keys" and self.has_keyboard():
            self.ui.keys_screen = True
            self.ui.focus = None
        elif bid.startswith("bind:"):
            self.rebinder.waiting = bid[5:]
        elif bid == "keys_reset":
            self.rebinder.reset()
        elif bid == "keys_done":
            self.ui.keys_screen = False
            self.ui.focus = None
            self.rebinder.waiting = None
        elif bid == "watch" and self.last_run is not None:
            self.watch(self.last_run)
        elif bid == "export":
            self.export_replay()
        elif bid == "import":
            self.import_replay()
        elif bid == "levels":
            self.leave()
        elif bid == "next" and self.run is not None:
            self.start(min(COUNT, self.run.n + 1))
        elif bid == "view":
            self.set_view((self.ui.view + 1) % 4)
        elif bid in ("cutUp", "cutDown", "basins"):
            self.action(bid, True)
