"""The Reactor lab's metric functions on hand-made inputs, and a small smoke run."""

from __future__ import annotations

import random
from pathlib import Path

from engine.reactor import load_level
from tests.reactor.reactor_kit import lethal_room
from tools.playtest import reactor as lab
from tools.playtest.report import LabConfig


def test_below_par_only_when_the_search_beats_par() -> None:
    assert lab.below_par(2, 4)
    assert not lab.below_par(4, 4)
    assert not lab.below_par(None, 4)
    assert not lab.below_par(3, None)


def test_missing_mechanics_lists_taught_ones_the_win_skips() -> None:
    assert lab.missing_mechanics(["supply"], ["repair", "supply", "remedy"]) == ["repair", "remedy"]
    assert lab.missing_mechanics(["flow", "door"], ["door"]) == []
    assert lab.missing_mechanics(["flow"], ["flow", "terminal"]) == []  # the eye is information


def test_terminals_in_counts_levels_with_a_terminal() -> None:
    levels = [
        {"level": {"props": [{"kind": "terminal"}, {"kind": "flow"}]}},
        {"level": {"props": [{"kind": "flow"}]}},
        {"level": {}},
    ]
    assert lab.terminals_in(levels) == 1


def test_loss_cause_names_the_lethal_quantity() -> None:
    st = load_level(lethal_room())
    st2 = lab.apply_action(st, lab.parse_action("move e"))
    assert lab.loss_cause(st) == "unfinished"
    assert lab.loss_cause(st2) == "lost:robot_hazard:heat"


def test_random_game_counts_a_walk_that_kills() -> None:
    st = load_level(lethal_room())

    def deadly(s, x, y):  # a walker that steps into the heat
        return ["move e"]

    end, _, clicks, deaths = lab.random_game(st, random.Random(0), deadly)
    assert clicks >= 1 and deaths == 1 and end == "lost:robot_hazard:heat"


def test_smoke_run_reports_every_level(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(lab, "SEARCH_BUDGET", 300)
    levels = lab.campaign_levels()[:2]
    monkeypatch.setattr(lab, "campaign_levels", lambda: levels)
    rep = lab.run(LabConfig(games=2, out=tmp_path, workers=1))
    assert rep.metric("levels").value == 2
    assert len(rep.tables[0].rows) == 2
    assert rep.metric("walk_deaths").value == 0
