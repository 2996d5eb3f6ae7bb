"""Saves: the game in progress is the engine's SaveData (format 2); today's players' format-1 saves
(level key + moves, rules 1), their stars and their custom levels are migrated, never lost."""

from __future__ import annotations

import json

from engine.core.session import SaveData, Session
from engine.reactor import GAME
from engine.reactor.campaign import entries
from engine.reactor.progress import Progress
from www.reactor.model import (
    CustomLevels,
    Run,
    SavedGame,
    restore_play,
    session_for,
    upgrade_saved,
)

# what the page stored before this change (storage records {"v": 1, "data": ...})
OLD_GAME = {"key": "campaign:power_on", "moves": ["move n", "move n", "interact", "move s"]}
OLD_PROGRESS = {"completed": ["campaign:power_on", "builtin:tutorial"], "stars": {"campaign:power_on": 3}}
TINY = {
    "meta": {"id": "mine", "title": "Mine"},
    "width": 5,
    "height": 3,
    "terrain": ["#####", "#...#", "#####"],
    "layers": {"fuel": [], "coolant": [], "electricity": []},
    "props": [{"kind": "reactor", "x": 3, "y": 1}],
    "robot": {"x": 1, "y": 1},
}


def test_format_1_game_is_migrated_to_savedata_and_replays_the_same() -> None:
    saved = upgrade_saved(1, OLD_GAME, CustomLevels())
    assert saved.save.rules == 1 and saved.save.moves == OLD_GAME["moves"]
    play, status, why = restore_play(saved)
    assert play is not None and status == "migrated" and not why
    ref = Session(GAME, 0, {"level": "power_on"})
    for m in OLD_GAME["moves"]:
        ref.play_text(m)
    assert play.session.state_hash() == ref.state_hash()
    again = play.save()  # stored back in today's format, rules 2
    assert again.save.rules == GAME.rules == 2
    assert json.loads(again.model_dump_json())["save"]["moves"] == OLD_GAME["moves"]


def test_format_2_round_trip_keeps_the_hint_flag() -> None:
    play = Run("campaign:power_on", session_for("campaign:power_on", CustomLevels()))
    assert play.hint("en")
    play.session.play_text("move n")
    data = json.loads(play.save().model_dump_json())
    back, status, _ = restore_play(upgrade_saved(2, data, CustomLevels()))
    assert back is not None and status == "ok" and back.hinted
    assert back.session.state_hash() == play.session.state_hash()


def test_a_custom_level_game_travels_with_its_level() -> None:
    custom = CustomLevels(levels={"abc": TINY})
    saved = upgrade_saved(1, {"key": "custom:abc", "moves": ["move e"]}, custom)
    assert saved.save.options["level"] == TINY
    play, status, _ = restore_play(saved)
    assert play is not None and play.state.grid.xy(play.state.robot) == (2, 1)
    assert CustomLevels.model_validate(custom.model_dump()).levels == {"abc": TINY}  # untouched


def test_an_old_game_that_no_longer_replays_is_closed_not_crashed() -> None:
    save = SaveData(
        game="reactor",
        version=1,
        rules=1,
        seed=0,
        options={"level": "power_on"},
        moves=["move n", "activate"],
    )
    play, status, why = restore_play(SavedGame(key="campaign:power_on", save=save))
    assert play is None and status == "closed" and "rules 1" in why


def test_stars_and_progress_in_todays_format_load_unchanged() -> None:
    pr = Progress.model_validate(OLD_PROGRESS)
    assert pr.stars == {"campaign:power_on": 3} and "builtin:tutorial" in pr.completed
    keys = {e.key for e in entries()}
    assert set(pr.completed) <= keys  # the old keys are still campaign keys


def test_a_new_game_carries_its_maps_fingerprint_and_a_game_on_a_changed_map_is_closed() -> None:
    """#27: a game saved on one version of a map never replays onto another (the engine's
    ``progress.restore_game``); the page starts every level with the map's fingerprint."""
    from engine.reactor.progress import campaign_fingerprint, level_fingerprint

    s = session_for("campaign:power_on", CustomLevels())
    fp = s.options["fingerprint"]
    assert fp == campaign_fingerprint("campaign:power_on")
    s.play_text("move n")
    saved = Run("campaign:power_on", s).save()
    assert saved.save.options["fingerprint"] == fp
    play, status, _ = restore_play(saved)
    assert play is not None and status == "ok" and play.session.moves == s.moves
    other = saved.model_copy(deep=True)
    other.save.options["fingerprint"] = "m1-" + "0" * 16  # saved on another version of the map
    play, status, _ = restore_play(other)
    assert play is None and status == "map_changed"
    custom = CustomLevels(levels={"mine": TINY})
    c = session_for("custom:mine", custom)
    assert c.options["fingerprint"] == level_fingerprint(TINY)


def test_a_game_saved_before_fingerprints_replays_and_is_stamped() -> None:
    save = SaveData(
        game="reactor", version=1, rules=GAME.rules, seed=0, options={"level": "power_on"}, moves=["move n"]
    )
    play, status, _ = restore_play(SavedGame(key="campaign:power_on", save=save))
    assert play is not None and status == "migrated" and [str(m) for m in play.session.moves] == ["move n"]
    assert play.save().save.options["fingerprint"].startswith("m1-")
