"""Editor document resize: the wall border stays one wall thick, content is kept and moves with
the edge it sits on, undo restores the previous size."""

from __future__ import annotations

import copy

import pytest

from engine.reactor.schema import EDITOR_MAX_SIDE, EDITOR_MIN_SIDE
from www.reactor.edoc import Doc, new_level
from www.reactor.eissues import problem_tag


def border_ok(terrain: list[str]) -> bool:
    w = len(terrain[0])
    inner = all(row[0] == "#" and row[-1] == "#" and "#" not in row[1:-1] for row in terrain[1:-1])
    return terrain[0] == "#" * w and terrain[-1] == "#" * w and inner


def sample() -> Doc:
    d = new_level(8, 6)
    d["layers"]["electricity"] = [{"x": x, "y": 2} for x in range(1, 8)]  # last cell in the east wall
    d["props"].append({"kind": "flow", "x": 1, "y": 2, "carrier": "electricity"})
    d["leaks"].append({"carrier": "electricity", "x": 7, "y": 2, "access": [6, 2]})
    d["layers"]["electricity"][-1].update(state="leaking", integrity=3)
    d["surface"].append({"x": 3, "y": 3, "fuel": 2.0, "blocks": {"coolant": 2}})
    d["robot"] = {"x": 2, "y": 4, "heat_immunity": 3}
    return Doc(d)


def test_growing_keeps_one_wall_border_and_interior() -> None:
    doc = Doc(new_level(10, 7))
    for w, h in ((11, 7), (12, 8), (14, 12)):
        doc.resize(w, h)
        assert (doc.w, doc.h) == (w, h)
        assert len(doc.data["terrain"]) == h and all(len(r) == w for r in doc.data["terrain"])
        assert border_ok(doc.data["terrain"]), doc.data["terrain"]
    doc.validate()
    assert doc.ok, doc.errors
    # the reactor sat inside the old border: it keeps its cell
    assert doc.data["props"] == [{"kind": "reactor", "x": 8, "y": 5}]


def test_content_on_the_moved_edge_moves_with_it() -> None:
    doc = sample()
    doc.validate()
    assert doc.ok, doc.errors
    doc.resize(10, 8)
    assert border_ok(doc.data["terrain"])
    cells = {(u["x"], u["y"]) for u in doc.data["layers"]["electricity"]}
    # the cable end in the east wall moved to the new wall and the cable still reaches it
    assert cells == {(x, 2) for x in range(1, 10)}
    assert doc.under("electricity", 9, 2)["state"] == "leaking"
    assert doc.data["leaks"] == [{"carrier": "electricity", "x": 9, "y": 2, "access": [8, 2]}]
    assert doc.surface(3, 3) == {"x": 3, "y": 3, "fuel": 2.0, "blocks": {"coolant": 2}}
    assert doc.data["robot"] == {"x": 2, "y": 4, "heat_immunity": 3}
    doc.validate()
    assert [e for e in doc.errors if not problem_tag(e[0]).startswith("leak_access")] == []


def test_shrink_drops_only_the_last_inner_column_and_row() -> None:
    doc = Doc(new_level(10, 7))
    doc.data["props"].append({"kind": "terminal", "x": 8, "y": 2})  # last inner column
    doc.data["props"].append({"kind": "consumer", "x": 4, "y": 2})
    doc.resize(9, 6)
    assert border_ok(doc.data["terrain"])
    kinds = {p["kind"]: (p["x"], p["y"]) for p in doc.data["props"]}
    assert "terminal" not in kinds and "reactor" not in kinds  # both were on the removed column
    assert kinds["consumer"] == (4, 2)


def test_grow_then_shrink_round_trips_and_undo_restores() -> None:
    doc = sample()
    before = copy.deepcopy(doc.data)
    doc.checkpoint()
    doc.resize(12, 9)
    doc.resize(8, 6)
    assert doc.data == before
    doc.checkpoint()
    doc.resize(15, 6)
    assert doc.undo() and doc.data == before


def test_full_inner_wall_column_extends_into_new_rows() -> None:
    d = new_level(9, 5)
    d["terrain"] = [row[:4] + "#" + row[5:] for row in d["terrain"]]
    doc = Doc(d)
    doc.resize(9, 7)
    assert all(row[4] == "#" for row in doc.data["terrain"])
    assert doc.data["terrain"][4] == "#...#...#"


def test_open_edge_pads_with_wall_and_size_is_clamped() -> None:
    d = new_level(5, 4)
    d["terrain"] = ["#####", "#....", "#....", "#####"]
    d["props"] = [{"kind": "reactor", "x": 4, "y": 2}]
    doc = Doc(d)
    doc.resize(6, 4)
    assert doc.data["terrain"] == ["######", "#....#", "#....#", "######"]
    assert doc.data["props"][0]["x"] == 4
    doc.resize(1, 99)
    assert (doc.w, doc.h) == (EDITOR_MIN_SIDE, EDITOR_MAX_SIDE)


@pytest.mark.parametrize("side", [EDITOR_MAX_SIDE - 1, EDITOR_MAX_SIDE, EDITOR_MAX_SIDE + 1])
def test_editor_size_bound_is_the_engines(side: int) -> None:
    """The editor's clamp is the engine's ``EDITOR_MAX_SIDE`` (no glue copy, issue #24), at the bound."""
    doc = Doc(new_level(5, 4))
    doc.resize(side, EDITOR_MIN_SIDE - 1)
    assert (doc.w, doc.h) == (min(side, EDITOR_MAX_SIDE), EDITOR_MIN_SIDE)
