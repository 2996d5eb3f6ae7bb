"""The campaign: order and size, pars from search (no level is won below par), taught mechanics
used by the shortest win, committed solutions, hints, star rules."""

from __future__ import annotations

import pytest

from engine.reactor import apply_action, check_level, load_level, parse_action
from engine.reactor.campaign import SLACK, entries, keys, par, stars_for
from engine.reactor.solver import search

INFO = {"terminal"}  # information mechanics: the eye shows, it never wins a pulse


def test_campaign_size_order_and_terminals() -> None:
    es = entries()
    assert len(es) >= 20
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
