"""Ternar lab players (issue #30): the careful player and the random newcomer.

* ``careful_route``: a player who keeps the network alive. Among the routes a bounded search finds
  (``iter_routes`` with a small budget), it plays the one that leaves the most live pairs (adjacent
  equal non-singular nodes) on the field right after the collapse, before anything falls or flows
  in (the player cannot see what will arrive); ties go to the higher score. It never looks at the
  random stream.
* ``random_route``: a newcomer drawing routes without a plan: a uniformly random adjacent equal
  pair, then each further step with probability 1/2 to a uniformly random allowed neighbour.
* ``pair_route`` (the cheap family, session 13): always a two-node route, the highest-valued adjacent
  equal pair (``highest``) or the lowest-valued one, the lowest on the board on ties. Measured against
  the careful player in RULES.md ("Cheap strategies").
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.ternar.bot import iter_routes
from engine.ternar.model import Route
from engine.ternar.rules import SINGULARITY, collapse_value, link_count, step_allowed
from engine.ternar.topology import N_NODES, NEIGHBOURS

EDGES: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(N_NODES) for b in NEIGHBOURS[a] if b > a)
CAREFUL_BUDGET = (6, 160)  # per-start / total route extensions the careful player considers


def live_pairs(values: Sequence[int]) -> int:
    """Adjacent equal, non-singular node pairs: the routes' possible starts (the engine's links)."""
    return link_count(values)


def careful_route(values: Sequence[int], budget: tuple[int, int] = CAREFUL_BUDGET) -> Route | None:
    """The found route that leaves the most live pairs right after its collapse (ties: higher score).

    The pairs after a collapse are counted incrementally (the same number ``live_pairs`` gives on the
    collapsed field): the field's pairs, minus those touching the route, plus those of the result node.
    """
    best: tuple[int, ...] | None = None
    best_key = (-1, -1)
    live = [0 < v < SINGULARITY for v in values]
    touching = [
        sum(1 for b in NEIGHBOURS[a] if values[b] == values[a]) if live[a] else 0 for a in range(N_NODES)
    ]
    base = sum(touching) // 2
    for route, score in iter_routes(values, *budget):
        on = set(route)
        lost = 0
        for a in route:
            lost += touching[a]
            va = values[a]
            for b in NEIGHBOURS[a]:
                if b > a and b in on and values[b] == va:
                    lost -= 1  # a pair inside the route was counted at both ends
        result = collapse_value([values[n] for n in route])
        gained = 0
        if result < SINGULARITY:
            last = route[-1]
            gained = sum(1 for b in NEIGHBOURS[last] if b not in on and values[b] == result)
        key = (base - lost + gained, score)
        if key > best_key:
            best, best_key = route, key
    return Route(nodes=best) if best is not None else None


def random_route(values: Sequence[int], rng: random.Random) -> Route | None:
    """A route a planless player might draw: random pair, then random steps while a coin says go on."""
    pairs = [
        (a, b)
        for a in range(len(values))
        if 0 < values[a] < SINGULARITY
        for b in NEIGHBOURS[a]
        if values[b] == values[a]
    ]
    if not pairs:
        return None
    route = list(rng.choice(pairs))
    while rng.random() < 0.5:
        last = route[-1]
        nxt = [
            n
            for n in NEIGHBOURS[last]
            if n not in route
            and 0 < values[n] < SINGULARITY
            and step_allowed(values[last], values[n], len(route))
        ]
        if not nxt:
            break
        route.append(rng.choice(nxt))
    return Route(nodes=tuple(route))


def pair_route(values: Sequence[int], highest: bool) -> Route | None:
    """The cheap family's move: merge one pair and nothing more - the highest-valued adjacent equal pair
    (``highest``) or the lowest-valued one; ties go to the pair lowest on the board (largest ids)."""
    pairs = [(values[a], b, a) for a, b in EDGES if 0 < values[a] < SINGULARITY and values[b] == values[a]]
    if not pairs:
        return None
    _, b, a = max(pairs) if highest else min(pairs, key=lambda p: (p[0], -p[1], -p[2]))
    return Route(nodes=(a, b))
