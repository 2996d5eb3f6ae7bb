"""Outcome cards: what the player is told after a move, derived from (old state, new state).

Pure Python. The engine's ``last_event`` is English debug text; the glue derives localised
messages from the difference between two states instead, so nothing here decides a rule.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from engine.runmap import NodeType, Phase, RunState
from engine.runmap.rules import MEMORY_MAX_HP, rest_heal_percent


@dataclass
class Card:
    """A dismissable message: a title key and (key, format args) lines; ``kind`` picks the icon."""

    title: str
    lines: list[tuple[str, dict[str, object]]] = field(default_factory=list)
    kind: str = ""
    guardian: str = ""


def _hp_total(s: RunState) -> int:
    return sum(p.hp for p in s.players)


def card_for(old: RunState, new: RunState) -> Card | None:
    """The card to show after ``old`` became ``new`` (None when the screen itself says it)."""
    if new.phase == Phase.OVER:
        return None  # the end screen takes over
    if old.phase == Phase.COMBAT and new.phase == Phase.MAP and old.combat is not None:
        node = new.layout.nodes[old.combat.node_index]
        rounds = new.combat.round if new.combat else old.combat.round + 1
        card = Card(
            "won_fight",
            [("won_fight_text", {"rounds": rounds, "gold": new.gold - old.gold})],
            node.node_type.value,
            node.guardian_id,
        )
        if node.node_type == NodeType.BOSS:
            card.lines.insert(0, ("guardian_down", {"name": ("@" + node.guardian_id)}))
        for relic in new.relics[len(old.relics) :]:
            card.lines.append(("res_relic", {"name": "@" + relic}))
        healed = _hp_total(new) - _hp_total(old)
        if healed > 0:  # an act guardian's fall restores the party (RULES.md)
            card.lines.append(("restored", {"hp": healed}))
        return card
    if old.phase in (Phase.REST, Phase.EVENT) and new.phase == Phase.MAP:
        return _choice_card(old, new)
    if len(new.path) > len(old.path) and new.phase == Phase.MAP:
        node = new.layout.nodes[new.current_node_index]
        t = node.node_type
        gained = _hp_total(new) - _hp_total(old)
        if t == NodeType.REST:
            per = max((n.hp - o.hp for n, o in zip(new.players, old.players, strict=True)), default=0)
            return Card("REST", [("rested_text", {"hp": per})], t.value)
        if t == NodeType.MEMORY_SHRINE:
            return Card("MEMORY_SHRINE", [("memory_text", {"act": node.act, "hp": MEMORY_MAX_HP})], t.value)
        if t == NodeType.EVENT:
            if new.gold > old.gold:
                return Card("EVENT", [("event_gold", {"n": new.gold - old.gold})], t.value)
            per = max((abs(n.hp - o.hp) for n, o in zip(new.players, old.players, strict=True)), default=0)
            key = "event_spring" if gained >= 0 else "event_curse"
            return Card("EVENT", [(key, {"n": per})], t.value)
        if t == NodeType.TRAP:
            hits = ", ".join(str(o.hp - n.hp) for n, o in zip(new.players, old.players, strict=True))
            return Card("TRAP", [("trap_text", {"hits": hits})], t.value)
    return None


def _choice_card(old: RunState, new: RunState) -> Card:
    """What a rest-site or event choice did (rules 3): gold, HP, potions, relics, upgrades."""
    lines: list[tuple[str, dict[str, object]]] = []
    if new.gold != old.gold:
        lines.append(("res_gold", {"n": new.gold - old.gold}))
    hp = max((n.hp - o.hp for n, o in zip(new.players, old.players, strict=True)), key=abs, default=0)
    if hp:
        lines.append(("res_hp", {"n": hp}))
    if new.potions != old.potions:
        lines.append(("res_potions", {"n": new.potions - old.potions}))
    for relic in new.relics[len(old.relics) :]:
        lines.append(("res_relic", {"name": "@" + relic}))
    if new.block_bonus > old.block_bonus and not new.relics[len(old.relics) :]:
        lines.append(("res_upgrade", {"atk": f"+{new.attack_bonus}", "blk": new.block_bonus}))
    kind = "REST" if old.phase == Phase.REST else ("TRAP" if old.event == "trap" else "EVENT")
    return Card("result", lines or [("res_nothing", {})], kind)


def rest_heal(state: RunState) -> tuple[int, int]:
    """(percent, HP per full-health player) a REST node heals in this run (display only)."""
    pct = rest_heal_percent(state.options)
    mx = state.players[0].max_hp if state.players else 60
    return round(pct * 100), math.floor(mx * pct)
