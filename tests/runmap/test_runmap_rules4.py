"""Rules 4 (issue 29): the score counts gold earned (held + spent on purchases), so buying never
lowers it; rules-3 saves replay as rules 3 with their own score and hash, and bests stand."""

from __future__ import annotations

import pytest

from engine.core.session import IllegalMoveError, Session
from engine.runmap import GAME
from engine.runmap.chrome import result_lines
from engine.runmap.config import RULES_VERSION
from engine.runmap.game import current_options, migrate_save, party_bot_move
from engine.runmap.moves import Buy, Choose
from engine.runmap.rules import (
    ATONEMENT_COST,
    BLESSING_COST,
    POTION_COST,
    WHETSTONE_COST,
    apply_move,
    best_score,
    outcome,
    run_score,
)
from engine.runmap.state import Phase, RunState


def bot_run(seed: int, options: dict[str, object]) -> Session:
    s = Session(GAME, seed, options)
    while (m := party_bot_move(s.state)) is not None:
        s.play(m)
    return s


# Committed before rules 4 (HEAD a841335, rules 3): the same seed and bot give the same hash.
RULES3_FULL = (31, 138, "023a5cf5578b72ab858b4ae96afd92e8253b025507b324c7aa90a1d8581083ec", 495)
RULES3_SLICE = (8, 26, "168ac65bd8886dfdacd23b07e969b0ddf5fa22b49d46af414ba4ed277f2b4b2e", 320)


def at(state: RunState, phase: Phase, gold: int) -> RunState:
    """Test-only: the run standing in ``phase`` with ``gold`` in the purse."""
    return state.model_copy(update={"phase": phase, "gold": gold, "combat": None})


def fresh(rules: int = RULES_VERSION) -> RunState:
    return GAME.initial(5, {"rules": rules, "preset": "full"})


def test_rules_4_and_later_runs_count_gold_spent() -> None:
    assert RULES_VERSION >= 4 and current_options({})["rules"] == RULES_VERSION
    assert "gold_spent" in GAME.snapshot(fresh()) and "gold_spent" in GAME.snapshot(fresh(4))
    assert "gold_spent" not in GAME.snapshot(fresh(3))


@pytest.mark.parametrize(
    ("seed", "options", "golden"),
    [(31, {"players": 2, "preset": "full"}, RULES3_FULL), (8, {"preset": "slice"}, RULES3_SLICE)],
)
def test_a_rules_3_save_replays_as_rules_3_with_its_hash_and_score(
    seed: int, options: dict[str, object], golden: tuple[int, int, str, int]
) -> None:
    old = bot_run(seed, {**options, "rules": 3})
    again = Session.load(GAME, migrate_save(old.save_json()))
    res = outcome(again.state)
    assert res is not None and again.state.options.rules == 3
    assert (seed, len(again.moves), again.state_hash(), res.score) == golden
    assert res.gold_earned == 0 and again.state.gold_spent == 0
    assert res.score == run_score(res.gold, len(res.guardians_defeated), res.floor)  # gold held


def test_the_same_run_under_rules_4_scores_the_gold_it_spent_too() -> None:
    """Seed 31's bot buys three whetstones (90 gold): rules 4 scores them, rules 3 does not."""
    old = bot_run(31, {"players": 2, "preset": "full", "rules": 3})
    new = bot_run(31, {"players": 2, "preset": "full", "rules": 4})
    assert [str(m) for m in new.moves] == [str(m) for m in old.moves]  # the rules of play are unchanged
    r3, r4 = outcome(old.state), outcome(new.state)
    assert r3 is not None and r4 is not None and r4.gold == r3.gold
    assert new.state.gold_spent == 3 * WHETSTONE_COST
    assert r4.gold_earned == r4.gold + 3 * WHETSTONE_COST
    assert r4.score == r3.score + 3 * WHETSTONE_COST


@pytest.mark.parametrize(("item", "cost"), [("potion", POTION_COST), ("whetstone", WHETSTONE_COST)])
@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_buying_moves_gold_to_spent_at_the_price_boundary(item: str, cost: int, delta: int) -> None:
    s = at(fresh(), Phase.SHOP, cost + delta)
    if delta < 0:
        with pytest.raises(IllegalMoveError):
            apply_move(s, Buy(0, item))  # type: ignore[arg-type]
        return
    after = apply_move(s, Buy(0, item))  # type: ignore[arg-type]
    assert (after.gold, after.gold_spent, after.gold_earned) == (delta, cost, cost + delta)


@pytest.mark.parametrize("rules", [3, 4])
def test_a_purchase_counts_as_spent_only_from_rules_4(rules: int) -> None:
    after = apply_move(at(fresh(rules), Phase.SHOP, 100), Buy(0, "whetstone"))
    assert after.gold == 100 - WHETSTONE_COST
    assert after.gold_spent == (WHETSTONE_COST if rules == 4 else 0)


@pytest.mark.parametrize(
    ("gold", "paid"),
    [
        (ATONEMENT_COST - 1, ATONEMENT_COST - 1),
        (ATONEMENT_COST, ATONEMENT_COST),
        (ATONEMENT_COST + 1, ATONEMENT_COST),
    ],
)
def test_atonement_counts_what_it_took(gold: int, paid: int) -> None:
    after = apply_move(at(fresh(), Phase.SHRINE, gold), Choose(0, "atonement"))
    assert (after.gold, after.gold_spent) == (gold - paid, paid)


@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_the_blessing_offering_counts_as_spent(delta: int) -> None:
    s = at(fresh(), Phase.SHRINE, BLESSING_COST + delta)
    if delta < 0:
        with pytest.raises(IllegalMoveError):
            apply_move(s, Choose(0, "blessing"))
        return
    after = apply_move(s, Choose(0, "blessing"))
    assert (after.gold, after.gold_spent) == (delta, BLESSING_COST)


def test_a_lost_bet_is_not_earned() -> None:
    """Only purchases count as spent: a stake lost at the dice player lowers the score."""
    purses = set()
    for seed in range(12):  # the run's dice decide: seeds give won and lost bets
        s = at(GAME.initial(seed, {"preset": "full"}), Phase.EVENT, 40).model_copy(update={"event": "gamble"})
        after = apply_move(s, Choose(0, "accept"))
        assert after.gold_spent == 0 and after.gold_earned == after.gold
        purses.add(after.gold)
    assert purses == {40 - 15, 40 - 15 + 45}


@pytest.mark.parametrize(("best", "kept"), [(586, 586), (585, 585), (584, 585)])
def test_a_rules_3_best_stands_until_a_rules_4_run_beats_it(best: int, kept: int) -> None:
    """Bests are kept per preset across rules versions (``best_score``): a rules-4 score of 585
    leaves a rules-3 best of 586 or 585 shown, and replaces 584."""
    res = outcome(bot_run(31, {"players": 2, "preset": "full", "rules": 4}).state)
    assert res is not None and res.score == 585
    assert best_score(best, res) == kept


def test_the_end_card_shows_gold_earned_when_some_was_spent() -> None:
    new = bot_run(31, {"players": 2, "preset": "full", "rules": 4})
    res = outcome(new.state)
    assert res is not None
    keys = {ln.key: ln.params for ln in result_lines(res, 31, 0)}
    assert keys["summary_earned"]["earned"] == res.gold + 90 and "summary_gold" not in keys
    res3 = outcome(bot_run(8, {"preset": "slice", "rules": 3}).state)
    assert res3 is not None and "summary_gold" in {ln.key for ln in result_lines(res3, 8, 0)}
