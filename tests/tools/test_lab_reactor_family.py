"""Reactor's family of cheap strategies (issue #27) on known levels: each strategy finds what it
must find, so a later "0 wins" in the lab means the design beat it, not that the bot is blind."""

from __future__ import annotations

from pathlib import Path

from engine.reactor import load_level
from engine.reactor.campaign import entries
from tools.playtest import reactor_family as fam

E = {e.name: e for e in entries()}


def fresh(name: str):  # type: ignore[no-untyped-def]
    return load_level(E[name].level)


def test_greedy_and_switch_all_win_the_first_level() -> None:
    assert fam.greedy(fresh("power_on")).won
    assert fam.switch_all(fresh("power_on")).won


# Session 5's Hot Corridor and Hot Split (issue #27 redrew both): Hot Split was pasted from that Hot
# Corridor and Split Flow; the Hot Corridor's par solution.
OLD_HOT_CORRIDOR = Path(__file__).with_name("reactor_hot_corridor_session5.json")
OLD_HOT_SPLIT = Path(__file__).with_name("reactor_hot_split_session5.json")
OLD_HOT_SOLUTION = "move n;move e;interact;move e;move s;shield;move e;move e;move e;move e;move e;activate"


def test_the_moved_combo_finds_a_level_pasted_from_two_earlier_ones() -> None:
    """Hot Split is session 5's Hot Corridor and Split Flow side by side (``tools/reactor/compose.py``)."""
    old = lambda: load_level(OLD_HOT_CORRIDOR.read_text(encoding="utf-8"))  # noqa: E731
    sources = [
        (old, OLD_HOT_SOLUTION.split(";")),
        (lambda: fresh("split_flow"), list(E["split_flow"].solution)),
    ]
    plans = [fam.as_macros(src(), sol) for src, sol in sources]
    wants = [fam.kinds(src(), p) for (src, _), p in zip(sources, plans)]
    assert fam.combo(lambda: load_level(OLD_HOT_SPLIT.read_text(encoding="utf-8")), plans, wants) == [0, 1]
    assert (
        fam.combo(lambda: load_level(OLD_HOT_SPLIT.read_text(encoding="utf-8")), plans[:1], wants[:1]) == []
    )  # one half is not enough


def test_longest_repeat_counts_consecutive_presses_of_one_control() -> None:
    toggles = ["move n", "move n", "interact", "interact", "interact"]
    assert fam.longest_repeat(fresh("power_on"), toggles) == 3
    assert fam.longest_repeat(fresh("power_on"), list(E["power_on"].solution)) == 1


def test_order_swap_reports_a_losing_swap_across_two_systems() -> None:
    wins, tried, across = fam.order_swap(fresh("fire_door"), list(E["fire_door"].solution))
    assert (wins, tried, across) == (0, 1, 1)


def test_random_play_is_seeded() -> None:
    a = fam.random_play(fresh("split_flow"), 7)
    b = fam.random_play(fresh("split_flow"), 7)
    assert a == b


def test_probe_counts_every_pulse_it_undid() -> None:
    out = fam.probe(fresh("power_on"))
    assert out.won and out.pulses == 2 and out.spent > out.pulses
