"""Input for the Orbit Simulator page: key bindings, canvas buttons, keyboard focus, pointer pan/pinch
and wheel zoom.

``Controls.interpret(ui, state, ev)`` is the page's ``TurnApp`` interpret: it edits the UI state (the
pending plan, menu choices, camera...) and returns the ``TurnPlan`` to play when the player executes
a legal plan. Rule questions go to the engine through ``model.Planner``.

Keyboard play covers every button: Tab / Shift+Tab move a visible focus ring over the buttons drawn
in the last frame and Enter or Space presses the focused one; any other key drops the ring (Enter
then executes the plan again).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gwweb.shared import focus
from gwweb.shared.chrome import HOME_KEY, go_home
from gwweb.shared.input import Event

from engine.orbit.ai import AI_LEVELS
from engine.orbit.chrome import CHROME
from engine.orbit.moves import TurnPlan
from engine.orbit.rules import SUBSYSTEMS, Burn, Subsystem, Weapon
from engine.orbit.state import OrbitState
from engine.orbit.turn import Problem

from . import threatview
from .model import FRIEND, HUMAN, SEAT_KINDS, Planner
from .ui import Ui

if TYPE_CHECKING:
    from .host import OrbitHost

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
    "Tab": "focus",
    "KeyE": "enemy",
    HOME_KEY: "home",
}

COMMANDS = ("home", "menu", "undo", "help", "lang", "mute", "tab", "fit", "zoom+", "zoom-")
PRESETS = {"hotseat", "ai", "demo", "link"}


def preset_for(seats: list[str]) -> str:
    """The menu preset that matches these seats (so the highlighted preset never contradicts them)."""
    if FRIEND in seats:
        return "link"
    humans = sum(1 for k in seats if k == HUMAN)
    return "hotseat" if humans == len(seats) else "demo" if humans == 0 else "ai"


class Controls:
    """Turns events and button presses into UI changes and plans for one ``OrbitHost``."""

    def __init__(self, app: OrbitHost) -> None:
        self.app = app

    # -- feedback ------------------------------------------------------------------------------------
    def blocked(self, prob: Problem | None) -> None:
        app = self.app
        if prob is None:
            app.sfx("click")
        else:
            app.sfx("bad")
            app.toast(app.tr("blocked", why=app.why(prob)))

    # -- the TurnApp interpret -------------------------------------------------------------------------
    def interpret(self, ui: Ui, state: OrbitState, ev: Event) -> TurnPlan | None:
        """What the player meant: a plan to execute, or nothing (the UI state changed)."""
        if ev.kind == "action":
            return self.key_action(ui, ev.name, ev.shift) if ev.down else None
        if ev.kind == "wheel":
            r = ui.view.rect
            if r is not None and r.contains(ev.x, ev.y) and ui.mode in ("play", "replay"):
                ui.view.zoom_at(0.87 if ev.dy > 0 else 1.15, ev.x, ev.y)
            return None
        if ev.kind == "pointer":
            self.pointer(ui, ev)
        return None

    def pointer(self, ui: Ui, ev: Event) -> None:
        view, pointers = ui.view, ui.pointers
        r = view.rect
        if ev.name == "down":
            ui.focus = None  # a pointer user does not see the keyboard ring
            if r is not None and r.contains(ev.x, ev.y) and ui.mode in ("play", "replay"):
                pointers[ev.pointer_id] = (ev.x, ev.y)
                ui.press = (ev.x, ev.y) if len(pointers) == 1 else None
        elif ev.name == "move" and ev.pointer_id in pointers:
            px, py = pointers[ev.pointer_id]
            if len(pointers) == 2:
                (ax, ay), (bx, by) = [p for k, p in pointers.items() if k != ev.pointer_id][0], (px, py)
                d0 = ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5
                d1 = ((ax - ev.x) ** 2 + (ay - ev.y) ** 2) ** 0.5
                if d0 > 10:
                    view.zoom_at(d1 / d0, (ax + ev.x) / 2, (ay + ev.y) / 2)
            else:
                view.pan(ev.x - px, ev.y - py)
            pointers[ev.pointer_id] = (ev.x, ev.y)
        elif ev.name in ("up", "cancel"):
            pointers.pop(ev.pointer_id, None)
            press, ui.press = ui.press, None
            if ev.name == "up" and press is not None and abs(ev.x - press[0]) + abs(ev.y - press[1]) < 10:
                self.tap_ship(ui, ev.x, ev.y)

    def tap_ship(self, ui: Ui, x: float, y: float) -> None:
        """A tap on an enemy ship shows its reach alone (again: all enemies); elsewhere: all enemies."""
        app = self.app
        if ui.mode != "play" or not app.started:
            return
        me = app.viewer()
        best, near = None, 26.0**2
        for s in app.match.state.ships:
            if s.alive and s.id != me:
                sx, sy, _ = ui.view.ship_xy(s)
                d = (sx - x) ** 2 + (sy - y) ** 2
                if d < near:
                    best, near = s.id, d
        ui.reach_of = None if best == ui.reach_of else best

    # -- keyboard focus over the canvas buttons --------------------------------------------------------
    def move_focus(self, ui: Ui, back: bool) -> None:
        ui.focus = focus.cycle(self.app.button_ids(), ui.focus, back)

    # -- buttons ---------------------------------------------------------------------------------------
    def on_button(self, bid: str) -> TurnPlan | None:
        """A canvas button (clicked, tapped or pressed from the keyboard focus); a plan to execute or None."""
        app, ui = self.app, self.app.ui
        head, _, rest = bid.partition(":")
        if bid in COMMANDS:
            self.command(bid)
        elif head == "cover":
            ui.seen_by = app.match.state.active
        elif bid == "continue:link":
            app.link.resume()
            app.sfx("click")
        elif head in ("preset", "np", "seat", "diff", "start", "continue"):
            self.menu_button(head, rest)
        elif head == "help":
            self.help_button(rest)
        elif head == "rp":
            self.replay_button(rest)
        elif head == "replay":
            app.replay_start()
        elif head == "tut":
            app.tutorial_button(rest)
        elif head == "share":
            app.link.share()
        elif head == "paste":
            app.link.paste()
        elif head == "linkerr":
            ui.link_error = None

        elif head == "newgame":
            ui.mode = "menu"
        elif app.planning() and ui.planner is not None:
            return self.plan_button(ui.planner, head, rest)
        return None

    def plan_button(self, pl: Planner, head: str, rest: str) -> TurnPlan | None:
        ui = self.app.ui
        if head == "sub":
            sign, _, name = rest.partition(":")
            sub = Subsystem(name)
            ui.sel = SUBSYSTEMS.index(sub)
            self.blocked(pl.energy(sub, 1 if sign == "+" else -1))
        elif head == "sel":
            ui.sel = int(rest)
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
            self.app.sfx("click")
        elif head == "exec":
            return self.execute(pl)
        elif head == "reset":
            pl.reset(pl.state)
        return None

    def execute(self, pl: Planner) -> TurnPlan | None:
        """The pending plan, if the engine accepts it (else the first problem is shown)."""
        app = self.app
        if not app.planning():
            return None
        probs = pl.problems()
        if probs:
            app.sfx("bad")
            app.toast(app.tr("blocked", why=app.why(probs[0])))
            return None
        return pl.plan()

    def menu_button(self, head: str, rest: str) -> None:
        app, ui = self.app, self.app.ui
        if head == "preset" and rest in PRESETS:
            ui.preset = rest
            ui.seats = {
                "hotseat": [HUMAN, HUMAN],
                "ai": [HUMAN, ui.difficulty],
                "demo": [ui.difficulty, ui.difficulty],
                "link": [HUMAN, FRIEND],
            }[rest]
        elif ui.preset == "link" and head in ("np", "seat", "diff"):
            pass  # play by link: two ships, you and your friend
        elif head == "np":
            n = int(rest)
            fill = HUMAN if ui.preset == "hotseat" else ui.difficulty
            ui.seats = (ui.seats + [fill] * 4)[:n]
        elif head == "seat":
            i = int(rest)
            ui.seats[i] = SEAT_KINDS[(SEAT_KINDS.index(ui.seats[i]) + 1) % len(SEAT_KINDS)]
            ui.preset = preset_for(ui.seats)
        elif head == "diff":
            ui.difficulty = AI_LEVELS[(AI_LEVELS.index(ui.difficulty) + 1) % len(AI_LEVELS)]
            ui.seats = [k if k == HUMAN else ui.difficulty for k in ui.seats]
        elif head == "start":
            app.new_game()
        elif head == "continue" and app.has_game():
            ui.mode = "play"
        app.sfx("click")

    def help_button(self, rest: str) -> None:
        self.app.ui.help.press("help:" + rest, len(CHROME.help))

    def replay_button(self, rest: str) -> None:
        app, ui = self.app, self.app.ui
        if rest == "close":
            ui.mode = "play"
            ui.anim = None
        elif rest == "play":
            if ui.replay_i >= len(app.match.turns):
                ui.replay_i = 0
            ui.replay_play = not ui.replay_play
            ui.replay_next = app.clock()
        else:
            ui.replay_play = False
            app.replay_step(1 if rest == "next" else -1)

    def command(self, name: str) -> None:
        app, ui = self.app, self.app.ui
        shell = app.shell
        if name == "home":
            go_home(shell)
        elif name == "menu":
            if ui.help.open:
                ui.help.open = False
            elif ui.mode == "menu" and app.has_game() and not app.match.over():
                ui.mode = "play"
            else:
                ui.mode = "menu"
        elif name == "undo":
            app.undo()
        elif name == "help":
            ui.help.open = not ui.help.open
        elif name == "lang":
            shell.set_lang(shell.i18n.toggle())
        elif name == "mute":
            shell.set_muted(not shell.audio.muted)
            app.sfx("click")
        elif name == "tab":
            ui.tab = "log" if ui.tab == "plan" else "plan"
        elif name == "fit":
            ui.view.cam.fit()
        elif name in ("zoom+", "zoom-") and ui.view.rect is not None:
            r = ui.view.rect
            ui.view.zoom_at(1.4 if name == "zoom+" else 1 / 1.4, r.cx, r.cy)

    # -- keys ------------------------------------------------------------------------------------------
    def key_action(self, ui: Ui, a: str, shift: bool = False) -> TurnPlan | None:
        app = self.app
        if a == "focus":
            self.move_focus(ui, back=shift)
            return None
        if a in ("execute", "space") and ui.focus is not None and ui.focus in app.button_ids():
            return self.on_button(ui.focus)  # the ring stays: Enter again presses it again
        ui.focus = None
        if a in COMMANDS:
            self.command(a)
            return None
        if a == "enemy" and ui.mode == "play" and app.started:
            me = app.viewer()
            foes = [s.id for s in app.match.state.ships if s.alive and s.id != me]
            ui.reach_of = threatview.next_enemy(app.reach_enemy(), foes)
            return None
        if ui.help.open:
            if a in ("inc", "dec"):
                self.help_button("next" if a == "inc" else "prev")
            return None
        if ui.mode == "menu":
            if a == "execute":
                app.new_game()
            return None
        if ui.mode == "replay":
            if a in ("inc", "dec"):
                self.replay_button("next" if a == "inc" else "prev")
            elif a in ("space", "execute"):
                self.replay_button("play")
            return None
        if app.covered() and a in ("execute", "space"):
            ui.seen_by = app.match.state.active
            return None
        if app.match.over() and a == "execute":
            app.replay_start()
            return None
        if not app.planning() or ui.planner is None:
            return None
        return self.plan_key(ui, ui.planner, a)

    def plan_key(self, ui: Ui, pl: Planner, a: str) -> TurnPlan | None:
        app = self.app
        if a.startswith("sel"):
            ui.sel = int(a[3:]) - 1
        elif a == "up":
            ui.sel = (ui.sel - 1) % len(SUBSYSTEMS)
        elif a == "down":
            ui.sel = (ui.sel + 1) % len(SUBSYSTEMS)
        elif a in ("inc", "dec"):
            self.blocked(pl.energy(SUBSYSTEMS[ui.sel], 1 if a == "inc" else -1))
        elif a == "vent":
            if pl.set_vent(pl.vent + 1) is not None:
                pl.set_vent(0)
            app.sfx("click")
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
            app.sfx("click")
        elif a in ("adj-", "adj+"):
            self.blocked(pl.set_adjust(pl.adjust + (1 if a == "adj+" else -1)))
        elif a == "scoop":
            self.blocked(pl.toggle_scoop())
        elif a == "fire":
            pl.auto_fire()
            app.sfx("click")
        elif a == "reset":
            pl.reset(pl.state)
        elif a == "execute":
            return self.execute(pl)
        return None
