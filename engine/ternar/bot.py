"""Route search: the bounded GreedyBot of 17.10 and hints.

A field of equal values has astronomically many simple paths, so the search is a depth-first
enumeration with budgets: at most ``per_start`` route extensions from each starting pair and
``total`` overall (defaults 400 and 8 000). Neighbours are tried higher value first, then by id,
so step-ups (which raise the sum) are explored before plateaus. Within budget the search is
exhaustive; when a budget runs out the best route found so far is kept, so on crowded fields the
bot may miss the longest chain (it is greedy and bounded, not optimal). Ties keep the first found.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.ternar.model import Route, State
from engine.ternar.rules import CLEAN_WATER_BONUS, SINGULARITY, multiplier_tenths
from engine.ternar.topology import N_NODES, NEIGHBOURS

PER_START = 400
TOTAL = 8_000


def _score(total: int, length: int) -> int:
    return total * multiplier_tenths(length) // 10 + (CLEAN_WATER_BONUS if length >= 12 else 0)


def iter_routes(
    values: Sequence[int], per_start: int = PER_START, total: int = TOTAL
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Yield (route, score) for valid routes, depth-first, within the budgets described above."""
    order = [sorted(NEIGHBOURS[n], key=lambda m: (-values[m], m)) for n in range(N_NODES)]
    spent_total = 0
    for a in range(N_NODES):
        va = values[a]
        if va == 0 or va >= SINGULARITY:
            continue
        for b in order[a]:
            if values[b] != va:
                continue
            if spent_total >= total:
                return
            budget = min(per_start, total - spent_total)
            path = [a, b]
            on = {a, b}
            sums = [va, 2 * va]
            spent = 1
            yield (a, b), _score(2 * va, 2)
            stack: list[Iterator[int]] = [iter(order[b])]
            while stack and spent < budget:
                nxt = next(stack[-1], None)
                if nxt is None:
                    stack.pop()
                    on.discard(path.pop())
                    sums.pop()
                    continue
                v = values[nxt]
                last = values[path[-1]]
                if nxt in on or v == 0 or v >= SINGULARITY or (v != last and v != last * 3):
                    continue
                path.append(nxt)
                on.add(nxt)
                sums.append(sums[-1] + v)
                spent += 1
                yield tuple(path), _score(sums[-1], len(path))
                stack.append(iter(order[nxt]))
            spent_total += spent


def greedy_route(state: State, per_start: int = PER_START, total: int = TOTAL) -> Route | None:
    """GreedyBot (17.10): the found route with the highest S_final; None when no route exists."""
    best: tuple[int, ...] | None = None
    best_score = -1
    for route, score in iter_routes(state.values, per_start, total):
        if score > best_score:
            best, best_score = route, score
    return Route(nodes=best) if best is not None else None


def hint(state: State) -> Route | None:
    """A cheap suggestion: the best route within a small budget (for a 'hint' button)."""
    return greedy_route(state, per_start=60, total=1500)


def count_routes(values: Sequence[int], per_start: int = PER_START, total: int = TOTAL) -> int:
    """Number of routes the bounded search sees (a debugging/telemetry figure)."""
    return sum(1 for _ in iter_routes(values, per_start, total))


def bot_policy(state: State) -> Route | None:
    """The shared CLI's and the generic lab's bot (``python -m engine.core bot ternar``): GreedyBot."""
    return None if state.outcome is not None else greedy_route(state)
