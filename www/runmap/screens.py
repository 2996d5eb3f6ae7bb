"""The run's dialogs: fight, shop, shrine, outcome card, end of run (the menu is in ``menu.py``)."""

from __future__ import annotations

from gwweb.shared import chrome
from gwweb.shared.canvas import Gfx

from engine.runmap import Buy, NodeType, Phase, RunState, legal_moves
from engine.runmap import rules as R
from engine.runmap.chrome import result_lines

from . import icons, layout
from .cards import Card
from .dialog_box import BTN, box, dim, option_buttons, waiting
from .render import BAD, CARD_THEME, GOLD, GOOD, INK, MUTED, T, hp_bar, party_rows


def title(g: Gfx, r: layout.Rect, y: float, text: str, color: str = INK, size: float = 20) -> float:
    g.text(r.x + r.w / 2, y, text, color, g.fit_text(text, r.w - 24, size, True), bold=True, align="center")
    return y + size + 8


def _buttons(g: Gfx, r: layout.Rect, y: float, items: list[tuple[str, str, bool]], h: float = 42) -> float:
    """A column of full-width buttons (id, label, enabled)."""
    for bid, label, enabled in items:
        g.button(bid, r.x + 16, y, r.w - 32, h, label, bg=BTN, size=16, enabled=enabled)
        y += h + 8
    return y


def fight(g: Gfx, f: layout.Frame, s: RunState, t: T, me: int | None, can_act: bool) -> None:
    assert s.combat is not None
    c = s.combat
    node = s.layout.nodes[c.node_index]
    n_en = len(c.enemies)
    r = layout.modal_rect(
        f, 460, 74 + 38 * n_en + (40 if c.round else 0) + 18 * len(s.players) + 16 + 44 + 18
    )
    dim(g, f)
    box(g, r)
    kind = node.node_type.value
    if kind in ("BOSS", "ELITE"):
        g.frame(r.x + 2.5, r.y + 2.5, r.w - 5, r.h - 5, icons.COLORS[kind], 3)
    icons.badge(g, r.x + 30, r.y + 30, 18 if kind != "BOSS" else 21, kind, node.guardian_id)
    head = t("guardian", name=t(node.guardian_id)) if node.node_type == NodeType.BOSS else t(kind)
    g.text(r.x + 58, r.y + 30, head, INK, g.fit_text(head, r.w - 70, 20, True), bold=True, baseline="middle")
    sub = t("floor_act", floor=node.floor, act=node.act) + " · " + t("round_n", n=c.round + 1)
    g.text(r.x + 58, r.y + 54, sub, MUTED, 13)
    y = r.y + 74
    for e in c.enemies:
        name = t(e.enemy_id)
        stats = f"{e.hp}/{e.max_hp} · {e.dice}d6+{e.bonus}"
        sw = g.measure(stats, 12)
        g.text(
            r.x + 16,
            y + 14,
            name,
            INK if e.hp > 0 else MUTED,
            g.fit_text(name, r.w - 48 - sw, 15, e.rank != "basic"),
            bold=e.rank != "basic",
        )
        g.text(r.x + r.w - 16, y + 14, stats, INK, 12, align="right")
        hp_bar(g, r.x + 16, y + 20, r.w - 32, 10, e.hp, e.max_hp)
        y += 38
    if c.round:
        size = 26
        x = r.x + 16
        g.text(x, y + 17, "⚔", INK, 14)
        x += 20
        for v in c.last_party_rolls[:6]:
            icons.die(g, x, y, size, v)
            x += size + 5
        x += 14
        for v in c.last_enemy_rolls[:6]:
            icons.die(g, x, y, size, v, "#FFAB91")
            x += size + 5
        y += 40
    y = party_rows(g, r.x + 16, y + 4, r.w - 32, s, t, me, compact=True) + 12
    if can_act:
        half = (r.w - 40) / 2
        g.button("fight:attack", r.x + 16, y, half, 44, t("fight_attack"), bg="#8D3B2F", size=17)
        g.button("fight:defend", r.x + 24 + half, y, half, 44, t("fight_defend"), bg="#37474F", size=17)
    else:
        waiting(g, r, y + 22, s, t)


def shop(g: Gfx, f: layout.Frame, s: RunState, t: T, me: int | None, can_act: bool) -> None:
    r = layout.modal_rect(f, 420, 62 + 18 * len(s.players) + 10 + 3 * 50 + 8)
    dim(g, f)
    box(g, r)
    icons.badge(g, r.x + 30, r.y + 30, 18, "SHOP")
    g.text(r.x + 58, r.y + 36, t("shop_title", gold=s.gold), INK, 19, bold=True)
    y = party_rows(g, r.x + 16, r.y + 62, r.w - 32, s, t, me, compact=True) + 10
    if can_act:
        legal = legal_moves(s)
        h = s.host if s.host is not None else 0
        _buttons(
            g,
            r,
            y,
            [
                (
                    "buy:potion",
                    t("buy_potion", cost=R.POTION_COST, hp=R.POTION_HEAL),
                    Buy(h, "potion") in legal,
                ),
                ("buy:whetstone", t("buy_whetstone", cost=R.WHETSTONE_COST), Buy(h, "whetstone") in legal),
                ("leave", t("leave"), True),
            ],
        )
    else:
        waiting(g, r, y + 30, s, t)


def shrine(
    g: Gfx, f: layout.Frame, s: RunState, t: T, me: int | None, can_act: bool, votes: dict[int, list[int]]
) -> None:
    """A shrine's three gifts; a guest taps one to wish for it, the host chooses."""
    r = layout.modal_rect(f, 420, 62 + 18 * len(s.players) + 10 + 3 * 50 + 8 + (0 if can_act else 30))
    dim(g, f)
    box(g, r)
    icons.badge(g, r.x + 30, r.y + 30, 18, "SHRINE")
    g.text(
        r.x + 58,
        r.y + 36,
        t("shrine_title"),
        INK,
        g.fit_text(t("shrine_title"), r.w - 70, 19, True),
        bold=True,
    )
    y = party_rows(g, r.x + 16, r.y + 62, r.w - 32, s, t, me, compact=True) + 10
    fmt = {
        "upgrade": {"hp": R.UPGRADE_MAX_HP},
        "atonement": {"cost": R.ATONEMENT_COST, "hp": R.ATONEMENT_HEAL},
    }
    items = [(f"choose:{o}", t(f"ch_{o}", **fmt.get(o, {})), True) for o in R.SHRINE_OPTIONS]
    y = option_buttons(g, r, y, items, votes, t)
    if not can_act:
        waiting(g, r, y + 10, s, t, "host_picks_option")


def card(g: Gfx, f: layout.Frame, c: Card, t: T) -> None:
    r = layout.modal_rect(f, 380, 120 + 24 * len(c.lines) + 60)
    dim(g, f)
    box(g, r)
    if c.kind:
        icons.badge(g, r.x + r.w / 2, r.y + 34, 20, c.kind, c.guardian)
    y = title(g, r, r.y + 82, t(c.title), GOOD if c.title == "won_fight" else INK)
    for key, args in c.lines:
        fmt = {k: (t(v[1:]) if isinstance(v, str) and v.startswith("@") else v) for k, v in args.items()}
        for line in g.wrap(t(key, **fmt), r.w - 32, 15):
            g.text(r.x + r.w / 2, y, line, INK, 15, align="center")
            y += 22
    g.button("card_ok", r.x + r.w / 2 - 80, r.y + r.h - 56, 160, 42, t("continue_btn"), bg=BTN, size=16)


def end(g: Gfx, f: layout.Frame, s: RunState, t: T, best: int) -> None:
    """The end of the run: the shared results card over the engine's result lines."""
    res = s.result
    assert res is not None
    won = res.termination.value == "victory"
    lines = []
    for ln in result_lines(res, s.seed, best):
        if ln.key == "summary_guardians":
            names = ", ".join(t(n) for n in str(ln.params["names"]).split(",") if n) or t("none")
            lines.append(chrome.CardLine(t(ln.key, names=names)))
        else:
            lines.append(chrome.CardLine(t(ln.key, **ln.params)))
    badge = (
        64.0,
        lambda g, cx, top: icons.badge(
            g, cx, top + 30, 26, "BOSS", res.guardians_defeated[-1] if won else ""
        ),
    )
    buttons = [chrome.CardButton(bid, t(bid)) for bid in ("again", "new_run", "share")]
    chrome.results_card(
        g,
        CARD_THEME,
        t("victory") if won else t("defeat"),
        lines,
        buttons,
        area=(0, layout.TOP_H, f.w, f.h - layout.TOP_H),
        cols=3,
        width=440,
        emblem=badge,
        button_h=42,
        title_color=GOLD if won else BAD,
    )


def phase_dialog(
    g: Gfx,
    f: layout.Frame,
    s: RunState,
    t: T,
    me: int | None,
    can_act: bool,
    best: int = 0,
    votes: dict[int, list[int]] | None = None,
) -> bool:
    """Draw the dialog of the current phase; False when the map itself is the screen. ``votes``:
    the party's wishes for the options of a shrine, rest site or event (index -> seats)."""
    votes = votes or {}
    if s.options.rules >= 3 and s.phase in (Phase.COMBAT, Phase.REST, Phase.EVENT):
        from . import screens3  # noqa: PLC0415 - screens3 builds on this module
        from .cards import rest_heal  # noqa: PLC0415

        if s.phase == Phase.COMBAT:
            screens3.fight(g, f, s, t, me)
        elif s.phase == Phase.REST:
            screens3.rest(g, f, s, t, me, can_act, rest_heal(s)[1], votes)
        else:
            screens3.event(g, f, s, t, me, can_act, votes)
    elif s.phase == Phase.COMBAT:
        fight(g, f, s, t, me, can_act)
    elif s.phase == Phase.SHOP:
        shop(g, f, s, t, me, can_act)
    elif s.phase == Phase.SHRINE:
        shrine(g, f, s, t, me, can_act, votes)
    elif s.phase == Phase.OVER:
        end(g, f, s, t, best)
    else:
        return False
    return True
