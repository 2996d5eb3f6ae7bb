"""A small greedy bot: walks to props and leak faces, tries each lengthy action, keeps the best.

It exists for headless smoke tests and the ``bot`` command; it is not a solver.
"""

from __future__ import annotations

from collections import deque

from engine.core.session import IllegalMoveError
from engine.reactor import network
from engine.reactor.actions import Action, apply_action, parse_action
from engine.reactor.balance import CARRIERS, QUANTITIES
from engine.reactor.game import hash_state
from engine.reactor.pulse import robot_hazard
from engine.reactor.state import DIRS, ELEMENTS, ITEM_FOR, ReactorState

MAX_TRIES = 8  # the same lengthy action at the same cell (enough to cycle every junction mode)
MAX_TIES = 4  # consecutive actions that do not improve the score


def path_to(st: ReactorState, target: int) -> list[str] | None:
    """Shortest list of ``move`` actions to ``target`` through cells that are safe right now."""
    g = st.grid
    prev: dict[int, tuple[int, str]] = {}
    seen = {st.robot}
    todo = deque([st.robot])
    while todo:
        u = todo.popleft()
        if u == target:
            out: list[str] = []
            while u != st.robot:
                u, step = prev[u]
                out.append(step)
            return out[::-1]
        for d, v in g.neighbors[u]:
            if v in seen or g.walls[v] or robot_hazard(st, v):
                continue
            seen.add(v)
            prev[v] = (u, f"move {DIRS[d][0].lower()}")
            todo.append(v)
    return None


def score(st: ReactorState) -> tuple[float, ...]:
    """Higher is better: won, not lost, ready, required production met, fewer forecast losses, calm."""
    counts = network.producing_counts(st)
    met = sum(min(counts[c], st.required[c]) for c in CARRIERS)
    won = st.outcome is not None and st.outcome.result == "won"
    lost = st.outcome is not None and st.outcome.result == "lost"
    losses = sum(1 for w in st.forecasts if w.kind == "terminal_loss")
    fed = sum(1 for p in st.props_of("reactor") if network.reactor_fed(st, p.cell))
    hazard = sum(sum(st.surface[q]) for q in QUANTITIES)
    return (float(won), float(not lost), float(len(st.ready)), float(met + fed), float(-losses), -hazard)


def candidates(st: ReactorState) -> list[tuple[int, str]]:
    """(cell, lengthy action) pairs worth trying; ``interact*k`` repeats (junction ratio cycling)."""
    out: list[tuple[int, str]] = []
    for cell, p in sorted(st.props.items()):
        if p.kind == "reactor":
            if cell in st.ready:
                out.append((cell, "activate"))
        elif p.kind == "junction":
            out.extend((cell, f"interact*{k}") for k in range(1, len(st.balance.junction_ratio_modes)))
        elif not (p.kind == "supply" and p.depleted) and not (p.kind == "terminal" and st.eye_access):
            out.append((cell, "interact"))
    for lk in st.leaks:
        if not lk.repaired:
            out.append((lk.access, f"repair {lk.carrier}"))
    for e in ELEMENTS:
        if st.inventory[ITEM_FOR[e]] > 0:
            t = st.balance.thresholds[e]
            for i in st.grid.floor_cells:
                if st.surface[e][i] >= t.caution:
                    out.append((i, f"remedy {e}"))
    return out


def run_bot(st: ReactorState, max_actions: int = 40) -> tuple[ReactorState, list[str]]:
    """Greedy play from ``st``; returns the final state and the accepted actions."""
    played: list[str] = []
    seen = {hash_state(st)}
    tries: dict[tuple[int, str], int] = {}
    ties = 0
    for _ in range(max_actions):
        if st.outcome is not None:
            break
        best: tuple[tuple[float, ...], ReactorState, list[str], tuple[int, str]] | None = None
        for cell, action in candidates(st):
            if tries.get((cell, action), 0) >= MAX_TRIES:
                continue
            path = path_to(st, cell)
            if path is None:
                continue
            s = st
            name, _, times = action.partition("*")
            steps = [*path, *[name] * int(times or 1)]
            try:
                for text in steps:
                    s = apply_action(s, parse_action(text))
            except IllegalMoveError:
                continue
            h = hash_state(s)
            if h in seen:
                continue
            sc = score(s)
            if best is None or sc > best[0]:
                best = (sc, s, steps, (cell, action))
        if best is None or best[0] < score(st):  # (score ties are allowed a few times in a row)
            break
        ties = ties + 1 if best[0] == score(st) else 0
        if ties > MAX_TIES:
            break
        tries[best[3]] = tries.get(best[3], 0) + 1
        seen.add(hash_state(best[1]))
        st = best[1]
        played.extend(best[2])
    return st, played


def bot_policy(st: ReactorState) -> Action | None:
    """The shared CLI's bot (``python -m engine.core bot reactor``): the greedy bot's next action from
    this state (its first step of ``run_bot``); ``None`` once the level ended or nothing improves."""
    if st.outcome is not None:
        return None
    _, steps = run_bot(st, max_actions=1)
    return parse_action(steps[0]) if steps else None
