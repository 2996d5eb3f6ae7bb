"""Draws from the seeded Lcg32 (17.5). Uses the high bits: an LCG's low bits are weak."""

from __future__ import annotations

from engine.core.rng import Lcg32, SplitMix64


def below(rng: Lcg32, n: int) -> int:
    """Integer in [0, n) from one LCG step: ``(u32 * n) >> 32`` (high bits, one draw, no loop)."""
    if n <= 0:
        raise ValueError("n must be positive")
    return (rng.next_u32() * n) >> 32


def chance(rng: Lcg32, per_10000: int) -> bool:
    """True with probability ``per_10000 / 10000``; always draws once."""
    return below(rng, 10000) < per_10000


def seed_state(seed: int) -> int:
    """The LCG starting state for a game seed (0 <= seed < 2^64): the low 32 bits of one SplitMix64
    step, so neighbouring seeds (1, 2, 3...) do not start with near-identical LCG outputs."""
    return SplitMix64(seed).next_u64() & 0xFFFFFFFF
