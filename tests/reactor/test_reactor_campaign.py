"""The campaign: order and size, pars from search (no level is won below par), taught mechanics
used by the shortest win, committed solutions, hints, star rules."""

from __future__ import annotations

import pytest

from engine.reactor import apply_action, check_level, load_level, parse_action
from engine.reactor.campaign import SLACK, entries, keys, par, stars_for
from engine.reactor.solver import search

INFO = {"terminal"}  # information mechanics: the eye shows, it never wins a pulse


# The 20 levels of session 5 (issue #27 added and reordered levels): progress (completed, best
# stars) is keyed by these, so each must still be a campaign key.
SESSION5_KEYS = (
    "campaign:power_on campaign:two_services campaign:crossed_wires builtin:tutorial campaign:split_flow "
    "campaign:fire_door builtin:switchyard campaign:patch_job campaign:hot_corridor campaign:live_floor "
    "campaign:sprinkler_test campaign:cracked_cable campaign:live_water campaign:hot_split builtin:control_room "
    "campaign:wet_work campaign:final_exam campaign:night_shift campaign:dead_mans_switch campaign:full_load"
).split()


def test_campaign_size_order_and_terminals() -> None:
    es = entries()
    assert len(es) >= 25
    assert len(set(keys())) == len(keys())
    first = es[:11]
    assert sum(1 for e in first if any(p["kind"] == "terminal" for p in e.level["props"])) >= 3
    for e in es[-3:]:
        assert e.par >= 8, e.key


@pytest.mark.parametrize("e", entries(), ids=lambda e: e.key)
def test_level_par_is_the_search_minimum_and_uses_what_it_teaches(e) -> None:
    st = load_level(e.level)
    assert check_level(e.level).ok
    res = search(st, e.par, 60_000)
    assert res.complete, f"{e.key}: search cut at {res.proved_below} pulses"
    assert res.pulses == e.par, f"{e.key}: won in {res.pulses} pulses, par {e.par}"
    assert e.teaches, e.key
    used = set(res.mechanics())
    missing = [m for m in e.teaches if m not in used and m not in INFO]
    assert not missing, f"{e.key}: shortest win skips {missing}"
    # the committed solution wins in exactly par pulses
    for m in e.solution:
        st = apply_action(st, parse_action(m))
    assert st.outcome is not None and st.outcome.result == "won"
    assert st.pulse == e.par
    assert e.hint and e.hint_ru


def test_descriptions_state_goals_not_key_presses() -> None:
    for e in entries():
        d = e.level["meta"].get("description", "")
        assert d and "(E)" not in d and "(X)" not in d and "(R)" not in d and "(H)" not in d, e.key


def test_star_rules() -> None:
    assert stars_for(4, 4) == 3 and stars_for(3, 4) == 3
    assert stars_for(4 + SLACK, 4) == 2 and stars_for(4 + SLACK + 1, 4) == 1
    assert stars_for(4, 4, hinted=True) == 2  # a hint costs a star
    assert stars_for(99, 4, hinted=True) == 1
    assert stars_for(3, None) is None
    assert par("custom:mine") is None and par(keys()[0]) == entries()[0].par


def test_reordered_campaign_keeps_every_earlier_level_key() -> None:
    """Stars and completion are stored per level key, so a reorder keeps them when no key is lost."""
    assert set(SESSION5_KEYS) <= set(keys())
    assert keys()[:6] == SESSION5_KEYS[:6]  # the introduction is unchanged


def test_no_par_solution_presses_one_control_more_than_twice_in_a_row() -> None:
    from tools.playtest.reactor_family import longest_repeat

    for e in entries():
        assert longest_repeat(load_level(e.level), list(e.solution)) <= 2, e.key


@pytest.mark.parametrize("e", entries()[-5:], ids=lambda e: e.key)
def test_last_five_lose_to_cheap_play_and_need_a_cross_system_order(e) -> None:
    """Issue #27: greedy one-step and switch-everything-on lose the last five levels, and swapping
    two adjacent pulses of different systems in the par solution loses (an order dependency)."""
    from tools.playtest.reactor_family import greedy, order_swap, switch_all

    assert not greedy(load_level(e.level)).won, e.key
    assert not switch_all(load_level(e.level)).won, e.key
    _, _, across = order_swap(load_level(e.level), list(e.solution))
    assert across >= 1, e.key


def test_drawn_levels_match_their_drawings() -> None:
    """Levels drawn in ``tools/reactor/designs.py`` are exactly what ``tools.reactor.author`` builds."""
    from tools.reactor.author import build
    from tools.reactor.designs import DESIGNS

    by_name = {e.name: e for e in entries()}
    for name, design in DESIGNS.items():
        assert by_name[name].level == build(design), name
