"""Editor badge images by stable semantic key (design: "Editor tool badges and drag previews use
stable semantic image keys when assets are available … missing assets fall back to compact
procedural badges and text labels").

Assets live under ``Images/Badges`` or ``Images/Elements`` next to the page, named ``<key>.png``
(``tool-door.png``, ``prop-reactor.png``, ``carrier-fuel-source.png``, ``leak-electricity.png``,
``robot.png``); ``badges.json`` lists the files that ship, so a missing asset is never requested.
Keys come from ``engine.reactor.presentation.image_key``."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.reactor.presentation import image_key

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

MANIFEST = Path(__file__).with_name("badges.json")
FOLDERS = ("Images/Badges", "Images/Elements")


@cache
def available() -> tuple[str, ...]:
    """Asset paths that ship (``Images/Badges/tool-door.png`` …), from the manifest."""
    try:
        data = json.loads(MANIFEST.read_text(encoding="utf-8"))
        return tuple(str(p) for p in data.get("assets", []))
    except (OSError, ValueError, AttributeError):
        return ()


def resolve(key: str, assets: tuple[str, ...] | None = None) -> str | None:
    """The asset path of a semantic key (Badges first, then Elements), or None: draw the fallback."""
    have = available() if assets is None else assets
    for folder in FOLDERS:
        path = f"{folder}/{key}.png"
        if path in have:
            return path
    return None


def tool_key(tool: str, layer: str, prop_kind: str = "") -> str:
    """Key of an editor tool's badge (the prop tool shows the prop it places; the source tool its
    carrier's source)."""
    if tool == "prop" and prop_kind:
        return image_key("prop", prop_kind)
    if tool == "source" and layer != "surface":
        return image_key("carrier", f"{layer}-source")
    if tool == "robot":
        return image_key("robot")
    return image_key("tool", tool)


def prop_key(prop: dict[str, Any]) -> str:
    """Key of a placed prop's badge (``prop-supply-fuel`` for supplies)."""
    kind = str(prop.get("kind", ""))
    if kind == "supply":
        return image_key("prop", f"supply-{prop.get('item', '')}")
    if kind == "flow":
        return image_key("carrier", f"{prop.get('carrier', '')}-source")
    return image_key("prop", kind)


class Badges:
    """Loads shipped badge images on first use (browser ``Image``); ``get`` returns one only once
    it has loaded, else None (the caller draws the procedural badge)."""

    def __init__(self, on_load: Any = None) -> None:
        self.images: dict[str, Any] = {}
        self.on_load = on_load

    def get(self, key: str) -> Any:
        path = resolve(key)
        if path is None:
            return None
        img = self.images.get(path)
        if img is None:
            import js  # type: ignore[import-not-found]
            from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

            img = js.Image.new()
            if self.on_load is not None:
                img.onload = create_proxy(lambda *_a: self.on_load())
            img.src = path
            self.images[path] = img
        return img if bool(img.complete) and int(img.naturalWidth or 0) > 0 else None

    def draw(self, g: Gfx, key: str, x: float, y: float, size: float) -> bool:
        """Draw the image of ``key`` in a ``size`` square; False when the fallback must be drawn."""
        img = self.get(key)
        if img is None:
            return False
        g.image(img, x, y, size, size)
        return True
