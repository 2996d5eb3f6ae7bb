"""Editor/display rules: layer opacity, layer-aware tools, colours, image keys."""

from __future__ import annotations

import pytest

from engine.reactor.presentation import CARRIER_COLORS, editor_tools, image_key, layer_opacity


def test_layer_opacity_rules() -> None:
    assert layer_opacity("surface") == {"surface": 1.0, "electricity": 0.25, "fuel": 0.25, "coolant": 0.25}
    assert layer_opacity("fuel") == {"surface": 0.5, "electricity": 0.25, "fuel": 1.0, "coolant": 0.25}
    with pytest.raises(ValueError):
        layer_opacity("magma")


def test_tools_are_layer_aware() -> None:
    assert "door" in editor_tools("surface") and "network" not in editor_tools("surface")
    assert editor_tools("coolant") == ("cursor", "network", "source")
    assert all(editor_tools(layer)[0] == "cursor" for layer in ("surface", "fuel", "coolant", "electricity"))


def test_colours_and_keys() -> None:
    assert CARRIER_COLORS == {"coolant": "blue", "fuel": "red", "electricity": "yellow"}
    assert image_key("prop", "reactor") == "prop-reactor"
    assert image_key("robot") == "robot"
