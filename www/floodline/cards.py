"""The cards over the play field, on the shared chrome: the results card (the outcome, stars, the
stars missed and why, score and best; Next / Restart / Levels), the pause card (Resume / Restart /
Levels / Help, the level's prompt and the keys) and the help overlay (``HELP`` pages)."""

from __future__ import annotations

from typing import Any

from gwweb.floodline.hints import hint_fmt
from gwweb.floodline.look import THEME
from gwweb.floodline.strings import Tr
from gwweb.shared import chrome
from gwweb.shared.canvas import Gfx

from engine.core.chrome_data import HelpSection
from engine.floodline.campaign import SKIP_AFTER_LOSSES

#: the help overlay's pages (string keys; the keys and touch pages are filled with live bindings)
HELP = (
    HelpSection(title="help_goal_title", body="help_goal"),
    HelpSection(title="help_keys_title", body="help_keys"),
    HelpSection(title="help_touch_title", body="help_touch"),
    HelpSection(title="help_tilt_title", body="help_tilt"),
    HelpSection(title="help_water_title", body="help_water"),
)
TOP = chrome.BAR_H


def results(
    g: Gfx,
    t: Tr,
    outcome: dict[str, Any],
    n: int,
    has_next: bool,
    best: int | None,
    missed: list[str] | None = None,
) -> None:
    """The results card; ``missed`` = one line per star not earned and why (Part I §6.4)."""
    won = outcome["status"] == "WON"
    title = t("won") if won else (t("over") if n == 0 else t("lost"))
    lines: list[chrome.CardLine] = []
    if n:
        s = int(outcome["stars"])
        lines.append(chrome.CardLine("★" * s + "☆" * (3 - s), "score", THEME.accent))
    lines.append(chrome.CardLine(t("reason_" + outcome["reason"]), "body"))
    score = t("score", n=outcome["score"])
    if best is not None:
        score += "  ·  " + t("best_line", n=best)
    lines.append(chrome.CardLine(score, "dim"))
    lines += [chrome.CardLine(text, "body", "#ffb27a") for text in missed or []]
    buttons = [chrome.CardButton("next", t("next_level"), bold=True)] if won and has_next else []
    buttons += [chrome.CardButton("restart", t("restart")), chrome.CardButton("levels", t("menu"))]
    card(g, title, lines, buttons, 420.0, 40.0, THEME.accent if won else THEME.bad)


def pause(g: Gfx, t: Tr, help_text: str, tip: str = "") -> None:
    """The pause card: Resume / Restart / Levels / Help, the level's prompt again (it hides after
    12 s on the board) and the keys."""
    lines = [chrome.CardLine(tip, "body")] if tip else []
    lines.append(chrome.CardLine(help_text, "dim"))
    ids = ("resume", "restart", "levels", "help")
    words = ("resume", "restart", "menu", "help")
    buttons = [chrome.CardButton(i, t(w), bold=i == "resume") for i, w in zip(ids, words, strict=True)]
    card(g, t("paused"), lines, buttons, 440.0, 38.0, THEME.accent)


def card(
    g: Gfx,
    title: str,
    lines: list[chrome.CardLine],
    buttons: list[chrome.CardButton],
    width: float,
    button_h: float,
    color: str,
) -> None:
    """The shared chrome's card under the top bar, one button a row."""
    area = (0.0, TOP, g.width, g.height - TOP)
    chrome.results_card(
        g, THEME, title, lines, buttons, area=area, cols=1, width=width, button_h=button_h, title_color=color
    )


def help_page(g: Gfx, t: Tr, state: chrome.HelpState, bindings: dict[str, str], lang: str, view: str) -> None:
    """The help overlay on page ``state.page``: the keys page names the current ``bindings``, the
    touch page the pad's buttons (``hints.hint_fmt``); ``view``: the view button's label."""

    def body(sec: HelpSection) -> str:
        if sec.body == "help_keys":
            return t("help_keys", keys=t("keys_help", **hint_fmt(bindings, lang, False, t, view)))
        if sec.body == "help_touch":
            return t("help_touch", touch=t("tip_touch", **hint_fmt(bindings, lang, True, t, view)))
        return t(sec.body, skip=SKIP_AFTER_LOSSES)

    chrome.help_overlay(g, THEME, t, HELP, state, top=TOP, body=body)


__all__ = ["HELP", "help_page", "pause", "results"]
