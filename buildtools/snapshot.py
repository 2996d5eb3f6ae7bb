"""The Pyodide memory snapshot the pages start from (``buildtools/snapshot.mjs`` makes it under node).

The snapshot is Pyodide's heap with the interpreter started and the standard-library and pure-Python
modules the site's code imports already imported (not pydantic_core, nor what imports it: Pyodide 314
cannot snapshot binary extensions). It is stored gzip-compressed (31 MB → ~7 MB) at a
content-addressed URL ``snapshot/<sha256[:16]>/python.snapshot`` and cached in ``.cache/snapshot``
by the hash of its inputs (the Pyodide runtime, the third-party wheels, the script, and of the site's
own wheels only their import lines: the site's modules are not in the snapshot, only what they
import, so a change to a game's code keeps the same snapshot and an update does not download it).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import re
import subprocess
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "buildtools" / "snapshot.mjs"
RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]


def _has_binary(wheel: Path) -> bool:
    """Whether a wheel holds a native extension module."""
    with zipfile.ZipFile(wheel) as z:
        return any(n.endswith(".so") for n in z.namelist())


SITE_WHEEL = re.compile(r"^gridworks(_[a-z0-9]+)?-")
IMPORT_LINE = re.compile(rb"^\s*(import|from)\s[^\n]*", re.MULTILINE)


def _input_hash(wheel: Path) -> bytes:
    """What of a wheel decides the snapshot: all of a third-party wheel; the import lines of the
    site's own (``gridworks*``) wheels."""
    if not SITE_WHEEL.match(wheel.name):
        return hashlib.sha256(wheel.read_bytes()).digest()
    h = hashlib.sha256()
    with zipfile.ZipFile(wheel) as z:
        for name in sorted(z.namelist()):
            if name.endswith(".py"):
                h.update(
                    name.encode() + b"\0" + b"\n".join(m.group(0) for m in IMPORT_LINE.finditer(z.read(name)))
                )
    return h.digest()


def make_snapshot(pyodide_dir: Path, wheels: list[Path], dist: Path, log=print) -> dict:  # noqa: ANN001
    """Write the snapshot into ``dist``; returns its entry in boot.js's build info (URL relative to
    the site root, SRI integrity, size)."""
    h = hashlib.sha256(SCRIPT.read_bytes())
    for p in [pyodide_dir / n for n in RUNTIME]:
        h.update(p.name.encode() + hashlib.sha256(p.read_bytes()).digest())
    for p in sorted(wheels):
        h.update(p.name.encode() + _input_hash(p))
    cache = ROOT / ".cache" / "snapshot" / f"{h.hexdigest()[:20]}.snapshot"
    if not cache.exists():
        log(f"  making the Pyodide memory snapshot (node, {len(wheels)} wheels)")
        cache.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            raw = Path(tmp) / "python.bin"
            subprocess.run(
                ["node", str(SCRIPT), str(pyodide_dir) + "/", str(raw)]
                + [f"{'binary' if _has_binary(w) else 'pure'}={w}" for w in wheels],
                check=True,
                capture_output=True,
                text=True,
            )
            tmp_out = cache.with_suffix(".tmp")
            tmp_out.write_bytes(gzip.compress(raw.read_bytes(), compresslevel=6, mtime=0))
            tmp_out.replace(cache)
    data = cache.read_bytes()
    digest = hashlib.sha256(data).digest()
    rel = f"snapshot/{digest.hex()[:16]}/python.snapshot"
    (dist / rel).parent.mkdir(parents=True, exist_ok=True)
    (dist / rel).write_bytes(data)
    return {"url": rel, "integrity": "sha256-" + base64.b64encode(digest).decode(), "size": len(data)}
