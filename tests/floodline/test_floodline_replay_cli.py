"""Replays (Rules §13), golden hashes, determinism mode (§14), Session, level schema and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.schema import SchemaError
from engine.core.session import Session
from engine.floodline import GAME, json_schema, parse_level
from engine.floodline.__main__ import main, resolve_board
from engine.floodline.moves import compress, expand, parse_move
from engine.floodline.replay import parse_replay, play, result
from engine.floodline.selftest import determinism_hashes

HERE = Path(__file__).parent
LEVELS = HERE / "levels"
GOLDEN = json.loads((LEVELS / "golden_results.json").read_text())


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_replays(name: str) -> None:
    lv = parse_level((LEVELS / f"{name}.json").read_text())
    rp = parse_replay((LEVELS / f"{name}.replay.json").read_text())
    got = result(play(lv, rp))
    want = GOLDEN[name]
    assert {k: got[k] for k in want} == want


def test_determinism_mode_100_resolves_match_golden() -> None:
    golden = json.loads((HERE / "golden_resolves.json").read_text())
    assert len(golden["hashes"]) == 100
    assert determinism_hashes(range(*golden["seeds"])) == golden["hashes"]


def test_replay_rejects_wrong_level_and_version() -> None:
    name = "lv02_first_tilt"
    lv = parse_level((LEVELS / f"{name}.json").read_text())
    other = parse_level((LEVELS / "lv12_meet_the_drain.json").read_text())
    rp = parse_replay((LEVELS / f"{name}.replay.json").read_text())
    with pytest.raises(SchemaError, match="levelHash"):
        play(other, rp)
    with pytest.raises(SchemaError, match="rulesVersion"):
        play(lv, rp.model_copy(update={"rules_version": "0.1"}))
    with pytest.raises(SchemaError, match="inputs.0"):
        play(lv, rp.model_copy(update={"inputs": ["zz"]}))
    with pytest.raises(SchemaError):
        parse_replay('{"seed": -1}')


def test_session_save_load_undo_matches_replay() -> None:
    lvd = json.loads((LEVELS / "lv24_first_gust.json").read_text())
    sess = Session(GAME, 77, {"level": lvd})
    for text in ["mx+*3", "rz+", "s*10", "d", "h", "v", "mz-", "d", ".*100", "s*12", "tE", ".*3"]:
        sess.play_text(text)
    assert sess.state.outcome is None and sess.state.metrics["rotations"] == 1
    h = sess.state_hash()
    again = Session.load(GAME, sess.save_json())
    assert again.state_hash() == h
    sess.undo()
    sess.redo()
    assert sess.state_hash() == h


def test_move_text_round_trip_and_rle() -> None:
    for t in [".", ".*300", "tN,h,v,f1.2.3,p,rx+,ry-,mz+,s,d", "mx-,s*12", "rz-,rz-"]:
        assert parse_move(t).text() == t
    assert parse_move("d,s,mx+") == parse_move("mx+,s,d")
    for bad in ["", "q", "tU", "mx+,mz+", "s,s", "f1.2", ".*0", ".*x", "rx"]:
        with pytest.raises(ValueError):
            parse_move(bad)
    ticks = [parse_move(t) for t in [".", ".", "s", "s", "s", "d", "."]]
    packed = compress(ticks)
    assert [m.text() for m in packed] == [".*2", "s*3", "d", "."]
    assert expand(packed) == ticks


def test_level_errors_name_the_field() -> None:
    with pytest.raises(SchemaError, match="bag.type"):
        parse_level({"bag": {"type": "RANDOM"}})
    with pytest.raises(SchemaError, match="board.height"):
        parse_level({"board": {"height": 1}})
    with pytest.raises(SchemaError, match="weights"):
        parse_level({"bag": {"type": "WEIGHTED", "weights": {"Q9": 1}}})
    with pytest.raises(SchemaError, match="UP"):
        parse_level({"rotation": {"allowed": ["UP"]}})
    with pytest.raises(SchemaError, match="metric"):
        parse_level({"objectives": [{"type": "METRIC_AT_MOST"}]})
    with pytest.raises(SchemaError, match="unknownKey"):
        parse_level({"unknownKey": 1})
    with pytest.raises(SchemaError, match="not valid JSON"):
        parse_level("{nope")


def test_json_schema_export() -> None:
    schema = json_schema()
    assert "board" in schema["properties"] and "heightLimit" in json.dumps(schema)
    assert schema["title"] == "Level"


def test_cli_validate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(LEVELS / "lv02_first_tilt.json")]) == 0
    bad = tmp_path / "bad.json"
    bad.write_text('{"board": {"size": [0, 5]}}')
    assert main(["validate", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "error: board.size.0" in out


def test_cli_replay(capsys: pytest.CaptureFixture[str]) -> None:
    name = "lv12_meet_the_drain"
    assert main(["replay", str(LEVELS / f"{name}.json"), str(LEVELS / f"{name}.replay.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["outcome"] == "WON" and out["stateHash"] == GOLDEN[name]["stateHash"]


def test_cli_resolve_piece_and_rotation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = {
        "size": [4, 6, 4],
        "cells": [{"pos": [0, 0, 0], "to": [3, 0, 3], "type": "WATER"}],
        "piece": {"id": "O2", "origin": [1, 3, 1]},
    }
    out = resolve_board(board)
    kinds = [c["type"] for c in out["cells"]]
    assert kinds.count("WATER") == 16 and kinds.count("SOLID") == 4
    assert out["metrics"]["displaced"] == 4
    f = tmp_path / "b.json"
    f.write_text(
        json.dumps({"size": [4, 4, 4], "cells": [{"pos": [1, 0, 1], "type": "SOLID"}], "rotateTo": "EAST"})
    )
    assert main(["resolve", str(f)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["gravity"] == "EAST" and out["cells"] == [
        {"pos": [3, 0, 1], "type": "SOLID", "material": "STANDARD"}
    ]
    blocked = {
        "size": [4, 4, 4],
        "cells": [{"pos": [3, 0, 1], "type": "SOLID"}],
        "piece": {"id": "I3", "origin": [0, 0, 1]},
        "rotateTo": "WEST",
    }
    out = resolve_board(blocked)
    assert out["rejected"] is True and out["gravity"] == "DOWN"
    with pytest.raises(SchemaError, match="piece"):
        resolve_board({"size": [4, 4, 4], "piece": {"id": "O2", "origin": [3, 0, 3]}})


def test_cli_play_and_hash(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rp = tmp_path / "r.json"
    lvl = str(LEVELS / "lv02_first_tilt.json")
    assert main(["play", lvl, "--seed", "5", "--pieces", "6", "--save-replay", str(rp)]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["replay", lvl, str(rp)]) == 0
    assert json.loads(capsys.readouterr().out)["stateHash"] == first["stateHash"]
    assert main(["hash", "--level", lvl, "--seed", "3", "d", ".*10"]) == 0
    h1 = capsys.readouterr().out.strip()
    assert main(["hash", "--level", lvl, "--seed", "3", "d", ".*10"]) == 0
    assert capsys.readouterr().out.strip() == h1 and len(h1) == 64


def test_compact_save_round_trip() -> None:
    from engine.floodline.replay import compact_save

    sess = Session(GAME, 3, {})
    for _ in range(40):
        sess.play_text(".")
    for text in ["mx+", "mx+", "mx+", "d", "s", "s"]:
        sess.play_text(text)
    packed = compact_save(sess)
    assert packed.moves == [".*40", "mx+*3", "d", "s*2"]
    assert Session.load(GAME, packed.model_dump_json()).state_hash() == sess.state_hash()


def test_committed_level_schema_is_current() -> None:
    committed = json.loads(
        (Path(__file__).parents[2] / "engine" / "floodline" / "level.schema.json").read_text()
    )
    assert committed == json_schema(), (
        "regenerate: python -m engine.floodline schema > engine/floodline/level.schema.json"
    )
