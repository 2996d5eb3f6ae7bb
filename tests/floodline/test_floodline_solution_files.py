"""The greedy solver's level files and index (``tools/floodline/solution_files.py``, split out of
``solve_levels.py`` in session 10 with no change of behaviour)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import tools.floodline.solution_files as sf
import tools.floodline.solve_levels as sv


def test_the_solver_module_re_exports_the_paths_and_the_index_writer() -> None:
    assert sv.LEVELS is sf.LEVELS and sv.SOLUTIONS is sf.SOLUTIONS and sv.write_index is sf.write_index
    assert callable(sv.solve) and callable(sv.placements) and callable(sv.heuristic)


def test_level_files_lists_the_campaign_or_the_stems_named() -> None:
    assert [p.stem for p in sf.level_files([])] == [f"lv{n:02d}" for n in range(1, 31)]
    assert [p.stem for p in sf.level_files(["lv22", "lv02", "nope"])] == ["lv02", "lv22"]


def test_write_index_replays_each_solution_and_leaves_out_a_broken_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(sf.SOLUTIONS / "lv02.json", tmp_path / "lv02.json")
    broken = json.loads((sf.SOLUTIONS / "lv03.json").read_text())
    broken["levelHash"] = "0" * len(str(broken.get("levelHash", "0")))  # a replay of another level
    (tmp_path / "lv03.json").write_text(json.dumps(broken))
    monkeypatch.setattr(sf, "SOLUTIONS", tmp_path)
    index = sf.write_index()
    shipped = json.loads((sf.HERE / "solutions" / "index.json").read_text())
    assert index == {"lv02": shipped["lv02"]}
    assert json.loads((tmp_path / "index.json").read_text()) == index
