"""HUD (Part I §10.1): objectives with bars, next/hold, gravity, tilt budget/cooldown, abilities,
wind countdown, warnings; and the touch pad for small screens."""

from __future__ import annotations

from typing import Any

from gwweb.floodline import mesh as M
from gwweb.floodline.campaign import objective_text
from gwweb.floodline.iso import Proj
from gwweb.floodline.model import Run
from gwweb.floodline.render import draw_mesh, gravity_dir
from gwweb.floodline.ruler import arrow
from gwweb.floodline.strings import Tr
from gwweb.floodline.textfit import fit, width
from gwweb.shared.canvas import Gfx

from engine.floodline.level import TICKS_PER_SECOND
from engine.floodline.progress import constraints
from engine.floodline.rules import WIND_DIRS

INK = "#e8eef4"
DIM = "#93a4b5"
ACCENT = "#ffd27a"
PANEL = "rgba(20,30,42,0.92)"
GOOD = "#7ad67a"
WARN = "#ff8a6a"


def signature(run: Run) -> tuple[object, ...]:
    """Everything the panel shows, so it is redrawn only when one of these changes."""
    s = run.state
    m = s.metrics
    wind = run.wind()
    return (
        tuple((o["value"], o["target"]) for o in run.objectives),
        tuple(o["holds"] for o in run.objectives),
        str(run.endless),
        m["score"],
        m["piecesUsed"],
        m["rotations"],
        s.tilt_budget_left,
        (s.cooldown + 5) // 6,
        tuple(sorted(s.charges.items())),
        s.active is not None and s.active.armed,
        None if wind is None else (wind["active"], wind["direction"], _wind_text_secs(wind["inTicks"])),
        s.queue,
        s.hold,
        s.hold_used,
    )


STAR_FS = 11.0  # the phone strip's ★ lines
STAR_LH = 13.0
STRIP_H = 128.0  # the phone strip's least height


def star_lines(t: Tr, run: Run) -> list[str]:
    """ "★2: …", "★3: …" for the stars the level defines (its conditions in words)."""
    stars = run.level.get("stars", {})
    out = []
    for key, name in (("two", "stars2"), ("three", "stars3")):
        conds = stars.get(key) or []
        if conds:
            out.append(str(t(name, t=", ".join(objective_text(t, c) for c in conds))))
    return out


def endless_lines(t: Tr, run: Run) -> list[tuple[str, str]]:
    """The endless run's goal in numbers (engine ``endless.status``): the next shower, the flood
    against its line, the lakes evaporating, layers cleared and units evaporated so far."""
    e = run.endless
    if e is None:
        return []
    out: list[tuple[str, str]] = []
    if "rain" in e:
        out.append((t("e_rain", v=e["rain"]["units"], n=e["rain"]["inPieces"]), INK))
    if "flood" in e:
        f = e["flood"]
        out.append((t("e_flood", v=f["height"], m=f["limit"]), WARN if f["height"] >= f["limit"] else INK))
    out.append((t("e_lakes", n=e["lakes"], v=e["lakeUnits"]), GOOD if e["lakes"] else DIM))
    out.append((t("e_done", n=e["layersCleared"], v=e["evaporated"]), DIM))
    return out


def strip_height(g: Gfx, t: Tr, run: Run, w: float) -> float:
    """The phone strip's height: its objectives with bars and the wrapped ★ lines fit in it."""
    col_w = w * 0.58 - 20
    n_obj = max(1, len(run.level.get("objectives", [])))
    if run.endless is not None:  # the goal (wrapped) and four lines of numbers
        goal = len(g.wrap(t("mutators_short"), col_w, 10))
        return max(STRIP_H, 22 + 16 + goal * 12 + 4 * 16 + 14)
    star = sum(len(g.wrap(text, col_w, STAR_FS)) for text in star_lines(t, run))
    return max(STRIP_H, 22 + 16 + 26 * n_obj + STAR_LH * star + 10)


def _wind_text_secs(in_ticks: int) -> str:
    """Countdown text: whole seconds while far, tenths in the last three seconds (fewer redraws)."""
    secs = max(0, in_ticks) / TICKS_PER_SECOND
    return f"{secs:.1f}" if secs < 3 else f"{int(secs + 0.999)}"


def mini_piece(
    g: Gfx, run: Run, piece: tuple[str, str, list[list[int]]], cx: float, cy: float, s: float
) -> None:
    """A small isometric drawing of a piece centred at (cx, cy)."""
    _, mat, cells = piece
    xs = [c[0] for c in cells]
    zs = [c[2] for c in cells]
    ys = [c[1] for c in cells]
    p = Proj(run.view, 1, 1, 1, s, 0, 0)
    mx, my = p.world((min(xs) + max(xs) + 1) / 2, (min(ys) + max(ys) + 1) / 2, (min(zs) + max(zs) + 1) / 2)
    p.ox, p.oy = cx - mx, cy - my
    look = {"HEAVY": "HEAVY", "REINFORCED": "REINFORCED"}.get(mat, "STANDARD")
    draw_mesh(g, M.piece_mesh(p, cells, look, M.EDGE))


def gravity_badge(g: Gfx, t: Tr, run: Run, proj: Proj, cx: float, cy: float, r: float) -> None:
    grav = run.state.gravity.value
    g.circle(cx, cy, r, fill="rgba(10,16,24,0.75)", stroke="rgba(255,210,122,0.6)", width=2)
    dx, dy = gravity_dir(proj, grav)
    arrow(g, cx - dx * r * 0.55, cy - dy * r * 0.55, dx, dy, r * 1.1, ACCENT, max(3, r * 0.14))
    g.text(cx, cy + r + 14, t(grav), ACCENT, 13, True, align="center")


ABILITY_SYMBOL = {"stabilize": "⚓", "freeze": "❄", "drain": "◎"}


def panel(
    g: Gfx,
    t: Tr,
    run: Run,
    x: float,
    y: float,
    w: float,
    h: float,
    compact: bool,
    keys: dict[str, str] | None = None,
) -> None:
    """The HUD panel. ``compact`` = the phone strip (two columns, fewer lines). ``keys``: the key
    hints (``hints.hint_fmt``) naming each ability's current key (or the pad's button on touch)."""
    keys = keys or {}
    g.rect(x, y, w, h, PANEL)
    s = run.state
    pad = 10
    col_w = w * (0.58 if compact else 1.0) - 2 * pad
    cy = y + pad + 12
    fs = 12 if compact else 14
    lh = fs + 8
    # objectives with bars
    g.text(x + pad, cy, t("objectives"), DIM, fs - 1, True)
    cy += lh - 4
    objs = run.level.get("objectives", [])
    if not objs:
        for line in g.wrap(t("mutators_short" if compact else "mutators"), col_w, fs - 2)[:6]:
            g.text(x + pad, cy, line, INK, fs - 2)
            cy += fs + 2
        cy += 4
        for text, color in endless_lines(t, run):
            g.text(x + pad, cy, text, color, fit(g, text, col_w, fs - 1))
            cy += fs + 4
        cy += 4
    for k, cond in enumerate(objs):
        frac = run.bar(k)  # the engine's count, in the unit a player counts (layers: RULES.md 32)
        holds = k < len(run.objectives) and run.objectives[k]["holds"]
        label = objective_text(t, cond)
        size = fit(g, label, col_w, fs)
        g.text(x + pad, cy, label, GOOD if holds else INK, size)
        g.rect(x + pad, cy + 4, col_w, 5, "rgba(255,255,255,0.12)")
        g.rect(x + pad, cy + 4, col_w * frac, 5, GOOD if holds else ACCENT)
        cy += lh + 6
    # what ★2 and ★3 ask (Part I §6.4), on the phone strip too (issue #26): wrapped there, not shrunk
    for text in star_lines(t, run):
        if compact:
            for line in g.wrap(text, col_w, STAR_FS):
                g.text(x + pad, cy - 4, line, DIM, STAR_FS, False)
                cy += STAR_LH
        else:
            g.text(x + pad, cy, text, DIM, fit(g, text, col_w, fs - 2), False)
            cy += lh - 4
    cy += 4
    # tilts: budget and cooldown
    rot = run.level.get("rotation", {})
    used = s.metrics["rotations"]
    lines: list[tuple[str, str]] = []
    if s.tilt_budget_left is not None:
        lines.append((t("tilts_left", n=s.tilt_budget_left), INK))
    elif rot.get("maxRotations") is not None:
        lines.append((t("tilts_max", n=used, m=rot["maxRotations"]), INK))
    if s.cooldown > 0:
        lines.append((t("cooldown", s=f"{s.cooldown / TICKS_PER_SECOND:.1f}"), WARN))
    for c in constraints(s):  # every limit in play (engine progress.constraints; issue #16)
        key = "c_" + c["key"]
        if c["key"] == "tiltsLeft" and c["limit"] <= 0 or c["key"] in ("heightLimit", "wind"):
            continue
        if c["key"] == "waterForbiddenHeight" and run.endless is not None:
            continue  # the endless lines show the flood against its line
        lines.append((t(key, v=c["value"], m=c["limit"]), WARN if c["danger"] else INK))
    ch = s.charges
    ab = s.level.abilities
    has = {
        "stabilize": ch.get("stabilize") or ab.stabilize_charges,
        "freeze": ch.get("freeze") or ab.freeze_charges,
        "drain": ch.get("drain") or ab.drain_placement_charges,
    }
    armed = s.active is not None and s.active.armed
    if compact:  # one line for all abilities: "⚓ V×2 · ❄ G×1" (on touch the pad's labels)
        parts = []
        for a in ("stabilize", "freeze", "drain"):
            if has[a]:
                key_name = keys.get(a, "")
                sym = ABILITY_SYMBOL[a]
                label = sym if key_name.startswith(sym) else f"{sym} {key_name}"
                parts.append(f"{label}×{ch.get(a, 0)}" + (" ✓" if a == "stabilize" and armed else ""))
        if parts:
            lines.append((" · ".join(parts), ACCENT if armed else INK))
    else:
        for a in ("stabilize", "freeze", "drain"):
            if has[a]:
                text = t(a, n=ch.get(a, 0), k=keys.get(a, "—")) + (" ✓" if a == "stabilize" and armed else "")
                lines.append((text, ACCENT if a == "stabilize" and armed else INK))
    wind = run.wind()
    if wind is not None and wind["active"]:
        secs = _wind_text_secs(wind["inTicks"])
        lines.append((t("wind", d=t(wind["direction"]), s=secs), WARN if float(secs) < 2 else INK))
    lines.append((t("score", n=s.metrics["score"]) + "  " + t("pieces", n=s.metrics["piecesUsed"]), DIM))
    if compact:
        # second column: next + hold
        nx = x + w * 0.58
        g.text(nx, y + pad + 12, t("next"), DIM, fs - 1, True)
        for i, pc in enumerate(run.next_pieces()[:3]):
            mini_piece(g, run, pc, nx + 24 + i * 44, y + 50, 7)
        g.text(nx, y + 84, t("hold"), DIM, fs - 1, True)
        hp = run.hold_piece()
        if hp is not None:
            mini_piece(g, run, hp, nx + 24, y + 108, 7)
        ly = y + 84
        for text, color in lines:
            if ly > y + h - 4:  # the strip is full: the score (last) gives way first
                break
            g.text(nx + 50, ly, text, color, fit(g, text, w * 0.42 - 56, fs - 2))
            ly += fs + 3
        return
    for text, color in lines:
        g.text(x + pad, cy, text, color, fit(g, text, col_w, fs))
        cy += lh
    cy += 6
    g.text(x + pad, cy, t("next"), DIM, fs - 1, True)
    g.text(x + w * 0.72, cy, t("hold"), DIM, fs - 1, True)
    cy += 8
    for i, pc in enumerate(run.next_pieces()[:5]):
        mini_piece(g, run, pc, x + pad + 30 + (i % 3) * 62, cy + 34 + (i // 3) * 60, 11)
    hp = run.hold_piece()
    if hp is not None:
        mini_piece(g, run, hp, x + w * 0.72 + 30, cy + 34, 11)
        if s.hold_used:
            g.text(x + w * 0.72, cy + 66, "—", DIM, fs)


def wind_badge(g: Gfx, t: Tr, run: Run, proj: Proj, cx: float, cy: float, r: float) -> None:
    """Wind icon: the next gust's direction on the board and a countdown (Wind §6 telegraph)."""
    wind = run.wind()
    if wind is None or not wind["active"]:
        return
    secs = max(0, wind["inTicks"]) / TICKS_PER_SECOND
    hz = [h for h in run.state.level.hazards if h.enabled]  # the parsed level: the engine's defaults
    interval = float(hz[0].params.interval_seconds) if hz else 0.0
    gust = interval - secs < 0.5
    color = WARN if secs < 2 or gust else "#9fd3ff"
    g.circle(cx, cy, r, fill="rgba(10,16,24,0.75)", stroke=color, width=2)
    vec = WIND_DIRS[wind["direction"]]
    dx, dy = proj.screen_dir(vec)
    for off in (-0.35, 0.35):
        ox, oy = -dy * r * off, dx * r * off
        arrow(g, cx + ox - dx * r * 0.5, cy + oy - dy * r * 0.5, dx, dy, r * 0.95, color, max(2, r * 0.09))
    label = t("wind_now", d=t(wind["direction"])) if gust else f"{secs:.1f}s"
    g.text(cx, cy + r + 14, label, color, 12, True, align="center")


def warnings(
    g: Gfx, t: Tr, run: Run, x: float, y: float, ghost: list[list[int]], max_w: float = 400
) -> list[str]:
    keys = run.warning_keys(ghost)
    red, amber = "rgba(180,50,30,0.88)", "rgba(150,105,20,0.88)"
    for i, key in enumerate(keys):
        text = t(key)
        size = fit(g, text, max(60.0, max_w - 16), 13, True)
        w = width(g, text, size, True) + 16
        g.rect(x, y + i * 26, w, 22, amber if key == "warn_tilt_high" else red)
        g.text(x + 8, y + i * 26 + 15, text, "#fff", size, True)
    pending = int(getattr(run.state, "win_pending", 0) or 0)
    if pending:  # RULES.md 36b: the win is secured, a tilt with the structure standing earns more
        yy = y + len(keys) * 26
        for j, line in enumerate(g.wrap(t("win_pending", n="★" * pending), max(60.0, max_w - 16), 13, True)):
            w = width(g, line, 13, True) + 16
            g.rect(x, yy + j * 22, w, 22, "rgba(40,120,60,0.9)")
            g.text(x + 8, yy + j * 22 + 15, line, "#fff", 13, True)
        keys = [*keys, "win_pending"]
    return keys


# -- touch pad -----------------------------------------------------------------------------
PAD_ROWS = (
    (("yawL", "⟲"), ("yawR", "⟳"), ("pitchU", "P↑"), ("pitchD", "P↓"), ("rollL", "R↶"), ("rollR", "R↷")),
    (("left", "◀"), ("away", "▲"), ("near", "▼"), ("right", "▶"), ("soft", "↓"), ("hold", "HOLD")),
    (
        ("tilt1", "T↑"),
        ("tilt2", "T↓"),
        ("tilt3", "T←"),
        ("tilt4", "T→"),
        ("peek", "PEEK"),
        ("hard", "DROP"),
    ),
)


PAD_WORDS = ("hard", "hold", "peek", "stabilize", "freeze", "drain")  # labels from the string table


def pad_rows(run: Run, t: Tr | None = None) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The pad's rows; a fourth row with the level's abilities when it has any. Word labels
    (DROP, HOLD, PEEK, abilities) come from ``t("pad_<action>")`` in the current language."""
    ab = run.state.level.abilities
    extra = []
    if ab.stabilize_charges:
        extra.append(("stabilize", "⚓"))
    if ab.freeze_charges:
        extra.append(("freeze", "❄"))
    if ab.drain_placement_charges:
        extra.append(("drain", "◎"))
    rows = PAD_ROWS + ((tuple(extra),) if extra else ())
    if t is None:
        return rows
    return tuple(tuple((a, str(t("pad_" + a)) if a in PAD_WORDS else lbl) for a, lbl in row) for row in rows)


def pad_layout(
    rows_def: tuple[tuple[tuple[str, str], ...], ...], x: float, y: float, w: float, h: float
) -> list[tuple[str, str, float, float, float, float]]:
    out = []
    rows = len(rows_def)
    bh = h / rows
    for r, row in enumerate(rows_def):
        bw = w / 6 if len(row) > 3 else w / 3  # the abilities row: wider buttons, readable labels
        for c, (action, label) in enumerate(row):
            out.append((action, label, x + c * bw + 3, y + r * bh + 3, bw - 6, bh - 6))
    return out


def draw_pad(
    g: Gfx,
    layout: list[tuple[str, str, float, float, float, float]],
    held: set[str],
    armed: bool = False,
    blocked: frozenset[str] = frozenset(),
    cool: float = 0.0,
) -> None:
    """The pad; ``armed``: the PEEK toggle is on (the next T button previews its tilt); ``blocked``:
    T buttons whose tilt the rules refuse now (drawn dim); ``cool``: the tilt cooldown left (0..1),
    drawn as a draining bar under the T buttons."""
    fonts = pad_fonts(g, layout)
    for (action, label, bx, by, bw, bh), (size, bold) in zip(layout, fonts, strict=True):
        tilt = action.startswith("tilt") or action == "peek"
        on = action in held or (armed and action == "peek")
        bg = "rgba(255,210,122,0.28)" if on else ("rgba(60,90,130,0.55)" if tilt else "rgba(40,55,72,0.85)")
        if action in blocked and not on:
            bg = "rgba(40,48,58,0.6)"
        g.rect(bx, by, bw, bh, bg)
        if cool > 0 and action.startswith("tilt"):
            g.rect(bx + 4, by + bh - 7, (bw - 8) * cool, 3, WARN)
        if armed and (action == "peek" or action.startswith("tilt")):
            g.frame(bx + 1, by + 1, bw - 2, bh - 2, ACCENT, 2)
        else:
            g.frame(bx + 0.5, by + 0.5, bw - 1, bh - 1, "rgba(255,224,178,0.35)")
        ink = DIM if action in blocked and not on else INK
        g.text(bx + bw / 2, by + bh / 2 + 1, label, ink, size, bold, align="center", baseline="middle")


def pad_fonts(g: Gfx, layout: list[tuple[str, str, float, float, float, float]]) -> list[tuple[float, bool]]:
    """(size, bold) per pad button: the word labels share one size (the smallest that fits them all)."""
    fonts = [pad_label_font(g, lb, bw, bh) for _, lb, _, _, bw, bh in layout]
    words = [f[0] for f, (_, lb, *_r) in zip(fonts, layout, strict=True) if _is_word(lb)]
    word_size = min(words, default=0.0)
    return [(word_size, False) if _is_word(lb) else f for f, (_, lb, *_r) in zip(fonts, layout, strict=True)]


def _is_word(label: str) -> bool:
    """DROP / HOLD / PEEK (Сброс / Запас / Проба): drawn in one regular-weight size, fitted together."""
    return len(label) >= 4 and label.isalpha()


def pad_label_font(g: Gfx, label: str, bw: float, bh: float) -> tuple[float, bool]:
    """(size, bold) of a pad label: symbols bold, words regular, each the largest size at which the
    measured label fits the button (the Russian words are longer than the English ones)."""
    cap = min(20.0, bh * 0.42)
    if _is_word(label):
        return fit(g, label, bw - 8, cap, False), False
    return fit(g, label, bw - 8, cap, True), True


def drop_line(g: Gfx, p: Proj, x: float, y: float, cells: list[list[int]], ghost: list[list[int]]) -> None:
    """A thin guide from the falling piece to where it lands (depth cue)."""
    n = len(cells)
    a = [sum(c[i] for c in cells) / n + 0.5 for i in range(3)]
    b = [sum(c[i] for c in ghost) / n + 0.5 for i in range(3)]
    x1, y1 = p.world(a[0], a[1], a[2])
    x2, y2 = p.world(b[0], b[1], b[2])
    g.line(x + x1, y + y1, x + x2, y + y2, "rgba(255,255,255,0.35)", 1)


def refusal_text(t: Tr, why: dict[str, Any]) -> str:
    """A refused tilt's reason (engine ``preview.tilt_refusal``) as a sentence."""
    reason = str(why.get("reason") or "blocked")
    if reason == "cooldown":
        return str(t("tr_cooldown", s=f"{max(1, int(why.get('ticks', 0))) / TICKS_PER_SECOND:.1f}"))
    if reason == "budget":
        return str(t("tr_budget", n=why.get("limit") or 0))
    return str(t("tr_" + reason))


def preview_label(t: Tr, g: Gfx, pv: dict[str, Any], cx: float, cy: float, max_w: float = 0.0) -> None:
    """The rotation preview's verdict: why it is refused, or what the tilt and the falling piece do."""
    if not pv.get("allowed") or pv.get("rejected"):
        text = refusal_text(t, pv)
    else:
        text = t("pv_result", d=t(pv["target"]), s=pv["shift"], l=pv["lost"])
        o = pv.get("outcome")
        if o is not None:
            text += " — " + t("pv_wins" if o.get("status") == "WON" else "pv_fails")
    banner(g, text, cx, cy, max_w)


def banner(g: Gfx, text: str, cx: float, cy: float, max_w: float = 0.0) -> None:
    """A one-line message on a dark red strip centred at (cx, cy), shrunk to fit ``max_w``."""
    size = 14.0
    if max_w > 0:
        size = fit(g, text, max_w - 20, 14, True, min_size=10)
    w = width(g, text, size, True) + 20
    g.rect(cx - w / 2, cy - 16, w, 24, "rgba(120,50,30,0.9)")
    g.text(cx, cy + 1, text, "#fff", size, True, align="center")
