"""Balance values: one data file (``balance.json``) with difficulty presets.

``normal`` is the base preset; ``easy``/``hard`` override some of its values. Every number is
rounded to single precision on load (C# ``float`` balance fields).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from pydantic import Field, field_validator, model_validator

from engine.core.schema import FrozenModel, SchemaError
from engine.reactor.f32 import f32

CARRIERS: tuple[str, ...] = ("fuel", "coolant", "electricity")
QUANTITIES: tuple[str, ...] = ("fuel", "coolant", "electricity", "heat")


def _round(v: Any) -> Any:
    if isinstance(v, float) or (isinstance(v, int) and not isinstance(v, bool)):
        return f32(float(v))
    if isinstance(v, dict):
        return {k: _round(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_round(x) for x in v]
    return v


class Thresholds(FrozenModel):
    """Display/forecast band thresholds for one surface quantity (``safe`` = trace/presence level)."""

    safe: float = Field(ge=0)
    caution: float = Field(gt=0)
    critical: float = Field(gt=0)

    @model_validator(mode="after")
    def _ordered(self) -> Thresholds:
        if not self.safe < self.caution < self.critical:
            raise ValueError("thresholds must satisfy safe < caution < critical")
        return self


class Balance(FrozenModel):
    """Every tunable number of the simulation (see balance.json)."""

    pulse_steps: int = Field(ge=1, le=64)
    forecast_horizon: int = Field(ge=0, le=32)
    max_structural_integrity: float = Field(gt=0)
    structural_integrity_high_intensity_threshold: float = Field(ge=0)
    structural_integrity_damage_scale: float = Field(ge=0)
    structural_integrity_leak_threshold: float = Field(ge=0)
    source_amount: dict[str, float]
    source_intensity: dict[str, float]
    falloff_amount: dict[str, float]
    falloff_intensity: dict[str, float]
    max_network_amount: float = Field(gt=0)
    max_network_intensity: float = Field(gt=0)
    junction_ratio_modes: list[tuple[float, float, float]] = Field(min_length=1)
    consumer_min_amount: float = Field(gt=0)
    consumer_min_intensity: float = Field(gt=0)
    leak_injection_scale: dict[str, float]
    sprinkler_water_per_outlet: float = Field(ge=0)
    sprinkler_pressure_drop: float = Field(ge=0)
    sprinkler_pressure_drop_falloff: float = Field(gt=0)
    ambient_evaporation_per_step: float = Field(ge=0)
    heat_evaporation_scale: float = Field(ge=0)
    evaporation_cooling_scale: float = Field(ge=0)
    conduct_multiplier: float = Field(ge=1)
    flow_amount: dict[str, float]
    dilute_amount: float = Field(ge=0)
    warm_amount: float = Field(ge=0)
    quench_amount: float = Field(ge=0)
    ignite_heat: float = Field(ge=0)
    ignite_fuel: float = Field(gt=0)
    thresholds: dict[str, Thresholds]
    surface_max: dict[str, float]
    robot_unsafe: dict[str, float | None]
    reactor_heat_caution: float = Field(ge=0)
    reactor_heat_critical: float = Field(ge=0)
    reactor_heat_terminal: float = Field(gt=0)
    inventory_capacity: int = Field(ge=0, le=99)
    remedy_duration: int = Field(ge=1, le=99)
    heat_immunity_steps: int = Field(ge=1, le=99)

    @field_validator(
        "source_amount", "source_intensity", "falloff_amount", "falloff_intensity", "leak_injection_scale"
    )
    @classmethod
    def _per_carrier(cls, v: dict[str, float]) -> dict[str, float]:
        if set(v) != set(CARRIERS):
            raise ValueError(f"needs exactly the keys {list(CARRIERS)}")
        return v

    @field_validator("flow_amount", "thresholds", "surface_max", "robot_unsafe")
    @classmethod
    def _per_quantity(cls, v: dict[str, Any]) -> dict[str, Any]:
        if set(v) != set(QUANTITIES):
            raise ValueError(f"needs exactly the keys {list(QUANTITIES)}")
        return v

    @model_validator(mode="after")
    def _falloff_positive(self) -> Balance:
        for c in CARRIERS:
            if self.falloff_amount[c] <= 0 or self.falloff_intensity[c] <= 0:
                raise ValueError("falloff must be positive (flow must die out)")
        return self


def _load_file() -> dict[str, Any]:
    text = resources.files("engine.reactor").joinpath("balance.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def difficulties() -> list[str]:
    """Names of the difficulty presets."""
    data = _load_file()
    return sorted({*data["presets"], *data["overrides"]})


@cache
def load_balance(difficulty: str = "normal") -> Balance:
    """The balance preset for ``difficulty`` (values rounded to single precision)."""
    data = _load_file()
    if difficulty in data["presets"]:
        raw = dict(data["presets"][difficulty])
    elif difficulty in data["overrides"]:
        raw = {**data["presets"][data["default"]], **data["overrides"][difficulty]}
    else:
        raise SchemaError("difficulty", [f"unknown difficulty {difficulty!r}; choose from {difficulties()}"])
    ints = {"pulse_steps", "forecast_horizon", "inventory_capacity", "remedy_duration", "heat_immunity_steps"}
    rounded = {k: (v if k in ints else _round(v)) for k, v in raw.items()}
    return Balance.model_validate(rounded)
