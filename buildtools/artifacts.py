"""Download pinned artifacts with npm / pip into the cache and verify their sha256."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "static" / "artifacts.json"


class ArtifactError(RuntimeError):
    """A download failed or a file's checksum does not match the pinned one."""


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def load_lock() -> dict:
    return json.loads(LOCK.read_text())


def _verify(path: Path, expected: str) -> None:
    got = sha256(path)
    if got != expected:
        bad = path.with_suffix(path.suffix + ".bad")
        path.replace(bad)
        raise ArtifactError(
            f"{path.name}: sha256 {got} does not match the pinned {expected} (moved to {bad.name})"
        )


def fetch_all(cache: Path, log=print) -> dict[str, Path]:
    """Ensure every pinned artifact is in ``cache`` and verified; returns file name → path."""
    cache.mkdir(parents=True, exist_ok=True)
    lock = load_lock()
    out: dict[str, Path] = {}
    for item in lock["npm"]:
        path = cache / item["file"]
        if not path.exists():
            log(f"  npm pack {item['spec']}")
            r = subprocess.run(
                ["npm", "pack", item["spec"], "--silent"], cwd=cache, capture_output=True, text=True
            )
            if r.returncode != 0 or not path.exists():
                raise ArtifactError(f"npm pack {item['spec']} failed: {r.stderr.strip()[-400:]}")
        _verify(path, item["sha256"])
        out[item["file"]] = path
    for item in lock["wheels"]:
        path = cache / item["file"]
        if not path.exists():
            log(f"  pip download {item['spec']}")
            cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(cache), item["spec"]]
            if item.get("emscripten"):
                cmd += [
                    "--platform",
                    "pyemscripten_2026_0_wasm32",
                    "--python-version",
                    "3.14",
                    "--implementation",
                    "cp",
                    "--abi",
                    "cp314",
                    "--only-binary=:all:",
                ]
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode != 0 or not path.exists():
                raise ArtifactError(f"pip download {item['spec']} failed: {r.stderr.strip()[-400:]}")
        _verify(path, item["sha256"])
        out[item["file"]] = path
    return out
