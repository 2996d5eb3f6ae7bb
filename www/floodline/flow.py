"""The screens flow of the Floodline page: level select -> play (pause) -> results -> next level or
back, replays watched, imports, the key rebinding screen; and what each canvas button does."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from gwweb.floodline import warmup
from gwweb.floodline.cards import HELP
from gwweb.floodline.controls import action
from gwweb.floodline.menu import level_number
from gwweb.floodline.model import Run
from gwweb.floodline.persist import Host, Persistence
from gwweb.floodline.replays import Player, from_file, level_for, refusal_text
from gwweb.floodline.saves import LAST, damage, level_no, load_last
from gwweb.floodline.warmup import Warmup
from gwweb.shared.chrome import HOME, go_home
from gwweb.shared.realtime_app import Restoring

from engine.core.schema import SchemaError
from engine.core.session import SaveData
from engine.floodline import TickInput
from engine.floodline.campaign import COUNT, Progress, endless_level, unlocked
from engine.floodline.replay_file import ReplayRefused
from engine.floodline.state import State, Status

if TYPE_CHECKING:
    from gwweb.floodline.drawstate import DrawState
    from gwweb.floodline.ui import Ui
    from gwweb.shared.shell import Shell


#: per frame, the warm-up steps a waiting start may run (one always runs)
START_MS = 8.0


class Page(Persistence):
    """The page outside the game (``App.page``): the record, the last run, the replay watched, the
    level being prepared; it starts, watches and leaves runs (the app's ``begin``/``end``) and
    carries out the canvas buttons. It keeps the UI state's menu fields (``ui.run`` ...) current."""

    def __init__(self, shell: Shell, ui: Ui, host: Host, ds: DrawState, progress: Progress) -> None:
        self.shell = shell
        self.ui = ui
        self.host = host
        self.ds = ds
        self.t = shell.i18n.t
        self.progress = progress
        self.last_run = load_last(shell.storage, level_for)  # the old 'lastrun' migrated
        self.player: Player | None = None  # the replay being watched
        self.recorded = False  # the run's end was recorded (stars, best, the stored run)
        self.starting = 0  # a campaign level whose start waits for its run (0: none)
        self.pending_import: list[str] = []
        self.warm = Warmup(progress.last, ds.prewarm_bar)  # the Play level's run made ahead, idle
        warmup.schedule(self.warm, warmup.idle_later)
        self.resuming: Restoring[State, TickInput] | None = None  # the game in progress, read
        self.continuing = False  # Continue was pressed: ``resuming`` replays over the next frames
        self.look_for_game()
        if self.ui.saved is not None:  # the page's entry (the launcher's Continue) resumes the run left
            self.continue_game()

    # -- the game in progress -------------------------------------------------------------
    def look_for_game(self) -> None:
        """A run stored unfinished (``SAVE``) makes Play a Continue. Read, not replayed yet: a record
        that cannot be continued is kept aside now, with a notice, and Play starts a level. Read again
        when another tab stores its run while this one shows the level select (``other_game``)."""
        if self.ui.run is not None or self.shell.storage.pending:
            return
        job = self.host.restoring()
        if job.session is None:  # none stored, held for a newer build, or kept aside
            self.ui.saved = None
            return
        self.resuming = job
        self.ui.saved = int(job.session.options.get("n", 0) or 0)

    def continue_game(self) -> None:
        """Continue pressed: the stored run replays over the next frames (``continue_restore``)."""
        if self.resuming is None or self.resuming.done and self.resuming.session is None:
            self.resuming = self.host.restoring()
        self.continuing = True
        self.continue_restore(START_MS)

    def continue_restore(self, ms: float = START_MS) -> None:
        """A frame of a Continue: ``ms`` of replay; once done, the run is on screen, paused (the
        player resumes it), and goes on from its last move."""
        job = self.resuming
        if job is None or not self.continuing or self.ui.run is not None or self.ui.saved is None:
            return
        if not job.step(ms):
            return
        self.resuming, self.continuing = None, False
        session = job.session
        if session is None:  # kept aside with a notice (a move or the level no longer plays)
            self.ui.saved = None
            return
        n = int(session.options.get("n", 0) or 0)
        run = Run(session.options["level"], n, session.seed, defer=True, session=session)
        if n == 0:
            self.ui.endless_seed = session.seed
        self.begin_run(run, keep_game=True)
        self.ui.paused = True

    # -- runs ----------------------------------------------------------------------------
    def start(self, n: int) -> None:
        """Campaign level ``n`` (its run made ahead in idle time when it is the one prepared), or an
        endless run (``n`` = 0) on the next endless seed."""
        if n == 0:
            self.ui.endless_seed = 7919 * (self.progress.endless_runs + 1) % 100_000
            self.progress.endless_runs += 1
            run = Run(endless_level(self.ui.endless_seed), 0)
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

    def begin_run(self, run: Run, player: Player | None = None, keep_game: bool = False) -> None:
        """Play ``run`` from now (or watch it, ``player``): its ``Session`` is the app's game. A new
        run played (not a replay, not the game continued: ``keep_game``) replaces the stored one."""
        if player is None and not keep_game:
            self.drop_game()
            self.resuming, self.continuing = None, False
        self.player = player
        run.view = self.ui.view
        self.ui.reset_for_run(run, player is not None)
        self.ds.new_run()
        self.recorded = player is not None  # a replay watched records no stars
        self.starting = 0
        self.host.begin(run.session)

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
        self.ui.endless_seed = save.seed
        self.begin_run(run, Player(save.moves))

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
        self.ds.stages.append(f"record {(time.perf_counter() - t0) * 1000:.0f}")
        won = o.status == Status.WON
        if run.n:  # the run the results card's first button starts, made in idle time
            self.warm = Warmup(min(COUNT, run.n + 1) if won else run.n)
            warmup.schedule(self.warm, warmup.idle_later)
        words = [self.t("won") if won else (self.t("over") if run.n == 0 else self.t("lost"))]
        if run.n and won:
            words.append(self.t("results_stars", n=int(o.stars)))
        words += [self.t("reason_" + o.reason.value), self.t("score", n=int(o.score))]
        self.shell.announce(". ".join(words))

    def leave_page(self) -> None:
        """Home to the launcher: the run is saved first (the app's ``end``), then the page goes."""
        self.leave()
        go_home(self.shell)

    def leave(self) -> None:
        """Back to the level select (an unfinished run is kept as the last run: the app's ``end``
        saves it, see ``App.save``)."""
        self.host.end()
        self.player = None
        self.ui.run = None
        self.ui.watching = False
        self.ui.paused = False
        self.ui.focus = None

    # -- buttons -------------------------------------------------------------------------
    def on_button(self, bid: str) -> None:
        """A canvas button was pressed (pointer, or Enter/Space on the keyboard focus)."""
        if level_number(bid):
            n = level_number(bid)
            if unlocked(self.progress, n):
                self.start(n)
        elif bid == HOME:
            self.leave_page()
        elif bid == "help":
            self.ui.help.show()
            self.ui.focus = None
            if self.run is not None and self.run.state.outcome is None and not self.ui.watching:
                self.ui.paused = True  # the falling piece waits while help is read
                self.ui.keys.release_all()
        elif self.ui.help.press(bid, len(HELP)):
            self.ui.focus = None
        elif bid == "play" and self.ui.saved is not None:
            self.continue_game()
        elif bid == "play":
            self.start(self.progress.last)
        elif bid == "endless":
            self.start(0)
        elif bid == "lang":
            self.shell.set_lang("ru" if self.shell.i18n.lang == "en" else "en")
        elif bid == "mute":
            self.shell.set_muted(not self.shell.audio.muted)
        elif bid == "pause":
            action(self.ui, None if self.run is None else self.run.state, "pause", True)
        elif bid == "resume":
            self.ui.paused = False
        elif bid == "restart" and self.run is not None:
            self.start(self.run.n)
        elif bid == "keys" and self.ui.has_keyboard():
            self.ui.keys_screen = True
            self.ui.focus = None
        elif bid.startswith("bind:"):
            self.ui.rebinder.waiting = bid[5:]
        elif bid == "keys_reset":
            self.ui.rebinder.reset()
        elif bid == "keys_done":
            self.ui.keys_screen = False
            self.ui.focus = None
            self.ui.rebinder.waiting = None
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
        elif bid in ("view", "cutUp", "cutDown", "basins"):
            action(
                self.ui,
                None if self.run is None else self.run.state,
                "viewNext" if bid == "view" else bid,
                True,
            )
