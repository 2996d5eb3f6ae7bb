"""Dead Man's Switch (session 10, issue #27): one coolant junction feeds the sprinklers and the
coolant consumer, and the far sprinkler only sprays while the junction sends the sprinkler line
everything. So the far corridor must be doused before the junction turns to the consumer."""

from __future__ import annotations

import pytest

from engine.core.session import IllegalMoveError
from engine.reactor import apply_action, load_level, parse_action
from engine.reactor.campaign import entry
from engine.reactor.solver import mechanic_of
from tools.playtest.reactor_family import _plays_out

E = entry("campaign:dead_mans_switch")
JUNCTION, NEAR_VALVE, FAR_VALVE = (3, 2), (8, 2), (17, 3)


def at(mode: int, xy: tuple[int, int]):  # type: ignore[no-untyped-def]
    """The level with the coolant junction cycled (pulses played) from its start mode 5 to ``mode``,
    the robot put on ``xy``."""
    st = load_level(E.level)
    j = st.grid.cell(*JUNCTION)
    st.robot = j
    while st.props[j].ratio_mode != mode:
        st = apply_action(st, parse_action("interact"))
    st.robot = st.grid.cell(*xy)
    return st


@pytest.mark.parametrize(("mode", "sprays"), [(5, True), (0, False), (6, False)])
def test_far_sprinkler_sprays_only_on_the_full_line(mode: int, sprays: bool) -> None:
    """Mode 5 sends the sprinkler line everything, mode 0 half (too little reaches the far valve),
    mode 6 nothing."""
    st = at(mode, FAR_VALVE)
    if sprays:
        assert apply_action(st, parse_action("interact")).pulse == st.pulse + 1
    else:
        with pytest.raises(IllegalMoveError):
            apply_action(st, parse_action("interact"))


def test_near_sprinkler_still_sprays_on_half_the_line() -> None:
    st = at(0, NEAR_VALVE)
    assert apply_action(st, parse_action("interact")).pulse == st.pulse + 1


def test_par_douses_the_far_corridor_before_the_junction_and_the_swap_loses() -> None:
    st = load_level(E.level)
    plan: list[tuple[int, str, str]] = []
    for text in E.solution:
        if not text.startswith("move"):
            plan.append((st.robot, text, mechanic_of(st, st.robot, text)))
        st = apply_action(st, parse_action(text))
    cells = [st.grid.xy(c) for c, _, _ in plan]
    far, junc = cells.index(FAR_VALVE), cells.index(JUNCTION)
    assert far < junc and plan[far][2] == "valve" and plan[junc][2] == "junction"
    assert _plays_out(load_level(E.level), [(c, a) for c, a, _ in plan])
    swapped = list(plan)
    swapped[far], swapped[junc] = swapped[junc], swapped[far]
    assert not _plays_out(load_level(E.level), [(c, a) for c, a, _ in swapped])
