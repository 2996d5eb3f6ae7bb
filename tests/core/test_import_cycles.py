"""Import cycles in ``engine/`` and ``www/`` (#24): no new one may appear, and the ones left are listed.

Imports are read from the source (every ``import``, also inside functions and ``TYPE_CHECKING``
blocks: a glue module that imports its app class for typing is a cycle too). ``KNOWN`` is a ratchet,
not a blessing: each entry is a cycle still to cut; the test fails when a new cycle appears and when a
listed one is gone (then delete its line), so the list only shrinks.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# The cycles left (session 5). The glue's are draw/hook modules typed with their game's app class.
KNOWN: dict[str, set[frozenset[str]]] = {
    "engine": set(),
    "www": set(),
}
PACKAGE = {"engine": "engine", "www": "gwweb"}


def _modules(folder: str) -> dict[str, Path]:
    pkg, root = PACKAGE[folder], ROOT / folder
    out = {}
    for p in root.rglob("*.py"):
        parts = list(p.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join([pkg, *parts])] = p
    return out


def _edges(mods: dict[str, Path]) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {m: set() for m in mods}
    for m, p in mods.items():
        base = m.split(".") if p.name == "__init__.py" else m.split(".")[:-1]
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                target = (
                    ".".join(base[: len(base) - node.level + 1] + ([node.module] if node.module else []))
                    if node.level
                    else node.module or ""
                )
                names = [target, *(f"{target}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            edges[m] |= {n for n in names if n in mods and n != m}
    return edges


def cycles(folder: str) -> set[frozenset[str]]:
    """Each import cycle (a strongly connected set of 2+ modules), names without the package prefix."""
    edges = _edges(_modules(folder))
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: set[frozenset[str]] = set()

    def visit(v: str) -> None:  # Tarjan
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.add(frozenset(c.split(".", 1)[1] if "." in c else "" for c in comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


@pytest.mark.parametrize("folder", ["engine", "www"])
def test_no_new_import_cycle_and_the_list_only_shrinks(folder: str) -> None:
    now = cycles(folder)
    assert sorted(map(sorted, now - KNOWN[folder])) == [], "a new import cycle"
    assert sorted(map(sorted, KNOWN[folder] - now)) == [], (
        "a listed cycle is gone: delete its line from KNOWN"
    )


def test_the_check_sees_a_type_checking_cycle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = tmp_path / "www" / "g"
    game.mkdir(parents=True)
    (game / "__init__.py").write_text("")
    (game / "app.py").write_text("from .draw import paint\n")
    (game / "draw.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .app import App\n"
    )
    monkeypatch.setattr(__import__(__name__, fromlist=["ROOT"]), "ROOT", tmp_path)
    assert cycles("www") == {frozenset({"g.app", "g.draw"})}
