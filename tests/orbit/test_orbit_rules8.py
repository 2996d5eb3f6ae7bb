"""Rules 8 (issue 28, sessions 14-15; RULES.md reading 33): a railgun supply drawn per duel.

Half the seeded duels start each ship with ``rules.RAIL_SLUGS`` slugs (the rest, and three- or
four-ship games, have no magazine); every railgun shot spends one and an empty railgun cannot fire
(``rail_empty``). Rules 1-7 have no magazine (``Ship.slugs is None``), and a
rules-7 game replays move for move with the same state hash as before rules 8 existed.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from orbit_helpers import bare, make, run

from engine.core.session import Session
from engine.orbit.exposure import reach_at
from engine.orbit.game import GAME, RULES_LATEST, initial_state
from engine.orbit.moves import parse_plan
from engine.orbit.rules import RAIL_SLUGS, RAIL_SLUGS_FROM, Weapon, rail_slugs_start
from engine.orbit.scenarios import duel_slugs
from engine.orbit.search import candidate_plans
from engine.orbit.state import OrbitState
from engine.orbit.threat import ready_weapons
from engine.orbit.turn import execute_turn, validate

# Ship 0 has its railgun charged and ship 1 four sectors ahead on ring 5 (in the railgun's reach);
# ship 1 holds shields, which the railgun goes through (rules 5+).
DUEL = ({"ring": 5, "sector": 0, "energy": {"rail": 4}}, {"ring": 5, "sector": 4, "energy": {"shd": 2}})
SHOT = "fire=rail:1 vent=1 coast"  # after the first shot there is always 1 heat to vent


def _with_slugs(state: OrbitState, ship: int, slugs: int | None) -> OrbitState:
    return state.with_ship(replace(state.ships[ship], slugs=slugs))


def _shoot(state: OrbitState, text: str) -> OrbitState:
    """Ship 0 plays ``text``, then ship 1 coasts until it is ship 0's turn again."""
    state = run(state, text)
    while state.active != 0:
        state = run(state, "coast")
    return state


def _codes(state: OrbitState, text: str) -> list[str]:
    return [p.code for p in validate(state, parse_plan(text))]


def test_rules_eight_draws_a_short_supply_for_half_the_duels_and_none_for_older_rules_or_brawls() -> None:
    """Session 15: a seeded rules-8 duel draws short (``RAIL_SLUGS`` a ship) or full (no magazine, as
    rules 7) supply from its own stream, so the start is the same as rules 7's; three and four ships
    have no magazine; explicit ships (scenario files) under rules 8 get the short one."""
    assert RULES_LATEST >= RAIL_SLUGS_FROM == 8
    assert rail_slugs_start(7) is None and rail_slugs_start(8) == RAIL_SLUGS == 2
    drawn = [duel_slugs(seed, 2, 8) for seed in range(200)]
    assert set(drawn) == {RAIL_SLUGS, None} and 80 <= drawn.count(None) <= 120
    assert duel_slugs(0, 2, 8) is None and duel_slugs(1, 2, 8) == RAIL_SLUGS
    for seed in (0, 1):
        new, old = (
            initial_state(seed, {"players": 2, "rules": 8}),
            initial_state(seed, {"players": 2, "rules": 7}),
        )
        assert all(s.slugs == drawn[seed] for s in new.ships) and all(s.slugs is None for s in old.ships)
        assert bare(new.ships) == old.ships  # the draw moves no ship
    for players in (3, 4):
        assert all(s.slugs is None for s in initial_state(1, {"players": players, "rules": 8}).ships)
        assert duel_slugs(1, players, 8) is None
    assert all(s.slugs == RAIL_SLUGS for s in make(*DUEL, rules=8).ships)


def test_each_shot_spends_one_slug_and_the_snapshot_shows_them_only_from_rules_eight() -> None:
    s, ev = execute_turn(make(*DUEL, rules=8), parse_plan("fire=rail:1 coast"))
    assert s.ships[0].slugs == RAIL_SLUGS - 1 and s.ships[1].slugs == RAIL_SLUGS
    assert s.ships[1].hull == 15  # 5 through shields, as under rules 7
    assert [e.text for e in ev if e.kind == "slug"] == ["1 railgun slug left"]  # RAIL_SLUGS 2
    assert s.to_json()["ships"][0]["slugs"] == RAIL_SLUGS - 1
    old = run(make(*DUEL, rules=7), "fire=rail:1 coast")
    assert old.ships[0].slugs is None and "slugs" not in old.to_json()["ships"][0]
    assert run(make(*DUEL, rules=8), "coast").ships[0].slugs == RAIL_SLUGS  # held, not fired: kept


def test_the_last_slug_fires_and_an_empty_railgun_is_refused_at_zero() -> None:
    """Boundary: 2 slugs and 1 slug fire (the last one leaves 0), 0 refuses with ``rail_empty``."""
    base = make(*DUEL, rules=8)
    for slugs in (2, 1):
        s = _with_slugs(base, 0, slugs)
        assert _codes(s, "fire=rail:1 coast") == []
        assert run(s, "fire=rail:1 coast").ships[0].slugs == slugs - 1
    empty = _with_slugs(base, 0, 0)
    assert _codes(empty, "fire=rail:1 coast") == ["rail_empty"]
    assert _codes(empty, "coast") == []  # holding an empty railgun is legal (it still heats)
    assert "no slugs" in validate(empty, parse_plan("fire=rail:1 coast"))[0].message


def test_a_magazine_of_rail_slugs_gives_that_many_shots_and_not_one_more() -> None:
    """Boundary at the cap: shots RAIL_SLUGS - 1 and RAIL_SLUGS are legal, shot RAIL_SLUGS + 1 is not."""
    # The target keeps its hull high enough to survive every shot (heat makes the shooter vent).
    s = make(*DUEL, rules=8)
    s = s.with_ship(replace(s.ships[1], hull=5 * (RAIL_SLUGS + 2)))
    for shot in range(1, RAIL_SLUGS + 1):
        assert _codes(s, SHOT if shot > 1 else "fire=rail:1 coast") == [], shot
        s = _shoot(s, SHOT if shot > 1 else "fire=rail:1 coast")
        assert s.ships[0].slugs == RAIL_SLUGS - shot
    assert _codes(s, SHOT) == ["rail_empty"]
    # Rules 7, same duel: no magazine, the shot after RAIL_SLUGS is still legal.
    s7 = make(*DUEL, rules=7)
    s7 = s7.with_ship(replace(s7.ships[1], hull=5 * (RAIL_SLUGS + 2)))
    for shot in range(RAIL_SLUGS):
        s7 = _shoot(s7, SHOT if shot else "fire=rail:1 coast")
    assert _codes(s7, SHOT) == []


def test_the_computer_and_the_threat_display_know_an_empty_railgun() -> None:
    empty = _with_slugs(make(*DUEL, rules=8), 0, 0)
    assert all(not any(f.weapon is Weapon.RAILGUN for f in p.fire) for p in candidate_plans(empty))
    assert all(not validate(empty, p) for p in candidate_plans(empty))
    assert any(any(f.weapon is Weapon.RAILGUN for f in p.fire) for p in candidate_plans(make(*DUEL, rules=8)))
    # Seen from ship 1 (its turn next): ship 0's railgun is a threat with slugs, none without.
    turned = make(*DUEL, rules=8)  # ship 0 moves before ship 1 does again
    assert Weapon.RAILGUN in ready_weapons(turned.ships[0])
    assert Weapon.RAILGUN not in ready_weapons(_with_slugs(turned, 0, 0).ships[0])
    full = [h.weapon for r in reach_at(turned, 1) for h in r.hits]
    none = [h.weapon for r in reach_at(_with_slugs(turned, 0, 0), 1) for h in r.hits]
    assert Weapon.RAILGUN in full and Weapon.RAILGUN not in none


# A rules-7 duel (seed 249471838, the greedy computer in both seats, 15 moves) played before rules 8
# existed (commit bda54e6) ended with ship 2 winning and this state hash; it must replay the same.
RULES7_MOVES = (
    "eng=2 scp=1 las=2 mis=2 rotate burn=medium adj=-1",
    "eng=2 scp=1 las=2 mis=2 coast scoop",
    "coast scoop",
    "las=0 coast scoop",
    "rail=2 mis=0 coast scoop",
    "scp=0 mis=0 coast",
    "rail=3 shd=0 coast fire=las:0",
    "scp=0 rail=4 shd=0 coast fire=rail:1",
    "rail=2 mis=1 shd=2 vent=1 burn=light adj=-1",
    "las=0 rail=4 shd=1 coast fire=rail:0",
    "scp=1 shd=2 vent=1 coast scoop fire=rail:0",
    "las=2 rail=0 rotate burn=light adj=-1",
    "scp=1 mis=2 coast scoop",
    "eng=0 vent=1 coast scoop fire=rail:0",
    "scp=0 las=2 shd=1 vent=1 coast fire=rail:0",
)
RULES7_HASH = "1512967c2eb70064f0e2258f667273723836ed7f7b3a5d8c74ab146d430a55c3"


def test_a_rules_seven_duel_replays_with_its_old_hash_and_a_rules_eight_game_reloads() -> None:
    sess = Session(GAME, 249471838, {"players": 2, "rules": 7})
    for m in RULES7_MOVES:
        sess.play_text(m)
    assert sess.state.outcome is not None and sess.state.outcome.winner == 1
    assert sess.state_hash() == RULES7_HASH
    again = Session.load(GAME, sess.save_json())
    assert again.state_hash() == RULES7_HASH and all(s.slugs is None for s in again.state.ships)
    new = Session(GAME, 249471838, {"players": 2, "rules": 8})
    new.play_text("rail=4 coast")
    loaded = Session.load(GAME, new.save_json())
    assert loaded.state == new.state and loaded.state.ships[0].slugs == RAIL_SLUGS


def test_reload_lab_part_refills_only_an_unpowered_railgun_up_to_the_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``rules.RAIL_RELOAD`` (0 in rules 8; the lab's ``reloadN``): slugs come back at the end of a turn
    whose railgun holds no energy, never above ``RAIL_SLUGS``; rules 7 has no magazine to refill."""
    import engine.orbit.rules as rules_mod

    part = ({"ring": 5, "sector": 0, "energy": {"rail": 1}}, DUEL[1])  # 1 unit: lowered in one turn
    base = make(*part, rules=8)
    assert run(_with_slugs(base, 0, 0), "rail=0 coast").ships[0].slugs == 0  # RAIL_RELOAD 0: none back
    monkeypatch.setattr(rules_mod, "RAIL_RELOAD", 1)
    assert run(_with_slugs(base, 0, 0), "coast").ships[0].slugs == 0  # 1 unit still in it: no reload
    assert run(_with_slugs(base, 0, 0), "rail=0 coast").ships[0].slugs == 1
    assert run(_with_slugs(base, 0, RAIL_SLUGS - 1), "rail=0 coast").ships[0].slugs == RAIL_SLUGS
    assert run(base, "rail=0 coast").ships[0].slugs == RAIL_SLUGS  # full: stays at the cap
    assert run(make(*part, rules=7), "rail=0 coast").ships[0].slugs is None
