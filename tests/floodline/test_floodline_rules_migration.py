"""Rules 0.3 (issue #16), 0.4 and 0.5 (issue #26): older saves and replays are refused by name; stars,
bests and unlocks stay."""

from __future__ import annotations

import json

import pytest

from engine.core.schema import SchemaError
from engine.core.session import RulesChangedError, Session, restore
from engine.floodline import GAME
from engine.floodline.campaign import Progress, level, unlocked
from engine.floodline.level import RULES_VERSION, parse_level
from engine.floodline.replay import parse_replay, play

#: a save written by the previous build (rules 1 = "0.2": no "rules" field)
OLD_SAVE = {"game": "floodline", "version": 1, "seed": 1001, "options": {"level": level(1)}, "moves": ["d"]}
#: a save written by the rules-0.3 build (rules 2: global water fill, side contact holds)
SAVE_0_3 = {**OLD_SAVE, "rules": 2}
#: a progress blob in today's (and yesterday's) storage format
OLD_PROGRESS = (
    '{"stars": {"lv01": 3, "lv02": 1, "lv03": 2}, "endless_best": 420, "last": 4, "endless_runs": 2}'
)


def test_a_save_from_rules_one_is_closed_with_a_reason_and_kept() -> None:
    with pytest.raises(RulesChangedError) as exc:
        Session.load(GAME, OLD_SAVE)
    assert "rules 1" in str(exc.value)
    r = restore(GAME, json.dumps(OLD_SAVE))
    assert r.status == "closed" and r.old is not None and r.old.moves == ["d"]


def test_a_save_from_today_round_trips() -> None:
    sess = Session(GAME, 1001, {"level": level(1)})
    sess.play_text("d")
    again = Session.load(GAME, sess.save_json())
    assert GAME.snapshot(again.state) == GAME.snapshot(sess.state)


def test_old_progress_keeps_stars_and_unlocks() -> None:
    p = Progress.model_validate_json(OLD_PROGRESS)
    assert p.stars == {"lv01": 3, "lv02": 1, "lv03": 2} and p.endless_best == 420
    assert [n for n in range(1, 31) if unlocked(p, n)] == [1, 2, 3, 4]


def test_a_replay_from_rules_0_2_is_refused_by_name() -> None:
    old = {"rulesVersion": "0.2", "levelHash": "x", "seed": 1, "inputs": ["d"]}
    with pytest.raises(SchemaError, match="0.2"):
        play(parse_level(level(1)), parse_replay(json.dumps(old)))
    assert RULES_VERSION == "0.6"


def test_a_save_from_rules_0_3_is_closed_with_a_reason_and_kept() -> None:
    with pytest.raises(RulesChangedError) as exc:
        Session.load(GAME, SAVE_0_3)
    assert "rules 2" in str(exc.value)
    r = restore(GAME, json.dumps(SAVE_0_3))
    assert r.status == "closed" and r.old is not None and r.old.moves == ["d"]


def test_a_replay_from_rules_0_3_is_refused_by_name() -> None:
    rp = {"rulesVersion": "0.3", "levelHash": "x", "seed": 1, "inputs": ["d"]}
    with pytest.raises(SchemaError, match="0.3"):
        play(parse_level(level(1)), parse_replay(json.dumps(rp)))


#: a save written by the rules-0.4 build (rules 3: a rigid piece hung from one resting voxel)
SAVE_0_4 = {**OLD_SAVE, "rules": 3}


def test_a_save_from_rules_0_4_is_closed_with_a_reason_and_kept() -> None:
    with pytest.raises(RulesChangedError) as exc:
        Session.load(GAME, SAVE_0_4)
    assert "rules 3" in str(exc.value)
    r = restore(GAME, json.dumps(SAVE_0_4))
    assert r.status == "closed" and r.old is not None and r.old.moves == ["d"]


def test_a_replay_from_rules_0_4_is_refused_by_name() -> None:
    rp = {"rulesVersion": "0.4", "levelHash": "x", "seed": 1, "inputs": ["d"]}
    with pytest.raises(SchemaError, match="0.4"):
        play(parse_level(level(1)), parse_replay(json.dumps(rp)))


def test_progress_after_rules_0_5_keeps_stars_and_bests() -> None:
    p = Progress.model_validate_json(OLD_PROGRESS)
    assert Progress.model_validate_json(p.model_dump_json()) == p
