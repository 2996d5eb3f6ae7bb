"""One deterministic pure-Python wheel for the site's own code: the engine (``engine``) and the
browser glue (``gwweb``).

Fixed timestamps and sorted entries make the bytes depend only on the sources,
so the service worker's content hashes change only when code changes. Only what runs in
the browser is packed: no tests, no command-line entry points (``__main__.py``), no
Markdown/README/RULES text.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

EPOCH = (2020, 1, 1, 0, 0, 0)
SKIP_DIRS = {"__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
KEEP_SUFFIXES = {".py", ".json"}
SKIP_NAMES = {"__main__.py"}
SKIP_PARTS = {"tests", "tools"}


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _files(src: Path, pkg: str, exclude: frozenset[str] = frozenset()) -> list[tuple[str, bytes]]:
    out = []
    for p in sorted(src.rglob("*")):
        if not p.is_file() or p.suffix not in KEEP_SUFFIXES or SKIP_DIRS & set(p.parts):
            continue
        if p.relative_to(src).parts[0] in exclude:
            continue
        if SKIP_PARTS & set(p.relative_to(src).parts) or p.name in SKIP_NAMES:
            continue
        out.append((f"{pkg}/{p.relative_to(src).as_posix()}", p.read_bytes()))
    return out


def build_wheel(
    packages: dict[str, Path],
    dist_name: str,
    version: str,
    requires: list[str],
    out_dir: Path,
    exclude: frozenset[str] = frozenset(),
) -> Path:
    """Write ``<dist_name>-<version>-py3-none-any.whl`` packing each folder of ``packages`` (import
    name, or a package path such as ``engine/ternar`` → source folder), leaving out the top-level
    entries named in ``exclude`` (the games, which have wheels of their own)."""
    norm = dist_name.replace("-", "_")
    info = f"{norm}-{version}.dist-info"
    entries = [e for pkg, src in sorted(packages.items()) for e in _files(src, pkg, exclude)]
    meta = ["Metadata-Version: 2.1", f"Name: {dist_name}", f"Version: {version}"]
    meta += [f"Requires-Dist: {r}" for r in requires]
    entries.append((f"{info}/METADATA", ("\n".join(meta) + "\n").encode()))
    entries.append(
        (
            f"{info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: gridworks-build\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        )
    )
    tops = sorted({pkg.split("/")[0] for pkg in packages})
    entries.append((f"{info}/top_level.txt", "".join(f"{pkg}\n" for pkg in tops).encode()))
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in entries)
    record += f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{norm}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, data in entries:
            zi = zipfile.ZipInfo(name, EPOCH)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            z.writestr(zi, data)
    return path
