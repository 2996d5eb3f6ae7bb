"""The page's danger words and bands (issue 28), from the engine's exposure, in CPython."""

from __future__ import annotations

from orbit_helpers import turn

from engine.orbit import initial_state
from engine.orbit.exposure import EnemyReach, Hit, danger_zone, reach_at
from engine.orbit.rules import Weapon
from www.orbit.strings import TABLES
from www.orbit.threatview import next_enemy, reach_lines, tier, zone_runs


def tr(key: str, **fmt: object) -> str:
    return TABLES["en"][key].format(**fmt)


def name(i: int) -> str:
    return f"Ship {i + 1}"


def test_a_double_move_is_said_with_each_hit_and_its_damage_after_shields():
    s = initial_state(
        0,
        {
            "ships": [
                {"ring": 3, "sector": 0, "energy": {"shd": 2}},
                {"ring": 4, "sector": 11, "energy": {"eng": 2, "thr": 1, "las": 2, "rail": 4, "shd": 1}},
            ],
            "rules": 2,
        },
    )
    after, _ = turn(s, "coast")
    assert reach_lines(tr, name, reach_at(after, 0)) == [
        "⚠ Ship 2 moves twice: 2nd: Railgun 4 (up to 4 hull)"
    ]


def test_lines_for_one_move_several_enemies_and_safety():
    one = EnemyReach(1, 1, (Hit(1, 1, Weapon.LASER, 2), Hit(1, 1, Weapon.MISSILES, 2)), 4)
    two = EnemyReach(2, 2, (Hit(2, 1, Weapon.MISSILES, 1), Hit(2, 2, Weapon.RAILGUN, 4)), 5)
    assert reach_lines(tr, name, [one, two]) == [
        "⚠ Ship 2: Laser 2, Missiles 2 (up to 4 hull)",
        "⚠ Ship 3 moves twice: 1st: Missiles 1 · 2nd: Railgun 4 (up to 5 hull)",
    ]
    assert reach_lines(tr, name, []) == ["✓ Safe there: no enemy can hit you before your next turn"]


def test_a_hit_shields_take_whole_is_said_in_words_not_as_a_bare_zero():
    """The page said "Mis 0": damage after shields 0 / 1 / 2 reads "stopped by shields" / 1 / 2."""
    said = [
        reach_lines(tr, name, [EnemyReach(1, 1, (Hit(1, 1, Weapon.MISSILES, d),), d)])[0] for d in (0, 1, 2)
    ]
    assert said == [
        "⚠ Ship 2: Missiles stopped by shields (no hull lost)",
        "⚠ Ship 2: Missiles 1 (up to 1 hull)",
        "⚠ Ship 2: Missiles 2 (up to 2 hull)",
    ]
    assert " 0" not in said[0]


def test_tiers_at_their_boundaries():
    assert [tier(d) for d in (1, 2, 3, 5, 6)] == [1, 1, 2, 2, 3]


def test_runs_group_sectors_of_one_tier_and_wrap_round_the_ring():
    zone = {(1, 5): 2, (1, 0): 2, (1, 1): 6}
    zone.update({(2, k): 1 for k in range(12)})
    assert sorted(zone_runs(zone)) == [(1, 1, 1, 3), (1, 5, 2, 1), (2, 0, 12, 1)]
    assert zone_runs({}) == []


def test_the_board_zone_holds_every_cell_the_panel_would_warn_about():
    s = initial_state(7, {"players": 2, "rules": 2})
    zone = danger_zone(s, 0)
    for cell in [(r, k) for r in (2, 3, 4) for k in range(0, 12, 3)]:
        assert (cell in zone) == bool(reach_at(s, 0, cell))


def test_e_cycles_through_the_enemies_then_all():
    assert next_enemy(None, [1, 3]) == 1
    assert next_enemy(1, [1, 3]) == 3
    assert next_enemy(3, [1, 3]) is None
    assert next_enemy(2, [1, 3]) == 1
    assert next_enemy(None, []) is None


def test_the_log_names_the_burn_ring_of_a_ship_that_moves_twice_in_a_row():
    from types import SimpleNamespace

    from engine.orbit.moves import parse_plan
    from tests.gwstub import glue_modules
    from www.orbit.model import HUMAN, Match

    m = Match(
        0,
        [HUMAN, HUMAN],
        {"ships": [{"ring": 3, "sector": 0}, {"ring": 2, "sector": 6, "energy": {"eng": 1}}], "rules": 2},
    )
    m.play(parse_plan("coast"))
    m.play(parse_plan("burn=light"))  # ship 2 burns on the first of its two moves ...
    turn = m.turns[-1]
    assert turn.after.active == 1 and turn.after.ships[1].transit is None  # ... and has arrived already
    app = SimpleNamespace(tr=tr, ship_name=name)
    with glue_modules(["orbit.turnlog"]) as mods:
        words = [text for text, _ in mods["orbit.turnlog"].describe(app, turn)]
    assert words[0] == "Light burn to R3" and not any("?" in w for w in words)


def test_a_new_player_first_meets_a_computer_below_the_strongest_level():
    from engine.orbit.ai import AI_LEVELS
    from tests.gwstub import glue_modules

    with glue_modules(["orbit.ui"]) as mods:
        ui = mods["orbit.ui"].Ui()
    assert ui.difficulty in AI_LEVELS and ui.difficulty != AI_LEVELS[-1]
    assert ui.seats == ["human", ui.difficulty]
