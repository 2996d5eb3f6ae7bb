"""What this build's game pages can read back as a game in progress, for the launcher (issue #25).

A game page keeps a save that a newer build wrote for that build (``gwweb.shared.app.newer_than_build``:
its record version above the page's ``RECORD_VERSION``, its ``SaveData`` version above
``Session.SAVE_VERSION`` or its rules above the engine's ``rules_of(GAME)``) and plays a fresh game.
The launcher has no Python, so the build writes these three numbers per game into it
(``save_formats``) and the launcher's ``newerSave`` compares a stored save with them the same way:
such a save shows "saved by a newer version" instead of a Continue this build cannot honour.

The numbers are read from the pages' own code (``gwweb.<game>.app``, imported here with the
browser stubbed) and the engines, never copied.
"""

from __future__ import annotations

import importlib
import inspect
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypedDict

ROOT = Path(__file__).resolve().parent.parent
_STUBS = ("js", "pyodide", "pyodide.ffi", "gwweb")


class SaveFormat(TypedDict):
    """The newest game-in-progress record a game's page reads (``newer_than_build``'s three limits)."""

    key: str  # the storage name of the save: gridworks:<game>:<key>
    v: int  # its storage record version
    version: int  # the SaveData format (Session.SAVE_VERSION)
    rules: int  # the engine's rules version


@contextmanager
def glue() -> Iterator[None]:
    """``gwweb`` (the page glue in ``www/``) importable in CPython, ``js`` and ``pyodide`` stubbed;
    ``sys.modules`` restored after."""
    saved = {name: sys.modules.get(name) for name in _STUBS}
    before = {k for k in sys.modules if k.startswith("gwweb.")}
    sys.modules["js"] = types.ModuleType("js")
    sys.modules["js"].Function = types.SimpleNamespace(new=lambda *a: None)  # type: ignore[attr-defined]
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = ffi.create_once_callable = ffi.to_js = lambda f, *a, **k: f  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    sys.modules["pyodide"], sys.modules["pyodide.ffi"] = pyodide, ffi
    gw = types.ModuleType("gwweb")
    gw.__path__ = [str(ROOT / "www")]  # type: ignore[attr-defined]
    sys.modules["gwweb"] = gw
    try:
        yield
    finally:
        for k in [k for k in sys.modules if k.startswith("gwweb.") and k not in before]:
            del sys.modules[k]
        for name, mod in saved.items():
            if mod is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = mod


def app_class(module: Any) -> type:
    """The app class a page module's ``create(shell)`` returns (its return annotation)."""
    ann = inspect.signature(module.create).return_annotation
    cls = getattr(module, ann) if isinstance(ann, str) else ann
    if not isinstance(cls, type):
        raise TypeError(f"{module.__name__}.create names no app class ({ann!r})")
    return cls


def save_format(slug: str) -> SaveFormat:
    """The game-in-progress record the page of ``slug`` reads (it must be imported under ``glue``)."""
    from engine.core.session import Session, rules_of

    cls = app_class(importlib.import_module(f"gwweb.{slug}.app"))
    engine = importlib.import_module(f"engine.{slug}")
    return {
        "key": str(cls.SAVE),  # type: ignore[attr-defined]
        "v": int(getattr(cls, "RECORD_VERSION", 1)),
        "version": Session.SAVE_VERSION,
        "rules": rules_of(engine.GAME),
    }


def save_formats(games: list[str]) -> dict[str, SaveFormat]:
    """``save_format`` of each game in ``games`` (the build's games)."""
    with glue():
        return {slug: save_format(slug) for slug in games}
