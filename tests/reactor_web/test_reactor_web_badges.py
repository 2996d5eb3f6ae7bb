"""Editor badges by semantic image key (design: assets when present, procedural fallback)."""

from __future__ import annotations

from www.reactor.badges import available, prop_key, resolve, tool_key


def test_semantic_keys_follow_the_design_names() -> None:
    assert tool_key("door", "surface") == "tool-door"
    assert tool_key("prop", "surface", "reactor") == "prop-reactor"
    assert tool_key("source", "fuel") == "carrier-fuel-source"
    assert tool_key("robot", "surface") == "robot"
    assert prop_key({"kind": "supply", "item": "heat"}) == "prop-supply-heat"
    assert prop_key({"kind": "flow", "carrier": "electricity"}) == "carrier-electricity-source"


def test_assets_resolve_when_present_and_fall_back_when_missing() -> None:
    assets = (
        "Images/Elements/prop-reactor.png",
        "Images/Badges/prop-reactor.png",
        "Images/Elements/robot.png",
    )
    assert resolve("prop-reactor", assets) == "Images/Badges/prop-reactor.png"  # Badges first
    assert resolve("robot", assets) == "Images/Elements/robot.png"
    assert resolve("tool-door", assets) is None  # no asset: the procedural badge is drawn
    assert isinstance(available(), tuple)  # the shipped manifest parses
