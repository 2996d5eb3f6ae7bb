"""Commands that are not moves: the menu, the seed keypad, the top bar, outcome cards, the end
screen's buttons, the co-op dialog and the keyboard focus ring over all of them.

``key(app, ev)`` takes the keys these screens own (True when it used the event; the run's own
keys then go to ``interpret``); ``on_button(app, bid)`` runs a non-move canvas button.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gwweb.shared.chrome import HOME, go_home
from gwweb.shared.input import Event

from engine.runmap import Phase

from . import ring
from .ui import MAX_SEED_DIGITS, seed_for

if TYPE_CHECKING:
    from .app_face import AppFace

ARROWS = ("left", "right", "up", "down")


def on_button(app: AppFace, bid: str) -> None:
    """A canvas button that is not a move (``button_move`` had nothing for it)."""
    sh, p, ui = app.shell, app.prefs, app.ui
    if bid == HOME:
        go_home(sh)
    elif bid == "mute":
        sh.set_muted(not sh.audio.muted)
        if not sh.audio.muted:
            sh.audio.tone(660, 0.08)
    elif bid == "lang":
        sh.set_lang(sh.i18n.toggle())
    elif bid == "menu":
        ui.screen = "menu"
    elif bid == "share":
        app.share()
    elif bid == "legend":
        ui.legend_open = not ui.legend_open
    elif bid == "card_ok":
        ui.card = None
    elif bid == "intro_ok":
        ui.intro = False
    elif bid == "again" and app.has_run:
        o = app.session.options
        p.preset, p.players, p.defy = (
            str(o.get("preset", "slice")),
            int(o.get("players", 1)),
            bool(o.get("defy_the_gods")),
        )
        app.new_run(app.session.seed)
    elif bid == "new_run":
        next_seed(app)
        ui.screen = "menu"
    elif bid.startswith("preset:"):
        p.preset = bid.split(":", 1)[1]
        p.defy = p.defy and p.preset == "full"
    elif bid.startswith("players:"):
        p.players = int(bid.split(":", 1)[1])
    elif bid == "defy":
        p.defy = not p.defy and p.preset == "full"
    elif bid == "rand_seed":
        next_seed(app)
    elif bid == "keypad":
        ui.keypad_open, ui.kp_digits = True, ""
    elif bid == "start":
        app.new_run()
    elif bid == "continue" and app.has_run:
        ui.screen = "run"
    elif bid == "coop":
        app.coop.start(p.seed, app.options_now())
    elif bid == "coop_dev":
        app.devices.show()
    elif bid.startswith("dev:"):
        app.devices.on_button(bid)
    elif bid.startswith("kp:"):
        keypad(app, bid[3:])
    sh.invalidate()


def next_seed(app: AppFace) -> None:
    p = app.prefs
    p.counter += 1
    p.seed = seed_for(p.salt, p.counter)
    app.shell.storage.save("prefs", p)


def keypad(app: AppFace, key: str) -> None:
    ui = app.ui
    if key.isdigit():
        if len(ui.kp_digits) < MAX_SEED_DIGITS:
            ui.kp_digits = (ui.kp_digits + key).lstrip("0")
    elif key == "back":
        ui.kp_digits = ui.kp_digits[:-1]
    elif key == "clear":
        ui.kp_digits = ""
    elif key == "ok":
        app.prefs.seed = int(ui.kp_digits or "0")
        app.shell.storage.save("prefs", app.prefs)
        ui.keypad_open = False
    elif key == "cancel":
        ui.keypad_open = False


def key(app: AppFace, ev: Event) -> bool:
    """Keys of the menu, keypad, dialogs and the focus ring; False leaves ``ev`` to ``interpret``."""
    ui = app.ui
    if app.devices_open():  # the co-op dialog is modal: nothing else reaches the game
        if ev.kind == "action" and ev.down:
            if ev.name == "back":
                app.devices.close()
            else:
                _ring_key(app, ev.name)
        return True
    if ev.kind != "action" or not ev.down:
        return False
    a = ev.name
    if a in ("mute", "lang", HOME) or (a in ("share", "legend") and app.has_run and ui.screen == "run"):
        on_button(app, a)  # the top bar's buttons (and the phone's legend) have keys too
        return True
    if ui.keypad_open:
        if a.startswith("d"):
            keypad(app, a[1:])
        elif a == "bksp":
            keypad(app, "back")
        elif a == "back":
            keypad(app, "cancel")
        elif a == "ok" and ui.ring_focus not in (None, "kp:ok"):
            _ring_key(app, a)
        elif a == "ok":
            keypad(app, "ok")
        else:
            _ring_key(app, a)
        return True
    if _ring_key(app, a):
        return True
    s = app.state
    if ui.screen == "menu" or not app.has_run:
        if a == "ok":
            app.new_run()
        elif a.startswith("d") and a[1:].isdigit():
            ui.keypad_open, ui.kp_digits = True, ""
            keypad(app, a[1:])
        elif a == "back" and app.has_run:
            ui.screen = "run"
        return True
    if ui.card is not None:
        if a in ("ok", "back"):
            ui.card = None
        return True
    if s.phase == Phase.OVER:
        if a == "ok":
            on_button(app, "new_run")
        return True
    if a == "back" and s.phase == Phase.MAP:
        ui.screen = "menu"
        return True
    return False


def _ring_key(app: AppFace, a: str) -> bool:
    """Arrows move the focus ring of the top dialog, Enter/Space press its focused button."""
    ui = app.ui
    if not ui.ring:
        return False
    if a in ARROWS:
        ui.ring_focus = ring.step(ui.ring, ui.ring_focus, a)
        return True
    focused = ui.ring_focus
    if a == "ok" and focused is not None and focused in {r.id for r in ui.ring}:
        app.press(focused)
        return True
    return False
