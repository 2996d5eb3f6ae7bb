"""The ship panel: planning controls for the active (human) ship, with live validation and preview."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gwweb.shared.canvas import Gfx

from engine.orbit.rules import MASS_MAX, REACTOR_UNITS, SPECS, SUB_INDEX, SUBSYSTEMS, WEAPONS, Burn, Subsystem

from . import threatview
from .cards import HEAT_SCALE, HULL_MAX
from .layout import Rect
from .orbitview import SHIP_COLORS, WEAPON_LINE
from .turnlog import log_panel, plan_text
from .widgets import BAD, DIM, FG, GOOD, HOT, PANEL, button2, gauge, swatch

if TYPE_CHECKING:
    from .host import OrbitHost


def _boxes(g: Gfx, x: float, y: float, bs: float, sub: Subsystem, committed: int, pending: int) -> float:
    spec = SPECS[sub]
    on = pending >= spec.minimum
    for u in range(spec.maximum):
        bx = x + u * (bs + 3)
        if u < min(committed, pending):
            g.rect(bx, y, bs, bs, "#FFB74D" if on else "#8D6E63")
        elif committed <= u < pending:
            g.rect(bx, y, bs, bs, "#81C784")
        elif pending <= u < committed:
            g.frame(bx + 1, y + 1, bs - 2, bs - 2, "#FF5252", 2)
            continue
        g.frame(bx + 0.5, y + 0.5, bs - 1, bs - 1, "rgba(255,224,178,0.5)", 1)
        if u >= spec.threshold:
            g.line(bx + 2, y + bs - 2, bx + bs - 2, y + 2, HOT, 1.5)
    # activation minimum: a notch under the box that switches the subsystem on
    mx = x + (spec.minimum - 1) * (bs + 3) + bs / 2
    g.poly([(mx, y + bs + 1), (mx - 4, y + bs + 6), (mx + 4, y + bs + 6)], fill=GOOD if on else DIM)
    return x + spec.maximum * (bs + 3)


TOUCH = 44.0
"""The smallest +/- button on a phone (px)."""


def _note_colour(heat: int, change: int, slugs: int | None) -> str:
    """A subsystem row's note: heat it makes, the energy change, a railgun's slugs (none left: red)."""
    if heat:
        return HOT
    if change:
        return GOOD if change > 0 else BAD
    return BAD if slugs == 0 else DIM if slugs is None else FG


def rail_note(
    note: str, slugs: int, label: str, measure: Callable[[str, float], float], size: float, room: float
) -> str:
    """The railgun row's note with a short supply's slugs left (rules 8): ``"+1 heat · 2 slugs"`` when
    it is narrower than ``room`` px at font ``size``, else the slugs alone (``label``, e.g. ``"2 slugs"``),
    else the bare number: a narrow row drops the heat or change note first, never the slugs."""
    full = f"{note} · {label}" if note else label
    if measure(full, size) < room:
        return full
    return label if measure(label, size) < room else str(slugs)


def plan_panel(app: OrbitHost, g: Gfx, rect: Rect) -> None:
    """Planning controls for the active (human) ship."""
    tr, pl, lay = app.tr, app.ui.planner, app.ui.layout
    assert pl is not None
    ship = pl.ship
    g.rect(rect.x, rect.y, rect.w, rect.h, PANEL)
    full = rect
    if lay.split:  # two columns: subsystems left, movement/fire/execute right
        rect = Rect(full.x, full.y, full.w / 2, full.h)
    pad = 8.0
    x0, w = rect.x + pad, rect.w - 2 * pad
    y = rect.y + 6
    rh, fs = lay.row, lay.font
    # header
    swatch(g, x0 + 7, y + 9, ship.id)
    facing = tr("facing_pro" if ship.facing.value == "pro" else "facing_retro")
    head = f"{app.ship_name(ship.id)} · R{ship.ring} S{ship.sector} · {facing}"
    g.text(x0 + 18, y + 14, head, FG, g.fit_text(head, w - 20, fs + 1, True), bold=True)
    y += 22
    budget = pl.budget()
    free, back = budget["reactor_free"], budget["returning"]
    gw3 = (w - 12) / 4
    # free now (allocatable this turn); energy being deallocated comes back only next turn
    label = tr("reactor", n=free, m=REACTOR_UNITS)
    gauge(g, x0, y, gw3, 16, free, REACTOR_UNITS, "#FFCA28", label, g.fit_text(label, gw3 - 4, 11))
    if back:
        bx = x0 + gw3 * min(1.0, free / REACTOR_UNITS)
        g.rect(bx, y + 12, gw3 * back / REACTOR_UNITS, 4, "#81C784")
    gauge(g, x0 + gw3 + 4, y, gw3, 16, ship.hull, HULL_MAX, "#66BB6A", f"{tr('hull')} {ship.hull}", 11)
    gauge(g, x0 + 2 * (gw3 + 4), y, gw3, 16, ship.heat, HEAT_SCALE, HOT, f"{tr('heat')} {ship.heat}", 11)
    gauge(g, x0 + 3 * (gw3 + 4), y, gw3, 16, ship.mass, MASS_MAX, "#4DB6AC", f"{tr('mass')} {ship.mass}", 11)
    y += 22
    # subsystems
    bs = min(18.0, rh - 10, w * 0.06)
    # a phone's touch targets: the selected row grows to TOUCH + 4 and carries 44 px +/- buttons;
    # the other rows are tapped to select it (issue 28)
    bw = TOUCH if lay.phone else min(40.0, rh + 8, w * 0.13)
    minus_x = rect.right - pad - 2 * bw - 4
    row_h = rh
    for i, sub in enumerate(SUBSYSTEMS):
        c, p = ship.alloc[i], pl.pending[i]
        sel = app.ui.sel == i
        rh = max(row_h, TOUCH + 4) if lay.phone and sel else row_h
        if sel:
            g.rect(rect.x + 2, y - 1, rect.w - 4, rh, "rgba(255,224,178,0.10)")
        lw = min(112.0, w * 0.32)
        tap_w = (minus_x - x0 - 4) if lay.phone and not sel else lw
        g.button(f"sel:{i}", x0, y + 1, tap_w, rh - 4, "", fg="rgba(0,0,0,0)")
        name = tr(f"sub_{sub.value}")
        on = p >= SPECS[sub].minimum
        g.text(
            x0 + 2,
            y + rh / 2,
            f"{i + 1} {name}",
            FG if on else DIM,
            g.fit_text(f"{i + 1} {name}", lw, fs),
            bold=on,
            baseline="middle",
        )
        bx = _boxes(g, x0 + lw + 4, y + (rh - bs) / 2 - 2, bs, sub, c, p)
        heat = budget["heat_by_sub"][sub.value]
        note = ""
        if heat:
            note = f"+{heat} {tr('heat').lower()}"
        elif p != c:
            note = f"{p - c:+d}"
        if sub is Subsystem.RAILGUN and ship.slugs is not None:  # rules 8: a short supply's slugs left
            room = minus_x - 2 - (bx + 4)
            note = rail_note(note, ship.slugs, tr("slugs", n=ship.slugs), g.measure, fs - 2, room)
        if note and bx + 4 + g.measure(note, fs - 2) < minus_x - 2:
            g.text(
                bx + 4,
                y + rh / 2,
                note,
                _note_colour(heat, p - c, ship.slugs if sub is Subsystem.RAILGUN else None),
                fs - 2,
                baseline="middle",
            )
        if sel or not lay.phone:
            g.button(f"sub:-:{sub.value}", rect.right - pad - 2 * bw - 4, y + 1, bw, rh - 4, "−", size=fs + 4)
            g.button(f"sub:+:{sub.value}", rect.right - pad - bw, y + 1, bw, rh - 4, "+", size=fs + 4)
        y += rh
    rh = max(row_h, TOUCH + 4) if lay.phone else row_h
    # venting and the return budget
    ret = pl.returned()
    g.text(x0 + 2, y + rh / 2, tr("vent", n=pl.vent), FG, fs, baseline="middle")
    back = budget["returning"]
    ret_txt = tr("returned", n=ret, m=budget["return_limit"]) + (
        " · " + tr("reactor_back", n=back) if back else ""
    )
    room = rect.right - pad - 2 * bw - 4 - (x0 + 80) - 4
    g.text(
        x0 + 80,
        y + rh / 2,
        ret_txt,
        BAD if ret >= budget["return_limit"] else GOOD if back else DIM,
        g.fit_text(ret_txt, room, fs - 1),
        baseline="middle",
    )
    g.button("vent:-", rect.right - pad - 2 * bw - 4, y + 1, bw, rh - 4, "−", size=fs + 4)
    g.button(
        "vent:+", rect.right - pad - bw, y + 1, bw, rh - 4, "+", size=fs + 4, enabled=ship.heat > pl.vent
    )
    y += rh + 2
    rh = row_h
    if lay.split:
        rect = Rect(full.x + full.w / 2, full.y, full.w / 2, full.h)
        x0, w = rect.x + pad, rect.w - 2 * pad
        y = rect.y + 6
    # movement
    mh = rh + 8
    bw4 = (w - 9) / 4
    button2(g, "burn:none", x0, y, bw4, mh, tr("coast"), "C", active=pl.burn is None, size=fs)
    dest = None
    for k, b in enumerate(Burn):
        need_ok = pl.pending[SUB_INDEX[Subsystem.ENGINES]] >= b.engines_needed and ship.mass >= b.mass_cost
        button2(
            g,
            f"burn:{b.value}",
            x0 + (k + 1) * (bw4 + 3),
            y,
            bw4,
            mh,
            tr(f"burn_{b.value}"),
            tr("burn_cost", e=b.engines_needed, m=b.mass_cost),
            active=pl.burn is b,
            size=fs,
            color=None if need_ok else DIM,
        )
    y += mh + 3
    dest = pl.burn_dest_ring()
    button2(
        g,
        "rot",
        x0,
        y,
        bw4,
        rh,
        tr("rotate") + (" ✓" if pl.rotate else ""),
        "",
        active=pl.rotate,
        size=fs - 1,
        enabled=pl.powered(Subsystem.THRUSTERS),
    )
    button2(
        g,
        "scoop",
        x0 + bw4 + 3,
        y,
        bw4,
        rh,
        tr("scoop") + (" ✓" if pl.scoop else ""),
        "",
        active=pl.scoop,
        size=fs - 1,
        enabled=pl.powered(Subsystem.SCOOP) and pl.burn is None,
    )
    adj_ok = pl.burn is not None
    g.button("adj:-1", x0 + 2 * (bw4 + 3), y, bw4 / 2 - 1, rh, "◀", size=fs, enabled=adj_ok)
    g.button("adj:+1", x0 + 2 * (bw4 + 3) + bw4 / 2 + 1, y, bw4 / 2 - 1, rh, "▶", size=fs, enabled=adj_ok)
    txt = tr("adj", n=f"{pl.adjust:+d}") if adj_ok else ""
    if dest is not None:
        txt = f"→ R{dest} {txt}"
    g.text(x0 + 3 * (bw4 + 3) + 2, y + rh / 2, txt, FG, g.fit_text(txt, bw4, fs - 1), baseline="middle")
    y += rh + 4
    # fire orders
    chips = [(wpn, t) for wpn in WEAPONS for t in pl.targets(wpn)]
    powered = [wpn for wpn in WEAPONS if pl.powered(wpn.subsystem)]
    fw = 50.0 if lay.phone else 58.0
    g.button("autofire", x0, y, fw, rh, tr("fire") + " F", size=fs - 1, enabled=bool(chips))
    cx = x0 + fw + 6
    cy = y
    fire_top = y
    if not powered or not chips:
        hint = tr("no_weapons" if not powered else "out_of_range")
        room = rect.right - pad - cx
        g.text(cx, y + rh / 2, hint, DIM, g.fit_text(hint, room, fs - 2), baseline="middle")
    for wpn, t in chips:
        label = f"{tr('w_' + wpn.value)}→{t + 1}"
        cw = g.measure(label, fs - 1) + 12
        if cx + cw > rect.right - pad:
            cx = x0 + fw + 6
            cy += rh + 3
        on = t in pl.fire.get(wpn, ())
        button2(
            g,
            f"fire:{wpn.value}:{t}",
            cx,
            cy,
            cw,
            rh,
            label,
            "",
            active=on,
            size=fs - 1,
            color=SHIP_COLORS[t],
        )
        if on:
            g.rect(cx + 2, cy + rh - 4, cw - 4, 2, WEAPON_LINE[wpn])
        cx += cw + 4
    y = max(cy, fire_top + (rh + 3 if lay.phone else 0)) + rh + 6
    # validation and preview (a fixed-height block so Execute does not jump)
    lines = 2 if lay.phone else 4
    block_end = y + lines * 17
    probs = pl.problems()
    if probs:
        for prob in probs[:2]:
            msg = app.why(prob)
            g.text(x0, y + 8, "⚠ " + msg, BAD, g.fit_text("⚠ " + msg, w, fs - 1), baseline="middle")
            y += 17
    else:
        prev = app.preview_ship()
        if prev is not None:
            for k, line in enumerate(heat_lines(app, lay.phone)):
                col = GOOD if k == 0 and not prev.heat else HOT
                g.text(x0, y + 8, line, col, g.fit_text(line, w, fs - 1), baseline="middle")
                y += 17
            danger = app.preview_threats()
            said = threatview.reach_lines(tr, app.ship_name, danger)
            room = max(1, int((block_end - y) // 17))
            if len(said) > room:  # fewer lines than enemies: all of them on the last line
                said = said[: room - 1] + ["; ".join(x.lstrip("⚠ ") for x in said[room - 1 :])]
                said[-1] = "⚠ " + said[-1]
            for line in said:
                g.text(
                    x0, y + 8, line, BAD if danger else GOOD, g.fit_text(line, w, fs - 1), baseline="middle"
                )
                y += 17
            if y < block_end:
                plan_txt = plan_text(app, pl.state, pl.plan())
                g.text(x0, y + 8, plan_txt, DIM, g.fit_text(plan_txt, w, fs - 2), baseline="middle")
    y = block_end + 4
    # execute
    eh = rh + 10
    g.button("reset", x0, y, w * 0.3, eh, tr("reset") + " X", size=fs)
    button2(
        g,
        "exec",
        x0 + w * 0.3 + 6,
        y,
        w * 0.7 - 6,
        eh,
        tr("execute") + " ⏎",
        "",
        size=fs + 2,
        enabled=not probs,
        color=GOOD,
    )
    y += eh + 8
    if not lay.phone and rect.bottom - y > 60:
        log_panel(app, g, Rect(rect.x, y, rect.w, rect.bottom - y))


def heat_lines(app: OrbitHost, phone: bool) -> list[str]:
    """The plan preview's hull / heat / mass line and, when heat stays aboard, what it will cost: a
    second line on desktop, the same line on the phone (its panel has room for two lines in all)."""
    prev = app.preview_ship()
    if prev is None:
        return []
    tr = app.tr
    if prev.heat and phone:
        return [tr("preview_hot", hull=prev.hull, heat=prev.heat, mass=prev.mass)]
    lines = [tr("preview", hull=prev.hull, heat=prev.heat, mass=prev.mass)]
    if prev.heat:
        lines.append(tr("preview_dmg", n=prev.heat))
    return lines
