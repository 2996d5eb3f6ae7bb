"""Generator 3 (rules 3, issue 29): maps that differ in shape, not only in icons.

Generator 2 gave every full map one graph (1-2-3-1-1 per act, widest windows). Generator 3 keeps
its guarantees (edges never cross, nodes side by side never share a type, so no fork offers one
type on every branch; every node is reached and reaches the boss; the caps) and draws the shape:

- **full**, per act: entrance COMBAT (1) -> a random layer of 2 nodes (all that one node can
  reach) -> a random layer of 2 or 3 (drawn) -> MEMORY_SHRINE (1; act 3: a "camp" layer of 1 to 3 nodes) -> guardian (act 3: the Shadow
  Kraken and the RNG Portal side by side). Types are dealt per act as in generator 2 (SHOP in acts
  2 and 3, ELITE and REST in two acts each) and the other slots roll the act's table.
- **slice**: layer 0 one COMBAT, layer 1 one or two nodes (COMBAT, or COMBAT and SHRINE: criterion
  7 keeps ELITE and REST out of layers 0-1), then layers of 2..max nodes rolled from the knob
  weights plus act 1's SHRINE (15, uncapped: the slice is act 1 and act 1's table holds it), caps
  ELITE 1 / REST 2, never the left neighbour's type.
- **edges** of every layer pair are one of the non-crossing window plans that cover both layers
  (each source 1..edges_max consecutive targets, no target skipped), drawn with weight
  ``FORK_WEIGHT ** forks`` so wide forks are likely but not forced.

Draw order: rows (sizes, then types node by node), then one edge-plan draw per layer pair, then
encounters in node order.
"""

from __future__ import annotations

from functools import cache

from engine.core.rng import GodotRng
from engine.runmap.config import FLOORS_PER_ACT, GUARDIANS, RNG_PORTAL, RunOptions
from engine.runmap.encounters import roll_encounter, roll_guardian_encounter
from engine.runmap.generate import _Counts, _position, node_weights, weighted_random
from engine.runmap.generate2 import _act_deck, _filler
from engine.runmap.model import MapEdge, MapLayout, MapNode, NodeType

Row = list[tuple[NodeType, str]]
Plan = tuple[tuple[int, int], ...]
FORK_WEIGHT = 4  # an edge plan's weight is FORK_WEIGHT ** (sources with two or more targets)
SLICE_SHRINE_WEIGHT = 15  # act 1's SHRINE weight (the design's act-1 table)


@cache
def window_plans(n_sources: int, n_targets: int, edges_max: int) -> tuple[Plan, ...]:
    """Every way to join two layers without crossings: per source (left to right) a window
    ``(start, count)`` of 1..edges_max consecutive targets starting on the previous source's last
    target or the one after, the first at 0, the last ending on the last target."""
    out: list[Plan] = []

    def walk(i: int, prev_end: int, acc: list[tuple[int, int]]) -> None:
        if i == n_sources:
            if prev_end == n_targets - 1:
                out.append(tuple(acc))
            return
        starts = (0,) if i == 0 else (prev_end, prev_end + 1)
        for start in starts:
            for count in range(1, edges_max + 1):
                end = start + count - 1
                if end > n_targets - 1:
                    continue
                if n_targets - 1 - end > edges_max * (n_sources - 1 - i):
                    continue
                walk(i + 1, end, [*acc, (start, count)])

    walk(0, -1, [])
    return tuple(out)


def pick_plan(n_sources: int, n_targets: int, edges_max: int, rng: GodotRng) -> Plan:
    """One window plan, drawn with weight ``FORK_WEIGHT ** forks`` (one ``randi_range``)."""
    plans = window_plans(n_sources, n_targets, edges_max)
    if not plans:
        raise ValueError(f"{n_sources} nodes cannot cover {n_targets} with {edges_max} edges each")
    weights = [FORK_WEIGHT ** sum(c >= 2 for _, c in p) for p in plans]
    roll = rng.randi_range(0, sum(weights) - 1)
    for plan, w in zip(plans, weights):
        if roll < w:
            return plan
        roll -= w
    raise AssertionError("unreachable")  # pragma: no cover


def _full_rows(rng: GodotRng) -> list[Row]:
    deck = _act_deck(rng)
    rows: list[Row] = []
    for act in (1, 2, 3):
        # after the single entrance at most 2 nodes fit (2 edges each, no crossings)
        sizes = [2, rng.randi_range(2, 3)] + ([rng.randi_range(1, 3)] if act == 3 else [])
        slots = sum(sizes)
        todo = list(deck[act])
        rows.append([(NodeType.COMBAT, "")])
        for size in sizes:
            row: Row = []
            for _ in range(size):
                left = row[-1][0] if row else None
                if todo and rng.randi_range(1, slots) <= len(todo):
                    pick = todo.pop(rng.randi_range(0, len(todo) - 1))  # one of each per act
                else:
                    pick = _filler(act, left, rng)
                row.append((pick, ""))
                slots -= 1
            rows.append(row)
        if act <= 2:
            rows.append([(NodeType.MEMORY_SHRINE, "")])
        bosses: Row = [(NodeType.BOSS, GUARDIANS[act])]
        if act == 3:
            bosses.append((NodeType.BOSS, RNG_PORTAL))
        rows.append(bosses)
    return rows


def _slice_rows(options: RunOptions, rng: GodotRng) -> list[Row]:
    k = options.knobs
    last = k.layer_count - 1
    counts = _Counts()
    rows: list[Row] = [[(NodeType.COMBAT, "")]]
    for layer in range(1, last):
        cap = min(k.nodes_per_layer_max, k.edges_per_node_max * len(rows[-1]))
        lo = 1 if layer == 1 else min(max(k.nodes_per_layer_min, 2), cap)
        size = rng.randi_range(lo, min(cap, 2) if layer == 1 else cap)
        row: Row = []
        for _ in range(size):
            weights = [*node_weights(options, layer, 1, counts), (NodeType.SHRINE, SLICE_SHRINE_WEIGHT)]
            left = row[-1][0] if row else None
            apart = [(t, w) for t, w in weights if t != left and w > 0]
            if not apart:
                break  # pragma: no cover - SHRINE is never capped
            pick = weighted_random(apart, rng)
            counts.add(pick, 1)
            row.append((pick, ""))
        rows.append(row)
    rows.append([(NodeType.BOSS, GUARDIANS[1])])
    return rows


def generate_map_v3(seed: int, player_count: int, options: RunOptions) -> MapLayout:
    """Generator 3 for the preset in ``options``; same inputs, same map."""
    rng = GodotRng(seed)
    full = options.preset == "full"
    rows = _full_rows(rng) if full else _slice_rows(options, rng)
    emax = 2 if full else options.knobs.edges_per_node_max
    layer_count = len(rows)
    firsts, k = [], 0
    for row in rows:
        firsts.append(k)
        k += len(row)
    edges: list[MapEdge] = []
    for layer in range(layer_count - 1):
        plan = pick_plan(len(rows[layer]), len(rows[layer + 1]), emax, rng)
        for i, (start, count) in enumerate(plan):
            edges += [
                MapEdge(from_index=firsts[layer] + i, to_index=firsts[layer + 1] + j)
                for j in range(start, start + count)
            ]
    nodes: list[MapNode] = []
    for layer, row in enumerate(rows):
        act = layer // FLOORS_PER_ACT + 1 if full else 1
        for slot, (node_type, guardian) in enumerate(row):
            encounter = None
            if node_type in (NodeType.COMBAT, NodeType.ELITE):
                encounter = roll_encounter(node_type, player_count, act, rng, options.rules)
            elif node_type == NodeType.BOSS:
                encounter = roll_guardian_encounter(guardian, player_count, act, rng, options.rules)
            nodes.append(
                MapNode(
                    index=len(nodes),
                    layer=layer,
                    floor=layer + 1,
                    act=act,
                    node_type=node_type,
                    position=_position(slot, len(row), layer, layer_count),
                    encounter_data=encounter,
                    is_guardian=node_type == NodeType.BOSS,
                    guardian_id=guardian,
                )
            )
    return MapLayout(nodes=tuple(nodes), edges=tuple(edges), layer_count=layer_count, act=1)
