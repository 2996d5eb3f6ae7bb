"""Floodline lab result cache: results come back under the key of what decided them, nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.playtest import floodline_cache as fc


def test_off_without_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FLOODLINE_LAB_CACHE", raising=False)
    assert fc.path() is None and fc.load() == {}
    fc.store("k", {"won": True})  # a no-op, no file anywhere


def test_round_trip_and_a_line_cut_short(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    f = tmp_path / "cache.jsonl"
    monkeypatch.setenv("FLOODLINE_LAB_CACHE", str(f))
    fc.store("a", {"won": False, "progress": 0.5})
    fc.store("b", {"won": True})
    with f.open("a") as out:
        out.write('{"key": "c", "result": {"won"')  # a run stopped mid-write
    assert fc.load() == {"a": {"won": False, "progress": 0.5}, "b": {"won": True}}


def test_key_names_strategy_level_variant_and_cap() -> None:
    base = fc.key("greedy", 6, 0, 40)
    assert base == fc.key("greedy", 6, 0, 40)
    others = [fc.key("wall", 6, 0, 40), fc.key("greedy", 7, 0, 40), fc.key("greedy", 6, 1, 40)]
    others.append(fc.key("greedy", 6, 0, 39))  # one piece less is another play
    assert base not in others and len(set(others)) == 4


def test_key_follows_the_level_played(monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.floodline.campaign as campaign

    real = campaign.level(6)
    before = fc.key("drop", 6, 0, 40)
    monkeypatch.setattr(campaign, "level", lambda n: {**real, "objectives": []})  # any change to it
    assert fc.key("drop", 6, 0, 40) != before
    monkeypatch.setattr(campaign, "level", lambda n: dict(real))
    assert fc.key("drop", 6, 0, 40) == before
