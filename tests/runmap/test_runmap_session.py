"""Moves' text form, sessions (save = seed + moves), golden hashes, malformed input, the CLI."""

from __future__ import annotations

import json

import pytest

from engine.core.schema import SchemaError
from engine.core.session import IllegalMoveError, Session
from engine.runmap import (
    GAME,
    Phase,
    RunOptions,
    bot_move,
    current_options,
    generate_map,
    migrate_save,
    outcome,
)
from engine.runmap.__main__ import main
from engine.runmap.config import RULES_VERSION
from engine.runmap.game import party_bot_move
from engine.runmap.moves import Buy, Choose, Drop, Fight, Join, Leave, Select, format_move, parse_move

ALL_MOVES = [
    Select(0, 3),
    Select(3, 117),
    Fight(1, "attack"),
    Fight(0, "defend"),
    Buy(0, "potion"),
    Buy(2, "whetstone"),
    Leave(0),
    Choose(0, "blessing"),
    Choose(1, "upgrade"),
    Choose(2, "atonement"),
    Join(3),
    Drop(1),
]


@pytest.mark.parametrize("move", ALL_MOVES, ids=str)
def test_text_round_trip(move: object) -> None:
    text = format_move(move)  # type: ignore[arg-type]
    assert parse_move(text) == move
    assert str(move) == text
    with pytest.raises(AttributeError):
        move.seat = 2  # type: ignore[attr-defined]  # frozen


def test_text_forms_are_the_documented_ones() -> None:
    assert [str(m) for m in ALL_MOVES[:4]] == ["p0 select 3", "p3 select 117", "p1 attack", "p0 defend"]
    assert (
        str(Buy(0, "potion")) == "p0 buy potion" and str(Join(3)) == "p3 join" and str(Drop(1)) == "p1 drop"
    )


@pytest.mark.parametrize(
    "text",
    [
        "",
        "select 3",
        "p0",
        "p0 select",
        "p0 select x",
        "p0 select -1",
        "p4 join",
        "p0 fly",
        "p0 attack now",
        "p0 buy sword",
        "p0 choose",
        "P0 join",
        "p0  join",
        "p0 select 12345",
        "p10 join",
    ],
)
def test_malformed_moves_raise_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        parse_move(text)


def play_bot(seed: int, options: dict[str, object]) -> Session:
    s = Session(GAME, seed, options)
    for seat in range(1, int(options.get("players", 1))):  # type: ignore[call-overload]
        s.play_text(f"p{seat} join")
    while (m := party_bot_move(s.state)) is not None:  # each joined seat acts for its own hero
        s.play(m)
    return s


def test_save_is_seed_plus_moves_and_load_replays_to_the_same_hash() -> None:
    s = play_bot(77, {"preset": "full", "players": 2})
    data = json.loads(s.save_json())
    assert set(data) == {"game", "version", "seed", "options", "moves"}
    assert data["seed"] == 77 and all(isinstance(m, str) for m in data["moves"])
    again = Session.load(GAME, s.save_json())
    assert again.state_hash() == s.state_hash() and again.state == s.state
    assert outcome(again.state) == outcome(s.state) is not None


def test_golden_replays() -> None:
    """Committed hashes of bot-played runs of rules 1: regenerate only on purpose."""
    slice_run = play_bot(12345, {"rules": 1, "preset": "slice"})
    full_run = play_bot(2026, {"rules": 1, "preset": "full", "players": 3, "defy_the_gods": True})
    assert (len(slice_run.moves), slice_run.state_hash()) == GOLDEN_SLICE
    assert (len(full_run.moves), full_run.state_hash()) == GOLDEN_FULL


GOLDEN_SLICE = (26, "1a1cfdde7d6c94148b7198aa3992125d23b07bfe1d46ac1925e2336743a23fbc")
GOLDEN_FULL = (63, "c4c5dd8c105573a4162c0a3533e2ff3bceea97705f32c8775520f08f01e22fa0")


def test_undo_restores_the_previous_state() -> None:
    s = Session(GAME, 3, {})
    first = s.state
    s.play_text("p0 attack")
    s.undo()
    assert s.state == first
    with pytest.raises(IllegalMoveError):
        s.play_text("p1 attack")  # seat 1 is not in a 1-player run and not host
    assert s.state == first and s.moves == []


def test_malformed_saves_and_options() -> None:
    good = json.loads(play_bot(5, {"preset": "slice"}).save_json())
    with pytest.raises(SchemaError, match="moves.0"):
        Session.load(GAME, {**good, "moves": ["p0 select 99", *good["moves"]]})
    with pytest.raises(SchemaError, match="moves.1"):
        Session.load(GAME, {**good, "moves": [good["moves"][0], "p0 dance"]})
    with pytest.raises(SchemaError, match="options"):
        Session.load(GAME, {**good, "options": {"preset": "huge"}})
    with pytest.raises(SchemaError, match="options"):
        Session.load(GAME, {**good, "options": {"players": 5}})
    with pytest.raises(SchemaError, match="options"):
        Session.load(GAME, {**good, "options": {"preset": "slice", "color": "red"}})
    with pytest.raises(SchemaError, match="belongs to game"):
        Session.load(GAME, {**good, "game": "orbit"})
    with pytest.raises(SchemaError):
        Session(GAME, 1, {"players": 0})


def test_snapshot_is_json_and_covers_the_map() -> None:
    state = GAME.initial(9, {"preset": "full"})
    snap = GAME.snapshot(state)
    assert json.loads(json.dumps(snap)) == snap
    assert (
        snap["layout"]["layer_count"] == 15 and snap["current_node_index"] == 0 and snap["phase"] == "combat"
    )


def test_cli_generate_prints_the_map_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--seed", "4", "--players", "2", "--preset", "full"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["layer_count"] == 15 and {"nodes", "edges", "layer_count", "act"} == set(data)
    from engine.runmap import RunOptions, generate_map

    assert data == generate_map(4, 2, RunOptions(preset="full", players=2)).model_dump(mode="json")


def test_cli_play_replay_hash_check_stats(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "--seed", "12345"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    save = tmp_path / "save.json"
    save.write_text(out[-1])
    assert main(["replay", str(save)]) == 0
    replay_out = capsys.readouterr().out.strip().splitlines()
    assert replay_out[-1] == play_bot(12345, {"preset": "slice"}).state_hash()
    assert main(["hash", "--seed", "12345", "--moves", "p0 attack"]) == 0
    s = Session(GAME, 12345, {})
    s.play_text("p0 attack")
    assert capsys.readouterr().out.strip() == s.state_hash()
    layout = tmp_path / "map.json"
    main(["generate", "--seed", "1"])
    layout.write_text(capsys.readouterr().out)
    assert main(["check", str(layout)]) == 0
    assert capsys.readouterr().out.startswith("ok: ")
    layout.write_text("{}")
    assert main(["check", str(layout)]) == 2
    assert main(["hash", "--seed", "1", "--moves", "p0 select 7"]) == 2
    assert main(["stats", "--maps", "30"]) == 0
    report = capsys.readouterr().out
    assert "MEMORY_SHRINE" in report and "design expects" in report


def test_one_screen_mode_plays_alone_to_the_end() -> None:
    s = play_bot(40, {"preset": "slice"})
    assert s.state.phase == Phase.OVER and s.state.connected == (0,)


# A save written by the build before rules 2 (issue 9's generator): no "rules" in its options.
OLD_SAVE = (
    '{"game": "runmap", "version": 1, "seed": 4242, "options": {"preset": "full", "players": 2}, '
    '"moves": ["p1 join", "p0 attack", "p0 select 1", "p0 attack", "p0 select 2", "p0 attack", '
    '"p0 attack", "p0 attack", "p0 select 3", "p0 select 4"]}'
)


def test_a_save_from_before_rules_2_replays_with_the_old_generator() -> None:
    save = migrate_save(OLD_SAVE)
    assert save.options == {"preset": "full", "players": 2, "rules": 1}
    s = Session.load(GAME, save)
    assert s.state.path == (0, 1, 2, 3, 4) and s.state.phase.value == "combat"
    assert s.state.layout.structure() == generate_map(4242, 2, RunOptions(rules=1, preset="full", players=2))
    # the run goes on: the bot plays it to its end under rules 1
    while (m := bot_move(s.state)) is not None:
        s.play(m)
    assert outcome(s.state) is not None
    again = Session.load(GAME, migrate_save(s.save_json()))  # a rules-1 save keeps its version
    assert again.state_hash() == s.state_hash()
    # read as today's rules the old moves do not fit the new map: the save would be refused
    with pytest.raises(SchemaError, match="moves"):
        Session.load(GAME, OLD_SAVE)


def test_new_runs_are_stamped_with_the_current_rules() -> None:
    opts = current_options({"preset": "full", "players": 2})
    assert opts["rules"] == RULES_VERSION == 7
    s = Session(GAME, 4242, opts)
    assert migrate_save(s.save_json()).options["rules"] == 7
    assert s.state.layout.structure() == generate_map(4242, 2, RunOptions(preset="full", players=2))
