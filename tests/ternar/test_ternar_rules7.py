"""Rules 7 (issue #30): WINDOW_LOCK ("numbers exist, but the window has gone", 19.6) names a dead
field where the numbers the window *left behind* (below its low value, ghosts included) outnumber the
window's own values; the player's merges above the window and the singularities do not count.
Rules-6 games keep rules 6's reading (most of the field out of the window)."""

from __future__ import annotations

import pytest
from ternar_util import field as field_state

from engine.ternar import GAME, RULES_VERSION, Termination, apply
from engine.ternar.engine import LEFT_BEHIND_FROM_RULES, WINDOW_LOCK_FROM_RULES, classify_end
from engine.ternar.model import Options, Route
from engine.ternar.topology import N_NODES

WINDOW = (27, 81, 243)


def field(inside: int, below: int, above: int) -> list[int]:
    """A dead field: ``inside`` window values, ``below`` numbers under the window (3 and 9, the ones a
    shift excluded), ``above`` numbers over it (729 and singularities in turn), the rest empty."""
    values = [WINDOW[i % 3] for i in range(inside)]
    values += [(3, 9)[i % 2] for i in range(below)]
    values += [(729, 3**15)[i % 2] for i in range(above)]
    values += [0] * (N_NODES - len(values))
    assert len(values) == N_NODES
    return values


def test_rules_7_readings_start_at_ruleset_7() -> None:
    assert LEFT_BEHIND_FROM_RULES == 7 and RULES_VERSION == GAME.rules > 7 and Options().ruleset > 7
    assert WINDOW_LOCK_FROM_RULES == 6


@pytest.mark.parametrize(
    ("inside", "below", "above", "reason"),
    [
        (15, 14, 15, Termination.FULL_LOCK),  # full: left behind = inside - 1
        (15, 15, 14, Termination.FULL_LOCK),  # left behind = inside
        (15, 16, 13, Termination.WINDOW_LOCK),  # left behind = inside + 1
        (10, 9, 0, Termination.NO_MATCHES),  # not full: left behind = inside - 1
        (10, 10, 0, Termination.NO_MATCHES),
        (10, 11, 0, Termination.WINDOW_LOCK),  # left behind = inside + 1
        (10, 0, 34, Termination.FULL_LOCK),  # the player's own numbers above the window do not count
        (0, 0, 5, Termination.WINDOW_LOCK),  # no window value at all (every rules version)
        (1, 0, 5, Termination.NO_MATCHES),
    ],
)
def test_window_lock_when_the_window_left_more_numbers_behind_than_it_makes(
    inside: int, below: int, above: int, reason: Termination
) -> None:
    assert classify_end(field(inside, below, above), WINDOW, 7) == reason


def test_rules_6_keep_their_reading() -> None:
    """The typical end of a game (a full field, a third below or in the window, the rest above it) was
    WINDOW_LOCK under rules 6 and is FULL_LOCK under rules 7."""
    typical = field(15, 7, 22)
    assert classify_end(typical, WINDOW, 6) == Termination.WINDOW_LOCK
    assert classify_end(typical, WINDOW, 7) == Termination.FULL_LOCK
    assert classify_end(field(15, 16, 13), WINDOW, 6) == Termination.WINDOW_LOCK
    assert classify_end(field(10, 0, 34), WINDOW, 6) == Termination.WINDOW_LOCK


@pytest.mark.parametrize(
    ("turns_before", "ruleset", "window"),
    [
        (49, 7, (3, 9, 27)),  # the move makes turn 50, the intro's last: the window holds (rules 7)
        (50, 7, (9, 27, 81)),  # turn 51, stage 3: it moves
        (51, 7, (9, 27, 81)),
        (49, 6, (9, 27, 81)),  # rules 6 moved it in the intro
    ],
)
def test_rules_7_the_window_starts_moving_after_the_intro(
    turns_before: int, ruleset: int, window: tuple[int, int, int]
) -> None:
    """12.1 names what spawns in turns 1-50; under rules 7 6.4's shifts start with turn 51."""
    cells = {(7, 0): 243, (7, 1): 243}  # 243 * 3 = 729 = top 27 * 3^3
    new = apply(field_state(cells, turns=turns_before, options={"ruleset": ruleset}), Route.parse("38-39"))
    assert new.window == window
