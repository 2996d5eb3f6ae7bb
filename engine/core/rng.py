"""Seeded pseudo-random generators used by the games.

Every generator is pure integer arithmetic, so CPython and Pyodide produce the
same streams. State can be captured with ``get_state()`` and restored with
``set_state()`` (both plain ints / tuples, JSON-friendly).

- ``Lcg32``: 32-bit linear congruential generator (Numerical Recipes constants),
  the LCG asked for by Ternar spec 17.5.
- ``Pcg32``: PCG-XSH-RR 64/32 (O'Neill's reference ``pcg32_random_r``).
- ``GodotRng``: Godot 4 ``RandomNumberGenerator`` semantics on top of PCG32
  (``seed`` setter, ``randi``, ``randi_range``, ``randf``, ``randf_range``),
  used by Run Map's pseudocode.
- ``XorShift128Plus``: Vigna's xorshift128+, seeded through SplitMix64
  (Floodline 12.1).
"""

from __future__ import annotations

import struct

M32 = 0xFFFFFFFF
M64 = 0xFFFFFFFFFFFFFFFF


def _f32(x: float) -> float:
    """Round a Python float to IEEE-754 single precision."""
    return float(struct.unpack("<f", struct.pack("<f", x))[0])


class Lcg32:
    """x' = (1664525·x + 1013904223) mod 2^32; outputs the new state."""

    A = 1664525
    C = 1013904223

    def __init__(self, seed: int) -> None:
        self.state = seed & M32

    def next_u32(self) -> int:
        """Advance and return the next 32-bit value."""
        self.state = (self.A * self.state + self.C) & M32
        return self.state

    def next_float(self) -> float:
        """Uniform float in [0, 1) with 32 bits of resolution."""
        return self.next_u32() / 4294967296.0

    def next_below(self, n: int) -> int:
        """Uniform integer in [0, n) by rejection (no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            v = self.next_u32()
            if v < limit:
                return v % n

    def get_state(self) -> int:
        return self.state

    def set_state(self, state: int) -> None:
        self.state = state & M32


class Pcg32:
    """PCG-XSH-RR with 64-bit state, as ``pcg32_srandom_r`` / ``pcg32_random_r``."""

    MULT = 6364136223846793005
    DEFAULT_INC = 1442695040888963407

    def __init__(self, initstate: int = 0x853C49E6748FEA9B, initseq: int = 0xDA3E39CB94B95BDB) -> None:
        self.state = 0
        self.inc = 0
        self.seed(initstate, initseq)

    def seed(self, initstate: int, initseq: int) -> None:
        """Reference ``pcg32_srandom_r``."""
        self.state = 0
        self.inc = ((initseq << 1) | 1) & M64
        self.next_u32()
        self.state = (self.state + (initstate & M64)) & M64
        self.next_u32()

    def next_u32(self) -> int:
        """Reference ``pcg32_random_r``."""
        old = self.state
        self.state = (old * self.MULT + self.inc) & M64
        xorshifted = (((old >> 18) ^ old) >> 27) & M32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & M32

    def next_below(self, bound: int) -> int:
        """Reference ``pcg32_boundedrand_r``: uniform in [0, bound)."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        threshold = ((1 << 32) - bound) % bound
        while True:
            r = self.next_u32()
            if r >= threshold:
                return r % bound

    def get_state(self) -> tuple[int, int]:
        return (self.state, self.inc)

    def set_state(self, state: tuple[int, int] | list[int]) -> None:
        self.state, self.inc = int(state[0]) & M64, int(state[1]) & M64


def _clz32(x: int) -> int:
    return 32 - x.bit_length()


class GodotRng:
    """Godot 4 ``RandomNumberGenerator`` (RandomPCG) with an explicit seed.

    ``GodotRng(seed)`` is ``rng = RandomNumberGenerator.new(); rng.seed = seed``.
    """

    def __init__(self, seed: int) -> None:
        self._pcg = Pcg32(0, 0)
        self.seed = seed

    @property
    def seed(self) -> int:
        return self._seed

    @seed.setter
    def seed(self, value: int) -> None:
        self._seed = value & M64
        self._pcg.seed(self._seed, Pcg32.DEFAULT_INC)

    def randi(self) -> int:
        """Uniform 32-bit unsigned integer."""
        return self._pcg.next_u32()

    def randi_range(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi] inclusive (either order), as Godot."""
        if lo == hi:
            return lo
        return self._pcg.next_below(abs(lo - hi) + 1) + min(lo, hi)

    def randf(self) -> float:
        """Uniform float32 in [0, 1], Godot's ``RandomPCG::randf``."""
        proto = self._pcg.next_u32()
        if proto == 0:
            return 0.0
        sig = _f32(float(self._pcg.next_u32() | 0x80000001))
        return _f32(sig * 2.0 ** (-32 - _clz32(proto)))

    def randf_range(self, lo: float, hi: float) -> float:
        """Godot's ``randf_range``: bounds are ``real_t`` (float32) first, then ``randf() * (hi - lo) + lo``."""
        lo, hi = _f32(lo), _f32(hi)
        return _f32(_f32(self.randf() * _f32(hi - lo)) + lo)

    def get_state(self) -> tuple[int, int]:
        return self._pcg.get_state()

    def set_state(self, state: tuple[int, int] | list[int]) -> None:
        self._pcg.set_state(state)


class SplitMix64:
    """Vigna's splitmix64, used to expand a seed into generator state."""

    def __init__(self, seed: int) -> None:
        self.state = seed & M64

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)


class XorShift128Plus:
    """Vigna's xorshift128+ (shifts 23, 18, 5); state seeded by SplitMix64."""

    def __init__(self, seed: int) -> None:
        sm = SplitMix64(seed)
        self.s0 = sm.next_u64()
        self.s1 = sm.next_u64()
        if self.s0 == 0 and self.s1 == 0:  # pragma: no cover - needs a 2^-128 seed
            self.s1 = 1

    def next_u64(self) -> int:
        """Advance and return the next 64-bit value."""
        s1 = self.s0
        s0 = self.s1
        result = (s0 + s1) & M64
        self.s0 = s0
        s1 ^= (s1 << 23) & M64
        self.s1 = s1 ^ s0 ^ (s1 >> 18) ^ (s0 >> 5)
        return result

    def next_u32(self) -> int:
        """Upper 32 bits of the next value (the better-mixed half)."""
        return self.next_u64() >> 32

    def next_below(self, n: int) -> int:
        """Uniform integer in [0, n) by rejection on 64-bit draws."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            v = self.next_u64()
            if v < limit:
                return v % n

    def next_float(self) -> float:
        """Uniform float in [0, 1) from the top 53 bits."""
        return (self.next_u64() >> 11) * (1.0 / 9007199254740992.0)

    def get_state(self) -> tuple[int, int]:
        return (self.s0, self.s1)

    def set_state(self, state: tuple[int, int] | list[int]) -> None:
        self.s0, self.s1 = int(state[0]) & M64, int(state[1]) & M64
