"""Key hints in the help, pause and tutorial texts follow the current bindings (issue #5: rebindable
keys; a rebind must not leave texts naming the old key), in both languages, and name the touch pad's
buttons on touch devices."""

from __future__ import annotations

import re
import string

import pytest

from www.floodline.hints import hint_fmt, key_label
from www.floodline.keys import BINDINGS
from www.floodline.strings import TABLES, tip_for


def rebound(**moves: str) -> dict[str, str]:
    """The shell's merge of defaults and the rebinder's overrides: ``KeyB="KeyN"`` moves B's action to N."""
    b = dict(BINDINGS)
    for old, new in moves.items():
        action = b[old]
        b[old] = ""
        b[new] = action
    return b


def t_for(lang: str):  # type: ignore[no-untyped-def]
    def t(key: str, **fmt: object) -> str:
        text = TABLES[lang].get(key) or TABLES["en"].get(key) or key
        return text.format(**fmt) if fmt else text

    return t


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("touch", [False, True])
def test_every_placeholder_in_the_tables_is_filled(lang: str, touch: bool) -> None:
    fmt = hint_fmt(BINDINGS, lang, touch, t_for(lang))
    data_keys = {
        "n",
        "count",
        "height",
        "area",
        "worldLevel",
        "units",
        "length",
        "maxMass",
        "metric",
        "value",
    }
    data_keys |= {"d", "s", "l", "m", "t", "v", "seed", "why", "", "k"}  # k: the HUD passes an ability key
    data_keys |= {"level", "recorded", "plays", "index", "text"}  # replay refusals (engine replay_file)
    data_keys |= {"p", "skip", "keys", "touch"}  # level grid: previous level; help: skip count, key lines
    for key, text in TABLES[lang].items():
        names = {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}
        missing = names - set(fmt) - data_keys
        assert not missing, (key, missing)


def test_defaults_read_as_before() -> None:
    fmt = hint_fmt(BINDINGS, "en")
    help_text = TABLES["en"]["keys_help"].format(**fmt)
    assert help_text.startswith("A/D/W/S move · Q/E R/F Z/C rotate · Space drop · X soft · Shift hold")
    assert "1–4 tilt (Alt+1–4 preview) · F1–F4 view · [ ] cut · B basins · Esc pause" in help_text
    assert tip_for(t_for("en"), 1, fmt).startswith(
        "Each piece has its own slot in the stone floor: move it with A/D/W/S (or arrows) over its slot"
        " and drop it with Space"
    )
    assert "turn them flat with R/F and Q/E" in tip_for(t_for("en"), 1, fmt)
    assert "Пробел" in tip_for(t_for("ru"), 1, hint_fmt(BINDINGS, "ru"))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_rebinding_b_to_n_changes_the_help_text(lang: str) -> None:
    fmt = hint_fmt(rebound(KeyB="KeyN"), lang)
    help_text = TABLES[lang]["keys_help"].format(**fmt)
    word = "basins" if lang == "en" else "бассейны"
    assert f"N {word}" in help_text and f"B {word}" not in help_text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_rebound_keys_reach_the_tutorial_tips(lang: str) -> None:
    b = rebound(Space="KeyJ", Digit3="KeyU", Digit4="KeyI", ShiftLeft="KeyH", KeyG="KeyK", KeyV="KeyY")
    b["ShiftRight"] = ""  # the rebinder clears every key of the action it rebinds
    fmt = hint_fmt(b, lang)
    t = t_for(lang)
    assert re.search(r"\bJ\b", tip_for(t, 1, fmt)) and "Space" not in tip_for(t, 1, fmt)
    assert "Пробел" not in tip_for(t, 1, fmt)
    assert ("Press U/I while" if lang == "en" else "Нажмите U/I, пока") in tip_for(t, 2, fmt)
    assert "3/4" not in tip_for(t, 2, fmt)
    assert "Alt+U/I" in tip_for(t, 4, fmt)
    assert tip_for(t, 6, fmt).startswith("H ") and "Shift" not in tip_for(t, 6, fmt)
    assert ("press K:" if lang == "en" else "нажмите K:") in tip_for(t, 16, fmt)  # Lv16's tip (6af41ec)
    assert tip_for(t, 25, fmt).startswith("Y ")
    # the HUD's ability lines name the ability's key (the HUD passes it as {k})
    assert t("freeze", n=2, k=fmt["freeze"]).endswith("(K) ×2") and "(Y)" in t(
        "stabilize", n=1, k=fmt["stabilize"]
    )
    # the tilt range is written 1–4 only while the keys run in order
    assert "Alt+1/2/U/I" in tip_for(t, 3, fmt)


def test_an_action_left_without_a_key_shows_a_dash() -> None:
    b = rebound(KeyV="KeyG")  # G moves to stabilize: freeze has no key now
    fmt = hint_fmt(b, "en")
    assert fmt["stabilize"] == "G" and fmt["freeze"] == "—"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_touch_tips_name_the_pad_not_keys(lang: str) -> None:
    t = t_for(lang)
    fmt = hint_fmt(BINDINGS, lang, True, t)
    tip4 = tip_for(t, 4, fmt)
    assert "Alt" not in tip4 and TABLES[lang]["pad_peek"] in tip4 and "T←" in tip4
    tip2 = tip_for(t, 2, fmt)
    assert "T←/T→" in tip2 and "3/4" not in tip2
    assert TABLES[lang]["pad_hold"] in tip_for(t, 6, fmt)
    assert "(or arrows)" not in tip_for(t, 1, fmt)
    assert TABLES[lang]["pad_hard"] in t("tip_touch", **fmt)


def test_key_labels() -> None:
    assert [key_label(c) for c in ("KeyN", "Digit7", "Space", "ControlLeft", "BracketLeft", "Numpad4")] == [
        "N",
        "7",
        "Space",
        "Ctrl",
        "[",
        "Num4",
    ]
    assert key_label("Space", "ru") == "Пробел"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_keys_help_names_the_ability_keys(lang: str) -> None:
    words = ("stabilize", "freeze", "drain") if lang == "en" else ("якорь", "заморозка", "сток")
    help_text = TABLES[lang]["keys_help"].format(**hint_fmt(BINDINGS, lang))
    assert f"V {words[0]} · G {words[1]} · P {words[2]}" in help_text
    rebound_text = TABLES[lang]["keys_help"].format(**hint_fmt(rebound(KeyV="KeyY", KeyP="KeyO"), lang))
    assert f"Y {words[0]}" in rebound_text and f"O {words[2]}" in rebound_text
    assert f"V {words[0]}" not in rebound_text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_touch_tip_names_the_view_button_as_it_is_labelled(lang: str) -> None:
    from www.floodline.iso import VIEW_NAMES

    t = t_for(lang)
    for name in VIEW_NAMES:
        tip = t("tip_touch", **hint_fmt(BINDINGS, lang, True, t, name))
        named = [v for v in VIEW_NAMES if re.search(rf"\b{v}\b", tip)]
        assert named == [name], (name, tip)
