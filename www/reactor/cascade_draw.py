"""Drawing the pulse cascade: the changed cells framed on the board with the stage named over it, and
the stage checklist in the panel (see ``cascade`` for the timing and the recorded stages)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cascade import STAGE_COL, Cascade, stage_text, text

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

    from .layout import Layout
    from .parts import PlayView


def draw_board_overlay(g: Gfx, app: PlayView, c: Cascade, lay: Layout) -> None:
    """Frame the cells the current stage changed and name the stage over the board."""
    cur = c.current()
    if cur is None:
        return
    s = lay.cell
    w = c.final.grid.width
    col = STAGE_COL.get(cur.name, "#FFFFFF")
    solid, under = c.framed(c.index, app.ui.eye_layer if app.ui.eye else "all")
    if c.eased[c.index] and app.ui.eye:  # surface values sit under the eye's labels: changed ones on top
        surf = app.drawn if app.drawn is not None else c.shown.surface
        prev = c.stages[c.index - 1].state if c.index > 0 else c.before
        app.painter.surface_changes(g, c.shown, lay, surf, prev.surface, c.eased[c.index])
    if solid or under:
        g.alpha(max(0.35, 1.0 - 0.65 * c.frac))
        lw = 3 if s >= 30 else 2
        for i in solid:
            x, y = lay.xy(i % w, i // w)
            g.frame(x + 2, y + 2, s - 4, s - 4, col, lw)
        if under:  # underground changes (eye view): dashed frames, integrity changes labelled
            prev = c.stages[c.index - 1].state if c.index > 0 else c.before
            g.alpha(1.0)
            app.painter.integrity_changes(g, c.shown, prev, lay, under, app.ui.eye_layer)
            g.alpha(max(0.35, 1.0 - 0.65 * c.frac))
            g.line_dash([max(3.0, s * 0.12), max(2.0, s * 0.07)])
            for i in under:
                x, y = lay.xy(i % w, i // w)
                g.frame(x + 2, y + 2, s - 4, s - 4, col, lw)
            g.line_dash([])
        g.alpha(1.0)
    lang = app.shell.i18n.lang
    label = f"{text(lang, 'pulse', n=c.final.pulse)} · {stage_text(lang, cur, c.steps, c.actions.get(lang, c.action))}"
    fs = 14 if s >= 40 else 12
    tw = c.fits.get((label, 0.0, fs, True))
    if tw is None:
        tw = c.fits[(label, 0.0, fs, True)] = g.measure(label, fs, True) + 16
    bx0, by0, bw0, _ = lay.board_rect
    bw = min(tw, bw0)
    g.rect(bx0, by0, bw, fs + 12, "rgba(8,14,20,0.86)")
    g.rect(
        bx0,
        by0 + fs + 10,
        bw * min(1.0, (c.starts[c.index] + c.durs[c.index] * c.frac) / max(1.0, c.total)),
        2,
        col,
    )
    g.text(bx0 + 8, by0 + fs + 3, label, col, c.fit(g, label, bw - 12, fs, True), True)


def draw_panel(g: Gfx, app: PlayView, c: Cascade, x: float, y: float, w: float, end: float) -> float:
    """The stage list in the forecast's place while the cascade plays (one line when space is short)."""
    lang = app.shell.i18n.lang
    rows = len(c.stages)
    rh = 15.0
    if end - y < rows * rh + 8:
        cur = c.current()
        if cur is not None:
            label = (
                f"▶ {stage_text(lang, cur, c.steps, c.actions.get(lang, c.action))}  ({c.index + 1}/{rows})"
            )
            g.text(
                x + 4,
                y + 13,
                label,
                STAGE_COL.get(cur.name, "#FFFFFF"),
                c.fit(g, label, w - 8, 12, True),
                True,
            )
        return y + 18
    for k, st in enumerate(c.stages):
        label = stage_text(lang, st, c.steps, c.actions.get(lang, c.action))
        quiet = not c.cells[k]
        if k < c.index:
            mark, col = "✓", "#546E7A" if quiet else "#90A4AE"
        elif k == c.index:
            mark, col = "▶", STAGE_COL.get(st.name, "#FFFFFF")
        else:
            mark, col = "·", "#607D8B"
        if quiet and k <= c.index:
            label += f" — {text(lang, 'quiet')}"
        g.text(x + 4, y + 12, mark, col, 12, True)
        g.text(x + 20, y + 12, label, col, c.fit(g, label, w - 24, 12, k == c.index), k == c.index)
        y += rh
    g.text(x + 4, y + 12, text(lang, "skip"), "#607D8B", 11)
    return y + 16
