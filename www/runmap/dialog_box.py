"""The look every Run Map dialog shares: the dimmed map behind it, its box, its button colour, and the
"waiting for the host" line and the party's wishes on an option (used by ``screens`` and the rules-3
dialogs in ``screens3``)."""

from __future__ import annotations

from gwweb.shared.canvas import Gfx

from engine.runmap import RunState

from . import layout
from .render import INK, MUTED, T

BOX = "#4E342E"
BTN = "#6D4C41"


def dim(g: Gfx, f: layout.Frame) -> None:
    g.alpha(0.62)
    g.rect(0, layout.TOP_H, f.w, f.h - layout.TOP_H, "#000000")
    g.alpha(1.0)


def box(g: Gfx, r: layout.Rect) -> None:
    g.rect(r.x, r.y, r.w, r.h, BOX)
    g.frame(r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1, INK, 2)


TAG_W = 32  # one player's wish tag on an option button


def waiting(g: Gfx, r: layout.Rect, y: float, s: RunState, t: T, key: str = "host_picks") -> None:
    """Who decides (``key``: the map's line, or ``host_picks_option`` where a guest wishes for an option)."""
    msg = t(key, n=s.host + 1) if s.host is not None else t("no_host")
    g.text(r.x + r.w / 2, y, msg, MUTED, g.fit_text(msg, r.w - 24, 15), align="center", baseline="middle")


def vote_tags(g: Gfx, right: float, y: float, h: float, seats: list[int], t: T) -> None:
    """The players wishing for an option: one tag each, right-aligned inside its button (as the
    map shows wishes beside a node)."""
    for k, seat in enumerate(reversed(seats)):
        tx, ty = right - 6 - TAG_W - k * TAG_W, y + (h - 18) / 2
        g.round_rect(tx, ty, TAG_W - 4, 18, 9, fill="#00363A", stroke="#80DEEA")
        g.text(tx + (TAG_W - 4) / 2, ty + 13, t("p_n", n=seat + 1), "#80DEEA", 12, align="center", bold=True)


def option_buttons(
    g: Gfx, r: layout.Rect, y: float, items: list[tuple[str, str, bool]], votes: dict[int, list[int]], t: T
) -> float:
    """A column of full-width option buttons (id, label, enabled), each with the party's wishes for
    it (``votes``: option index -> seats); returns the y below them."""
    for k, (bid, label, enabled) in enumerate(items):
        tags = votes.get(k, [])
        room = r.w - 44 - TAG_W * len(tags) * 2
        g.button(
            bid, r.x + 16, y, r.w - 32, 42, label, bg=BTN, size=g.fit_text(label, room, 16), enabled=enabled
        )
        vote_tags(g, r.x + r.w - 16, y, 42, tags, t)
        y += 50
    return y
