"""Session: play/undo/redo/restart, save → load replay, hashing, malformed saves."""

from __future__ import annotations

import json

import pytest

from engine.core.hashing import canonical_json, state_hash
from engine.core.schema import Model, SchemaError, parse_model
from engine.core.selfcheck import DiceGame, reference_session_hash, run
from engine.core.session import SNAPSHOT_EVERY, IllegalMoveError, Session


def play(n: int, seed: int = 3) -> Session:
    s = Session(DiceGame(), seed)
    for i in range(n):
        s.play_text("roll" if i % 2 else f"add:{1 + i % 6}")
    return s


def test_same_seed_same_moves_same_hash_and_different_seed_differs():
    assert play(30).state_hash() == play(30).state_hash()
    assert play(30, seed=3).state_hash() != play(30, seed=4).state_hash()


def test_illegal_move_changes_nothing():
    s = play(5)
    before, moves = s.state_hash(), list(s.moves)
    with pytest.raises(IllegalMoveError):
        s.play_text("add:9")
    assert s.state_hash() == before and s.moves == moves


def test_undo_restores_exact_earlier_state_across_snapshots():
    n = SNAPSHOT_EVERY * 2 + 5
    hashes = []
    s = Session(DiceGame(), 11)
    for i in range(n):
        s.play_text("roll" if i % 3 else "add:2")
        hashes.append(s.state_hash())
    for k in range(n - 1, SNAPSHOT_EVERY - 3, -1):
        s.undo()
        assert s.state_hash() == hashes[k - 1]
    for k in range(SNAPSHOT_EVERY - 2, n):
        s.redo()
        assert s.state_hash() == hashes[k]
    with pytest.raises(IllegalMoveError):
        s.redo()


def test_new_move_clears_redo_and_restart_returns_to_start():
    s = play(4)
    start = Session(DiceGame(), 3).state_hash()
    s.undo()
    assert s.can_redo()
    s.play_text("add:1")
    assert not s.can_redo()
    s.restart()
    assert s.state_hash() == start and not s.moves


def test_save_load_replays_to_same_hash():
    s = play(50)
    text = s.save_json()
    data = json.loads(text)
    assert data["game"] == "dice" and data["seed"] == 3 and len(data["moves"]) == 50
    again = Session.load(DiceGame(), text)
    assert again.state_hash() == s.state_hash()


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("not json", "not valid JSON"),
        ("[1,2]", "expected a JSON object"),
        ('{"game":"dice","version":1,"seed":-1,"moves":[]}', "seed"),
        ('{"game":"dice","version":1,"seed":1,"moves":[],"extra":1}', "extra"),
        ('{"game":"chess","version":1,"seed":1,"moves":[]}', "belongs to game 'chess'"),
        ('{"game":"dice","version":99,"seed":1,"moves":[]}', "newer"),
        ('{"game":"dice","version":1,"seed":1,"moves":["roll","add:9"]}', "moves.1"),
        ('{"game":"dice","version":1,"seed":1,"moves":["jump"]}', "unknown move"),
    ],
)
def test_malformed_saves_raise_schema_error_naming_the_problem(text, needle):
    with pytest.raises(SchemaError) as err:
        Session.load(DiceGame(), text)
    assert needle in str(err.value)


def test_canonical_json_is_order_independent_and_integral_floats_are_ints():
    assert canonical_json({"b": 1, "a": [1.0, 2.5]}) == '{"a":[1,2.5],"b":1}'
    assert state_hash({"x": (1, 2)}) == state_hash({"x": [1, 2]})
    with pytest.raises(ValueError):
        canonical_json(float("nan"))


def test_parse_model_reports_field_paths():
    class Level(Model):
        width: int
        name: str

    with pytest.raises(SchemaError) as err:
        parse_model(Level, '{"width": "wide"}', "level")
    msg = str(err.value)
    assert msg.startswith("level is invalid") and "width" in msg and "name" in msg


def test_selfcheck_is_stable_and_has_core_entries():
    a, b = run(include_games=False), run(include_games=False)
    assert a == b
    assert set(a) == {"lcg32", "pcg32", "godot_rng", "xorshift128p", "float32", "canonical_json", "session"}
    assert reference_session_hash() == a["session"]


def test_every_game_in_the_list_has_an_engine_with_its_own_selfcheck():
    from buildtools.games import GAMES
    from engine.core.selfcheck import engine_checks, engines

    assert set(engines()) == set(GAMES)  # one list: buildtools/games.py; engines are found, not listed
    for game in engines():
        checks = engine_checks(game)
        assert checks, f"engine.{game}.selfcheck registers no checks"
        assert all(k.startswith(f"{game}.") and len(v) == 64 for k, v in checks.items())


def test_session_check_sees_every_move():
    from engine.core.selfcheck import session_check

    a = session_check(DiceGame(), 3, moves=["roll", "add:2"])
    assert a == session_check(DiceGame(), 3, moves=["roll", "add:2"])
    assert a != session_check(DiceGame(), 3, moves=["roll", "add:3"])
    assert a != session_check(DiceGame(), 4, moves=["roll", "add:2"])
