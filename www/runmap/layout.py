"""Screen geometry for Run Map (pure Python, no browser): regions, node positions, scrolling, hit tests.

The map runs bottom (layer 0) to top (the boss). It scrolls vertically when the layers do not
fit (the 15-layer full run on small screens). Desktop puts the info panel on the right; phones
put it under the map.
"""

from __future__ import annotations

from dataclasses import dataclass

from gwweb.shared.geometry import Rect  # noqa: F401 - re-exported for this game's modules

from engine.runmap import MapLayout, MapNode, NodeType

PHONE_W = 700
TOP_H = 48
PAD_Y = 44
MIN_SPACING = 64.0
MAX_SPAN = 680.0


@dataclass(frozen=True)
class Frame:
    """Where everything goes for one canvas size and map."""

    w: float
    h: float
    phone: bool
    top: Rect
    map: Rect
    panel: Rect
    spacing: float
    content_h: float
    node_r: float

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.content_h - self.map.h)


def compute(w: float, h: float, layer_count: int, party: int = 1) -> Frame:
    phone = w < PHONE_W
    top = Rect(0, 0, w, TOP_H)
    if phone:
        panel_h = min(190.0, max(150.0, h * 0.24)) + 18 * (max(1, party) - 1)
        panel = Rect(0, h - panel_h, w, panel_h)
        map_r = Rect(0, TOP_H, w, max(120.0, h - TOP_H - panel_h))
    else:
        pw = min(340.0, max(260.0, w * 0.28))
        panel = Rect(w - pw, TOP_H, pw, h - TOP_H)
        map_r = Rect(0, TOP_H, w - pw, h - TOP_H)
    gaps = max(1, layer_count - 1)
    fit = (map_r.h - 2 * PAD_Y) / gaps
    min_sp = 58.0 if phone else MIN_SPACING
    spacing = max(min_sp, fit)
    content_h = spacing * gaps + 2 * PAD_Y
    node_r = max(15.0, min(26.0, spacing * 0.32, map_r.w / 14))
    return Frame(w, h, phone, top, map_r, panel, spacing, content_h, node_r)


def node_radius(f: Frame, node: MapNode) -> float:
    return f.node_r * (1.3 if node.node_type == NodeType.BOSS else 1.0)


def node_xy(f: Frame, node: MapNode, scroll: float) -> tuple[float, float]:
    """Screen position (CSS px) of ``node`` when the map is scrolled by ``scroll`` px."""
    return content_xy(f, node)[0] + f.map.x, content_xy(f, node)[1] - (
        f.content_h - f.map.h
    ) + scroll + f.map.y


def content_xy(f: Frame, node: MapNode) -> tuple[float, float]:
    """Position inside the map content (``map.w`` × ``content_h``), origin at its top left."""
    mx = max(f.node_r * 2.2, f.map.w * 0.12)
    span = min(f.map.w - 2 * mx, MAX_SPAN)  # wide screens: keep the map compact and centred
    x = (f.map.w - span) / 2 + node.position.x * span
    y = f.content_h - PAD_Y - node.layer * f.spacing
    return x, y


def clamp_scroll(f: Frame, scroll: float) -> float:
    return max(0.0, min(f.max_scroll, scroll))


def scroll_to_layer(f: Frame, layer: int) -> float:
    """A scroll that puts ``layer`` about a third up from the bottom of the map view."""
    y_content = f.content_h - PAD_Y - layer * f.spacing
    # screen y = y_content - (content_h - map.h) + scroll ; want it at map.h * 0.68
    want = f.map.h * 0.68
    return clamp_scroll(f, want - y_content + (f.content_h - f.map.h))


def node_at(f: Frame, layout: MapLayout, scroll: float, px: float, py: float, slack: float = 8) -> int | None:
    """The index of the node under the point, if any (nearest within its radius + ``slack``)."""
    if not f.map.contains(px, py):
        return None
    best: tuple[float, int] | None = None
    for n in layout.nodes:
        x, y = node_xy(f, n, scroll)
        r = node_radius(f, n) + slack
        d2 = (x - px) ** 2 + (y - py) ** 2
        if d2 <= r * r and (best is None or d2 < best[0]):
            best = (d2, n.index)
    return None if best is None else best[1]


def modal_rect(f: Frame, want_w: float, want_h: float) -> Rect:
    """A dialog box centred on the map view (the whole width on phones)."""
    area = f.map if not f.phone else Rect(0, TOP_H, f.w, f.h - TOP_H)
    w = min(want_w, area.w - 16)
    h = min(want_h, area.h - 16)
    return Rect(area.x + (area.w - w) / 2, area.y + (area.h - h) / 2, w, h)
