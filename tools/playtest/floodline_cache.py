"""A result cache for the Floodline lab: a play is replayed only when something it depends on changed.

Every job's result is appended, as it finishes, to a JSON-lines file (``FLOODLINE_LAB_CACHE``, off when
unset) under a key made of the code that decides it (the engine package, the family, the solvers),
the level's file, the committed solution files (for the replay job), the strategy, the random
variant and the pieces cap.  A rerun after redesigning three levels plays only those three; a run
that was stopped keeps what it finished.  The results are the same as without the cache (every
input that decides a play is in its key).
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CODE = [
    *sorted((ROOT / "engine" / "floodline").glob("*.py")),
    *(
        ROOT / "tools" / "playtest" / f"floodline_{m}.py"
        for m in ("family", "play", "stackers", "tilted", "family_f")
    ),
    ROOT / "tools" / "floodline" / "solve_levels.py",
    ROOT / "tools" / "floodline" / "plan_solver.py",
    ROOT / "tools" / "floodline" / "measure.py",
    ROOT / "tools" / "floodline" / "fast.py",
]
SOLUTIONS = ROOT / "tools" / "floodline" / "solutions"


def path() -> Path | None:
    """The cache file (``FLOODLINE_LAB_CACHE``), or None when caching is off."""
    p = os.environ.get("FLOODLINE_LAB_CACHE", "").strip()
    return Path(p) if p else None


@cache
def code_hash() -> str:
    """The code that decides a play (read once per process; the lab reads it before it forks)."""
    h = hashlib.sha256()
    for f in CODE:
        if f.exists():
            h.update(f.name.encode())
            h.update(f.read_bytes())
    return h.hexdigest()[:16]


def key(kind: str, n: int, variant: int, max_pieces: int) -> str:
    """What decides job ``(kind, n, variant)``: code, level, solutions (replay job), cap.  The level is
    the text this process plays (``campaign`` reads each file once), not the file as it is now: a level
    rewritten during a run is not stored under the new level's key."""
    from engine.floodline.campaign import level

    h = hashlib.sha256(code_hash().encode())
    h.update(json.dumps(level(n), sort_keys=True).encode())
    if kind == "sol":
        for f in (SOLUTIONS / f"lv{n:02d}.json", SOLUTIONS / f"lv{n:02d}.beat.json"):
            if f.exists():
                h.update(f.read_bytes())
    h.update(f"{kind}|{n}|{variant}|{max_pieces}".encode())
    return h.hexdigest()[:24]


def load() -> dict[str, dict[str, Any]]:
    """Cached results by key (empty when caching is off or the file is missing)."""
    p = path()
    if p is None or not p.exists():
        return {}
    out: dict[str, dict[str, Any]] = {}
    for line in p.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
            out[str(row["key"])] = row["result"]
        except (ValueError, KeyError, TypeError):
            continue  # a line cut short by a stopped run
    return out


_MEMO: dict[str, dict[str, dict[str, Any]]] = {}  # cache file -> its results, read once per process


def lookup(k: str) -> dict[str, Any] | None:
    """The stored result under key ``k`` (None when caching is off or nothing is stored)."""
    p = path()
    if p is None:
        return None
    memo = _MEMO.get(str(p))
    if memo is None:
        memo = _MEMO[str(p)] = load()
    return memo.get(k)


def store(k: str, result: dict[str, Any]) -> None:
    """Append one result (a single short write: safe from the lab's forked workers)."""
    p = path()
    if p is None:
        return
    if str(p) in _MEMO:
        _MEMO[str(p)][k] = result
    line = json.dumps({"key": k, "result": result}) + "\n"
    with p.open("a", encoding="utf-8") as f:
        f.write(line)
