"""What the Ternar frames keep between them (layout, panel layers, the preview badge, the clock)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .layout import Layout, Rect

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx, Region


@dataclass
class Panel:
    """A rarely changing panel drawn into its own layer (re-drawn when its key changes)."""

    rect: Rect
    layer: Gfx
    key: Hashable = None
    regions: list[Region] = field(default_factory=list)


@dataclass
class FrameCache:
    """What the frames keep between them: the layout, panel layers, the preview badge, the clock."""

    lay: Layout | None = None
    panels: dict[str, Panel] = field(default_factory=dict)
    badge: tuple[tuple[int, float], Gfx] | None = None
    last_frame: float = 0.0
