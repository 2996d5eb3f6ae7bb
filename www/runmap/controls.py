"""Input for Run Map: canvas buttons, keyboard actions, pointer (mouse/touch) on the map."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.runmap import Phase

from . import layout

if TYPE_CHECKING:
    from .app import RunMapApp

DRAG_PX = 7.0
SCROLL_OR_FOCUS = frozenset({"left", "right", "up", "down", "pgup", "pgdn", "bksp"})


def _sorted_avail(app: RunMapApp) -> list[int]:
    s = app.state
    if s is None:
        return []
    return [n.index for n in sorted(s.available_nodes(), key=lambda n: (n.position.x, n.index))]


def on_button(app: RunMapApp, bid: str) -> None:
    sh = app.shell
    p = app.prefs
    if bid == "mute":
        sh.set_muted(not sh.audio.muted)
        if not sh.audio.muted:
            sh.audio.tone(660, 0.08)
    elif bid == "lang":
        sh.set_lang(sh.i18n.toggle())
    elif bid == "menu":
        app.screen = "menu"
    elif bid == "share":
        app.share()
    elif bid == "legend":
        app.legend_open = not app.legend_open
    elif bid == "go":
        target = app.inspect if app.inspect is not None else app.focus
        if target is not None:
            app.select(target)
    elif bid.startswith("fight:"):
        app.fight(bid.split(":", 1)[1])
    elif bid.startswith("buy:"):
        app.buy(bid.split(":", 1)[1])
    elif bid == "leave":
        app.leave()
    elif bid.startswith("choose:"):
        app.choose(bid.split(":", 1)[1])
    elif bid == "card_ok":
        app.card = None
    elif bid == "again" and app.session is not None:
        o = app.session.options
        p.preset, p.players, p.defy = (
            o.get("preset", "slice"),
            int(o.get("players", 1)),
            bool(o.get("defy_the_gods")),
        )
        app.new_run(app.session.seed)
    elif bid == "new_run":
        _next_seed(app)
        app.screen = "menu"
    elif bid.startswith("preset:"):
        p.preset = bid.split(":", 1)[1]
        p.defy = p.defy and p.preset == "full"
    elif bid.startswith("players:"):
        p.players = int(bid.split(":", 1)[1])
    elif bid == "defy":
        p.defy = not p.defy and p.preset == "full"
    elif bid == "rand_seed":
        _next_seed(app)
    elif bid == "keypad":
        app.keypad_open, app.kp_digits = True, ""
    elif bid == "start":
        app.new_run()
    elif bid == "continue" and app.session is not None:
        app.screen = "run"
    elif bid == "coop":
        app.coop.start(p.seed, app._opts())
    elif bid == "coop_dev":
        app.devices.show()
    elif bid.startswith("dev:"):
        app.devices.on_button(bid)
    elif bid.startswith("kp:"):
        _keypad(app, bid[3:])
    sh.invalidate()


def _next_seed(app: RunMapApp) -> None:
    from .app import seed_for  # noqa: PLC0415

    p = app.prefs
    p.counter += 1
    p.seed = seed_for(p.salt, p.counter)
    app.shell.storage.save("prefs", p)


def _keypad(app: RunMapApp, key: str) -> None:
    from .app import MAX_SEED_DIGITS  # noqa: PLC0415

    if key.isdigit():
        if len(app.kp_digits) < MAX_SEED_DIGITS:
            app.kp_digits = (app.kp_digits + key).lstrip("0")
    elif key == "back":
        app.kp_digits = app.kp_digits[:-1]
    elif key == "clear":
        app.kp_digits = ""
    elif key == "ok":
        app.prefs.seed = int(app.kp_digits or "0")
        app.shell.storage.save("prefs", app.prefs)
        app.keypad_open = False
    elif key == "cancel":
        app.keypad_open = False


def handle(app: RunMapApp, ev: Any) -> None:
    if app.devices.open:  # the devices dialog is modal: Esc closes it, nothing else reaches the game
        if ev.kind == "action" and ev.down and ev.name == "back":
            app.devices.close()
        return
    if ev.kind == "action" and ev.down:
        if ev.repeat and ev.name not in SCROLL_OR_FOCUS:
            return  # a held key never makes a second decision
        _action(app, ev.name)
        app.shell.invalidate()
    elif ev.kind == "pointer":
        _pointer(app, ev)
    elif ev.kind == "wheel" and app.screen == "run" and app.frame is not None:
        app.scroll = layout.clamp_scroll(app.frame, app.scroll - ev.dy)
        app.shell.invalidate()


def _action(app: RunMapApp, a: str) -> None:
    sh = app.shell
    if a == "mute":
        on_button(app, "mute")
        return
    if a == "lang":
        on_button(app, "lang")
        return
    if app.keypad_open:
        if a.startswith("d"):
            _keypad(app, a[1:])
        elif a == "bksp":
            _keypad(app, "back")
        elif a == "ok":
            _keypad(app, "ok")
        elif a == "back":
            _keypad(app, "cancel")
        return
    s = app.state
    if app.screen == "menu" or s is None:
        if a == "ok":
            app.new_run()
        elif a.startswith("d"):
            app.keypad_open, app.kp_digits = True, ""
            _keypad(app, a[1:])
        elif a == "back" and app.session is not None:
            app.screen = "run"
        return
    if app.card is not None:
        if a in ("ok", "back"):
            app.card = None
        return
    f = app.frame
    if a in ("pgup", "pgdn", "up", "down") and f is not None:
        step = f.map.h * 0.8 if a.startswith("pg") else f.spacing
        app.scroll = layout.clamp_scroll(f, app.scroll + (step if a in ("pgup", "up") else -step))
        return
    if s.phase == Phase.OVER:
        if a == "ok":
            on_button(app, "new_run")
        return
    if s.phase == Phase.COMBAT:
        if a in ("attack", "d1"):
            app.fight("attack")
        elif a in ("defend", "d2"):
            app.fight("defend")
        return
    if s.phase == Phase.SHOP:
        if a == "d1":
            app.buy("potion")
        elif a == "d2":
            app.buy("whetstone")
        elif a in ("back", "d3"):
            app.leave()
        return
    if s.phase == Phase.SHRINE:
        opts = {"d1": "blessing", "d2": "upgrade", "d3": "atonement"}
        if a in opts:
            app.choose(opts[a])
        return
    avail = _sorted_avail(app)
    if a in ("left", "right") and avail:
        k = avail.index(app.focus) if app.focus in avail else 0
        app.focus = avail[(k + (1 if a == "right" else -1)) % len(avail)]
        app.inspect = None
        app.pulse_until = app._now() + 6000
        node = s.layout.nodes[app.focus]
        if f is not None:
            _, y = layout.node_xy(f, node, app.scroll)
            if not f.map.y < y < f.map.y + f.map.h:
                app.scroll = layout.scroll_to_layer(f, node.layer)
        app.coop.aim_at(app.focus)
    elif a == "ok" and app.focus in avail:
        app.select(app.focus)  # type: ignore[arg-type]
    elif a.startswith("d") and a[1:].isdigit() and 1 <= int(a[1:]) <= len(avail):
        app.select(avail[int(a[1:]) - 1])
    elif a == "back":
        app.screen = "menu"
    sh.invalidate()


def _pointer(app: RunMapApp, ev: Any) -> None:
    s, f = app.state, app.frame
    if app.screen != "run" or s is None or f is None:
        return
    on_map = s.phase == Phase.MAP and app.card is None and not app.keypad_open
    if ev.name == "down":
        if app.legend_open:
            # the tap that closes the legend overlay does not also inspect or pick a node under it
            app.legend_open, app.press = False, None
            app.shell.invalidate()
            return
        app.press = (ev.x, ev.y, app.scroll, ev.pointer_type)
        app.dragged = False
        return
    if ev.name == "move":
        if app.press is not None:
            px, py, sc, _ = app.press
            if app.dragged or abs(ev.y - py) > DRAG_PX or abs(ev.x - px) > DRAG_PX:
                app.dragged = True
                app.scroll = layout.clamp_scroll(f, sc + (ev.y - py))
                app.shell.invalidate()
            return
        if ev.pointer_type == "mouse":
            idx = layout.node_at(f, s.layout, app.scroll, ev.x, ev.y) if on_map else None
            if idx != app.hover:
                app.hover = idx
                app.coop.aim_at(idx if idx is not None else app.focus)
                app.shell.invalidate()
        return
    if ev.name == "cancel":
        app.press = None
        return
    if ev.name == "up":
        press, app.press = app.press, None
        if press is None or app.dragged or not on_map:
            return
        slack = 8 if ev.pointer_type == "mouse" else 16
        idx = layout.node_at(f, s.layout, app.scroll, ev.x, ev.y, slack)
        if idx is None:
            app.inspect = None
            app.shell.invalidate()
            return
        avail = [n.index for n in s.available_nodes()]
        if idx in avail and (ev.pointer_type == "mouse" or app.inspect == idx):
            app.select(idx)
        else:
            if idx in avail:
                app.focus = idx
                app.coop.aim_at(idx)
            app.inspect = idx
        app.shell.invalidate()
