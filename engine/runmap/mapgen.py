"""``generate_map``: the map generator of a run's rules version (its own module, so the three
generators never import each other in a circle: generator 2 and 3 build on generator 1's helpers)."""

from __future__ import annotations

from engine.runmap.config import RunOptions
from engine.runmap.generate import generate_map_v1
from engine.runmap.model import MapLayout


def generate_map(seed: int, player_count: int, options: RunOptions) -> MapLayout:
    """``generate_map(seed, player_count)`` for the preset and rules version in ``options``;
    same inputs, same map. Rules 1 is ``generate``, rules 2 ``generate2``, rules 3 ``generate3``."""
    if options.rules >= 3:
        from engine.runmap.generate3 import generate_map_v3  # noqa: PLC0415 - only rules-3 runs need it

        return generate_map_v3(seed, player_count, options)
    if options.rules >= 2:
        from engine.runmap.generate2 import generate_map_v2  # noqa: PLC0415 - only rules-2 runs need it

        return generate_map_v2(seed, player_count, options)
    return generate_map_v1(seed, player_count, options)
