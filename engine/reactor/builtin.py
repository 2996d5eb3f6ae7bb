"""The sample levels shipped in ``engine/reactor/levels``, by name (no dependency on the game, so
the map fingerprint can read them without an import cycle)."""

from __future__ import annotations

from importlib import resources

from engine.core.schema import SchemaError
from engine.reactor.schema import LevelM, parse_level


def builtin_levels() -> list[str]:
    """Names of the sample levels shipped in ``engine/reactor/levels``."""
    root = resources.files("engine.reactor.levels")
    return sorted(
        p.name[:-5] for p in root.iterdir() if p.name.endswith(".json") and not p.name.startswith("_")
    )


def builtin_level(name: str) -> LevelM:
    """A shipped sample level by name."""
    if name not in builtin_levels():
        raise SchemaError("level", [f"no built-in level {name!r}; choose from {builtin_levels()}"])
    text = resources.files("engine.reactor.levels").joinpath(f"{name}.json").read_text(encoding="utf-8")
    return parse_level(text)
