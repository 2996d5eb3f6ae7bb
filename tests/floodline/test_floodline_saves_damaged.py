"""Issue #26 "Bugs found": a damaged stored last run (a move token or a level field this build does not
know) never reaches "Watch last run": it is kept aside under a backup key with a notice when the record
is read, and the page's ``watch`` refuses it with a notice instead of crashing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from floodline_util import level as make_level

from engine.core.session import Session
from engine.floodline import GAME, parse_move
from www.floodline import saves
from www.shared.storage import MemoryBackend, Storage

LEVEL = make_level(meta={"id": "lv02", "seed": 77}).model_dump(
    mode="json", by_alias=True, exclude_defaults=True
)
INPUTS = ["mx-*3", "d", ".*20", "mz+,rx+", "d", ".*5"]


def level_for(n: int, seed: int) -> dict[str, Any]:
    return LEVEL


def stored(save: dict[str, Any]) -> tuple[Storage, MemoryBackend]:
    be = MemoryBackend()
    be.setItem("gridworks:floodline:last", json.dumps({"v": 1, "data": save}))
    return Storage("floodline", be), be


def good() -> dict[str, Any]:
    return saves.make_save(2, LEVEL, 77, INPUTS).model_dump(mode="json")


def kept_aside(be: MemoryBackend) -> list[dict[str, Any]]:
    return [
        json.loads(v)["data"] for k, v in be.data.items() if k.startswith("gridworks:floodline:last:corrupt:")
    ]


def test_an_intact_last_run_loads_and_replays() -> None:
    st, be = stored(good())
    save = saves.load_last(st, level_for)
    assert save is not None and not st.notices and not kept_aside(be)
    sess = Session(GAME, 77, {"level": LEVEL})
    for t in INPUTS:
        sess.play(parse_move(t))
    assert saves.session_of(save).state_hash() == sess.state_hash()


@pytest.mark.parametrize("token", ["q", "mx-,mx+", "tU", "d*x"])
def test_an_unknown_move_token_keeps_the_record_aside_with_a_notice(token: str) -> None:
    data = good()
    data["moves"] = [*INPUTS[:3], token, *INPUTS[3:]]
    st, be = stored(data)
    assert saves.load_last(st, level_for) is None
    assert len(st.notices) == 1 and "move 3" in st.notices[0]
    assert [r["moves"] for r in kept_aside(be)] == [data["moves"]]  # kept, not lost
    assert be.getItem("gridworks:floodline:last") is None


def test_an_unknown_level_field_keeps_the_record_aside_with_a_notice() -> None:
    data = good()
    data["options"]["level"] = {**LEVEL, "lavaRate": 3}
    st, be = stored(data)
    assert saves.load_last(st, level_for) is None
    assert len(st.notices) == 1 and "level" in st.notices[0] and "lavaRate" in st.notices[0]
    assert kept_aside(be)[0]["options"]["level"]["lavaRate"] == 3


def test_damage_names_nothing_for_an_intact_save_and_the_first_bad_move() -> None:
    save = saves.make_save(2, LEVEL, 77, INPUTS)
    assert saves.damage(save) is None
    bad = saves.make_save(2, LEVEL, 77, ["d", "zz", "also bad"])
    assert (saves.damage(bad) or "").startswith("move 1 ")


def test_watch_refuses_a_damaged_run_with_a_notice_and_keeps_it_aside() -> None:
    """The page's "Watch last run" (``Page.watch``) checks the record again: a damaged one is not played
    (no crash, no run), the stored copy goes under a backup key and the player is told."""
    from types import SimpleNamespace

    from tests.gwstub import glue_modules

    with glue_modules(("floodline.flow",)) as mods:
        flow = mods["floodline.flow"]
        data = good()
        data["moves"] = [*INPUTS, "zz"]
        st, be = stored(data)
        said: list[str] = []

        class Page(flow.Page):  # type: ignore[name-defined,misc]
            def __init__(self) -> None:
                self.shell = SimpleNamespace(
                    storage=st,
                    notify=said.append,
                    take_storage_notices=lambda: said.extend(st.take_notices()),
                )
                self.t = lambda key, **kw: f"{key}: {kw.get('why', '')}"
                self.ui = SimpleNamespace(run=None, has_replay=False)  # no run on screen
                self.last_run = saves.SaveData.model_validate(data)

        p = Page()
        p.watch(p.last_run)
        assert p.run is None and p.last_run is None
        assert len(said) == 1 and "move 6" in said[0]
        assert kept_aside(be) and be.getItem("gridworks:floodline:last") is None
        other = saves.SaveData.model_validate(data)  # not the stored one (an import): a notice only
        p.watch(other)
        assert p.run is None and said[-1].startswith("import_bad")
