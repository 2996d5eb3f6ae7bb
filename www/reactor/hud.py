"""The play panel: level-state banner, refusal reason, service counts, inventory, action buttons,
forecast list (hover highlights the cell) and the inspector."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.session import IllegalMoveError
from engine.reactor import inspect_cell, status
from engine.reactor.actions import action_options
from engine.reactor.balance import CARRIERS, QUANTITIES
from engine.reactor.campaign import entry as campaign_entry
from engine.reactor.pulse import caution_reasons

from .cascade import text as ctext
from .cascade_draw import draw_panel
from .egoals import level_text
from .model import pair_rules
from .render import sized_layer
from .sprites import COL, SURF_COL
from .strings import reason, refusal, warning_text

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

    from engine.reactor.state import ReactorState

    from .layout import Layout
    from .parts import PlayView

TEXT, DIM, WARN, BAD = "#ECEFF1", "#90A4AE", "#FFCA28", "#FF5252"
BANNER = {
    "Stable": ("#1B5E20", "#C8E6C9"),
    "Caution": ("#E65100", "#FFF3E0"),
    "Critical": ("#B71C1C", "#FFEBEE"),
    "Ready": ("#00C853", "#003300"),
    "Won": ("#FFD600", "#212121"),
    "Lost": ("#4A0000", "#FF8A80"),
}
ACTIONS = (
    ("interact", "interact", "E"),
    ("repair", "repair", "R"),
    ("activate", "activate", "X"),
    ("remedy fuel", "remedy_fuel", "1"),
    ("remedy coolant", "remedy_coolant", "2"),
    ("remedy electricity", "remedy_electricity", "3"),
    ("shield", "shield", "H"),
)
INV = ("fuel_neutralizer", "coolant_neutralizer", "electricity_neutralizer", "heat_shield")
INV_COL = (SURF_COL["fuel"], SURF_COL["coolant"], SURF_COL["electricity"], SURF_COL["heat"])


def memo_measure(lg: Gfx) -> Gfx:
    """``lg`` with its text measuring remembered (the panel measures the same labels on every
    repaint: button labels fitted, columns sized); the layer's font family never changes."""
    widths: dict[tuple[str, float, bool], float] = {}
    measure = lg.measure

    def remembered(s: str, size: float = 14, bold: bool = False) -> float:
        key = (s, size, bold)
        got = widths.get(key)
        if got is None:
            if len(widths) > 4000:
                widths.clear()
            got = widths[key] = measure(s, size, bold)
        return got

    lg.measure = remembered  # type: ignore[method-assign]
    return lg


class Hud:
    def __init__(self) -> None:
        self.rows: list[tuple[float, float, float, float, tuple[int, int] | None]] = []
        self._text_key: tuple[str, str, int] | None = None
        self._text: tuple[str, str] = ("", "")
        self._wrapped: dict[int, tuple[tuple[str, float, int], list[str]]] = {}
        self._hint_key: tuple[str, bool] | None = None
        self._layer: Any = None
        self._memo_for: Gfx | None = None  # the layer whose measure is remembered
        self._key: tuple[Any, ...] = ()
        self._refs: tuple[Any, ...] = ()
        self._regions: list[Any] = []
        self.painted = 0  # times the panel layer was redrawn (tests)
        self._views: tuple[Any, dict[str, Any], dict[str, bool]] | None = None

    def views(self, st: ReactorState) -> tuple[dict[str, Any], dict[str, bool]]:
        """The engine's views the panel shows for ``st`` (status, action options), computed once
        per state: states never change, frames redraw often."""
        v = self._views
        if v is None or v[0] is not st:
            v = self._views = (st, status(st), action_options(st))
        return v[1], v[2]

    def level_text(self, app: PlayView, lang: str) -> tuple[str, str]:
        """Title and goal of the level being played in ``lang`` (read once per level and language)."""
        play = app.run
        assert play is not None
        key = (play.key, lang, id(play))
        if self._text_key != key:
            self._text_key = key
            if play.key and not play.key.startswith("test:"):
                self._text = level_text(play.key, app.custom, lang)
            else:
                meta = play.state.meta
                self._text = (meta.title, meta.description)
        return self._text

    def goal_lines(self, g: Gfx, text: str, w: float, most: int, slot: int = 0) -> list[str]:
        """``text`` wrapped to ``w`` at 12 px in at most ``most`` lines, the last cut with "…"
        (cached per ``slot``: 0 the goal, 1 the caution reasons, 2 a refusal)."""
        key = (text, w, most)
        cached = self._wrapped.get(slot)
        if cached is None or cached[0] != key:
            lines = g.wrap(text, w, 12) if text else []
            if len(lines) > most:
                lines = lines[: most - 1] + [lines[most - 1].rstrip(" ,") + " …"]
            cached = self._wrapped[slot] = (key, lines)
        return cached[1]

    def row_at(self, x: float, y: float) -> tuple[int, int] | None:
        for rx, ry, rw, rh, cell in self.rows:
            if rx <= x <= rx + rw and ry <= y <= ry + rh:
                return cell
        return None

    def draw(self, g: Gfx, app: PlayView, lay: Layout) -> None:
        """The panel, from an offscreen layer redrawn only when something it shows changed (its
        buttons are registered again every frame)."""
        play = app.run
        assert play is not None
        play, anim = play, app.anim
        st = anim.shown if anim is not None else play.state
        x, y, w, h = lay.px - 4, lay.py - 4, lay.pw + 8, lay.ph + 8
        key = (
            app.shell.i18n.lang,
            id(st),
            id(play.state),
            id(anim),
            anim.index if anim is not None else -1,
            play.key,
            play.message,
            play.refusal[0],
            tuple(sorted(play.refusal[1].items())),
            play.note,
            play.hinted,
            app.cascades.mode,
            app.ui.eye,
            app.ui.eye_layer,
            app.ui.hover_cell,
            app.ui.selected,
            (x, y, w, h, lay.wide, lay.cell, g.dpr),
        )
        if self._layer is None or self._key != key:
            self._refs = (st, play.state, anim)  # keeps the ids in the key from being reused
            lg = self._layer
            if lg is None or (lg.width, lg.height, lg.dpr) != (w, h, g.dpr):
                lg = self._layer = sized_layer(g, lg, w, h)
            if lg is not self._memo_for:  # a new layer object: remember its measures
                self._memo_for = memo_measure(lg)
            lg.begin_frame()
            lg.clear_rect(0, 0, w, h)
            lg.translate(-x, -y)
            self.paint(lg, app, lay)
            self._regions = list(lg.regions)
            self._key = key
            self.painted += 1
        g.blit(self._layer, x, y)
        g.regions.extend(self._regions)

    def warm(self, g: Gfx) -> None:
        """Make the panel's layer ahead of the first level (start-up warm-up)."""
        if self._layer is None:
            self._layer = self._memo_for = memo_measure(g.layer(1, 1))

    def paint(self, g: Gfx, app: PlayView, lay: Layout) -> None:
        play = app.run
        assert play is not None
        t = app.t
        lang = app.shell.i18n.lang
        anim = app.anim
        # while the pulse cascade plays, the panel shows the stage being played, not the end result
        st = anim.shown if anim is not None else play.state
        stat, options = self.views(st)
        x, y, w = lay.px, lay.py, lay.pw
        bottom = lay.py + lay.ph
        g.rect(x - 4, y - 4, w + 8, lay.ph + 8, "#101820")
        self.rows = []
        # title
        title, goal = self.level_text(app, lang)
        mode = app.cascades.mode
        cb = f"{ctext(lang, 'cascade')}: {ctext(lang, mode)}"
        cw = min(w * 0.4, g.measure(cb, 11) + 14)
        pulse = t("pulse", n=play.state.pulse)
        pw = g.measure(pulse, 13) + 8
        fs = g.fit_text(title, w - cw - pw - 12, 17, True)
        g.text(x + 4, y + 16, title, TEXT, fs, True)
        g.text(x + w - cw - 6, y + 16, pulse, DIM, 13, False, "right")
        g.button("cascade", x + w - cw, y + 1, cw, 22, cb, size=11, bg="#1C2A35", active=mode != "full")
        y += 26
        # the level's goal, always readable while playing
        for line in self.goal_lines(g, t("goal") + " " + goal if goal else "", w - 8, 5):
            g.text(x + 4, y + 11, line, "#B0BEC5", 12)
            y += 15
        if goal:
            y += 3
        # banner
        ls = st.level_state
        bg, fg = BANNER.get(ls, ("#333", TEXT))
        g.rect(x, y, w, 32, bg)
        label = t(f"state_{ls}")
        if ls == "Lost" and st.outcome is not None:
            why = st.events[-1] if st.events and lang != "ru" else reason(lang, st.outcome.reason)
            label += " — " + why
        g.text(x + w / 2, y + 17, label, fg, g.fit_text(label, w - 8, 17, True), True, "center", "middle")
        y += 36
        if play.message:
            code, params = play.refusal
            msg = t("refused", r=refusal(lang, code, params, play.message)) if code else play.message
            for line in self.goal_lines(g, msg, w - 8, 3, 2):  # long refusals wrap, cut with "…"
                g.text(x + 4, y + 12, line, BAD, 12)
                y += 15
        elif play.note:
            for line in g.wrap(play.note, w - 8, 13)[:3]:
                g.text(x + 4, y + 12, line, "#FFE082", 13, True)
                y += 16
        elif ls in ("Caution", "Critical"):
            reasons = ", ".join(dict.fromkeys(reason(lang, r) for r in caution_reasons(st)))
            for line in self.goal_lines(g, reasons, w - 8, 3, 1):
                g.text(x + 4, y + 12, line, WARN, 12)
                y += 15
        # producing / required
        prod, req = stat["producing"], stat["required"]
        g.text(x + 4, y + 13, t("consumers") + ":", DIM, 12)
        cx = x + 4 + g.measure(t("consumers") + ":", 12) + 8
        for c in CARRIERS:
            ok = prod[c] >= req[c]
            txt = f"{prod[c]}/{req[c]}"
            g.circle(cx + 5, y + 9, 5, COL[c], "#000", 1)
            g.text(cx + 13, y + 13, txt, TEXT if ok else WARN, 13, True)
            cx += 22 + g.measure(txt, 13, True) + 6
        y += 20
        # inventory
        cx = x + 4
        inv = stat["inventory"]
        for item, col in zip(INV, INV_COL):
            txt = f"{t('inv_' + item)} {inv[item]}"
            g.text(cx, y + 13, txt, col if inv[item] else DIM, 12, inv[item] > 0)
            cx += g.measure(txt, 12, True) + 10
        if st.heat_immunity > 0:
            imm = t("immunity", n=st.heat_immunity)
            if cx + g.measure(imm, 12, True) > x + w - 4:  # no room on the inventory line (phones)
                y += 17
            g.text(x + w - 4, y + 13, imm, COL["heat"], 12, True, "right")
        y += 20
        here = self.here(app, st)
        if here:
            g.text(x + 4, y + 12, here, TEXT, g.fit_text(here, w - 8, 12, False, 8))
            y += 17
        # actions: three columns
        bw, bh = (w - 8) / 3, 34 if lay.wide else 32
        for k, (text, label, hot) in enumerate(ACTIONS):
            bx = x + (k % 3) * (bw + 4)
            by = y + (k // 3) * (bh + 4)
            on = options.get(text, True)
            # a greyed button still answers a tap (the engine's refusal says why)
            g.button(
                f"act:{text}",
                bx,
                by,
                bw,
                bh,
                f"{t(label)} [{hot}]",
                size=13,
                bg="#1C2A35" if on else "#141B22",
                fg="#FFE0B2" if on else "rgba(255,224,178,0.38)",
            )
            if on and text in ("activate",):
                g.frame(bx + 2.5, by + 2.5, bw - 5, bh - 5, "#00E676", 2)
        k = len(ACTIONS)
        can = play.can_view()
        g.button(
            "eye",
            x + (k % 3) * (bw + 4),
            y + (k // 3) * (bh + 4),
            bw,
            bh,
            f"{t('eye_off') if app.ui.eye else t('eye')} [V]",
            size=13,
            bg="#1A237E" if can else "#1C2A35",
            active=app.ui.eye,
            enabled=True,
        )
        k += 1
        if app.ui.eye:
            g.button(
                "eyelayer",
                x + (k % 3) * (bw + 4),
                y + (k // 3) * (bh + 4),
                bw,
                bh,
                f"{t('eye_layers')}: {t(app.ui.eye_layer) if app.ui.eye_layer != 'all' else t('all')}",
                size=12,
                bg="#1C2A35",
            )
            k += 1
        if self.has_hint(play.key) and st.outcome is None:
            g.button(
                "hint",
                x + (k % 3) * (bw + 4),
                y + (k // 3) * (bh + 4),
                bw,
                bh,
                t("hint"),
                size=12,
                bg="#1C2A35",
                active=play.hinted,
            )
            k += 1
        y += ((k + 2) // 3) * (bh + 4) + 4  # k buttons drawn, three per row
        if app.ui.eye:
            for line in g.wrap(t("eye_legend") if lay.cell >= 44 else t("eye_legend_small"), w - 8, 11)[:2]:
                g.text(x + 4, y + 10, line, DIM, 11)
                y += 14
            y += 2
        if lay.wide:
            for line in g.wrap(t("keys"), w - 8, 11)[:3]:
                g.text(x + 4, y + 10, line, DIM, 11)
                y += 14
            y += 4
        room = bottom - y
        both = room > 330
        show_inspector = app.ui.selected is not None
        if both or not show_inspector:  # the forecast shares the room only with an open inspector
            y = self.forecast(g, app, stat, x, y, w, y + room * 0.45 if show_inspector else bottom)
        elif app.anim is not None:  # no room for the stage list: the stage on one line
            y = draw_panel(g, app, app.anim, x, y, w, y + 18)
        if show_inspector:
            self.inspector(g, app, x, y + 4, w, bottom)

    def has_hint(self, key: str) -> bool:
        """Is ``key`` a campaign level (it offers a hint)? Asked once per level."""
        if self._hint_key is None or self._hint_key[0] != key:
            self._hint_key = (key, campaign_entry(key) is not None)
        return self._hint_key[1]

    def here(self, app: PlayView, st: ReactorState) -> str:
        """What the robot stands on: the prop (and its state) and reachable leaks."""
        t = app.t
        parts = []
        p = st.props.get(st.robot)
        if p is not None:
            if p.kind == "flow":
                parts.append(f"{t('k_flow')} {t(p.carrier)} {t('on') if p.enabled else t('off')}")
            elif p.kind == "consumer":
                parts.append(f"{t('k_consumer')} {t('on') if p.enabled else t('off')}")
            elif p.kind == "junction":
                weights = ":".join(str(int(v)) for v in st.balance.junction_ratio_modes[p.ratio_mode])
                parts.append(f"{t('k_junction')} {weights}")
            elif p.kind == "door":
                parts.append(f"{t('k_door')} {t('open_') if p.open else t('closed')}")
            elif p.kind == "supply":
                parts.append(f"{t('k_supply')} {t(p.item)}" + (f" ({t('empty')})" if p.depleted else ""))
            else:
                parts.append(t("k_" + p.kind))
        for lk in st.leaks:
            if lk.access == st.robot and not lk.repaired:
                parts.append(f"{t('k_leak')} {t(lk.carrier)}")
        return (t("here") + ": " + ", ".join(parts)) if parts else ""

    def forecast(
        self, g: Gfx, app: PlayView, stat: dict[str, Any], x: float, y: float, w: float, end: float
    ) -> float:
        t = app.t
        lang = app.shell.i18n.lang
        pulse = app.run.state.pulse if app.run is not None else 0
        heading = t("forecast") if app.anim is None else ctext(lang, "title", n=pulse)
        g.text(x + 4, y + 14, heading, TEXT, 14, True)
        y += 20
        rows: list[tuple[str, str, str, tuple[int, int] | None]] = [
            (t("now"), wd["kind"], wd["carrier"], tuple(wd["cell"])) for wd in stat["warnings"]
        ]
        rows += [
            (
                t("pulse_in", n=f["pulse"]),
                f["kind"],
                f["subject"],
                None if f["cell"] is None else tuple(f["cell"]),
            )
            for f in stat["forecasts"]
        ]
        if app.anim is not None:  # the forecast is shown once the pulse cascade has played
            return draw_panel(g, app, app.anim, x, y, w, end)
        if not rows:
            g.text(x + 4, y + 13, t("no_forecast"), DIM, 12)
            return y + 20
        rh = 19
        col_w = max(g.measure(r[0], 12, True) for r in rows) + 10
        for when, kind, subject, cell in rows:
            if y + rh > end:
                g.text(x + 4, y + 12, "…", DIM, 12)
                y += rh
                break
            hover = app.ui.hover_cell is not None and app.ui.hover_cell == cell
            if hover:
                g.rect(x, y, w, rh, "#37474F")
            col = BAD if kind == "terminal_loss" else "#69F0AE" if kind == "reactor_ready" else WARN
            if when == t("now"):
                col = DIM if kind == "consumer_starved" else WARN
            g.text(x + 4, y + 14, when, col, 12, True)
            text = warning_text(lang, kind, subject, cell)
            g.text(x + 4 + col_w, y + 14, text, TEXT, g.fit_text(text, w - 8 - col_w, 12, False, 8), False)
            self.rows.append((x, y, w, rh, cell))
            y += rh
        return y + 4

    def inspector(self, g: Gfx, app: PlayView, x: float, y: float, w: float, end: float) -> None:
        play = app.run
        assert play is not None
        t = app.t
        st = play.state
        if app.ui.selected is None:
            return
        sx, sy = app.ui.selected
        try:
            info = inspect_cell(st, sx, sy)
        except IllegalMoveError:
            return
        g.rect(x, y, w, 1, "#37474F")
        g.text(x + 4, y + 18, f"{t('inspector')} ({sx},{sy}) — {t(info['terrain'])}", TEXT, 14, True)
        g.button("close_insp", x + w - 60, y + 3, 56, 22, t("close"), size=11)
        y += 26
        lines: list[tuple[str, str]] = []
        if "surface" in info:
            parts = []
            for q in QUANTITIES:
                v = info["surface"][q]
                parts.append(
                    (f"{t('water') if q == 'coolant' else t(q)} {v['text']} {t(v['band'])}", SURF_COL[q])
                )
            lines += parts
            if info.get("blocks"):
                lines.append(("blocks: " + ", ".join(f"{e} {n}" for e, n in info["blocks"].items()), DIM))
        prop = info.get("prop")
        if prop:
            desc = prop_desc(t, prop)
            if prop["kind"] == "terminal":
                desc = f"{t('f_eye_access')} {_value(t, st.eye_access)}"
            lines.append((f"{t('p_' + prop['kind'])}: {desc}", TEXT))
            if prop.get("services"):
                lines.append(("  " + ", ".join(f"{c}: {s}" for c, s in prop["services"].items()), TEXT))
            if isinstance(prop.get("heat"), dict):
                lines.append((f"  heat {prop['heat']['text']} {prop['heat']['band']}", SURF_COL["heat"]))
        for lk in info["leaks"]:
            lines.append(
                (
                    f"leak: {lk['carrier']} from {tuple(lk['at'])}{' (repaired)' if lk['repaired'] else ''}",
                    COL[lk["carrier"]],
                )
            )
        for c, u in info.get("underground", {}).items():
            lines.append(
                (
                    f"{t('underground')} {c}: {u['state']} amt {u['amount']} int {u['intensity']} integ {u['integrity']}",
                    SURF_COL[c],
                )
            )
        if "surface" in info:
            rules = pair_rules(st, st.grid.cell(sx, sy))
            if rules:
                lines.append((t("rules") + ":", DIM))
                lines += [(f"  {a} × {b} → {v}", TEXT if v != "Hold" else DIM) for a, b, v in rules]
        for text, col in lines:
            for line in g.wrap(text, w - 8, 12):
                if y + 16 > end:
                    return
                g.text(x + 4, y + 12, line, col, 12)
                y += 15


def _value(t: Any, v: Any) -> str:
    if isinstance(v, bool):
        return str(t("yes") if v else t("no"))
    if isinstance(v, (list, tuple)):
        if v and isinstance(v[0], (list, tuple)):
            return " ".join(f"({a},{b})" for a, b in v)
        return ":".join(str(e) for e in v)
    return str(t(v)) if isinstance(v, str) else str(v)


def prop_desc(t: Any, prop: dict[str, Any]) -> str:
    """A prop's inspectable fields as ``field value`` pairs in the page's language."""
    return ", ".join(
        f"{t('f_' + k)} {_value(t, v)}" for k, v in prop.items() if k != "kind" and not isinstance(v, dict)
    )
