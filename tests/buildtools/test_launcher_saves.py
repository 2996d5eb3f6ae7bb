"""The launcher and a save from a newer build (issue #25): the build writes into the launcher what its
game pages read back (``buildtools/saveformats.py``), and the launcher's ``newerSave`` judges a stored
save as the pages' ``newer_than_build`` does; such a game in progress shows "saved by a newer
version" with an update, never a Continue that would start afresh. The launcher's logic is run under
node (the build needs node already, for the snapshot) with a stand-in localStorage."""

from __future__ import annotations

import importlib
import json
import shutil
import subprocess
from typing import Any

import pytest

from buildtools.launcher import LOGIC, launcher_html
from buildtools.saveformats import SaveFormat, glue, save_formats
from buildtools.site import built_games

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")

RUNNER = """
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const make = new Function("F", "localStorage", input.logic + "; return {newerSave, saveState, scores};");
const out = input.cases.map((c) => {
  const items = c.items || {}, keys = Object.keys(items);
  const store = {getItem: (k) => (k in items ? items[k] : null), key: (i) => keys[i], length: keys.length};
  const L = make(input.formats, store);
  return c.raw !== undefined ? L.newerSave(c.raw, input.formats[c.slug]) : L.saveState(c.slug, L.scores(c.slug));
});
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def formats() -> dict[str, SaveFormat]:
    return save_formats(built_games())


def run_logic(formats: dict[str, SaveFormat], cases: list[dict[str, Any]]) -> list[Any]:
    """Each case through the launcher's LOGIC under node: ``raw`` -> newerSave, ``items`` -> saveState."""
    assert NODE is not None
    payload = json.dumps({"logic": LOGIC, "formats": formats, "cases": cases})
    done = subprocess.run([NODE, "-e", RUNNER], input=payload, capture_output=True, text=True, check=True)
    out: list[Any] = json.loads(done.stdout)
    return out


def test_each_game_names_the_save_its_page_reads(formats: dict[str, SaveFormat]) -> None:
    from engine.core.session import Session, rules_of

    assert set(formats) == set(built_games())
    for slug, f in formats.items():
        assert f["version"] == Session.SAVE_VERSION
        assert f["rules"] == rules_of(importlib.import_module(f"engine.{slug}").GAME)
    # the pages' own names and record versions (reactor's game record is format 2, runmap's is "run")
    assert formats["reactor"]["key"] == "game" and formats["reactor"]["v"] == 2
    assert formats["runmap"]["key"] == "run" and formats["runmap"]["v"] == 1
    assert formats["ternar"]["key"] == "game" and formats["ternar"]["rules"] >= 6
    html = launcher_html(built_games(), "0", set(), formats)
    assert json.dumps(formats, sort_keys=True) in html


def _records(f: SaveFormat) -> list[str]:
    """Stored texts around each of the three limits (value - 1, value, value + 1), nested saves,
    junk and other shapes."""
    v, ver, rules = f["v"], f["version"], f["rules"]
    out: list[Any] = ["not json", "[]", "7", "null", '{"v": 1}', '{"data": []}']
    for rv in (None, v - 1, v, v + 1, "9", True):
        for sv in (None, ver - 1, ver, ver + 1):
            for r in (None, rules - 1, rules, rules + 1, "99"):
                data: dict[str, Any] = {"seed": 3}
                if sv is not None:
                    data["version"] = sv
                if r is not None:
                    data["rules"] = r
                rec: dict[str, Any] = {"data": data}
                if rv is not None:
                    rec["v"] = rv
                out.append(json.dumps(rec))
    for inner in ("save", "session"):  # a game's record around its SaveData
        for r in (rules, rules + 1):
            out.append(json.dumps({"v": v, "data": {inner: {"version": ver, "rules": r}, "level": 2}}))
    return out


@needs_node
def test_the_launcher_judges_a_newer_save_as_the_game_page_does(formats: dict[str, SaveFormat]) -> None:
    with glue():
        app = importlib.import_module("gwweb.shared.app")
        cases, expected = [], []
        for slug, f in formats.items():
            game = importlib.import_module(f"engine.{slug}").GAME
            for raw in _records(f):
                cases.append({"slug": slug, "raw": raw})
                expected.append(app.newer_than_build(game, raw, f["v"]) is not None)
    got = run_logic(formats, cases)
    wrong = [(c["slug"], c["raw"], e) for c, g, e in zip(cases, got, expected, strict=True) if g != e]
    assert not wrong, wrong[:5]
    assert sum(expected) > len(expected) // 3  # the boundaries were crossed, not only junk


@needs_node
def test_a_game_in_progress_from_a_newer_build_offers_no_continue(formats: dict[str, SaveFormat]) -> None:
    f = formats["ternar"]
    rules = f["rules"]

    def items(save_rules: int | None, in_progress: bool | None, key: str = "gridworks:ternar:game") -> dict:
        out = {}
        if save_rules is not None:
            out[key] = json.dumps({"v": 1, "data": {"game": "ternar", "rules": save_rules, "seed": 3}})
        if in_progress is not None:
            out["gridworks:ternar:scores"] = json.dumps({"v": 1, "data": {"in_progress": in_progress}})
        return out

    cases = [
        items(rules - 1, True),  # an older build's game: this build continues it (migrates it)
        items(rules, True),
        items(rules + 1, True),  # a newer build's: "newer", never "continue"
        items(rules + 1, None),  # no scores record yet
        items(rules + 1, False),  # finished: nothing to continue, Play
        items(None, True),  # no save: Play
        items(rules + 1, True, "gridworks:ternar:game:corrupt:5"),  # only a backup: Play
        {
            "gridworks:ternar:game": json.dumps({"v": f["v"] + 1, "data": {"rules": rules}}),
            "gridworks:ternar:scores": '{"v": 1, "data": {"in_progress": true}}',
        },
        {  # the scores record from a newer build too (not read): the save decides
            "gridworks:ternar:game": json.dumps({"v": 1, "data": {"rules": rules + 1}}),
            "gridworks:ternar:scores": '{"v": 2, "data": {"in_progress": true}}',
        },
    ]
    got = run_logic(formats, [{"slug": "ternar", "items": i} for i in cases])
    assert got == ["continue", "continue", "newer", "newer", "play", "play", "play", "newer", "newer"]
    # another game's numbers: reactor's record version 2 is its own, 3 is newer
    r = formats["reactor"]
    reactor = [
        {
            "gridworks:reactor:game": json.dumps({"v": v, "data": {"version": 1, "rules": r["rules"]}}),
            "gridworks:reactor:scores": '{"v": 1, "data": {"in_progress": true}}',
        }
        for v in (1, 2, 3)
    ]
    assert run_logic(formats, [{"slug": "reactor", "items": i} for i in reactor]) == [
        "continue",
        "continue",
        "newer",
    ]
