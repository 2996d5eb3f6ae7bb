"""Turn order: who moves next, by rules version and number of ships (RULES.md "Initiative", "Seats").

``round_order`` lists a round's movers, ``next_turn`` passes the turn on (a new round when every living
ship has moved), ``turn_order`` is the panel's queue of the next movers.
"""

from __future__ import annotations

from dataclasses import replace

from engine.orbit.state import OrbitState

INITIATIVE = "duel"
"""Rules 2 turn order (RULES.md "Initiative", chosen with the playtest lab): "duel" alternates the
first move in a two-ship game (A B | B A | A B ...) and keeps the seat order with three or four ships;
the other readings measured are "rotate" (the lead moves on each round: 0 1 2 | 1 2 0), "snake" (the
order reverses each round: 0 1 2 | 2 1 0) and "fixed" (0 1 2 | 0 1 2)."""


INITIATIVE_3: dict[int, str] = {2: "rotate", 3: "rotate", 4: "rotate"}
"""Rules 3 turn order by number of ships (issue 28, fair seats; RULES.md "Seats")."""


def _mode(state: OrbitState) -> str:
    n = len(state.ships)
    if state.rules < 2:
        return "fixed"
    mode = INITIATIVE_3.get(n, "fixed") if state.rules >= 3 else INITIATIVE
    if mode == "duel":
        mode = "rotate" if n == 2 else "fixed"
    return mode


def round_order(state: OrbitState, rnd: int) -> list[int]:
    """Every ship id (living or not) in the order it moves in round ``rnd``."""
    n = len(state.ships)
    base = [(state.lead + k) % n for k in range(n)]
    mode = _mode(state)
    if mode == "fixed":
        return base
    if mode == "snake":
        return base if rnd % 2 == 1 else base[::-1]
    return [(state.lead + rnd - 1 + k) % n for k in range(n)]


def next_turn(state: OrbitState) -> tuple[int, int, int]:
    """``(active, round, lead)`` after the active ship's turn: who moves next and in which round.

    A round is one turn for every living ship in ``round_order``; when everyone has moved the next
    round begins (``lead``, the first ship of the game, stays fixed; the order derives from it).
    """
    alive = [s.alive for s in state.ships]
    order = round_order(state, state.round)
    pos = order.index(state.active)
    for cand in order[pos + 1 :]:
        if alive[cand]:
            return cand, state.round, state.lead
    nxt = round_order(state, state.round + 1)
    return next(c for c in nxt if alive[c]), state.round + 1, state.lead


def turn_order(state: OrbitState, turns: int) -> list[int]:
    """The ships that will move in the next ``turns`` turns if nobody dies (for the panel's queue)."""
    out = []
    s = state
    for _ in range(turns):
        out.append(s.active)
        active, rnd, lead = next_turn(s)
        s = replace(s, active=active, round=rnd, lead=lead)
    return out
