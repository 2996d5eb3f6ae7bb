"""Generation presets and run options.

Two presets, as issue 9 asks:

- ``slice`` (the vertical slice): the Tuning Knobs defaults and the Acceptance Criteria —
  ``layer_count`` 8, 1-3 nodes per layer, 1-2 edges per node, ELITE cap 1, REST cap 2,
  weights COMBAT 55 / ELITE 15 / REST 30, no ELITE or REST in layers 0-1. The knobs may be
  overridden within the design's safe ranges.
- ``full`` (3 acts x 5 floors = 15 layers): floor rules per act, MEMORY_SHRINE on floor 4 of
  acts 1-2, guardians beholder -> house -> shadow_kraken, the act weight tables, caps of 2,
  and the RNG Portal branch when ``defy_the_gods`` is on. Its shape is fixed.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from engine.core.schema import FrozenModel, SchemaError, parse_model

Preset = Literal["slice", "full"]

MAX_PLAYERS = 4
RULES_VERSION = 7  # 1: the pseudocode's generator (issue 9); 2: real decisions (issue 19); 3: issue 29;
# 4: the score counts gold earned (held + spent on purchases), not only gold held;
# 5: fights with telegraphed patterns and bigger swings (fight3.FIGHT_RULES[5]);
# 6: guard and plain-attack rounds are decisions (a block nothing hit is kept, the round is simultaneous);
# 7: rules 6's fights against act guardians with less HP (encounters.GUARDIAN_STATS_7)


class Knobs(FrozenModel):
    """The design's Tuning Knobs, each limited to its safe range (used by the ``slice`` preset)."""

    layer_count: int = Field(default=8, ge=5, le=12)
    nodes_per_layer_min: int = Field(default=1, ge=1, le=2)
    nodes_per_layer_max: int = Field(default=3, ge=2, le=4)
    edges_per_node_max: int = Field(default=2, ge=1, le=3)
    elite_cap: int = Field(default=1, ge=0, le=3)
    rest_cap: int = Field(default=2, ge=0, le=3)
    combat_weight: int = Field(default=55, ge=40, le=70)
    elite_weight: int = Field(default=15, ge=5, le=25)
    rest_weight: int = Field(default=30, ge=15, le=40)
    rest_heal_percent: float = Field(default=0.30, ge=0.15, le=0.50)


class RunOptions(FrozenModel):
    """Options of a run: rules version, preset, party size, the "Defy the Gods" switch (rules 1)
    and knob overrides. A run without ``rules`` is played by the current rules; saves from before
    rules 2 carry none and are read as rules 1 (``migrate_save``)."""

    rules: int = Field(default=RULES_VERSION, ge=1, le=RULES_VERSION)
    preset: Preset = "slice"
    players: int = Field(default=1, ge=1, le=MAX_PLAYERS)
    defy_the_gods: bool = False
    knobs: Knobs = Knobs()

    @model_validator(mode="after")
    def _check(self) -> RunOptions:
        if self.preset == "slice" and self.defy_the_gods:
            raise ValueError("defy_the_gods needs the full preset (the RNG Portal is in act 3)")
        if self.defy_the_gods and self.rules >= 2:
            raise ValueError("in rules 2 the RNG Portal is a choice on every full map (no defy_the_gods)")
        if self.preset == "full" and self.knobs != Knobs():
            raise ValueError("knob overrides only apply to the slice preset")
        return self


def parse_options(options: dict[str, Any] | None) -> RunOptions:
    """Validate the session options dict into ``RunOptions`` (``SchemaError`` if malformed)."""
    return parse_model(RunOptions, dict(options or {}), "run options")


# Full-run constants (the design's "Map Structure", "Node Type Distribution", "Formulas").
FULL_LAYERS = 15
FLOORS_PER_ACT = 5
GUARDIANS = {1: "beholder", 2: "house", 3: "shadow_kraken"}
RNG_PORTAL = "rng"
FULL_NODES_MIN = 1
FULL_NODES_MAX = 3
FULL_EDGES_MAX = 2
FULL_ELITE_CAP = 2
FULL_ELITE_PER_ACT = 1
FULL_REST_CAP = 2
FULL_SHOP_CAP = 2
FULL_REST_HEAL_PERCENT = 0.30

MAX_HP = 60

__all__ = [
    "FLOORS_PER_ACT",
    "FULL_EDGES_MAX",
    "FULL_ELITE_CAP",
    "FULL_ELITE_PER_ACT",
    "FULL_LAYERS",
    "FULL_NODES_MAX",
    "FULL_NODES_MIN",
    "FULL_REST_CAP",
    "FULL_REST_HEAL_PERCENT",
    "FULL_SHOP_CAP",
    "GUARDIANS",
    "Knobs",
    "MAX_HP",
    "MAX_PLAYERS",
    "Preset",
    "RNG_PORTAL",
    "RULES_VERSION",
    "RunOptions",
    "SchemaError",
    "parse_options",
]
