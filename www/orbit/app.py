"""Orbit Simulator page: composition root. Input → ``TurnPlan`` → ``engine.orbit`` → state → drawing.

Modes: ``menu`` (new game / seats), ``play`` (planning, computer turns, pass-the-device cover, game over)
and ``replay`` (a finished or running game stepped turn by turn). Help is an overlay on any mode.
"""

from __future__ import annotations

import json
from typing import Any

import js  # type: ignore[import-not-found]

from engine.core.schema import SchemaError
from engine.orbit.ai import Thinking
from engine.orbit.moves import TurnPlan
from engine.orbit.rules import WEAPONS, Weapon
from engine.orbit.state import OrbitState, Ship
from engine.orbit.threat import threats
from engine.orbit.turn import Problem

from . import layout as lay_mod
from . import panel, screens, share, tutorial
from .controls import BINDINGS, Controls, preset_for
from .model import FRIEND, HUMAN, LINK_SEATS, Match, OrbitSave, Planner, Turn
from .orbitview import OrbitView
from .strings import TABLES
from .widgets import BAD, FG

ANIM_HUMAN_MS = 650.0
ANIM_AI_MS = 950.0
AI_GAP_MS = 450.0
AI_BUDGET_MS = 6.0
"""Longest slice of a frame the computer player may think for (the search runs across frames)."""
REPLAY_MS = 1100.0
SAVE_NAME = "game"
LINK_SAVE = "link"
"""Play by link keeps its own copy of the game on each device, apart from the local game."""


class OrbitApp(Controls):
    realtime = False

    def __init__(self, shell: Any) -> None:
        self.shell = shell
        shell.i18n.tables = TABLES
        shell.i18n.set_lang(shell.i18n.lang)
        shell.bindings(BINDINGS)
        self.view = OrbitView()
        self.layout = lay_mod.compute(max(1.0, shell.gfx.width), max(1.0, shell.gfx.height))
        self.match: Match | None = None
        self.planner: Planner | None = None
        self.mode = "menu"
        self.help_open = False
        self.help_page = 0
        self.preset = "ai"
        self.difficulty = "expert"
        self.seats: list[str] = [HUMAN, self.difficulty]
        self.tab = "plan"
        self.sel = 0
        self.anim: tuple[OrbitState, OrbitState, list[tuple[int, int, Weapon]], float, float] | None = None
        self.ai_due: float | None = None
        self.ai_stage = 0
        self.ai_steps: Thinking | None = None
        self.seen_by: int | None = None
        self.toast_text = ""
        self.toast_until = 0.0
        self.replay_i = 0
        self.replay_play = False
        self.replay_next = 0.0
        self.pointers: dict[int, tuple[float, float]] = {}
        self.drag: tuple[float, float] | None = None
        self._preview_key: Any = None
        self._preview: Any = None
        self._notices_shown = 0
        self.tut_step: int | None = None
        self._restore()

    # -- helpers ---------------------------------------------------------------------------------------
    def tr(self, key: str, **fmt: Any) -> str:
        return self.shell.i18n.t(key, **fmt)

    def now(self) -> float:
        return float(js.performance.now())

    def ship_name(self, i: int) -> str:
        return self.tr("ship", n=i + 1)

    def why(self, p: Problem) -> str:
        return p.message if self.shell.i18n.lang == "en" else self.tr(f"why_{p.code}")

    def help_text(self, page: int) -> str:
        return self.tr(f"help_{page}")

    def notify(self, text: str, ms: float = 3200.0) -> None:
        self.shell.announce(text)  # screen readers hear what the toast shows
        self.toast_text = text
        self.toast_until = self.now() + ms
        self.shell.invalidate()

    def sfx(self, kind: str) -> None:
        a = self.shell.audio
        if kind == "click":
            a.tone(660, 0.05, gain=0.08)
        elif kind == "bad":
            a.tone(180, 0.12, kind="square", gain=0.06)
        elif kind == "exec":
            a.tone(440, 0.09, gain=0.1)
            a.tone(660, 0.12, gain=0.1, delay=0.08)
        elif kind == "burn":
            a.tone(120, 0.4, kind="sawtooth", gain=0.05, glide_to=260)
        elif kind == "hit":
            a.noise(0.18, 0.1)
        elif kind == "end":
            for k, f in enumerate((523, 659, 784, 1046)):
                a.tone(f, 0.18, gain=0.1, delay=k * 0.12)

    # -- persistence -------------------------------------------------------------------------------------
    def _restore(self) -> None:
        self._restore_game()
        code = share.fragment_code()
        if code:
            self.open_link(code)

    def _restore_game(self) -> None:
        st = self.shell.storage
        save = st.load(SAVE_NAME, OrbitSave)
        if save is None:
            return
        try:
            self._start(Match.restore(save))
            self.seats = list(save.seats)
            self.preset = preset_for(self.seats)
            self.difficulty = next((k for k in self.seats if k != HUMAN), self.difficulty)
        except (SchemaError, ValueError) as exc:
            raw = st.backend.getItem(st.key(SAVE_NAME))
            if raw is not None:
                st.quarantine(SAVE_NAME, str(raw), str(exc)[:200])
            st.take_notices()
            self.shell.notify(self.tr("save_bad", why=str(exc)[:200]))
            self.match = None
            self.mode = "menu"

    def _save(self) -> None:
        if self.match is not None:
            name = LINK_SAVE if self.match.link_me is not None else SAVE_NAME
            self.shell.storage.save(name, self.match.to_save())
            self.shell.take_storage_notices()

    # -- play by link ----------------------------------------------------------------------------------
    def _stored_link(self) -> Match | None:
        if self.match is not None and self.match.link_me is not None:
            return self.match
        save = self.shell.storage.load(LINK_SAVE, OrbitSave)
        if save is None or save.link_me is None:
            return None
        try:
            return Match.restore(save)
        except (SchemaError, ValueError):
            return None

    def open_link(self, text: str) -> bool:
        """Continue the game a friend's link holds; a bad, foreign, older or out-of-order link is
        refused with a message and changes nothing. Returns whether it was accepted."""
        from engine.orbit.link import LinkError, accept, decode, final_state

        try:
            incoming = decode(share.code_from(text))
            local = self._stored_link()
            if local is not None and local.link_record().game_id != incoming.game_id:
                local = None  # a new game from a friend replaces an old link game
            me = LINK_SEATS[local.link_me] if local is not None and local.link_me is not None else None
            if me is None:
                me = LINK_SEATS[final_state(incoming).active]
            rec = accept(None if local is None else local.link_record(), incoming, me)
        except LinkError as exc:
            self.sfx("bad")
            self.notify(self.tr("link_bad", why=str(exc)), 6000)
            return False
        known = 0 if local is None else len(local.session.moves)
        m = Match.for_link(rec.seed, LINK_SEATS.index(me), rec.moves, rec.options)
        self._start(m)
        if len(m.turns) > known:  # animate the friend's turn(s)
            first, last = m.turns[known], m.turns[-1]
            shots = [(t.ship, x, f.weapon) for t in m.turns[known:] for f in t.plan.fire for x in f.targets]
            self.anim = (first.before, last.after, shots, self.now(), ANIM_AI_MS)
        self._save()
        share.clear_fragment()
        self.notify(self.tr("link_opened", n=len(m.turns) - known))
        return True

    def tutorial_button(self, rest: str) -> None:
        if self.tut_step is None:
            return
        if rest == "next" and self.tut_step < tutorial.STEPS - 1:
            self.tut_step += 1
        else:
            self.tut_step = None
            tutorial.mark_seen(self.shell.storage)
        self.sfx("click")

    def share_link(self) -> None:
        """Copy the link of this game (after this device's turn) for the friend."""
        m = self.match
        if m is None or m.link_me is None:
            return
        url = share.link_url(m.link_code())
        self._last_link = url

        def done(ok: bool) -> None:
            self.notify(self.tr("link_copied" if ok else "link_copy_failed"))

        share.copy(url, done)

    def paste_link(self) -> None:
        got = share.ask_paste(self.tr("paste_prompt"))
        if got:
            self.open_link(got)

    def _start(self, match: Match) -> None:
        self.match = match
        self.planner = Planner(match.state)
        self.mode = "play"
        self.anim = None
        self.ai_due = None
        self.ai_stage = 0
        self.ai_steps = None
        self.seen_by = None
        self.sel = 0
        self.tab = "plan"
        self.view.cam.fit()

    def new_game(self) -> None:
        seed = int(js.Date.now()) % 2_147_483_647
        if self.preset == "link":
            self._start(Match.for_link(seed, 0))
        else:
            self._start(Match(seed, list(self.seats)))
        self._save()
        if HUMAN in self.seats and not tutorial.seen(self.shell.storage):
            self.tut_step = 0

    # -- state queries -------------------------------------------------------------------------------
    def human_turn(self) -> bool:
        m = self.match
        return m is not None and not m.over() and m.kind() == HUMAN and self.mode == "play"

    def covered(self) -> bool:
        m = self.match
        return (
            self.human_turn()
            and m is not None
            and m.humans() >= 2
            and self.seen_by != m.state.active
            and self.anim is None
        )

    def can_undo(self) -> bool:
        return self.match is not None and self.mode == "play" and self.match.can_undo() and not self.covered()

    def viewer(self) -> int:
        """The ship whose point of view the board takes: the active human, else the first human."""
        m = self.match
        assert m is not None
        if m.kind() == HUMAN:
            return int(m.state.active)
        return next((i for i, k in enumerate(m.seats) if k == HUMAN), int(m.state.active))

    def planning(self) -> bool:
        return self.human_turn() and not self.covered() and self.anim is None

    def preview_ship(self) -> Ship | None:
        pl = self.planner
        if pl is None:
            return None
        key = (id(pl.state), pl.plan().text())
        if key != self._preview_key:
            self._preview_key = key
            res = pl.preview()
            self._preview = None if res is None else res[0].ships[pl.state.active]
            self._preview_threats = [] if res is None else threats(res[0], pl.state.active)
        return self._preview

    def preview_threats(self) -> list[tuple[int, Weapon]]:
        """(enemy, weapon) that can hit the active ship where the pending plan leaves it."""
        self.preview_ship()
        return list(getattr(self, "_preview_threats", []))

    # -- playing -------------------------------------------------------------------------------------
    def commit(self, plan: Any, ai: bool) -> Turn:
        assert self.match is not None
        turn = self.match.play(plan)
        if self.match.waiting_for_friend():
            self.share_link()
        shots = [(turn.ship, t, f.weapon) for f in plan.fire for t in f.targets]
        self.anim = (turn.before, turn.after, shots, self.now(), ANIM_AI_MS if ai else ANIM_HUMAN_MS)
        self.planner = Planner(self.match.state)
        self.sel = 0
        self.sfx("burn" if plan.burn is not None else "exec")
        said = "; ".join(text for text, _ in panel.describe(self, turn))  # the log line, for screen readers
        self.shell.announce(f"{self.tr('ship', n=turn.ship + 1)}: {said}" if said else said)
        if shots:
            self.sfx("hit")
        if self.match.over():
            self.sfx("end")
        self.ai_due = None
        self._save()
        self.shell.invalidate()
        return turn

    def execute(self) -> None:
        if not self.planning() or self.planner is None:
            return
        probs = self.planner.problems()
        if probs:
            self.sfx("bad")
            self.notify(self.tr("blocked", why=self.why(probs[0])))
            return
        self.commit(self.planner.plan(), ai=False)

    def undo(self) -> None:
        if not self.can_undo() or self.match is None:
            return
        self.match.undo()
        self.planner = Planner(self.match.state)
        self.anim = None
        self.ai_due = None
        self.ai_stage = 0
        self.ai_steps = None
        self.seen_by = self.match.state.active
        self._save()
        self.sfx("click")

    def _update(self, now: float) -> None:
        if self.anim is not None and now >= self.anim[3] + self.anim[4]:
            self.anim = None
        if self.toast_text and now >= self.toast_until:
            self.toast_text = ""
        m = self.match
        if self.mode == "replay" and self.replay_play and now >= self.replay_next and m is not None:
            self.replay_step(1)
            self.replay_next = now + REPLAY_MS
            if self.replay_i >= len(m.turns):
                self.replay_play = False
        if (
            self.mode != "play"
            or m is None
            or m.over()
            or m.kind() in (HUMAN, FRIEND)
            or self.anim is not None
            or self.help_open
        ):
            self.ai_stage = 0
            self.ai_steps = None
            return
        if self.ai_due is None:
            self.ai_due = now + AI_GAP_MS
        if now < self.ai_due:
            return
        if self.ai_stage == 0:  # show "thinking" for one frame before the search starts
            self.ai_stage = 1
            return
        if self.ai_steps is None:
            self.ai_steps = m.ai_think()
        plan = self._think(now)
        if plan is not None:
            self.ai_stage = 0
            self.ai_steps = None
            self.commit(plan, ai=True)

    def _think(self, start: float) -> TurnPlan | None:
        """Advance the computer player's search for at most ``AI_BUDGET_MS`` of this frame."""
        steps = self.ai_steps
        assert steps is not None
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value  # type: ignore[no-any-return]
            if self.now() - start >= AI_BUDGET_MS:
                return None

    def animating(self) -> bool:
        m = self.match
        ai_pending = (
            self.mode == "play"
            and m is not None
            and not m.over()
            and m.kind() not in (HUMAN, FRIEND)
            and not self.help_open
        )
        return bool(
            self.anim is not None
            or ai_pending
            or (self.mode == "replay" and self.replay_play)
            or self.toast_text
        )

    # -- replay --------------------------------------------------------------------------------------
    def replay_start(self) -> None:
        if self.match is None or not self.match.turns:
            return
        self.mode = "replay"
        self.replay_i = 0
        self.replay_play = True
        self.replay_next = self.now() + 400
        self.anim = None

    def replay_step(self, d: int) -> None:
        assert self.match is not None
        n = len(self.match.turns)
        i = max(0, min(n, self.replay_i + d))
        if i == self.replay_i:
            return
        self.replay_i = i
        if d > 0:
            t = self.match.turns[i - 1]
            shots = [(t.ship, x, f.weapon) for f in t.plan.fire for x in f.targets]
            self.anim = (t.before, t.after, shots, self.now(), ANIM_AI_MS)
        else:
            self.anim = None

    def replay_state(self) -> OrbitState:
        assert self.match is not None
        if self.replay_i == 0:
            return self.match.turns[0].before
        return self.match.turns[self.replay_i - 1].after

    # -- input ---------------------------------------------------------------------------------------
    def status(self) -> tuple[str, str]:
        m = self.match
        if m is None or self.mode == "menu":
            return (self.tr("title") if self.layout.phone else ""), FG
        s = m.state
        if m.over():
            return self.tr("game_over"), BAD
        who = self.ship_name(s.active)
        rnd = self.tr("round", n=s.round)
        if m.kind() == FRIEND:
            text = self.tr("friend_turn", ship=who)
            return (text if self.layout.phone else f"{rnd} · {text}"), "#80DEEA"
        if m.kind() != HUMAN:
            key = "thinking" if self.anim is None else "watching"
            text = self.tr(key, ship=who)
            return (text if self.layout.phone else f"{rnd} · {text}"), "#FFCC80"
        return (rnd if self.layout.phone else f"{rnd} · {self.tr('turn_of', ship=who)}"), FG

    def draw(self, g: Any) -> None:
        now = self.now()
        self._update(now)
        if (self.layout.w, self.layout.h) != (g.width, g.height):
            self.layout = lay_mod.compute(g.width, g.height)
        L = self.layout
        g.clear("#2B1B17")
        if self.mode == "menu" or self.match is None:
            screens.menu(self, g)
        else:
            self.draw_game(g, now)
        if self.help_open:
            g.regions.clear()
            screens.help_screen(self, g)
        status, color = self.status()
        screens.top_bar(self, g, L.top, status, color)
        notices = self.shell.notices
        if len(notices) > self._notices_shown and not self.toast_text:
            self._notices_shown += 1
            self.notify(notices[self._notices_shown - 1], 6000)
        if self.toast_text:
            # on a phone the panel (with Execute) fills the bottom: show messages over the orbit view instead
            # on a desktop, centred over the orbit view, clear of the zoom buttons and the panel
            game = self.mode != "menu" and not self.help_open and L.orbit.h > 0
            if game and L.phone:
                screens.toast(g, self.toast_text, L.orbit.bottom - 8)
            elif game:
                screens.toast(g, self.toast_text, g.height - 16, cx=L.orbit.cx - 25, max_w=L.orbit.w - 120)
            else:
                screens.toast(g, self.toast_text, g.height - 16)

    def draw_game(self, g: Any, now: float) -> None:
        m, L = self.match, self.layout
        assert m is not None
        replay = self.mode == "replay"
        state = self.replay_state() if replay else m.state
        prev, t, shots = None, 1.0, None
        if self.anim is not None:
            prev, nxt, shots, t0, dur = self.anim
            t = max(0.0, min(1.0, (now - t0) / dur))
            state = nxt
        reach, planned, threat = None, None, None
        pl = self.planner
        if self.mode == "play" and self.anim is None and not m.over():
            threat = self.view.threat_runs(m.state, self.viewer())
        if self.planning() and pl is not None:
            powered = [w for w in WEAPONS if pl.powered(w.subsystem)]
            if powered:
                where, facing = pl.fire_position()
                reach = self.view.reach(powered, where, facing)
            if not pl.problems():
                planned = self.preview_ship()
        self.view.draw(
            g, L.orbit, state, prev=prev, t=t, reach=reach, threat=threat, planned=planned, shots=shots
        )
        if L.cards is not None:
            g.rect(L.cards.x, L.cards.y, L.cards.w, L.cards.h, "#2B1B17")
        compact = L.phone or L.split
        strip = L.cards or (lay_mod.Rect(L.orbit.x, L.orbit.y, L.orbit.w, 38) if compact else L.orbit)
        panel.ship_cards(self, g, strip, state, compact=compact)
        zb = 34.0
        zx, zy = L.orbit.right - zb - 8, L.orbit.bottom - 3 * (zb + 4) - 4
        # not under the game-over dialog: they would peek out from behind it and do nothing
        dialog = m.over() and self.anim is None and not replay
        for k, (bid, label) in enumerate(() if dialog else (("zoom+", "+"), ("zoom-", "−"), ("fit", "⊙"))):
            g.button(bid, zx, zy + k * (zb + 4), zb, zb, label, bg="rgba(43,27,23,0.8)", size=16)
        if replay:
            rect = L.panel
            screens.replay_bar(self, g, rect)
            panel.log_panel(
                self, g, lay_mod.Rect(rect.x, rect.y + 80, rect.w, rect.h - 80), upto=self.replay_i
            )
            return
        if self.covered():
            g.regions.clear()
            screens.cover(self, g, m.state.active)
            return
        if L.phone and self.tab == "log":
            panel.status_panel(self, g, L.panel, self.status()[0])
        elif self.planning():
            panel.plan_panel(self, g, L.panel)
        else:
            panel.status_panel(self, g, L.panel, self.status()[0])
        if m.over() and self.anim is None:
            g.regions.clear()
            screens.game_over(self, g, L.orbit)
        elif self.tut_step is not None and self.planning():
            tutorial.draw(self, g, L.orbit, self.tut_step)

    # -- test hooks ----------------------------------------------------------------------------------
    def state_hash(self) -> str:
        return self.match.session.state_hash() if self.match is not None else ""

    def save_json(self) -> str:
        return self.match.to_save().model_dump_json() if self.match is not None else "{}"

    def info(self) -> str:
        m = self.match
        return json.dumps(
            {
                "mode": self.mode,
                "active": None if m is None else m.state.active,
                "kind": None if m is None else m.kind(),
                "turns": 0 if m is None else len(m.turns),
                "over": bool(m and m.over()),
                "covered": self.covered(),
                "planning": self.planning(),
                "busy": self.animating(),
                "round": None if m is None else m.state.round,
                "can_undo": self.can_undo(),
                "seats": None if m is None else m.seats,
                "link_me": None if m is None else m.link_me,
                "tutorial": self.tut_step,
                "menu": {"preset": self.preset, "seats": self.seats},
            }
        )

    def start_game(self, seats: str, options: str = "{}", seed: int = 1) -> str:
        """Test/demo hook: start a game with explicit seats and engine options (JSON text)."""
        self.seats = list(json.loads(str(seats)))
        self._start(Match(int(seed), self.seats, json.loads(str(options)) or None))
        self._save()
        self.shell.invalidate()
        return self.info()

    def test_hooks(self) -> dict[str, Any]:
        return {
            "orbitInfo": lambda *a: self.info(),
            "startGame": lambda *a: self.start_game(*a),
            "orbitState": lambda *a: json.dumps(self.match.state.to_json() if self.match else None),
            "orbitLink": lambda *a: (
                self.match.link_code() if self.match and self.match.link_me is not None else ""
            ),
            "openLink": lambda *a: self.open_link(str(a[0])),
        }


def create(shell: Any) -> OrbitApp:
    return OrbitApp(shell)
