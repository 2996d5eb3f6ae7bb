"""The party around the host (issue 29, "co-op as a party"): wishes on the map and seats on return.

On the map only the host selects (criterion 9), but every player marks a **wish** first: the node
they would take next, shown to everyone, so the host decides with the party's wishes in view. At a
shrine, a rest site or an event the host chooses one option, and a wish names the option there
(``option_wish``: the node the party stands on and the option's index in ``options_now``, so it too
is forgotten when the party moves on): guests never only watch.
A wish is not a move (it never changes the run or its hash); it belongs to one map position and is
forgotten when the party moves on. The host keeps the table and sends it to all (devices are a star:
guests hear only the host).

A player who comes back (a tab that slept, a device that reconnects) asks for the seat it had; it
gets it when that seat is free, else the lowest free seat.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.runmap.moves import ShrineOption
from engine.runmap.state import Phase, RunState


def options_now(state: RunState) -> tuple[ShrineOption, ...]:
    """The options the host chooses between in this phase (shrine, rest site, event), else ()."""
    from engine.runmap.choices3 import OPTIONS  # noqa: PLC0415 - the rules modules import this one's peers
    from engine.runmap.rules import SHRINE_OPTIONS  # noqa: PLC0415

    if state.phase == Phase.SHRINE:
        return SHRINE_OPTIONS
    return OPTIONS.get(state.phase, ()) if state.options.rules >= 3 else ()


OPTION_WISH = 10_000  # option wishes are numbered from here (map nodes are far fewer)
OPTION_SLOTS = 4  # most options of one phase (a shrine has three)


def option_wish(state: RunState, k: int) -> int:
    """The wish for option ``k`` of ``options_now`` at the node the party stands on."""
    return OPTION_WISH + OPTION_SLOTS * state.current_node_index + k


def option_of(state: RunState, wish: int) -> int | None:
    """The option index a wish names here and now (None: a node, or an option of another place)."""
    k = wish - option_wish(state, 0)
    return k if 0 <= k < len(options_now(state)) else None


def wish_problem(state: RunState, seat: int, node: int | None) -> str | None:
    """Why ``seat`` may not wish for ``node`` now (``None`` clears a wish), or ``None``. On the map
    ``node`` is a node; at a shrine, rest site or event an ``option_wish``."""
    if seat not in state.connected:
        return f"p{seat} is not in the party"
    if node is None:
        return None
    options = options_now(state)
    if options:
        if option_of(state, node) is None:
            return f"p{seat} cannot wish for {node} here: the options are {', '.join(options)}"
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


def option_votes(state: RunState, tallied: Mapping[int, list[int]]) -> dict[int, list[int]]:
    """The party's wishes (``tally``) for the options here: option index -> seats."""
    out = {}
    for wish, seats in tallied.items():
        k = option_of(state, wish)
        if k is not None:
            out[k] = list(seats)
    return out


def seat_for_return(state: RunState, wanted: int | None) -> int | None:
    """The seat a (re)joining player gets: ``wanted`` if free, else the lowest free one; ``None``
    when the party is full."""
    free = [k for k in range(state.options.players) if k not in state.connected]
    if not free:
        return None
    return wanted if wanted in free else free[0]
