"""Rules 6 (issue #30): WINDOW_LOCK ("numbers exist, but the window has gone", 19.6) names a dead
field made mostly of numbers the window no longer makes; it can now happen, before FULL_LOCK, and
older saves keep their own reading."""

from __future__ import annotations

import pytest

from engine.ternar import GAME, RULES_VERSION, Termination
from engine.ternar.engine import WINDOW_LOCK_FROM_RULES, classify_end
from engine.ternar.model import Options
from engine.ternar.topology import N_NODES

WINDOW = (27, 81, 243)


def field(inside: int, outside: int) -> list[int]:
    """A dead field (no two equal neighbours needed here): ``inside`` nodes of window values,
    ``outside`` nodes above or below it (3, 729, 3^15 in turn), the rest empty."""
    out_values = (3, 729, 3**15)
    values = [0] * (N_NODES - inside - outside)
    values += [WINDOW[i % 3] for i in range(inside)] + [out_values[i % 3] for i in range(outside)]
    assert len(values) == N_NODES
    return values


def test_rules_6_reading_starts_at_ruleset_6() -> None:
    assert WINDOW_LOCK_FROM_RULES == 6 and RULES_VERSION == GAME.rules > 6 and Options().ruleset > 6


@pytest.mark.parametrize(
    ("inside", "outside", "reason"),
    [
        (23, 21, Termination.FULL_LOCK),  # outside = inside - 2 (a full field is even: 44)
        (22, 22, Termination.FULL_LOCK),  # outside = inside
        (21, 23, Termination.WINDOW_LOCK),  # outside = inside + 2
        (10, 9, Termination.NO_MATCHES),  # not full: outside = inside - 1
        (10, 10, Termination.NO_MATCHES),
        (10, 11, Termination.WINDOW_LOCK),  # outside = inside + 1
        (0, 5, Termination.WINDOW_LOCK),  # no window value at all (every rules version)
    ],
)
def test_window_lock_when_most_of_the_dead_field_is_out_of_the_window(
    inside: int, outside: int, reason: Termination
) -> None:
    assert classify_end(field(inside, outside), WINDOW, 6) == reason


@pytest.mark.parametrize("ruleset", [1, 5])
def test_rules_5_and_older_keep_the_old_reading(ruleset: int) -> None:
    assert classify_end(field(21, 23), WINDOW, ruleset) == Termination.FULL_LOCK
    assert classify_end(field(10, 11), WINDOW, ruleset) == Termination.NO_MATCHES
    assert classify_end(field(0, 5), WINDOW, ruleset) == Termination.WINDOW_LOCK
