"""Issue #30: challenge links (``?seed=N&mode=…``) and the daily seed, with no server."""

from __future__ import annotations

import pytest

from engine.ternar.seeds import MAX_SEED, daily_seed, link_game, link_query

TODAY = "2026-11-28"


def test_daily_seed_is_the_date_and_the_same_for_everyone() -> None:
    assert daily_seed(TODAY) == 20261128 == daily_seed("2026-11-28")
    assert daily_seed("2026-11-29") != daily_seed(TODAY)
    for bad in ("2026-13-01", "2026-11", "yesterday", "2026-11-0x"):
        with pytest.raises(ValueError):
            daily_seed(bad)


@pytest.mark.parametrize(
    ("params", "game"),
    [
        ({"seed": "42"}, (42, "classic")),
        ({"seed": "42", "mode": "storm"}, (42, "storm")),
        ({"daily": "", "mode": "zen"}, (20261128, "zen")),
        ({"daily": "1"}, (20261128, "classic")),
        ({"seed": str(MAX_SEED - 1)}, (MAX_SEED - 1, "classic")),
        ({"seed": str(MAX_SEED)}, (MAX_SEED, "classic")),
        ({"seed": str(MAX_SEED + 1)}, None),  # too big for a seed: no game, not another one
        ({"seed": "-1"}, None),
        ({"seed": "4x"}, None),
        ({"seed": "42", "mode": "hard"}, None),
        ({}, None),
        ({"test": "1"}, None),
    ],
)
def test_a_link_names_one_game_or_none(params: dict[str, str], game: tuple[int, str] | None) -> None:
    assert link_game(params, TODAY) == game


def test_link_query_round_trips() -> None:
    from urllib.parse import parse_qsl

    for seed, mode in ((7, "classic"), (20261128, "storm"), (MAX_SEED, "zen")):
        q = link_query(seed, mode)
        assert link_game(dict(parse_qsl(q.lstrip("?"), keep_blank_values=True)), TODAY) == (seed, mode)
