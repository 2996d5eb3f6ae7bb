"""The engine's modules import each other without a cycle (issue 24: ``ai`` <-> ``expert`` had one)."""

from __future__ import annotations

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parents[2] / "engine" / "orbit"


def imports_of(path: Path) -> set[str]:
    """Every ``engine.orbit`` module a file imports, at module level or inside a function."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("engine.orbit."):
            out.add(node.module.split(".")[2])
    return out


def test_the_orbit_engine_import_graph_has_no_cycle():
    graph = {p.stem: imports_of(p) - {p.stem} for p in PKG.glob("*.py") if p.stem != "__init__"}
    assert "ai" in graph["expert"] or "search" in graph["expert"]  # the graph is really read
    state: dict[str, int] = {}

    def visit(mod: str, path: list[str]) -> None:
        if state.get(mod) == 1:
            raise AssertionError("import cycle: " + " -> ".join([*path, mod]))
        if state.get(mod) == 2 or mod not in graph:
            return
        state[mod] = 1
        for dep in sorted(graph[mod]):
            visit(dep, [*path, mod])
        state[mod] = 2

    for mod in sorted(graph):
        visit(mod, [])
