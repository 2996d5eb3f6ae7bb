"""Piece bags (Rules §12.2) and material rolls on the level's seeded xorshift128+ (Rules §12.1)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.rng import XorShift128Plus
from engine.floodline.board import MATERIALS, Material
from engine.floodline.level import Bag, SeqEntry
from engine.floodline.pieces import PIECES

Drawn = tuple[str, Material]


@dataclass(frozen=True, slots=True)
class BagState:
    """Immutable bag position: RNG state, FIXED_SEQUENCE index, BAG_N remaining pieces, extra pieces."""

    rng: tuple[int, int]
    index: int = 0
    remaining: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()  # pieces added by the PIECE_COMPLEXITY mutator


def new_bag(seed: int) -> BagState:
    return BagState(rng=XorShift128Plus(seed).get_state())


def _weighted(rng: XorShift128Plus, items: list[tuple[str, int]]) -> str:
    """Weighted draw with replacement: ``next_below(total)`` walked through the items in order."""
    total = sum(w for _, w in items)
    r = rng.next_below(total)
    for name, w in items:
        if r < w:
            return name
        r -= w
    raise AssertionError("unreachable")


def roll_material(rng: XorShift128Plus, table: dict[Material, int]) -> Material:
    """Material roll: only drawn when at least two materials have positive weight (RULES.md)."""
    items = [(m.value, table.get(m, 0)) for m in MATERIALS if table.get(m, 0) > 0]
    if not items:
        return Material.STANDARD
    if len(items) == 1:
        return Material(items[0][0])
    return Material(_weighted(rng, items))


def draw(bag: Bag, st: BagState) -> tuple[Drawn | None, BagState]:
    """Draw the next (piece, material); ``None`` when a non-looping FIXED_SEQUENCE is exhausted."""
    rng = XorShift128Plus(0)
    rng.set_state(st.rng)
    index, remaining = st.index, st.remaining
    forced: Material | None = None
    piece: str
    if bag.type == "FIXED_SEQUENCE":
        if index >= len(bag.sequence):
            if not bag.loop:
                return None, st
            index = 0
        entry = bag.sequence[index]
        index += 1
        if isinstance(entry, SeqEntry):
            piece, forced = entry.piece, entry.material
        else:
            piece = entry
    elif bag.type == "WEIGHTED":
        items = [(p, bag.weights.get(p, 0)) for p in PIECES if bag.weights.get(p, 0) > 0]  # type: ignore[call-overload]
        items += [(p, 1) for p in st.extra if bag.weights.get(p, 0) == 0]  # type: ignore[call-overload]
        piece = _weighted(rng, items)
    else:  # BAG_N: Fisher-Yates shuffle of pieces x copies, drawn front to back
        if not remaining:
            pool = [p for p in bag.pieces for _ in range(bag.copies)] + list(st.extra)
            for i in range(len(pool) - 1, 0, -1):
                j = rng.next_below(i + 1)
                pool[i], pool[j] = pool[j], pool[i]
            remaining = tuple(pool)
        piece, remaining = remaining[0], remaining[1:]
    material = forced if forced is not None else roll_material(rng, bag.materials)
    return (piece, material), BagState(rng.get_state(), index, remaining, st.extra)
