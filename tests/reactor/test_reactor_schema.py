"""Serialization round trips (authored and mid-play), share codes, malformed input."""

from __future__ import annotations

import json

import pytest
from reactor_kit import OPEN_ROOM, level

from engine.core.hashing import state_hash
from engine.core.schema import SchemaError
from engine.reactor import (
    apply_action,
    builtin_level,
    load_level,
    parse_action,
    parse_level,
    parse_share_code,
    save_level,
    share_code,
)
from engine.reactor.schema import level_json
from engine.reactor.state import snapshot

PLAY = [
    "move s",
    "interact",
    "move n",
    "move n",
    "move w",
    "interact",
    "move e",
    "move e",
    "move e",
    "move e",
    "move n",
    "repair fuel",
]


def played():  # type: ignore[no-untyped-def]
    st = load_level(builtin_level("tutorial"))
    for t in PLAY:
        try:
            st = apply_action(st, parse_action(t))
        except ValueError:
            pass
    return st


def test_authored_level_json_round_trip_is_exact() -> None:
    lv = builtin_level("tutorial")
    text = level_json(lv)
    assert level_json(parse_level(text)) == text
    assert parse_level(json.loads(text)) == lv


def test_state_level_state_round_trip_is_exact() -> None:
    st = load_level(builtin_level("tutorial"))
    saved = save_level(st, dynamic=False)
    again = save_level(load_level(saved), dynamic=False)
    assert again == saved


def test_mid_play_save_restores_identical_state_and_future() -> None:
    st = played()
    assert st.pulse >= 1
    text = save_level(st).model_dump_json()
    back = load_level(text)
    assert state_hash(snapshot(back)) == state_hash(snapshot(st))
    assert save_level(back) == save_level(st)
    for t in ["move s", "interact", "move w"]:
        try:
            a = apply_action(st, parse_action(t))
            b = apply_action(back, parse_action(t))
        except ValueError:
            continue
        st, back = a, b
        assert state_hash(snapshot(a)) == state_hash(snapshot(b))


def test_saved_values_are_single_precision_floats() -> None:
    data = json.loads(save_level(played()).model_dump_json())
    from engine.reactor.f32 import f32

    for cell in data["surface"]:
        for q in ("fuel", "coolant", "electricity", "heat"):
            assert cell[q] == f32(cell[q])
    for c in ("fuel", "coolant", "electricity"):
        for u in data["layers"][c]:
            assert u["amount"] == f32(u["amount"]) and u["integrity"] == f32(u["integrity"])


def test_share_code_round_trip_and_damage() -> None:
    lv = builtin_level("tutorial")
    code = share_code(lv)
    assert code.startswith("RM1.")
    assert parse_share_code(code) == lv
    assert len(code) < len(level_json(lv))  # compact
    prefix, payload, check = code.split(".")
    damaged = f"{prefix}.{payload[:-2]}{'A' if payload[-2] != 'A' else 'B'}{payload[-1]}.{check}"
    with pytest.raises(SchemaError, match="checksum"):
        parse_share_code(damaged)
    with pytest.raises(SchemaError, match="version"):
        parse_share_code(f"RM9.{payload}.{check}")
    with pytest.raises(SchemaError, match="three parts"):
        parse_share_code("nonsense")
    import zlib

    bad_payload = "AAAA"
    with pytest.raises(SchemaError, match="decode"):
        parse_share_code(f"RM1.{bad_payload}.{zlib.crc32(bad_payload.encode()) & 0xFFFFFFFF:08x}")


def test_mid_play_state_survives_share_code() -> None:
    st = played()
    back = load_level(parse_share_code(share_code(save_level(st))))
    assert state_hash(snapshot(back)) == state_hash(snapshot(st))


@pytest.mark.parametrize(
    "mutate",
    [
        lambda d: d.pop("robot"),
        lambda d: d.update(width=0),
        lambda d: d.update(version=2),
        lambda d: d["layers"]["fuel"].append({"x": 1, "y": 1, "state": "broken"}),
        lambda d: d["props"].append({"kind": "flow", "x": 1, "y": 1, "carrier": "steam"}),
        lambda d: d["leaks"].append({"carrier": "fuel", "x": 1, "y": 1}),
        lambda d: d.update(requirements={"fuel": -1}),
        lambda d: d.update(inventory={"fuel_neutralizer": "many"}),
        lambda d: d["surface"].append({"x": 1, "y": 1, "heat": float("nan")}),
    ],
)
def test_malformed_levels_raise_schema_error(mutate) -> None:  # type: ignore[no-untyped-def]
    d = level(OPEN_ROOM, robot=(1, 1), reactor=(8, 3))
    mutate(d)
    with pytest.raises(SchemaError):
        load_level(d)


def test_saved_game_keeps_its_difficulty() -> None:
    st = load_level(builtin_level("tutorial"), "hard")
    back = load_level(save_level(st).model_dump_json())
    assert back.difficulty == "hard"
    assert back.balance == st.balance
    assert state_hash(snapshot(back)) == state_hash(snapshot(st))
