"""The shared new-game picker: one row per declared option (``OptionField``) and a level grid.

Buttons are ``<prefix>:<value>`` (the prefix is the field's name unless the game keeps an older id,
e.g. Orbit's ``np`` for ``players``), so ``choose(spec, values, bid, prefixes)`` reads a press back
into the options dict that ``TurnApp.new_game(options=...)`` takes; a value the engine's options
model does not allow is never drawn, so never chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gwweb.shared.canvas import Gfx

from engine.core.chrome_data import ChromeSpec, LevelEntry, OptionField, Value

from .results import CardButton, card
from .theme import Theme
from .widgets import RowItem, button, button_row

Label = Callable[[str, Value], str]
LEVEL = "level:"


def value_text(v: Value) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def button_id(f: OptionField, v: Value, prefixes: Mapping[str, str] | None = None) -> str:
    return f"{(prefixes or {}).get(f.name, f.name)}:{value_text(v)}"


def choose(
    spec: ChromeSpec, values: Mapping[str, Any], bid: str, prefixes: Mapping[str, str] | None = None
) -> dict[str, Value] | None:
    """The options after pressing ``bid``, or None when ``bid`` is no option button."""
    for f in spec.options:
        for v in f.choices:
            if bid == button_id(f, v, prefixes):
                return spec.options_for({**values, f.name: v})
    return None


def step_choice(spec: ChromeSpec, values: Mapping[str, Any], name: str, delta: int) -> dict[str, Value]:
    """Option ``name`` moved ``delta`` places along its choices (wrapping): the keyboard's ←/→."""
    f = spec.field(name)
    cur = spec.options_for(dict(values))[name]
    k = (f.choices.index(cur) + delta) % len(f.choices)
    return spec.options_for({**values, name: f.choices[k]})


def option_row(
    g: Gfx,
    theme: Theme,
    f: OptionField,
    value: Value,
    label: Label,
    x: float,
    y: float,
    w: float,
    h: float = 40.0,
    *,
    prefixes: Mapping[str, str] | None = None,
    caption: str = "",
    caption_w: float = 130.0,
    caption_bold: bool = False,
    caption_above: bool = False,
    focused: str | None = None,
    size: float = 15,
) -> float:
    """A caption and one button per choice (the chosen one filled). Returns the y under the row."""
    bx, bw_all = x, w
    if caption and caption_above:  # a narrow screen: the caption on its own line
        g.text(x, y + 13, caption, theme.dim, 13)
        y += 20
    elif caption:
        cap = (theme.fg, 15.0) if caption_bold else (theme.dim, 14.0)
        g.text(x, y + h / 2 + 1, caption, cap[0], cap[1], bold=caption_bold, baseline="middle")
        bx, bw_all = x + caption_w, w - caption_w
    n = len(f.choices)
    bw = (bw_all - (n - 1) * 8) / n
    items = []
    for v in f.choices:
        text = label(f.name, v)
        items.append(
            RowItem(button_id(f, v, prefixes), text, active=v == value, size=g.fit_text(text, bw - 8, size))
        )
    button_row(g, theme, items, bx, y, bw_all, h, gap=8.0, focused=focused)
    return y + h


def option_list(
    g: Gfx,
    theme: Theme,
    f: OptionField,
    value: Value,
    label: Label,
    describe: Label,
    x: float,
    y: float,
    w: float,
    h: float = 58.0,
    *,
    prefixes: Mapping[str, str] | None = None,
    focused: str | None = None,
) -> float:
    """The choices stacked, each a tall button with its name and a line saying what it is."""
    for v in f.choices:
        bid = button_id(f, v, prefixes)
        button(g, theme, bid, x, y, w, h, "", active=v == value, focused=focused == bid)
        g.text(x + 14, y + 24, label(f.name, v), theme.card_fg, 17, bold=True)
        desc = describe(f.name, v)
        g.text(x + 14, y + 45, desc, theme.dim, g.fit_text(desc, w - 24, 12.5), baseline="alphabetic")
        y += h + 8
    return y


def options_card(
    g: Gfx,
    theme: Theme,
    f: OptionField,
    value: Value,
    label: Label,
    describe: Label,
    title: str,
    buttons: Sequence[CardButton],
    *,
    note: str = "",
    prefixes: Mapping[str, str] | None = None,
    focused: str | None = None,
    width: float = 380.0,
) -> tuple[float, float, float, float]:
    """The New game card: ``title``, an optional ``note`` (what starting over loses), one tall button
    per choice of ``f`` (``option_list``) and ``buttons`` in a row at the bottom. Returns its rectangle."""
    h = 18.0 + 36 + (24 if note else 0) + len(f.choices) * 66 + 12 + 54 + 6
    x, y, w, h = card(g, theme, width, h)
    cx, ty = x + w / 2, y + 36
    g.text(cx, ty, title, theme.card_fg, 22, bold=True, align="center")
    if note:
        ty += 24
        g.text(cx, ty, note, theme.dim, 13, align="center")
    option_list(
        g, theme, f, value, label, describe, x + 16, ty + 18, w - 32, prefixes=prefixes, focused=focused
    )
    items = [RowItem(b.id, b.label, enabled=b.enabled, bold=b.bold) for b in buttons]
    button_row(g, theme, items, x + 16, y + h - 54, w - 32, 40, gap=12.0, size=14, focused=focused)
    return (x, y, w, h)


def level_grid(
    g: Gfx,
    theme: Theme,
    levels: Sequence[LevelEntry],
    title: Callable[[LevelEntry], str],
    x: float,
    y: float,
    w: float,
    *,
    cols: int = 5,
    cell_h: float = 52.0,
    marks: Mapping[str, str] | None = None,
    current: str | None = None,
    focused: str | None = None,
) -> float:
    """The engine's level list as a grid of buttons ``level:<id>`` (locked ones drawn, not pressable);
    ``marks`` adds a line under a title (stars, best). Returns the y under the grid."""
    cw = (w - (cols - 1) * 8) / cols
    for k, lv in enumerate(levels):
        cx, cy = x + (k % cols) * (cw + 8), y + (k // cols) * (cell_h + 8)
        bid = LEVEL + lv.id
        button(
            g,
            theme,
            bid,
            cx,
            cy,
            cw,
            cell_h,
            "",
            active=lv.id == current,
            enabled=not lv.locked,
            focused=focused == bid,
        )
        name = title(lv)
        fg = theme.fg if not lv.locked else theme.disabled
        g.text(
            cx + cw / 2,
            cy + cell_h * 0.38,
            name,
            fg,
            g.fit_text(name, cw - 8, 14, True),
            bold=True,
            align="center",
            baseline="middle",
        )
        mark = (marks or {}).get(lv.id, "")
        if mark:
            g.text(cx + cw / 2, cy + cell_h * 0.72, mark, theme.dim, 12, align="center", baseline="middle")
    rows = (len(levels) + cols - 1) // cols
    return y + rows * (cell_h + 8)


def level_of(bid: str) -> str | None:
    """The level id of a ``level:<id>`` press, else None."""
    return bid[len(LEVEL) :] if bid.startswith(LEVEL) else None


__all__ = [
    "LEVEL",
    "button_id",
    "choose",
    "level_grid",
    "level_of",
    "option_list",
    "option_row",
    "options_card",
    "step_choice",
]
