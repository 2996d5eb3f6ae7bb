"""Display rules from the design that the browser client and editor share (no drawing here).

Layer selection, layer opacity, carrier colours, layer-aware editor tools and semantic image keys.
"""

from __future__ import annotations

LAYERS: tuple[str, ...] = ("surface", "electricity", "fuel", "coolant")
CARRIER_COLORS: dict[str, str] = {"coolant": "blue", "fuel": "red", "electricity": "yellow"}

SURFACE_TOOLS: tuple[str, ...] = ("terrain", "prop", "consumer", "hazard", "door", "heat")
UNDERGROUND_TOOLS: tuple[str, ...] = ("network", "source")


def layer_opacity(active: str) -> dict[str, float]:
    """Opacity of every layer when ``active`` is selected.

    Surface active: surface 1.0, every underground layer 0.25. An underground layer active: surface
    0.5, that layer 1.0, the other underground layers 0.25.
    """
    if active not in LAYERS:
        raise ValueError(f"unknown layer {active!r}")
    if active == "surface":
        return {layer: (1.0 if layer == "surface" else 0.25) for layer in LAYERS}
    return {layer: (0.5 if layer == "surface" else 1.0 if layer == active else 0.25) for layer in LAYERS}


def editor_tools(active: str) -> tuple[str, ...]:
    """Tools available on ``active``: the cursor always; surface tools on Surface only; network
    painting and sources only on their own underground layer."""
    if active not in LAYERS:
        raise ValueError(f"unknown layer {active!r}")
    return ("cursor", *(SURFACE_TOOLS if active == "surface" else UNDERGROUND_TOOLS))


def image_key(kind: str, detail: str = "") -> str:
    """Stable semantic image key, e.g. ``prop-reactor``, ``carrier-fuel-source``, ``leak-electricity``."""
    return f"{kind}-{detail}" if detail else kind
