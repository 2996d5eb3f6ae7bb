"""A sixth game added by docs/adding-a-game.md works with nothing else edited.

In a copy of the project, the template is copied to a new slug (engine and page, as the guide's
steps 2-3 say) and the slug gets its one line in ``buildtools/games.py`` (step 1). Then, with no
other file touched: the registry agrees with the list (the ``tests/core`` checks), the shared command
line replays, hashes and plays it, the lab plays it, and the build makes its page and counts it on
the launcher and in the manifest ("six").
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from buildtools.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
SLUG = "lights"
SKIP = {".git", ".venv", ".cache", "dist", "e2e-artifacts", "lab-reports", "node_modules", "__pycache__"}


def _copy_project(dst: Path) -> None:
    for item in ROOT.iterdir():
        if item.name in SKIP or item.name.endswith(".egg-info"):
            continue
        if item.is_dir():
            shutil.copytree(item, dst / item.name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(item, dst / item.name)
    (ROOT / ".cache").mkdir(exist_ok=True)  # the pinned downloads are shared (checked by sha256 anyway)
    (dst / ".cache").symlink_to(ROOT / ".cache")


def _copy_renamed(src: Path, dst: Path) -> None:
    dst.mkdir(parents=True)
    for f in src.rglob("*.py"):
        if "__pycache__" in f.parts:
            continue
        text = f.read_text(encoding="utf-8")
        text = text.replace("template", SLUG).replace("Template", SLUG.capitalize())
        out = dst / f.relative_to(src)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")


def _add_to_list(games_py: Path) -> None:
    text = games_py.read_text(encoding="utf-8")
    entry = f'''    "{SLUG}": {{
        "title": "Lights",
        "title_ru": "Огни",
        "lang": "en",
        "description": "Walk to the light.",
        "description_en": "Walk to the light.",
        "description_ru": "Дойдите до огня.",
    }},
}}

# Pages that are not games'''
    assert text.count("}\n\n# Pages that are not games") == 1
    games_py.write_text(text.replace("}\n\n# Pages that are not games", entry, 1), encoding="utf-8")


@pytest.fixture(scope="module")
def sixth(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sixth")
    _copy_project(root)
    _copy_renamed(ROOT / "engine" / "template", root / "engine" / SLUG)
    _copy_renamed(ROOT / "www" / "template", root / "www" / SLUG)
    _add_to_list(root / "buildtools" / "games.py")
    return root


def _run(root: Path, *args: str, timeout: int = 300) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [sys.executable, *args], cwd=root, env=env, capture_output=True, text=True, timeout=timeout
    )


def test_sixth_game_is_in_the_one_list_and_the_registry(sixth: Path) -> None:
    r = _run(
        sixth,
        "-c",
        "from buildtools.games import GAMES; from tools.playtest import GAMES as L; print(list(GAMES), L)",
    )
    assert r.returncode == 0, r.stderr
    assert f"'{SLUG}'" in r.stdout
    r = _run(sixth, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/core/test_core_session.py")
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]


def test_sixth_game_command_line_replays_hashes_and_plays(sixth: Path) -> None:
    save = sixth / "bot.json"
    r = _run(sixth, "-m", f"engine.{SLUG}", "bot", "--seed", "5", "--save", str(save))
    assert r.returncode == 0, r.stderr
    played = json.loads(r.stdout)
    assert played["outcome"]["termination"] == "REACHED"
    r = _run(sixth, "-m", "engine.core", "replay", SLUG, str(save))
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["hash"] == played["hash"]
    r = _run(sixth, "-m", "engine.core", "hash", SLUG, "--seed", "5", "--moves", ",".join(played["moves"]))
    assert r.stdout.strip() == played["hash"]
    save.write_text('{"version": 1, "game": "lights", "seed": 5, "moves": ["Q"]}', encoding="utf-8")
    r = _run(sixth, "-m", "engine.core", "replay", SLUG, str(save))
    assert r.returncode == 1 and "Traceback" not in r.stderr and r.stderr.strip()


def test_sixth_game_is_played_by_the_lab(sixth: Path) -> None:
    out = sixth / "lab"
    r = _run(sixth, "-m", "tools.playtest", SLUG, "--games", "6", "--out", str(out), "--workers", "1")
    assert r.returncode == 0, r.stderr[-3000:]
    data = json.loads((out / f"{SLUG}.json").read_text(encoding="utf-8"))
    assert "6/6" in json.dumps(data)


def test_sixth_game_is_built_and_counted_on_the_launcher(sixth: Path) -> None:
    dist = sixth / "dist"
    r = _run(sixth, "build.py", "build", "--no-pyc", "--dist", str(dist), timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    assert (dist / SLUG / "index.html").exists()
    launcher = (dist / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'data-game="(\w+)"', launcher) == [*GAMES, SLUG]
    assert "six deterministic" in launcher and "шесть" in launcher
    manifest = json.loads((dist / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["description"].startswith("Six ")
