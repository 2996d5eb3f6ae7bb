"""The party around the host (issue 29, "co-op as a party"): wishes on the map and seats on return.

On the map only the host selects (criterion 9), but every player marks a **wish** first: the node
they would take next, shown to everyone, so the host decides with the party's wishes in view.
A wish is not a move (it never changes the run or its hash); it belongs to one map position and is
forgotten when the party moves on. The host keeps the table and sends it to all (devices are a star:
guests hear only the host).

A player who comes back (a tab that slept, a device that reconnects) asks for the seat it had; it
gets it when that seat is free, else the lowest free seat.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.runmap.state import Phase, RunState


def wish_problem(state: RunState, seat: int, node: int | None) -> str | None:
    """Why ``seat`` may not wish for ``node`` now (``None`` clears a wish), or ``None``."""
    if seat not in state.connected:
        return f"p{seat} is not in the party"
    if node is None:
        return None
    if state.phase != Phase.MAP:
        return f"p{seat} cannot wish for a node now: the party is not on the map"
    if node not in {n.index for n in state.available_nodes()}:
        return f"p{seat} cannot wish for node {node}: it is not reachable from here"
    return None


def with_wish(wishes: Mapping[int, int], seat: int, node: int | None) -> dict[int, int]:
    """The wish table with ``seat``'s wish set to ``node`` (removed when ``None``)."""
    out = {s: n for s, n in wishes.items() if s != seat}
    if node is not None:
        out[seat] = node
    return dict(sorted(out.items()))


def valid_wishes(state: RunState, wishes: Mapping[int, int] | Iterable[tuple[int, int]]) -> dict[int, int]:
    """The wishes that still hold for ``state`` (connected seats, reachable nodes)."""
    pairs = wishes.items() if isinstance(wishes, Mapping) else wishes
    return {s: n for s, n in sorted(pairs) if wish_problem(state, s, n) is None}


def tally(state: RunState, wishes: Mapping[int, int]) -> dict[int, list[int]]:
    """Node -> the seats wishing for it (seat order), valid wishes only."""
    out: dict[int, list[int]] = {}
    for seat, node in valid_wishes(state, wishes).items():
        out.setdefault(node, []).append(seat)
    return out


def seat_for_return(state: RunState, wanted: int | None) -> int | None:
    """The seat a (re)joining player gets: ``wanted`` if free, else the lowest free one; ``None``
    when the party is full."""
    free = [k for k in range(state.options.players) if k not in state.connected]
    if not free:
        return None
    return wanted if wanted in free else free[0]
