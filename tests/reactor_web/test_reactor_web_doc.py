"""Editor document operations for the level fields the panel authors: start inventory (capped by the
difficulty's capacity), difficulty, remedy blocks and hazard values per cell, robot heat immunity,
ids from titles; they survive export/import and share codes, and validation messages read in Russian."""

from __future__ import annotations

import json

from engine.core.session import Session
from engine.reactor import GAME
from www.reactor.edoc import Doc, import_text, level_id, new_level
from www.reactor.eissues import problem_tag, problem_text


def test_inventory_is_capped_by_the_difficulty_capacity() -> None:
    doc = Doc(new_level())
    assert doc.capacity == 4  # normal
    for _ in range(4):
        assert doc.add_inventory("heat_shield", 1)
    assert not doc.add_inventory("fuel_neutralizer", 1)
    assert doc.data["inventory"] == {"heat_shield": 4}
    doc.set_difficulty("hard")
    doc.validate()
    assert doc.ok and problem_tag(doc.warnings[0][0]) == "inventory_capacity: 4 items, capacity 3 on hard"
    assert doc.add_inventory("heat_shield", -1) and doc.add_inventory("heat_shield", -3)
    assert "inventory" not in doc.data
    doc.set_difficulty("easy")
    assert doc.capacity == 6 and doc.data["meta"]["difficulty"] == "easy"
    doc.set_difficulty("normal")
    assert "difficulty" not in doc.data["meta"]


def test_blocks_and_hazards_on_a_cell_and_empty_cells_vanish() -> None:
    doc = Doc(new_level())
    doc.add_block(3, 3, "coolant", 2)
    doc.add_surface(3, 3, "fuel", 0.5)
    assert doc.surface(3, 3) == {"x": 3, "y": 3, "blocks": {"coolant": 2}, "fuel": 0.5}
    doc.add_surface(3, 3, "fuel", -0.5)
    assert doc.surface(3, 3) == {"x": 3, "y": 3, "blocks": {"coolant": 2}}
    doc.add_block(3, 3, "coolant", 200)
    assert doc.surface(3, 3)["blocks"] == {"coolant": 99}
    doc.add_block(3, 3, "coolant", -99)
    assert doc.surface(3, 3) is None and doc.data["surface"] == []
    doc.add_block(0, 0, "fuel", 1)  # on a wall: the engine's validation says so
    doc.validate()
    assert any(problem_tag(e[0]).startswith("wall_hazard") for e in doc.errors)


def test_robot_move_keeps_heat_immunity() -> None:
    doc = Doc(new_level())
    doc.add_immunity(3)
    doc.set_robot(2, 3)
    assert doc.data["robot"] == {"x": 2, "y": 3, "heat_immunity": 3}
    doc.add_immunity(-5)
    assert doc.data["robot"] == {"x": 2, "y": 3}


def test_authored_fields_survive_json_and_share_code_and_reach_the_game() -> None:
    doc = Doc(new_level())
    doc.set_difficulty("hard")
    doc.add_inventory("fuel_neutralizer", 2)
    doc.add_block(2, 2, "fuel", 3)
    doc.add_immunity(2)
    doc.validate()
    assert doc.ok, doc.errors
    for text in (doc.export_json(), doc.share()):
        back = import_text(text)
        assert back["meta"]["difficulty"] == "hard"
        assert back["inventory"] == {"fuel_neutralizer": 2}
        assert back["surface"] == [{"x": 2, "y": 2, "blocks": {"fuel": 3}}]
        assert back["robot"]["heat_immunity"] == 2
    st = Session(GAME, 0, {"level": doc.export_json()}).state
    assert st.difficulty == "hard" and st.inventory["fuel_neutralizer"] == 2
    assert st.blocks["fuel"][2 * doc.w + 2] == 3 and st.heat_immunity == 2


def test_undo_restores_property_edits() -> None:
    doc = Doc(new_level())
    before = json.dumps(doc.data, sort_keys=True)
    doc.checkpoint()
    doc.set_difficulty("easy")
    doc.checkpoint()
    doc.add_inventory("heat_shield", 1)
    assert doc.undo() and doc.undo()
    assert json.dumps(doc.data, sort_keys=True) == before
    assert doc.redo() and doc.data["meta"]["difficulty"] == "easy"


def test_level_ids_from_titles() -> None:
    assert level_id("Hot Corridor 2") == "hot-corridor-2"
    assert level_id("Мой первый уровень!") == "moy-pervyy-uroven"
    assert level_id("***") == "level"


def test_validation_messages_in_russian_and_without_codes_in_english() -> None:
    doc = Doc(new_level())
    doc.data["props"].append({"kind": "reactor", "x": 0, "y": 0})  # a second reactor, on the wall
    doc.validate()
    [(problem, x, y)] = doc.errors
    assert (x, y) == (0, 0) and not isinstance(problem, str)
    assert problem_text("ru", problem) == "устройство (реактор) на стене"
    assert problem_text("en", problem) == "reactor prop on a wall cell"
    assert problem_tag(problem) == "prop_terrain: reactor prop on a wall cell"  # the test hooks' form


def test_import_problems_in_russian() -> None:
    from engine.core.schema import Problem, problem
    from www.reactor.eissues import problems_text

    got = [
        Problem("meta", "missing", "Field required"),
        Problem("width", "less_than_equal", "Input should be less than or equal to 64", (("le", 64),)),
    ]
    assert (
        problems_text("ru", got)
        == "сведения [meta]: поле обязательно; ширина [width]: должно быть не больше 64"
    )
    assert problems_text("en", got) == "meta: Field required; width: Input should be less than or equal to 64"
    bad = problem("share_checksum", "checksum mismatch (the code is damaged or incomplete)")
    assert problems_text("ru", [bad]).startswith("контрольная сумма")
