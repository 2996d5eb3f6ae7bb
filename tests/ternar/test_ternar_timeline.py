"""The turn animation schedule (16.5, 18.1) the page plays and the lab measures: input lock per move."""

from ternar_util import field

from engine.core.session import Session
from engine.ternar import GAME, Route, apply_with_events, dump_events
from engine.ternar.bot import greedy_route
from engine.ternar.display import FLASH_MS, fall_time_ms
from engine.ternar.timeline import COLLAPSE_MS, POP_MS, SPAWN_DELAY_MS, build, lock_ms, rows_of
from engine.ternar.topology import node_id


def test_falls_and_spawns_of_a_turn_animate_together_in_one_step():
    s = field({(7, 0): 3, (7, 1): 3, (6, 0): 9, (7, 3): 9})
    new, evs = apply_with_events(s, Route.parse("38-39"))
    tl = build(s.values, s.ghosts, evs, new.values)
    assert tl.consistent
    assert [st.kind for st in tl.steps] == ["collapse", "settle"]
    settle = tl.steps[1]
    spawned = [m for m in settle.movers if m.spawn]
    assert len(spawned) == 2  # the new node and the one regenerated, both in the same step
    assert all(m.delay >= SPAWN_DELAY_MS for m in spawned)
    # every fall takes 16.5's time for its rows, and the step lasts as long as the slowest
    for m in settle.movers:
        assert m.dur == fall_time_ms(rows_of(m.path))
    assert settle.dur == max(m.end if len(m.path) > 1 else POP_MS for m in settle.movers)
    assert tl.total == COLLAPSE_MS + settle.dur < 600


def test_long_chain_locks_input_well_under_a_second_with_the_flash_first():
    path = [(7, c) for c in range(6)] + [(6, c) for c in range(4, -1, -1)] + [(5, c) for c in range(6)]
    path += [(4, c) for c in range(4, 2, -1)]
    s = field({rc: 9 for rc in path}, turns=60)
    route = Route(nodes=tuple(node_id(*rc) for rc in path))
    assert len(route.nodes) == 19
    new, evs = apply_with_events(s, route)
    tl = build(s.values, s.ghosts, dump_events(evs), new.values)  # dicts work as well as objects
    assert tl.consistent
    assert tl.steps[0].kind == "flash" and tl.steps[0].dur == FLASH_MS
    assert tl.steps[1].kind == "settle"  # 18.1: removed right after the flash, no collapse frames
    settle = tl.steps[1]
    assert settle.values[route.nodes[-1]] == 81 or any(
        m.value == 81 and m.path[0] == route.nodes[-1] for m in settle.movers
    )
    assert tl.total <= 900  # 19 spawns used to animate one after another: ~6 s


def test_lock_per_move_stays_under_900_ms_in_bot_games():
    for seed in (3, 8):
        sess = Session(GAME, seed, {"mode": "classic"})
        while sess.state.outcome is None and sess.state.turns < 40:
            old = sess.state
            new, evs = apply_with_events(old, greedy_route(old, 40, 800))
            assert build(old.values, old.ghosts, evs, new.values).consistent
            assert lock_ms(old, evs, new) <= 900
            sess.state = new
