"""The Ternar board's resting layer is built from cached pieces (issue #30 input: the frame after a
move was the whole release -> next input time): the empty slots are drawn once per layout, each
resting node value once per (value, ghost) as a sprite, and rebuilding the field after a move is one
slots blit plus one blit per node, with no path drawn. Counted on a stand-in 2D context (CPython)."""

from __future__ import annotations

import sys
import types
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CALLS: Counter[str] = Counter()


class _Ctx:
    def __getattr__(self, name: str) -> Any:
        def call(*a: object, **_k: object) -> Any:
            CALLS[name] += 1
            if name == "measureText":
                return types.SimpleNamespace(width=len(str(a[0])) * 7.0)
            return types.SimpleNamespace(addColorStop=lambda *_a: None)

        return call

    def __setattr__(self, name: str, value: object) -> None:
        CALLS["set:" + name] += 1


class _Canvas:
    def __init__(self) -> None:
        self.width = 0
        self.height = 0
        self.ctx = _Ctx()

    def getContext(self, _kind: str) -> _Ctx:  # noqa: N802 - the DOM's name
        return self.ctx


@pytest.fixture(scope="module")
def render(tmp_path_factory: pytest.TempPathFactory) -> Any:
    link = tmp_path_factory.mktemp("gwr") / "gwweb"
    link.symlink_to(ROOT / "www")
    # the glue imported afresh against this stub: another test may have imported it with its own js
    saved = {
        k: v
        for k, v in sys.modules.items()
        if k in ("js", "pyodide", "pyodide.ffi") or k == "gwweb" or k.startswith("gwweb.")
    }
    for k in [k for k in saved if k == "gwweb" or k.startswith("gwweb.")]:
        del sys.modules[k]
    js = types.ModuleType("js")
    js.window = types.SimpleNamespace(devicePixelRatio=2)  # type: ignore[attr-defined]
    js.document = types.SimpleNamespace(createElement=lambda _tag: _Canvas())  # type: ignore[attr-defined]
    sys.modules["js"] = js
    sys.path.insert(0, str(link.parent))
    try:
        from gwweb.shared.canvas import Gfx
        from gwweb.ternar import render as mod
        from gwweb.ternar.layout import compute

        yield mod, Gfx, compute
    finally:
        sys.path.remove(str(link.parent))
        for k in [k for k in sys.modules if k == "gwweb" or k.startswith("gwweb.")]:
            del sys.modules[k]
        sys.modules.pop("js", None)
        sys.modules.update(saved)


def test_a_field_rebuild_is_one_slots_blit_and_one_sprite_blit_per_node(render: Any) -> None:
    mod, Gfx, compute = render
    g = Gfx(_Canvas(), fit_window=False)
    g.width, g.height = 1000.0, 720.0
    g.fit()
    p = mod.BoardPainter()
    p.resize(g, compute(g.width, g.height, top=44))
    values = [3, 9, 27, 0] * 11
    ghosts = (1, 5)
    p.resting(g, values, ghosts)
    assert p.slots_layer is not None
    assert set(p.sprites) == {(3, False), (9, False), (27, False), (9, True)}  # nodes 1 and 5 are ghost 9s
    CALLS.clear()
    values[0], values[3] = 81, 3  # a move: one node merged up, one arrived
    p.resting(g, values, ghosts)
    nodes = sum(1 for v in values if v)
    # the new value's sprite (its hex, rim, text), then: the slots layer + one blit per node + the
    # layer onto the frame; no hex path is drawn for the nodes already seen
    assert set(p.sprites) == {(3, False), (9, False), (27, False), (9, True), (81, False)}
    assert CALLS["drawImage"] == 1 + nodes + 1
    assert CALLS["moveTo"] == 1  # one hex path: the new 81 sprite's (81 has no cycle ring)
    CALLS.clear()
    p.resting(g, values, ghosts)  # nothing changed: the cached layer only
    assert CALLS["drawImage"] == 1 and CALLS["moveTo"] == 0
    p.resize(g, compute(g.width, g.height, top=44))  # a new layout draws every piece afresh
    assert p.slots_layer is None and not p.sprites
