"""Level list and the end-of-level box."""

from __future__ import annotations

from typing import Any

from . import layout as layout_mod
from .model import campaign, level_title


def draw_end(g: Any, app: Any, lay: Any, st: Any) -> None:
    won = st.outcome.result == "won"
    w = min(320.0, lay.cell * lay.gw - 10)
    x = lay.ox + (lay.cell * lay.gw - w) / 2
    ry = st.robot // st.grid.width
    top = ry >= lay.gh / 2  # keep the robot's cell visible: the box goes to the other half
    y = lay.oy + (lay.cell * 0.6 if top else lay.cell * lay.gh - 80 - lay.cell * 0.6)
    g.rect(x, y, w, 80, "rgba(10,16,22,0.92)")
    g.frame(x, y, w, 80, "#FFD600" if won else "#FF5252", 2)
    label = app.t("won_toast") if won else app.t("state_Lost")
    g.text(x + w / 2, y + 24, label, "#FFD600" if won else "#FF5252", 18, True, "center", "middle")
    if won and app.next_level():
        g.button("next", x + 10, y + 42, w / 2 - 15, 30, app.t("next"), bg="#2E7D32")
        g.button("levels", x + w / 2 + 5, y + 42, w / 2 - 15, 30, app.t("levels"), bg="#1C2A35")
    elif won:
        g.button("levels", x + 10, y + 42, w - 20, 30, app.t("levels"), bg="#1C2A35")
    else:
        g.button("undo", x + 10, y + 42, w / 2 - 15, 30, app.t("undo"), bg="#1C2A35")
        g.button("restart", x + w / 2 + 5, y + 42, w / 2 - 15, 30, app.t("restart"), bg="#1C2A35")


def draw_menu(g: Any, app: Any) -> None:
    t = app.t
    w = min(560.0, g.width - 24)
    x = (g.width - w) / 2
    y = layout_mod.TOP + 20
    g.text(x, y + 16, t("choose_level"), "#FFE082", 20, True)
    if app.play is not None:
        g.button("resume", x + w - 140, y - 4, 140, 30, t("back"), bg="#1C2A35")
    y += 34
    keys = campaign()
    rows = [(k, *level_title(k, app.custom)) for k in keys]
    if app.custom.levels:
        rows.append(("", t("custom"), ""))
        rows += [("custom:" + k, *level_title("custom:" + k, app.custom)) for k in sorted(app.custom.levels)]
    for n, (key, title, desc) in enumerate(rows):
        if not key:
            g.text(x, y + 18, title, "#90A4AE", 15, True)
            y += 28
            continue
        done = key in app.progress.completed
        nl = min(2, len(g.wrap(desc, w - 24, 12))) if desc else 1
        h = 54 + 14 * (nl - 1)
        g.button(f"level:{key}", x, y, w, h, "", bg="#18242E")
        g.text(x + 12, y + 22, f"{n + 1}. {title}", "#ECEFF1", 16, True)
        if done:
            g.text(x + w - 12, y + 22, "✓ " + t("done"), "#69F0AE", 14, True, "right")
        lines = g.wrap(desc, w - 24, 12)[:2] if desc else []
        for k, line in enumerate(lines):
            g.text(x + 12, y + 42 + 14 * k, line, "#90A4AE", 12)
        y += h + 8
    g.button("editor", x, y + 6, w, 40, t("editor"), bg="#263238")
    y += 56
    for notice in app.shell.notices[-3:]:
        for line in g.wrap(notice, w, 12):
            g.text(x, y + 12, line, "#FFCC80", 12)
            y += 16
