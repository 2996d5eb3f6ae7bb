"""A damaged ``editor`` or ``custom`` record never crashes the page: each stored record is validated
against the engine's level schema and kept aside with a player notice (issue #27)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.gwstub import glue_modules

TINY = {
    "meta": {"id": "mine", "title": "Mine"},
    "width": 5,
    "height": 3,
    "terrain": ["#####", "#...#", "#####"],
    "layers": {"fuel": [], "coolant": [], "electricity": []},
    "props": [{"kind": "reactor", "x": 3, "y": 1}],
    "robot": {"x": 1, "y": 1},
}
BROKEN_LEVELS: list[Any] = [
    {"meta": {"id": "x", "title": "X"}, "layers": [], "width": 5},  # the reported crash: layers a list
    [1, 2, 3],
    {"meta": [], "width": "wide"},
    {**TINY, "width": 65},
    {**TINY, "terrain": ["#####", "#.?.#", "#####"]},
]


def _store(mods: dict[str, Any], records: dict[str, Any]) -> Any:
    st = mods["shared.storage"]
    backend = st.MemoryBackend()
    for name, data in records.items():
        backend.setItem(f"gridworks:reactor:{name}", data if isinstance(data, str) else json.dumps(data))
    return st.Storage("reactor", backend), backend


@pytest.mark.parametrize("bad", BROKEN_LEVELS)
def test_a_damaged_custom_level_is_kept_aside_and_the_others_stay(bad: Any) -> None:
    with glue_modules(["shared.storage", "reactor.model"]) as mods:
        storage, backend = _store(mods, {"custom": {"v": 1, "data": {"levels": {"good": TINY, "bad": bad}}}})
        got = mods["reactor.model"].load_custom(storage)
        assert list(got.levels) == ["good"]
        kept = [k for k in backend.keys() if ":corrupt:" in k]
        assert len(kept) == 1 and json.loads(backend.getItem(kept[0]))["data"]["levels"]["bad"] == bad
        live = json.loads(backend.getItem("gridworks:reactor:custom"))
        assert list(live["data"]["levels"]) == ["good"]
        assert len(storage.take_notices()) == 1
        again = mods["reactor.model"].load_custom(storage)  # the next reload: no new notice
        assert list(again.levels) == ["good"] and not storage.take_notices()


@pytest.mark.parametrize("record", ['{"v":1,"data":[]}', '{"v":1,"data":{"levels":[]}}', "not json"])
def test_a_damaged_custom_record_is_kept_aside_whole(record: str) -> None:
    with glue_modules(["shared.storage", "reactor.model"]) as mods:
        storage, backend = _store(mods, {"custom": record})
        assert mods["reactor.model"].load_custom(storage).levels == {}
        assert [backend.getItem(k) for k in backend.keys() if ":corrupt:" in k] == [record]
        assert len(storage.take_notices()) == 1


def test_good_custom_levels_load_untouched_without_notice() -> None:
    with glue_modules(["shared.storage", "reactor.model"]) as mods:
        storage, backend = _store(mods, {"custom": {"v": 1, "data": {"levels": {"good": TINY}}}})
        assert list(mods["reactor.model"].load_custom(storage).levels) == ["good"]
        assert not storage.take_notices() and not [k for k in backend.keys() if ":corrupt:" in k]


@pytest.mark.parametrize("bad", [*BROKEN_LEVELS, "text", None])
def test_a_damaged_editor_draft_is_kept_aside(bad: Any) -> None:
    with glue_modules(["shared.storage", "reactor.editor"]) as mods:
        storage, backend = _store(mods, {"editor": {"v": 1, "data": {"data": bad}}})
        assert storage.load("editor", mods["reactor.editor"].EditorDoc) is None
        assert len([k for k in backend.keys() if ":corrupt:" in k]) == 1
        assert len(storage.take_notices()) == 1


def test_a_good_editor_draft_loads() -> None:
    with glue_modules(["shared.storage", "reactor.editor", "reactor.edoc"]) as mods:
        draft = mods["reactor.edoc"].new_level()
        storage, _ = _store(mods, {"editor": {"v": 1, "data": {"data": draft}}})
        got = storage.load("editor", mods["reactor.editor"].EditorDoc)
        assert got is not None and got.data == draft and not storage.take_notices()
