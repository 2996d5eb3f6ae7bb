"""The lab's best-action measure (tools/playtest/runmap_actions.py): a best action must beat the
runner-up clearly on the same dice streams, else the round is a tie (issue #29)."""

from __future__ import annotations

from tools.playtest.runmap_actions import TIE, best_action


def test_a_clear_paired_win_is_best() -> None:
    assert best_action({"attack": [0.5, 0.6, 0.7, 0.8], "block": [0.4, 0.5, 0.6, 0.7]}) == "attack"


def test_noise_that_only_shifts_the_dice_is_a_tie() -> None:
    # block ahead on the mean, but the paired differences swing both ways: not a clear win
    assert best_action({"attack": [0.5, 0.9, 0.2, 0.6], "block": [0.8, 0.6, 0.5, 0.4]}) == "tie"


def test_the_tie_margin_at_its_boundary() -> None:
    base = [0.5, 0.5, 0.5]
    assert best_action({"a": [x + TIE * 0.99 for x in base], "b": base}) == "tie"
    assert best_action({"a": [x + TIE * 1.01 for x in base], "b": base}) == "a"


def test_a_lone_legal_action_is_best() -> None:
    assert best_action({"attack": [0.1, 0.2]}) == "attack"
