"""Input for the Orbit Simulator page: key bindings, canvas buttons, pointer pan/pinch and wheel zoom.

Every handler turns an event into a meaning (a planner edit, a command, a menu choice); rule questions go
to the engine through ``model.Planner``. Mixed into ``app.OrbitApp``.
"""

from __future__ import annotations

from typing import Any

from engine.orbit.ai import AI_LEVELS
from engine.orbit.rules import SUBSYSTEMS, Burn, Subsystem, Weapon
from engine.orbit.turn import Problem

from .model import FRIEND, HUMAN, SEAT_KINDS

BINDINGS = {
    **{f"Digit{i}": f"sel{i}" for i in range(1, 8)},
    **{f"Numpad{i}": f"sel{i}" for i in range(1, 8)},
    "ArrowUp": "up",
    "ArrowDown": "down",
    "ArrowRight": "inc",
    "ArrowLeft": "dec",
    "Equal": "inc",
    "NumpadAdd": "inc",
    "Minus": "dec",
    "NumpadSubtract": "dec",
    "KeyV": "vent",
    "KeyR": "rotate",
    "KeyC": "coast",
    "KeyB": "burn",
    "BracketLeft": "adj-",
    "BracketRight": "adj+",
    "KeyS": "scoop",
    "KeyF": "fire",
    "Enter": "execute",
    "NumpadEnter": "execute",
    "Space": "space",
    "KeyU": "undo",
    "Backspace": "undo",
    "KeyH": "help",
    "Escape": "menu",
    "KeyM": "mute",
    "KeyL": "lang",
    "KeyX": "reset",
    "PageUp": "zoom+",
    "PageDown": "zoom-",
    "Home": "fit",
    "KeyT": "tab",
}


def preset_for(seats: list[str]) -> str:
    """The menu preset that matches these seats (so the highlighted preset never contradicts them)."""
    if FRIEND in seats:
        return "link"
    humans = sum(1 for k in seats if k == HUMAN)
    return "hotseat" if humans == len(seats) else "demo" if humans == 0 else "ai"


class Controls:
    """Event handlers; expects the attributes and helpers defined by ``OrbitApp``."""

    shell: Any
    match: Any
    planner: Any
    view: Any

    def blocked(self, prob: Problem | None) -> None:
        if prob is None:
            self.sfx("click")
        else:
            self.sfx("bad")
            self.notify(self.tr("blocked", why=self.why(prob)))

    def on_button(self, bid: str) -> None:
        head, _, rest = bid.partition(":")
        if bid in ("menu", "undo", "help", "lang", "mute", "tab", "fit", "zoom+", "zoom-"):
            self.command(bid)
        elif head == "cover" and self.match is not None:
            self.seen_by = self.match.state.active
        elif head in ("preset", "np", "seat", "diff", "start", "continue"):
            self.menu_button(head, rest)
        elif head == "help":
            self.help_button(rest)
        elif head == "rp":
            self.replay_button(rest)
        elif head == "replay":
            self.replay_start()
        elif head == "tut":
            self.tutorial_button(rest)
        elif head == "share":
            self.share_link()
        elif head == "paste":
            self.paste_link()
        elif head == "newgame":
            self.mode = "menu"
        elif self.planning() and self.planner is not None:
            self.plan_button(head, rest)

    def plan_button(self, head: str, rest: str) -> None:
        pl = self.planner
        assert pl is not None
        if head == "sub":
            sign, _, name = rest.partition(":")
            sub = Subsystem(name)
            self.sel = SUBSYSTEMS.index(sub)
            self.blocked(pl.energy(sub, 1 if sign == "+" else -1))
        elif head == "sel":
            self.sel = int(rest)
        elif head == "vent":
            self.blocked(pl.set_vent(pl.vent + (1 if rest == "+" else -1)))
        elif head == "burn":
            self.blocked(pl.set_burn(None if rest == "none" else Burn(rest)))
        elif head == "rot":
            self.blocked(pl.toggle_rotate())
        elif head == "scoop":
            self.blocked(pl.toggle_scoop())
        elif head == "adj":
            self.blocked(pl.set_adjust(pl.adjust + int(rest)))
        elif head == "fire":
            w, _, t = rest.partition(":")
            self.blocked(pl.toggle_target(Weapon(w), int(t)))
        elif head == "autofire":
            pl.auto_fire()
            self.sfx("click")
        elif head == "exec":
            self.execute()
        elif head == "reset":
            pl.reset(pl.state)

    def menu_button(self, head: str, rest: str) -> None:
        if head == "preset":
            self.preset = rest
            self.seats = {
                "hotseat": [HUMAN, HUMAN],
                "ai": [HUMAN, self.difficulty],
                "demo": [self.difficulty, self.difficulty],
                "link": [HUMAN, FRIEND],
            }[rest]
        elif self.preset == "link" and head in ("np", "seat", "diff"):
            pass  # play by link: two ships, you and your friend
        elif head == "np":
            n = int(rest)
            fill = HUMAN if self.preset == "hotseat" else self.difficulty
            self.seats = (self.seats + [fill] * 4)[:n]
        elif head == "seat":
            i = int(rest)
            self.seats[i] = SEAT_KINDS[(SEAT_KINDS.index(self.seats[i]) + 1) % len(SEAT_KINDS)]
            self.preset = preset_for(self.seats)
        elif head == "diff":
            self.difficulty = AI_LEVELS[(AI_LEVELS.index(self.difficulty) + 1) % len(AI_LEVELS)]
            self.seats = [k if k == HUMAN else self.difficulty for k in self.seats]
        elif head == "start":
            self.new_game()
        elif head == "continue" and self.match is not None:
            self.mode = "play"
        self.sfx("click")

    def help_button(self, rest: str) -> None:
        pages = int(self.tr("help_pages"))
        if rest == "close":
            self.help_open = False
        else:
            self.help_page = (self.help_page + (1 if rest == "next" else -1)) % pages

    def replay_button(self, rest: str) -> None:
        if rest == "close":
            self.mode = "play"
            self.anim = None
        elif rest == "play":
            if self.match is not None and self.replay_i >= len(self.match.turns):
                self.replay_i = 0
            self.replay_play = not self.replay_play
            self.replay_next = self.now()
        else:
            self.replay_play = False
            self.replay_step(1 if rest == "next" else -1)

    def command(self, name: str) -> None:
        if name == "menu":
            if self.help_open:
                self.help_open = False
            elif self.mode == "menu" and self.match is not None and not self.match.over():
                self.mode = "play"
            else:
                self.mode = "menu"
        elif name == "undo":
            self.undo()
        elif name == "help":
            self.help_open = not self.help_open
        elif name == "lang":
            self.shell.set_lang(self.shell.i18n.toggle())
        elif name == "mute":
            self.shell.set_muted(not self.shell.audio.muted)
            self.sfx("click")
        elif name == "tab":
            self.tab = "log" if self.tab == "plan" else "plan"
        elif name == "fit":
            self.view.cam.fit()
        elif name in ("zoom+", "zoom-") and self.view.rect is not None:
            r = self.view.rect
            self.view.zoom_at(1.4 if name == "zoom+" else 1 / 1.4, r.cx, r.cy)

    def key_action(self, a: str) -> None:
        if a in ("menu", "undo", "help", "lang", "mute", "fit", "zoom+", "zoom-", "tab"):
            self.command(a)
            return
        if self.help_open:
            if a in ("inc", "dec"):
                self.help_button("next" if a == "inc" else "prev")
            return
        if self.mode == "menu":
            if a == "execute":
                self.new_game()
            return
        if self.mode == "replay":
            if a in ("inc", "dec"):
                self.replay_button("next" if a == "inc" else "prev")
            elif a in ("space", "execute"):
                self.replay_button("play")
            return
        if self.covered() and a in ("execute", "space") and self.match is not None:
            self.seen_by = self.match.state.active
            return
        if self.match is not None and self.match.over() and a == "execute":
            self.replay_start()
            return
        if not self.planning() or self.planner is None:
            return
        pl = self.planner
        if a.startswith("sel"):
            self.sel = int(a[3:]) - 1
        elif a == "up":
            self.sel = (self.sel - 1) % len(SUBSYSTEMS)
        elif a == "down":
            self.sel = (self.sel + 1) % len(SUBSYSTEMS)
        elif a in ("inc", "dec"):
            self.blocked(pl.energy(SUBSYSTEMS[self.sel], 1 if a == "inc" else -1))
        elif a == "vent":
            if pl.set_vent(pl.vent + 1) is not None:
                pl.set_vent(0)
            self.sfx("click")
        elif a == "rotate":
            self.blocked(pl.toggle_rotate())
        elif a == "coast":
            self.blocked(pl.set_burn(None))
        elif a == "burn":
            order: list[Burn | None] = [None, *Burn]
            i = order.index(pl.burn)
            for k in range(1, len(order) + 1):
                if pl.set_burn(order[(i + k) % len(order)]) is None:
                    break
            self.sfx("click")
        elif a in ("adj-", "adj+"):
            self.blocked(pl.set_adjust(pl.adjust + (1 if a == "adj+" else -1)))
        elif a == "scoop":
            self.blocked(pl.toggle_scoop())
        elif a == "fire":
            pl.auto_fire()
            self.sfx("click")
        elif a == "reset":
            pl.reset(pl.state)
        elif a == "execute":
            self.execute()

    def handle(self, ev: Any) -> None:
        if ev.kind == "action":
            if ev.down:
                self.key_action(ev.name)
                self.shell.invalidate()
            return
        if ev.kind == "wheel":
            r = self.view.rect
            if r is not None and r.contains(ev.x, ev.y) and self.mode in ("play", "replay"):
                self.view.zoom_at(0.87 if ev.dy > 0 else 1.15, ev.x, ev.y)
                self.shell.invalidate()
            return
        if ev.kind != "pointer":
            return
        r = self.view.rect
        if ev.name == "down":
            if r is not None and r.contains(ev.x, ev.y) and self.mode in ("play", "replay"):
                self.pointers[ev.pointer_id] = (ev.x, ev.y)
        elif ev.name == "move" and ev.pointer_id in self.pointers:
            px, py = self.pointers[ev.pointer_id]
            if len(self.pointers) == 2:
                (ax, ay), (bx, by) = [p for k, p in self.pointers.items() if k != ev.pointer_id][0], (px, py)
                d0 = ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5
                d1 = ((ax - ev.x) ** 2 + (ay - ev.y) ** 2) ** 0.5
                if d0 > 10:
                    self.view.zoom_at(d1 / d0, (ax + ev.x) / 2, (ay + ev.y) / 2)
            else:
                self.view.pan(ev.x - px, ev.y - py)
            self.pointers[ev.pointer_id] = (ev.x, ev.y)
            self.shell.invalidate()
        elif ev.name in ("up", "cancel"):
            self.pointers.pop(ev.pointer_id, None)

    def on_resize(self) -> None:
        self.view.clamp() if self.view.rect is not None else None

    # -- drawing -------------------------------------------------------------------------------------
