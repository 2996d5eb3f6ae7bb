"""Floodline's look for the shared chrome (``gwweb.shared.chrome``): its ``Theme`` and the top bar
every screen draws (the way home, the title, a status, the page's buttons)."""

from __future__ import annotations

from gwweb.floodline.hud import ACCENT, DIM, GOOD, INK, WARN
from gwweb.floodline.iso import VIEW_NAMES
from gwweb.floodline.strings import Tr
from gwweb.shared import chrome
from gwweb.shared.canvas import Gfx

BG = "#15202b"

THEME = chrome.Theme(
    fg="#FFE0B2",
    dim=DIM,
    bar="#0a1018",
    backdrop="rgba(10,16,24,0.97)",
    card="rgba(24,36,50,0.97)",
    card_fg=INK,
    accent=ACCENT,
    good=GOOD,
    bad=WARN,
    focus="#FFD54F",
    dim_page="rgb(5,10,16)",
    dim_alpha=0.55,
)
"""Floodline's colours: the night-blue page, warm buttons, gold accent."""


def bar(
    g: Gfx,
    t: Tr,
    status: str,
    *,
    muted: bool,
    home: bool,
    view: int | None = None,
    status_color: str | None = None,
) -> None:
    """The shared top bar: home (the launcher; none inside a blog post), the title on a wide screen,
    ``status`` (the level's name, or the stars won), and the buttons: on the play screen Levels,
    Pause and the view (``view``), then Help (wide screens; a phone opens it from the pause card),
    the language and sound."""
    phone = g.width < 560
    buttons: list[chrome.BarButton] = []
    if view is not None:
        buttons += [
            chrome.BarButton("levels", t("menu"), "☰"),
            chrome.BarButton("pause", "Ⅱ", "Ⅱ"),
            chrome.BarButton("view", VIEW_NAMES[view], VIEW_NAMES[view]),
        ]
    if not phone or view is None:
        buttons.append(chrome.BarButton("help", "?", "?"))
    buttons += [
        chrome.BarButton("lang", t("lang"), t("lang")),
        chrome.BarButton("mute", "♪ ×" if muted else "♪", "♪ ×" if muted else "♪"),
    ]
    chrome.top_bar(
        g,
        THEME,
        t("title"),
        buttons,
        phone=phone,
        status=status,
        status_color=status_color,
        home=home,
        bw=None if phone else 58.0,
    )


__all__ = ["BG", "THEME", "bar"]
