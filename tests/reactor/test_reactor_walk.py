"""The walk planner: click-to-walk never kills; it counts the heat immunity spent on the way and
refuses with a reason code when no safe walk exists."""

from __future__ import annotations

from reactor_kit import OPEN_ROOM, lethal_room, level, load

from engine.reactor import apply_action, load_level, parse_action
from engine.reactor.campaign import entries
from engine.reactor.walk import (
    BLOCKED,
    SHIELD_RUNS_OUT,
    TARGET_LETHAL,
    UNREACHABLE,
    WALL,
    plan_walk,
    safe_cells,
)

CORRIDOR = ["#########", "#.......#", "#########"]


def corridor(hot: tuple[int, ...], shields: int = 1) -> dict:
    """A one-cell-wide corridor, robot at (1,1), lethal heat on the given x."""
    return level(
        CORRIDOR,
        surface=[{"x": x, "y": 1, "heat": 9.0} for x in hot],
        inventory={"heat_shield": shields},
        reactor=(7, 1),
    )


def walk(st, moves):
    for m in moves:
        st = apply_action(st, parse_action(m))
        assert st.outcome is None, m
    return st


def test_shield_spent_on_the_way_is_counted() -> None:
    # The Hot Corridor report: raise the shield, step in and back, then click two cells past the heat.
    st = load(corridor((2, 3, 4)))
    st = apply_action(st, parse_action("shield"))
    n = st.heat_immunity
    st = walk(st, ["move e", "move w"])  # two of the shield's steps spent
    assert st.heat_immunity == n - 2
    w = plan_walk(st, 5, 1)  # three hot cells + one: needs 3 protected steps, only n - 2 = 2 left
    assert not w.ok and w.code == SHIELD_RUNS_OUT and w.quantity == "heat"
    fresh = apply_action(load(corridor((2, 3, 4))), parse_action("shield"))
    ok = plan_walk(fresh, 5, 1)
    assert ok.ok and len(ok.moves) == 4
    assert walk(fresh, ok.moves).grid.xy(walk(fresh, ok.moves).robot) == (5, 1)


def test_refusal_codes() -> None:
    st = load(lethal_room())
    assert plan_walk(st, 2, 1).code == TARGET_LETHAL
    assert plan_walk(st, 0, 0).code == WALL
    boxed = load(lethal_room(((2, 1), (1, 2))))
    assert plan_walk(boxed, 5, 2).code == BLOCKED and plan_walk(boxed, 5, 2).quantity == "heat"
    sealed = load(level(["#####", "#.#.#", "#####"], reactor=(3, 1)))
    assert plan_walk(sealed, 3, 1).code == UNREACHABLE


def test_walk_goes_around_hazards() -> None:
    st = load(lethal_room(((2, 1),)))
    w = plan_walk(st, 3, 1)
    assert w.ok and len(w.moves) == 4  # down, east, east, up
    walk(st, w.moves)


def _reachable_ignoring_heat_spent(st) -> set[int]:
    """Independent check: the cells reachable through cells that are safe for a robot whose
    immunity never runs out only if heat is not lethal along it at all (used as a lower bound)."""
    from collections import deque

    from engine.reactor.walk import lethal_quantity

    seen = {st.robot}
    todo = deque([st.robot])
    while todo:
        c = todo.popleft()
        for _, n in st.grid.neighbors[c]:
            if n not in seen and not st.grid.walls[n] and not lethal_quantity(st, n, 0):
                seen.add(n)
                todo.append(n)
    return seen


def test_property_walks_never_kill_on_every_campaign_level() -> None:
    """Every level, from its start and from every state of its solution, to every floor cell: a
    planned walk never kills and ends on the target; a target reachable without touching a lethal
    cell is never refused.

    Each walk is replayed move by move through the engine; walks from one state that share their
    first moves share those replayed states (a cache keyed by the moves so far), so every move of
    every walk is still checked by ``apply_action``, once per distinct prefix (34 s -> a few s)."""
    checked = 0
    for e in entries():
        st = load_level(e.level)
        states = [st]
        for m in e.solution:
            st = apply_action(st, parse_action(m))
            if st.outcome is None:
                states.append(st)
        for s in (states[0], states[len(states) // 2], states[-1]):
            reach = safe_cells(s)
            open_reach = _reachable_ignoring_heat_spent(s)
            after: dict[tuple[str, ...], object] = {(): s}
            for target in s.grid.floor_cells:
                if target == s.robot:
                    continue
                x, y = s.grid.xy(target)
                w = plan_walk(s, x, y)
                if w.ok:
                    moves = tuple(w.moves)
                    k = len(moves)
                    while moves[:k] not in after:
                        k -= 1
                    end = after[moves[:k]]
                    for i in range(k, len(moves)):
                        end = apply_action(end, parse_action(moves[i]))
                        assert end.outcome is None, (e.key, (x, y), w.moves)
                        after[moves[: i + 1]] = end
                    assert end.robot == target
                    assert target in reach
                    checked += 1
                else:
                    assert target not in reach, (e.key, (x, y), w.code)
                    assert target not in open_reach, (e.key, (x, y))
    assert checked > 1000


def test_open_room_walk_is_shortest() -> None:
    st = load(level(OPEN_ROOM))
    w = plan_walk(st, 8, 3)
    assert w.ok and len(w.moves) == 7 + 2
