"""Map fingerprints in saves and the progress model (issue #27): a game saved on another version of
a level's map is closed with a clear reason instead of replayed onto the new map; older saves are
stamped when they still load; progress format 1 keeps every star; best pulses per level and map."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.schema import SchemaError
from engine.core.session import SaveData, Session
from engine.reactor import GAME
from engine.reactor.campaign import entries, entry
from engine.reactor.progress import (
    MAP_CHANGED_TEXT,
    Progress,
    best_from_earlier_map,
    best_pulses,
    campaign_fingerprint,
    game_options,
    level_fingerprint,
    new_session,
    record_win,
    restore_game,
    upgrade_progress,
)

OLD_LIVE_WATER = Path(__file__).with_name("reactor_live_water_session6.json")
# Session 6's winning moves on that map (par 3: remedy, breaker, activate).
OLD_MOVES = "move e;move e;move e;move n;move n;remedy electricity;interact".split(";")


def level(name: str) -> dict:
    e = entry(f"campaign:{name}")
    assert e is not None
    return json.loads(json.dumps(e.level))


def test_fingerprint_ignores_text_and_sees_every_map_change() -> None:
    lv = level("power_on")
    fp = level_fingerprint(lv)
    assert fp.startswith("m1-") and len(fp) == 19
    renamed = {**lv, "meta": {**lv["meta"], "title": "Other", "description": "Other words", "id": "x"}}
    assert level_fingerprint(renamed) == fp
    moved = json.loads(json.dumps(lv))
    moved["robot"]["x"] += 1
    assert level_fingerprint(moved) != fp
    harder = {**lv, "meta": {**lv["meta"], "difficulty": "hard"}}
    assert level_fingerprint(harder) != fp
    more = json.loads(json.dumps(lv))
    more["requirements"]["electricity"] = more["requirements"].get("electricity", 0) + 1
    assert level_fingerprint(more) != fp


def test_every_campaign_level_has_its_own_fingerprint() -> None:
    fps = [campaign_fingerprint(e.key) for e in entries()]
    assert all(fps) and len(set(fps)) == len(fps)
    assert campaign_fingerprint("custom:mine") is None


def test_a_new_game_saves_its_fingerprint_and_restores_ok() -> None:
    s = new_session("power_on")
    assert s.options["fingerprint"] == campaign_fingerprint("campaign:power_on")
    for m in entry("campaign:power_on").solution[:4]:  # type: ignore[union-attr]
        s.play_text(m)
    got = restore_game(s.save_json())
    assert got.status == "ok" and got.session is not None
    assert got.session.state_hash() == s.state_hash()


def test_a_game_saved_on_a_changed_map_is_closed_with_the_reason() -> None:
    old_fp = level_fingerprint(OLD_LIVE_WATER.read_text(encoding="utf-8"))
    assert old_fp != campaign_fingerprint("campaign:live_water")
    save = SaveData(
        game="reactor",
        version=Session.SAVE_VERSION,
        rules=GAME.rules,
        seed=0,
        options={"level": "live_water", "fingerprint": old_fp},
        moves=OLD_MOVES,
    )
    got = restore_game(save)
    assert got.status == "closed" and got.session is None
    assert got.reason == MAP_CHANGED_TEXT and got.old == save
    with pytest.raises(SchemaError, match="map_changed"):  # Session.load itself refuses too
        Session.load(GAME, save)


def test_the_same_moves_without_a_fingerprint_replay_and_are_stamped() -> None:
    """Saves from before the fingerprint: replayed onto today's map as before (when the moves still
    play) and stamped with today's fingerprint; the next save carries it."""
    save = SaveData(
        game="reactor",
        version=Session.SAVE_VERSION,
        rules=GAME.rules,
        seed=0,
        options={"level": "power_on"},
        moves=list(entry("campaign:power_on").solution[:3]),  # type: ignore[union-attr]
    )
    got = restore_game(save)
    assert got.status == "migrated" and got.session is not None
    fp = campaign_fingerprint("campaign:power_on")
    assert got.session.options["fingerprint"] == fp
    again = restore_game(got.session.save())
    assert again.status == "ok"


def test_a_custom_level_carries_its_own_map() -> None:
    lv = level("power_on")
    opts = game_options(lv)
    assert opts["fingerprint"] == level_fingerprint(lv)
    s = Session(GAME, 0, opts)
    assert restore_game(s.save()).status == "ok"


def test_damaged_saves_are_reported_not_raised() -> None:
    assert restore_game("{not json").status == "corrupt"
    assert restore_game({"game": "reactor"}).status == "corrupt"


def test_progress_format_1_keeps_every_star() -> None:
    v1 = {
        "completed": ["campaign:power_on", "builtin:tutorial"],
        "stars": {"campaign:power_on": 3, "builtin:tutorial": 2},
    }
    p = upgrade_progress(1, v1)
    assert p.completed == v1["completed"] and p.stars == v1["stars"] and p.best == {}
    assert upgrade_progress(2, p.model_dump(mode="json")) == p
    with pytest.raises(ValueError):
        upgrade_progress(1, ["not", "a", "record"])
    with pytest.raises(ValueError):
        upgrade_progress(2, {"stars": {"k": "three"}})


def test_best_pulses_keep_the_fewest_on_the_same_map() -> None:
    fp = "m1-aaaaaaaaaaaaaaaa"
    p = record_win(Progress(), "campaign:x", 7, 2, fp)
    assert best_pulses(p, "campaign:x", fp) == 7 and p.completed == ["campaign:x"]
    p = record_win(p, "campaign:x", 8, 1, fp)  # one over: the best stays, the stars stay
    assert best_pulses(p, "campaign:x", fp) == 7 and p.stars["campaign:x"] == 2
    p = record_win(p, "campaign:x", 7, 2, fp)  # equal
    assert best_pulses(p, "campaign:x") == 7 and p.completed == ["campaign:x"]
    p = record_win(p, "campaign:x", 6, 3, fp)  # one under: a new best
    assert best_pulses(p, "campaign:x", fp) == 6 and p.stars["campaign:x"] == 3
    assert best_pulses(p, "campaign:y") is None
    p = record_win(p, "custom:z", 4, None, "m1-bbbbbbbbbbbbbbbb")  # no par: no stars, a best
    assert "custom:z" not in p.stars and best_pulses(p, "custom:z") == 4


def test_a_changed_map_keeps_the_stars_and_starts_a_new_best() -> None:
    old, new = "m1-aaaaaaaaaaaaaaaa", "m1-cccccccccccccccc"
    p = record_win(Progress(), "campaign:x", 3, 3, old)
    assert best_pulses(p, "campaign:x", new) is None and best_from_earlier_map(p, "campaign:x", new)
    assert not best_from_earlier_map(p, "campaign:x", old)
    p = record_win(p, "campaign:x", 9, 1, new)  # worse than the old map's best, but on today's map
    assert best_pulses(p, "campaign:x", new) == 9 and p.stars["campaign:x"] == 3
    assert not best_from_earlier_map(p, "campaign:x", new)


def test_restore_and_undo_hash_the_map_once_per_level_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fingerprint is checked once per level source: restoring a save (which checks it before
    replaying and again in ``ReactorGame.initial``) hashes the map once; undo, redo and a second
    restore of the same level do not hash it again; another level text is hashed afresh."""
    import engine.reactor.fingerprint as fpmod

    s = new_session("power_on")
    for m in entry("campaign:power_on").solution[:4]:  # type: ignore[union-attr]
        s.play_text(m)
    save = s.save()
    fpmod.source_fingerprint.cache_clear()
    calls: list[object] = []
    real = fpmod.level_fingerprint

    def counting(level: object) -> str:
        calls.append(level)
        return real(level)  # type: ignore[arg-type]

    monkeypatch.setattr(fpmod, "level_fingerprint", counting)
    got = restore_game(save)
    assert got.status == "ok" and got.session is not None
    assert len(calls) == 1
    got.session.undo()
    got.session.redo()
    assert restore_game(save).status == "ok"
    assert len(calls) == 1
    custom = json.dumps(level("power_on"))
    assert restore_game(Session(GAME, 0, game_options(custom)).save()).status == "ok"
    assert len(calls) == 2


@pytest.mark.parametrize(
    ("name", "session"),
    [
        ("switchyard", 7),
        ("control_room", 7),
        ("cracked_cable", 7),
        ("last_light", 8),
        ("relief", 8),
        ("shield_run", 8),
        ("dead_mans_switch", 9),
        ("relief", 10),
        ("live_water", 12),
        ("patch_job", 13),
        ("cracked_cable", 13),
        ("control_room", 13),
        ("cracked_cable", 15),
        ("bleed", 15),
        ("sprinkler_test", 15),
    ],
)
def test_saves_on_changed_maps_are_kept_aside(name: str, session: int) -> None:
    """Session 8 changed three maps (their moved earlier solutions won), session 9 three more (the
    breaker beside the reactor's junction starts live), session 10 redrew Dead Man's Switch, session 11 Relief Valve, session 13 added Live Water's
    dry breaker, session 14 walled Patch Job's pump in and turned Cracked Cable's upper junction,
    gave Control Room's reactor a coolant junction, session 16 gave Cracked Cable two junctions set right
    and its upper junction a second press, Bleed four and Sprinkler Test two junctions set right: a game
    saved on the earlier map is closed with the reason, never replayed onto the new map."""
    old = Path(__file__).with_name(f"reactor_{name}_session{session}.json").read_text(encoding="utf-8")
    old_fp = level_fingerprint(old)
    key = f"builtin:{name}" if entry(f"builtin:{name}") is not None else f"campaign:{name}"
    assert old_fp != campaign_fingerprint(key)
    save = SaveData(
        game="reactor",
        version=Session.SAVE_VERSION,
        rules=GAME.rules,
        seed=0,
        options={"level": name, "fingerprint": old_fp},
        moves=["move e"],
    )
    got = restore_game(save)
    assert got.status == "closed" and got.reason == MAP_CHANGED_TEXT and got.old == save
    # progress won on the earlier map keeps its stars; its best is not today's best
    p = record_win(Progress(), key, 8, 3, old_fp)
    today = campaign_fingerprint(key)
    assert p.stars[key] == 3 and key in p.completed
    assert best_pulses(p, key, today) is None and best_from_earlier_map(p, key, today)
