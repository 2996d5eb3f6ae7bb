"""The search's bound (``solver.Relaxed``) is built once per network (issue #27, session 15: Control
Room's 12,544 switch settings cost the campaign's par test and the eye test several CPU-seconds each
in CI): states of one level share one table, and that table is exactly the one built afresh from
any of them. A different network (a pipe more, another difficulty) gets its own."""

from __future__ import annotations

import copy

from engine.reactor import load_level
from engine.reactor.campaign import entries
from engine.reactor.solver import Relaxed, macros, play_macro, search

HOT_SPLIT = next(e for e in entries() if e.name == "hot_split")  # junctions: 896 switch settings


def test_states_of_one_level_share_one_bound_equal_to_a_fresh_one() -> None:
    st = load_level(HOT_SPLIT.level)
    shared = Relaxed.shared(st)
    later = [n for n in (play_macro(st, m) for m in macros(st)) if n is not None]
    assert len(later) >= 3
    for n in later:  # switches pressed, doors opened, supplies taken: the same network
        assert Relaxed.shared(n) is shared
        assert Relaxed(n).dist == shared.dist
    again = load_level(copy.deepcopy(HOT_SPLIT.level))  # loaded again: the same table
    assert Relaxed.shared(again) is shared


def test_another_network_gets_its_own_bound() -> None:
    st = load_level(HOT_SPLIT.level)
    lv = copy.deepcopy(HOT_SPLIT.level)
    lv["meta"]["difficulty"] = "easy" if lv["meta"].get("difficulty") != "easy" else "hard"  # other falloffs
    other = Relaxed.shared(load_level(lv))
    assert other is not Relaxed.shared(st)
    assert other.dist == Relaxed(load_level(lv)).dist


def test_the_one_shot_search_finds_par_with_the_shared_bound() -> None:
    st = load_level(HOT_SPLIT.level)
    Relaxed.shared(st)
    res = search(st, HOT_SPLIT.par, 60_000)
    assert res.complete and res.pulses == HOT_SPLIT.par
