"""Structural checks of a MapLayout: used by the tests and when a layout comes from outside."""

from __future__ import annotations

from engine.core.schema import SchemaError, parse_model
from engine.runmap.model import FIGHT_TYPES, MapLayout, NodeType


def reachable_from_start(layout: MapLayout) -> set[int]:
    """Indices reachable from the layer-0 node(s) by following edges forward (BFS)."""
    seen = {n.index for n in layout.nodes_at(0)}
    frontier = list(seen)
    out: dict[int, list[int]] = {}
    for e in layout.edges:
        out.setdefault(e.from_index, []).append(e.to_index)
    while frontier:
        nxt = []
        for i in frontier:
            for j in out.get(i, []):
                if j not in seen:
                    seen.add(j)
                    nxt.append(j)
        frontier = nxt
    return seen


def reaching_boss(layout: MapLayout) -> set[int]:
    """Indices from which a last-layer BOSS can be reached (backward BFS)."""
    last = layout.layer_count - 1
    seen = {n.index for n in layout.nodes_at(last) if n.node_type == NodeType.BOSS}
    frontier = list(seen)
    inc: dict[int, list[int]] = {}
    for e in layout.edges:
        inc.setdefault(e.to_index, []).append(e.from_index)
    while frontier:
        nxt = []
        for i in frontier:
            for j in inc.get(i, []):
                if j not in seen:
                    seen.add(j)
                    nxt.append(j)
        frontier = nxt
    return seen


def crossing_pairs(layout: MapLayout) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Pairs of edges between the same two layers that cross (a < c but b > d by slot order)."""
    slot = {}
    for layer in range(layout.layer_count):
        for k, n in enumerate(layout.nodes_at(layer)):
            slot[n.index] = k
    out = []
    edges = [(e.from_index, e.to_index) for e in layout.edges]
    for i, (a, b) in enumerate(edges):
        for c, d in edges[i + 1 :]:
            if layout.nodes[a].layer != layout.nodes[c].layer:
                continue
            if (slot[a] - slot[c]) * (slot[b] - slot[d]) < 0:
                out.append(((a, b), (c, d)))
    return out


def layout_problems(layout: MapLayout, edges_max: int = 3) -> list[str]:
    """Every rule a playable layout must keep; empty when the layout is sound."""
    p: list[str] = []
    n = len(layout.nodes)
    for k, node in enumerate(layout.nodes):
        if node.index != k:
            p.append(f"nodes.{k}: index is {node.index}, expected {k}")
        if not 0 <= node.layer < layout.layer_count:
            p.append(f"node {k}: layer {node.layer} outside 0..{layout.layer_count - 1}")
        if (node.encounter_data is not None) != (node.node_type in FIGHT_TYPES):
            p.append(
                f"node {k}: {node.node_type.value} with encounter_data={node.encounter_data is not None}"
            )
        if node.is_guardian != (node.node_type == NodeType.BOSS):
            p.append(f"node {k}: is_guardian does not match type {node.node_type.value}")
    if p:
        return p
    layers = [[x.index for x in layout.nodes_at(layer)] for layer in range(layout.layer_count)]
    for layer, members in enumerate(layers):
        if not members:
            p.append(f"layer {layer} is empty")
    first = layout.nodes_at(0)
    if len(first) != 1 or first[0].node_type != NodeType.COMBAT:
        p.append("layer 0 must be exactly one COMBAT node")
    last = layout.nodes_at(layout.layer_count - 1)
    if not last or any(x.node_type != NodeType.BOSS for x in last):
        p.append("the last layer must hold only BOSS nodes")
    seen_edges = set()
    outdeg = [0] * n
    for e in layout.edges:
        if not (0 <= e.from_index < n and 0 <= e.to_index < n):
            p.append(f"edge {e.from_index}->{e.to_index} names a missing node")
            continue
        if layout.nodes[e.to_index].layer != layout.nodes[e.from_index].layer + 1:
            p.append(f"edge {e.from_index}->{e.to_index} does not go one layer forward")
        if (e.from_index, e.to_index) in seen_edges:
            p.append(f"edge {e.from_index}->{e.to_index} is repeated")
        seen_edges.add((e.from_index, e.to_index))
        outdeg[e.from_index] += 1
    if p:
        return p
    for node in layout.nodes:
        if node.layer < layout.layer_count - 1 and not 1 <= outdeg[node.index] <= edges_max:
            p.append(f"node {node.index} has {outdeg[node.index]} forward edges (1..{edges_max})")
        if node.layer > 0 and not layout.incoming(node.index):
            p.append(f"node {node.index} has no incoming edge")
    if crossing_pairs(layout):
        p.append("edges cross")
    if len(reachable_from_start(layout)) != n:
        p.append("some node is not reachable from layer 0")
    if len(reaching_boss(layout)) != n:
        p.append("some node cannot reach the boss")
    return p


def load_layout(text: str | dict[str, object]) -> MapLayout:
    """Parse and check a MapLayout JSON; ``SchemaError`` names what is wrong."""
    layout = parse_model(MapLayout, text, "map layout")  # type: ignore[arg-type]
    problems = layout_problems(layout)
    if problems:
        raise SchemaError("map layout", problems)
    return layout
