"""The dialogs of rules 3 (issue 29): a fight with the enemies' intents and one choice per hero
(attack, block, skill, item), the rest site (rest or upgrade) and events with two options.

Drawing only: the numbers come from the engine (``fight3``, ``choices3``), the moves from
``interpret.button_move``.
"""

from __future__ import annotations

from gwweb.shared.canvas import Gfx

from engine.runmap import NodeType, RunState
from engine.runmap import choices3 as C
from engine.runmap import fight3 as F

from . import icons, layout
from .dialog_box import box, dim, option_buttons, waiting
from .render import BAD, GOOD, INK, MUTED, T, hp_bar, party_rows

Votes = dict[int, list[int]]  # option index -> the seats wishing for it
INTENT_COLOR = {"attack": "#FFAB91", "heavy": BAD, "guard": "#90CAF9"}


def intent_text(t: T, intent: str, value: int, halves: bool = False, then: str = "") -> str:
    """``⚔ attacks 7``, ``⚔⚔ HEAVY 21!``, ``◈ guards 10`` or (rules 5) ``◈ guards: half damage``,
    then the next round's intent when the enemy follows a pattern, in the player's language."""
    if not intent:
        return ""
    text = t("intent_guard_half") if intent == "guard" and halves else t(f"intent_{intent}", n=value)
    return text + t("intent_then", kind=t(f"then_{then}")) if then else text


def fight(g: Gfx, f: layout.Frame, s: RunState, t: T, me: int | None) -> None:
    """The fight: intents, the party, and this screen's hero's four choices."""
    c = s.combat
    assert c is not None
    node = s.layout.nodes[c.node_index]
    seat = me if me is not None else (s.host if s.host is not None else 0)
    hero = F.next_hero_for(s, seat)
    n_en = len(c.enemies)
    r = layout.modal_rect(f, 480, 74 + 44 * n_en + 18 * len(s.players) + 30 + 2 * 48 + 20)
    dim(g, f)
    box(g, r)
    kind = node.node_type.value
    if kind in ("BOSS", "ELITE"):
        g.frame(r.x + 2.5, r.y + 2.5, r.w - 5, r.h - 5, icons.COLORS[kind], 3)
    icons.badge(g, r.x + 30, r.y + 30, 18 if kind != "BOSS" else 21, kind, node.guardian_id)
    head = t("guardian", name=t(node.guardian_id)) if node.node_type == NodeType.BOSS else t(kind)
    g.text(r.x + 58, r.y + 30, head, INK, g.fit_text(head, r.w - 70, 20, True), bold=True, baseline="middle")
    sub = t("floor_act", floor=node.floor, act=node.act) + " · " + t("round_n", n=c.round + 1)
    if c.round:
        sub += " · " + t("last_round", party=sum(c.last_party_rolls), hit=sum(c.last_enemy_rolls))
    g.text(r.x + 58, r.y + 54, sub, MUTED, g.fit_text(sub, r.w - 70, 13))
    y = r.y + 74
    halves = F.fight_rules(s.options.rules).guard_halves
    for k, e in enumerate(c.enemies):
        name = t(e.enemy_id) + f"  {e.hp}/{e.max_hp}"
        then = F.next_intent(s, k)
        intent = intent_text(t, e.intent, e.intent_value, halves, then) if e.hp > 0 else t("down")
        iw = g.measure(intent, 14)
        g.text(r.x + 16, y + 14, name, INK if e.hp > 0 else MUTED, g.fit_text(name, r.w - 48 - iw, 15))
        g.text(
            r.x + r.w - 16, y + 14, intent, INTENT_COLOR.get(e.intent, MUTED), 14, bold=True, align="right"
        )
        hp_bar(g, r.x + 16, y + 22, r.w - 32, 10, e.hp, e.max_hp)
        y += 44
    y = party_rows(g, r.x + 16, y + 2, r.w - 32, s, t, me, compact=True) + 6
    if hero is None:
        done = {h for h, _ in c.pending}
        wait = [p.seat for p in s.players if p.hp > 0 and p.seat not in done]
        msg = t("wait_heroes", who=", ".join(t("p_n", n=h + 1) for h in wait)) if wait else ""
        if msg:
            g.text(r.x + r.w / 2, y + 30, msg, MUTED, g.fit_text(msg, r.w - 24, 15), align="center")
        else:
            waiting(g, r, y + 30, s, t)
        return
    ask = t("choose_for", n=hero + 1, potions=s.potions)
    kept = c.kept_block[hero] if hero < len(c.kept_block) else 0
    if kept:  # rules 6: a block that nothing hit last round
        ask += t("kept_block", n=kept)
    g.text(r.x + 16, y + 14, ask, GOOD, g.fit_text(ask, r.w - 32, 14), bold=True)
    y += 24
    half = (r.w - 40) / 2
    labels = [
        (
            "attack",
            t(
                "act_attack",
                lo=F.attack_range(s.options.rules, s.attack_bonus)[0],
                hi=F.attack_range(s.options.rules, s.attack_bonus)[1],
            ),
            "#8D3B2F",
        ),
        (
            "block",
            t(
                "act_block",
                lo=F.block_range(s.options.rules, s.block_bonus)[0],
                hi=F.block_range(s.options.rules, s.block_bonus)[1],
            ),
            "#37474F",
        ),
        ("skill", t("act_skill"), "#4A148C"),
        ("item", t("act_item", hp=F.POTION_HEAL, n=s.potions), "#1B5E20"),
    ]
    for k, (action, label, bg) in enumerate(labels):
        bx = r.x + 16 + (k % 2) * (half + 8)
        by = y + (k // 2) * 48
        ok = F.action_allowed(s, hero, action) is None
        g.button(
            f"fight:{action}",
            bx,
            by,
            half,
            42,
            label,
            bg=bg,
            size=g.fit_text(label, half - 12, 15),
            enabled=ok,
        )


def rest(
    g: Gfx, f: layout.Frame, s: RunState, t: T, me: int | None, can_act: bool, heal: int, votes: Votes
) -> None:
    """The rest site: rest (heal) or upgrade (+attack, +block); a guest taps one to wish for it."""
    r = layout.modal_rect(f, 420, 62 + 18 * len(s.players) + 10 + 2 * 50 + 8 + (0 if can_act else 30))
    dim(g, f)
    box(g, r)
    icons.badge(g, r.x + 30, r.y + 30, 18, "REST")
    g.text(
        r.x + 58, r.y + 36, t("rest_title"), INK, g.fit_text(t("rest_title"), r.w - 70, 19, True), bold=True
    )
    y = party_rows(g, r.x + 16, r.y + 62, r.w - 32, s, t, me, compact=True) + 10
    items = [
        ("choose:rest", t("ch_rest", hp=heal), True),
        ("choose:upgrade", t("ch_temper", atk=C.UPGRADE_ATTACK, blk=C.UPGRADE_BLOCK), True),
    ]
    y = option_buttons(g, r, y, items, votes, t)
    if not can_act:
        waiting(g, r, y + 10, s, t, "host_picks_option")


def event(g: Gfx, f: layout.Frame, s: RunState, t: T, me: int | None, can_act: bool, votes: Votes) -> None:
    """An event or a trap: what it is, and its two options (a guest taps one to wish for it)."""
    ev = s.event or "trap"
    kind = "TRAP" if ev == "trap" else "EVENT"
    fmt = {
        "gold": C.CHEST_GOLD,
        "hurt": C.CHEST_HURT,
        "cost": C.GAMBLE_COST,
        "win": C.GAMBLE_WIN,
        "heal": C.SPRING_HEAL,
        "maxhp": C.ALTAR_MAX_HP,
        "dmg": C.TRAP_BASE,
        "salvage": C.TRAP_SALVAGE,
        "edge": C.TRAP_EDGE,
    }
    width = min(440.0, f.w - 16) - 32
    lines = g.wrap(t(f"ev_{ev}_text", **fmt), width, 15)
    r = layout.modal_rect(
        f, 440, 66 + 22 * len(lines) + 18 * len(s.players) + 14 + 2 * 50 + 6 + (0 if can_act else 30)
    )
    dim(g, f)
    box(g, r)
    icons.badge(g, r.x + 30, r.y + 30, 18, kind)
    head = t(f"ev_{ev}")
    g.text(r.x + 58, r.y + 36, head, INK, g.fit_text(head, r.w - 70, 19, True), bold=True)
    y = r.y + 66
    for line in lines:
        g.text(r.x + 16, y + 12, line, INK, 15)
        y += 22
    y = party_rows(g, r.x + 16, y + 4, r.w - 32, s, t, me, compact=True) + 10
    items = [
        (f"choose:{opt}", t(f"ev_{ev}_{opt}", **fmt), C.option_refused(s, opt) is None)
        for opt in ("accept", "decline")
    ]
    y = option_buttons(g, r, y, items, votes, t)
    if not can_act:
        waiting(g, r, y + 10, s, t, "host_picks_option")
