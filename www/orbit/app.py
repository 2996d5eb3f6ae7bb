"""Orbit Simulator page: composition root, a ``TurnApp`` (UI state + interpret + Session + draw).

Input → ``controls.Controls.interpret`` → ``TurnPlan`` → ``engine.orbit`` through ``Session`` → the
turn's events (``on_events``: log, animation, sound, announcement) → ``render.draw``. Computer seats
think in ``tick`` (a slice of each frame, no redraw while they think).

Modes: ``menu`` (new game / seats), ``play`` (planning, computer turns, pass-the-device cover, game
over) and ``replay`` (a game stepped turn by turn). Help is an overlay on any mode.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from gwweb.shared.app import TurnApp, newer_than_build
from gwweb.shared.canvas import Gfx
from gwweb.shared.clock import idle, new_seed, now_ms
from gwweb.shared.input import Event

from engine.core.schema import SchemaError
from engine.core.session import Session
from engine.orbit.game import GAME, newer_rules
from engine.orbit.moves import TurnPlan
from engine.orbit.state import OrbitState, Ship
from engine.orbit.turn import Problem

from . import layout as lay_mod
from . import panel, render, share, sounds, threatview, turnlog, tutorial
from .computer import Computer
from .controls import BINDINGS, Controls, preset_for
from .linkplay import LINK_SAVE, LinkPlay
from .model import FRIEND, HUMAN, Match, OrbitSave, Planner
from .strings import TABLES
from .ui import DEFAULT_LEVEL, Anim, Shot, Ui

if TYPE_CHECKING:
    from gwweb.shared.shell import Shell

    from engine.orbit.exposure import EnemyReach

ANIM_HUMAN_MS = 650.0
ANIM_AI_MS = 950.0
REPLAY_MS = 1100.0
SAVE_NAME = "game"


def _newer(game: Any, raw: str) -> str | None:
    """Why a stored Orbit record was written by a newer build: its save format, or the rules its
    game asks for (``engine.orbit.game.newer_rules``: a rules number this page does not play)."""
    why = newer_than_build(game, raw)
    if why is not None:
        return why
    try:
        rec = json.loads(raw)
        options = rec["data"]["session"]["options"]
    except (ValueError, KeyError, TypeError):
        return None
    return newer_rules(options)


class OrbitApp(TurnApp[OrbitState, TurnPlan, Ui]):
    SAVE = SAVE_NAME
    shell: Shell

    def __init__(self, shell: Shell) -> None:
        shell.i18n.tables = TABLES
        shell.i18n.set_lang(shell.i18n.lang)
        shell.bindings(BINDINGS)
        # until a game is started or restored the page shows the menu over a placeholder match
        self.match = Match(0, [HUMAN, DEFAULT_LEVEL])
        self.started = False
        self.computer = Computer()
        self.controls = Controls(self)
        self._before: OrbitState | None = None
        self.notices_shown = 0
        self.rev = 0
        """Bumped by every input: a cached layer drawn at an older ``rev`` is drawn again."""
        self._preview_key: tuple[OrbitState, str] | None = None
        self._preview: Ship | None = None
        self._preview_threats: list[EnemyReach] = []
        ui = Ui(layout=lay_mod.compute(max(1.0, shell.gfx.width), max(1.0, shell.gfx.height)))
        super().__init__(shell, GAME, ui, self.controls.interpret, self._render, new_seed, clock=now_ms)
        self.link = LinkPlay(self)
        idle(self.warm_up)
        code = share.fragment_code()
        if code:
            self.link.open(code)
        else:
            self.link.resume_last()
        share.on_hash_change(self.open_link)

    # -- helpers ---------------------------------------------------------------------------------------
    def tr(self, key: str, **fmt: object) -> str:
        return self.shell.i18n.t(key, **fmt)  # type: ignore[no-any-return]

    def ship_name(self, i: int) -> str:
        return self.tr("ship", n=i + 1)

    def why(self, p: Problem) -> str:
        return p.message if self.shell.i18n.lang == "en" else self.tr(f"why_{p.code}")

    def toast(self, text: str, ms: float | None = None) -> None:
        """A short message over the board, also said to screen readers (shared ``Toasts``)."""
        self.shell.toasts.push(text, ms)

    def button_ids(self) -> list[str]:
        """The canvas buttons of the last frame, in drawing order (the keyboard focus order)."""
        return [r.id for r in self.shell.gfx.regions]

    def wake(self) -> None:
        """Ask for another frame without a redraw (a computer player is still thinking)."""
        if self.shell.loop is not None:
            self.shell.loop.schedule()

    def warm_up(self) -> None:
        """Idle time after the first frame: what the first game frame would otherwise pay for — the
        rings layer, the save and progress records' first serialisation, the tutorial flag, a plan
        preview (nothing is stored or shown)."""
        g, L = self.shell.gfx, self.ui.layout
        if L.orbit.w > 0 and L.orbit.h > 0:
            self.ui.view.prepare(g, L.orbit)
        self.match.to_save().model_dump_json()
        self.shell.progress.data.model_dump_json()
        tutorial.seen(self.shell.storage)
        pl = Planner(self.match.state)
        pl.budget()
        pl.preview()

    def sfx(self, kind: str) -> None:
        sounds.play(self.shell.audio, kind)

    # -- persistence (the page's own save record: the session plus the seats) -------------------------
    def _restore(self) -> Session[OrbitState, TurnPlan]:
        st = self.shell.storage
        for name in (SAVE_NAME, LINK_SAVE):
            raw = st.read_raw(name)
            newer = _newer(self.game, raw) if raw is not None else None
            if newer is not None:  # kept for the newer build that wrote it (a notice says so)
                st.hold(name, newer)
        newer = st.held.get(SAVE_NAME)
        save = None if newer is not None else st.load(SAVE_NAME, OrbitSave)
        if save is not None:
            try:
                self.start_match(Match.restore(save))
                ui = self.ui
                ui.seats = list(save.seats)
                ui.preset = preset_for(ui.seats)
                ui.difficulty = next((k for k in ui.seats if k != HUMAN), ui.difficulty)
            except (SchemaError, ValueError) as exc:
                raw = st.read_raw(SAVE_NAME)
                if raw is not None:
                    st.quarantine(SAVE_NAME, raw, str(exc)[:200])
                st.take_notices()
                self.shell.notify(self.tr("save_bad", why=str(exc)[:200]))
                self.started = False
                self.ui.mode = "menu"
        return self.match.session

    def save(self) -> None:
        if self.started:
            name = LINK_SAVE if self.match.link_me is not None else SAVE_NAME
            self.shell.storage.save(name, self.match.to_save())
            if hasattr(self, "link"):  # not during construction (the restore comes first)
                self.link.remember(name)
            self.shell.take_storage_notices()
        self.shell.progress.set_current(self.started and not self.match.over())

    def open_link(self, code: str) -> bool:
        """Open a game link (the address on load or a newer one in an open tab, a paste, a test)."""
        self.rev += 1
        ok = self.link.open(code)
        self.shell.invalidate()
        return ok

    def has_game(self) -> bool:
        """A game was started or restored (the menu offers Continue while it is not over)."""
        return self.started

    def start_match(self, match: Match) -> None:
        self.match = match
        self.session = match.session
        self.started = True
        ui = self.ui
        ui.planner = Planner(match.state)
        ui.mode = "play"
        ui.anim = None
        ui.seen_by = None
        ui.sel = 0
        ui.tab = "plan"
        ui.view.cam.fit()
        self.computer.reset()

    def new_game(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game with the menu's seats (``options``: engine options, default a seeded start)."""
        seed = self.new_seed() % 2_147_483_647 if seed is None else seed
        ui = self.ui
        if ui.preset == "link":
            self.start_match(Match.for_link(seed, 0))
        else:
            self.start_match(Match(seed, list(ui.seats), options))
        self.save()
        if HUMAN in ui.seats and not tutorial.seen(self.shell.storage):
            ui.tut_step = 0
        self.shell.invalidate()

    def tutorial_button(self, rest: str) -> None:
        ui = self.ui
        if ui.tut_step is None:
            return
        if rest == "next" and ui.tut_step < tutorial.STEPS - 1:
            ui.tut_step += 1
        else:
            ui.tut_step = None
            tutorial.mark_seen(self.shell.storage)
        self.sfx("click")

    # -- state queries -------------------------------------------------------------------------------
    def human_turn(self) -> bool:
        m = self.match
        return self.started and not m.over() and m.kind() == HUMAN and self.ui.mode == "play"

    def computer_turn(self) -> bool:
        """A computer seat is to move now (no animation or help in the way)."""
        m, ui = self.match, self.ui
        return (
            self.started
            and ui.mode == "play"
            and not m.over()
            and m.kind() not in (HUMAN, FRIEND)
            and ui.anim is None
            and not ui.help.open
        )

    def covered(self) -> bool:
        m = self.match
        return (
            self.human_turn()
            and m.humans() >= 2
            and self.ui.seen_by != m.state.active
            and self.ui.anim is None
        )

    def can_undo(self) -> bool:
        return self.started and self.ui.mode == "play" and self.match.can_undo() and not self.covered()

    def viewer(self) -> int:
        """The ship whose point of view the board takes: the active human, else the first human."""
        m = self.match
        if m.kind() == HUMAN:
            return int(m.state.active)
        return next((i for i, k in enumerate(m.seats) if k == HUMAN), int(m.state.active))

    def reach_enemy(self) -> int | None:
        """The enemy whose reach alone the board shows (tapped, or E), if it is still an enemy in play."""
        e, me = self.ui.reach_of, self.viewer()
        if e is None or not self.started or e == me or e >= len(self.match.state.ships):
            return None
        return e if self.match.state.ships[e].alive else None

    def planning(self) -> bool:
        return self.human_turn() and not self.covered() and self.ui.anim is None

    def preview_ship(self) -> Ship | None:
        pl = self.ui.planner
        if pl is None:
            return None
        # the state itself, not its id(): a freed state's id can come back for a new one
        key = (pl.state, pl.plan().text())
        if self._preview_key is None or key[0] is not self._preview_key[0] or key[1] != self._preview_key[1]:
            from engine.orbit.exposure import reach_at

            self._preview_key = key
            res = pl.preview()
            self._preview = None if res is None else res[0].ships[pl.state.active]
            self._preview_threats = [] if res is None else reach_at(res[0], pl.state.active)
        return self._preview

    def preview_threats(self) -> list[EnemyReach]:
        """Every enemy that can hit the active ship where the pending plan leaves it, before its next
        turn (the engine's ``exposure.reach_at``: each hit with its damage, double moves included)."""
        self.preview_ship()
        return list(self._preview_threats)

    # -- moves (TurnApp: Session.play keeps the events; on_events logs, animates and speaks) ------------
    def play(self, move: TurnPlan) -> bool:
        self._before = self.state
        return super().play(move)

    def on_events(self, events: list[Any]) -> None:
        m, ui = self.match, self.ui
        assert self._before is not None
        turn = m.record(self._before)
        plan = turn.plan
        if m.waiting_for_friend():
            self.link.share()
        shots: list[Shot] = [(turn.ship, t, f.weapon) for f in plan.fire for t in f.targets]
        ai = m.seats[turn.ship] != HUMAN
        ui.anim = Anim(turn.before, turn.after, shots, self.clock(), ANIM_AI_MS if ai else ANIM_HUMAN_MS)
        ui.planner = Planner(m.state)
        ui.sel = 0
        self.sfx("burn" if plan.burn is not None else "exec")
        said = "; ".join(text for text, _ in turnlog.describe(self, turn))  # the log line, for screen readers
        self.shell.announce(f"{self.ship_name(turn.ship)}: {said}" if said else said)
        if shots:
            self.sfx("hit")
        if m.over():
            self.sfx("end")
        self.computer.reset()

    def refused(self, why: str) -> None:
        self.sfx("bad")
        self.toast(why)

    def undo(self) -> None:
        if not self.can_undo():
            return
        m, ui = self.match, self.ui
        m.undo()
        ui.planner = Planner(m.state)
        ui.anim = None
        ui.seen_by = m.state.active
        self.computer.reset()
        self.save()
        self.sfx("click")
        self.shell.invalidate()

    # -- frames: the computer's thinking, animation and replay timers ----------------------------------
    def tick(self) -> None:
        """Called before every frame is drawn (or skipped): timers, and a slice of a computer's search."""
        now = self.clock()
        ui = self.ui
        if ui.anim is not None and ui.anim.done(now):
            ui.anim = None
            self.shell.invalidate()
        if ui.mode == "replay" and ui.replay_play and now >= ui.replay_next:
            self.replay_step(1)
            ui.replay_next = now + REPLAY_MS
            if ui.replay_i >= len(self.match.turns):
                ui.replay_play = False
            self.shell.invalidate()
        if not self.computer_turn():
            self.computer.reset()
            return
        plan = self.computer.step(self.match, now, self.clock)
        if plan is None:
            self.wake()
        else:
            self.play(plan)

    def animating(self) -> bool:
        ui = self.ui
        return bool(
            ui.anim is not None or (ui.mode == "replay" and ui.replay_play) or self.shell.toasts.active()
        )

    # -- replay --------------------------------------------------------------------------------------
    def replay_start(self) -> None:
        if not self.match.turns:
            return
        ui = self.ui
        ui.mode = "replay"
        ui.replay_i = 0
        ui.replay_play = True
        ui.replay_next = self.clock() + 400
        ui.anim = None

    def replay_step(self, d: int) -> None:
        ui = self.ui
        n = len(self.match.turns)
        i = max(0, min(n, ui.replay_i + d))
        if i == ui.replay_i:
            return
        ui.replay_i = i
        if d > 0:
            t = self.match.turns[i - 1]
            shots = [(t.ship, x, f.weapon) for f in t.plan.fire for x in f.targets]
            ui.anim = Anim(t.before, t.after, shots, self.clock(), ANIM_AI_MS)
        else:
            ui.anim = None

    def replay_state(self) -> OrbitState:
        turns, i = self.match.turns, self.ui.replay_i
        return turns[0].before if i == 0 else turns[i - 1].after

    # -- the App contract ------------------------------------------------------------------------------
    def handle(self, ev: Event) -> None:
        self.rev += 1
        super().handle(ev)

    def on_button(self, id: str) -> None:
        """A button clicked or tapped (the keyboard presses buttons through ``interpret``)."""
        self.rev += 1
        self.ui.focus = None
        plan = self.controls.on_button(id)
        if plan is not None:
            self.play(plan)
        self.shell.invalidate()

    def _render(self, g: Gfx, ui: Ui, state: OrbitState, t: float) -> None:
        render.draw(self, g, t)

    def on_resize(self) -> None:
        if self.ui.view.rect is not None:
            self.ui.view.clamp()

    def state_hash(self) -> str:
        return self.session.state_hash() if self.started else ""

    def save_json(self) -> str:
        return self.match.to_save().model_dump_json() if self.started else "{}"

    # -- test hooks ----------------------------------------------------------------------------------
    def info(self) -> str:
        m, ui, on = self.match, self.ui, self.started
        return json.dumps(
            {
                "mode": ui.mode,
                "active": m.state.active if on else None,
                "kind": m.kind() if on else None,
                "turns": len(m.turns) if on else 0,
                "over": on and m.over(),
                "covered": self.covered(),
                "planning": self.planning(),
                "busy": self.animating() or self.computer_turn(),
                "round": m.state.round if on else None,
                "can_undo": self.can_undo(),
                "seats": m.seats if on else None,
                "link_me": m.link_me if on else None,
                "tutorial": ui.tut_step,
                "focus": ui.focus,
                "plan_words": (
                    turnlog.plan_text(self, ui.planner.state, ui.planner.plan())
                    if ui.planner is not None and self.planning()
                    else ""
                ),
                "menu": {"preset": ui.preset, "seats": ui.seats},
                "reach_of": ui.reach_of,
                "heat_lines": (
                    panel.heat_lines(self, ui.layout.phone)
                    if self.planning() and ui.planner is not None and not ui.planner.problems()
                    else []
                ),
                "link_error": ui.link_error,
                "link_stored": self.link.has_stored(),
                "threat_lines": (
                    threatview.reach_lines(self.tr, self.ship_name, self.preview_threats())
                    if self.planning() and ui.planner is not None and not ui.planner.problems()
                    else []
                ),
            }
        )

    def start_game(self, seats: str, options: str = "{}", seed: int = 1) -> str:
        """Test/demo hook: start a game with explicit seats and engine options (JSON text)."""
        self.ui.seats = list(json.loads(str(seats)))
        self.start_match(Match(int(seed), self.ui.seats, json.loads(str(options)) or None))
        self.save()
        self.shell.invalidate()
        return self.info()

    def test_hooks(self) -> dict[str, Any]:
        return {
            "orbitInfo": lambda *a: self.info(),
            "startGame": lambda *a: self.start_game(*a),
            "orbitState": lambda *a: json.dumps(self.match.state.to_json() if self.started else None),
            "orbitLink": lambda *a: (
                self.match.link_code() if self.started and self.match.link_me is not None else ""
            ),
            "openLink": lambda *a: self.open_link(str(a[0])),
            "orbitShipXY": lambda *a: json.dumps(
                list(self.ui.view.ship_xy(self.match.state.ships[int(a[0])])[:2])
            ),
        }


def create(shell: Shell) -> OrbitApp:
    return OrbitApp(shell)
