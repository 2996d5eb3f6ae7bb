"""The Game object in a Session (hot-seat play, undo, saves), seeded setup, options, scenarios, CLI."""

from __future__ import annotations

import json

import pytest

from engine.core.schema import SchemaError
from engine.core.session import IllegalMoveError, Session
from engine.orbit import GAME, RING_SECTORS, initial_state
from engine.orbit.__main__ import main
from engine.orbit.game import Scenario
from engine.orbit.play import play_scenario

GOLDEN_MOVES = [
    "eng=2 thr=1 las=2 mis=2 shd=2 coast",
    "eng=3 thr=1 rail=4 shd=2 coast",
    "rotate burn=medium adj=-1",
    "vent=1 burn=light",
    "eng=1 coast",
    "vent=1 eng=2 coast",
]


def test_seeded_setup_is_even_and_deterministic():
    for seed in range(20):
        for players in (2, 3, 4):
            st = initial_state(seed, {"players": players})
            assert st == initial_state(seed, {"players": players})
            rings = {s.ring for s in st.ships}
            assert len(rings) == 1 and rings <= {2, 3, 4}
            n = RING_SECTORS[st.ships[0].ring]
            gaps = {(st.ships[(i + 1) % players].sector - st.ships[i].sector) % n for i in range(players)}
            assert gaps == {n // players}
            assert st.active == 0 and st.outcome is None
    assert len({initial_state(s, {}).ships[0].position for s in range(20)}) > 5


def test_session_play_undo_redo_and_golden_hash():
    sess = Session(GAME, 77, {"players": 2})
    for m in GOLDEN_MOVES:
        sess.play_text(m)
    final = sess.state_hash()
    assert final == GOLDEN_HASH
    sess.undo()
    sess.undo()
    sess.redo()
    sess.redo()
    assert sess.state_hash() == final
    with pytest.raises(IllegalMoveError):
        sess.play_text("eng=3 rail=4 las=2 shd=2 coast")  # over the reactor
    assert sess.state_hash() == final and len(sess.moves) == len(GOLDEN_MOVES)


def test_save_and_load_round_trip():
    sess = Session(GAME, 5, {"players": 3, "max_rounds": 50})
    sess.play_text("eng=2 thr=1 coast")
    sess.play_text("eng=1 burn=light adj=+1")
    sess.play_text("scp=1 coast scoop")
    loaded = Session.load(GAME, sess.save_json())
    assert loaded.state == sess.state and loaded.state_hash() == sess.state_hash()
    assert sess.save().moves == ["eng=2 thr=1 coast", "eng=1 burn=light adj=+1", "scp=1 coast scoop"]


def test_load_rejects_bad_saves():
    good = json.loads(Session(GAME, 1, {}).save_json())
    for bad_moves in (["fly"], ["eng=9 coast"]):
        with pytest.raises(SchemaError, match="moves.0"):
            Session.load(GAME, {**good, "moves": bad_moves})
    with pytest.raises(SchemaError, match="options"):
        Session.load(GAME, {**good, "options": {"players": 7}})


@pytest.mark.parametrize(
    "options",
    [
        {"players": 1},
        {"players": 5},
        {"colour": "red"},
        {"ships": [{"ring": 1, "sector": 6}, {"ring": 2, "sector": 0}]},
        {
            "ships": [
                {"ring": 1, "sector": 0, "energy": {"rail": 4, "eng": 3, "las": 2, "shd": 2}},
                {"ring": 2, "sector": 0},
            ]
        },
        {"ships": [{"ring": 1, "sector": 0, "energy": {"las": 3}}, {"ring": 2, "sector": 0}]},
        {"ships": [{"ring": 1, "sector": 0, "energy": {"laser": 2}}, {"ring": 2, "sector": 0}]},
        {"ships": [{"ring": 1, "sector": 0, "mass": 25}, {"ring": 2, "sector": 0}]},
        {"ships": [{"ring": 1, "sector": 0}]},
        {"first": 2},
        {"players": 3, "ships": [{"ring": 1, "sector": 0}, {"ring": 2, "sector": 0}]},
    ],
)
def test_bad_options(options):
    with pytest.raises(SchemaError):
        initial_state(0, options)


def test_snapshot_has_everything_the_page_draws():
    snap = GAME.snapshot(initial_state(3, {"players": 2}))
    ship = snap["ships"][0]
    assert set(ship) == {
        "id",
        "ring",
        "sector",
        "facing",
        "energy",
        "reactor",
        "heat",
        "hull",
        "mass",
        "alive",
        "transit",
    }
    assert set(ship["energy"]) == {"eng", "thr", "scp", "las", "rail", "mis", "shd"}
    assert set(snap) == {"ships", "active", "turn", "round", "lead", "max_rounds", "rules", "outcome"}


SCENARIO = {
    "ships": [
        {"ring": 1, "sector": 2, "energy": {"eng": 1}},
        {"ring": 3, "sector": 10, "facing": "retro", "energy": {"las": 2}},
    ],
    "plans": ["burn=light", "coast", "coast"],
}


def test_play_scenario_records_every_turn():
    final, rows = play_scenario(Scenario.model_validate(SCENARIO))
    assert [r["ship"] for r in rows] == [0, 1, 0]
    assert rows[0]["ships"][0]["transit"] == {"to_ring": 2, "dest_sector": 6, "adjust": 0}
    assert (rows[1]["ships"][0]["ring"], rows[1]["ships"][0]["sector"]) == (2, 6)  # arrived for its turn
    assert rows[2]["ships"][0]["sector"] == 7 and final.turn == 3


def test_play_scenario_names_the_failing_plan():
    bad = {**SCENARIO, "plans": ["burn=light", "burn=light"]}
    with pytest.raises(ValueError, match=r"plans\.1"):
        play_scenario(Scenario.model_validate(bad))


def test_cli_play(tmp_path, capsys):
    path = tmp_path / "sc.json"
    path.write_text(json.dumps(SCENARIO))
    assert main(["play", str(path)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len(lines) == 4 and lines[-1]["final"] is True and len(lines[-1]["hash"]) == 64
    assert {"ring", "sector", "facing", "energy", "heat", "hull", "mass", "transit"} <= set(
        lines[0]["ships"][1]
    )


@pytest.mark.parametrize(
    "content",
    ["{not json", json.dumps({"ships": []}), json.dumps({**SCENARIO, "plans": ["warp"]}), json.dumps([1])],
)
def test_cli_rejects_bad_scenarios(tmp_path, capsys, content):
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert main(["play", str(path)]) == 2
    assert "error" in capsys.readouterr().err


def test_cli_selfplay_replay_hash_validate(tmp_path, capsys):
    assert (
        main(["selfplay", "--seed", "3", "--games", "2", "--levels", "greedy,random", "--max-rounds", "40"])
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert json.loads(out[-1])["summary"]["games"] == 2 and len(out) == 3
    assert main(["selfplay", "--seed", "3", "--games", "1", "--levels", "greedy,random", "--moves"]) == 0
    game = json.loads(capsys.readouterr().out.splitlines()[0])
    replayed = Session(GAME, 3, {"players": 2})
    for m in game["moves"]:
        replayed.play_text(m)
    assert replayed.state_hash() == game["hash"] and replayed.state.outcome is not None
    sess = Session(GAME, 77, {"players": 2})
    for m in GOLDEN_MOVES:
        sess.play_text(m)
    save = tmp_path / "save.json"
    save.write_text(sess.save_json())
    assert main(["replay", str(save)]) == 0
    assert json.loads(capsys.readouterr().out)["hash"] == GOLDEN_HASH
    assert main(["hash", "--seed", "77", *GOLDEN_MOVES]) == 0
    assert capsys.readouterr().out.strip() == GOLDEN_HASH
    sc = tmp_path / "sc.json"
    sc.write_text(json.dumps(SCENARIO))
    assert main(["validate", str(sc)]) == 0
    with pytest.raises(SystemExit):
        main(["selfplay", "--levels", "greedy,godlike"])


# Regenerate on purpose only: python -m engine.orbit hash --seed 77 <GOLDEN_MOVES...>
GOLDEN_HASH = "4b04698e8978874c517ba2e8975653d2b9a63cddcd12746cf0c0d02f06f3b043"


def test_example_scenario_file_runs(capsys):
    from pathlib import Path

    import engine.orbit

    path = Path(engine.orbit.__file__).parent / "examples" / "duel.json"
    assert main(["play", str(path)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [r["plan"] for r in lines[:-1]][2] == "coast fire=mis:1"
    assert [r["ships"][1]["hull"] for r in lines[:-1]] == [20, 20, 19, 19, 18, 18]  # shields: 2 - 1
    assert lines[4]["ships"][0]["transit"] == {"to_ring": 1, "dest_sector": 5, "adjust": 1}
    assert lines[-1]["hash"] == "19758319d36df9e2e19cb1144ffee6122ba41f3d29617f1ecf6fdfa85cfaa647"
