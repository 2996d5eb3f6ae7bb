"""Run state (RunData): map, current node, party, phase, co-op authority, and the outcome."""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from engine.core.schema import FrozenModel
from engine.runmap.config import RunOptions
from engine.runmap.model import MapLayout, MapNode, Rank


class Phase(StrEnum):
    """Where the run is: choosing on the map, fighting, in a shop, shrine, rest site or event, or over."""

    MAP = "map"
    COMBAT = "combat"
    SHOP = "shop"
    SHRINE = "shrine"
    REST = "rest"  # rules 3: rest or upgrade
    EVENT = "event"  # rules 3: an event (or a trap) with two options
    OVER = "over"


class Termination(StrEnum):
    """Why a run ended."""

    VICTORY = "victory"  # the final guardian fell
    DEFEAT = "defeat"  # every party member is at 0 HP


class PlayerState(FrozenModel):
    """One seat of the party."""

    seat: int = Field(ge=0, le=3)
    hp: int = Field(ge=0)
    max_hp: int = Field(ge=1)


class EnemyState(FrozenModel):
    """An enemy of the current fight, from the node's pre-rolled encounter."""

    enemy_id: str
    rank: Rank
    hp: int = Field(ge=0)
    max_hp: int = Field(ge=1)
    dice: int
    bonus: int
    intent: str = ""  # rules 3: "attack", "heavy" or "guard" (what it does this round, shown)
    intent_value: int = 0  # the exact hit, or the guard it raises


class CombatState(FrozenModel):
    """The current skirmish; ``last_*`` fields describe the last round for drawing."""

    node_index: int
    enemies: tuple[EnemyState, ...]
    round: int = 0
    last_party_rolls: tuple[int, ...] = ()
    last_enemy_rolls: tuple[int, ...] = ()
    pending: tuple[tuple[int, str], ...] = ()  # rules 3: (hero, action) chosen this round
    skills_used: tuple[int, ...] = ()  # rules 3: heroes who used their skill this fight
    kept_block: tuple[int, ...] = ()  # rules 6: each hero's block that nothing hit, kept into this round


class RunOutcome(FrozenModel):
    """The end of a run (``None`` from ``outcome()`` while it is in play)."""

    termination: Termination
    floor: int
    node_index: int
    guardians_defeated: tuple[str, ...]
    gold: int
    memories: tuple[int, ...]
    path: tuple[int, ...]
    score: int = 0  # gold (rules 4: earned) + 100 per guardian + 10 per floor reached (``rules.run_score``)
    defied: bool = False  # rules 2: the RNG Portal was beaten ("Defy the Gods")
    gold_earned: int = 0  # rules 4: gold held + gold spent on purchases (what the score counts)


class RunState(FrozenModel):
    """Everything a run is; RunData's ``current_node_index`` is -1 before layer 0."""

    seed: int
    options: RunOptions
    layout: MapLayout
    current_node_index: int = -1
    phase: Phase = Phase.MAP
    players: tuple[PlayerState, ...]
    gold: int = 0
    attack_bonus: int = 0
    memories: tuple[int, ...] = ()
    guardians_defeated: tuple[str, ...] = ()
    path: tuple[int, ...] = ()
    combat: CombatState | None = None
    rng_state: tuple[int, int]
    host: int | None = 0
    connected: tuple[int, ...] = (0,)
    last_event: str = ""
    result: RunOutcome | None = None
    potions: int = 0  # rules 3: the party's potion belt (drunk in fights: the "item" action)
    relics: tuple[str, ...] = ()  # rules 3: relics won from elites and altars
    block_bonus: int = 0  # rules 3: added to every block
    event: str = ""  # rules 3: the event (or "trap") the party faces in the EVENT phase
    gold_spent: int = 0  # rules 4: gold paid for purchases (shop, shrine); the score counts it

    @property
    def gold_earned(self) -> int:
        """Gold the run has earned: what is held plus what was spent on purchases (rules 4; in
        rules 1-3 ``gold_spent`` stays 0, so this is the gold held)."""
        return self.gold + self.gold_spent

    @property
    def current_node(self) -> MapNode | None:
        """The node the party stands on, ``None`` before layer 0."""
        return None if self.current_node_index < 0 else self.layout.nodes[self.current_node_index]

    @property
    def current_act(self) -> int:
        """The act of the current node (1 before the start)."""
        node = self.current_node
        return 1 if node is None else node.act

    def available_nodes(self) -> list[MapNode]:
        """Nodes the host may select now (empty unless on the map phase)."""
        if self.phase != Phase.MAP:
            return []
        return self.layout.available_from(self.current_node_index)
