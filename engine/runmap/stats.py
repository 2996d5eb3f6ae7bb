"""Balance report: generated map composition against the design's "Expected map composition"."""

from __future__ import annotations

from engine.runmap.config import RunOptions
from engine.runmap.mapgen import generate_map
from engine.runmap.model import MapLayout, NodeType, count_types

# The design's "Expected map composition (15 floors)", as (low, high) per type.
EXPECTED_FULL: dict[NodeType, tuple[int, int]] = {
    NodeType.BOSS: (3, 3),
    NodeType.COMBAT: (5, 6),
    NodeType.ELITE: (2, 2),
    NodeType.REST: (2, 2),
    NodeType.SHOP: (2, 2),
    NodeType.SHRINE: (2, 2),
    NodeType.MEMORY_SHRINE: (2, 2),
}


def route_composition(layout: MapLayout) -> dict[NodeType, float]:
    """Expected count of each type on a route chosen uniformly among all start-to-boss routes."""
    n = len(layout.nodes)
    ways_in = [0] * n  # routes from the start to each node
    ways_out = [0] * n  # routes from each node to a final boss
    out: dict[int, list[int]] = {}
    for e in layout.edges:
        out.setdefault(e.from_index, []).append(e.to_index)
    for node in layout.nodes_at(0):
        ways_in[node.index] = 1
    for node in layout.nodes:  # indices are in layer order
        for j in out.get(node.index, []):
            ways_in[j] += ways_in[node.index]
    for node in reversed(layout.nodes):
        ways_out[node.index] = (
            1 if node.layer == layout.layer_count - 1 else sum(ways_out[j] for j in out[node.index])
        )
    total = sum(ways_out[x.index] for x in layout.nodes_at(0))
    comp = {t: 0.0 for t in NodeType}
    for node in layout.nodes:
        comp[node.node_type] += ways_in[node.index] * ways_out[node.index] / total
    return comp


def composition_report(maps: int, preset: str = "full", players: int = 1, first_seed: int = 0) -> str:
    """Generate ``maps`` maps (seeds ``first_seed``..) and tabulate per-map and per-route counts."""
    options = RunOptions(preset=preset, players=players)  # type: ignore[arg-type]
    per_map = {t: [0, 10**9, 0] for t in NodeType}  # sum, min, max
    per_route = {t: 0.0 for t in NodeType}
    sizes = 0
    for seed in range(first_seed, first_seed + maps):
        layout = generate_map(seed, players, options)
        sizes += len(layout.nodes)
        for t, c in count_types(layout).items():
            acc = per_map[t]
            acc[0] += c
            acc[1] = min(acc[1], c)
            acc[2] = max(acc[2], c)
        for t, v in route_composition(layout).items():
            per_route[t] += v
    lines = [
        f"preset={preset} maps={maps} seeds={first_seed}..{first_seed + maps - 1} players={players}",
        f"mean nodes per map: {sizes / maps:.2f}",
        f"{'type':<14}{'map mean':>9}{'min':>5}{'max':>5}{'route mean':>12}  design expects",
    ]
    for t in NodeType:
        s, lo, hi = per_map[t]
        exp = EXPECTED_FULL.get(t) if preset == "full" else None
        exp_s = "-" if exp is None else (f"{exp[0]}" if exp[0] == exp[1] else f"{exp[0]}-{exp[1]}")
        lines.append(f"{t.value:<14}{s / maps:>9.2f}{lo:>5}{hi:>5}{per_route[t] / maps:>12.2f}  {exp_s}")
    return "\n".join(lines)
