"""Build tools: the bench's verdict per page and the snapshot's pinned, content-addressed place."""

from __future__ import annotations

import base64
import gzip
import hashlib
import zipfile
from pathlib import Path

import pytest

from buildtools import bench, snapshot


def _runs(tti: float) -> list[dict]:
    return [{"interactive": tti, "errors": [], "bytes": 0}]


def test_bench_table_prints_the_ratio_and_a_verdict_per_page(capsys: pytest.CaptureFixture[str]) -> None:
    ratios = bench._table("Warm", {"bare": _runs(2000), "ternar": _runs(2500), "orbit": _runs(2700)}, 1.3)
    out = capsys.readouterr().out
    assert ratios["ternar"] == pytest.approx(1.25) and ratios["orbit"] == pytest.approx(1.35)
    lines = {line.split()[0]: line for line in out.splitlines()[2:]}
    assert "PASS ≤ 1.3" in lines["ternar"] and "FAIL ≤ 1.3" in lines["orbit"]
    assert "PASS" not in lines["bare"] and "FAIL" not in lines["bare"]


def test_bench_table_reports_a_page_that_failed_to_start(capsys: pytest.CaptureFixture[str]) -> None:
    broken = [{"interactive": None, "errors": [{"summary": "boom"}], "bytes": 0}]
    ratios = bench._table("Cold", {"bare": _runs(2000), "reactor": broken}, 1.25)
    assert ratios["reactor"] is None and "ERROR boom" in capsys.readouterr().out


def _wheel(path: Path, body: bytes) -> None:
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("a/__init__.py", body)


def test_snapshot_is_placed_by_content_with_its_integrity(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """A cached snapshot (no node needed) lands at snapshot/<sha256[:16]>/ with an SRI hash; a
    different wheel is a different cache entry."""
    monkeypatch.setattr(snapshot, "ROOT", tmp_path)
    pyodide = tmp_path / "pyodide"
    pyodide.mkdir()
    for name in snapshot.RUNTIME:
        (pyodide / name).write_bytes(name.encode())
    wheel = tmp_path / "a-1-py3-none-any.whl"
    _wheel(wheel, b"one")
    made = []

    def fake_run(cmd, **kw):  # noqa: ANN001, ANN003
        made.append(cmd)
        assert cmd[4] == f"pure={wheel}"  # no native module: its modules may go into the snapshot
        Path(cmd[3]).write_bytes(b"heap" * 1000)

    monkeypatch.setattr(snapshot.subprocess, "run", fake_run)
    dist = tmp_path / "dist"
    entry = snapshot.make_snapshot(pyodide, [wheel], dist, log=lambda *a: None)
    data = (dist / entry["url"]).read_bytes()
    assert gzip.decompress(data) == b"heap" * 1000
    digest = hashlib.sha256(data).digest()
    assert entry["url"] == f"snapshot/{digest.hex()[:16]}/python.snapshot"
    assert entry["integrity"] == "sha256-" + base64.b64encode(digest).decode()
    snapshot.make_snapshot(pyodide, [wheel], dist, log=lambda *a: None)
    assert len(made) == 1  # cached by its inputs
    _wheel(wheel, b"two")
    snapshot.make_snapshot(pyodide, [wheel], dist, log=lambda *a: None)
    assert len(made) == 2


def test_a_change_to_the_sites_code_keeps_the_snapshot_unless_its_imports_change(
    tmp_path: Path, monkeypatch
) -> None:  # noqa: ANN001
    """The site's own modules are not in the snapshot: a game wheel whose code changes but whose
    import lines stay keeps the cached snapshot (an update does not download it again); a new
    import line makes a new one."""
    monkeypatch.setattr(snapshot, "ROOT", tmp_path)
    pyodide = tmp_path / "pyodide"
    pyodide.mkdir()
    for name in snapshot.RUNTIME:
        (pyodide / name).write_bytes(name.encode())
    wheel = tmp_path / "gridworks_ternar-0.1.0-py3-none-any.whl"
    made = []

    def fake_run(cmd, **kw):  # noqa: ANN001, ANN003
        made.append(cmd)
        Path(cmd[3]).write_bytes(b"heap")

    monkeypatch.setattr(snapshot.subprocess, "run", fake_run)
    dist = tmp_path / "dist"
    _wheel(wheel, b"import json\nX = 1\n")
    first = snapshot.make_snapshot(pyodide, [wheel], dist, log=lambda *a: None)
    _wheel(wheel, b"import json\nX = 2  # a changed rule\n")
    assert snapshot.make_snapshot(pyodide, [wheel], dist, log=lambda *a: None) == first
    assert len(made) == 1
    _wheel(wheel, b"import json\nimport csv\nX = 2\n")
    snapshot.make_snapshot(pyodide, [wheel], dist, log=lambda *a: None)
    assert len(made) == 2
