"""The lab's reading of 13.2's sample as one finished session (RULES.md "The turn-452 figures"):
the newcomer's games that ended within 452 ± 10 % turns, at the band's edges."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

from tools.playtest import ternar_arc  # noqa: E402
from tools.playtest.ternar import Game  # noqa: E402


def game(turns: int, score: int, top: int, over: bool = True) -> Game:
    g = Game(seed=0, player="random", turns=turns, over=over, score=score, chain_total=3 * turns)
    g.max_by_turn = [3] * turns + [top]
    return g


@pytest.mark.parametrize(("turns", "counted"), [(406, False), (407, True), (497, True), (498, False)])
def test_only_sessions_that_ended_in_the_band_count(turns: int, counted: bool) -> None:
    inside = game(452, 85_400, 3**9)
    m = ternar_arc.session_metric({"newcomer": [inside, game(turns, 10**9, 3**15)]})
    assert ("over 2 games" in m.value) is counted
    assert m.ok is (not counted)  # the out-of-band giant only spoils the median when it counts


def test_a_capped_game_is_no_finished_session() -> None:
    m = ternar_arc.session_metric(
        {"newcomer": [game(452, 85_400, 3**9), game(452, 10**9, 3**15, over=False)]}
    )
    assert "over 1 games" in m.value and m.ok


@pytest.mark.parametrize(("score", "ok"), [(8_539, False), (8_540, True), (854_000, True), (854_001, False)])
def test_the_score_must_be_within_ten_times_the_sample(score: int, ok: bool) -> None:
    assert ternar_arc.session_metric({"newcomer": [game(452, score, 3**9)]}).ok is ok


@pytest.mark.parametrize(("locks", "ok"), [(0, False), (1, True), (4, True), (5, False), (6, False)])
def test_window_lock_must_happen_but_not_be_the_usual_ending(locks: int, ok: bool) -> None:
    """Issue #30 "WINDOW_LOCK can happen"; rules 6 made it 96 % of endings, so under half is asked too."""
    games = [game(300, 1_000, 3**9) for _ in range(10)]
    for i, g in enumerate(games):
        g.reason = "window_lock" if i < locks else "full_lock"
        g.pairs_by_epoch = {0: 10.0}
    m = {x.key: x for x in ternar_arc.metrics(games[:5], games[5:], games)}["window_lock"]
    assert m.ok is ok and m.value.startswith(f"{locks} of 10 ended games")
