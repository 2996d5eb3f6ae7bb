"""Issue #16: the default soft drop does not collide with browser shortcuts. With W/A/S/D moving,
the seed's Left Ctrl made Ctrl+W (close the tab) one finger away; no default key is a modifier."""

from __future__ import annotations

from www.floodline.keys import BINDINGS, MODIFIERS


def test_no_default_binding_is_a_modifier_key() -> None:
    assert not set(BINDINGS) & MODIFIERS
    assert "ControlLeft" in MODIFIERS and "MetaLeft" in MODIFIERS


def test_soft_drop_keeps_a_default_key_off_the_move_keys() -> None:
    soft = [k for k, a in BINDINGS.items() if a == "soft"]
    moves = {k for k, a in BINDINGS.items() if a in ("left", "right", "away", "near")}
    assert soft and not set(soft) & moves
