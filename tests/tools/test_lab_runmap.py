"""Run Map's playtest lab module: its route, fork and decision counts on hand-made maps, and a tiny run."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")
pytest.importorskip("matplotlib")

from engine.runmap.model import MapEdge, MapLayout, MapNode, NodeType, Vector2  # noqa: E402
from tools.playtest import runmap as lab  # noqa: E402
from tools.playtest.report import LabConfig  # noqa: E402


def _layout(layers: list[list[NodeType]], edges: list[tuple[int, int]]) -> MapLayout:
    nodes = []
    for layer, row in enumerate(layers):
        for slot, t in enumerate(row):
            nodes.append(
                MapNode(
                    index=len(nodes),
                    layer=layer,
                    floor=layer + 1,
                    act=1,
                    node_type=t,
                    position=Vector2(x=(slot + 1) / (len(row) + 1), y=layer / (len(layers) - 1)),
                    is_guardian=t == NodeType.BOSS,
                    guardian_id="beholder" if t == NodeType.BOSS else "",
                )
            )
    return MapLayout(
        nodes=tuple(nodes),
        edges=tuple(MapEdge(from_index=a, to_index=b) for a, b in edges),
        layer_count=len(layers),
        act=1,
    )


C, E, R, B = NodeType.COMBAT, NodeType.ELITE, NodeType.REST, NodeType.BOSS


def test_routes_forks_and_decisions_on_a_hand_made_map():
    # 0 -> {1 ELITE, 2 REST} -> {3 COMBAT, 4 COMBAT} -> 5 BOSS; 1->3, 2->3, 2->4
    m = _layout([[C], [E, R], [C, C], [B]], [(0, 1), (0, 2), (1, 3), (2, 3), (2, 4), (3, 5), (4, 5)])
    assert lab.route_count(m) == 3
    assert lab.fork_kinds(m) == (2, 1)  # node 0 offers ELITE/REST (real), node 2 offers COMBAT/COMBAT
    assert lab.walk_decisions(m, random.Random(1)) == 1  # only the first fork is a real decision


def test_a_corridor_is_a_single_route_with_no_decision():
    m = _layout([[C], [E], [R], [B]], [(0, 1), (1, 2), (2, 3)])
    assert lab.route_count(m) == 1
    assert lab.fork_kinds(m) == (0, 0)
    assert lab.walk_decisions(m, random.Random(0)) == 0


def test_a_tiny_lab_run_reports_every_target(tmp_path):
    report = lab.run(LabConfig(games=16, seed=3, out=tmp_path, workers=1))
    keys = {m.key for m in report.metrics}
    assert {"single_route_slice", "single_route_full", "decisions_median", "shop_maps", "win_spread"} <= keys
    assert {f"per_map_{t}" for t in ("elite", "rest", "shop", "shrine")} <= keys
    assert set(report.data["win"]) == {1, 2, 3, 4}
    assert report.data["per_map"]["BOSS"] == 4  # three guardians and the RNG Portal beside the last
    assert set(report.data["defy"]) == {"shadow_kraken", "rng"}
    assert len(report.plots) == 4
