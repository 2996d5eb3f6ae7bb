"""Issue #24 for Floodline: the page glue keeps no copy of a rule. The objective bars are the engine's
counts (a REACH_HEIGHT bar counted one layer short while the engine's ``condition_count`` counted layers),
and the glue's tables of gravity vectors and of the cells that hide faces are the engine's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.floodline.board import SUPPORTING
from engine.floodline.geometry import GRAVITY_VEC
from engine.floodline.moves import TickInput
from engine.floodline.scoring import objective_progress
from tests.gwstub import glue_modules


@pytest.fixture(scope="module")
def glue() -> Iterator[dict[str, Any]]:
    with glue_modules(("floodline.model", "floodline.iso", "floodline.mesh")) as mods:
        yield mods


def tower_level(height: int) -> dict[str, Any]:
    """O2 pieces hard-dropped on one spot of a 4x4 box: each adds one layer (the second objective keeps
    the level going past the height)."""
    return {
        "board": {"size": [4, 4], "height": 14, "heightLimit": 12},
        "bag": {"type": "FIXED_SEQUENCE", "sequence": ["O2"] * 12},
        "objectives": [{"type": "REACH_HEIGHT", "height": height}, {"type": "PLACE_PIECES", "count": 11}],
    }


@pytest.mark.parametrize("target", [3, 4])
def test_the_height_bar_is_full_exactly_when_the_engine_counts_the_height(
    glue: dict[str, Any], target: int
) -> None:
    run = glue["floodline.model"].Run(tower_level(target), 1, seed=5)
    for layers in range(1, target + 2):  # value - 1, value, value + 1 layers
        run.play(TickInput(hard=True))
        while run.state.active is None and run.state.outcome is None:
            run.play(TickInput())
        run.sync()
        rows = objective_progress(run.state)
        assert rows[0]["value"] == run.height() == layers
        assert run.bar(0) == min(1.0, layers / target)
        assert (run.bar(0) == 1.0) == bool(rows[0]["holds"])


def test_glue_tables_are_the_engines(glue: dict[str, Any]) -> None:
    assert glue["floodline.iso"].GRAVITY_VEC == {g.value: v for g, v in GRAVITY_VEC.items()}
    assert glue["floodline.mesh"].OPAQUE == {k.name for k in SUPPORTING}


def _engine_tables() -> dict[str, dict[Any, Any]]:
    """Engine tables a glue literal could copy, keyed by name, in the shapes the glue would write them."""
    from engine.floodline.board import MASS
    from engine.floodline.rules import WIND_DIRS

    vec = {g.value: v for g, v in GRAVITY_VEC.items()}
    return {
        "GRAVITY_VEC": vec,
        "WIND_DIRS": dict(WIND_DIRS),
        "WIND_DIRS (x, z)": {k: (v[0], v[2]) for k, v in WIND_DIRS.items()},
        "MASS": {m.value: n for m, n in MASS.items()},
    }


def test_no_glue_literal_copies_an_engine_table_or_the_tick_rate() -> None:
    """A dict literal in ``www/floodline`` that repeats (part of) an engine table, or a tick count turned
    into seconds with a bare 60, fails here: the glue imports the engine's instead (issue #24)."""
    import ast
    from pathlib import Path

    tables = _engine_tables()
    found = []
    for path in sorted((Path(__file__).parents[2] / "www" / "floodline").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Dict) and len(node.keys) >= 2:
                try:
                    lit = ast.literal_eval(node)
                except ValueError:
                    continue
                for name, table in tables.items():
                    if all(k in table and table[k] == v for k, v in lit.items()):
                        found.append(f"{path.name}:{node.lineno} copies {name}")
            if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.Mult)):
                for side, other in ((node.left, node.right), (node.right, node.left)):
                    ticks = any(w in ast.unparse(other).lower() for w in ("tick", "cooldown"))
                    if isinstance(side, ast.Constant) and side.value == 60 and ticks:
                        found.append(f"{path.name}:{node.lineno} uses 60 (engine TICKS_PER_SECOND)")
    assert not found, found
