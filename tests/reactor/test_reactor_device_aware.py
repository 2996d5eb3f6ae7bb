"""The device-aware "breakers last" player (``tools/playtest/reactor_family_more.py``) loses the
levels it won over par in session 13 (issue #27, session 14; ``engine/reactor/LEVEL_DESIGN.md``,
"Session 14"): Patch Job's fuel pump is walled in (the crack is mended live, never switched off
around), Cracked Cable's two junctions need different numbers of presses, and so do Control Room's
fuel junction (two) and the reactor's own coolant junction (one)."""

from __future__ import annotations

import pytest

from engine.reactor import apply_action, load_level, parse_action
from engine.reactor.campaign import entry
from engine.reactor.state import ReactorState
from engine.reactor.walk import safe_cells
from tools.playtest import reactor_family as fam
from tools.playtest import reactor_family_more as more


def fresh(name: str) -> ReactorState:
    e = entry(f"campaign:{name}") or entry(f"builtin:{name}")
    assert e is not None
    return load_level(e.level)


def play(st: ReactorState, moves: str) -> ReactorState:
    for m in moves.split(";"):
        if st.outcome is not None:
            break
        st = apply_action(st, parse_action(m))
    return st


def result(st: ReactorState) -> str:
    return "" if st.outcome is None else st.outcome.result


@pytest.mark.parametrize("name", ["patch_job", "cracked_cable"])
def test_breakers_last_and_the_other_cheap_players_lose(name: str) -> None:
    assert not more.breakers_last(fresh(name)).won
    assert not more.switch_all_reverse(fresh(name)).won
    assert not more.cautious_greedy(fresh(name)).won
    assert not more.press_each_once(fresh(name)).won
    assert not fam.greedy(fresh(name)).won
    assert not fam.switch_all(fresh(name)).won


def test_patch_job_pump_is_out_of_reach_so_the_crack_is_mended_live() -> None:
    st = fresh("patch_job")
    pump = st.grid.cell(1, 3)
    assert st.props[pump].kind == "flow" and st.props[pump].enabled
    assert pump not in safe_cells(st)
    to_crack = "move e;move n;move e;move e;move n;move n"
    # the consumer switched on over the unmended crack: the spill reaches fuel 8 and kills
    lost = play(fresh("patch_job"), to_crack + ";interact")
    assert result(lost) == "lost"
    # mended first, then switched on: the robot stands there safely
    ok = play(fresh("patch_job"), to_crack + ";repair;interact")
    assert ok.outcome is None


@pytest.mark.parametrize(("upper", "won"), [(1, False), (2, True), (3, False)])
def test_cracked_cable_upper_junction_two_presses_lower_two(upper: int, won: bool) -> None:
    """The par presses the upper junction twice and the lower twice (session 16: the upper starts at
    [1, 1]); the upper pressed once or three times (the lower still twice) leaves the reactor unready."""
    moves = "move n;move e" + ";interact" * upper + ";move s;move s;interact;interact;move s"
    st = play(fresh("cracked_cable"), moves)
    ready = result(st) == "" and st.robot in st.ready
    assert ready is won
    if won:
        assert result(play(st, "activate")) == "won"


@pytest.mark.parametrize(
    ("decoy", "presses", "won"), [("M", 0, True), ("M", 1, False), ("Q", 0, True), ("Q", 1, False)]
)
def test_cracked_cable_junctions_set_right_break_when_pressed(decoy: str, presses: int, won: bool) -> None:
    """Session 16: two junctions (M above the upper one, Q between the two) already send everything down
    their consumer's line; one press starves it, so a random press costs six more (random + undo's
    cheap stars). M at (3, 3) is one step north of the upper junction, Q at (3, 5) one step south."""
    to_upper = "move n;move e;interact;interact"
    detour = {
        "M": "move n" + ";interact" * presses + ";move s",
        "Q": "move s" + ";interact" * presses + ";move n",
    }
    st = play(fresh("cracked_cable"), f"{to_upper};{detour[decoy]};move s;move s;interact;interact;move s")
    assert (result(st) == "" and st.robot in st.ready) is won


def test_control_room_breakers_last_loses() -> None:
    assert not more.breakers_last(fresh("control_room")).won


@pytest.mark.parametrize(("presses", "won"), [(0, False), (1, True), (2, False)])
def test_control_room_reactor_coolant_junction_one_press(presses: int, won: bool) -> None:
    """The par presses the reactor's coolant junction once (half the coolant reaches the reactor at
    the start); 0 or 2 presses leave the reactor unready."""
    e = entry("builtin:control_room")
    assert e is not None
    sol = list(e.solution)
    assert sol[-3:] == ["interact", "move n", "activate"]
    st = fresh("control_room")
    assert st.props[st.grid.cell(20, 13)].kind == "junction"
    st = play(st, ";".join(sol[:-3] + ["interact"] * presses + ["move n"]))
    assert (result(st) == "" and st.robot in st.ready) is won
