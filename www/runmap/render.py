"""Drawing the run: the cached map layer, live highlights, top bar and the info panel."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from gwweb.shared import chrome
from gwweb.shared.canvas import Gfx, Region

from engine.runmap import MapLayout, NodeType, RunState
from engine.runmap import rules as R

from . import cards, icons, layout

BG = "#2E1F1A"
MAP_BG = "#3A2A22"
INK = "#FFE0B2"
MUTED = "#BCAAA4"
GOOD = "#A5D6A7"
BAD = "#FF8A65"
GOLD = "#FFD54F"
ACT_TINT = ("#3A2A22", "#2F2A33", "#2A3330")

T = Callable[..., str]


class MapLayer:
    """The static part of the map (bands, edges, badges, visited path) on an offscreen canvas."""

    def __init__(self) -> None:
        self.key: tuple[float, float, float, int, tuple[int, ...], str] | None = None
        self.g: Gfx | None = None

    def get(self, g: Gfx, f: layout.Frame, lay: MapLayout, path: tuple[int, ...], t: T) -> Gfx:
        key = (f.map.w, f.content_h, f.node_r, id(lay), path, t("act_n", act=1))
        if key != self.key or self.g is None:
            self.key = key
            if self.g is None or self.g.width != f.map.w or self.g.height != f.content_h:
                self.g = g.layer(f.map.w, f.content_h)
            self._draw(self.g, f, lay, path, t)
        assert self.g is not None
        return self.g

    def _draw(self, lg: Gfx, f: layout.Frame, lay: MapLayout, path: tuple[int, ...], t: T) -> None:
        lg.begin_frame()
        lg.clear(MAP_BG)
        xy = {n.index: layout.content_xy(f, n) for n in lay.nodes}
        # act bands (full run) and layer guides
        acts = sorted({n.act for n in lay.nodes})
        if len(acts) > 1:
            for a in acts:
                ls = [n.layer for n in lay.nodes if n.act == a]
                y_top = f.content_h - layout.PAD_Y - max(ls) * f.spacing - f.spacing / 2
                y_bot = f.content_h - layout.PAD_Y - min(ls) * f.spacing + f.spacing / 2
                lg.rect(0, y_top, f.map.w, y_bot - y_top, ACT_TINT[(a - 1) % 3])
                lg.text(
                    10, y_top + 16, t("act_n", act=a), MUTED, 12, bold=True
                )  # clear of the phone legend button
        for layer_i in range(lay.layer_count):
            y = f.content_h - layout.PAD_Y - layer_i * f.spacing
            lg.line(8, y, f.map.w - 8, y, "rgba(255,224,178,0.05)", 1)
            lg.text(f.map.w - 8, y - 4, str(layer_i + 1), "rgba(255,224,178,0.28)", 11, align="right")
        walked = set(zip(path, path[1:], strict=False))
        lg.line_dash([6, 6])
        for e in lay.edges:
            (x1, y1), (x2, y2) = xy[e.from_index], xy[e.to_index]
            if (e.from_index, e.to_index) not in walked:
                lg.line(x1, y1, x2, y2, "rgba(255,224,178,0.35)", 2)
        lg.line_dash(None)
        for e in lay.edges:
            (x1, y1), (x2, y2) = xy[e.from_index], xy[e.to_index]
            if (e.from_index, e.to_index) in walked:
                lg.line(x1, y1, x2, y2, GOLD, 4)
        on_path = set(path)
        for n in lay.nodes:
            x, y = xy[n.index]
            r = layout.node_radius(f, n)
            icons.badge(lg, x, y, r, n.node_type.value, n.guardian_id, dim=n.visited and n.index != path[-1])
            if n.index in on_path:
                lg.circle(x, y, r + 3, stroke=GOLD, width=2)


def draw_map(
    g: Gfx,
    cache: MapLayer,
    f: layout.Frame,
    s: RunState,
    scroll: float,
    t: T,
    *,
    hover: int | None,
    focus: int | None,
    aim: int | None,
    pulse: float,
    selectable: bool,
    wishes: dict[int, list[int]] | None = None,
) -> None:
    lay = s.layout
    lg = cache.get(g, f, lay, s.path, t)
    # blit the visible slice of the cached map
    top = f.content_h - f.map.h - scroll  # content y at the top of the view
    src_y = max(0.0, top)
    h = min(f.map.h, f.content_h - src_y)
    g.blit_part(lg, 0, src_y, f.map.w, h, f.map.x, f.map.y + (src_y - top))
    avail = [n.index for n in s.available_nodes()]
    cur = s.current_node_index
    if cur >= 0:
        for i in avail:
            (x1, y1), (x2, y2) = (
                layout.node_xy(f, lay.nodes[cur], scroll),
                layout.node_xy(f, lay.nodes[i], scroll),
            )
            g.line(x1, y1, x2, y2, "rgba(255,213,79,0.8)" if selectable else "rgba(255,224,178,0.6)", 3)
        cn = lay.nodes[cur]
        x, y = layout.node_xy(f, cn, scroll)
        r = layout.node_radius(f, cn)
        icons.badge(g, x, y, r, cn.node_type.value, cn.guardian_id)
        g.circle(x, y, r + 7, stroke="#FFFFFF", width=3)
    for i in avail:
        n = lay.nodes[i]
        x, y = layout.node_xy(f, n, scroll)
        r = layout.node_radius(f, n)
        icons.badge(g, x, y, r, n.node_type.value, n.guardian_id)
        g.alpha(0.55 + 0.45 * pulse)
        g.circle(x, y, r + 5 + 3 * pulse, stroke=GOLD, width=3)
        g.alpha(1.0)
    for idx, color, width in ((hover, "#FFFFFF", 2), (focus, "#FFF59D", 4)):
        if idx is not None and 0 <= idx < len(lay.nodes):
            n = lay.nodes[idx]
            x, y = layout.node_xy(f, n, scroll)
            g.circle(x, y, layout.node_radius(f, n) + 11, stroke=color, width=width)
    if aim is not None and 0 <= aim < len(lay.nodes):
        n = lay.nodes[aim]
        x, y = layout.node_xy(f, n, scroll)
        r = layout.node_radius(f, n)
        g.poly([(x, y - r - 6), (x - 8, y - r - 20), (x + 8, y - r - 20)], fill="#80DEEA", stroke="#00363A")
    for node, seats in (wishes or {}).items():  # the party's wishes: one tag per player, right of the node
        if 0 <= node < len(lay.nodes):
            n = lay.nodes[node]
            x, y = layout.node_xy(f, n, scroll)
            r = layout.node_radius(f, n)
            for k, seat in enumerate(seats):
                tx, ty = x + r + 6 + k * 30, y - 9
                g.round_rect(tx, ty, 28, 18, 9, fill="#00363A", stroke="#80DEEA")
                g.text(tx + 14, ty + 13, t("p_n", n=seat + 1), "#80DEEA", 12, align="center", bold=True)
    # scroll hints at the left edge: more map above / below
    hx = f.map.x + f.map.w - 44
    if scroll < f.max_scroll - 1:
        g.poly(
            [(hx - 10, f.map.y + 20), (hx + 10, f.map.y + 20), (hx, f.map.y + 7)],
            fill="rgba(255,224,178,0.7)",
        )
    if scroll > 1:
        yb = f.map.y + f.map.h
        g.poly([(hx - 10, yb - 20), (hx + 10, yb - 20), (hx, yb - 7)], fill="rgba(255,224,178,0.7)")


def glyph(kind: str) -> chrome.Glyph:
    """Run Map's drawn icons for the shared top bar: menu, share, sound on/off."""

    def draw(g: Gfx, x: float, y: float, w: float, h: float) -> None:
        cx, cy, s = x + w / 2, y + h / 2, min(w, h) * 0.28
        if kind == "menu":
            for k in (-1, 0, 1):
                g.line(cx - s, cy + k * s * 0.7, cx + s, cy + k * s * 0.7, INK, 2.5)
        elif kind == "share":
            pts = [(cx + s * 0.8, cy - s * 0.8), (cx - s * 0.8, cy), (cx + s * 0.8, cy + s * 0.8)]
            g.line(*pts[0], *pts[1], INK, 2)
            g.line(*pts[1], *pts[2], INK, 2)
            for px, py in pts:
                g.circle(px, py, s * 0.32, fill=INK)
        else:
            g.poly(
                [
                    (cx - s, cy - s * 0.4),
                    (cx - s * 0.4, cy - s * 0.4),
                    (cx + s * 0.2, cy - s),
                    (cx + s * 0.2, cy + s),
                    (cx - s * 0.4, cy + s * 0.4),
                    (cx - s, cy + s * 0.4),
                ],
                fill=INK,
            )
            if kind == "sound":
                g.line(cx + s * 0.55, cy - s * 0.45, cx + s * 0.55, cy + s * 0.45, INK, 2)
                g.line(cx + s * 0.9, cy - s * 0.8, cx + s * 0.9, cy + s * 0.8, INK, 2)
            else:
                g.line(cx + s * 0.45, cy - s * 0.5, cx + s * 1.05, cy + s * 0.5, BAD, 2.5)
                g.line(cx + s * 0.45, cy + s * 0.5, cx + s * 1.05, cy - s * 0.5, BAD, 2.5)

    return draw


THEME = chrome.Theme(fg=INK, dim=MUTED, bar="#1F1411", good=GOOD, bad=BAD, button_bg="#4E342E")
"""Run Map's colours for the shared chrome."""
CARD_THEME = replace(
    THEME, card="#4E342E", card_fg=INK, button_bg="#6D4C41", dim_page="#000000", dim_alpha=0.62
)
"""The end-of-run card: the dialogs' box and button colours over a darkened map."""


def top_bar(
    g: Gfx, f: layout.Frame, t: T, *, muted: bool, lang_label: str, status: str, run: bool, home: bool = True
) -> None:
    """The shared top bar: home, title, status and Run Map's menu, share, language and sound."""
    bar = []
    if run:
        bar += [
            chrome.BarButton("menu", t("menu"), glyph=glyph("menu")),
            chrome.BarButton("share", t("share"), glyph=glyph("share")),
        ]
    bar += [
        chrome.BarButton("lang", lang_label),
        chrome.BarButton("mute", "", glyph=glyph("muted" if muted else "sound")),
    ]
    chrome.top_bar(
        g,
        THEME,
        t("title"),
        bar,
        phone=f.phone,
        status=status,
        status_color=MUTED,
        home=home,
        h=layout.TOP_H,
        bw=40,
    )


def hp_bar(g: Gfx, x: float, y: float, w: float, h: float, hp: int, mx: int) -> None:
    g.rect(x, y, w, h, "#1F1411")
    frac = 0 if mx <= 0 else max(0.0, min(1.0, hp / mx))
    g.rect(x, y, w * frac, h, GOOD if frac > 0.5 else ("#FFCC80" if frac > 0.25 else BAD))
    g.frame(x + 0.5, y + 0.5, w - 1, h - 1, "rgba(255,224,178,0.5)", 1)


def party_rows(
    g: Gfx, x: float, y: float, w: float, s: RunState, t: T, me: int | None, compact: bool
) -> float:
    """Party HP rows; returns the y below them."""
    rh = 18 if compact else 24
    for p in s.players:
        tags = []
        if s.host == p.seat:
            tags.append(t("host"))
        if me == p.seat:
            tags.append(t("you"))
        if p.seat not in s.connected and len(s.players) > 1 and me is not None:
            tags.append(t("away"))
        label = t("p_n", n=p.seat + 1) + (f" ({', '.join(tags)})" if tags else "")
        lw = min(w * 0.42, 130)
        g.text(x, y + rh * 0.62, label, INK, g.fit_text(label, lw - 4, 13 if not compact else 12, min_size=9))
        hp_bar(g, x + lw, y + 3, w - lw - 62, rh - 8, p.hp, p.max_hp)
        g.text(x + w, y + rh * 0.62, t("hp", hp=p.hp, max=p.max_hp), INK, 12, align="right")
        y += rh
    return y


def node_details(g: Gfx, x: float, y: float, w: float, s: RunState, idx: int, t: T, lines_max: int) -> float:
    """Type, floor and encounter of node ``idx``; returns the y below."""
    n = s.layout.nodes[idx]
    kind = n.node_type.value
    icons.badge(g, x + 14, y + 12, 13, kind, n.guardian_id)
    title = t(kind) + (f" — {t(n.guardian_id)}" if n.guardian_id else "")
    g.text(x + 34, y + 17, title, INK, g.fit_text(title, w - 34, 15, True), bold=True)
    y += 32
    sub = t("floor_act", floor=n.floor, act=n.act) + (f" · {t('visited')}" if n.visited else "")
    g.text(x, y, sub, MUTED, 12)
    y += 18
    lines: list[str] = []
    if n.node_type == NodeType.REST:
        pct, hp = cards.rest_heal(s)
        lines.append(t("d_REST", pct=pct, hp=hp))
    else:
        lines.append(t("d_" + kind, base=R.TRAP_BASE, hp=R.MEMORY_MAX_HP))
    if n.guardian_id == "rng" and s.options.rules >= 2 and n.encounter_data is not None:
        lines.insert(0, t("d_rng", gold=n.encounter_data.gold))
    if n.encounter_data is not None:
        for e in n.encounter_data.enemies:
            lines.append("• " + t("enemy_line", name=t(e.enemy_id), hp=e.hp, dice=e.dice, bonus=e.bonus))
        lines.append(t("reward", gold=n.encounter_data.gold))
    for line in lines[:lines_max]:
        for part in g.wrap(line, w, 13)[:2]:
            g.text(x, y, part, INK, 13)
            y += 17
    return y


def legend(g: Gfx, x: float, y: float, w: float, kinds: list[str], t: T, cols: int) -> float:
    cw = w / cols
    for k, kind in enumerate(kinds):
        cx = x + (k % cols) * cw
        cy = y + (k // cols) * 26
        icons.badge(g, cx + 10, cy + 10, 10, kind, "")
        g.text(cx + 25, cy + 15, t(kind), INK, g.fit_text(t(kind), cw - 28, 12, min_size=8))
    return y + ((len(kinds) + cols - 1) // cols) * 26


class ScreenCache:
    """The last still run screen (map, panel, top bar, dialog) on an offscreen canvas with its
    buttons: a frame that changes none of what it shows (a toast fading, a hook's redraw) copies
    it instead of drawing it again (issue #20: a full redraw took 2-7 ms in the browser)."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] | None = None
        self.layer: Gfx | None = None
        self.regions: list[Region] = []
        self.mark = 0
