"""Editor panel: tabs (Edit: layers, layer-aware tools, the selected cell; Level: title, goal,
author, difficulty, size, required counts, start inventory, heat immunity; Saved: the levels in
this browser with open/rename/delete), the file row, the last message and the live validation list
(clicking a message selects its cell)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.reactor.balance import CARRIERS
from engine.reactor.presentation import LAYERS, editor_tools

from .edoc import DIFFICULTIES, INV_ITEMS, QUANT
from .eview import draw_badge_for
from .sprites import COL, SURF_COL

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

    from .layout import Layout
    from .parts import EditorView

TEXT, DIM, BAD, WARN, OK = "#ECEFF1", "#90A4AE", "#FF5252", "#FFCA28", "#69F0AE"
BTN = "#1C2A35"
LAYER_COL = {"surface": "#455A64", "fuel": COL["fuel"], "coolant": COL["coolant"], "electricity": "#9E8A00"}
TABS = ("edit", "level", "saved")
INV_COL = {
    "fuel_neutralizer": SURF_COL["fuel"],
    "coolant_neutralizer": SURF_COL["coolant"],
    "electricity_neutralizer": SURF_COL["electricity"],
    "heat_shield": SURF_COL["heat"],
}


def _row(
    g: Gfx,
    items: list[tuple[str, str, bool]],
    x: float,
    y: float,
    w: float,
    h: float,
    cols: int,
    icon: Any = None,
) -> float:
    bw = (w - (cols - 1) * 4) / cols
    for k, (bid, label, active) in enumerate(items):
        bx = x + (k % cols) * (bw + 4)
        by = y + (k // cols) * (h + 4)
        if icon is not None and bw >= 70:  # a tool badge (image key or drawn) left of the label
            g.button(bid, bx, by, bw, h, "   " + label, size=12, bg=BTN, active=active)
            icon(bid, bx + 4, by + (h - 14) / 2, 14.0)
        else:
            g.button(bid, bx, by, bw, h, label, size=12, bg=BTN, active=active)
    rows = (len(items) + cols - 1) // cols
    return y + rows * (h + 4)


def counter(
    g: Gfx, bid: str, x: float, y: float, w: float, label: str, value: str, color: str = TEXT
) -> None:
    """``label value [−][+]`` in a cell ``w`` wide; buttons ``<bid>,-1`` and ``<bid>,1``."""
    bw = 26.0
    g.rect(x, y + 4, 4, 18, color)
    lw = w - 2 * bw - 8 - 10 - g.measure(value, 13, True) - 6
    g.text(x + 8, y + 17, label, TEXT, g.fit_text(label, max(20.0, lw), 12, False, 8))
    g.text(x + w - 2 * bw - 8, y + 17, value, TEXT, 13, True, "right")
    g.button(f"{bid},-1", x + w - 2 * bw - 2, y + 1, bw, 24, "−", size=14, bg=BTN)
    g.button(f"{bid},1", x + w - bw, y + 1, bw, 24, "+", size=14, bg=BTN)


def _grid(g: Gfx, items: list[tuple[str, str, str, str]], x: float, y: float, w: float) -> float:
    cols = 2 if w >= 300 else 1
    cw = (w - 10 * (cols - 1)) / cols
    for k, (bid, label, value, color) in enumerate(items):
        counter(g, bid, x + (k % cols) * (cw + 10), y + (k // cols) * 28, cw, label, value, color)
    return y + ((len(items) + cols - 1) // cols) * 28 + 2


def draw_panel(g: Gfx, ed: EditorView, lay: Layout) -> None:
    t = ed.t
    x, y, w = lay.px, lay.py, lay.pw
    bottom = lay.py + lay.ph
    g.rect(x - 4, y - 4, w + 8, lay.ph + 8, "#101820")
    n_saved = len(ed.app.ui.custom.levels)
    labels = {"edit": t("tab_edit"), "level": t("tab_level"), "saved": t("tab_saved").format(n=n_saved)}
    y = _row(g, [(f"tab:{k}", labels[k], ed.ui.tab == k) for k in TABS], x, y, w, 28, 3)
    g.rect(x, y - 2, w, 2, "#FFE0B2")
    y += 4
    if ed.ui.tab == "level":
        y = _level(g, ed, x, y, w)
    elif ed.ui.tab == "saved":
        y = _saved(g, ed, x, y, w, bottom - 200)
    else:
        y = _edit(g, ed, x, y, w)
    y += 2
    files = [
        ("new", t("new"), False),
        ("export", t("export"), False),
        ("importfile", t("importfile"), False),
        ("share", t("share"), False),
        ("importcode", t("importcode"), False),
    ]
    y = _row(g, files, x, y, w, 26, 5 if w > 300 else 3)
    text, col = ed.ui.msg
    if text:
        lines = g.wrap(text, w - 4, 12, True)
        if len(lines) > 6:  # long import problems: six lines, the last one marked as cut
            lines = lines[:5] + [lines[5].rstrip() + " …"]
        for line in lines:
            g.text(x + 2, y + 12, line, col, 12, True)
            y += 15
    _validation(g, ed, x, y + 4, w, bottom)


def _edit(g: Gfx, ed: EditorView, x: float, y: float, w: float) -> float:
    t, doc = ed.t, ed.doc
    bh = 26.0
    bw = (w - 12) / 4
    for k, layer in enumerate(LAYERS):
        bx = x + k * (bw + 4)
        g.rect(bx, y, bw, 4, LAYER_COL[layer])
        g.button(
            f"layer:{layer}",
            bx,
            y + 4,
            bw,
            bh,
            t("layer_" + layer),
            size=12,
            bg=BTN,
            active=ed.ui.layer == layer,
        )
    y += bh + 10
    tools = list(editor_tools(ed.ui.layer)) + (["robot"] if ed.ui.layer == "surface" else [])

    def icon(bid: str, ix: float, iy: float, size: float) -> None:
        tool = bid[5:]
        if tool != "cursor":
            draw_badge_for(g, ed, tool, ix, iy, size)

    y = _row(g, [(f"tool:{tl}", t("tool_" + tl), ed.ui.tool == tl) for tl in tools], x, y, w, bh, 4, icon)
    opts: list[tuple[str, str, bool]] = []
    if ed.ui.tool == "prop":
        opts.append(("propkind", t("kind").format(v=t("pk_" + ed.ui.prop_kind)), False))
        if ed.ui.prop_kind == "supply":
            opts.append(("supplyitem", t("item").format(v=t("q_" + ed.ui.supply_item)), False))
    elif ed.ui.tool == "hazard":
        opts.append(("hazardq", t("element").format(v=t("q_" + ed.ui.hazard_q)), False))
    if opts:
        y = _row(g, opts, x, y + 2, w, bh, 2)
    hint = t("hint_" + ("outlets" if ed.ui.outlet_mode else ed.ui.tool)) + " " + t("keys")
    for line in g.wrap(hint, w - 4, 11)[:4]:  # the tool hint and every key (EN and RU)
        g.text(x + 2, y + 12, line, DIM, 11)
        y += 14
    y += 4
    if ed.ui.selected is None or ed.ui.selected[0] >= doc.w or ed.ui.selected[1] >= doc.h:
        return y
    sx, sy = ed.ui.selected
    p = doc.prop(sx, sy)
    wall = doc.wall(sx, sy)
    desc = t("cell").format(x=sx, y=sy, t=t("wall") if wall else t("floor"))
    if p is not None:
        desc += " · " + t("pk_" + p["kind"])
        if p["kind"] == "flow":
            desc += " " + t("q_" + p["carrier"])
        if p["kind"] == "supply":
            desc += " " + t("q_" + p["item"])
    if ed.ui.layer != "surface":
        u = doc.under(ed.ui.layer, sx, sy)
        if u is not None:
            integ = u.get("integrity")
            state = t("leaking") if u.get("state") == "leaking" else t("intact")
            desc += (
                f" · {t('layer_' + ed.ui.layer)} {state}, {t('integrity')} {10 if integ is None else integ:g}"
            )
    g.text(x + 2, y + 13, desc, TEXT, g.fit_text(desc, w - 4, 13, True), True)
    y += 18
    ops: list[tuple[str, str, bool]] = []
    if ed.ui.layer == "surface":
        if p is not None:
            k = p["kind"]
            if k in ("flow", "consumer"):
                ops.append(("cell:enabled", t("enabled"), not p.get("enabled", True)))
            if k == "door":
                ops.append(("cell:open", t("open"), bool(p.get("open"))))
            if k == "junction":
                ops.append(("cell:ratio", f"{t('ratio')} {p.get('ratio_mode', 0)}", False))
            if k == "supply":
                ops.append(("cell:item", t("itemc"), False))
            if k == "valve":
                ops.append(
                    (
                        "cell:outlets",
                        t("outlets_on") if ed.ui.outlet_mode else t("outlets"),
                        ed.ui.outlet_mode,
                    )
                )
            ops.append(("cell:removeprop", t("removeprop"), False))
        if doc.surface(sx, sy) is not None:
            ops.append(("cell:clearsurface", t("clearsurface"), False))
    elif doc.under(ed.ui.layer, sx, sy) is not None:
        ops += [("cell:integ-", t("integ-"), False), ("cell:integ+", t("integ+"), False)]
        ops.append(("cell:leak", t("leak"), doc.leak(ed.ui.layer, sx, sy) is not None))
        if doc.leak(ed.ui.layer, sx, sy) is not None and wall:
            ops.append(("cell:face", t("face"), False))
    if ops:
        y = _row(g, ops, x, y, w, bh, 3)
    if ed.ui.layer == "surface" and not wall:
        s = doc.surface(sx, sy) or {}
        blocks = s.get("blocks") or {}
        g.text(x + 2, y + 12, t("surface_vals"), DIM, 11)
        y += 15
        items = [
            (f"sq:{q}", t("q_" + q if q != "heat" else "heat"), f"{float(s.get(q, 0.0)):.1f}", SURF_COL[q])
            for q in QUANT
        ]
        items += [(f"blk:{e}", t("block_" + e), str(int(blocks.get(e, 0))), COL[e]) for e in CARRIERS]
        y = _grid(g, items, x, y, w)
    return y


def _level(g: Gfx, ed: EditorView, x: float, y: float, w: float) -> float:
    t, doc = ed.t, ed.doc
    meta = doc.data["meta"]
    bh = 24.0

    def line(label: str, value: str, bid: str, btn: str) -> None:
        nonlocal y
        txt = f"{label}: {value}" if value else f"{label}: —"
        g.text(x + 2, y + 16, txt, TEXT, g.fit_text(txt, w - 112, 13, True), True)
        g.button(bid, x + w - 104, y, 104, bh, btn, size=12, bg=BTN)
        y += bh + 4

    line(t("title_l"), meta.get("title", ""), "rename", t("rename"))
    line(t("author"), meta.get("author", ""), "author", t("edit"))
    goal = meta.get("description", "")
    g.text(x + 2, y + 16, t("goal") + ":", TEXT, 13, True)
    g.button("goal", x + w - 104, y, 104, bh, t("edit"), size=12, bg=BTN)
    y += bh + 2
    for ln in g.wrap(goal, w - 8, 12)[:3] if goal else [t("no_goal")]:
        g.text(x + 6, y + 11, ln, DIM, 12)
        y += 15
    y += 4
    g.text(x + 2, y + 16, t("difficulty"), TEXT, 13, True)
    lw = g.measure(t("difficulty"), 13, True) + 10
    dw = (w - lw - 8) / len(DIFFICULTIES)
    for k, d in enumerate(DIFFICULTIES):
        g.button(
            f"diff:{d}",
            x + lw + k * (dw + 4),
            y,
            dw,
            bh,
            t("diff_" + d),
            size=12,
            bg=BTN,
            active=doc.difficulty == d,
        )
    y += bh + 6
    size = t("size").format(w=doc.w, h=doc.h)
    g.text(x + 2, y + 16, size, TEXT, 13, True)
    sx0 = x + w - 4 * 42 + 4
    for k, (bid, label) in enumerate(
        (
            ("size:-1,0", t("w") + "−"),
            ("size:1,0", t("w") + "+"),
            ("size:0,-1", t("h") + "−"),
            ("size:0,1", t("h") + "+"),
        )
    ):
        g.button(bid, sx0 + k * 42, y, 38, bh, label, size=12, bg=BTN)
    y += bh + 8
    g.text(x + 2, y + 10, t("required"), DIM, 11)
    y += 14
    req = doc.data["requirements"]
    y = _grid(
        g,
        [(f"req:{c}", t("layer_" + c), str(req.get(c, 0)), COL[c]) for c in CARRIERS],
        x,
        y,
        w,
    )
    inv = doc.inventory
    head = t("inventory").format(n=doc.inventory_total, cap=doc.capacity)
    g.text(x + 2, y + 10, head, WARN if doc.inventory_total > doc.capacity else DIM, 11)
    y += 14
    y = _grid(g, [(f"inv:{k}", t("inv_" + k), str(inv[k]), INV_COL[k]) for k in INV_ITEMS], x, y, w)
    imm = int(doc.data["robot"].get("heat_immunity", 0))
    counter(g, "imm:x", x, y, w, t("immunity"), str(imm), SURF_COL["heat"])
    y += 30
    return y


def _saved(g: Gfx, ed: EditorView, x: float, y: float, w: float, end: float) -> float:
    t = ed.t
    levels = ed.app.ui.custom.levels
    if not levels:
        for ln in g.wrap(t("no_saved"), w - 4, 12):
            g.text(x + 2, y + 13, ln, DIM, 12)
            y += 16
        return y + 4
    ids = sorted(levels)
    rh = 30.0
    fit = max(1, int((end - y - 30) // rh))
    ed.ui.saved_top = max(0, min(ed.ui.saved_top, len(ids) - fit))
    shown = ids[ed.ui.saved_top : ed.ui.saved_top + fit]
    bw = 64.0 if w >= 330 else 56.0
    for lid in shown:
        meta = levels[lid].get("meta", {})
        title = str(meta.get("title", lid))
        cur = lid == ed.doc.data["meta"]["id"]
        label = f"{title} ({lid})"
        g.rect(x, y, w, rh - 4, "#16222C" if not cur else "#1E3440")
        g.text(x + 6, y + 17, label, TEXT, g.fit_text(label, w - 3 * (bw + 4) - 10, 12, True, 8), True)
        bx = x + w - 3 * (bw + 4) + 4
        g.button(f"open:{lid}", bx, y, bw, rh - 4, t("open_lv"), size=12, bg=BTN)
        g.button(f"relabel:{lid}", bx + bw + 4, y, bw, rh - 4, t("rename_lv"), size=12, bg=BTN)
        g.button(f"delete:{lid}", bx + 2 * (bw + 4), y, bw, rh - 4, t("delete"), size=12, bg="#3A1C1C")
        y += rh
    if len(ids) > fit:
        g.text(
            x + 2,
            y + 14,
            t("saved_range").format(a=ed.ui.saved_top + 1, b=ed.ui.saved_top + len(shown), n=len(ids)),
            DIM,
            12,
        )
        g.button("saved:-1", x + w - 84, y, 40, 24, "▲", size=12, bg=BTN, enabled=ed.ui.saved_top > 0)
        g.button(
            "saved:1", x + w - 40, y, 40, 24, "▼", size=12, bg=BTN, enabled=ed.ui.saved_top + fit < len(ids)
        )
        y += 28
    return y + 2


def _validation(g: Gfx, ed: EditorView, x: float, y: float, w: float, bottom: float) -> None:
    t, doc = ed.t, ed.doc
    ed.rows = []
    if doc.ok:
        g.text(x + 2, y + 13, t("valid_ok"), OK, 13, True)
    else:
        g.text(x + 2, y + 13, t("errors").format(n=len(doc.errors)), BAD, 13, True)
    y += 18
    line, col = ed.solver_text()
    if line:  # the live solver (``esolve``): solvable in N pulses / no win found
        g.text(x + 2, y + 12, line, col, g.fit_text(line, w - 4, 12, True, 9), True)
        y += 16
    items = [(ed.issue_text(m), ex, ey, BAD) for m, ex, ey in doc.errors]
    if doc.warnings:
        items.append((t("warnings").format(n=len(doc.warnings)), None, None, DIM))
        items += [(ed.issue_text(m), ex, ey, WARN) for m, ex, ey in doc.warnings]
    for msg, ex, ey, color in items:
        label = msg if ex is None else f"({ex},{ey}) {msg}"
        lines = g.wrap(label, w - 8, 12)  # a long message wraps (two lines at most, cut with "…")
        if len(lines) > 2:
            lines = [lines[0], lines[1].rstrip(" ,") + " …"]
        if y + 15 * len(lines) + 1 > bottom:
            break
        for k, line in enumerate(lines):
            g.text(x + 4, y + 12 + 15 * k, line, color, 12)
        ed.rows.append((x, y, w, 15 * len(lines) + 1, ex, ey))
        y += 15 * len(lines) + 1


def draw_confirm(g: Gfx, ed: EditorView) -> None:
    """The delete confirmation, modal: only its two buttons answer (Enter = delete, Esc = cancel)."""
    t = ed.t
    lid = ed.ui.confirm or ""
    title = str(ed.app.ui.custom.levels.get(lid, {}).get("meta", {}).get("title", lid))
    g.regions.clear()
    g.rect(0, 0, g.width, g.height, "rgba(0,0,0,0.55)")
    w = min(420.0, g.width - 24)
    lines = g.wrap(t("confirm_delete").format(t=title, id=lid), w - 28, 14)
    h = 70 + 20 * len(lines) + 40
    x, y = (g.width - w) / 2, max(60.0, (g.height - h) / 2)
    g.rect(x, y, w, h, "#141E27")
    g.frame(x, y, w, h, BAD, 2)
    g.text(x + 14, y + 28, t("confirm_title"), BAD, 17, True)
    for k, ln in enumerate(lines):
        g.text(x + 14, y + 56 + 20 * k, ln, TEXT, 14)
    by = y + h - 48
    g.button("confirm:yes", x + 14, by, (w - 42) / 2, 34, t("delete_yes") + " [Enter]", size=13, bg="#7F1D1D")
    g.button(
        "confirm:no", x + 28 + (w - 42) / 2, by, (w - 42) / 2, 34, t("cancel") + " [Esc]", size=13, bg=BTN
    )
