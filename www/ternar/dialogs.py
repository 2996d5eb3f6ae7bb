"""Cards over the board, drawn by the shared chrome (``gwweb.shared.chrome``): the New game card
(the modes ``engine.ternar.chrome`` declares) and the game-over card (its result lines). Imported on
first use, not before the first frame."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gwweb.shared import chrome
from gwweb.shared.chrome.widgets import button

from engine.ternar.chrome import CHROME, result_lines
from engine.ternar.engine import STORM_HEAVY

from .hud import THEME
from .layout import Rect
from .view import Tr, fmt_score

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

    from engine.ternar.model import State


def new_game_dialog(
    g: Gfx,
    t: Tr,
    *,
    mode: str,
    in_progress: bool,
    focus: bool = False,
    replay: bool = False,
    today: str = "",
    daily_focus: bool = False,
) -> Rect:
    """The modes (arrows move the highlight, Enter starts it: ``focus`` rings it); with ``replay``,
    "Watch best" replays the highlighted mode's best game; with ``today``, the day's game beside the
    card (issue #30). Returns the area a tap keeps the card open in (the card and the daily button)."""
    buttons = [chrome.CardButton("telemetry", t("telemetry")), chrome.CardButton("cancel", t("cancel"))]
    if replay:
        buttons.insert(0, chrome.CardButton("replay", t("replay")))
    x, y, w, h = chrome.options_card(
        g,
        THEME,
        CHROME.field("mode"),
        mode,
        lambda _n, v: t(f"mode_{v}"),
        lambda _n, v: t(f"mode_desc_{v}", heavy=STORM_HEAVY),
        t("new_game_q"),
        buttons,
        note=t("new_game_lost") if in_progress else "",
        focused=f"mode:{mode}" if focus and not daily_focus else None,
    )
    card = Rect(x, y, w, h)
    return daily_button(g, t, card, today, focus and daily_focus) if today else card


DAILY_H = 44.0
DAILY_GAP = 10.0


def daily_button(g: Gfx, t: Tr, card: Rect, today: str, focused: bool) -> Rect:
    """The day's game (today's seed in Classic, ``?daily``), a button under the New game card, or
    beside it where a short screen leaves no room below (a phone held sideways); left out when
    neither fits. Returns the card's rectangle grown to hold the button."""
    x, y, w, h = card.x, card.y, card.w, card.h
    if y + h + DAILY_GAP + DAILY_H <= g.height - 8:
        bx, by, bw = x, y + h + DAILY_GAP, w
    elif x + w + DAILY_GAP + 160 <= g.width - 8:  # beside the card's own bottom row of buttons
        bx, by, bw = x + w + DAILY_GAP, y + h - DAILY_H - 12, min(w, g.width - 8 - (x + w + DAILY_GAP))
    else:
        return card
    label = t("daily", date=today)
    g.round_rect(bx, by, bw, DAILY_H, THEME.radius + 4, fill=THEME.card)  # opaque over the dimmed board
    button(
        g, THEME, "daily", bx, by, bw, DAILY_H, label, size=g.fit_text(label, bw - 16, 15), focused=focused
    )
    right, bottom = max(x + w, bx + bw), max(y + h, by + DAILY_H)
    return Rect(x, y, right - x, bottom - y)


def game_over(
    g: Gfx, t: Tr, state: State, *, new_best: bool, focus: bool = False, replay: bool = False
) -> None:
    """Why the game ended and its score; Enter plays again (``focus`` rings that button), N picks a
    mode; with ``replay``, "Watch best" replays this mode's best game (issue #30)."""
    lines = [
        chrome.CardLine(
            t(ln.key, **{k: fmt_score(int(v)) if k == "score" else v for k, v in ln.params.items()}), ln.tone
        )
        for ln in result_lines(state)
    ]
    if new_best and state.options.mode != "zen":
        lines.append(chrome.CardLine(t("new_best"), "good"))
    buttons = [
        chrome.CardButton("again", t("new_game"), bold=True),
        chrome.CardButton("new", t("other_mode")),
    ]
    if replay:
        buttons.append(chrome.CardButton("replay", t("replay")))
    chrome.results_card(
        g, THEME, t("game_over"), lines, buttons, focused="again" if focus else None, button_h=42
    )
