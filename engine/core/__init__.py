"""Shared core for every Gridworks game: seeded PRNGs, hashing, schemas, sessions."""

from engine.core.hashing import canonical_json, state_hash
from engine.core.rng import GodotRng, Lcg32, Pcg32, SplitMix64, XorShift128Plus
from engine.core.schema import FrozenModel, Model, SchemaError, parse_model
from engine.core.session import Game, IllegalMoveError, SaveData, Session

__all__ = [
    "Game",
    "GodotRng",
    "IllegalMoveError",
    "Lcg32",
    "FrozenModel",
    "Model",
    "Pcg32",
    "SaveData",
    "SchemaError",
    "Session",
    "SplitMix64",
    "XorShift128Plus",
    "canonical_json",
    "parse_model",
    "state_hash",
]
