"""One-tap share links (issue #27): ``<page>#level=RM1.<payload>.<crc>`` opens the shared level
straight into play. The code gets every check an imported share code gets (``parse_share_code``:
version, checksum, truncation, garbage, size cap against zip bombs) plus validation; the level is
kept in "Your levels" so its progress and saved game work like any custom level. No browser
imports (tested in CPython); the page passes ``location.hash`` in and clears it after."""

from __future__ import annotations

import json
from typing import Any

from engine.core.schema import Problem, SchemaError
from engine.reactor import check_level, parse_share_code
from engine.reactor.validate import Issue

PREFIX = "#level="


def link_for(page_url: str, code: str) -> str:
    """The link that opens ``code``: the page address without its old fragment, then ``#level=``."""
    return page_url.split("#", 1)[0] + PREFIX + code


def code_in(fragment: str) -> str | None:
    """The share code in a page fragment (None when the fragment holds none)."""
    if not fragment.startswith(PREFIX):
        return None
    return fragment[len(PREFIX) :].strip()


def open_link(code: str, custom: dict[str, Any]) -> tuple[str | None, list[Issue | Problem]]:
    """(custom level id to play, []) after adding the shared level to ``custom`` (its id kept, or
    suffixed when another, different level has it); (None, problems) when refused."""
    try:
        lv = parse_share_code(code)
    except SchemaError as exc:
        return None, list(exc.details)
    data = lv.model_dump(mode="json", exclude_defaults=True)
    rep = check_level(json.loads(json.dumps(data)))
    if rep.errors:
        return None, list(rep.errors)
    base = lid = str(data["meta"]["id"])
    k = 2
    while lid in custom and _anon(custom[lid]) != _anon(data):
        lid, k = f"{base}-{k}", k + 1
    data["meta"]["id"] = lid
    custom.setdefault(lid, data)  # the same level again: the stored copy (and its progress) stays
    return lid, []


def _anon(level: Any) -> Any:
    """A level with its id left out (two copies of one shared level compare equal)."""
    if not isinstance(level, dict) or not isinstance(level.get("meta"), dict):
        return level
    return {**level, "meta": {**level["meta"], "id": ""}}
