"""A game's look for the shared chrome: colours, corner radius, fonts sizes (data, no drawing)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Theme:
    """Colours and shapes the shared chrome draws with; each game passes its own.

    ``fg``: text and button borders; ``dim``: secondary text; ``bar``: the top bar's fill;
    ``backdrop``: full-screen overlays (help); ``card``: results/options cards; ``card_fg``: text
    on a card; ``accent``: the primary action; ``good``/``bad``: result tones; ``focus``: the
    keyboard ring; ``radius``: button corners (0: square, as ``Gfx.button`` draws);
    ``active``: the fill of a chosen option; ``button_bg``: every button's fill; ``dim_alpha``: how much a card darkens the page.
    """

    fg: str = "#FFE0B2"
    dim: str = "#BCAAA4"
    bar: str = "#2B1B17"
    backdrop: str = "#1A110E"
    card: str = "rgba(43,27,23,0.94)"
    card_fg: str = "#FFE0B2"
    accent: str = "#FFB74D"
    good: str = "#A5D6A7"
    bad: str = "#FF8A65"
    focus: str = "#FFD54F"
    radius: float = 0.0
    active: str = "rgba(255,224,178,0.18)"
    disabled: str = "rgba(255,224,178,0.4)"
    button_bg: str = ""  # a fill under every button ("" leaves the background showing)
    dim_page: str = ""  # a colour laid over the page under a card ("" leaves the page as it is)
    dim_alpha: float = 0.55

    def tone(self, tone: str) -> str:
        """The colour of a ``ResultLine`` tone."""
        return {"good": self.good, "bad": self.bad, "dim": self.dim, "score": self.card_fg}.get(
            tone, self.card_fg
        )


__all__ = ["Theme"]
