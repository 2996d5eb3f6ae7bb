"""Merging a stored record with the one a page holds in memory, so that no tab ever loses progress.

Two tabs of one game each keep a copy of the game's progress in memory; whichever writes last
would replace the other's stars and bests. Every progress record is therefore written as
``merge(stored_now, mine)`` (``Storage.update``): a field keeps the best of both by its rule.

Rules (``Rule``): ``"max"`` (stars, bests, counters), ``"min"`` (fewest steps), ``"union"`` (lists
of unlocked or completed levels: stored order first, then the new ones), ``"max_map"`` /
``"min_map"`` (per-level dicts: every key of either side, the better value), ``"mine"`` (what this
tab says now: the level being played, "Continue"). A field without a rule is ``"mine"``.
No ``js`` here (tested in CPython).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
Rule = Literal["max", "min", "union", "max_map", "min_map", "mine"]
Merge = Callable[[M, M], M]


def max_map(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    """Every key of ``a`` and ``b`` with the larger value (``a``'s key order first)."""
    out = dict(a)
    for k, v in b.items():
        out[k] = v if k not in out else max(out[k], v)
    return out


def min_map(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    """Every key of ``a`` and ``b`` with the smaller value (``a``'s key order first)."""
    out = dict(a)
    for k, v in b.items():
        out[k] = v if k not in out else min(out[k], v)
    return out


def union(a: list[Any], b: list[Any]) -> list[Any]:
    """``a`` then the items of ``b`` not in ``a`` (each once, order kept)."""
    out = list(a)
    for x in b:
        if x not in out:
            out.append(x)
    return out


def _pick(rule: Rule, stored: Any, mine: Any) -> Any:
    if rule == "max":
        return max(stored, mine)
    if rule == "min":
        return min(stored, mine)
    if rule == "union":
        return union(list(stored), list(mine))
    if rule == "max_map":
        return max_map(stored, mine)
    if rule == "min_map":
        return min_map(stored, mine)
    return mine


def merge_fields(stored: M, mine: M, rules: Mapping[str, Rule]) -> M:
    """``mine`` with each field named in ``rules`` merged with ``stored`` by its rule.

    The result is a new model of ``mine``'s type; neither argument is changed. A field whose
    rule is ``"max"`` takes the larger value: equal values stay, a lower ``mine`` never lowers the
    stored one.
    """
    update = {}
    for name, rule in rules.items():
        update[name] = _pick(rule, getattr(stored, name), getattr(mine, name))
    return mine.model_copy(update=update, deep=True)


def rules_merge(rules: Mapping[str, Rule]) -> Callable[[Any, Any], Any]:
    """A merge function (``merge(stored, mine)``) for a record type from its field rules."""

    def merge(stored: Any, mine: Any) -> Any:
        return merge_fields(stored, mine, rules)

    return merge


def adopt(target: BaseModel, merged: BaseModel) -> None:
    """Copy every field of ``merged`` into ``target`` in place (callers hold references to it)."""
    for name in type(target).model_fields:
        setattr(target, name, getattr(merged, name))
