"""Live Water (issue #27, session 7): the whole cheap family loses it, for the reasons its design
names (``engine/reactor/LEVEL_DESIGN.md``, "Session 7")."""

from __future__ import annotations

import pytest

from engine.core.session import IllegalMoveError
from engine.reactor import apply_action, load_level, parse_action
from engine.reactor.campaign import entry
from engine.reactor.state import ReactorState
from tools.playtest import reactor_family as fam
from tools.playtest import reactor_family_more as more

E = entry("campaign:live_water")
BREAKER, HATCH, DRY_BREAKER, REACTOR = (4, 2), (4, 3), (7, 6), (6, 6)


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


def test_the_dry_breaker_beside_the_reactor_breaches_its_cable_in_one_pulse() -> None:
    """Session 13: the easy way to power the consumers (a dry breaker, one step from the reactor)
    puts full pressure on the cracked reactor cable, which breaks in that pulse; the wet breaker,
    six cells away, leaves it intact for one pulse."""
    on = "move s;move e;interact;move e;move e;interact;move e;move e;interact;move s;move e;interact"
    st = play(fresh(), on)
    assert st.robot == st.grid.cell(*DRY_BREAKER)
    assert st.outcome is not None and st.outcome.result == "lost"
    assert st.outcome.reason == "system_failure"
    lay = fresh().layers["electricity"]
    assert lay.integrity[fresh().grid.cell(*REACTOR)] > 0  # intact until the breaker goes on


def test_the_par_solution_never_touches_the_dry_breaker() -> None:
    assert E is not None
    st = fresh()
    for m in E.solution:
        st = apply_action(st, parse_action(m))
        assert not st.props[st.grid.cell(*DRY_BREAKER)].enabled
    assert st.outcome is not None and st.outcome.result == "won"


def test_the_device_aware_player_and_the_other_new_strategies_lose() -> None:
    """Consumers and doors on, breakers last (it won at par before session 13), switch-all from the
    far end, the forecast-reading greedy, every control pressed once."""
    assert not more.breakers_last(fresh()).won
    assert not more.switch_all_reverse(fresh()).won
    assert not more.cautious_greedy(fresh()).won
    assert not more.press_each_once(fresh()).won
