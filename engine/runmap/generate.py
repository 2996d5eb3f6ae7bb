"""Map generation; generator 1 follows the design's ``generate_map`` pseudocode on Godot's RNG.

Order of random draws (one ``GodotRng(seed)``, i.e. ``rng = RandomNumberGenerator.new();
rng.seed = seed``), as in the pseudocode:

1. node types, layer by layer: for a layer of random nodes first its node count
   ``randi_range(min, min(max, edges_max * previous_count))``, then one ``roll_node_type``
   per node; fixed layers (act entrance COMBAT, MEMORY_SHRINE, BOSS) draw nothing;
2. edges, layer pair by layer pair, source by source (``connect_count`` then the window);
3. encounters, node by node in index order (COMBAT/ELITE then BOSS, as the pseudocode).

Deviations the issue asks for (1-3 nodes per layer, non-crossing edges, every node reaches
the boss) and every reading of an unclear line are listed in RULES.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.rng import GodotRng
from engine.runmap.config import (
    FLOORS_PER_ACT,
    FULL_EDGES_MAX,
    FULL_ELITE_CAP,
    FULL_ELITE_PER_ACT,
    FULL_LAYERS,
    FULL_NODES_MAX,
    FULL_NODES_MIN,
    FULL_REST_CAP,
    FULL_SHOP_CAP,
    GUARDIANS,
    RNG_PORTAL,
    RunOptions,
)
from engine.runmap.encounters import roll_encounter, roll_guardian_encounter
from engine.runmap.model import MapEdge, MapLayout, MapNode, NodeType, Vector2

# Act weight tables, in the order the design lists them (the order of the cumulative walk).
BASE_WEIGHTS: tuple[tuple[NodeType, int], ...] = (
    (NodeType.COMBAT, 40),
    (NodeType.ELITE, 15),
    (NodeType.REST, 15),
    (NodeType.SHOP, 10),
    (NodeType.SHRINE, 10),
    (NodeType.EVENT, 5),
    (NodeType.TRAP, 5),
)
ACT1_WEIGHTS: tuple[tuple[NodeType, int], ...] = (
    (NodeType.COMBAT, 50),
    (NodeType.ELITE, 15),
    (NodeType.REST, 20),
    (NodeType.SHRINE, 15),
)


@dataclass(frozen=True)
class LayerPlan:
    """What one layer holds before rolling: fixed types (one node each) or ``None`` = random."""

    layer: int
    floor: int
    act: int
    fixed: tuple[tuple[NodeType, str], ...] | None  # (type, guardian_id) per node


def plan_layers(options: RunOptions) -> list[LayerPlan]:
    """The layer plan of the preset: slice = COMBAT, random x (L-2), BOSS; full = 3 acts x 5 floors."""
    if options.preset == "slice":
        last = options.knobs.layer_count - 1
        plans = [LayerPlan(0, 1, 1, ((NodeType.COMBAT, ""),))]
        plans += [LayerPlan(layer, layer + 1, 1, None) for layer in range(1, last)]
        plans.append(LayerPlan(last, last + 1, 1, ((NodeType.BOSS, GUARDIANS[1]),)))
        return plans
    plans = []
    for act in range(1, 4):
        base = (act - 1) * FLOORS_PER_ACT
        plans.append(LayerPlan(base, base + 1, act, ((NodeType.COMBAT, ""),)))
        plans.append(LayerPlan(base + 1, base + 2, act, None))
        plans.append(LayerPlan(base + 2, base + 3, act, None))
        if act <= 2:
            plans.append(LayerPlan(base + 3, base + 4, act, ((NodeType.MEMORY_SHRINE, ""),)))
        else:
            plans.append(LayerPlan(base + 3, base + 4, act, None))
        bosses: tuple[tuple[NodeType, str], ...] = ((NodeType.BOSS, GUARDIANS[act]),)
        if act == 3 and options.defy_the_gods:
            bosses = (*bosses, (NodeType.BOSS, RNG_PORTAL))
        plans.append(LayerPlan(base + 4, base + 5, act, bosses))
    assert len(plans) == FULL_LAYERS
    return plans


class _Counts:
    """Running type counts for the caps (whole map, and elites per act)."""

    def __init__(self) -> None:
        self.total: dict[NodeType, int] = {t: 0 for t in NodeType}
        self.elite_by_act: dict[int, int] = {1: 0, 2: 0, 3: 0}

    def add(self, node_type: NodeType, act: int) -> None:
        self.total[node_type] += 1
        if node_type == NodeType.ELITE:
            self.elite_by_act[act] += 1


def node_weights(options: RunOptions, layer: int, act: int, counts: _Counts) -> list[tuple[NodeType, int]]:
    """``roll_node_type``'s weight table after act modifiers, caps and the early-layer rule."""
    weights: dict[NodeType, int]
    if options.preset == "slice":
        k = options.knobs
        weights = {
            NodeType.COMBAT: k.combat_weight,
            NodeType.ELITE: k.elite_weight,
            NodeType.REST: k.rest_weight,
        }
        if counts.total[NodeType.ELITE] >= k.elite_cap:
            weights[NodeType.ELITE] = 0
        if counts.total[NodeType.REST] >= k.rest_cap:
            weights[NodeType.REST] = 0
        if layer <= 1:  # acceptance criterion 7: no ELITE or REST in layers 0-1
            weights[NodeType.ELITE] = 0
            weights[NodeType.REST] = 0
    else:
        weights = dict(ACT1_WEIGHTS if act == 1 else BASE_WEIGHTS)
        if act == 2:  # "Introduce shop": the base table already holds SHOP 10
            weights[NodeType.SHOP] = 10
        if counts.total[NodeType.ELITE] >= FULL_ELITE_CAP or counts.elite_by_act[act] >= FULL_ELITE_PER_ACT:
            weights[NodeType.ELITE] = 0
        if counts.total[NodeType.REST] >= FULL_REST_CAP:
            weights[NodeType.REST] = 0
        if NodeType.SHOP in weights and counts.total[NodeType.SHOP] >= FULL_SHOP_CAP:
            weights[NodeType.SHOP] = 0
    return list(weights.items())


def weighted_random(weights: list[tuple[NodeType, int]], rng: GodotRng) -> NodeType:
    """One ``randi_range(0, total - 1)`` draw, walked through the cumulative weights in order."""
    total = sum(w for _, w in weights)
    if total <= 0:
        raise ValueError("every weight is zero")
    roll = rng.randi_range(0, total - 1)
    for node_type, w in weights:
        if roll < w:
            return node_type
        roll -= w
    raise AssertionError("unreachable")  # pragma: no cover


def edge_windows(n_sources: int, n_targets: int, edges_max: int, rng: GodotRng) -> list[tuple[int, int]]:
    """Edges between two layers: per source (left to right) a window ``(start, count)`` of
    consecutive targets such that edges never cross, every target gets an incoming edge and
    every source 1..``edges_max`` outgoing ones. Needs ``n_targets <= edges_max * n_sources``.

    Per source: ``connect_count = randi_range(lowest, highest feasible count)`` (the
    pseudocode's ``randi_range(1, min(2, next.size()))`` when nothing constrains it), then
    the window start among the feasible ones (previous source's last target, or the next).
    """
    if n_targets > edges_max * n_sources:
        raise ValueError(f"{n_sources} nodes cannot cover {n_targets} with {edges_max} edges each")
    windows: list[tuple[int, int]] = []
    prev_max = -1
    for i in range(n_sources):
        left = n_sources - 1 - i
        starts = (0,) if i == 0 else (prev_max, prev_max + 1)
        options: list[tuple[int, int]] = []
        for count in range(1, min(edges_max, n_targets) + 1):
            for start in starts:
                end = start + count - 1
                if start < 0 or end > n_targets - 1:
                    continue
                if n_targets - 1 - end > edges_max * left or (left == 0 and end != n_targets - 1):
                    continue
                options.append((start, count))
        feasible_counts = sorted({c for _, c in options})
        assert feasible_counts == list(range(feasible_counts[0], feasible_counts[-1] + 1))
        count = rng.randi_range(feasible_counts[0], feasible_counts[-1])
        feasible_starts = [s for s, c in options if c == count]
        start = feasible_starts[rng.randi_range(0, len(feasible_starts) - 1)]
        windows.append((start, count))
        prev_max = start + count - 1
    return windows


def _position(slot: int, size: int, layer: int, layer_count: int) -> Vector2:
    return Vector2(x=(slot + 1) / (size + 1), y=layer / (layer_count - 1))


def generate_map_v1(seed: int, player_count: int, options: RunOptions) -> MapLayout:
    """Generator 1: the design's pseudocode (issue 9)."""
    rng = GodotRng(seed)
    plans = plan_layers(options)
    layer_count = len(plans)
    if options.preset == "slice":
        nmin, nmax, emax = (
            options.knobs.nodes_per_layer_min,
            options.knobs.nodes_per_layer_max,
            options.knobs.edges_per_node_max,
        )
    else:
        nmin, nmax, emax = FULL_NODES_MIN, FULL_NODES_MAX, FULL_EDGES_MAX

    # 1. node types, layer by layer
    counts = _Counts()
    layers: list[list[tuple[NodeType, str]]] = []
    prev = 1
    for plan in plans:
        if plan.fixed is not None:
            row = list(plan.fixed)
        else:
            hi = min(nmax, emax * prev)
            size = rng.randi_range(min(nmin, hi), hi)
            row = []
            for _ in range(size):
                node_type = weighted_random(node_weights(options, plan.layer, plan.act, counts), rng)
                counts.add(node_type, plan.act)
                row.append((node_type, ""))
        if len(row) > emax * prev:
            raise ValueError(f"layer {plan.layer} cannot be covered")  # pragma: no cover - plans forbid it
        layers.append(row)
        prev = len(row)

    # node records, indices in layer order, left to right
    firsts: list[int] = []
    specs: list[tuple[LayerPlan, int, NodeType, str]] = []
    for plan, row in zip(plans, layers):
        firsts.append(len(specs))
        for slot, (node_type, guardian) in enumerate(row):
            specs.append((plan, slot, node_type, guardian))

    # 2. edges
    edges: list[MapEdge] = []
    for layer in range(layer_count - 1):
        windows = edge_windows(len(layers[layer]), len(layers[layer + 1]), emax, rng)
        for i, (start, count) in enumerate(windows):
            for j in range(start, start + count):
                edges.append(MapEdge(from_index=firsts[layer] + i, to_index=firsts[layer + 1] + j))

    # 3. encounters, then the node models
    nodes: list[MapNode] = []
    for index, (plan, slot, node_type, guardian) in enumerate(specs):
        encounter = None
        if node_type in (NodeType.COMBAT, NodeType.ELITE):
            encounter = roll_encounter(node_type, player_count, plan.act, rng)
        elif node_type == NodeType.BOSS:
            encounter = roll_guardian_encounter(guardian, player_count, plan.act, rng)
        nodes.append(
            MapNode(
                index=index,
                layer=plan.layer,
                floor=plan.floor,
                act=plan.act,
                node_type=node_type,
                position=_position(slot, len(layers[plan.layer]), plan.layer, layer_count),
                visited=False,
                encounter_data=encounter,
                is_guardian=node_type == NodeType.BOSS,
                guardian_id=guardian,
            )
        )
    return MapLayout(nodes=tuple(nodes), edges=tuple(edges), layer_count=layer_count, act=1)
