"""Issue #14 for Floodline: the last run is stored in the platform's one save format (``SaveData``
restored through ``Session.load``); records in the format used before (captured below exactly as
the old glue wrote them) are migrated, never lost; saves and replays carry the rules version and
one of other rules is set aside / refused with a message naming both versions."""

from __future__ import annotations

import json
from typing import Any

import pytest
from floodline_util import level as make_level

from engine.core.session import Session, rules_of
from engine.floodline import GAME, parse_move
from engine.floodline.level import RULES_VERSION
from engine.floodline.replay_file import ReplayRefused
from www.floodline import saves
from www.shared.storage import MemoryBackend, Storage

LEVEL = make_level(meta={"id": "lv02", "seed": 77}).model_dump(
    mode="json", by_alias=True, exclude_defaults=True
)
INPUTS = ["mx-*3", "d", ".*20", "mz+,rx+", "d", ".*5"]


def level_for(n: int, seed: int) -> dict[str, Any]:
    assert n == 2
    return LEVEL


def store(records: dict[str, Any]) -> tuple[Storage, MemoryBackend]:
    """A Floodline store holding raw records (``name -> data``) in the shell's wrapper."""
    be = MemoryBackend()
    for name, data in records.items():
        be.setItem(f"gridworks:floodline:{name}", json.dumps({"v": 1, "data": data}))
    return Storage("floodline", be), be


def old_replay_hash(inputs: list[str]) -> str:
    """What the old glue did with a 'lastrun': today's level n, the stored seed, each input in turn."""
    sess = Session(GAME, 77, {"level": LEVEL})
    for text in inputs:
        sess.play(parse_move(text))
    return sess.state_hash()


@pytest.fixture
def same_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """The old records were played under today's rules (before a rules change)."""
    monkeypatch.setattr(saves, "LEGACY_RULES", (RULES_VERSION, rules_of(GAME)))


def test_old_lastrun_record_is_migrated_to_savedata_and_replays_the_same(same_rules: None) -> None:
    # the old format, as www/floodline/app.py stored it before: key 'lastrun', LastRun fields
    st, be = store({"lastrun": {"level": 2, "seed": 77, "inputs": INPUTS}})
    save = saves.load_last(st, level_for)
    assert save is not None and saves.level_no(save) == 2 and save.seed == 77
    assert save.options["rulesVersion"] == RULES_VERSION and save.options["level"] == LEVEL
    assert saves.session_of(save).state_hash() == old_replay_hash(INPUTS)
    # stored in the new format under 'last'; the old key goes only once the new one is written
    assert be.getItem("gridworks:floodline:lastrun") is None
    again = saves.load_last(Storage("floodline", be), level_for)
    assert again == save and not st.notices


def test_old_record_of_older_rules_is_kept_aside_with_both_versions_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(saves, "LEGACY_RULES", ("0.1", 1))
    raw = {"level": 2, "seed": 77, "inputs": INPUTS}
    st, be = store({"lastrun": raw})
    assert saves.load_last(st, level_for) is None  # not replayed into a different ending
    assert "0.1" in st.notices[0] and RULES_VERSION in st.notices[0]
    kept = [v for k, v in be.data.items() if k.startswith("gridworks:floodline:lastrun:corrupt:")]
    assert kept and json.loads(kept[0])["data"] == raw  # kept, not lost
    assert (
        be.getItem("gridworks:floodline:lastrun") is None and be.getItem("gridworks:floodline:last") is None
    )


def test_old_record_stays_when_the_new_one_cannot_be_written(same_rules: None) -> None:
    st, be = store({"lastrun": {"level": 2, "seed": 77, "inputs": INPUTS}})
    st.save = lambda *a, **k: False  # type: ignore[method-assign]  # quota exceeded
    assert saves.load_last(st, level_for) is not None
    assert be.getItem("gridworks:floodline:lastrun") is not None


def test_corrupt_old_record_is_kept_aside_with_a_notice() -> None:
    st, be = store({"lastrun": {"level": "two", "seed": -1}})
    assert saves.load_last(st, level_for) is None
    assert st.notices and "lastrun" in st.notices[0]
    assert any(k.startswith("gridworks:floodline:lastrun:corrupt:") for k in be.data)


def test_save_round_trips_through_session_load_and_carries_the_rules_version() -> None:
    sess = Session(GAME, 77, {"level": LEVEL})
    for text in INPUTS:
        sess.play(parse_move(text))
    save = saves.from_session(2, LEVEL, sess)
    assert len(save.moves) <= len(sess.moves)  # run-length encoded
    st, be = store({})
    st.save(saves.LAST, save)
    back = saves.load_last(Storage("floodline", be), level_for)
    assert back is not None and back.options["rulesVersion"] == RULES_VERSION
    assert saves.session_of(back).state_hash() == sess.state_hash()


def test_last_run_of_other_rules_is_set_aside_with_both_versions_named() -> None:
    old = saves.make_save(2, LEVEL, 77, INPUTS, ("0.1", 1)).model_dump(mode="json")
    st, be = store({"last": old})
    assert saves.load_last(st, level_for) is None
    assert "0.1" in st.notices[0] and RULES_VERSION in st.notices[0]
    kept = [v for k, v in be.data.items() if k.startswith("gridworks:floodline:last:corrupt:")]
    assert kept and json.loads(kept[0])["data"]["moves"] == INPUTS  # kept, not lost


def test_replay_file_of_other_rules_is_refused_with_a_clear_message() -> None:
    save = saves.make_save(2, LEVEL, 77, INPUTS)
    text = saves.to_file(save)
    back = saves.from_file(text, level_for)
    assert back.moves == INPUTS and saves.level_no(back) == 2
    data = json.loads(text)
    data["replay"]["rulesVersion"] = "0.1"
    with pytest.raises(ReplayRefused) as no:  # a code + parameters; the page words it (RU/EN)
        saves.from_file(json.dumps(data), level_for)
    assert (no.value.code, no.value.params) == ("other_rules", {"recorded": "0.1", "plays": RULES_VERSION})
    data["replay"]["rulesVersion"] = RULES_VERSION
    data["replay"]["levelHash"] = "0" * 64
    with pytest.raises(ReplayRefused) as no:
        saves.from_file(json.dumps(data), level_for)
    assert no.value.code == "other_level"


def test_progress_record_in_todays_format_still_loads() -> None:
    """Stars and the best endless score (key 'progress', unchanged by the save-format move)."""
    from engine.floodline.campaign import Progress, unlocked

    data = {"stars": {"lv01": 3, "lv02": 1}, "endless_best": 4210, "last": 3, "endless_runs": 5}
    st, _ = store({"progress": data})
    p = st.load("progress", Progress)
    # (session 7 added per-level losses, RULES.md 54: a record without them reads as none)
    assert p is not None and p.model_dump() == {**data, "losses": {}} and unlocked(p, 3) and not st.notices


def test_move_log_built_while_playing_equals_the_compact_save() -> None:
    sess = Session(GAME, 77, {"level": LEVEL})
    log = saves.MoveLog()
    for text in INPUTS + [".*200", "mx+", "mx+", "d"]:
        mv = parse_move(text)
        for _ in range(mv.repeat):  # the page plays one tick at a time
            sess.play(mv.once())
            log.add(mv.once())
    assert sess.state.outcome is None and len(log.moves()) < len(sess.moves) / 10
    assert log.moves() == saves.from_session(2, LEVEL, sess).moves
