"""Map schema: MapLayout, MapNode, MapEdge and EncounterData, as the design's tables.

Field names follow the design exactly (``from_index``, ``to_index``, ``node_type``,
``encounter_data``, ``is_guardian``, ``guardian_id``...). All models are frozen pydantic
models, so a layout round-trips through JSON (``MapLayout.model_validate_json``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import Field

from engine.core.schema import FrozenModel


class NodeType(StrEnum):
    """What happens at a node (the design's NodeType enum)."""

    COMBAT = "COMBAT"
    ELITE = "ELITE"
    REST = "REST"
    BOSS = "BOSS"
    SHOP = "SHOP"
    SHRINE = "SHRINE"
    EVENT = "EVENT"
    TRAP = "TRAP"
    MEMORY_SHRINE = "MEMORY_SHRINE"


FIGHT_TYPES = frozenset({NodeType.COMBAT, NodeType.ELITE, NodeType.BOSS})

Rank = Literal["basic", "elite", "boss"]


class Vector2(FrozenModel):
    """Drawing position: ``x`` in [0, 1] across the layer, ``y`` in [0, 1] from start to boss."""

    x: float = Field(ge=0.0, le=1.0)
    y: float = Field(ge=0.0, le=1.0)


class EnemyData(FrozenModel):
    """One pre-rolled enemy: its HP and its attack (``dice`` d6 + ``bonus``)."""

    enemy_id: str = Field(min_length=1, max_length=40)
    rank: Rank
    hp: int = Field(ge=1, le=10_000)
    dice: int = Field(ge=1, le=10)
    bonus: int = Field(ge=0, le=100)


class EncounterData(FrozenModel):
    """Pre-rolled enemy composition of a COMBAT, ELITE or BOSS node, and its gold reward."""

    tier: Rank
    enemies: tuple[EnemyData, ...] = Field(min_length=1, max_length=8)
    gold: int = Field(ge=0, le=10_000)


class MapNode(FrozenModel):
    """A node of the map (design table "MapNode Schema")."""

    index: int = Field(ge=0)
    layer: int = Field(ge=0)
    floor: int = Field(ge=1)
    act: int = Field(ge=1, le=3)
    node_type: NodeType
    position: Vector2
    visited: bool = False
    encounter_data: EncounterData | None = None
    is_guardian: bool = False
    guardian_id: str = Field(default="", max_length=40)


class MapEdge(FrozenModel):
    """A forward connection ``from_index`` -> ``to_index`` (design table "MapEdge Schema")."""

    from_index: int = Field(ge=0)
    to_index: int = Field(ge=0)


class MapLayout(FrozenModel):
    """The whole map (design table "MapLayout Resource Schema").

    ``act`` is the act the layout was generated for the start of (always 1); the act the
    party is in during a run is derived from the current node (see ``RunState``).
    """

    nodes: tuple[MapNode, ...] = Field(min_length=2, max_length=200)
    edges: tuple[MapEdge, ...] = Field(min_length=1, max_length=600)
    layer_count: int = Field(ge=2, le=30)
    act: int = Field(ge=1, le=3)

    def nodes_at(self, layer: int) -> list[MapNode]:
        """Nodes of ``layer``, left to right (by index)."""
        return [n for n in self.nodes if n.layer == layer]

    def available_from(self, current_node_index: int) -> list[MapNode]:
        """``get_available_nodes``: the nodes reachable by one edge (layer 0 when at -1)."""
        if current_node_index < 0:
            return self.nodes_at(0)
        return [self.nodes[e.to_index] for e in self.edges if e.from_index == current_node_index]

    def incoming(self, index: int) -> list[int]:
        """Indices of the nodes with an edge into ``index``."""
        return [e.from_index for e in self.edges if e.to_index == index]

    def structure(self) -> MapLayout:
        """The layout with every ``visited`` flag cleared (what never changes during a run)."""
        return self.model_copy(
            update={"nodes": tuple(n.model_copy(update={"visited": False}) for n in self.nodes)}
        )


def count_types(layout: MapLayout) -> dict[NodeType, int]:
    """How many nodes of each type the layout holds (every type present, zero if none)."""
    out = {t: 0 for t in NodeType}
    for n in layout.nodes:
        out[n.node_type] += 1
    return out
