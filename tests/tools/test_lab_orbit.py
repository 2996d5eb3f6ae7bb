"""The Orbit Simulator lab module: its per-game figures and the first-mover edge, on known games."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

from tools.playtest import orbit as lab  # noqa: E402


def _game(first: int, winner: int | None, deaths: tuple[int | None, ...], rounds: int = 10) -> lab.GameResult:
    return lab.GameResult(
        seed=0,
        seats=("greedy",) * len(deaths),
        first=first,
        winner=winner,
        termination="last_ship_flying" if winner is not None else "turn_limit",
        rounds=rounds,
        turns=rounds * len(deaths),
        fires=rounds,
        burns=2,
        all_rail_round1=False,
        death_turn=deaths,
        think_ms=(("greedy", 1.0),),
    )


def test_first_mover_edge_counts_ships_outlasted():
    assert lab.first_mover_edge(_game(0, 0, (None, 7))) == 1.0
    assert lab.first_mover_edge(_game(0, 1, (7, None))) == 0.0
    assert lab.first_mover_edge(_game(0, None, (None, None))) == 0.5
    # 4 ships, first mover died second (turn 9): it outlasted one of three
    assert lab.first_mover_edge(_game(0, 2, (9, 5, None, 12))) == pytest.approx(1 / 3)
    # the winner outlasts a ship that died in the same final turn as the game ended
    assert lab.first_mover_edge(_game(1, 1, (20, None))) == 1.0


def test_summary_shares_and_median():
    s = lab.summarize(
        [_game(0, 0, (None, 5), 8), _game(0, 1, (6, None), 12), _game(0, None, (None, None), 20)]
    )
    assert s["first_wins"] == pytest.approx(1 / 3)
    assert s["draws"] == pytest.approx(1 / 3)
    assert s["median_rounds"] == 12
    assert s["first_edge"] == pytest.approx(0.5)


def test_play_game_counts_rounds_from_the_actual_order():
    g = lab.play_game((3, ("greedy", "greedy", "greedy")))
    assert g.winner is None or g.death_turn[g.winner] is None
    # every living ship moves once per round: turns lie between (rounds-1)*1+1 and rounds*3
    assert (g.rounds - 1) + 1 <= g.turns <= g.rounds * 3
    assert len(g.think_ms) == g.turns
    assert g.termination in {"last_ship_flying", "mutual_destruction", "turn_limit"}


def _stats(winner: int | None, players: int, rounds: int, lies: int = 0, loadout: str = "a") -> object:
    from tools.playtest.orbit_threats import GameStats

    g = GameStats(0, ("expert",) * players, winner, rounds, claims=10, safe_claims_new=3, lies_new=lies)
    g.loadouts = [loadout, "b"]
    g.vented = rounds % 2 == 0
    return g


def test_issue28_metrics_seats_lies_loadouts_heat_and_duel_spread():
    honest = {
        2: [_stats(0, 2, 4), _stats(1, 2, 10), _stats(0, 2, 13), _stats(1, 2, 22)],
        3: [_stats(0, 3, 9), _stats(1, 3, 9), _stats(2, 3, 9)],
        4: [_stats(0, 4, 9, lies=1), _stats(1, 4, 9), _stats(2, 4, 9), _stats(3, 4, 9)],
    }
    got = {m.key: m for m in lab.issue28_metrics("expert", honest)}  # type: ignore[arg-type]
    assert got["threat_lies"].value == 1 and got["threat_lies"].ok is False
    assert got["seats_2"].ok and got["seats_3"].ok and got["seats_4"].ok
    assert got["top_loadout"].value == 0.5 and got["top_loadout"].ok is False
    assert got["duel_iqr"].value == pytest.approx(15.25 - 8.5) and got["duel_iqr"].ok
    lopsided = {**honest, 3: [_stats(0, 3, 9)] * 3}
    assert lab.issue28_metrics("expert", lopsided)[2].ok is False  # type: ignore[arg-type]
