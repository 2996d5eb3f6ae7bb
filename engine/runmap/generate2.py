"""Generator 2 (rules 2, issue 19): maps with real decisions.

Slay the Spire's map rules as the model: edges never cross, and **no fork offers one node type
on every branch** (nodes side by side in a layer never share a type; with windows of consecutive
targets, a fork's options are always side by side). Every node forks as widely as the
non-crossing rule allows, so every route meets a choice at every layer that can hold one.

Full preset, per act (floors 1-5): entrance COMBAT (1 node) -> 2 nodes -> 3 nodes ->
MEMORY_SHRINE (1 node; act 3: one random "camp" node) -> guardian. Act 3's last layer holds
the Shadow Kraken and, beside it, the RNG Portal: every route ends in that choice ("Defy the
Gods"). Node types are dealt per act: ELITE in two acts, REST in two acts, SHOP in acts 2 and 3
(the caps of 2, at most one elite per act), placed at random slots; the other slots roll the
act's table without the capped types, never the type of the left neighbour.

Slice preset: layer 1 is one COMBAT (criterion 7 leaves no other type there, and two COMBATs
side by side would be a fork without a choice), later layers are drawn with 2..max nodes, types
roll the knob weights without the left neighbour's type, and a layer ends early where the caps
leave only that type (so the slice, too, never offers a fork without a choice).

Draw order: node counts and types layer by layer, then (slice only) one mirror draw per layer
pair, then encounters in node order.
"""

from __future__ import annotations

from engine.core.rng import GodotRng
from engine.runmap.config import FLOORS_PER_ACT, GUARDIANS, RNG_PORTAL, RunOptions
from engine.runmap.encounters import roll_encounter, roll_guardian_encounter
from engine.runmap.generate import (
    ACT1_WEIGHTS,
    BASE_WEIGHTS,
    _Counts,
    _position,
    node_weights,
    weighted_random,
)
from engine.runmap.model import MapEdge, MapLayout, MapNode, NodeType

FULL_SHAPE = (1, 2, 3, 1, 1)  # nodes per layer of an act (the guardian layer of act 3 holds 2)
DEALT = (NodeType.SHOP, NodeType.ELITE, NodeType.REST)
Row = list[tuple[NodeType, str]]


def fork_windows(n_sources: int, n_targets: int, edges_max: int) -> list[tuple[int, int]]:
    """Per source (left to right) a window ``(start, count)`` of consecutive targets: as wide as
    the non-crossing rule allows, starting on the previous source's last target when it can, and
    covering every target. Needs ``n_targets <= edges_max * n_sources``."""
    if n_targets > edges_max * n_sources:
        raise ValueError(f"{n_sources} nodes cannot cover {n_targets} with {edges_max} edges each")
    out: list[tuple[int, int]] = []
    prev_max = 0
    for i in range(n_sources):
        left = n_sources - 1 - i
        best: tuple[int, int] | None = None
        for count in range(min(edges_max, n_targets), 0, -1):
            for start in (0,) if i == 0 else (prev_max, prev_max + 1):
                end = start + count - 1
                if end > n_targets - 1 or n_targets - 1 - end > edges_max * left:
                    continue
                if left == 0 and end != n_targets - 1:
                    continue
                best = (start, count)
                break
            if best is not None:
                break
        assert best is not None
        out.append(best)
        prev_max = best[0] + best[1] - 1
    return out


def _mirror(windows: list[tuple[int, int]], n_targets: int) -> list[tuple[int, int]]:
    return [(n_targets - s - c, c) for s, c in reversed(windows)]


def _act_deck(rng: GodotRng) -> dict[int, list[NodeType]]:
    """Which act gets which dealt type: SHOP in acts 2 and 3, ELITE and REST each skip one act."""
    no_elite = rng.randi_range(1, 3)
    no_rest = rng.randi_range(1, 3)
    deck: dict[int, list[NodeType]] = {1: [], 2: [NodeType.SHOP], 3: [NodeType.SHOP]}
    for act in (1, 2, 3):
        if act != no_elite:
            deck[act].append(NodeType.ELITE)
        if act != no_rest:
            deck[act].append(NodeType.REST)
    return deck


def _filler(act: int, left: NodeType | None, rng: GodotRng) -> NodeType:
    table = ACT1_WEIGHTS if act == 1 else BASE_WEIGHTS
    weights = [(t, w) for t, w in table if t not in DEALT and t != left]
    return weighted_random(weights, rng)


def _full_rows(options: RunOptions, rng: GodotRng) -> list[Row]:
    deck = _act_deck(rng)
    rows: list[Row] = []
    for act in (1, 2, 3):
        sizes = [FULL_SHAPE[1], FULL_SHAPE[2]] + ([1] if act == 3 else [])
        left_slots = sum(sizes)
        todo = list(deck[act])
        rows.append([(NodeType.COMBAT, "")])
        for size in sizes:
            row: Row = []
            for _ in range(size):
                left = row[-1][0] if row else None
                if todo and rng.randi_range(1, left_slots) <= len(todo):
                    pick = todo.pop(rng.randi_range(0, len(todo) - 1))
                else:
                    pick = _filler(act, left, rng)
                row.append((pick, ""))
                left_slots -= 1
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
        size = 1 if layer == 1 else rng.randi_range(min(max(k.nodes_per_layer_min, 2), cap), cap)
        row: Row = []
        for _ in range(size):
            weights = node_weights(options, layer, 1, counts)
            left = row[-1][0] if row else None
            apart = [(t, w) for t, w in weights if t != left]
            if sum(w for _, w in apart) <= 0:
                break  # the caps leave only the left neighbour's type: the layer ends here
            pick = weighted_random(apart, rng)
            counts.add(pick, 1)
            row.append((pick, ""))
        rows.append(row)
    rows.append([(NodeType.BOSS, GUARDIANS[1])])
    return rows


def generate_map_v2(seed: int, player_count: int, options: RunOptions) -> MapLayout:
    """Generator 2 for the preset in ``options``; same inputs, same map."""
    rng = GodotRng(seed)
    full = options.preset == "full"
    rows = _full_rows(options, rng) if full else _slice_rows(options, rng)
    emax = 2 if full else options.knobs.edges_per_node_max
    layer_count = len(rows)
    firsts, k = [], 0
    for row in rows:
        firsts.append(k)
        k += len(row)
    edges: list[MapEdge] = []
    for layer in range(layer_count - 1):
        n, m = len(rows[layer]), len(rows[layer + 1])
        windows = fork_windows(n, m, emax)
        if not full and rng.randi_range(0, 1):
            windows = _mirror(fork_windows(n, m, emax), m)
        for i, (start, count) in enumerate(windows):
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
