"""Shared core for every Gridworks game: seeded PRNGs, hashing, schemas, sessions."""

from engine.core.hashing import canonical_json, state_hash
from engine.core.rng import GodotRng, Lcg32, Pcg32, SplitMix64, XorShift128Plus
from engine.core.schema import FrozenModel, Model, SchemaError, parse_model
from engine.core.session import (
    Game,
    IllegalMoveError,
    Restored,
    RulesChangedError,
    SaveData,
    Session,
    restore,
    rules_of,
)

__all__ = [
    "Game",
    "GodotRng",
    "IllegalMoveError",
    "Lcg32",
    "FrozenModel",
    "Model",
    "Pcg32",
    "Restored",
    "RulesChangedError",
    "SaveData",
    "SchemaError",
    "Session",
    "SplitMix64",
    "XorShift128Plus",
    "canonical_json",
    "parse_model",
    "restore",
    "rules_of",
    "state_hash",
]
