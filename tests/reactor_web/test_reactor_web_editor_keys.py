"""Editor keyboard painting (``EditorKeys``) in CPython: arrows move a clamped cell cursor,
T / Shift+T cycle the layer's tools, B the tool's badge, Enter/Space paint the tool at the cursor
as a click does (one undo step), the cursor tool paints nothing."""

from __future__ import annotations

from typing import Any

from engine.reactor.presentation import editor_tools
from www.reactor.edoc import Doc, new_level
from www.reactor.ekeys import EditorKeys
from www.reactor.eui import EditorUi


class Shell:
    def invalidate(self) -> None:
        pass


class FakeEditor(EditorKeys):
    """The parts of ``Editor`` the keys use; ``apply`` records what a click at a cell would do."""

    def __init__(self) -> None:
        self.doc = Doc(new_level(10, 7))
        self.shell = Shell()
        self.ui = EditorUi()  # layer "surface", tool "cursor", no cursor, no stroke
        self.painted: list[tuple[int, int, str]] = []
        self.buttons: list[str] = []
        self.said: list[str] = []

    def on_button(self, id: str) -> None:
        self.buttons.append(id)
        if id.startswith("tool:"):
            self.ui.tool = id[5:]

    def say(self, text: str, color: str = "") -> None:
        self.said.append(text)

    def t(self, key: str) -> str:
        return key

    def apply(self, x: int, y: int, first: bool) -> None:
        assert first and self.ui.stroke == {}
        self.painted.append((x, y, self.ui.tool))
        self.doc.set_wall(x, y, not self.doc.wall(x, y))

    def changed(self) -> None:
        pass

    def cell_op(self, op: str) -> None:
        self.buttons.append("cell:" + op)


def press(e: Any, *names: str, shift: bool = False) -> None:
    for n in names:
        e.key(n, shift)


def test_arrows_move_a_clamped_cursor_from_the_corner() -> None:
    e = FakeEditor()
    press(e, "ArrowRight", "ArrowRight", "ArrowDown")
    assert e.ui.selected == (2, 1) and e.ui.kbd
    press(e, *["ArrowLeft"] * 5, *["ArrowDown"] * 20)
    assert e.ui.selected == (0, 6)


def test_t_cycles_the_layers_tools_and_shift_t_goes_back() -> None:
    e = FakeEditor()
    tools = editor_tools("surface")
    seen = []
    for _ in tools:
        press(e, "KeyT")
        seen.append(e.ui.tool)
    assert seen == [*tools[1:], tools[0]]  # round the ring, back to the cursor
    press(e, "KeyT", shift=True)
    assert e.ui.tool == tools[-1]
    assert e.said[-1] == "tool_" + tools[-1]


def test_enter_or_space_paints_the_tool_at_the_cursor_as_one_undo_step() -> None:
    e = FakeEditor()
    press(e, "ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown")
    press(e, "Space")
    assert e.painted == []  # the cursor tool only selects
    press(e, "KeyT")
    assert e.ui.tool == "terrain"
    assert not e.doc.wall(2, 2)
    press(e, "Space")
    assert e.painted == [(2, 2, "terrain")] and e.doc.wall(2, 2)
    press(e, "Enter")
    assert not e.doc.wall(2, 2)
    assert e.doc.undo() and e.doc.wall(2, 2)  # each press is its own undo step


def test_b_cycles_the_badge_of_tools_that_have_one() -> None:
    e = FakeEditor()
    press(e, "KeyB")
    assert e.buttons == []  # the cursor has no badge
    e.ui.tool = "prop"
    press(e, "KeyB")
    e.ui.tool = "hazard"
    press(e, "KeyB")
    assert e.buttons == ["propkind", "hazardq"]
