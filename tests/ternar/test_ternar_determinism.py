"""Golden replays: fixed seed + move list -> committed state hash (regenerate on purpose only with
``TERNAR_REGEN_GOLDEN=1 python -m pytest tests/ternar/test_ternar_determinism.py``)."""

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.schema import SchemaError
from engine.core.session import Session
from engine.ternar import GAME, apply_with_events, initial, state_from_json, state_to_json
from engine.ternar.bot import greedy_route
from engine.ternar.display import replay_events
from engine.ternar.engine import inverted, storm_hold
from engine.ternar.gravity import is_settled
from engine.ternar.rules import is_power

GOLDEN = Path(__file__).with_name("ternar_golden.json")
CASES = [(20261122, "classic"), (20261122, "storm"), (20261122, "zen"), (7, "classic")]
TURNS = 60


def _bot_session(seed, mode):
    s = Session(GAME, seed, {"mode": mode})
    while s.state.outcome is None and s.state.turns < TURNS:
        s.play(greedy_route(s.state, 40, 800))
    return s


def _golden():
    if os.environ.get("TERNAR_REGEN_GOLDEN"):
        data = []
        for seed, mode in CASES:
            s = _bot_session(seed, mode)
            data.append({"save": json.loads(s.save_json()), "hash": s.state_hash()})
        GOLDEN.write_text(json.dumps(data, indent=1) + "\n")
    return json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("i", range(len(CASES)))
def test_golden_replay_hash(i):
    case = _golden()[i]
    s = Session.load(GAME, case["save"])
    assert s.state_hash() == case["hash"]
    assert len(case["save"]["moves"]) > 20


@pytest.mark.parametrize("i", range(len(CASES)))
def test_bot_replays_its_golden_moves(i):
    case = _golden()[i]
    seed, mode = CASES[i]
    s = _bot_session(seed, mode)
    assert [s.game.format_move(m) for m in s.moves] == case["save"]["moves"]
    assert s.state_hash() == case["hash"]


def test_save_load_and_state_json_round_trip():
    s = _bot_session(5, "storm")
    s.play_text("undo")
    loaded = Session.load(GAME, s.save_json())
    assert loaded.state == s.state and loaded.state_hash() == s.state_hash()
    assert state_from_json(state_to_json(s.state)) == s.state


def test_initial_events_build_the_start():
    from engine.ternar import initial_with_events

    for seed in range(20):
        s, evs = initial_with_events(seed)
        assert evs[0].kind == "deal"
        assert replay_events([0] * 44, evs) == list(s.values)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**64 - 1), st.sampled_from(["classic", "zen", "storm"]))
def test_play_invariants(seed, mode):
    s = initial(seed, {"mode": mode})
    assert initial(seed, {"mode": mode}) == s
    for _ in range(25):
        move = greedy_route(s, 20, 300)
        assert move is not None
        before = s.occupied()
        old = s
        s, evs = apply_with_events(s, move)
        assert replay_events(old.values, evs) == list(s.values)  # the events describe the whole turn
        kinds = {e.kind for e in evs}
        assert all(v == 0 or is_power(v) for v in s.values)
        direction = 1 if s.gravity == "down" else -1
        assert is_settled(list(s.values), direction, storm_hold(s.mode, s.options.ruleset, inverted(s)))
        if not kinds & {"big_bang", "zen_refill", "game_over"} and not any(
            e.kind == "spawn" and e.rescue for e in evs
        ):
            # L-1 nodes vanish, L-1 regenerate, one new node: +1 until the field is full
            assert s.occupied() == min(44, before + 1)
        if s.outcome is not None:
            break


@pytest.mark.parametrize(
    "bad",
    [
        "not json",
        '{"game": "ternar", "version": 1, "seed": 1, "moves": ["1-"]}',
        '{"game": "ternar", "version": 1, "seed": 1, "moves": ["0-1"]}',  # empty cells: illegal
        '{"game": "ternar", "version": 1, "seed": 1, "options": {"mode": "x"}, "moves": []}',
        '{"game": "orbit", "version": 1, "seed": 1, "moves": []}',
        '{"game": "ternar", "version": 9, "seed": 1, "moves": []}',
        '{"game": "ternar", "version": 1, "seed": -4, "moves": []}',
    ],
)
def test_malformed_saves_raise_schema_error(bad):
    with pytest.raises(SchemaError):
        Session.load(GAME, bad)


@pytest.mark.parametrize("text", ["", "a-b", "1--2", "44-1", "-1-2", "1.5-2", "undo2", "1 - 2 x", "１-2"])
def test_malformed_moves(text):
    with pytest.raises(ValueError):
        GAME.parse_move(text)


def test_move_text_round_trip():
    for text in ("38-39", "0-5-6-12", "undo"):
        assert GAME.format_move(GAME.parse_move(text)) == text
    assert GAME.parse_move(" UNDO ").text() == "undo"
    assert repr(GAME.parse_move("38-39")) == "Route.parse('38-39')"


@pytest.mark.parametrize(
    "patch",
    [
        {"values": [4] + [0] * 43},
        {"values": [0] * 43},
        {"ghosts": [0]},  # a ghost on an empty cell
        {"pool": [27]},  # the pool must lie below the window
        {"window_low": 13},
        {"score": -1},
        {"extra": 1},
    ],
)
def test_malformed_state_json(patch):
    data = json.loads(state_to_json(initial(1)))
    data.update(patch)
    with pytest.raises(SchemaError):
        state_from_json(data)


GOLDEN_RULES1 = Path(__file__).with_name("ternar_golden_rules1.json")


@pytest.mark.parametrize("i", range(len(CASES)))
def test_saves_of_rules_1_replay_exactly_as_they_were_played(i):
    """Saves written before rules 2 (today's format at the time, no ``rules`` key) keep playing under
    the first readings: the same field and score as under the old build, and the game goes on."""
    case = json.loads(GOLDEN_RULES1.read_text())[i]
    assert "rules" not in case["save"] and "ruleset" not in case["save"]["options"]
    s = Session.load(GAME, case["save"])
    assert s.state.options.ruleset == 1 and s.state.options.start_nodes == 5
    assert list(s.state.values) == case["values"] and s.state.score == case["score"]
    assert s.state.window_low == case["window_low"]
    resaved = json.loads(s.save_json())
    assert resaved["rules"] == GAME.rules and resaved["options"]["ruleset"] == 1
    again = Session.load(GAME, resaved)
    assert again.state_hash() == s.state_hash()
    if s.state.outcome is None:
        s.play(greedy_route(s.state, 40, 800))
        assert s.state.turns == case["turns"] + 1


@pytest.mark.parametrize("rules", [2, 3, 4, 5, 6, 7])
@pytest.mark.parametrize("i", range(len(CASES)))
def test_saves_of_older_rules_replay_exactly_as_they_were_played(rules, i):
    """Saves written under rules 2 (light regeneration), 3 (the window paced at top * 3^2, a Big Bang
    also at the window cap), 4 (the casual guardrail held only the top weight at 5 %), 5 (WINDOW_LOCK
    read on the final field, so it could not happen), 6 (the window moved in the intro; WINDOW_LOCK
    for a dead field mostly out of the window) and 7 (Hexa-Storm's heavy values moved while inverted)
    keep playing
    under their own rules after today's build loads them: the same state hash as when they were
    written, ``ruleset`` pinned, and the game goes on under those rules."""
    case = json.loads(Path(__file__).with_name(f"ternar_golden_rules{rules}.json").read_text())[i]
    assert case["save"]["rules"] == rules and "ruleset" not in case["save"]["options"]
    s = Session.load(GAME, case["save"])
    assert s.state.options.ruleset == rules and s.state_hash() == case["hash"]
    resaved = json.loads(s.save_json())
    assert resaved["rules"] == GAME.rules == 8 and resaved["options"]["ruleset"] == rules
    assert Session.load(GAME, resaved).state_hash() == case["hash"]
    if s.state.outcome is None:
        s.play(greedy_route(s.state, 40, 800))
        assert s.state.options.ruleset == rules
