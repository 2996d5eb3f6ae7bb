"""The lab's cheap family (session 13): ``pair_route`` merges one pair and nothing more - the
highest-valued adjacent equal pair or the lowest-valued one, lowest on the board on ties."""

from __future__ import annotations

import pytest
from ternar_util import values

pytest.importorskip("numpy")

from tools.playtest.ternar import play  # noqa: E402
from tools.playtest.ternar_bots import pair_route  # noqa: E402

CELLS = {(7, 0): 3, (7, 1): 3, (7, 3): 27, (7, 4): 27, (6, 0): 9, (6, 1): 9, (5, 0): 3, (5, 1): 3}


def test_pair_route_takes_the_highest_or_the_lowest_pair() -> None:
    v = values(CELLS)
    high, low = pair_route(v, True), pair_route(v, False)
    assert high is not None and low is not None
    assert [v[n] for n in high.nodes] == [27, 27] and len(high.nodes) == 2
    assert [v[n] for n in low.nodes] == [3, 3] and max(low.nodes) >= 38  # the lower pair of 3s


def test_pair_route_none_without_a_pair_and_plays_in_the_lab() -> None:
    assert pair_route(values({(7, 0): 3, (7, 1): 9}), True) is None
    g = play((1, "pair_high", 30, "classic"))
    assert g.turns == 30 and g.score > 0
