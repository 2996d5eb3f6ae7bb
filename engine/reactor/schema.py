"""Serialized level schema (pydantic) and the compact share code.

A level file holds metadata, dimensions, terrain, underground layers (with structural integrity),
props and their state, required consumer counts, leaks, surface hazards, robot, inventory, and —
for a game in progress — forecasts and dynamic state. The loader accepts only schema-valid data;
semantic checks (cells on walls, ambiguous junctions, ...) are in ``validate.py``.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Annotated, Any, Literal

from pydantic import Field

from engine.core.hashing import canonical_json
from engine.core.schema import Model, SchemaError, parse_model, problem

Carrier = Literal["fuel", "coolant", "electricity"]
Element = Literal["fuel", "coolant", "electricity", "heat"]
Coord = Annotated[int, Field(ge=0, le=255)]
Amount = Annotated[float, Field(ge=0, le=1e6, allow_inf_nan=False)]

LEVEL_VERSION = 1
SHARE_PREFIX = "RM1"
MAX_SHARE_BYTES = 4_000_000
MAX_SIDE = 64  # what a level file may hold (``LevelM``)
# What the editor makes (issue #27): a pulse costs about the number of cells. Measured in CPython
# per lengthy action (pulse + forecasts) on a worst-case square (every cell piped, hazards
# everywhere): 16 -> 18 ms, 24 -> 56 ms, 25 -> ~65 ms, 32 -> 121 ms, 64 -> 428 ms; the browser runs
# ~11x slower (64x64: 4.7 s a pulse). The campaign's largest maps are 25 wide (6.6 ms a pulse at most).
EDITOR_MIN_SIDE = 3
EDITOR_MAX_SIDE = 25


class Meta(Model):
    """Level metadata."""

    id: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.-]+$")
    title: str = Field(min_length=1, max_length=120)
    author: str = Field(default="", max_length=120)
    description: str = Field(default="", max_length=2000)
    difficulty: Literal["easy", "normal", "hard"] = "normal"


class UnderCell(Model):
    """One present underground cell of a carrier network."""

    x: Coord
    y: Coord
    state: Literal["intact", "leaking"] = "intact"
    integrity: Amount | None = None  # None = max structural integrity
    amount: Amount = 0.0
    intensity: Amount = 0.0


class Layers(Model):
    """The three underground networks (absent cells are simply not listed)."""

    fuel: list[UnderCell] = Field(default_factory=list, max_length=65536)
    coolant: list[UnderCell] = Field(default_factory=list, max_length=65536)
    electricity: list[UnderCell] = Field(default_factory=list, max_length=65536)


class FlowPropM(Model):
    kind: Literal["flow"]
    x: Coord
    y: Coord
    carrier: Carrier
    enabled: bool = True


class ConsumerPropM(Model):
    kind: Literal["consumer"]
    x: Coord
    y: Coord
    enabled: bool = True


class JunctionPropM(Model):
    kind: Literal["junction"]
    x: Coord
    y: Coord
    ratio_mode: int = Field(default=0, ge=0, le=99)


class DoorPropM(Model):
    kind: Literal["door"]
    x: Coord
    y: Coord
    open: bool = False


class TerminalPropM(Model):
    kind: Literal["terminal"]
    x: Coord
    y: Coord


class SupplyPropM(Model):
    kind: Literal["supply"]
    x: Coord
    y: Coord
    item: Element
    depleted: bool = False


class ValvePropM(Model):
    kind: Literal["valve"]
    x: Coord
    y: Coord
    outlets: list[tuple[Coord, Coord]] = Field(min_length=1, max_length=64)


class ReactorPropM(Model):
    kind: Literal["reactor"]
    x: Coord
    y: Coord
    activated: bool = False


PropM = Annotated[
    FlowPropM
    | ConsumerPropM
    | JunctionPropM
    | DoorPropM
    | TerminalPropM
    | SupplyPropM
    | ValvePropM
    | ReactorPropM,
    Field(discriminator="kind"),
]


class Requirements(Model):
    """RequiredFuelConsumers / RequiredCoolantConsumers / RequiredElectricityConsumers."""

    fuel: int = Field(default=0, ge=0, le=999)
    coolant: int = Field(default=0, ge=0, le=999)
    electricity: int = Field(default=0, ge=0, le=999)


class LeakM(Model):
    """A leak: carrier, underground coordinate, accessible floor coordinate, repair state."""

    carrier: Carrier
    x: Coord
    y: Coord
    access: tuple[Coord, Coord]
    repaired: bool = False


class Blocks(Model):
    """Active same-element re-entry blocks (pulses remaining)."""

    fuel: int = Field(default=0, ge=0, le=99)
    coolant: int = Field(default=0, ge=0, le=99)
    electricity: int = Field(default=0, ge=0, le=99)


class SurfaceCellM(Model):
    """Visible surface quantities on one cell (only non-empty cells are listed)."""

    x: Coord
    y: Coord
    fuel: Amount = 0.0
    coolant: Amount = 0.0
    electricity: Amount = 0.0
    heat: Amount = 0.0
    blocks: Blocks = Field(default_factory=Blocks)


class RobotM(Model):
    x: Coord
    y: Coord
    heat_immunity: int = Field(default=0, ge=0, le=999)


class InventoryM(Model):
    fuel_neutralizer: int = Field(default=0, ge=0, le=99)
    coolant_neutralizer: int = Field(default=0, ge=0, le=99)
    electricity_neutralizer: int = Field(default=0, ge=0, le=99)
    heat_shield: int = Field(default=0, ge=0, le=99)


class WarningM(Model):
    """One forecast or status warning; ``pulse`` is the forecast offset (Pulse +N)."""

    kind: str = Field(min_length=1, max_length=40)
    pulse: int = Field(ge=0, le=999)
    x: int | None = None
    y: int | None = None
    subject: str = Field(default="", max_length=40)
    message: str = Field(default="", max_length=300)


class ServiceM(Model):
    """Derived per-carrier service states of one consumer (saved with play in progress)."""

    x: Coord
    y: Coord
    services: dict[Carrier, Literal["supplied", "starved", "producing"]]


class DynamicM(Model):
    """Runtime state of a game in progress."""

    pulse: int = Field(default=0, ge=0)
    eye_access: bool = False
    outcome: Literal["won", "lost"] | None = None
    reason: str = Field(default="", max_length=40)
    services: list[ServiceM] = Field(default_factory=list)


class LevelM(Model):
    """A whole level (authored, or saved mid-play when ``dynamic`` is present)."""

    format: Literal["reactor-level"] = "reactor-level"
    version: Literal[1] = 1
    meta: Meta
    width: int = Field(ge=1, le=MAX_SIDE)
    height: int = Field(ge=1, le=MAX_SIDE)
    terrain: list[Annotated[str, Field(pattern=r"^[.#]*$", max_length=MAX_SIDE)]] = Field(max_length=MAX_SIDE)
    layers: Layers = Field(default_factory=Layers)
    props: list[PropM] = Field(default_factory=list, max_length=4096)
    requirements: Requirements = Field(default_factory=Requirements)
    leaks: list[LeakM] = Field(default_factory=list, max_length=4096)
    surface: list[SurfaceCellM] = Field(default_factory=list, max_length=65536)
    robot: RobotM
    inventory: InventoryM = Field(default_factory=InventoryM)
    forecasts: list[WarningM] = Field(default_factory=list, max_length=4096)
    dynamic: DynamicM | None = None


def parse_level(data: str | bytes | dict[str, Any]) -> LevelM:
    """Parse level JSON (text or dict); ``SchemaError`` says what is wrong and where."""
    return parse_model(LevelM, data, "level")


def level_json(level: LevelM) -> str:
    """Canonical JSON text of a level."""
    return canonical_json(level.model_dump(mode="json", exclude_defaults=True))


def _checksum(payload: str) -> str:
    return f"{zlib.crc32(payload.encode('ascii')) & 0xFFFFFFFF:08x}"


def share_code(level: LevelM) -> str:
    """Compact share code ``RM1.<base64url(zlib(json))>.<crc32>``, versioned and checksummed."""
    raw = zlib.compress(level_json(level).encode("utf-8"), 9)
    payload = base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")
    return f"{SHARE_PREFIX}.{payload}.{_checksum(payload)}"


def parse_share_code(code: str) -> LevelM:
    """Decode a share code; ``SchemaError`` on a wrong version, checksum or content."""
    parts = code.strip().split(".")
    if len(parts) != 3:
        raise SchemaError(
            "share code", [problem("share_parts", "expected three parts PREFIX-PAYLOAD-CHECKSUM")]
        )
    prefix, payload, check = parts
    if prefix != SHARE_PREFIX:
        why = f"unsupported version {prefix!r} (this build reads {SHARE_PREFIX})"
        raise SchemaError("share code", [problem("share_version", why, version=prefix, reads=SHARE_PREFIX)])
    if _checksum(payload) != check.lower():
        raise SchemaError(
            "share code", [problem("share_checksum", "checksum mismatch (the code is damaged or incomplete)")]
        )
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        inflater = zlib.decompressobj()
        out = inflater.decompress(raw, MAX_SHARE_BYTES)
        if inflater.unconsumed_tail:
            raise ValueError("payload too large")
        text = out.decode("utf-8")
        data = json.loads(text)
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as exc:
        raise SchemaError(
            "share code", [problem("share_payload", f"cannot decode payload ({exc})", error=str(exc))]
        ) from None
    if not isinstance(data, dict):
        raise SchemaError("share code", [problem("share_not_level", "payload is not a level object")])
    return parse_level(data)
