"""Level editor keyboard (the ``Editor`` mixin ``EditorKeys``): 1-4 layer, arrows move the cell
cursor, Enter/Space paint the tool there (as a click does), T / Shift+T cycle the layer's tools,
B the tool's badge (prop kind, hazard element), Delete removes the cell's prop.

No browser imports: the unit tests drive it in CPython with a real ``Doc``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.reactor.presentation import LAYERS, editor_tools

from .eui import EditorUi

BADGE_BUTTONS = {"prop": "propkind", "hazard": "hazardq"}  # the tool's badge variants (key B)
ARROWS = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}


class EditorKeys:
    """Keys of the level editor (fields and methods are ``Editor``'s)."""

    doc: Any  # edoc.Doc
    shell: Any
    ui: EditorUi  # the cursor, tool and panel (``eui``)

    if TYPE_CHECKING:

        def on_button(self, id: str) -> None: ...
        def say(self, text: str, color: str = ...) -> None: ...
        def t(self, key: str) -> str: ...
        def apply(self, x: int, y: int, first: bool) -> None: ...
        def changed(self) -> None: ...
        def cell_op(self, op: str) -> None: ...

    def key(self, name: str, shift: bool = False) -> None:
        """One key press (``name``: the key code) on the editor screen."""
        if name in ("Digit1", "Digit2", "Digit3", "Digit4"):
            self.on_button("layer:" + LAYERS[int(name[-1]) - 1])
        elif name in ARROWS:
            dx, dy = ARROWS[name]
            x, y = self.ui.selected or (0, 0)
            self.ui.selected = (max(0, min(self.doc.w - 1, x + dx)), max(0, min(self.doc.h - 1, y + dy)))
            self.ui.kbd = True
        elif name == "KeyT":
            tools = editor_tools(self.ui.layer)
            k = tools.index(self.ui.tool) if self.ui.tool in tools else 0
            self.on_button("tool:" + tools[(k + (-1 if shift else 1)) % len(tools)])
            self.ui.kbd = self.ui.selected is not None
            self.say(self.t("tool_" + self.ui.tool))
        elif name == "KeyB" and self.ui.tool in BADGE_BUTTONS:
            self.on_button(BADGE_BUTTONS[self.ui.tool])
            self.ui.kbd = self.ui.selected is not None
        elif name in ("Enter", "NumpadEnter", "Space") and self.ui.selected is not None:
            if self.ui.tool != "cursor" or self.ui.outlet_mode:
                self.doc.checkpoint()
                self.ui.stroke = {}
                self.apply(*self.ui.selected, True)
                self.ui.stroke = None
                self.changed()
        elif (
            name == "Delete" and self.ui.selected is not None and self.doc.prop(*self.ui.selected) is not None
        ):
            self.cell_op("removeprop")
        else:
            return
        self.shell.invalidate()
