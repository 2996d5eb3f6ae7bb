"""Live Water (issue #27, session 7): the whole cheap family loses it, for the reasons its design
names (``engine/reactor/LEVEL_DESIGN.md``, "Session 7")."""

from __future__ import annotations

import pytest

from engine.core.session import IllegalMoveError
from engine.reactor import apply_action, load_level, parse_action
from engine.reactor.campaign import entry
from engine.reactor.state import ReactorState
from tools.playtest import reactor_family as fam

E = entry("campaign:live_water")
BREAKER, HATCH = (4, 2), (4, 3)


def fresh() -> ReactorState:
    assert E is not None
    return load_level(E.level)


def play(st: ReactorState, moves: str) -> ReactorState:
    for m in moves.split(";"):
        st = apply_action(st, parse_action(m))
    return st


def elec(st: ReactorState, xy: tuple[int, int]) -> float:
    return float(st.surface["electricity"][st.grid.cell(*xy)])


def test_greedy_switch_all_and_probe_lose() -> None:
    assert not fam.greedy(fresh()).won
    assert not fam.switch_all(fresh()).won
    assert not fam.probe(fresh()).won


@pytest.mark.parametrize("seed", range(20))
def test_random_legal_play_loses(seed: int) -> None:
    assert not fam.random_play(fresh(), seed).won


def test_the_wet_breaker_turns_lethal_after_one_pulse_unless_the_hatch_drains_it() -> None:
    limit = fresh().balance.robot_unsafe["electricity"]
    # one pulse elsewhere (a consumer switched on) with the hatch closed
    st = play(fresh(), "move s;move e;interact")
    assert elec(st, BREAKER) >= limit  # the robot can no longer step onto the breaker
    st = play(st, "move n;move e;move e;move n;move n")  # stepping onto it kills
    assert st.outcome is not None and st.outcome.result == "lost"
    with pytest.raises(IllegalMoveError):
        play(st, "remedy electricity")
    # the hatch opened first: the live water drains into the corridor
    st = play(fresh(), "move e;move e;move e;move n;interact")
    assert elec(st, BREAKER) < limit


def test_the_neutraliser_first_buys_too_few_pulses() -> None:
    """Greedy's and probe's first move: neutralise the breaker cell; three consumers and the
    breaker then need four pulses, and the fourth (unprotected) kills the robot on the breaker."""
    st = play(fresh(), "move e;move e;move e;move n;move n;remedy electricity")
    st = play(st, "move s;move s;move s;move w;move w;interact;move e;move e;interact;move e;move e;interact")
    st = play(st, "move n;move w;move w;move n;move n;interact")
    assert st.outcome is not None and st.outcome.result == "lost"
