"""The glue never copies an engine constant (ARCHITECTURE.md: every rule and constant lives in engine/).

For each game, the module-level literal constants of ``www/<game>`` are compared with those of
``engine/<game>``: a glue constant fails when it has the same value as an engine constant (a list,
tuple, set or dict of two or more items, or a string of four or more characters), or the same name
and the same kind of value (a copy that may already have drifted). The glue imports the engine's
constant instead. Colours, pixel sizes and other UI-only literals never match an engine value.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from buildtools.games import GAMES

ROOT = Path(__file__).resolve().parents[2]


def _literal_constants(folder: Path, root: Path) -> list[tuple[str, str, Any]]:
    """(file, NAME, value) for each module-level UPPER_CASE name bound to a literal in ``folder``."""
    out: list[tuple[str, str, Any]] = []
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value:
                names = [node.target.id]
            else:
                continue
            names = [n for n in names if n.lstrip("_").isupper()]
            if not names:
                continue
            try:
                value = ast.literal_eval(node.value)  # type: ignore[arg-type]
            except ValueError:
                continue
            out += [(str(path.relative_to(root)), n.lstrip("_"), value) for n in names]
    return out


def _substantial(value: Any) -> bool:
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        return len(value) >= 2
    return isinstance(value, str) and len(value) >= 4


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return list(a) == list(b)
    if isinstance(a, (set, frozenset)) and isinstance(b, (set, frozenset)):
        return set(a) == set(b)
    return type(a) is type(b) and a == b


def copies(game: str, root: Path = ROOT) -> list[str]:
    """Every glue constant of ``game`` that duplicates (or shadows by name) an engine constant."""
    engine = _literal_constants(root / "engine" / game, root)
    glue = _literal_constants(root / "www" / game, root)
    found = []
    for wfile, wname, wvalue in glue:
        for efile, ename, evalue in engine:
            same_value = _substantial(wvalue) and _same(wvalue, evalue)
            same_name = wname == ename and type(wvalue) is type(evalue)
            if same_value or same_name:
                found.append(f"{wfile}: {wname} = {wvalue!r} copies {efile}: {ename} = {evalue!r}")
    return found


@pytest.mark.parametrize("game", [*GAMES, "template"])
def test_glue_copies_no_engine_constant(game: str) -> None:
    assert copies(game) == []


def test_the_check_finds_a_copy(tmp_path: Path) -> None:
    (tmp_path / "engine" / "g").mkdir(parents=True)
    (tmp_path / "www" / "g").mkdir(parents=True)
    (tmp_path / "engine" / "g" / "rules.py").write_text('MODES = ("a", "b")\nLIMIT = 8\nINK = "#3E2723"\n')
    (tmp_path / "www" / "g" / "ui.py").write_text('CHOICES = ["a", "b"]\nLIMIT = 9\nPAD = 8\nINK = 3\n')
    found = copies("g", tmp_path)
    assert [f.split(" = ")[0] for f in found] == ["www/g/ui.py: CHOICES", "www/g/ui.py: LIMIT"]
