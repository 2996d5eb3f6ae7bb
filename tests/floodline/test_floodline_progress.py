"""Issue #16: no level becomes silently unwinnable; HUD counts; results card names the missed star."""

from __future__ import annotations

from floodline_util import run, start

from engine.floodline.progress import constraints, star_report
from engine.floodline.scoring import objective_progress
from engine.floodline.state import Reason, Status

O2 = {"type": "FIXED_SEQUENCE", "sequence": ["O2"] * 30}


def test_exceeding_max_weight_is_a_fail_state_with_its_own_reason() -> None:
    s = start(objectives=[{"type": "REACH_HEIGHT", "height": 9}], constraints={"maxMass": 8}, bag=O2)
    s = run(s, "d", "d")
    assert s.outcome is None and s.metrics["massPlaced"] == 8
    s = run(s, "d")
    assert s.outcome is not None and s.outcome.status == Status.LOST
    assert s.outcome.reason == Reason.WEIGHT_EXCEEDED


def test_spending_the_tilts_an_objective_needs_loses_at_once() -> None:
    """Height that must survive 2 tilts with a budget of 3: after 2 tilts spent on nothing only 1 is
    left, so the level cannot be won any more and ends (TILTS_EXHAUSTED) instead of playing on."""
    obj = [{"type": "REACH_HEIGHT", "height": 4, "surviveTilts": 2}]
    s = start(objectives=obj, rotation={"tiltBudget": 3}, bag=O2)
    s = run(s, "tE", ".")
    assert s.outcome is None
    s = run(s, "tD")
    assert s.outcome is not None and s.outcome.status == Status.LOST
    assert s.outcome.reason == Reason.TILTS_EXHAUSTED


def test_tilts_kept_for_the_objective_do_not_lose() -> None:
    obj = [{"type": "REACH_HEIGHT", "height": 2, "surviveTilts": 2}]
    s = start(objectives=obj, rotation={"tiltBudget": 2}, bag=O2)
    s = run(s, "d", "d")
    assert s.outcome is None and objective_progress(s)[0]["holds"]
    s = run(s, "tE", ".", "tD")
    assert s.outcome is not None and s.outcome.status == Status.WON


def test_height_bar_counts_layers_and_survive_tilts() -> None:
    obj = [{"type": "REACH_HEIGHT", "height": 6, "surviveTilts": 2}]
    s = run(start(objectives=obj, bag=O2), "d", "d")
    row = objective_progress(s)[0]
    assert (row["value"], row["target"]) == (2, 6)
    assert row["tiltsNeeded"] == 2 and row["tilts"] == 0


def test_constraints_list_every_limit_in_play() -> None:
    s = start(constraints={"maxMass": 40, "waterForbiddenHeight": 3}, rotation={"tiltBudget": 4}, bag=O2)
    keys = {c["key"]: c for c in constraints(s)}
    assert {"heightLimit", "maxMass", "waterForbiddenHeight", "tiltsLeft"} <= set(keys)
    assert keys["maxMass"]["limit"] == 40 and keys["maxMass"]["lose"]
    assert keys["tiltsLeft"]["value"] == 4


def test_a_supply_that_runs_out_is_shown_as_pieces_used_of_the_supply() -> None:
    """A non-looping FIXED_SEQUENCE is a limit in play (the level is lost when it runs out): pieces
    used of the supply, in danger from 3 left; a looping bag or a random one shows no supply."""
    supply = {"type": "FIXED_SEQUENCE", "sequence": ["O2"] * 5}

    def piece_supply(s):  # noqa: ANN001, ANN202
        return next((c for c in constraints(s) if c["key"] == "pieceSupply"), None)

    s = start(bag=supply)
    assert piece_supply(s) == {"key": "pieceSupply", "value": 0, "limit": 5, "lose": True, "danger": False}
    s = run(s, "d")
    assert piece_supply(s)["value"] == 1 and not piece_supply(s)["danger"]  # 4 left
    s = run(s, "d")
    assert piece_supply(s)["value"] == 2 and piece_supply(s)["danger"]  # 3 left
    assert piece_supply(start(bag={**supply, "loop": True})) is None
    assert piece_supply(start(bag={"type": "WEIGHTED", "weights": {"O2": 1}})) is None


def test_results_card_says_which_star_was_missed_and_why() -> None:
    stars = {
        "two": [{"type": "METRIC_AT_MOST", "metric": "piecesUsed", "value": 1}],
        "three": [{"type": "METRIC_AT_MOST", "metric": "rotations", "value": 0}],
    }
    s = start(objectives=[{"type": "PLACE_PIECES", "count": 2}], stars=stars, bag=O2)
    s = run(s, "d", "d")
    assert s.outcome is not None and s.outcome.stars == 2 - 1
    two, three = star_report(s)
    assert not two["earned"] and two["missed"] == [
        {"index": 0, "type": "METRIC_AT_MOST", "metric": "piecesUsed", "value": 2, "target": 1}
    ]
    # ★3's own condition held; it was missed only because ★2 was
    assert not three["earned"] and three["missed"][0]["type"] == "STAR_TWO_FIRST"
