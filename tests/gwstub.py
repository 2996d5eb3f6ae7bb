"""The page glue (``www/`` as the ``gwweb`` package) imported in CPython, with the browser stubbed."""

from __future__ import annotations

import importlib
import types
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from buildtools.saveformats import glue


@contextmanager
def glue_modules(names: Iterable[str]) -> Iterator[dict[str, Any]]:
    """``{name: gwweb.<name>}`` with stand-ins for ``js`` and ``pyodide.ffi``; sys.modules restored after
    (the build's own stub, ``buildtools.saveformats.glue``)."""
    with glue():
        yield {name: importlib.import_module(f"gwweb.{name}") for name in names}


class StubShell:
    """The page shell as an app class sees it: real storage (``storage_mod.Storage``) over a memory or
    given backend, with the notices shown and the lines spoken kept for the test to read."""

    def __init__(self, storage_mod: Any, game: str, backend: Any = None) -> None:
        self.backend = backend or storage_mod.MemoryBackend()
        self.storage = storage_mod.Storage(game, self.backend, clock=lambda: 5)
        self.notices: list[str] = []
        self.said: list[str] = []
        self.i18n = self.toasts = self.progress = None

    def set_lang(self, lang: str) -> None: ...
    def invalidate(self) -> None: ...

    def notify(self, text: str) -> None:
        self.notices.append(text)

    def announce(self, text: str) -> None:
        self.said.append(text)


class StubContext:
    """A 2D context that draws nothing; text measures 7 px a character at any size."""

    def __getattr__(self, name: str) -> Any:
        if name == "measureText":
            return lambda s: types.SimpleNamespace(width=7.0 * len(s))
        return lambda *a, **k: None


class StubCanvas:
    """A canvas element for layout tests: its context draws nothing (``StubContext``)."""

    width = height = 0

    def getContext(self, _kind: str) -> StubContext:  # noqa: N802 - the DOM's name
        return StubContext()


def stub_gfx(canvas_mod: Any, w: float = 1000, h: float = 720) -> Any:
    """A ``shared.canvas.Gfx`` of ``w`` x ``h`` on a ``StubCanvas`` (the regions it draws are kept)."""
    g = canvas_mod.Gfx(StubCanvas(), fit_window=False)
    g.width, g.height = w, h
    return g
