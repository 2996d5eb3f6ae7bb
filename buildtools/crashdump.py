"""Read Chromium's minidumps (crashpad ``*.dmp``) enough to say why a renderer died.

Headless Chromium writes one per crashed process into ``~/.config/chromium/Crash Reports/pending``
(or ``--crash-dumps-dir``). ``summary`` gives the signal, the crashing address as module+offset,
and the crash keys that name a sampling
allocator hook (GWP-ASan, the sampling heap profiler) - the session-9 renderer crash was
SIGSEGV at chromium+0x9c656bd from those hooks on a WebAssembly stack (see static/boot/6-start.js).

    python -m buildtools.crashdump [DIR-or-FILES...]   # newest first
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

DEFAULT_DIR = Path.home() / ".config" / "chromium" / "Crash Reports" / "pending"
SIGNALS = {4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 11: "SIGSEGV"}
MODULE_LIST, EXCEPTION = 4, 6
MARKERS = (b"gwp-asan-malloc", b"gwp-asan-partitionalloc", b"--subproc-heap-profiling")


def _string(b: bytes, rva: int) -> str:
    n = struct.unpack_from("<I", b, rva)[0]
    return b[rva + 4 : rva + 4 + n].decode("utf-16-le", "replace")


def summary(path: Path) -> dict[str, object]:
    """{signal, code, address, rip, markers} of the minidump at ``path``."""
    b = path.read_bytes()
    if b[:4] != b"MDMP":
        raise ValueError(f"{path}: not a minidump")
    count, dir_rva = struct.unpack_from("<II", b, 8)
    streams: dict[int, int] = {}
    for i in range(count):
        kind, _size, rva = struct.unpack_from("<III", b, dir_rva + 12 * i)
        streams.setdefault(kind, rva)
    modules = []
    if MODULE_LIST in streams:
        r = streams[MODULE_LIST]
        for i in range(struct.unpack_from("<I", b, r)[0]):
            o = r + 4 + 108 * i
            base, size = struct.unpack_from("<QI", b, o)
            modules.append(
                (base, size, _string(b, struct.unpack_from("<I", b, o + 20)[0]).rsplit("/", 1)[-1])
            )

    def where(addr: int) -> str:
        for base, size, name in modules:
            if base <= addr < base + size:
                return f"{name}+{addr - base:#x}"
        return hex(addr)

    out: dict[str, object] = {"markers": [m.decode() for m in MARKERS if m in b]}
    if EXCEPTION not in streams:
        return out
    r = streams[EXCEPTION]
    tid, _, code, flags, _rec, addr = struct.unpack_from("<IIIIQQ", b, r)
    ctx_size, ctx_rva = struct.unpack_from("<II", b, r + 160)
    rip = struct.unpack_from("<Q", b, ctx_rva + 0xF8)[0] if ctx_size >= 0x100 else 0
    out.update(signal=SIGNALS.get(code, str(code)), code=flags, address=hex(addr), rip=where(rip))
    return out


def line(path: Path) -> str:
    """One line about the minidump at ``path``."""
    s = summary(path)
    keys = ",".join(s["markers"]) or "-"  # type: ignore[arg-type]
    return f"{path.name}: {s.get('signal', '?')} code={s.get('code', '?')} addr={s.get('address', '?')} at {s.get('rip', '?')} [{keys}]"


def newest(directory: Path = DEFAULT_DIR, since: float = 0.0) -> list[Path]:
    """The minidumps in ``directory`` written after ``since`` (a time.time()), newest first."""
    if not directory.is_dir():
        return []
    dumps = [p for p in directory.rglob("*.dmp") if p.stat().st_mtime >= since]
    return sorted(dumps, key=lambda p: p.stat().st_mtime, reverse=True)


def main(argv: list[str]) -> int:
    """Print one line per minidump named (or found in the folders named, or the default one)."""
    paths: list[Path] = []
    for a in argv or [str(DEFAULT_DIR)]:
        p = Path(a)
        paths += newest(p) if p.is_dir() else [p]
    for p in paths:
        print(line(p))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
