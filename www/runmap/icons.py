"""Procedurally drawn node icons: one badge per node type, guardians each with their own face."""

from __future__ import annotations

import math

from gwweb.shared.canvas import Gfx

COLORS: dict[str, str] = {
    "COMBAT": "#E57373",
    "ELITE": "#FFB74D",
    "REST": "#81C784",
    "BOSS": "#CE93D8",
    "SHOP": "#FFD54F",
    "SHRINE": "#4FC3F7",
    "EVENT": "#4DB6AC",
    "TRAP": "#BCAAA4",
    "MEMORY_SHRINE": "#F48FB1",
}
INK = "#2B1B17"
ORDER = ("COMBAT", "ELITE", "REST", "BOSS", "SHOP", "SHRINE", "EVENT", "TRAP", "MEMORY_SHRINE")


_SPRITES: dict[tuple[str, str, float, bool, float], tuple[Gfx, int]] = {}
MAX_SPRITES = 200
USE_SPRITES = True


def badge(g: Gfx, x: float, y: float, r: float, kind: str, guardian: str = "", dim: bool = False) -> None:
    """A round badge in the type's colour with its glyph drawn in ink.

    In the browser each (type, guardian, size) is drawn once into a small offscreen canvas and
    blitted after that: a frame shows a dozen badges, whose glyphs are many path operations each."""
    if not USE_SPRITES:
        draw_badge(g, x, y, r, kind, guardian, dim)
        return
    key = (kind, guardian, round(r * 2) / 2, dim, float(g.dpr))
    hit = _SPRITES.get(key)
    if hit is None:
        if len(_SPRITES) >= MAX_SPRITES:
            _SPRITES.clear()
        half = math.ceil(key[2] + 3)
        sprite = g.layer(2 * half, 2 * half)
        sprite.begin_frame()
        draw_badge(sprite, half, half, key[2], kind, guardian, dim)
        hit = _SPRITES[key] = (sprite, half)
    sprite, half = hit
    g.blit(sprite, x - half, y - half)


def draw_badge(
    g: Gfx, x: float, y: float, r: float, kind: str, guardian: str = "", dim: bool = False
) -> None:
    """The badge drawn with vector operations."""
    color = COLORS.get(kind, "#FFFFFF")
    if dim:
        g.alpha(0.45)
    g.circle(x, y, r, fill=color, stroke=INK, width=max(1.5, r * 0.1))
    glyph(g, x, y, r * 0.62, kind, guardian)
    if dim:
        g.alpha(1.0)


def glyph(g: Gfx, x: float, y: float, s: float, kind: str, guardian: str = "") -> None:
    """The type's glyph in a box of half-size ``s`` around (x, y)."""
    w = max(1.5, s * 0.2)
    if kind == "COMBAT":
        _swords(g, x, y, s, w)
    elif kind == "ELITE":
        _horned_skull(g, x, y, s, w)
    elif kind == "REST":
        _campfire(g, x, y, s, w)
    elif kind == "BOSS":
        _guardian(g, x, y, s, w, guardian)
    elif kind == "SHOP":
        _coin_bag(g, x, y, s, w)
    elif kind == "SHRINE":
        _altar(g, x, y, s, w)
    elif kind == "EVENT":
        g.text(x, y + s * 0.08, "?", INK, s * 1.9, bold=True, align="center", baseline="middle")
    elif kind == "TRAP":
        _spikes(g, x, y, s, w)
    elif kind == "MEMORY_SHRINE":
        _crystal(g, x, y, s, w)


def _swords(g: Gfx, x: float, y: float, s: float, w: float) -> None:
    for sign in (1, -1):
        g.line(x - s * 0.85 * sign, y + s * 0.85, x + s * 0.8 * sign, y - s * 0.8, INK, w)
        # cross-guard
        gx, gy = x - s * 0.45 * sign, y + s * 0.45
        g.line(gx - s * 0.3, gy - s * 0.3 * sign, gx + s * 0.3, gy + s * 0.3 * sign, INK, w)


def _horned_skull(g: Gfx, x: float, y: float, s: float, w: float) -> None:
    g.poly([(x - s * 0.55, y - s * 0.2), (x - s * 0.95, y - s * 0.95), (x - s * 0.2, y - s * 0.5)], fill=INK)
    g.poly([(x + s * 0.55, y - s * 0.2), (x + s * 0.95, y - s * 0.95), (x + s * 0.2, y - s * 0.5)], fill=INK)
    g.circle(x, y, s * 0.6, fill=INK)
    g.rect(x - s * 0.35, y + s * 0.35, s * 0.7, s * 0.45, INK)
    g.circle(x - s * 0.24, y - s * 0.02, s * 0.16, fill=COLORS["ELITE"])
    g.circle(x + s * 0.24, y - s * 0.02, s * 0.16, fill=COLORS["ELITE"])


def _campfire(g: Gfx, x: float, y: float, s: float, w: float) -> None:
    g.line(x - s * 0.85, y + s * 0.85, x + s * 0.85, y + s * 0.45, INK, w * 1.2)
    g.line(x - s * 0.85, y + s * 0.45, x + s * 0.85, y + s * 0.85, INK, w * 1.2)
    g.poly(
        [
            (x - s * 0.5, y + s * 0.45),
            (x - s * 0.3, y - s * 0.3),
            (x - s * 0.05, y - s * 0.05),
            (x + s * 0.05, y - s * 0.95),
            (x + s * 0.35, y - s * 0.25),
            (x + s * 0.5, y + s * 0.45),
        ],
        fill=INK,
    )


def _guardian(g: Gfx, x: float, y: float, s: float, w: float, guardian: str) -> None:
    if guardian == "beholder":  # one great eye with eyestalks
        for k in range(5):
            a = math.pi * (1.15 + 0.175 * k)
            g.line(
                x + math.cos(a) * s * 0.55,
                y + math.sin(a) * s * 0.55,
                x + math.cos(a) * s * 1.0,
                y + math.sin(a) * s * 1.0,
                INK,
                w * 0.7,
            )
            g.circle(x + math.cos(a) * s * 1.0, y + math.sin(a) * s * 1.0, s * 0.13, fill=INK)
        g.circle(x, y + s * 0.15, s * 0.62, fill=INK)
        g.circle(x, y + s * 0.15, s * 0.36, fill="#FFF8E1")
        g.circle(x, y + s * 0.15, s * 0.17, fill=INK)
    elif guardian == "house":  # a house with a die in the door
        g.poly([(x - s * 0.95, y - s * 0.05), (x, y - s * 0.95), (x + s * 0.95, y - s * 0.05)], fill=INK)
        g.rect(x - s * 0.7, y - s * 0.1, s * 1.4, s * 0.95, INK)
        g.rect(x - s * 0.3, y + s * 0.1, s * 0.6, s * 0.6, "#FFF8E1")
        for dx, dy in ((-0.15, 0.25), (0.0, 0.4), (0.15, 0.55)):
            g.circle(x + s * dx, y + s * dy, s * 0.06, fill=INK)
    elif guardian == "shadow_kraken":  # head and tentacles
        g.circle(x, y - s * 0.3, s * 0.55, fill=INK)
        for k in range(4):
            bx = x + (k - 1.5) * s * 0.38
            g.line(bx, y, bx + (k - 1.5) * s * 0.25, y + s * 0.95, INK, w)
        g.circle(x - s * 0.2, y - s * 0.35, s * 0.11, fill="#FFF8E1")
        g.circle(x + s * 0.2, y - s * 0.35, s * 0.11, fill="#FFF8E1")
    elif guardian == "rng":  # a swirling portal with a die
        g.circle(x, y, s * 0.95, stroke=INK, width=w)
        g.circle(x, y, s * 0.6, stroke=INK, width=w)
        g.rect(x - s * 0.3, y - s * 0.3, s * 0.6, s * 0.6, INK)
        g.circle(x, y, s * 0.09, fill="#FFF8E1")
    else:  # a plain skull
        g.circle(x, y - s * 0.1, s * 0.7, fill=INK)
        g.rect(x - s * 0.4, y + s * 0.3, s * 0.8, s * 0.55, INK)
        g.circle(x - s * 0.27, y - s * 0.1, s * 0.18, fill=COLORS["BOSS"])
        g.circle(x + s * 0.27, y - s * 0.1, s * 0.18, fill=COLORS["BOSS"])


def _coin_bag(g: Gfx, x: float, y: float, s: float, w: float) -> None:
    g.circle(x, y + s * 0.25, s * 0.7, fill=INK)
    g.poly(
        [
            (x - s * 0.3, y - s * 0.45),
            (x - s * 0.5, y - s * 0.9),
            (x + s * 0.5, y - s * 0.9),
            (x + s * 0.3, y - s * 0.45),
        ],
        fill=INK,
    )
    g.circle(x, y + s * 0.25, s * 0.3, stroke=COLORS["SHOP"], width=w * 0.8)


def _altar(g: Gfx, x: float, y: float, s: float, w: float) -> None:
    g.rect(x - s * 0.8, y + s * 0.55, s * 1.6, s * 0.35, INK)
    g.rect(x - s * 0.45, y + s * 0.05, s * 0.9, s * 0.55, INK)
    # a four-pointed star above the altar
    cy = y - s * 0.45
    g.poly(
        [
            (x, cy - s * 0.55),
            (x + s * 0.14, cy - s * 0.14),
            (x + s * 0.55, cy),
            (x + s * 0.14, cy + s * 0.14),
            (x, cy + s * 0.55),
            (x - s * 0.14, cy + s * 0.14),
            (x - s * 0.55, cy),
            (x - s * 0.14, cy - s * 0.14),
        ],
        fill=INK,
    )


def _spikes(g: Gfx, x: float, y: float, s: float, w: float) -> None:
    pts = [(x - s * 0.95, y + s * 0.75)]
    for k in range(4):
        x0 = x - s * 0.95 + k * s * 0.475
        pts.append((x0 + s * 0.2375, y - s * 0.75 if k % 2 == 0 else y - s * 0.35))
        pts.append((x0 + s * 0.475, y + s * 0.25))
    pts[-1] = (x + s * 0.95, y + s * 0.75)
    g.poly(pts, fill=INK)


def _crystal(g: Gfx, x: float, y: float, s: float, w: float) -> None:
    g.poly(
        [(x, y - s * 0.95), (x + s * 0.6, y - s * 0.2), (x, y + s * 0.95), (x - s * 0.6, y - s * 0.2)],
        fill=INK,
    )
    g.line(x - s * 0.6, y - s * 0.2, x + s * 0.6, y - s * 0.2, COLORS["MEMORY_SHRINE"], w * 0.6)
    g.line(x, y - s * 0.95, x, y + s * 0.95, COLORS["MEMORY_SHRINE"], w * 0.5)


def die(g: Gfx, x: float, y: float, size: float, value: int, color: str = "#FFF8E1") -> None:
    """A rounded die face showing ``value`` (numbers above 6 are written, not pipped)."""
    g.rect(x, y, size, size, color)
    g.frame(x + 0.5, y + 0.5, size - 1, size - 1, INK, 1.5)
    if 1 <= value <= 6:
        pips = {
            1: [(1, 1)],
            2: [(0, 0), (2, 2)],
            3: [(0, 0), (1, 1), (2, 2)],
            4: [(0, 0), (2, 0), (0, 2), (2, 2)],
            5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
            6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
        }
        for cx, cy in pips[value]:
            g.circle(x + size * (0.25 + 0.25 * cx), y + size * (0.25 + 0.25 * cy), size * 0.09, fill=INK)
    else:
        g.text(
            x + size / 2,
            y + size / 2 + 1,
            str(value),
            INK,
            size * 0.55,
            bold=True,
            align="center",
            baseline="middle",
        )
