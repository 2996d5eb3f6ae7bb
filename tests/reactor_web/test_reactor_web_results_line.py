"""The won card's pulses/par/best line (issue #27): one line where it fits, else the best on its own
line, so a 390 px phone never sees the chrome wrap it mid-phrase."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from engine.reactor.progress import Progress, campaign_fingerprint, record_win
from tests.gwstub import glue_modules
from www.reactor.strings import EN, RU

KEY = "campaign:power_on"


@pytest.fixture(scope="module")
def score_lines() -> Any:
    with glue_modules(["reactor.screens"]) as mods:
        yield mods["reactor.screens"].score_lines


class Measure:
    """A canvas that measures text at 7 px a character (the stub canvas's rule)."""

    def measure(self, s: str, size: float = 14, bold: bool = False) -> float:
        return 7.0 * len(s)


def app(lang: str = "en", best: int | None = 2) -> SimpleNamespace:
    p = Progress()
    if best is not None:
        p = record_win(p, KEY, best, 3, campaign_fingerprint(KEY))
    return SimpleNamespace(t=lambda k, **kw: (EN if lang == "en" else RU)[k].format(**kw), progress=p)


def test_desktop_card_keeps_one_line(score_lines: Any) -> None:
    got = score_lines(Measure(), app(), KEY, 2, 2, 400.0, 700.0)
    assert len(got) == 1 and "par 2" in got[0] and "best 2" in got[0]


def test_phone_card_puts_the_best_on_its_own_line(score_lines: Any) -> None:
    # a 390 px phone: the board is ~380 wide, the card's text room 380 - 24 - 40 = 316 px
    for lang in ("en", "ru"):
        got = score_lines(Measure(), app(lang), KEY, 12, 2, 370.0, 380.0)
        assert len(got) == 2, got
        assert all(7.0 * len(s) <= 316 for s in got), got


def test_line_that_fits_exactly_stays_joined(score_lines: Any) -> None:
    joined = score_lines(Measure(), app(), KEY, 2, 2, 400.0, 700.0)[0]
    room = 7.0 * len(joined)  # card text room = card - 40 (and card <= area - 24)
    assert len(score_lines(Measure(), app(), KEY, 2, 2, room + 40, room + 64)) == 1
    assert len(score_lines(Measure(), app(), KEY, 2, 2, room + 39, room + 64)) == 2


def test_no_best_is_one_line(score_lines: Any) -> None:
    assert len(score_lines(Measure(), app(best=None), KEY, 2, 2, 300.0, 300.0)) == 1


@pytest.mark.parametrize(
    ("card", "area", "room"),
    [(400.0, 700.0, 360.0), (400.0, 424.0, 360.0), (400.0, 423.0, 359.0), (370.0, 380.0, 316.0)],
)
def test_card_text_width_is_where_the_shared_card_wraps(card: float, area: float, room: float) -> None:
    """The helper asks the shared results card itself (no copy of its margins in the game's glue):
    the card never overflows its area (area - 24), and wraps body text 40 px inside the card."""
    with glue_modules(["shared.chrome.card_text", "reactor.screens"]) as mods:
        got = mods["shared.chrome.card_text"].card_text_width(mods["reactor.screens"].THEME, card, area)
    assert got == room
