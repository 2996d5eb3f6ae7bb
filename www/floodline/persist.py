"""Persistence of the Floodline page: progress (stars, endless best, the level Play opens) kept in
its record and mirrored to the shared progress card, and the last run (``SaveData`` from the run's
``Session``: seed + level + moves) stored, watched, exported and imported."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from gwweb.floodline import fileio
from gwweb.floodline.replays import to_file
from gwweb.floodline.saves import SAVE, level_no, make_save
from gwweb.shared.merge import adopt, rules_merge

from engine.core.session import SaveData
from engine.floodline.campaign import COUNT, Progress, record, record_loss
from engine.floodline.state import Outcome, Status

if TYPE_CHECKING:
    from gwweb.floodline.model import Run
    from gwweb.floodline.replays import Player
    from gwweb.floodline.ui import Ui
    from gwweb.shared.realtime_app import Restoring
    from gwweb.shared.shell import Shell

    from engine.core.session import Session
    from engine.floodline import TickInput
    from engine.floodline.state import State


#: two tabs' progress records merge on every write: the most stars per level, the best endless
#: score, the most endless runs; the level Play opens is this tab's (``gwweb.shared.merge``)
merge_progress = rules_merge(
    {"stars": "max_map", "endless_best": "max", "endless_runs": "max", "losses": "max_map"}
)


class Host(Protocol):
    """What the page asks of the app (``RealtimeApp``): play a session from now, or none, the stored
    game in progress restored a few moves at a time, or dropped (unless another tab's)."""

    def begin(self, session: Session[State, TickInput]) -> None: ...
    def end(self) -> None: ...
    def drop(self) -> None: ...
    def restoring(self) -> Restoring[State, TickInput]: ...


class Persistence:
    """Base of ``flow.Page``: what the page keeps between visits."""

    shell: Shell
    host: Host
    ui: Ui
    progress: Progress
    player: Player | None
    pending_import: list[str]
    _last_run: SaveData | None = None

    @property
    def run(self) -> Run | None:
        """The run on screen (``ui.run``)."""
        return self.ui.run

    @property
    def last_run(self) -> SaveData | None:
        """The stored last run (Watch, Export; the menus show whether there is one)."""
        return self._last_run

    @last_run.setter
    def last_run(self, save: SaveData | None) -> None:
        self._last_run = save
        self.ui.has_replay = save is not None

    def save_progress(self) -> None:
        """Store the progress record merged with the stored one (another tab's stars stay) and sync
        the launcher's card (stars, endless best, Continue)."""
        adopt(self.progress, self.shell.storage.update("progress", self.progress, merge_progress))
        self.sync_card()

    def sync_card(self) -> None:
        """The launcher's card (saved only on change): stars, endless best, and Continue with the level
        of the run stored unfinished (the page's entry resumes it)."""
        p = self.progress
        best = {"endless": p.endless_best} if p.endless_best else {}
        saved = self.ui.saved
        self.shell.progress.sync(
            best=best,
            stars=dict(p.stars),
            stars_max=3 * COUNT,
            in_progress=saved is not None,
            level=saved or 0,
            levels=COUNT,
        )
        self.shell.take_storage_notices()

    def on_storage(self, name: str) -> None:
        """Another tab stored its progress: this tab's stars and unlocked levels take it in."""
        if name == "progress":
            adopt(self.progress, self.shell.storage.merged("progress", self.progress, merge_progress))

    def record_outcome(self, run: Run, o: Outcome) -> None:
        """Stars of a won campaign level (the engine's ``record``), a lost one counted, or the endless
        best; then stored."""
        if run.n == 0:
            self.progress.endless_best = max(self.progress.endless_best, int(o.score))
        elif o.status == Status.WON:
            record(self.progress, run.n, int(o.stars))
        elif o.status == Status.LOST:
            record_loss(self.progress, run.n)  # three losses open the next level (engine campaign)
        self.save_progress()
        self.keep_last_run()
        self.drop_game()  # a finished run is watched from the start, not continued

    def keep_game(self) -> None:
        """A checkpoint (pause, leaving, the page hidden): the unfinished run on screen (not a replay
        watched) is stored as the game in progress (``SAVE``: ``SaveData``, seed + level + moves),
        which Continue restores through the app (``RealtimeApp.restoring``) and plays on."""
        save = self.game_save()
        if save is None or self.run is None:
            return
        self.shell.storage.save(SAVE, save)  # guarded: another tab's newer game is not replaced
        self.ui.saved = self.run.n
        self.sync_card()

    def game_save(self) -> SaveData | None:
        """The unfinished run on screen as ``SaveData`` (seed + level + moves); None for none, a
        replay watched, a finished run or one with no move yet."""
        run = self.run
        if run is None or self.player is not None or run.state.outcome is not None or not run.session.moves:
            return None
        return make_save(run.n, run.level, run.session.seed, run.log.moves())

    def drop_game(self) -> None:
        """The game in progress ended or was replaced by a new run: no Continue any more (another
        tab's game stored since stays: ``RealtimeApp.drop``)."""
        self.host.drop()
        self.ui.saved = None
        self.sync_card()

    def keep_last_run(self) -> None:
        """The run just played (not a replay being watched) becomes the stored last run."""
        run = self.run
        if run is None or self.player is not None or not run.session.moves:
            return
        self.last_run = make_save(run.n, run.level, run.session.seed, run.log.moves())
        self.shell.storage.save("last", self.last_run)
        self.shell.take_storage_notices()

    def export_replay(self) -> None:
        if self.last_run is not None:
            n = level_no(self.last_run)
            fileio.download(f"floodline-{'endless' if n == 0 else f'lv{n:02d}'}.json", to_file(self.last_run))

    def import_replay(self) -> None:
        fileio.pick_text(self._queue_import)

    def _queue_import(self, text: str) -> None:
        self.pending_import.append(text)
        self.shell.invalidate()
