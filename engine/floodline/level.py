"""Level JSON (pydantic): board, cells, water, drains, bag, rotation rules, objectives, stars, hazards.

Seconds from the level file are converted to integer ticks here (``round(s * 60)``, half-to-even on
the decimal text), so the core only ever sees integers.
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, model_validator
from pydantic.alias_generators import to_camel

from engine.core.hashing import state_hash
from engine.core.schema import Model, parse_model
from engine.floodline.board import DrainScope, Material
from engine.floodline.geometry import PLAY_GRAVITIES, Gravity
from engine.floodline.pieces import PIECES

TICKS_PER_SECOND = 60
#: "0.3" (issue #16): REACH_HEIGHT counts layers (max y + 1); replays of "0.2" are refused by name.
#: "0.4" (issue #26): water fills per body (RULES.md 23a) and side contact with an immovable cell
#: no longer holds a structure up (RULES.md 17); older replays are refused by name.
#: "0.5" (issue #26): load-path support — a voxel is held only through what is under it along gravity
#: (RULES.md 17); a rigid piece no longer hangs from one resting voxel.
#: "0.6" (issue #26): ballast — a Heavy voxel lying on stone (an immovable cell or the closed box
#: floor, in world terms) is held under every gravity and holds what rests on it (RULES.md 68).
#: Replays and saves of "0.5" still play, under the 0.5 rules (``NO_BALLAST``).
RULES_VERSION = "0.6"
#: rules versions whose games play without ballast (the level's ``meta.rulesVersion`` decides)
NO_BALLAST = frozenset({"0.5"})
#: rules versions a replay may carry: the current one and those replayed under their own rules
PLAYABLE_RULES = frozenset({RULES_VERSION, *NO_BALLAST})
#: the Session rules number (``SaveData.rules``): 1 = "0.2", 2 = "0.3", 3 = "0.4", 4 = "0.5", 5 = "0.6"
RULES = 5


def seconds_to_ticks(seconds: float | int) -> int:
    """``round(seconds * 60)`` computed on the decimal text of the number (no float drift)."""
    return int((Decimal(str(seconds)) * TICKS_PER_SECOND).to_integral_value(rounding=ROUND_HALF_EVEN))


class L(Model):
    """Base of level models: camelCase in JSON, snake_case in Python, unknown keys rejected."""

    model_config = ConfigDict(extra="forbid", alias_generator=to_camel, populate_by_name=True)


Coord = tuple[int, int, int]
PieceId = Literal["O2", "I3", "I4", "L3", "L4", "J4", "T3", "S4", "Z4", "U5", "P5", "C3D5"]
CellType = Literal["SOLID", "WALL", "BEDROCK", "WATER", "ICE", "POROUS", "DRAIN"]


class Meta(L):
    id: str = Field(default="level", min_length=1, max_length=64)
    title: str = Field(default="", max_length=120)
    seed: int = Field(default=0, ge=0, lt=2**64)
    rules_version: str = RULES_VERSION
    mode: Literal["CAMPAIGN", "ENDLESS", "PUZZLE"] = "CAMPAIGN"


class BoardSpec(L):
    """``size`` = [X, Z] footprint; ``height`` = simulation height H; ``heightLimit`` = overflow line."""

    size: tuple[Annotated[int, Field(ge=1, le=64)], Annotated[int, Field(ge=1, le=64)]] = (10, 10)
    height: int = Field(default=24, ge=2, le=128)
    height_limit: int | None = Field(default=None, ge=1, le=128)
    open_faces: list[Gravity] = Field(default_factory=list)

    @model_validator(mode="after")
    def _limit(self) -> BoardSpec:
        if self.height_limit is not None and self.height_limit > self.height:
            raise ValueError(f"heightLimit {self.height_limit} exceeds height {self.height}")
        return self

    @property
    def limit(self) -> int:
        return self.height_limit if self.height_limit is not None else max(1, self.height - 4)


class CellSpec(L):
    """One prebuilt cell, or a box of them (``to`` inclusive)."""

    pos: Coord
    to: Coord | None = None
    type: CellType
    material: Material = Material.STANDARD
    anchored: bool = False
    rate: int = Field(default=1, ge=0, le=1000)
    scope: DrainScope = DrainScope.ADJ6
    thaw_in: int = Field(default=0, ge=0, le=10_000)


class RotationRules(L):
    allowed: list[Gravity] = Field(default_factory=lambda: list(PLAY_GRAVITIES))
    cooldown_seconds: float = Field(default=0, ge=0, le=600)
    max_rotations: int | None = Field(default=None, ge=0)
    tilt_budget: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _no_up(self) -> RotationRules:
        if Gravity.UP in self.allowed:
            raise ValueError("UP gravity is not allowed during gameplay (Rules §2.3)")
        return self

    @property
    def cooldown_ticks(self) -> int:
        return seconds_to_ticks(self.cooldown_seconds)


class SeqEntry(L):
    piece: PieceId
    material: Material | None = None


class Bag(L):
    """``FIXED_SEQUENCE`` (``sequence``), ``WEIGHTED`` (``weights``), ``BAG_N`` (``pieces`` x ``copies``)."""

    type: Literal["FIXED_SEQUENCE", "WEIGHTED", "BAG_N"] = "WEIGHTED"
    sequence: list[PieceId | SeqEntry] = Field(default_factory=list)
    loop: bool = False
    weights: dict[PieceId, Annotated[int, Field(ge=0, le=1_000_000)]] = Field(default_factory=dict)
    pieces: list[PieceId] = Field(default_factory=list)
    copies: int = Field(default=1, ge=1, le=100)
    materials: dict[Material, Annotated[int, Field(ge=0, le=1_000_000)]] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _contents(self) -> Bag:
        if self.type == "FIXED_SEQUENCE" and not self.sequence:
            raise ValueError("FIXED_SEQUENCE needs a non-empty sequence")
        if self.type == "WEIGHTED":
            if not self.weights:
                self.weights = dict.fromkeys(PIECES, 1)  # type: ignore[arg-type]
            if sum(self.weights.values()) <= 0:
                raise ValueError("WEIGHTED needs at least one positive weight")
        if self.type == "BAG_N" and not self.pieces:
            raise ValueError("BAG_N needs a non-empty pieces list")
        if self.materials and sum(self.materials.values()) <= 0:
            raise ValueError("materials needs at least one positive weight")
        return self


class Timing(L):
    """Input & Feel §9 tuneables (ticks)."""

    gravity_ticks: int = Field(default=30, ge=1, le=600)
    lock_delay_ticks: int = Field(default=12, ge=0, le=600)
    max_lock_resets: int = Field(default=4, ge=0, le=100)
    das: int = Field(default=10, ge=1, le=120)
    arr: int = Field(default=2, ge=1, le=120)
    preview_count: int = Field(default=3, ge=0, le=5)


class Abilities(L):
    hold: bool = True
    stabilize_charges: int = Field(default=0, ge=0, le=99)
    stabilize_anchor_rotations: int = Field(default=2, ge=1, le=99)
    freeze_charges: int = Field(default=0, ge=0, le=99)
    freeze_duration_resolves: int = Field(default=3, ge=1, le=999)
    freeze_radius: int = Field(default=1, ge=0, le=8)
    drain_placement_charges: int = Field(default=0, ge=0, le=99)
    drain_rate: int = Field(default=1, ge=1, le=1000)
    drain_scope: DrainScope = DrainScope.ADJ6


ConditionType = Literal[
    "PLACE_PIECES",
    "REACH_HEIGHT",
    "BUILD_PLATEAU",
    "BRIDGE",
    "OVERHANG",
    "ENCLOSE_CAVITY",
    "DRAIN_WATER",
    "SURVIVE_ROTATIONS",
    "STAY_UNDER_WEIGHT",
    "NO_RESTING_ON_WATER",
    "WATER_BELOW",
    "STABLE",
    "METRIC_AT_MOST",
    "METRIC_AT_LEAST",
]
Metric = Literal[
    "piecesUsed",
    "rotations",
    "holdsUsed",
    "freezesUsed",
    "stabilizesUsed",
    "drainsPlaced",
    "tiltBudgetLeft",
    "shiftVoxelsTotal",
    "lostVoxelsTotal",
    "massPlaced",
    "holes",
    "overhangVoxels",
    "majorCollapses",
    "maxWorldHeight",
    "waterRemovedTotal",
    "maxWaterHeight",
    "waterUnits",
    "score",
]


class Condition(L):
    """An objective or star condition (see RULES.md for each type's exact meaning)."""

    type: ConditionType
    count: int = Field(default=1, ge=0)
    height: int = Field(default=0, ge=0)
    area: int = Field(default=1, ge=1)
    world_level: int = Field(default=0, ge=0)
    cells: list[tuple[int, int]] | None = None  # BUILD_PLATEAU exact set: [x, z] columns at worldLevel
    width: int | None = Field(default=None, ge=1)
    depth: int | None = Field(default=None, ge=1)
    length: int = Field(default=1, ge=1)
    units: int = Field(default=0, ge=0)
    max_mass: int = Field(default=0, ge=0)
    max_lost_voxels: int | None = Field(default=None, ge=0)
    max_shift_voxels: int | None = Field(default=None, ge=0)
    min_volume: int = Field(default=1, ge=1)
    survive_tilts: int = Field(default=0, ge=0)
    metric: Metric | None = None
    value: int = 0

    @model_validator(mode="after")
    def _metric(self) -> Condition:
        if self.type in ("METRIC_AT_MOST", "METRIC_AT_LEAST") and self.metric is None:
            raise ValueError(f"{self.type} needs a metric")
        if self.type == "BUILD_PLATEAU" and (self.width is None) != (self.depth is None):
            raise ValueError("BUILD_PLATEAU needs both width and depth, or neither")
        return self


class Stars(L):
    two: list[Condition] = Field(default_factory=list)
    three: list[Condition] = Field(default_factory=list)


class Constraints(L):
    """Fail states (Rules §11) beyond OVERFLOW, which is always on."""

    max_mass: int | None = Field(default=None, ge=0)
    water_forbidden_height: int | None = Field(default=None, ge=0)
    max_lost_voxels: int | None = Field(default=None, ge=0)
    no_resting_on_water: bool = False
    lose_on_water_overflow: bool = False
    major_collapse_shift: int = Field(default=8, ge=1)


class WindParams(L):
    interval_seconds: float = Field(default=10, gt=0, le=3600)
    push_strength: int = Field(default=1, ge=0, le=10)
    direction_mode: Literal["ALTERNATE_EW", "FIXED", "RANDOM_SEEDED"] = "ALTERNATE_EW"
    fixed_direction: Literal["EAST", "WEST", "NORTH", "SOUTH"] = "EAST"
    include_north_south: bool = False
    first_gust_offset_seconds: float | None = Field(default=None, ge=0, le=3600)


class Hazard(L):
    """Part V §2: ``{"type": "WIND_GUST", "enabled": true, "params": {...}}``."""

    type: Literal["WIND_GUST"] = "WIND_GUST"
    enabled: bool = True
    params: WindParams = Field(default_factory=WindParams)


class Scoring(L):
    """Part I §6.3 (numbers are this implementation's defaults; RULES.md)."""

    per_voxel: int = Field(default=10, ge=0)
    per_water_unit: int = Field(default=25, ge=0)
    shift_penalty: int = Field(default=2, ge=0)
    lost_penalty: int = Field(default=20, ge=0)
    forbidden_water_penalty: int = Field(default=50, ge=0)
    par_pieces: int | None = Field(default=None, ge=0)
    par_rotations: int | None = Field(default=None, ge=0)
    efficiency_percent: int = Field(default=5, ge=0, le=100)


class Mutator(L):
    """Endless-mode mutators (Part I §7.2), each stepping every ``every_pieces`` locked pieces."""

    type: Literal[
        "PIECE_COMPLEXITY", "HEIGHT_SQUEEZE", "WATER_INJECTION", "WIND", "RAIN", "LAYER_CLEAR", "EVAPORATE"
    ]
    every_pieces: int = Field(default=10, ge=1)
    units: int = Field(default=4, ge=0)
    #: RAIN: one more unit every this many pieces (0 = never); endless.py
    ramp_every_pieces: int = Field(default=0, ge=0)
    #: LAYER_CLEAR: points × k² for k layers; EVAPORATE: points per unit × lake size
    score: int = Field(default=100, ge=0)
    #: EVAPORATE: the lake size a unit's points stop growing at
    lake_cap: int = Field(default=12, ge=1)
    step: int = Field(default=1, ge=1)
    min_height_limit: int = Field(default=6, ge=1)
    add_pieces: list[PieceId] = Field(default_factory=lambda: ["S4", "Z4", "L4", "J4", "U5", "P5", "C3D5"])  # type: ignore[arg-type]


class Level(L):
    """A complete Floodline level."""

    schema_version: Literal[1] = 1
    meta: Meta = Field(default_factory=Meta)
    board: BoardSpec = Field(default_factory=BoardSpec)
    gravity: Gravity = Gravity.DOWN
    cells: list[CellSpec] = Field(default_factory=list)
    rotation: RotationRules = Field(default_factory=RotationRules)
    bag: Bag = Field(default_factory=Bag)
    timing: Timing = Field(default_factory=Timing)
    abilities: Abilities = Field(default_factory=Abilities)
    objectives: list[Condition] = Field(default_factory=list)
    stars: Stars = Field(default_factory=Stars)
    constraints: Constraints = Field(default_factory=Constraints)
    hazards: list[Hazard] = Field(default_factory=list)
    scoring: Scoring = Field(default_factory=Scoring)
    mutators: list[Mutator] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check(self) -> Level:
        sx, sz = self.board.size
        sy = self.board.height
        problems = []
        if self.gravity == Gravity.UP:
            problems.append("gravity: UP is not allowed during gameplay")
        for k, c in enumerate(self.cells):
            for name, p in (("pos", c.pos), ("to", c.to)):
                if p is not None and not (0 <= p[0] < sx and 0 <= p[1] < sy and 0 <= p[2] < sz):
                    problems.append(f"cells.{k}.{name}: {list(p)} is outside the {sx}x{sy}x{sz} board")
        if problems:
            raise ValueError("; ".join(problems))
        return self


def parse_level(data: str | bytes | dict[str, Any]) -> Level:
    """Validate level JSON; raises ``SchemaError`` naming the field."""
    return parse_model(Level, data, "level")


def under_rules(level: Level, rules_version: str) -> Level:
    """``level`` played under ``rules_version`` (an older replay or save keeps its own rules,
    RULES.md 68); the level itself unchanged when that is already its version."""
    if level.meta.rules_version == rules_version:
        return level
    return level.model_copy(update={"meta": level.meta.model_copy(update={"rules_version": rules_version})})


def level_hash(level: Level) -> str:
    """sha256 of the level's canonical JSON (by alias, defaults left out so that new optional schema
    fields do not change existing hashes), as recorded in replays."""
    return state_hash(level.model_dump(mode="json", by_alias=True, exclude_defaults=True))


def level_warnings(level: Level) -> list[str]:
    """Non-fatal problems a designer should look at."""
    out = []
    sx, sz = level.board.size
    if not level.objectives and level.meta.mode != "ENDLESS":
        out.append("objectives: empty — the level can never be won")
    if level.gravity not in level.rotation.allowed:
        out.append(f"rotation.allowed does not include the start gravity {level.gravity.value}")
    if level.bag.type == "WEIGHTED" and level.bag.weights and all(v == 0 for v in level.bag.weights.values()):
        out.append("bag.weights are all zero")
    seen: dict[Coord, int] = {}
    for k, c in enumerate(level.cells):
        if c.to is None and c.pos in seen:
            out.append(f"cells.{k}: {list(c.pos)} overrides cells.{seen[c.pos]}")
        seen.setdefault(c.pos, k)
    if level.board.limit > level.board.height - 3:
        out.append("board: fewer than 3 rows of rotation headroom above heightLimit")
    if sx < 4 or sz < 4:
        out.append("board: footprint smaller than 4 cells may not fit every piece")
    return out


def json_schema() -> dict[str, Any]:
    """JSON Schema of the level format (by alias)."""
    return Level.model_json_schema(by_alias=True)
