"""Seeded random play: apply never mutates its input, refusals change nothing, invariants hold."""

from __future__ import annotations

import pytest

from engine.core.hashing import state_hash
from engine.core.rng import Lcg32
from engine.core.schema import SchemaError
from engine.core.session import IllegalMoveError, Session
from engine.reactor import GAME, apply_action, builtin_level, load_level, parse_action
from engine.reactor.f32 import f32
from engine.reactor.state import ReactorState, snapshot

ACTIONS = [
    "move n",
    "move e",
    "move s",
    "move w",
    "move e",
    "move s",
    "interact",
    "interact",
    "repair",
    "repair fuel",
    "remedy fuel",
    "remedy electricity",
    "shield",
    "activate",
    "view",
    "inspect 3 3",
]


def check_invariants(st: ReactorState) -> None:
    b = st.balance
    for q, arr in st.surface.items():
        for i, v in enumerate(arr):
            assert 0.0 <= v <= b.surface_max[q]
            assert v == f32(v)
            if st.grid.walls[i]:
                assert v == 0.0
    for lay in st.layers.values():
        for i, s in enumerate(lay.state):
            assert 0.0 <= lay.integrity[i] <= b.max_structural_integrity
            if not s:
                assert lay.amount[i] == 0.0 and lay.intensity[i] == 0.0
    assert st.inventory_total() <= b.inventory_capacity  # built-in levels start with an empty inventory
    assert not st.grid.walls[st.robot]


@pytest.mark.parametrize(("name", "seed"), [("tutorial", 1), ("tutorial", 2), ("control_room", 3)])
def test_random_play_is_pure_and_keeps_invariants(name: str, seed: int) -> None:
    rng = Lcg32(seed)
    st = load_level(builtin_level(name))
    accepted = 0
    for _ in range(70):
        text = ACTIONS[rng.next_below(len(ACTIONS))]
        before = state_hash(snapshot(st))
        try:
            new = apply_action(st, parse_action(text))
        except IllegalMoveError:
            assert state_hash(snapshot(st)) == before
            continue
        assert state_hash(snapshot(st)) == before  # the input state is never mutated
        check_invariants(new)
        accepted += 1
        st = new
        if st.outcome is not None:
            break
    assert accepted > 0


def test_bad_saves_are_schema_errors() -> None:
    good = Session(GAME, 0, {"level": "tutorial"})
    good.play_text("move s")
    data = good.save()
    with pytest.raises(SchemaError, match="moves.1"):
        Session.load(GAME, data.model_copy(update={"moves": ["move s", "fly"]}))
    with pytest.raises(SchemaError, match="moves.0"):
        Session.load(GAME, data.model_copy(update={"moves": ["activate"]}))
    with pytest.raises(SchemaError, match="options"):
        Session.load(GAME, data.model_copy(update={"options": {"level": "nope"}}))
