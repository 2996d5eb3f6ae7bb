"""Editor panel: layers, layer-aware tools, tool options, the selected cell, level properties,
file operations and the live validation list (clicking a message selects its cell)."""

from __future__ import annotations

from typing import Any

from engine.reactor.presentation import LAYERS, editor_tools

from .render import COL

TEXT, DIM, BAD, WARN, OK = "#ECEFF1", "#90A4AE", "#FF5252", "#FFCA28", "#69F0AE"
LAYER_COL = {"surface": "#455A64", "fuel": COL["fuel"], "coolant": COL["coolant"], "electricity": "#9E8A00"}


def _row(
    g: Any, items: list[tuple[str, str, bool]], x: float, y: float, w: float, h: float, cols: int
) -> float:
    bw = (w - (cols - 1) * 4) / cols
    for k, (bid, label, active) in enumerate(items):
        bx = x + (k % cols) * (bw + 4)
        by = y + (k // cols) * (h + 4)
        g.button(bid, bx, by, bw, h, label, size=12, bg="#1C2A35", active=active)
    rows = (len(items) + cols - 1) // cols
    return y + rows * (h + 4)


def draw_panel(g: Any, ed: Any, lay: Any) -> None:
    t = ed.t
    doc = ed.doc
    x, y, w = lay.px, lay.py, lay.pw
    bottom = lay.py + lay.ph
    g.rect(x - 4, y - 4, w + 8, lay.ph + 8, "#101820")
    bh = 26.0
    # layers (with their colour as a strip)
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
            bg="#1C2A35",
            active=ed.layer == layer,
        )
    y += bh + 10
    tools = list(editor_tools(ed.layer)) + (["robot"] if ed.layer == "surface" else [])
    y = _row(g, [(f"tool:{tl}", t("tool_" + tl), ed.tool == tl) for tl in tools], x, y, w, bh, 4)
    opts: list[tuple[str, str, bool]] = []
    if ed.tool == "prop":
        opts.append(("propkind", t("kind").format(v=t("pk_" + ed.prop_kind)), False))
        if ed.prop_kind == "supply":
            opts.append(("supplyitem", t("item").format(v=t("q_" + ed.supply_item)), False))
    elif ed.tool == "hazard":
        opts.append(("hazardq", t("element").format(v=t("q_" + ed.hazard_q)), False))
    if opts:
        y = _row(g, opts, x, y + 2, w, bh, 2)
    hint = t("hint_" + ("outlets" if ed.outlet_mode else ed.tool))
    g.text(x + 2, y + 12, hint, DIM, g.fit_text(hint, w - 4, 11, False, 8))
    y += 18
    # selected cell
    if ed.selected is not None and ed.selected[0] < doc.w and ed.selected[1] < doc.h:
        sx, sy = ed.selected
        p = doc.prop(sx, sy)
        terr = "#" if doc.wall(sx, sy) else "."
        desc = t("cell").format(x=sx, y=sy, t=terr)
        if p is not None:
            desc += f" · {p['kind']}" + (
                f" {p.get('carrier') or p.get('item') or ''}" if p["kind"] in ("flow", "supply") else ""
            )
        if ed.layer != "surface":
            u = doc.under(ed.layer, sx, sy)
            if u is not None:
                integ = u.get("integrity")
                desc += f" · {ed.layer} {u.get('state', 'intact')} i{10 if integ is None else integ}"
        g.text(x + 2, y + 13, desc, TEXT, g.fit_text(desc, w - 4, 13, True), True)
        y += 18
        ops: list[tuple[str, str, bool]] = []
        if ed.layer == "surface":
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
                        ("cell:outlets", t("outlets_on") if ed.outlet_mode else t("outlets"), ed.outlet_mode)
                    )
                ops.append(("cell:removeprop", t("removeprop"), False))
            if doc.surface(sx, sy) is not None:
                ops.append(("cell:clearsurface", t("clearsurface"), False))
        elif doc.under(ed.layer, sx, sy) is not None:
            ops += [("cell:integ-", t("integ-"), False), ("cell:integ+", t("integ+"), False)]
            ops.append(("cell:leak", t("leak"), doc.leak(ed.layer, sx, sy) is not None))
            if doc.leak(ed.layer, sx, sy) is not None and doc.wall(sx, sy):
                ops.append(("cell:face", t("face"), False))
        if ops:
            y = _row(g, ops, x, y, w, bh, 3)
        y += 2
    # level properties
    title = t("title").format(v=doc.data["meta"]["title"])
    g.text(x + 2, y + 15, title, TEXT, g.fit_text(title, w - 168, 13, True), True)
    g.button("goal", x + w - 162, y, 58, bh - 2, t("goal"), size=12, bg="#1C2A35")
    g.button("rename", x + w - 100, y, 100, bh - 2, t("rename"), size=12, bg="#1C2A35")
    y += bh + 2
    size = t("size").format(w=doc.w, h=doc.h)
    g.text(x + 2, y + 15, size, TEXT, 13)
    sx0 = x + w - 4 * 38
    for k, (bid, label) in enumerate(
        (("size:-1,0", "W−"), ("size:1,0", "W+"), ("size:0,-1", "H−"), ("size:0,1", "H+"))
    ):
        g.button(bid, sx0 + k * 38, y, 34, bh - 2, label, size=12, bg="#1C2A35")
    y += bh + 2
    g.text(x + 2, y + 15, t("required"), TEXT, 12)
    req = doc.data["requirements"]
    cx = max(x + g.measure(t("required"), 12) + 10, x + w - 3 * 70)
    for c in ("fuel", "coolant", "electricity"):
        g.circle(cx + 6, y + 11, 5, COL[c])
        g.text(cx + 14, y + 16, str(req.get(c, 0)), TEXT, 13, True)
        g.button(f"req:{c},-1", cx + 24, y, 20, bh - 2, "−", size=12, bg="#1C2A35")
        g.button(f"req:{c},1", cx + 46, y, 20, bh - 2, "+", size=12, bg="#1C2A35")
        cx += 70
    y += bh + 4
    files = [
        ("new", t("new"), False),
        ("export", t("export"), False),
        ("importfile", t("importfile"), False),
        ("share", t("share"), False),
        ("importcode", t("importcode"), False),
    ]
    y = _row(g, files, x, y, w, bh, 5 if lay.wide is False or w > 380 else 3)
    text, col = ed.msg
    if text:
        for line in g.wrap(text, w - 4, 12)[:3]:
            g.text(x + 2, y + 12, line, col, 12, True)
            y += 15
    # validation
    ed.rows = []
    y += 4
    if doc.ok:
        g.text(x + 2, y + 13, t("valid_ok"), OK, 13, True)
    else:
        g.text(x + 2, y + 13, t("errors").format(n=len(doc.errors)), BAD, 13, True)
    y += 18
    items = [(m, ex, ey, BAD) for m, ex, ey in doc.errors]
    if doc.warnings:
        items.append((t("warnings").format(n=len(doc.warnings)), None, None, DIM))
        items += [(m, ex, ey, WARN) for m, ex, ey in doc.warnings]
    for msg, ex, ey, color in items:
        if y + 16 > bottom:
            break
        label = msg if ex is None else f"({ex},{ey}) {msg}"
        g.text(x + 4, y + 12, label, color, g.fit_text(label, w - 8, 12, False, 8))
        ed.rows.append((x, y, w, 16, ex, ey))
        y += 16
