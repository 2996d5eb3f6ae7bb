"""Fitted font sizes, memoised: ``Gfx.fit_text`` measures a label once per size it tries, which made
the HUD and top bar cost milliseconds per redraw (issue #20). The answers depend only on the text,
the width, the size and the weight (one font family), so they are kept."""

from __future__ import annotations

from gwweb.shared.canvas import Gfx

_FIT: dict[tuple[str, float, float, bool, float], float] = {}
_MAX = 4000


def fit(g: Gfx, text: str, max_w: float, size: float, bold: bool = False, min_size: float = 8) -> float:
    """``g.fit_text(text, max_w, size, bold, min_size)``, remembered."""
    key = (text, round(max_w, 1), size, bold, min_size)
    got = _FIT.get(key)
    if got is None:
        if len(_FIT) > _MAX:
            _FIT.clear()
        got = _FIT[key] = g.fit_text(text, max_w, size, bold, min_size)
    return got


def ellipsize(g: Gfx, text: str, avail: float, size: float, bold: bool = False) -> str:
    """``text`` cut with "…" until it fits ``avail`` at ``size`` (remembered)."""
    key = ("…" + text, round(avail, 1), size, bold, -1.0)
    got = _CUT.get(key)
    if got is None:
        out = text
        while len(out) > 4 and g.measure(out, size, bold) > avail:
            out = out[:-2].rstrip() + "…"
        if len(_CUT) > _MAX:
            _CUT.clear()
        got = _CUT[key] = out
    return got


_CUT: dict[tuple[str, float, float, bool, float], str] = {}


_W: dict[tuple[str, float, bool], float] = {}


def width(g: Gfx, text: str, size: float = 14, bold: bool = False) -> float:
    """``g.measure(text, size, bold)``, remembered."""
    key = (text, size, bold)
    got = _W.get(key)
    if got is None:
        if len(_W) > _MAX:
            _W.clear()
        got = _W[key] = g.measure(text, size, bold)
    return got
