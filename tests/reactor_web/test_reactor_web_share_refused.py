"""Share is refused unless the level validates and the editor's solver has won it (issue #27: Share
worked while validation blocked Run and Save). Driven through the editor's own ``share`` with the real
document, validation and live solver: an invalid level says "fix the errors", a level the solver is
still searching says "wait", a level it proved unwinnable says "not shared"; only a solved level gives
a one-tap link (``#level=RM1...``) to the clipboard and the prompt."""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import Any

import pytest

from engine.reactor.campaign import entries
from tests.gwstub import glue_modules

POWER_ON = next(e for e in entries() if e.name == "power_on")
WALLED = {**POWER_ON.level, "terrain": ["#########", "#.#.....#", "##......#", "#.......#", "#########"]}


@pytest.fixture(scope="module")
def mods() -> Iterator[dict[str, Any]]:
    with glue_modules(["reactor.efiles", "reactor.edoc", "reactor.esolve", "reactor.estrings"]) as m:
        yield m


def editor(mods: dict[str, Any], level: dict[str, Any], searched: bool = True) -> Any:
    """A stand-in editor (``EditorFiles`` on the real ``Doc`` and ``LiveSolver``), with js stubbed."""
    efiles, edoc, esolve = mods["reactor.efiles"], mods["reactor.edoc"], mods["reactor.esolve"]
    prompted: list[str] = []
    efiles.js.window = types.SimpleNamespace(
        location=types.SimpleNamespace(href="https://x.test/reactor/"),
        prompt=lambda _t, link: prompted.append(link),
    )
    efiles.js.navigator = types.SimpleNamespace(clipboard=types.SimpleNamespace(writeText=lambda _t: None))
    strings = mods["reactor.estrings"]

    class Ed(efiles.EditorFiles):  # type: ignore[misc,name-defined]
        def __init__(self) -> None:
            self.doc = edoc.Doc(level)
            self.doc.validate()
            self.solver = esolve.LiveSolver()
            self.solver.restart(level if self.doc.ok else None)
            while searched and not self.solver.step(50.0):
                pass
            self.last_code = ""
            self.said: list[str] = []
            self.prompted = prompted

        def t(self, key: str) -> str:
            return str(strings.ET["en"][key])

        def say(self, text: str, color: str = "") -> None:
            self.said.append(text)

    return Ed()


def test_a_level_that_fails_validation_is_not_shared(mods: dict[str, Any]) -> None:
    bad = {**POWER_ON.level, "props": [p for p in POWER_ON.level["props"] if p["kind"] != "reactor"]}
    ed = editor(mods, bad)
    assert not ed.doc.ok
    ed.share()
    assert ed.last_code == "" and ed.prompted == [] and ed.said == ["Fix the validation errors first."]


def test_a_level_the_solver_proves_unwinnable_is_not_shared(mods: dict[str, Any]) -> None:
    ed = editor(mods, WALLED)
    assert ed.doc.ok and ed.solver.status()[0] == "none"
    ed.share()
    assert (
        ed.last_code == ""
        and ed.prompted == []
        and ed.said[0].startswith("Not shared: the solver found no win")
    )


def test_a_level_still_being_searched_waits(mods: dict[str, Any]) -> None:
    ed = editor(mods, POWER_ON.level, searched=False)
    assert ed.solver.status()[0] == "searching"
    ed.share()
    assert ed.last_code == "" and ed.prompted == [] and ed.said[0].startswith("The solver is still looking")


def test_a_solved_level_gives_a_one_tap_link(mods: dict[str, Any]) -> None:
    ed = editor(mods, POWER_ON.level)
    assert ed.solver.status() == ("solvable", {"n": POWER_ON.par})
    ed.share()
    assert ed.last_code.startswith("RM1.")
    assert ed.prompted == ["https://x.test/reactor/#level=" + ed.last_code]
