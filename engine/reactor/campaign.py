"""The campaign: level order, pars, taught mechanics, hints and the star rating (engine rules).

Levels are package data (``engine/reactor/levels/*.json``); ``levels/_campaign.json`` lists the
campaign in teaching order with, per level, its par (the fewest pulses of any win, found by
``engine.reactor.solver`` and pinned by tests), the mechanics it teaches (its shortest win uses
them), a one-step hint, and a committed winning solution of exactly par pulses.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

SLACK = 2  # pulses over par that still earn two stars
HINT_COST = 1  # stars a hint costs


@dataclass(frozen=True)
class Entry:
    """One campaign level: ``key`` (``campaign:<name>`` or ``builtin:<name>``), its level JSON dict,
    par in pulses, taught mechanics, hint and solution (action texts)."""

    key: str
    name: str
    level: dict[str, Any]
    par: int
    teaches: tuple[str, ...]
    hint: str
    hint_ru: str
    solution: tuple[str, ...]


@cache
def _index() -> dict[str, Any]:
    text = resources.files("engine.reactor.levels").joinpath("_campaign.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def _level(name: str) -> dict[str, Any]:
    text = resources.files("engine.reactor.levels").joinpath(f"{name}.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def entries() -> list[Entry]:
    """Every campaign level in teaching order."""
    return list(_entries())


@cache
def _entries() -> tuple[Entry, ...]:
    out = []
    for item in _index()["levels"]:
        key = str(item["key"])
        name = key.partition(":")[2]
        out.append(
            Entry(
                key=key,
                name=name,
                level=_level(name),
                par=int(item["par"]),
                teaches=tuple(item.get("teaches", ())),
                hint=str(item.get("hint", "")),
                hint_ru=str(item.get("hint_ru", "")),
                solution=tuple(item.get("solution", ())),
            )
        )
    return tuple(out)


def keys() -> list[str]:
    """Campaign level keys in order."""
    return [str(item["key"]) for item in _index()["levels"]]


def entry(key: str) -> Entry | None:
    """The campaign entry of ``key`` (None for custom or unknown keys)."""
    for e in _entries():
        if e.key == key:
            return e
    return None


def par(key: str) -> int | None:
    """The level's par in pulses (None for levels outside the campaign)."""
    e = entry(key)
    return None if e is None else e.par


def stars_for(pulses: int, par_pulses: int | None, hinted: bool = False) -> int | None:
    """3 at par (no level can be won below it), 2 within ``SLACK`` pulses over, else 1; a hint costs
    ``HINT_COST`` star (never below 1). None without a par."""
    if par_pulses is None:
        return None
    n = 3 if pulses <= par_pulses else 2 if pulses <= par_pulses + SLACK else 1
    return max(1, n - (HINT_COST if hinted else 0))


def star_pulses(pulses: int, undone: int = 0, eye_access: bool = False) -> int:
    """The pulses the star rating counts: every pulse played in this game, undone ones included
    (probing and taking back is not free), less the one that opened an all-seeing-eye terminal
    (reading the machine is). A restart begins a new count, as opening the level again does."""
    return max(0, pulses + undone - (1 if eye_access else 0))


def legacy_key(key: str) -> str:
    """Progress keys are stable across releases; kept as a hook for renamed levels."""
    return key
