"""Run Map page: composition root. Input → engine move → engine state → drawing.

Screens: the new-run menu (preset, party size, Defy the Gods, seed with a canvas keypad or a
new random seed from the run counter), the run (map + panel + the dialog of the phase), and the
end of the run. Solo runs are saved in ``shell.storage`` after every move and resumed on load.
Co-op runs live in the open pages (see ``coop.py``); peer messages are handled by listeners,
never by ``draw``.
"""

from __future__ import annotations

import gc
import json
import math
from typing import Any

import js  # type: ignore[import-not-found]
from pydantic import BaseModel, Field

from engine.core.hashing import state_hash
from engine.core.schema import SchemaError
from engine.core.session import IllegalMoveError, SaveData, Session
from engine.runmap import (
    GAME,
    Buy,
    Choose,
    Fight,
    Leave,
    Move,
    Phase,
    RunState,
    Select,
    bot_move,
    current_options,
    migrate_save,
)
from engine.runmap.rules import best_score

from . import hud, layout, render, screens
from .cards import Card, card_for
from .coop import CoopCtl
from .devices import DevicesUI
from .strings import TABLES

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
    "PageUp": "pgup",
    "PageDown": "pgdn",
    **{f"Digit{k}": f"d{k}" for k in range(10)},
    **{f"Numpad{k}": f"d{k}" for k in range(10)},
}
MAX_SEED_DIGITS = 12
PULSE_MS = 6000.0
TOAST_MS = 4500.0


class Prefs(BaseModel):
    """Menu choices and the run counter behind "new random seed"."""

    counter: int = Field(default=0, ge=0)
    salt: int = Field(default=0, ge=0, lt=2**32)
    preset: str = Field(default="slice", pattern="^(slice|full)$")
    players: int = Field(default=1, ge=1, le=4)
    defy: bool = False  # rules 1 only; the RNG Portal is now a choice on every full map
    seed: int = Field(default=0, ge=0, lt=10**MAX_SEED_DIGITS)
    best: dict[str, int] = Field(default_factory=dict)  # best score per preset
    stun: bool = False  # co-op between devices across networks (opt-in; off: no outside server)


def seed_for(salt: int, counter: int) -> int:
    """The counter-th random seed of this browser (splitmix64 of salt and counter), 9 digits at most."""
    z = (salt * 0x9E3779B97F4A7C15 + counter + 1) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return (z ^ (z >> 31)) % 1_000_000_000


class RunMapApp:
    realtime = False

    def __init__(self, shell: Any) -> None:
        self.shell = shell
        shell.i18n.tables = TABLES
        shell.i18n.set_lang(shell.i18n.lang)
        shell.bindings(BINDINGS)
        self.t = shell.i18n.t
        self.prefs = shell.storage.load("prefs", Prefs) or Prefs(salt=int(js.Date.now()) % 2**32)
        if self.prefs.seed == 0:
            self.prefs.seed = seed_for(self.prefs.salt, self.prefs.counter)
        self.session: Session[RunState, Move] | None = None
        self.screen = "menu"
        self.keypad_open = False
        self.kp_digits = ""
        self.scroll = 0.0
        self.hover: int | None = None
        self.inspect: int | None = None
        self.focus: int | None = None
        self.card: Card | None = None
        self.legend_open = False
        self.toast_text = ""
        self.toast_until = 0.0
        self.pulse_until = 0.0
        self.press: tuple[float, float, float, str] | None = None  # x, y, scroll at down, pointer type
        self.dragged = False
        self.frame: layout.Frame | None = None
        self.map_cache = render.MapLayer()
        self.coop = CoopCtl(self)
        self.devices = DevicesUI(self)
        self.last_error = ""
        self.notices_seen = 0
        self._restore()
        self._from_url()

    # ------------------------------------------------------------------ runs
    @property
    def state(self) -> RunState | None:
        return None if self.session is None else self.session.state

    def _restore(self) -> None:
        save = self.shell.storage.load("run", SaveData)
        self.shell.take_storage_notices()
        if save is None:
            return
        try:
            self.session = Session.load(GAME, migrate_save(save))
        except SchemaError as exc:
            self.shell.storage.quarantine("run", save.model_dump_json(), str(exc)[:120])
            self.shell.take_storage_notices()
            self.notify(self.t("saved_gone", why=str(exc)[:80]))
            return
        self.screen = "run"
        self._after_change(None)

    def _from_url(self) -> None:
        raw = str(js.location.hash or "").lstrip("#")
        args = dict(p.split("=", 1) if "=" in p else (p, "1") for p in raw.split("&") if p)
        if "preset" in args and args["preset"] in ("slice", "full"):
            self.prefs.preset = args["preset"]
        if args.get("players", "").isdigit() and 1 <= int(args["players"]) <= 4:
            self.prefs.players = int(args["players"])
        seed = args.get("seed", "")
        if seed.isdigit() and len(seed) <= MAX_SEED_DIGITS:
            self.prefs.seed = int(seed)
        if "coop" in args:
            self.coop.start(self.prefs.seed, self._opts())
            return
        if seed.isdigit() and len(seed) <= MAX_SEED_DIGITS:
            s = self.session
            if s is None or s.seed != self.prefs.seed or s.options != self._opts():
                self.new_run()

    def _opts(self) -> dict[str, Any]:
        p = self.prefs
        return current_options({"preset": p.preset, "players": p.players})

    def new_run(self, seed: int | None = None) -> None:
        self.coop.stop()
        if seed is not None:
            self.prefs.seed = seed
        self.session = Session(GAME, self.prefs.seed, self._opts())
        self.shell.storage.save("prefs", self.prefs)
        self.screen = "run"
        self.card = None
        self._after_change(None)
        self._save()
        self._set_url()

    def start_session(self, session: Session[RunState, Move]) -> None:
        """Used by co-op: adopt a session built elsewhere."""
        self.session = session
        self.screen = "run"
        self.card = None
        self._after_change(None)
        if not self.coop.is_host():
            self.devices.connected()

    def _save(self) -> None:
        if self.session is not None and not self.coop.active:
            self.shell.storage.save("run", self.session.save())
            self.shell.progress.sync(in_progress=self.session.state.phase != Phase.OVER)  # launcher card
            self.shell.take_storage_notices()

    def share_url(self) -> str:
        s = self.session
        seed = s.seed if s else self.prefs.seed
        opts = s.options if s else self._opts()
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
    def me(self) -> int | None:
        """My seat in co-op; None when this screen plays for the whole party."""
        return self.coop.seat if self.coop.active else None

    def can_act(self) -> bool:
        s = self.state
        return s is not None and (not self.coop.active or s.host == self.coop.seat)

    def act(self, move_for: Any) -> None:
        """A local decision: ``move_for(seat)`` builds the move for the seat this screen speaks for."""
        s = self.state
        if s is None:
            return
        seat = self.coop.seat if self.coop.active else (s.host if s.host is not None else 0)
        move = move_for(seat)
        if self.coop.active and not self.coop.is_host():
            self.coop.send_cmd(move)
            return
        self.apply(move)

    def apply(self, move: Move, remote: bool = False, quiet: bool = False) -> bool:
        """Play ``move`` on the session; a refused move becomes a notice (``last_error``).

        ``remote``: a move the co-op host already accepted (replayed here, not broadcast)."""
        assert self.session is not None
        old = self.session.state
        try:
            self.session.play(move)
        except IllegalMoveError as exc:
            self.last_error = str(exc)
            if not quiet:
                self.notify(self.t("rejected", why=str(exc)))
            return False
        self._after_change(old)
        self._save()
        if not remote:
            self.coop.broadcast(move)
        return True

    def _after_change(self, old: RunState | None) -> None:
        s = self.state
        assert s is not None
        f = self._frame()
        avail = [n.index for n in s.available_nodes()]
        if self.focus not in avail:
            self.focus = avail[0] if avail else None
            if self.coop.is_host():
                self.coop.aim_at(self.focus)  # the others see where the host's cursor is
            elif self.coop.aim not in avail:
                self.coop.aim = None
        self.inspect = None
        if old is not None and old.phase != Phase.OVER and s.phase == Phase.OVER and not self.coop.active:
            key = s.options.preset
            self.prefs.best[key] = best_score(self.prefs.best.get(key, 0), s.result)
            self.shell.storage.save("prefs", self.prefs)
            self.shell.progress.sync(best={k: v for k, v in self.prefs.best.items() if v})  # launcher card
        if old is not None:
            c = card_for(old, s)
            if c is not None:
                self.card = c
                self.shell.announce(self.t(c.title))  # screen readers hear the card's title
            self._sound(old, s)
        if old is None or old.current_node_index != s.current_node_index:
            node = s.current_node
            self.scroll = layout.scroll_to_layer(f, (node.layer + 1) if node else 0)
        self.pulse_until = self._now() + PULSE_MS
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
        self.shell.notify(text)
        self._toast_new()

    def _toast_new(self) -> None:
        """Show the newest of the shell's notices (ours and the storage's) as a toast."""
        if len(self.shell.notices) > self.notices_seen:
            self.notices_seen = len(self.shell.notices)
            self.toast_text = self.shell.notices[-1]
            self.toast_until = self._now() + TOAST_MS

    @staticmethod
    def _now() -> float:
        return float(js.performance.now())

    # ------------------------------------------------------------------ layout
    def _frame(self) -> layout.Frame:
        g = self.shell.gfx
        s = self.state
        lc = s.layout.layer_count if s else 8
        party = len(s.players) if s else 1
        f = self.frame
        if (
            f is None
            or f.w != g.width
            or f.h != g.height
            or f.content_h != layout.compute(g.width, g.height, lc, party).content_h
            or f.panel.h != layout.compute(g.width, g.height, lc, party).panel.h
        ):
            old = self.frame
            self.frame = layout.compute(g.width, g.height, lc, party)
            if s is not None and old is not None:
                node = s.current_node
                self.scroll = layout.scroll_to_layer(self.frame, (node.layer + 1) if node else 0)
        return self.frame

    def on_resize(self) -> None:
        self.frame = None
        self.shell.invalidate()

    # ------------------------------------------------------------------ input
    def on_button(self, bid: str) -> None:
        from .controls import on_button  # noqa: PLC0415

        on_button(self, bid)

    def handle(self, ev: Any) -> None:
        from .controls import handle  # noqa: PLC0415

        handle(self, ev)

    def select(self, node: int) -> None:
        self.act(lambda seat: Select(seat, node))

    def fight(self, action: str) -> None:
        self.act(lambda seat: Fight(seat, action))  # type: ignore[arg-type]

    def buy(self, item: str) -> None:
        self.act(lambda seat: Buy(seat, item))  # type: ignore[arg-type]

    def leave(self) -> None:
        self.act(lambda seat: Leave(seat))

    def choose(self, option: str) -> None:
        self.act(lambda seat: Choose(seat, option))  # type: ignore[arg-type]

    # ------------------------------------------------------------------ drawing
    def animating(self) -> bool:
        now = self._now()
        return (
            (self.toast_until > now)
            or (self.screen == "run" and self.pulse_until > now)
            or self.coop.waiting()
        )

    def draw(self, g: Any) -> None:
        self._toast_new()
        t = self.t
        g.clear(render.BG)
        now = self._now()
        lang_label = t("lang")
        if self.screen == "menu" or self.state is None:
            render.top_bar(
                g,
                layout.compute(g.width, g.height, 8),
                t,
                muted=self.shell.audio.muted,
                lang_label=lang_label,
                status="",
                run=False,
            )
            p = self.prefs
            screens.menu(
                g,
                g.width,
                g.height,
                t,
                preset=p.preset,
                players=p.players,
                seed=str(p.seed),
                has_run=self.session is not None,
            )
            if self.coop.waiting():
                hud.toast(g, layout.compute(g.width, g.height, 8), t("coop_wait"))
            if self.keypad_open:
                screens.keypad(g, g.width, g.height, t, self.kp_digits)
            self.devices.draw(g, layout.compute(g.width, g.height, 8), centered=True)
            if self.toast_until > now and not self.keypad_open:
                hud.toast(g, layout.compute(g.width, g.height, 8), self.toast_text)
            return
        s = self.state
        f = self._frame()
        self.scroll = layout.clamp_scroll(f, self.scroll)
        on_map = s.phase == Phase.MAP and self.card is None
        pulse = 0.5 + 0.5 * math.sin(now / 260.0) if self.pulse_until > now else 1.0
        render.draw_map(
            g,
            self.map_cache,
            f,
            s,
            self.scroll,
            t,
            hover=self.hover if on_map else None,
            focus=self.focus if on_map and self.can_act() else None,
            aim=self.coop.aim,
            pulse=pulse,
            selectable=self.can_act(),
        )
        hud.panel(
            g,
            f,
            s,
            t,
            me=self.me(),
            inspect=self.inspect if self.inspect is not None else self.hover,
            focus=self.focus if on_map else None,
            can_act=self.can_act() and on_map,
            coop_line=self.coop.status_line(),
            guest=self.coop.active and not self.coop.is_host(),
            legend_open=self.legend_open,
        )
        node = s.current_node
        status = (
            t("seed_n", seed=s.seed)
            + " · "
            + t("floor_n", floor=node.floor if node else 0, total=s.layout.layer_count)
        )
        if node is not None and s.options.preset == "full":
            status += " · " + t("act_n", act=node.act)
        render.top_bar(g, f, t, muted=self.shell.audio.muted, lang_label=lang_label, status=status, run=True)
        if self.card is not None:
            screens.card(g, f, self.card, t)
        else:
            screens.phase_dialog(
                g, f, s, t, self.me(), self.can_act(), self.prefs.best.get(s.options.preset, 0)
            )
        if self.legend_open and f.phone:
            hud.legend_overlay(g, f, s, t)
        self.devices.draw(g, f)
        if self.toast_until > now:
            hud.toast(g, f, self.toast_text)

    # ------------------------------------------------------------------ test hooks
    def state_hash(self) -> str:
        return self.session.state_hash() if self.session else ""

    def save_json(self) -> str:
        return self.session.save_json() if self.session else ""

    def test_hooks(self) -> dict[str, Any]:
        def node_xy(i: Any, *_a: Any) -> str:
            s = self.state
            if s is None:
                return "null"
            f = self._frame()
            x, y = layout.node_xy(f, s.layout.nodes[int(i)], self.scroll)
            return json.dumps([x, y])

        def run_info(*_a: Any) -> str:
            s = self.state
            if s is None:
                return json.dumps({"screen": self.screen, "dialog": self.devices.stage, **self.coop.info()})
            return json.dumps(
                {
                    "screen": self.screen,
                    "phase": s.phase.value,
                    "current": s.current_node_index,
                    "available": [n.index for n in s.available_nodes()],
                    "focus": self.focus,
                    "card": self.card is not None,
                    "host": s.host,
                    "connected": list(s.connected),
                    "moves": len(self.session.moves) if self.session else 0,
                    "scroll": self.scroll,
                    "structure": state_hash(s.layout.structure()),
                    **self.coop.info(),
                    "dialog": self.devices.stage,
                }
            )

        def bench_map(n: Any = 20, *_a: Any) -> str:
            """ms per rebuild of the cached map layer, and per whole frame (benchmark hook)."""
            s = self.state
            if s is None:
                return "null"
            g = self.shell.gfx
            f = self._frame()
            t0 = self._now()
            for _ in range(int(n)):
                self.map_cache.key = None
                self.map_cache.get(g, f, s.layout, s.path, self.t)
            out = {"map_ms": (self._now() - t0) / int(n)}
            from . import icons  # noqa: PLC0415

            for sprites in (True, False, True, False):
                icons.USE_SPRITES = sprites
                t1 = self._now()
                for _ in range(int(n)):
                    g.begin_frame()
                    self.draw(g)
                out[f"frame_ms_{'sprites' if sprites else 'vector'}"] = (self._now() - t1) / int(n)
            icons.USE_SPRITES = True
            return json.dumps(out)

        def coop_code(*_a: Any) -> str:
            return self.devices.code

        def coop_send_raw(text: Any, *_a: Any) -> None:
            if self.coop.link is not None and hasattr(self.coop.link, "send_raw"):
                self.coop.link.send_raw(str(text))

        return {
            "nodeXY": node_xy,
            "runInfo": run_info,
            "coopCode": coop_code,
            "coopSendRaw": coop_send_raw,
            "benchMap": bench_map,
        }


def warm_up() -> None:
    """Play a throwaway full run's first moves so every engine model builds its validator now
    (pydantic builds them on first use: a 50 ms hitch in the first fight otherwise)."""
    s = Session(GAME, 1, current_options({"preset": "full", "players": 2}))
    for text in ("p1 join", "p0 defend", "p0 attack", "p1 drop"):
        s.play_text(text)
    migrate_save(s.save_json())
    run = Session(GAME, 1, current_options({"preset": "slice"}))  # every phase, a card, the end
    while (move := bot_move(run.state)) is not None:
        old = run.state
        run.play(move)
        card_for(old, run.state)


def create(shell: Any) -> RunMapApp:
    warm_up()
    app = RunMapApp(shell)
    # Long-lived objects (modules, schemas, the app) go to the permanent generation, so the
    # collector's full passes during play walk only the run's own objects: one took 300 ms.
    gc.collect()
    gc.freeze()
    return app
