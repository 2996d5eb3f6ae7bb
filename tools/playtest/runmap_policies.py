"""Run Map lab, rules 3 (issue 29): route policies and fight policies (best actions: ``runmap_actions``).

A run is played by a **route policy** (which node to take on the map) and a **fight policy** (what
each hero does in a round). Both are cheap, fixed strategies, as the lab keeps them per game:

- route policies, scored over every route ahead (best sum of node values to a final boss):
  ``seek_elites`` (elites worth +3 while every hero is at 60 % HP or more, -3 when hurt; rests
  worth +2 when hurt), ``avoid_elites`` (elites -5), ``safe`` (rests/shrines +2, elites -5, traps
  and events -1, the Kraken at the end), ``greedy_gold`` (elites +2, events +1, rests -1, never
  buys, the RNG Portal's hoard at the end), ``random`` (uniform among the options);
- fight policies: ``attack`` (always attack), ``block`` (always block), ``parry_attack`` (Parry
  whenever it is allowed, else attack: answers only the telegraphed heavy, once), ``block_hits``
  (block whenever a blow is shown, attack in guard rounds: reads only "is a hit coming"),
  ``reader`` (the engine's ``read_intents``: parry heavy rounds, block big hits, drink when near
  death, brace before a heavy, else attack).

The rest of the run (shops, rests, events) is the engine's ``bot_move``, the same for every policy.
"""

from __future__ import annotations

import random
from typing import Any

from engine.runmap import GAME, NodeType
from engine.runmap.fight3 import action_allowed, incoming
from engine.runmap.game import bot_move, read_intents
from engine.runmap.model import MapLayout
from engine.runmap.moves import Buy, Fight, Leave, Move, Select
from engine.runmap.rules import apply_move
from engine.runmap.state import Phase, RunState

ROUTE_POLICIES = ("seek_elites", "avoid_elites", "safe", "greedy_gold", "random")
FIGHT_POLICIES = ("attack", "block", "parry_attack", "block_hits", "reader")
HEALTHY = 0.6
NO_BUY = "+nobuy"  # suffix of a route policy that never buys (the shopping split of RULES.md)


def _healthy(s: RunState) -> bool:
    return min(p.hp / p.max_hp for p in s.players if p.hp > 0) >= HEALTHY


def node_value(policy: str, s: RunState, layout: MapLayout, index: int) -> float:
    """What ``policy`` thinks of a node, given the party's state now."""
    n = layout.nodes[index]
    t = n.node_type
    if policy == "seek_elites":
        hurt = not _healthy(s)
        return {NodeType.ELITE: -3 if hurt else 3, NodeType.REST: 2 if hurt else 0}.get(t, 0)
    if policy == "avoid_elites":
        return -5 if t == NodeType.ELITE else 0
    if policy == "safe":
        if n.guardian_id == "rng":
            return -5
        return {
            NodeType.REST: 2,
            NodeType.SHRINE: 2,
            NodeType.ELITE: -5,
            NodeType.TRAP: -1,
            NodeType.EVENT: -1,
        }.get(t, 0)
    if policy == "greedy_gold":
        if n.guardian_id == "rng":
            return 5
        return {NodeType.ELITE: 2, NodeType.EVENT: 1, NodeType.REST: -1}.get(t, 0)
    return 0


def pick_node(policy: str, s: RunState, rng: random.Random) -> int:
    """The node ``policy`` selects among the available ones (best route ahead; ties leftmost)."""
    avail = [n.index for n in s.available_nodes()]
    if policy == "random":
        return avail[rng.randrange(len(avail))]
    layout = s.layout
    out: dict[int, list[int]] = {}
    for e in layout.edges:
        out.setdefault(e.from_index, []).append(e.to_index)
    best: dict[int, float] = {}
    for node in reversed(layout.nodes):
        ahead = max((best[j] for j in out.get(node.index, [])), default=0.0)
        best[node.index] = node_value(policy, s, layout, node.index) + ahead
    return max(avail, key=lambda k: (best[k], -k))


def fight_action(policy: str, s: RunState, hero: int) -> str:
    """The action of ``hero`` under the fight ``policy``."""
    if policy == "attack":
        return "attack"
    if policy == "block":
        return "block"
    if policy == "parry_attack":
        return "skill" if action_allowed(s, hero, "skill") is None else "attack"
    if policy == "block_hits":
        assert s.combat is not None
        return "block" if any(incoming(e) > 0 for e in s.combat.enemies) else "attack"
    return read_intents(s, hero)


def policy_move(s: RunState, route: str, fight: str, rng: random.Random) -> Move | None:
    """The next move of a run played by the (route, fight) policy pair."""
    move = bot_move(s)
    if move is None:
        return None
    nobuy = route.endswith(NO_BUY)  # a variant: the route policy that never buys
    route = route.removesuffix(NO_BUY)
    if s.phase == Phase.MAP:
        return Select(move.seat, pick_node(route, s, rng))
    if s.phase == Phase.COMBAT and isinstance(move, Fight):
        return Fight(move.seat, fight_action(fight, s, move.actor), move.hero)  # type: ignore[arg-type]
    if s.phase == Phase.SHOP and (route == "greedy_gold" or nobuy):
        return Leave(move.seat)
    if isinstance(move, Buy):
        return move
    return move


def play(item: tuple[str, int, int, str, str] | tuple[str, int, int, str, str, int]) -> dict[str, Any]:
    """One whole run: (preset, players, seed, route policy, fight policy[, rules]) -> outcome
    figures; without ``rules`` the run is played by the current rules."""
    preset, players, seed, route, fight = item[:5]
    rng = random.Random(seed * 7919 + 17)
    opts: dict[str, Any] = {"preset": preset, "players": players}
    if len(item) > 5:
        opts["rules"] = item[5]  # type: ignore[misc]
    s = GAME.initial(seed, opts)
    elites = fights = rounds = 0
    while (move := policy_move(s, route, fight, rng)) is not None:
        if isinstance(move, Select):
            t = s.layout.nodes[move.node].node_type
            elites += t == NodeType.ELITE
            fights += t in (NodeType.COMBAT, NodeType.ELITE, NodeType.BOSS)
        before = s.combat.round if s.combat else 0
        s = apply_move(s, move)
        rounds += s.combat is not None and s.combat.round > before
    res = s.result
    assert res is not None
    return {
        "won": res.termination.value == "victory",
        "score": res.score,
        "floor": res.floor,
        "elites": elites,
        "relics": len(s.relics),
        "gold": res.gold,
        "earned": res.gold_earned or res.gold,  # rules 4 scores gold earned (held + spent)
        "rounds": rounds,
        "fights": fights,
    }
