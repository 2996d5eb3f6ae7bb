"""The playtest lab's shared aggregation and report writing, on hand-made inputs."""

from __future__ import annotations

import json
import math

import pytest

pytest.importorskip("numpy")
pytest.importorskip("matplotlib")

from tools.playtest import stats  # noqa: E402
from tools.playtest.progress import run_many  # noqa: E402
from tools.playtest.report import LabConfig, Metric, Plot, Report, Table, write_index, write_report  # noqa: E402


def test_quartiles_of_known_values():
    q = stats.quartiles([1, 2, 3, 4, 5])
    assert (q["p25"], q["median"], q["p75"]) == (2.0, 3.0, 4.0)
    assert math.isnan(stats.quartiles([])["median"])


def test_survival_counts_games_still_running_after_each_turn():
    # games of length 1, 3 and 3: after turn 0 all run, after turn 1 two, after turn 3 none
    assert stats.survival([1, 3, 3], 3).tolist() == [1.0, pytest.approx(2 / 3), pytest.approx(2 / 3), 0.0]


def test_quartiles_by_turn_ignores_finished_games_unless_carried():
    series = [[1, 2, 3], [5]]
    q = stats.quartiles_by_turn(series, 3)
    assert q[1].tolist() == [3.0, 2.0, 3.0]
    carried = stats.quartiles_by_turn(series, 3, carry=True)
    assert carried[1].tolist() == [3.0, 3.5, 4.0]


def test_share_counts_and_first_index():
    assert stats.share([True, False, False, True]) == 0.5
    assert stats.counts(["a", "b", "a"]) == {"a": 2, "b": 1}
    assert stats.first_index([False, False, True, True]) == 2
    assert stats.first_index([False]) is None
    assert stats.median_or_none([None, 4, 2, None]) == 3.0
    assert stats.median_or_none([None]) is None


def _square(x: int) -> int:
    return x * x


def test_run_many_keeps_order_in_parallel():
    assert run_many(_square, list(range(20)), "sq", workers=2) == [x * x for x in range(20)]


def test_report_files_hold_metrics_tables_and_plots(tmp_path):
    cfg = LabConfig(games=3, seed=7, out=tmp_path)
    rep = Report(
        game="demo",
        title="Demo",
        config=cfg,
        metrics=[
            Metric("x", "Share X", 0.25, "games with X / games", reference="0.3", target="≤ 0.5", ok=True)
        ],
        tables=[Table("Per level", ["level", "won"], [[1, True], [2, False]])],
        plots=[Plot("len", "Lengths", lambda ax: ax.hist([1, 2, 2, 3]))],
        data={"lengths": [1, 2, 2, 3]},
    )
    paths = write_report(rep)
    md = paths["md"].read_text()
    assert "| Share X | 0.25 | ≤ 0.5 ✅ | 0.3 | games with X / games |" in md
    assert "| 2 | no |" in md and "demo-len.png" in md
    assert paths["demo-len.png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    payload = json.loads(paths["json"].read_text())
    assert payload["metrics"][0]["value"] == 0.25 and payload["data"]["lengths"] == [1, 2, 2, 3]
    index = write_index([rep], {"broken": "RuntimeError: x"}, tmp_path).read_text()
    assert "[Demo](demo.md)" in index and "broken: no report" in index
