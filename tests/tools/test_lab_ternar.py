"""Ternar's playtest-lab metrics on hand-made inputs, and one tiny smoke run."""

from __future__ import annotations

import math
import random

import pytest

pytest.importorskip("numpy")
pytest.importorskip("matplotlib")

from engine.ternar import check_route  # noqa: E402
from engine.ternar.fixtures import empty_rows as lab_rows  # noqa: E402
from engine.ternar.fixtures import state_from_rows  # noqa: E402
from tools.playtest import ternar as lab  # noqa: E402
from tools.playtest.report import LabConfig  # noqa: E402


def game(turns: int, over: bool = True, first: int | None = None, maxes: list[int] | None = None) -> lab.Game:
    g = lab.Game(seed=0, player="x", turns=turns, over=over, first_singularity=first)
    g.max_by_turn = maxes if maxes is not None else [3] * (turns + 1)
    return g


def test_unsalvageable_counts_dead_and_doomed_deals_only():
    assert lab.unsalvageable_share(["ok", "dead", "doomed", "forced"]) == 0.5
    assert lab.unsalvageable_share(["ok", "forced"]) == 0.0


def test_early_deaths_count_finished_games_up_to_turn_five_not_capped_ones():
    games = [game(5), game(6), game(3, over=False), game(1)]
    assert lab.early_death_share(games) == 0.5


def test_value_at_uses_games_still_running_at_that_turn():
    games = [game(2, maxes=[3, 9, 27]), game(1, maxes=[3, 9])]
    assert lab.value_at(games, 2) == [27.0]
    assert lab.value_at(games, 1) == [9.0, 9.0]


def test_first_singularity_median_counts_games_without_one_as_never():
    assert lab.first_singularity_median([game(9, first=100), game(9, first=200), game(9)]) == 200
    assert math.isinf(lab.first_singularity_median([game(9, first=100), game(9), game(9)]))


def test_spawn_violations_follow_the_intro_stages():
    g = game(60)
    g.spawns = {1: {"3": 5, "9": 2, "27": 1}, 2: {"27": 3, "81": 2, "ghost 3": 1}, 3: {"243": 9}}
    assert lab.spawn_violations([g]) == (1, 2)


def test_random_route_player_draws_valid_routes_and_none_without_pairs():
    rows = lab_rows()
    rows[6] = [3, 3, 9, 0, 0]
    rows[7] = [3, 9, 9, 27, 0, 0]
    s = state_from_rows(rows)
    rng = random.Random(1)
    for _ in range(50):
        r = lab.random_route(s.values, rng)
        assert r is not None and check_route(s.values, r.nodes).ok
    rows = lab_rows()
    rows[7] = [3, 9, 27, 0, 0, 0]
    lone = state_from_rows(rows)
    assert lab.random_route(lone.values, rng) is None


def test_smoke_run_reports_every_target(monkeypatch, tmp_path):
    monkeypatch.setattr(lab, "START_SEEDS", 6)
    monkeypatch.setattr(lab, "RANDOM_CAP", 40)
    monkeypatch.setattr(lab, "GREEDY_CAP", 12)
    monkeypatch.setattr(lab, "CAREFUL_CAP", 40)
    rep = lab.run(LabConfig(games=4, seed=3, out=tmp_path, workers=1))
    keys = {m.key for m in rep.metrics}
    for k in (
        "unsalvageable",
        "early_greedy",
        "early_random",
        "random_max50",
        "random_first_singularity",
        "out_of_window",
        "careful_turns",
        "newcomer_turns",
        "careful_at_452",
        "pairs_by_epoch",
        "window_lock",
    ):
        assert k in keys
    assert rep.metric("input_lock").ok is not None
    assert len(rep.plots) >= 4


def arc_game(turns, over=True, reason="no_matches", pairs=None, oow=0, normals=0):
    g = lab.Game(seed=0, player="x", turns=turns, over=over, reason=reason)
    g.max_by_turn = [3**9] * (turns + 1)
    g.score_by_turn = [85_400] * (turns + 1)
    g.pairs_by_epoch = pairs or {0: 10.0}
    g.out_of_window, g.normals_after_intro = oow, normals
    return g


def test_arc_metrics_read_window_lengths_turn_452_and_pairs_by_epoch():
    from tools.playtest import ternar_arc as arc

    careful = [arc_game(1000, pairs={0: 20.0, 1: 15.0}), arc_game(1100, pairs={0: 22.0, 1: 13.0, 2: 9.0})]
    newcomer = [arc_game(300, reason="window_lock", oow=1, normals=10), arc_game(200)]
    assert arc.out_of_window(careful + newcomer) == (1, 10)
    assert arc.lengths(careful) == (1050.0, 1095.0)
    assert arc.at_turn(careful) == (3**9, 85_400, 2) and arc.at_turn(newcomer)[2] == 0
    assert arc.pairs_by_epoch(careful, min_games=1) == [(0, 21.0, 2), (1, 14.0, 2), (2, 9.0, 1)]
    ms = {m.key: m for m in arc.metrics(careful, newcomer, careful + newcomer)}
    assert ms["out_of_window"].ok is False and ms["window_lock"].ok is True
    assert ms["careful_turns"].ok is True and ms["newcomer_turns"].ok is True


def test_storm_metric_asks_the_hard_mode_to_be_shorter():
    from tools.playtest import ternar_arc as arc

    cl = [arc_game(300), arc_game(400)]
    short = [arc_game(200), arc_game(250)]
    long = [arc_game(500), arc_game(600)]
    ok = arc.storm_metric(cl, short, cl, short)
    assert ok.ok is True and "0.64×" in ok.value
    assert arc.storm_metric(cl, long, cl, short).ok is False  # a longer storm newcomer game fails
    assert arc.storm_metric(cl, cl, cl, cl).ok is False  # as long as Classic is not the hard mode


def test_guardrail_metric_asks_for_longer_games_with_it_on():
    from tools.playtest import ternar_arc as arc

    off = [arc_game(40), arc_game(300)]
    assert arc.guardrail_metric(off, [arc_game(60), arc_game(320)]).ok is True
    assert arc.guardrail_metric(off, [arc_game(30), arc_game(300)]).ok is False  # no easier
    assert "1 → 0 of 2" in arc.guardrail_metric(off, [arc_game(60), arc_game(320)]).value


def test_careful_length_metric_counts_the_p95_only_when_under_5_percent_are_capped():
    from tools.playtest import ternar_arc as arc

    ended = [arc_game(600) for _ in range(39)]
    one_capped = ended + [arc_game(2000, over=False, reason="capped")]  # 1 of 40 = 2.5 %
    two_capped = ended[:38] + [arc_game(2000, over=False, reason="capped")] * 2  # 5 %
    ok = {m.key: m for m in arc.metrics(one_capped, ended, ended)}["careful_turns"]
    bad = {m.key: m for m in arc.metrics(two_capped, ended, ended)}["careful_turns"]
    assert ok.ok is True and bad.ok is False
