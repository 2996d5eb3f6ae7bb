"""Co-op authority: host-only commands (criterion 9), joining, host migration on disconnect."""

from __future__ import annotations

import pytest
from runmap_helpers import resolve

from engine.core.session import IllegalMoveError
from engine.runmap import GAME, Phase
from engine.runmap.moves import Buy, Choose, Drop, Fight, Join, Leave, Select
from engine.runmap.rules import apply_move

FOUR = {"rules": 2, "preset": "slice", "players": 4}


def everyone_joined():
    state = GAME.initial(13, FOUR)
    for seat in (1, 2, 3):
        state = apply_move(state, Join(seat))
    return state


def test_seat0_starts_as_the_only_connected_host() -> None:
    state = GAME.initial(13, FOUR)
    assert state.host == 0 and state.connected == (0,)
    joined = everyone_joined()
    assert joined.host == 0 and joined.connected == (0, 1, 2, 3)


def test_ac9_non_host_commands_are_rejected_and_change_nothing() -> None:
    state = everyone_joined()
    for seat in (1, 2, 3):
        with pytest.raises(IllegalMoveError, match="only the host"):
            apply_move(state, Fight(seat, "attack"))
    on_map = resolve(state)
    target = on_map.available_nodes()[0].index
    for seat in (1, 2, 3):
        with pytest.raises(IllegalMoveError, match=r"only the host \(p0\)"):
            apply_move(on_map, Select(seat, target))
    for move in (Buy(1, "potion"), Leave(2), Choose(3, "blessing")):
        with pytest.raises(IllegalMoveError, match="only the host"):
            apply_move(on_map, move)
    assert apply_move(on_map, Select(0, target)).current_node_index == target


def test_everyone_sees_the_hosts_selection_in_the_one_shared_state() -> None:
    on_map = resolve(everyone_joined())
    target = on_map.available_nodes()[-1].index
    after = apply_move(on_map, Select(0, target))
    assert after.current_node_index == target and after.layout.nodes[target].visited


def test_host_drop_passes_selection_to_lowest_connected_seat_and_map_is_unchanged() -> None:
    on_map = resolve(everyone_joined())
    dropped = apply_move(on_map, Drop(0))
    assert dropped.host == 1 and dropped.connected == (1, 2, 3)
    assert dropped.layout == on_map.layout and dropped.current_node_index == on_map.current_node_index
    assert dropped.model_copy(
        update={"host": 0, "connected": (0, 1, 2, 3), "last_event": ""}
    ) == on_map.model_copy(update={"last_event": ""})
    target = dropped.available_nodes()[0].index
    with pytest.raises(IllegalMoveError, match="only the host"):
        apply_move(dropped, Select(0, target))  # the old host has no privilege any more
    with pytest.raises(IllegalMoveError, match="only the host"):
        apply_move(dropped, Select(2, target))
    assert apply_move(dropped, Select(1, target)).current_node_index == target


def test_non_host_drop_keeps_the_host_and_rejoin_does_not_take_it_back() -> None:
    state = everyone_joined()
    state = apply_move(state, Drop(2))
    assert state.host == 0 and state.connected == (0, 1, 3)
    state = apply_move(state, Drop(0))
    assert state.host == 1
    state = apply_move(state, Join(0))
    assert state.host == 1 and state.connected == (0, 1, 3)


def test_everyone_gone_means_no_host_until_someone_joins() -> None:
    state = apply_move(GAME.initial(13, {"rules": 2, "preset": "slice", "players": 2}), Join(1))
    state = apply_move(apply_move(state, Drop(1)), Drop(0))
    assert state.host is None and state.connected == ()
    with pytest.raises(IllegalMoveError, match="nobody is host"):
        apply_move(state, Fight(0, "attack"))
    back = apply_move(state, Join(1))
    assert back.host == 1 and back.connected == (1,)
    assert back.phase == Phase.COMBAT


def test_connection_errors() -> None:
    state = GAME.initial(13, {"rules": 2, "preset": "slice", "players": 2})
    with pytest.raises(IllegalMoveError, match="already connected"):
        apply_move(state, Join(0))
    with pytest.raises(IllegalMoveError, match="not in this 2-player run"):
        apply_move(state, Join(2))
    with pytest.raises(IllegalMoveError, match="not connected"):
        apply_move(state, Drop(1))


def test_joins_and_drops_still_work_after_the_run_ends() -> None:
    state = GAME.initial(5, {"rules": 2, "preset": "slice", "players": 2})
    state = state.model_copy(update={"players": tuple(p.model_copy(update={"hp": 1}) for p in state.players)})
    while state.phase == Phase.COMBAT:
        state = apply_move(state, Fight(0, "defend"))
    assert state.phase == Phase.OVER
    assert apply_move(state, Join(1)).connected == (0, 1)
