"""What the player meant: ``interpret(ui, state, ev) -> move | None`` for the run screen.

Keys, the mouse and touch on the map become engine moves (``Select``, ``Fight``, ``Buy``,
``Leave``, ``Choose``) or change only the UI state (the keyboard's node focus, hover, the node
inspected by a first tap, the scroll). The move is built for ``speaker(ui, host)``: in co-op the
engine decides whether that seat may make it. Nothing here applies a move or decides a rule.
"""

from __future__ import annotations

from gwweb.shared.input import Event

from engine.runmap import Buy, Choose, Fight, Leave, Move, Phase, RunState, Select
from engine.runmap.fight3 import next_hero_for
from engine.runmap.moves import FightAction, ShopItem, ShrineOption

from . import layout
from .ui import PULSE_MS, Press, Ui, speaker

DRAG_PX = 7.0
FIGHTS: dict[str, FightAction] = {
    "attack": "attack",
    "defend": "defend",
    "block": "block",
    "skill": "skill",
    "item": "item",
}
ITEMS: dict[str, ShopItem] = {"potion": "potion", "whetstone": "whetstone"}
OPTIONS: dict[str, ShrineOption] = {
    "blessing": "blessing",
    "upgrade": "upgrade",
    "atonement": "atonement",
    "rest": "rest",
    "accept": "accept",
    "decline": "decline",
}
# rules 3 keys: 1/A attack, 2/D block, 3/S skill, 4/I item; rules 1-2: 1/A attack, 2/D defend
FIGHT_KEYS: dict[str, FightAction] = {
    "attack": "attack",
    "d1": "attack",
    "defend": "block",
    "d2": "block",
    "skill": "skill",
    "d3": "skill",
    "item": "item",
    "d4": "item",
}
SHOP_KEYS: dict[str, ShopItem] = {"d1": "potion", "d2": "whetstone"}
SHRINE_KEYS: dict[str, ShrineOption] = {"d1": "blessing", "d2": "upgrade", "d3": "atonement"}
REST_KEYS: dict[str, ShrineOption] = {"d1": "rest", "d2": "upgrade"}
EVENT_KEYS: dict[str, ShrineOption] = {"d1": "accept", "d2": "decline"}


def fight_move(s: RunState, seat: int, action: FightAction) -> Fight | None:
    """The fight move ``seat`` makes with ``action``: rules 3 for the next hero it chooses for
    (its own first; a hero whose player is away when it is host), rules 1-2 for the party."""
    if s.options.rules < 3:
        old: FightAction | None = "defend" if action == "block" else action
        return Fight(seat, old) if old in ("attack", "defend") else None
    hero = next_hero_for(s, seat)
    if hero is None:
        return Fight(seat, action) if action != "defend" else None  # the engine says why not
    return Fight(seat, "block" if action == "defend" else action, None if hero == seat else hero)


def sorted_avail(s: RunState) -> list[int]:
    """The reachable nodes left to right (the order of ←/→ and of the digit keys)."""
    return [n.index for n in sorted(s.available_nodes(), key=lambda n: (n.position.x, n.index))]


def interpret(ui: Ui, s: RunState, ev: Event) -> Move | None:
    """The move ``ev`` asks for on the run screen, or None (the UI state may have changed)."""
    if ui.screen != "run" or ui.keypad_open:
        return None
    if ev.kind == "action" and ev.down:
        return _key(ui, s, ev.name)
    if ev.kind == "pointer":
        return _pointer(ui, s, ev)
    if ev.kind == "wheel" and ui.frame is not None:
        ui.scroll = layout.clamp_scroll(ui.frame, ui.scroll - ev.dy)
    return None


def button_move(ui: Ui, s: RunState, bid: str) -> Move | None:
    """The move of a canvas button of the run screen (``fight:attack``, ``buy:potion``, ``go``, ...)."""
    seat = speaker(ui, s.host)
    kind, _, arg = bid.partition(":")
    if kind == "go":
        target = ui.inspect if ui.inspect is not None else ui.focus
        return None if target is None else Select(seat, target)
    if kind == "fight" and arg in FIGHTS:
        return fight_move(s, seat, FIGHTS[arg])
    if kind == "buy" and arg in ITEMS:
        return Buy(seat, ITEMS[arg])
    if kind == "leave":
        return Leave(seat)
    if kind == "choose" and arg in OPTIONS:
        return Choose(seat, OPTIONS[arg])
    return None


def _key(ui: Ui, s: RunState, a: str) -> Move | None:
    f = ui.frame
    if ui.card is not None:
        return None
    if a in ("pgup", "pgdn") and f is not None:
        step = f.map.h * 0.8
        ui.scroll = layout.clamp_scroll(f, ui.scroll + (step if a == "pgup" else -step))
        return None
    seat = speaker(ui, s.host)
    if ui.intro and s.phase == Phase.COMBAT:
        if a == "ok":
            ui.intro = False  # Enter on the map's first screen opens the first fight
        return None
    if s.phase == Phase.COMBAT:
        return fight_move(s, seat, FIGHT_KEYS[a]) if a in FIGHT_KEYS else None
    if s.phase == Phase.REST:
        return Choose(seat, REST_KEYS[a]) if a in REST_KEYS else None
    if s.phase == Phase.EVENT:
        return Choose(seat, EVENT_KEYS[a]) if a in EVENT_KEYS else None
    if s.phase == Phase.SHOP:
        if a in SHOP_KEYS:
            return Buy(seat, SHOP_KEYS[a])
        return Leave(seat) if a in ("back", "d3") else None
    if s.phase == Phase.SHRINE:
        return Choose(seat, SHRINE_KEYS[a]) if a in SHRINE_KEYS else None
    if s.phase != Phase.MAP:
        return None
    if a in ("up", "down") and f is not None:
        ui.scroll = layout.clamp_scroll(f, ui.scroll + (f.spacing if a == "up" else -f.spacing))
        return None
    avail = sorted_avail(s)
    if a in ("left", "right") and avail:
        k = avail.index(ui.focus) if ui.focus in avail else 0
        ui.focus = avail[(k + (1 if a == "right" else -1)) % len(avail)]
        ui.inspect = None
        ui.pulse_until = ui.now + PULSE_MS
        node = s.layout.nodes[ui.focus]
        if f is not None:
            _, y = layout.node_xy(f, node, ui.scroll)
            if not f.map.y < y < f.map.y + f.map.h:
                ui.scroll = layout.scroll_to_layer(f, node.layer)
        return None
    if a == "ok" and ui.focus is not None and ui.focus in avail:
        return Select(seat, ui.focus)
    if a.startswith("d") and a[1:].isdigit() and 1 <= int(a[1:]) <= len(avail):
        return Select(seat, avail[int(a[1:]) - 1])
    return None


def _pointer(ui: Ui, s: RunState, ev: Event) -> Move | None:
    f = ui.frame
    if f is None:
        return None
    on_map = s.phase == Phase.MAP and ui.card is None
    if ev.name == "down":
        if ui.legend_open:
            # the tap that closes the legend overlay does not also inspect or pick a node under it
            ui.legend_open, ui.press = False, None
            return None
        ui.press = Press(ev.x, ev.y, ui.scroll, ev.pointer_type)
        ui.dragged = False
        return None
    if ev.name == "move":
        p = ui.press
        if p is not None:
            if ui.dragged or abs(ev.y - p.y) > DRAG_PX or abs(ev.x - p.x) > DRAG_PX:
                ui.dragged = True
                ui.scroll = layout.clamp_scroll(f, p.scroll + (ev.y - p.y))
            return None
        if ev.pointer_type == "mouse":
            ui.hover = layout.node_at(f, s.layout, ui.scroll, ev.x, ev.y) if on_map else None
        return None
    if ev.name == "cancel":
        ui.press = None
        return None
    if ev.name != "up":
        return None
    press, ui.press = ui.press, None
    if press is None or ui.dragged or not on_map:
        return None
    slack = 8 if ev.pointer_type == "mouse" else 16
    idx = layout.node_at(f, s.layout, ui.scroll, ev.x, ev.y, slack)
    if idx is None:
        ui.inspect = None
        return None
    avail = [n.index for n in s.available_nodes()]
    if idx in avail and (ev.pointer_type == "mouse" or ui.inspect == idx):
        return Select(speaker(ui, s.host), idx)
    if idx in avail:
        ui.focus = idx
    ui.inspect = idx
    return None
