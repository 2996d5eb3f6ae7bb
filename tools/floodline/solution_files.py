"""The greedy solver's level files: where levels and solutions live, the command line that writes
solutions, and ``solutions/index.json`` (split out of ``solve_levels.py``, which keeps the search).

Run: ``python -m tools.floodline.solution_files [lv03 lv07 ...] [-v] [-sN] [--force]`` (or, as before,
``python -m tools.floodline.solve_levels ...``).  ``-sN`` skips wins earning fewer than N stars (and
shapes the search toward the star conditions); without it the levels in ``solve_levels.STAR_TARGETS``
are tried with their target first.  A solution file is only replaced by one earning at least as many
stars (``--force`` always replaces); ``solutions/index.json`` (stem -> stars, ticks) is rebuilt by
replaying every solution at the end.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from engine.core.schema import SchemaError
from engine.floodline.level import parse_level
from engine.floodline.replay import make_replay, parse_replay, play
from engine.floodline.state import Status

HERE = Path(__file__).resolve().parent
LEVELS = HERE.parents[1] / "engine" / "floodline" / "levels"
SOLUTIONS = HERE / "solutions"


def level_files(names: list[str]) -> list[Path]:
    """The campaign's level files, sorted; only the stems in ``names`` when it is not empty."""
    files = sorted(LEVELS.glob("lv*.json"))
    if names:
        files = [f for f in files if f.stem in names]
    return files


def main(argv: list[str]) -> int:
    """Solve the levels named in ``argv`` (every level without names) and write the wins."""
    from tools.floodline.solve_levels import STAR_TARGETS, solve  # the search (imports this module)

    SOLUTIONS.mkdir(exist_ok=True)
    index_path = SOLUTIONS / "index.json"
    index: dict[str, Any] = json.loads(index_path.read_text()) if index_path.exists() else {}
    for f in level_files([a for a in argv if not a.startswith("-")]):
        data = json.loads(f.read_text())
        level = parse_level(data)
        seed = data["meta"]["seed"]
        stars = [int(a[2:]) for a in argv if a.startswith("-s")]
        target = stars[0] if stars else STAR_TARGETS.get(f.stem, 0)
        s, ticks = solve(level, seed, "-v" in argv, target)
        if not stars and target and (s.outcome is None or s.outcome.status != Status.WON):
            s, ticks = solve(level, seed, "-v" in argv, 0)
        o = s.outcome
        if o is not None and o.status == Status.WON:
            rep = make_replay(level, seed, ticks)
            end = play(level, rep)
            assert end.outcome is not None and end.outcome.status == Status.WON
            old = index.get(f.stem)
            if old is None or old["stars"] <= o.stars or "--force" in argv:
                out = rep.model_dump(mode="json", by_alias=True)
                (SOLUTIONS / f"{f.stem}.json").write_text(json.dumps(out, indent=1) + "\n")
                index[f.stem] = {"stars": o.stars, "ticks": end.tick}
            print(f"{f.stem}: WON {o.stars}* in {s.metrics['piecesUsed']} pieces")
        else:
            why = "stuck" if o is None else f"{o.status.value} {o.reason.value}"
            print(f"{f.stem}: not solved ({why}), pieces {s.metrics['piecesUsed']}")
    write_index()
    return 0


def write_index() -> dict[str, Any]:
    """Rebuild ``solutions/index.json`` (stem -> stars, ticks) by replaying every solution file."""
    index: dict[str, Any] = {}
    for sol in sorted(SOLUTIONS.glob("lv??.json")):
        level = parse_level((LEVELS / sol.name).read_text())
        try:
            end = play(level, parse_replay(sol.read_text()))
        except SchemaError as exc:  # an older rules version or level: left out of the index
            print(f"{sol.stem}: {exc}")
            continue
        if end.outcome is not None and end.outcome.status == Status.WON:
            index[sol.stem] = {"stars": end.outcome.stars, "ticks": end.tick}
    (SOLUTIONS / "index.json").write_text(json.dumps(index, indent=1) + "\n")
    return index


def write_one(stem: str, data: dict[str, Any], ticks: list[Any]) -> Any:
    """Replay ``ticks`` on level ``data`` from its seed; on a win write ``solutions/<stem>.json`` and
    that level's entry of ``solutions/index.json`` only (the index is re-read first: other levels'
    entries are left as they are).  Returns the end state (the caller checks the win)."""
    level = parse_level(data)
    rep = make_replay(level, int(data["meta"]["seed"]), ticks)
    end = play(level, rep)
    if end.outcome is not None and end.outcome.status == Status.WON:
        (SOLUTIONS / f"{stem}.json").write_text(
            json.dumps(rep.model_dump(mode="json", by_alias=True), indent=1) + "\n"
        )
        index_path = SOLUTIONS / "index.json"
        index: dict[str, Any] = json.loads(index_path.read_text()) if index_path.exists() else {}
        index[stem] = {"stars": end.outcome.stars, "ticks": end.tick}
        index_path.write_text(json.dumps(dict(sorted(index.items())), indent=1) + "\n")
    return end


def write_planned(stem: str, data: dict[str, Any], end: Any, ticks: list[Any], log: Any = print) -> Any:
    """A hand plan's result written out: refuse a plan that does not win, else write the level file
    ``levels/<stem>.json``, its solution and index entry (``write_one``), and log the figures.
    Returns the replayed end state."""
    o = end.outcome
    if o is None or o.status != Status.WON:
        raise RuntimeError(f"{stem}: the plan does not win ({o}, {end.metrics['piecesUsed']} pieces)")
    (LEVELS / f"{stem}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    again = write_one(stem, data, ticks)
    m = end.metrics
    log(
        f"{stem}: WON {o.stars}★ in {m['piecesUsed']} pieces, {m['rotations']} tilts, lost {m['lostVoxelsTotal']}"
    )
    return again


def rerecord(stem: str) -> Any:
    """Write ``solutions/<stem>.json`` again for the level file as it is now, with the same inputs
    (a change that cannot alter play, such as a star threshold, still changes the level's hash).
    Returns the end state; the file and index entry are written only on a win (``write_one``)."""
    from engine.floodline.moves import parse_move

    old = parse_replay((SOLUTIONS / f"{stem}.json").read_text())
    ticks = []
    for text in old.inputs:
        mv = parse_move(text)
        ticks += [mv.once()] * mv.repeat
    data = json.loads((LEVELS / f"{stem}.json").read_text())
    return write_one(stem, data, ticks)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
