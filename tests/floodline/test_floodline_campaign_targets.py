"""Issue #16 campaign targets that a fast test can pin (the lab measures the rest: naive bot, beats)."""

from __future__ import annotations

import pytest

from engine.floodline.board import Kind
from engine.floodline.campaign import COUNT, level
from engine.floodline.level import Level, parse_level
from engine.floodline.moves import parse_move
from engine.floodline.resolve import resolve_phase
from engine.floodline.rules import build_board, initial_state, step
from engine.floodline.scoring import tilts_needed
from tools.floodline.gen_levels import MAX_MASS, PACKS

LEVELS = {n: parse_level(level(n)) for n in range(1, COUNT + 1)}
#: levels won without a tilt or an ability: tutorial beats, and Lv15 (session 15: an open floor under the
#: pool, won by placement alone, drop-only loses: test_floodline_lv15_stilts.py); the lab bounds the rest
NAIVE_OK = {1, 11, 12, 15, 17, 19}


@pytest.mark.parametrize("n", sorted(LEVELS))
def test_authored_water_and_blocks_are_at_rest(n: int) -> None:
    lv = LEVELS[n]
    b = build_board(lv)
    settled = b.copy()
    resolve_phase(settled, lv.gravity, None, drains=False, ice_tick=False)
    assert settled.kind == b.kind, f"lv{n:02d}: settling the authored board moves cells"


def test_levels_beyond_the_tutorial_ones_need_a_tilt_or_an_ability() -> None:
    """Each level outside NAIVE_OK needs a tilt by its objectives (surviveTilts / SURVIVE_ROTATIONS),
    is a tilt tutorial (lv02/lv03, design tests), has no drain at all (lv18: place one), or keeps its
    water away from the drains until the world is tilted (pour levels, next test)."""
    pour = {13, 14, 16, 20}
    for n, lv in LEVELS.items():
        if n in NAIVE_OK | pour | {2, 3}:
            continue
        s = initial_state(lv, lv.meta.seed)
        no_drain = not build_board(lv).drains and any(o.type == "DRAIN_WATER" for o in lv.objectives)
        assert tilts_needed(s) > 0 or no_drain, f"lv{n:02d} can be won without a tilt or an ability"


def _drop_into_pool(lv: Level, pieces: int) -> int:
    """Hard-drop pieces straight down over the pool's columns (no tilt): water drained."""
    s = initial_state(lv, lv.meta.seed)
    for k in range(pieces):
        for text in ("mx-", ".", "mx-", ".", "mx-", ".", "mx-", "." if k % 2 else "mz+", "d"):
            if s.outcome is not None:
                break
            s = step(s, parse_move(text))
    return s.metrics["waterRemovedTotal"]


@pytest.mark.parametrize("n", [13, 14, 16, 20])
def test_pour_levels_drain_nothing_without_a_tilt(n: int) -> None:
    assert _drop_into_pool(LEVELS[n], 8) == 0


def test_max_weight_rows_are_fail_states() -> None:
    for n, cap in MAX_MASS.items():
        assert LEVELS[n].constraints.max_mass == cap, n


def test_piece_packs_and_unlock_cadence() -> None:
    for n, lv in LEVELS.items():
        pack = set(PACKS[(n - 1) // 10 + 1])
        used = {str(getattr(p, "piece", p)) for p in lv.bag.sequence}  # a SeqEntry names its piece
        used |= {str(p) for p, w in lv.bag.weights.items() if w > 0}
        used |= {str(p) for p in lv.bag.pieces}
        assert used <= pack, (n, used - pack)
        assert lv.abilities.hold == (n >= 6), n
        mats = {str(getattr(m, "value", m)) for m, w in lv.bag.materials.items() if w > 0}
        if lv.bag.type != "FIXED_SEQUENCE":
            assert ("REINFORCED" in mats) == (n >= 7), n
            assert ("HEAVY" in mats) == (n >= 22), n
        assert bool([h for h in lv.hazards if h.enabled]) == (n >= 24), n
        assert (lv.abilities.stabilize_charges > 0) == (n >= 25), n


def test_review_fixes() -> None:
    assert LEVELS[17].abilities.freeze_charges >= 1  # its tip says to freeze
    assert LEVELS[26].hazards and LEVELS[26].hazards[0].enabled  # "under wind"
    lv18 = LEVELS[18]  # ★2 ≤ 18 pieces for 25 units: the placed drain removes 2 per lock
    assert lv18.abilities.drain_rate * (18 - 1) >= 25
    assert Kind.WATER in set(build_board(lv18).kind)
