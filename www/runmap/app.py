"""Run Map page: composition root on the shared ``TurnApp`` shape.

UI state ``ui.Ui``; ``interpret(ui, state, ev) -> move | None`` (``interpret.py``) for the run,
``commands.py`` for the menu, keypad, dialogs and the keyboard focus ring; the engine's moves go
through ``Session`` (``TurnApp.play``), whose ``last_events`` carry each move's ``Step`` (old and
new state) for the outcome cards and sounds; ``view.draw`` draws. Solo runs are saved after every
move and resumed on load. Co-op runs live in the open pages (``coop.py``): a guest's moves go to
the host, the host's accepted moves come back through the same ``play``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import js  # type: ignore[import-not-found]
from gwweb.shared.app import TurnApp
from gwweb.shared.canvas import Gfx
from gwweb.shared.chrome import HOME, HOME_KEY
from gwweb.shared.clock import idle, new_seed, now_ms
from gwweb.shared.input import Event
from pyodide.ffi import create_once_callable, create_proxy  # type: ignore[import-not-found]

from engine.core.schema import SchemaError
from engine.core.session import Session
from engine.runmap import GAME, Move, Phase, RunState, Step, current_options, migrate_save
from engine.runmap.rules import best_score

from . import commands, hooks, layout, render, view, warmup
from .coop import CoopCtl
from .interpret import button_move, interpret
from .strings import TABLES
from .ui import MAX_SEED_DIGITS, PULSE_MS, Prefs, Ui, seed_for

if TYPE_CHECKING:
    from gwweb.shared.shell import Shell

    from .devices import DevicesUI

BINDINGS = {
    "ArrowLeft": "left",
    "ArrowRight": "right",
    "ArrowUp": "up",
    "ArrowDown": "down",
    "Enter": "ok",
    "NumpadEnter": "ok",
    "Space": "ok",
    "KeyA": "attack",
    "KeyD": "defend",
    "Escape": "back",
    "Backspace": "bksp",
    "KeyM": "mute",
    "KeyK": "lang",
    "KeyS": "share",
    "KeyL": "legend",
    HOME_KEY: HOME,
    "PageUp": "pgup",
    "PageDown": "pgdn",
    **{f"Digit{k}": f"d{k}" for k in range(10)},
    **{f"Numpad{k}": f"d{k}" for k in range(10)},
}
REPEATABLE = frozenset({"left", "right", "up", "down", "pgup", "pgdn", "bksp"})  # a held key repeats these
TOAST_MS = 4500.0
SAVE_DELAY_MS = 100  # a move's save waits for idle time after its frame, at most this long


class RunMapApp(TurnApp[RunState, Move, Ui]):
    SAVE = "run"
    shell: Shell

    def __init__(self, shell: Shell) -> None:
        shell.i18n.tables = TABLES
        shell.i18n.set_lang(shell.i18n.lang)
        shell.bindings(BINDINGS)
        self.t = shell.i18n.t
        self.prefs: Prefs = shell.storage.load("prefs", Prefs) or Prefs(salt=new_seed())
        if self.prefs.seed == 0:
            self.prefs.seed = seed_for(self.prefs.salt, self.prefs.counter)
        self.coop = CoopCtl(self)
        self._devices: DevicesUI | None = None
        self.map_cache = render.MapLayer()
        self.screen_cache = render.ScreenCache()
        self.last_error = ""
        self.notices_seen = 0
        self._quiet = False
        self._save_due = False
        args = self._url_args()  # a link's seed and options first: the placeholder session uses them
        super().__init__(shell, GAME, Ui(), interpret, self._render, lambda: self.prefs.seed, clock=now_ms)
        self.has_run = self.restored  # the menu offers "Continue" (a fresh session is only a placeholder)
        shell.take_storage_notices()
        self._best_into_progress()
        if self.has_run:
            self.ui.screen = "run"
            self._arrived(None)
        self._from_url(args)
        self._flush = create_proxy(lambda _e: self.flush_save())
        js.window.addEventListener("pagehide", self._flush)  # a save still waiting is written now

    def flush_save(self) -> None:
        """Write a save that is waiting for idle time (the page is being hidden or closed)."""
        if self._save_due:
            self._save_now()

    # ------------------------------------------------------------------ runs
    def migrate(self, data: dict[str, Any] | str) -> dict[str, Any] | str:
        """A run saved before rules 2 (no ``rules`` option) replays with the old generator."""
        try:
            return migrate_save(data).model_dump(mode="json")
        except SchemaError:
            return data  # unreadable: ``restore`` names the problem and it is kept aside

    def fresh(self, seed: int | None = None) -> Session[RunState, Move]:
        return Session(GAME, self.prefs.seed if seed is None else seed, self.options_now(), keep_events=True)

    def options_now(self) -> dict[str, object]:
        """The options of a new run from the menu's choices (stamped with today's rules)."""
        p = self.prefs
        return current_options({"preset": p.preset, "players": p.players})

    def _best_into_progress(self) -> None:
        """Best scores kept in the menu prefs by earlier builds move into the shared progress record."""
        progress = self.shell.progress
        for key, score in self.prefs.best.items():
            if score > (progress.best(key) or 0):
                progress.record_best(score, key)

    def _url_args(self) -> dict[str, str]:
        """The address's ``#seed=..&preset=..&players=..&coop``; the menu's choices follow it."""
        raw = str(js.location.hash or "").lstrip("#")
        args: dict[str, str] = {}
        for part in raw.split("&"):
            if part:
                k, _, v = part.partition("=")
                args[k] = v if "=" in part else "1"
        if args.get("preset") in ("slice", "full"):
            self.prefs.preset = args["preset"]
        if args.get("players", "").isdigit() and 1 <= int(args["players"]) <= 4:
            self.prefs.players = int(args["players"])
        seed = args.get("seed", "")
        if seed.isdigit() and len(seed) <= MAX_SEED_DIGITS:
            self.prefs.seed = int(seed)
        return args

    def _from_url(self, args: dict[str, str]) -> None:
        """A link starts its run (or resumes it when it is the saved one), or joins co-op."""
        seed = args.get("seed", "")
        if "coop" in args:
            self.coop.start(self.prefs.seed, self.options_now())
            return
        if seed.isdigit() and len(seed) <= MAX_SEED_DIGITS:
            s = self.session
            if not self.has_run or s.seed != self.prefs.seed or s.options != self.options_now():
                self.new_run()

    def relaunch(self, fragment: str) -> None:
        """Test hook: what opening this page at ``#fragment`` does, without booting Pyodide again
        (the co-op e2e reuses its pages between scenarios): co-op stopped (``bye`` to the party),
        the devices dialog closed and emptied, a fresh co-op controller (no notes, no story, the
        default silence limits), fresh UI state, no notices and no run to continue (as in a fresh
        browser profile); then the address is read as on load."""
        self.coop.stop()
        dev = self._devices
        if dev is not None:
            dev.close()
            dev.hub, dev.code = None, ""
            if dev.area is not None:
                dev.area.readOnly, dev.area.value = True, ""
        self.coop = CoopCtl(self)
        self.ui = Ui()  # (screen "menu")
        self.has_run = False  # as in a fresh browser profile: no run to continue
        self.shell.notices.clear()
        self.notices_seen = 0
        js.history.replaceState(None, "", "#" + fragment if fragment else js.location.pathname)
        self._from_url(self._url_args())
        self.shell.invalidate()

    def new_run(self, seed: int | None = None) -> None:
        self.coop.stop()
        if seed is not None:
            self.prefs.seed = seed
        s = self.session
        if self.has_run or s.moves or s.seed != self.prefs.seed or s.options != self.options_now():
            self.session = self.fresh()  # (else the unplayed placeholder is this very run)
        self.shell.storage.save("prefs", self.prefs)
        self._adopted()
        self.ui.intro = True  # the map first: the route is the game (issue 29)
        self.save()
        self._set_url()

    def start_session(self, session: Session[RunState, Move]) -> None:
        """Used by co-op: adopt a session built elsewhere."""
        session.keep_events = True
        self.session = session
        self._adopted()
        if not self.coop.is_host() and self._devices is not None:
            self._devices.connected()

    def _adopted(self) -> None:
        self.has_run = True
        self.ui.screen = "run"
        self.ui.card = None
        self._arrived(None)

    def save(self) -> None:
        """Solo runs are saved after every move (co-op runs live in the open pages), in the idle
        time after the move's frame (at the latest ``SAVE_DELAY_MS`` later): the frame that shows
        the move does not also serialise and store the run (issue #20)."""
        if self.coop.active or self._save_due:
            return
        self._save_due = True
        idle(self._save_now, SAVE_DELAY_MS)

    def _save_now(self) -> None:
        self._save_due = False
        if self.coop.active:
            return
        super().save()
        self.shell.progress.sync(in_progress=self.state.phase != Phase.OVER)  # the launcher's card
        self.shell.take_storage_notices()

    def share_url(self) -> str:
        s = self.session
        seed = s.seed if self.has_run else self.prefs.seed
        opts = s.options if self.has_run else self.options_now()
        frag = f"seed={seed}&preset={opts.get('preset', 'slice')}&players={opts.get('players', 1)}"
        return str(js.location.href).split("#")[0] + "#" + frag

    def _set_url(self) -> None:
        try:
            js.history.replaceState(None, "", "#" + self.share_url().split("#", 1)[1])
        except Exception:
            pass

    def share(self) -> None:
        url = self.share_url()
        try:
            js.navigator.clipboard.writeText(url)
            self.notify(self.t("link_copied", url=url))
        except Exception:
            self.notify(self.t("link_is", url=url))

    # ------------------------------------------------------------------ moves
    def can_act(self) -> bool:
        """True when this screen decides for the party (solo, or the co-op host)."""
        return self.has_run and (not self.coop.active or self.state.host == self.coop.seat)

    def decide(self, move: Move) -> None:
        """A local decision: played here, or sent to the co-op host (whose engine may refuse it)."""
        if self.coop.active and not self.coop.is_host():
            from .wishes import wish_for  # noqa: PLC0415

            wished = wish_for(self.state, move)
            if wished is not None:  # a guest marks a wish (a node, an option); the host decides
                self.coop.wish(wished)
                return
            self.coop.send_cmd(move)
        else:
            self.play(move)

    def play(self, move: Move, *, remote: bool = False, quiet: bool = False) -> bool:
        """Play ``move`` (``TurnApp.play``: session, save, events); a refused move becomes a notice
        unless ``quiet`` (``last_error`` keeps why). ``remote``: a move the co-op host already
        accepted, replayed here and not broadcast again."""
        self._quiet = quiet
        ok = super().play(move)
        if ok and not remote:
            self.coop.broadcast(move)
        return ok

    def refused(self, why: str) -> None:
        self.last_error = why
        if not self._quiet:
            self.notify(self.t("rejected", why=why))

    def on_events(self, events: list[Any]) -> None:
        for ev in events:
            if isinstance(ev, Step):
                self._arrived(ev.before)

    def _arrived(self, old: RunState | None) -> None:
        """The run changed from ``old`` (None: a run was started or adopted): focus, card, sound."""
        s, ui = self.state, self.ui
        f = self.frame()
        ui.seat = self.coop.seat if self.coop.active else None
        avail = [n.index for n in s.available_nodes()]
        if ui.focus not in avail:
            ui.focus = avail[0] if avail else None
            if self.coop.is_host():
                self.coop.aim_at(ui.focus)  # the others see where the host's cursor is
            elif self.coop.aim not in avail:
                self.coop.aim = None
        ui.inspect = None
        if old is not None:
            self.coop.moved(old, s)
        if old is not None and old.phase != Phase.OVER and s.phase == Phase.OVER and not self.coop.active:
            key = s.options.preset
            best = self.shell.progress.best(key) or 0
            if best_score(best, s.result) > best:
                self.shell.progress.record_best(best_score(best, s.result), key)
        if old is not None:
            from .cards import card_for  # noqa: PLC0415 - first needed by a move

            c = card_for(old, s)
            if c is not None:
                ui.card = c
                # the last frame's focus ring is the dialog the card replaces: until the card is
                # drawn, Enter closes the card instead of pressing that dialog's button (a guest's
                # Enter pressed a finished fight's Attack under load: e2e, session 15)
                ui.ring = []
                self.shell.announce(self.t(c.title))  # screen readers hear the card's title
            # the tones are scheduled just after this frame (a tone's Web Audio nodes took 0.3-5 ms)
            js.setTimeout(create_once_callable(lambda *_a: self._sound(old, s)), 0)
        if old is None or old.current_node_index != s.current_node_index:
            node = s.current_node
            ui.scroll = layout.scroll_to_layer(f, (node.layer + 1) if node else 0)
        ui.pulse_until = self.clock() + PULSE_MS
        self.shell.invalidate()

    def _sound(self, old: RunState, s: RunState) -> None:
        a = self.shell.audio
        if s.phase == Phase.OVER:
            won = s.result is not None and s.result.termination.value == "victory"
            for k, fr in enumerate((523, 659, 784, 1047) if won else (392, 330, 262, 196)):
                a.tone(fr, 0.22, "triangle", delay=0.12 * k)
        elif len(s.path) > len(old.path):
            a.tone(440, 0.12, "triangle", glide_to=660)
        elif s.combat is not None and old.combat is not None:
            # a clash of tones: a noise burst is built sample by sample in Python (~10 ms a round)
            a.tone(150, 0.09, "sawtooth", gain=0.05, glide_to=70)
            a.tone(180, 0.1, "square", gain=0.05)
        elif old.phase == Phase.COMBAT and s.phase == Phase.MAP:
            a.tone(660, 0.12)
            a.tone(880, 0.18, delay=0.1)
        else:
            a.tone(520, 0.08)

    def notify(self, text: str) -> None:
        """A notice for the player: kept and spoken by the shell, shown as a toast."""
        self.shell.notify(text)

    def _toast_new(self) -> None:
        """Show the shell's newest notices (ours, the storage's, boot's) in the shared toast queue."""
        notices = self.shell.notices
        if len(notices) > self.notices_seen:
            self.notices_seen = len(notices)
            self.shell.toasts.push(notices[-1], TOAST_MS, announce=False)  # the shell already spoke it

    # ------------------------------------------------------------------ layout
    def frame(self) -> layout.Frame:
        """The layout of the run screen for the canvas size (kept until the size or map changes)."""
        g = self.shell.gfx
        s = self.state
        want = layout.compute(g.width, g.height, s.layout.layer_count, len(s.players))
        old = self.ui.frame
        if old != want:
            self.ui.frame = want
            if old is not None and self.has_run:  # resized: keep the current layer in view
                node = s.current_node
                self.ui.scroll = layout.scroll_to_layer(want, (node.layer + 1) if node else 0)
        return want

    def on_resize(self) -> None:
        self.ui.frame = None
        self.shell.invalidate()

    # ------------------------------------------------------------------ co-op dialog (lazy)
    @property
    def devices(self) -> DevicesUI:
        """The "co-op between devices" dialog, built (with WebRTC and asyncio) when first used."""
        if self._devices is None:
            from .devices import DevicesUI  # noqa: PLC0415

            self._devices = DevicesUI(self)
        return self._devices

    def has_devices(self) -> bool:
        return self._devices is not None

    def devices_open(self) -> bool:
        return self._devices is not None and self._devices.open

    # ------------------------------------------------------------------ input
    def handle(self, ev: Event) -> None:
        ui = self.ui
        ui.now = self.clock()
        if ev.kind == "action" and ev.down:
            if ev.repeat and ev.name not in REPEATABLE:
                return  # a held key never makes a second decision
            ui.keyboard = True
        elif ev.kind == "pointer" and ev.name == "down":
            ui.keyboard, ui.ring_focus = False, None
        if commands.key(self, ev):
            self.shell.invalidate()
            return
        if not self.has_run:
            return
        before = (ui.focus, ui.hover)
        move = self.interpret(ui, self.state, ev)
        if move is not None:
            self.decide(move)
        elif (ui.focus, ui.hover) != before:
            if ui.focus != before[0]:
                ui.pulse_until = ui.now + PULSE_MS
            self.coop.aim_at(ui.hover if ui.hover is not None else ui.focus)
        self.shell.invalidate()

    def on_button(self, id: str) -> None:
        """A canvas button clicked or tapped."""
        self.ui.keyboard, self.ui.ring_focus = False, None
        self.press(id)

    def press(self, bid: str) -> None:
        """A canvas button pressed (pointer, or Enter on the focus ring): a move or a command."""
        move = button_move(self.ui, self.state, bid) if self.has_run and self.ui.screen == "run" else None
        if move is not None:
            self.decide(move)
        else:
            commands.on_button(self, bid)
        self.shell.invalidate()

    # ------------------------------------------------------------------ drawing
    def animating(self) -> bool:
        now = self.clock()
        return (
            self.shell.toasts.active()
            or (self.ui.screen == "run" and self.state.phase == Phase.MAP and self.ui.pulse_until > now)
            or self.coop.waiting()
        )

    def _render(self, g: Gfx, ui: Ui, state: RunState, t: float) -> None:
        self._toast_new()
        view.draw(self, g, t)

    def test_hooks(self) -> dict[str, hooks.Hook]:
        return hooks.make(self)


def create(shell: Shell) -> RunMapApp:
    app = RunMapApp(shell)
    warmup.schedule(idle, app.state, now_ms)  # after the first frame, ≤ 8 ms per idle callback (issue #20)
    return app
