"""The info panel (right on desktop, bottom on phones) and the toast line."""

from __future__ import annotations

from gwweb.shared.canvas import Gfx

from engine.runmap import Phase, RunState

from . import icons, layout
from .render import GOLD, INK, MUTED, T, party_rows


def panel(
    g: Gfx,
    f: layout.Frame,
    s: RunState,
    t: T,
    *,
    me: int | None,
    inspect: int | None,
    focus: int | None,
    can_act: bool,
    coop_line: str,
    legend_open: bool,
    guest: bool = False,
) -> None:
    p = f.panel
    g.rect(p.x, p.y, p.w, p.h, "#261915")
    g.line(p.x, p.y, p.x + (p.w if f.phone else 0), p.y + (0 if f.phone else p.h), "rgba(255,224,178,0.3)", 1)
    pad = 12
    x, w = p.x + pad, p.w - 2 * pad
    y = p.y + 8
    if coop_line:
        g.text(x, y + 12, coop_line, "#80DEEA", g.fit_text(coop_line, w, 13, min_size=9))
        y += 18
    if not f.phone:
        g.text(x, y + 14, t("party"), MUTED, 13, bold=True)
        y += 20
    y = party_rows(g, x, y, w, s, t, me, compact=f.phone)
    stat_rows = [[t("gold", n=s.gold), t("attack", n=s.attack_bonus), t("memories", n=len(s.memories))]]
    if s.options.rules >= 3:  # the second line: block, the potion belt, relics
        stat_rows[0][2] = t("block", n=s.block_bonus)
        stat_rows.append(
            [t("potions", n=s.potions), t("relics_n", n=len(s.relics)), t("memories", n=len(s.memories))]
        )
    for row in stat_rows:
        stats = "   ".join(row)
        g.text(x, y + 15, stats, GOLD, g.fit_text(stats, w, 13, min_size=9))
        y += 20
    y += 4
    show = inspect if inspect is not None else focus
    if guest:
        hint = t("host_picks", n=s.host + 1) if s.host is not None else t("no_host")
    else:
        hint = t("pick_next")
    avail = [n.index for n in s.available_nodes()]
    go_w = 84.0
    if f.phone:
        # one compact block: details of the inspected node and a Go button for touch
        if show is not None:
            _details(g, x, y, w - (go_w + 8 if show in avail and (can_act or guest) else 0), s, show, t, 3)
            if show in avail and (can_act or guest):  # a guest marks a wish where the host goes
                g.button(
                    "go", x + w - go_w, y + 4, go_w, 40, t("wish" if guest else "go"), bg="#8D3B2F", size=15
                )
        elif s.phase == Phase.MAP and avail:
            for line in g.wrap(hint, w, 13)[:2]:
                g.text(x, y + 14, line, MUTED, 13)
                y += 17
        # the legend toggle sits on the map's bottom-left corner, clear of the panel's Go button
        g.button(
            "legend",
            f.map.x + 8,
            f.map.y + f.map.h - 44,
            88,
            36,
            t("legend"),
            bg="#4E342E",
            size=13,
            active=legend_open,
        )
        return
    g.line(x, y, x + w, y, "rgba(255,224,178,0.2)", 1)
    y += 10
    if show is not None:
        y = _details(g, x, y, w, s, show, t, 7)
        if show in avail and (can_act or guest):
            g.button("go", x, y + 2, w, 40, t("wish" if guest else "go"), bg="#8D3B2F", size=16)
            y += 48
    elif s.phase == Phase.MAP and avail:
        for line in g.wrap(hint, w, 13):
            g.text(x, y + 14, line, MUTED, 13)
            y += 17
    kinds = [k for k in icons.ORDER if any(n.node_type.value == k for n in s.layout.nodes)]
    rows = (len(kinds) + 1) // 2
    ly = p.y + p.h - 30 - rows * 26
    if ly > y + 10:
        g.line(x, ly - 6, x + w, ly - 6, "rgba(255,224,178,0.2)", 1)
        g.text(x, ly + 12, t("legend"), MUTED, 13, bold=True)
        from .render import legend  # noqa: PLC0415

        legend(g, x, ly + 20, w, kinds, t, 2)


def _details(g: Gfx, x: float, y: float, w: float, s: RunState, idx: int, t: T, lines: int) -> float:
    from .render import node_details  # noqa: PLC0415

    return node_details(g, x, y, w, s, idx, t, lines)


def legend_overlay(g: Gfx, f: layout.Frame, s: RunState, t: T) -> None:
    kinds = [k for k in icons.ORDER if any(n.node_type.value == k for n in s.layout.nodes)]
    from .render import legend  # noqa: PLC0415

    rows = (len(kinds) + 1) // 2
    r = layout.Rect(8, f.map.y + 8, f.w - 16, rows * 26 + 44)
    g.rect(r.x, r.y, r.w, r.h, "#4E342E")
    g.frame(r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1, INK, 1.5)
    g.text(r.x + 12, r.y + 22, t("legend"), INK, 14, bold=True)
    legend(g, r.x + 12, r.y + 32, r.w - 24, kinds, t, 2)


def toast(g: Gfx, f: layout.Frame, text: str) -> None:
    w = min(f.w - 16, max(200.0, g.measure(text, 14) + 32))
    lines = [part for line in g.wrap(text, w - 24, 14) for part in _hard_wrap(g, line, w - 24)][:3]
    h = 16 + 20 * len(lines)
    x = (f.w - w) / 2
    y = (f.map.y + f.map.h if f.w >= layout.PHONE_W else f.panel.y) - h - 10
    g.rect(x, y, w, h, "rgba(20,12,10,0.92)")
    g.frame(x + 0.5, y + 0.5, w - 1, h - 1, GOLD, 1.5)
    for k, line in enumerate(lines):
        g.text(f.w / 2 if f.w < layout.PHONE_W else x + w / 2, y + 23 + 20 * k, line, INK, 14, align="center")


def _hard_wrap(g: Gfx, line: str, width: float) -> list[str]:
    """Break a line that is still too wide (a long link) between characters."""
    out: list[str] = []
    while line and g.measure(line, 14) > width:
        k = max(2, int(len(line) * width / g.measure(line, 14)))  # a proportional guess, then trimmed
        while k > 1 and g.measure(line[:k], 14) > width:
            k -= 1
        out.append(line[:k])
        line = line[k:]
    out.append(line)
    return out


def intro_banner(g: Gfx, f: layout.Frame, t: T) -> None:
    """A new run's first screen: the map, the goal, and one button to the first fight."""
    m = f.map
    w = min(460.0, m.w - 16)
    lines = g.wrap(t("goal"), w - 24, 14)
    h = 22 * len(lines) + 70
    x, y = m.x + (m.w - w) / 2, m.y + 8  # at the top: the start (bottom) stays in view
    g.alpha(0.92)
    g.rect(x, y, w, h, "#3E2723")
    g.alpha(1.0)
    g.frame(x + 0.5, y + 0.5, w - 1, h - 1, "#FFE0B2", 2)
    ty = y + 20
    for line in lines:
        g.text(x + 12, ty, line, "#FFE0B2", 14)
        ty += 22
    g.button("intro_ok", x + 12, y + h - 52, w - 24, 42, t("intro_ok"), bg="#8D3B2F", size=16)
