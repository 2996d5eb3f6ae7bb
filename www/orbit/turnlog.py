"""The turn log (each turn in words, newest at the bottom), the status panel and the plan in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gwweb.shared.canvas import Gfx

from engine.orbit.game import start_names
from engine.orbit.moves import TurnPlan
from engine.orbit.rules import SPECS, WEAPONS
from engine.orbit.state import OrbitState
from engine.orbit.turn import burn_destination, plan_actions

from .layout import Rect
from .model import Turn
from .widgets import BAD, DIM, FG, HOT, PANEL, swatch

if TYPE_CHECKING:
    from .host import OrbitHost


def status_panel(app: OrbitHost, g: Gfx, rect: Rect, text: str) -> None:
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


def describe(app: OrbitHost, turn: Turn) -> list[tuple[str, str]]:
    """Localised pieces of one turn's log line, each with its colour."""
    tr = app.tr
    out: list[tuple[str, str]] = []
    me = turn.ship
    if turn.plan.burn is not None:
        # from the plan, not the transit: a ship that moves twice in a row has arrived by then
        ring = str(burn_destination(turn.before.ships[me], turn.plan))
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


def log_panel(app: OrbitHost, g: Gfx, rect: Rect, upto: int | None = None) -> None:
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
            slugs = app.match.state.ships[0].slugs  # rules 8: a duel drawn with a short railgun supply
            if slugs is not None:
                line += " " + tr("supply_short", n=slugs)
            for k, ln in enumerate(g.wrap(line, rect.w - 20, 12)[:3]):
                g.text(rect.x + 10, rect.y + 50 + 16 * k, ln, FG, 12, baseline="middle")
        return
    lh = 17.0
    width = rect.w - 36
    budget = int((rect.h - 28) // lh)
    key = (id(turns[-1]), len(turns), app.shell.i18n.lang, width, budget)
    if key != _log_cache.key:  # words measured once per turn, not in every animation frame
        _log_cache.key, _log_cache.lines = key, _log_lines(app, g, turns, width, budget)
    y = rect.y + 24
    lines = _log_cache.lines
    for ship, ln, color, first in lines:
        if first:
            swatch(g, rect.x + 16, y + 8, ship, 4)
        g.text(rect.x + 26, y + 8, ln, color, 12, baseline="middle")
        y += lh


LogLine = tuple[int, str, str, bool]
"""(ship, text, colour, first line of its turn) of one line of the log."""


class _LogCache:
    key: tuple[int, int, str, float, int] | None = None
    lines: list[LogLine] = []


_log_cache = _LogCache()


def _log_lines(app: OrbitHost, g: Gfx, turns: list[Turn], width: float, budget: int) -> list[LogLine]:
    """The newest turns' lines that fit ``budget`` lines of ``width``, oldest first."""
    lines: list[LogLine] = []
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
    return lines


def plan_text(app: OrbitHost, state: OrbitState, plan: TurnPlan) -> str:
    """The pending plan in words, in the page language (the engine's ``plan_actions``, translated)."""
    tr = app.tr
    ship = state.active_ship
    out: list[str] = []
    for a in plan_actions(state, plan):
        sub = tr(f"sub_{a.subsystem.value}") if a.subsystem is not None else ""
        if a.kind in ("allocate", "deallocate"):
            out.append(tr(f"act_{a.kind}", n=a.amount, sub=sub))
        elif a.kind == "vent":
            out.append(tr("act_vent", n=a.amount))
        elif a.kind == "rotate":
            flipped = ship.facing.flipped()
            out.append(
                tr("act_rotate", facing=tr("facing_pro" if flipped.value == "pro" else "facing_retro"))
            )
        elif a.kind in ("coast", "scoop"):
            out.append(tr(f"act_{a.kind}"))
        elif a.kind == "burn" and plan.burn is not None:
            text = tr("act_burn", burn=tr(f"burn_{plan.burn.value}"), ring=burn_destination(ship, plan))
            out.append(text + (" " + tr("act_adjust", n=f"{plan.adjust:+d}") if plan.adjust else ""))
        elif a.kind == "fire":
            targets = ", ".join(app.ship_name(t) for t in a.targets)
            out.append(tr("act_fire", weapon=sub, targets=targets))
        else:
            out.append(a.text)
    return "; ".join(out)
