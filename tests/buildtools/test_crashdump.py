"""buildtools.crashdump reads a crashpad minidump's signal, crash address and sampler markers."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from buildtools.crashdump import line, newest, summary

BASE = 0x5622B5BBC000


def _dump(path: Path, rip: int, marker: bytes = b"") -> Path:
    """A minimal minidump: a module list (one module, 'chromium') and an exception stream."""
    name = "/usr/lib/chromium/chromium".encode("utf-16-le")
    name_rva = 32 + 24
    name_blob = struct.pack("<I", len(name)) + name
    mod_rva = name_rva + len(name_blob)
    module = struct.pack("<QIIII", BASE, 0x20000000, 0, 0, name_rva) + bytes(108 - 24)
    mods = struct.pack("<I", 1) + module
    exc_rva = mod_rva + len(mods)
    ctx_rva = exc_rva + 168
    exc = (
        struct.pack("<IIIIQQII", 7, 0, 11, 2, 0, 0x2229CAA79000, 0, 0)
        + bytes(120)
        + struct.pack("<II", 0x4D0, ctx_rva)
    )
    ctx = bytearray(0x4D0)
    struct.pack_into("<Q", ctx, 0xF8, rip)
    header = struct.pack("<4sIIIIIQ", b"MDMP", 0xA793, 2, 32, 0, 0, 0)
    directory = struct.pack("<III", 4, len(mods), mod_rva) + struct.pack("<III", 6, len(exc), exc_rva)
    path.write_bytes(header + directory + name_blob + mods + exc + bytes(ctx) + marker)
    return path


def test_summary_names_signal_module_offset_and_the_sampler(tmp_path: Path) -> None:
    d = _dump(tmp_path / "a.dmp", BASE + 0x9C656BD, b"--subproc-heap-profiling")
    s = summary(d)
    assert s["signal"] == "SIGSEGV" and s["code"] == 2
    assert s["rip"] == "chromium+0x9c656bd"
    assert s["address"] == "0x2229caa79000"
    assert s["markers"] == ["--subproc-heap-profiling"]
    assert "chromium+0x9c656bd" in line(d)


def test_an_address_outside_every_module_stays_an_address(tmp_path: Path) -> None:
    assert summary(_dump(tmp_path / "b.dmp", BASE - 1))["rip"] == hex(BASE - 1)
    assert summary(_dump(tmp_path / "c.dmp", BASE + 0x20000000 - 1))["rip"] == "chromium+0x1fffffff"


def test_not_a_minidump_is_refused_and_a_missing_folder_has_none(tmp_path: Path) -> None:
    (tmp_path / "x.dmp").write_bytes(b"nope")
    with pytest.raises(ValueError):
        summary(tmp_path / "x.dmp")
    assert newest(tmp_path / "missing") == []
    assert newest(tmp_path) == [tmp_path / "x.dmp"]
