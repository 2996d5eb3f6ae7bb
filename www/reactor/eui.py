"""The level editor's UI object: everything on the editor screen that its undo (``Doc.undo``) should
not restore and the stored draft does not keep (Tatham's ``game_ui``). The level being edited is
``Doc``; this is where the author's cursor, tool and panel are."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Cell = tuple[int, int]


@dataclass
class EditorUi:
    """The editor's cursor, tool and panel state (read by its input, drawing and test hooks)."""

    layer: str = "surface"  # the layer shown and edited (``presentation.LAYERS``)
    tool: str = "cursor"
    prop_kind: str = "reactor"  # the prop tool's kind
    supply_item: str = "fuel"  # the supply tool's item
    hazard_q: str = "fuel"  # the hazard tool's quantity
    selected: Cell | None = None  # the cell cursor
    kbd: bool = False  # the cell cursor was last moved by keys: it shows the tool's badge
    flash: Cell | None = None  # a cell named by a clicked validation row, outlined for a moment
    outlet_mode: bool = False  # clicks set the selected valve's outlets
    tab: str = "edit"  # the panel's tab: "edit" | "level"
    confirm: str | None = None  # a question waiting for yes/no (delete, new level)
    saved_top: int = 0  # the first row shown of the saved-levels list
    stroke: dict[str, Any] | None = None  # the drag painting in progress
    msg: tuple[str, str] = ("", "#ECEFF1")  # the status line and its colour
