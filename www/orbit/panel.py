"""The ship panel (planning controls with live validation and preview), ship cards and the turn log."""

from __future__ import annotations

from typing import Any

from engine.orbit.game import start_names
from engine.orbit.rules import (
    HULL_START,
    MASS_MAX,
    REACTOR_UNITS,
    SPECS,
    SUB_INDEX,
    SUBSYSTEMS,
    WEAPONS,
    Burn,
    Subsystem,
)
from engine.orbit.state import OrbitState
from engine.orbit.threat import powered_systems

from .layout import Rect
from .model import Turn
from .orbitview import SHIP_COLORS, WEAPON_LINE
from .widgets import BAD, DIM, FG, GOOD, HOT, PANEL, PANEL2, button2, gauge, swatch

HULL_MAX = HULL_START
HEAT_SCALE = REACTOR_UNITS
"""Heat gauges run to this (a display scale, not a rule)."""


def ship_cards(app: Any, g: Any, rect: Rect, state: OrbitState, compact: bool) -> None:
    """One card per ship: colour, hull, heat, energy in use; the active ship outlined."""
    n = len(state.ships)
    tr = app.tr
    if compact:
        cw = (rect.w - 8) / n
        for s in state.ships:
            x = rect.x + 4 + s.id * cw
            y = rect.y + 3
            g.rect(x + 1, y, cw - 2, rect.h - 6, PANEL2)
            if s.id == state.active:
                g.frame(x + 1.5, y + 0.5, cw - 3, rect.h - 7, "#FFFFFF", 1.5)
            swatch(g, x + 10, y + 10, s.id, 5)
            kind = app.match.kind(s.id)
            tag = {"human": "", "friend": "·" + tr("friend_short")}.get(kind, "·" + tr("ai_short"))
            name = str(s.id + 1) + tag
            g.text(x + 18, y + 14, name, FG if s.alive else DIM, 11, bold=True)
            nx = x + 22 + g.measure(name, 11, True)
            systems_line(app, g, nx, y + 10, x + cw - 4 - nx, s, 9)
            bw = cw - 12
            gauge(
                g,
                x + 5,
                y + 18,
                bw * 0.5 - 2,
                12,
                s.hull,
                HULL_MAX,
                "#66BB6A" if s.alive else "#555",
                f"{s.hull}",
                10,
            )
            gauge(g, x + 5 + bw * 0.5, y + 18, bw * 0.5 - 2, 12, s.heat, HEAT_SCALE, HOT, f"{s.heat}", 10)
        return
    cw, ch = 156.0, 64.0
    for s in state.ships:
        x, y = rect.x + 8, rect.y + 8 + s.id * (ch + 6)
        g.alpha(0.92)
        g.rect(x, y, cw, ch, PANEL2)
        g.alpha(1.0)
        if s.id == state.active:
            g.frame(x + 0.5, y + 0.5, cw - 1, ch - 1, "#FFFFFF", 1.5)
        swatch(g, x + 11, y + 12, s.id)
        kind = app.match.kind(s.id)
        label = tr({"human": "ship", "friend": "ship_friend"}.get(kind, "ship_ai"), n=s.id + 1)
        g.text(x + 22, y + 16, label, FG if s.alive else DIM, g.fit_text(label, cw - 76, 12, True), bold=True)
        used = sum(s.alloc)
        g.text(x + cw - 6, y + 16, f"⚡{used}/{REACTOR_UNITS}", DIM, 11, align="right")
        gauge(
            g,
            x + 6,
            y + 24,
            cw - 12,
            11,
            s.hull,
            HULL_MAX,
            "#66BB6A" if s.alive else "#555",
            f"{tr('hull')} {s.hull}",
            9,
        )
        gauge(g, x + 6, y + 37, (cw - 12) / 2 - 2, 11, s.heat, HEAT_SCALE, HOT, f"{tr('heat')} {s.heat}", 9)
        gauge(
            g,
            x + 6 + (cw - 12) / 2 + 2,
            y + 37,
            (cw - 12) / 2 - 2,
            11,
            s.mass,
            MASS_MAX,
            "#4DB6AC",
            f"{tr('mass')} {s.mass}",
            9,
        )
        systems_line(app, g, x + 6, y + 57, cw - 12, s, 10)


def systems_line(app: Any, g: Any, x: float, y: float, w: float, s: Any, size: float) -> None:
    """The ship's powered subsystems (committed energy), weapons in their weapon colour."""
    subs = powered_systems(s) if s.alive else []
    if not subs:
        g.text(x, y, app.tr("cold"), DIM, size, baseline="middle")
        return
    for sub in subs:
        label = app.tr(f"abbr_{sub.value}")
        wpn = next((wp for wp in WEAPONS if wp.subsystem is sub), None)
        col = WEAPON_LINE[wpn] if wpn is not None else FG
        lw = g.measure(label, size, True)
        if lw > w:
            break
        g.text(x, y, label, col, size, bold=True, baseline="middle")
        x += lw + 5
        w -= lw + 5
        if w <= 0:
            break


def _boxes(g: Any, x: float, y: float, bs: float, sub: Subsystem, committed: int, pending: int) -> float:
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


def plan_panel(app: Any, g: Any, rect: Rect) -> None:
    """Planning controls for the active (human) ship."""
    tr, pl, lay = app.tr, app.planner, app.layout
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
    bw = min(44.0, rh + 14, w * 0.12) if lay.phone else min(40.0, rh + 8, w * 0.13)
    minus_x = rect.right - pad - 2 * bw - 4
    for i, sub in enumerate(SUBSYSTEMS):
        c, p = ship.alloc[i], pl.pending[i]
        if app.sel == i:
            g.rect(rect.x + 2, y - 1, rect.w - 4, rh, "rgba(255,224,178,0.10)")
        lw = min(112.0, w * 0.32)
        g.button(f"sel:{i}", x0, y + 1, lw, rh - 4, "", fg="rgba(0,0,0,0)")
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
        if note and bx + 4 + g.measure(note, fs - 2) < minus_x - 2:
            g.text(
                bx + 4, y + rh / 2, note, HOT if heat else GOOD if p > c else BAD, fs - 2, baseline="middle"
            )
        g.button(f"sub:-:{sub.value}", rect.right - pad - 2 * bw - 4, y + 1, bw, rh - 4, "−", size=fs + 4)
        g.button(f"sub:+:{sub.value}", rect.right - pad - bw, y + 1, bw, rh - 4, "+", size=fs + 4)
        y += rh
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
        for p in probs[:2]:
            msg = app.why(p)
            g.text(x0, y + 8, "⚠ " + msg, BAD, g.fit_text("⚠ " + msg, w, fs - 1), baseline="middle")
            y += 17
    else:
        prev = app.preview_ship()
        if prev is not None:
            line = tr("preview", hull=prev.hull, heat=prev.heat, mass=prev.mass)
            g.text(x0, y + 8, line, GOOD, g.fit_text(line, w, fs - 1), baseline="middle")
            y += 17
            if prev.heat and not lay.phone:
                warn = tr("preview_dmg", n=prev.heat)
                g.text(x0, y + 8, warn, HOT, g.fit_text(warn, w, fs - 1), baseline="middle")
                y += 17
            danger = app.preview_threats()
            who = ", ".join(
                f"{app.ship_name(e)} ({', '.join(tr('abbr_' + wp.value) for e2, wp in danger if e2 == e)})"
                for e in sorted({e for e, _ in danger})
            )
            line = tr("threat", who=who) if danger else tr("threat_none")
            g.text(x0, y + 8, line, BAD if danger else GOOD, g.fit_text(line, w, fs - 1), baseline="middle")
            y += 17
            if y < block_end:
                plan_txt = "; ".join(budget["actions"])
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


def status_panel(app: Any, g: Any, rect: Rect, text: str) -> None:
    """Shown while the computer plans or a replay runs: a status line and the log."""
    g.rect(rect.x, rect.y, rect.w, rect.h, PANEL)
    g.text(
        rect.x + 10,
        rect.y + 20,
        text,
        FG,
        g.fit_text(text, rect.w - 20, 15, True),
        bold=True,
        baseline="middle",
    )
    top = 38.0
    m = app.match
    if m is not None and m.waiting_for_friend():
        bw = (rect.w - 26) / 2
        g.button(
            "share",
            rect.x + 10,
            rect.y + 38,
            bw,
            40,
            app.tr("share_link"),
            size=g.fit_text(app.tr("share_link"), bw - 8, 14),
        )
        g.button(
            "paste",
            rect.x + 16 + bw,
            rect.y + 38,
            bw,
            40,
            app.tr("paste_link"),
            size=g.fit_text(app.tr("paste_link"), bw - 8, 14),
        )
        hint = app.tr("link_hint")
        g.text(rect.x + 10, rect.y + 94, hint, DIM, g.fit_text(hint, rect.w - 20, 12), baseline="middle")
        top = 108.0
    log_panel(app, g, Rect(rect.x, rect.y + top, rect.w, rect.h - top))


def describe(app: Any, turn: Turn) -> list[tuple[str, str]]:
    """Localised pieces of one turn's log line, each with its colour."""
    tr = app.tr
    out: list[tuple[str, str]] = []
    me = turn.ship
    if turn.plan.burn is not None:
        ring = turn.after.ships[me].transit.to_ring if turn.after.ships[me].transit else "?"
        out.append((tr("ev_burn", burn=tr(f"burn_{turn.plan.burn.value}"), ring=ring), FG))
    else:
        out.append((tr("ev_coast"), DIM))
    for e in turn.events:
        k = e.kind
        if k == "rotate":
            out.append((tr("ev_rotate"), DIM))
        elif k == "scoop":
            out.append((tr("ev_scoop", n=e.amount), DIM))
        elif k == "vent":
            out.append((tr("ev_vent", n=e.amount), DIM))
        elif k == "hit":
            wpn = next((w for w in WEAPONS if e.text.startswith(SPECS[w.subsystem].label)), None)
            wname = tr(f"sub_{wpn.value}") if wpn else "?"
            out.append((tr("ev_hit", weapon=wname, target=app.ship_name(e.target or 0), n=e.amount), BAD))
        elif k == "destroyed":
            out.append(
                (tr("ev_destroyed", ship=app.ship_name(e.target if e.target is not None else e.ship)), BAD)
            )
        elif k == "heat_damage":
            out.append((tr("ev_heat_damage", n=e.amount), HOT))
        elif k == "heat":
            out.append((tr("ev_heat", n=e.amount), HOT))
        elif k == "recoil":
            out.append((tr("ev_recoil"), DIM))
        elif k == "arrive":
            s = turn.after.ships[e.ship]
            out.append((tr("ev_arrive", ship=app.ship_name(e.ship), ring=s.ring, sector=s.sector), DIM))
    return out


def log_panel(app: Any, g: Any, rect: Rect, upto: int | None = None) -> None:
    """The most recent turns, newest at the bottom, each prefixed with the ship's colour."""
    tr = app.tr
    g.rect(rect.x + 4, rect.y, rect.w - 8, rect.h - 4, "rgba(0,0,0,0.18)")
    g.text(rect.x + 10, rect.y + 12, tr("log"), DIM, 11, bold=True, baseline="middle")
    turns = app.match.turns if upto is None else app.match.turns[:upto]
    if not turns:
        g.text(rect.x + 10, rect.y + 32, tr("log_empty"), DIM, 12, baseline="middle")
        names = start_names(app.match.seed, app.match.session.options)
        if names is not None:
            line = tr(
                "start_info",
                layout=tr(f"lay_{names[0]}"),
                loadout=tr(f"load_{names[1]}"),
                seed=app.match.seed,
            )
            for k, ln in enumerate(g.wrap(line, rect.w - 20, 12)[:3]):
                g.text(rect.x + 10, rect.y + 50 + 16 * k, ln, FG, 12, baseline="middle")
        return
    lh = 17.0
    lines: list[tuple[int, str, str, bool]] = []
    width = rect.w - 36
    budget = int((rect.h - 28) // lh)
    for turn in reversed(turns):
        pieces = describe(app, turn)
        head = f"[{turn.before.round}]"
        text = head + " " + "; ".join(p for p, _ in pieces)
        wrapped = g.wrap(text, width, 12)
        color = BAD if any(c == BAD for _, c in pieces) else FG
        block = [(turn.ship, ln, color, k == 0) for k, ln in enumerate(wrapped)]
        if len(lines) + len(block) > budget:
            break
        lines = block + lines
    y = rect.y + 24
    for ship, ln, color, first in lines:
        if first:
            swatch(g, rect.x + 16, y + 8, ship, 4)
        g.text(rect.x + 26, y + 8, ln, color, 12, baseline="middle")
        y += lh
