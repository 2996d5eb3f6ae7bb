"""The text width of the shared results card (added by the Reactor page, issue #27 / #24 review).

A game that decides how to split a score line (one line or two) needs the width the card wraps its
body text at. That width is ``results.results_card``'s own business (its card margin against the
area and its text margins), so it is not copied here: ``card_text_width`` asks the card itself, by
laying out one body line on a canvas that only records the width it is asked to wrap at. If the
card's margins change, every caller follows.
"""

from __future__ import annotations

from typing import Any

from .results import CardLine, results_card
from .theme import Theme


class _WrapProbe:
    """A canvas that draws nothing and remembers the widths ``wrap`` was asked for."""

    width = 0.0
    height = 0.0

    def __init__(self) -> None:
        self.widths: list[float] = []

    def wrap(self, text: str, width: float, size: float = 14, bold: bool = False) -> list[str]:
        self.widths.append(width)
        return [text]

    def fit_text(self, text: str, width: float, size: float, bold: bool = False) -> float:
        return size

    def __getattr__(self, name: str) -> Any:  # every drawing call is a no-op
        return lambda *a, **k: None


def card_text_width(theme: Theme, width: float, area_w: float) -> float:
    """The width (px) the results card of ``width`` wraps a body line at, drawn in an area
    ``area_w`` wide (the card never overflows the area)."""
    probe = _WrapProbe()
    results_card(probe, theme, "", [CardLine(" ")], [], area=(0.0, 0.0, area_w, 1000.0), width=width)  # type: ignore[arg-type]
    return probe.widths[0]


__all__ = ["card_text_width"]
