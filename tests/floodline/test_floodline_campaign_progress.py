"""Campaign rules in the engine (issue #14): levels are package data, unlocking and best stars."""

from __future__ import annotations

import pytest

from engine.floodline.campaign import COUNT, Progress, endless_level, level, record, unlocked
from engine.floodline.level import parse_level


def test_every_campaign_level_is_engine_package_data_and_parses() -> None:
    for n in range(1, COUNT + 1):
        lv = parse_level(level(n))
        assert lv.meta.id == f"lv{n:02d}"
    with pytest.raises(ValueError, match="does not exist"):
        level(COUNT + 1)


def test_level_dicts_are_fresh_copies() -> None:
    a = level(1)
    a["meta"]["title"] = "changed"
    assert level(1)["meta"]["title"] != "changed"


def test_a_level_unlocks_once_the_previous_one_is_won() -> None:
    p = Progress()
    assert unlocked(p, 1) and not unlocked(p, 2)
    assert record(p, 1, 1)
    assert unlocked(p, 2) and not unlocked(p, 3)


def test_record_keeps_the_best_stars() -> None:
    p = Progress()
    assert record(p, 4, 2)
    assert not record(p, 4, 1)
    assert p.stars["lv04"] == 2
    assert record(p, 4, 3) and p.stars["lv04"] == 3


def test_endless_level_parses_and_uses_the_seed() -> None:
    lv = parse_level(endless_level(77))
    assert lv.meta.seed == 77 and lv.objectives == []


@pytest.mark.parametrize(("losses", "opens"), [(2, False), (3, True), (4, True)])
def test_the_next_level_opens_after_three_losses(losses: int, opens: bool) -> None:
    """No level can stop the campaign (RULES.md 54): a level opens once the one before it is won, or
    lost SKIP_AFTER_LOSSES (3) times; losses count per level and the one after stays shut."""
    from engine.floodline.campaign import SKIP_AFTER_LOSSES, record_loss

    assert SKIP_AFTER_LOSSES == 3
    p = Progress(stars={"lv01": 2, "lv02": 1, "lv03": 3})
    for _ in range(losses):
        record_loss(p, 4)
    assert p.losses == {"lv04": losses}
    assert unlocked(p, 4) and unlocked(p, 5) is opens and not unlocked(p, 6)


def test_a_stored_progress_without_losses_reads_as_none() -> None:
    old = Progress.model_validate({"stars": {"lv01": 3}, "endless_best": 40, "last": 2})
    assert old.losses == {} and unlocked(old, 2) and not unlocked(old, 3)
