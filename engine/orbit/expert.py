"""The ``expert`` computer player: a look-ahead search over its own turn, the opponents' best replies
and its own next turn.

For the best-looking ``EXPERT_WIDTH`` plans (ranked by the one-turn positional estimate), every
opponent due to move before it replies in turn order; each opponent's reply is the worst for the
expert among that opponent's ``REPLY_WIDTH`` best plans by its own estimate (a paranoid model that
still only considers moves the opponent would plausibly make). Then the expert plays its best next
turn and the position is scored (material, heat, mass, and the weapons each side has lined up for
the following turn). Heat, ring changes to engage or escape, and the railgun's heat and recoil fall out
of the simulation rather than hand-written rules.
"""

from __future__ import annotations

from collections.abc import Generator

from engine.orbit.moves import TurnPlan
from engine.orbit.search import FUSS, _ranked_steps, evaluate
from engine.orbit.state import OrbitState

EXPERT_WIDTH = 12
"""How many of its own plans the expert searches in depth."""
REPLY_WIDTH = 3
"""How many of each opponent's best plans are checked for the reply that hurts the expert most."""
LEAF_REPLIES = False
"""After its own next turn, also let the opponents reply once more (their own best plan) before scoring."""


def expert_steps(state: OrbitState, seed: int) -> Generator[None, None, TurnPlan]:
    """The expert's search as a generator (one simulated plan per step); returns the chosen plan."""
    me = state.active
    ranked = (yield from _ranked_steps(state, seed, lookahead=True))[:EXPERT_WIDTH]
    best: tuple[tuple[float, tuple[float, int]], TurnPlan] | None = None
    for key, plan, after in ranked:
        s = after
        while s.outcome is None and s.active != me and s.ships[me].alive:
            replies = (yield from _ranked_steps(s, seed, lookahead=True, adjust=False))[:REPLY_WIDTH]
            s = min(replies, key=lambda r: (evaluate(state, r[2], me, True), r[0][1]))[2]
        if s.outcome is None and s.ships[me].alive and s.active == me:
            mine = yield from _ranked_steps(s, seed, lookahead=True, adjust=False)
            s = mine[0][2]
            while LEAF_REPLIES and s.outcome is None and s.active != me and s.ships[me].alive:
                s = (yield from _ranked_steps(s, seed, lookahead=True, adjust=False))[0][2]
        score = evaluate(state, s, me, True) - FUSS * (plan.rotate + (plan.adjust != 0))
        if best is None or (score, key) > best[0]:
            best = ((score, key), plan)
    assert best is not None
    return best[1]
