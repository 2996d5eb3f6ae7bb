"""Helpers for the Run Map tests: drive a run to a chosen node type."""

from __future__ import annotations

from collections import deque

from engine.runmap import GAME, NodeType, Phase, RunState, fight3
from engine.runmap.moves import Choose, Fight, Leave, Select
from engine.runmap.rules import apply_move


def path_to(state: RunState, target: int) -> list[int] | None:
    """Node indices from the current node (exclusive) to ``target`` (inclusive), or None."""
    start = state.current_node_index
    prev: dict[int, int] = {start: -2}
    queue = deque([start])
    out: dict[int, list[int]] = {}
    for e in state.layout.edges:
        out.setdefault(e.from_index, []).append(e.to_index)
    while queue:
        i = queue.popleft()
        if i == target:
            path = []
            while i != start:
                path.append(i)
                i = prev[i]
            return path[::-1]
        for j in out.get(i, []):
            if j not in prev:
                prev[j] = i
                queue.append(j)
    return None


def heal_full(state: RunState) -> RunState:
    """Test-only: restore every player's HP (keeps fights from ending the run)."""
    return state.model_copy(
        update={"players": tuple(p.model_copy(update={"hp": p.max_hp}) for p in state.players)}
    )


def resolve(state: RunState) -> RunState:
    """Finish the current node (attack until won, leave shops, take a blessing) with full HP each round."""
    while state.phase != Phase.MAP:
        host = state.host
        assert host is not None
        if state.phase == Phase.COMBAT:
            hero = fight3.next_hero_for(state, host) if state.options.rules >= 3 else None
            state = apply_move(heal_full(state), Fight(host, "attack", None if hero == host else hero))
        elif state.phase == Phase.REST:
            state = apply_move(state, Choose(host, "rest"))
        elif state.phase == Phase.EVENT:
            state = apply_move(state, Choose(host, "decline"))
        elif state.phase == Phase.SHOP:
            state = apply_move(state, Leave(host))
        elif state.phase == Phase.SHRINE:
            state = apply_move(state, Choose(host, "blessing"))
        else:
            raise AssertionError(f"run ended: {state.result}")
    return state


def drive_to(
    node_type: NodeType, options: dict[str, object], seeds: range = range(400)
) -> tuple[RunState, int]:
    """A state on the map phase with a ``node_type`` node among the available ones, and that node."""
    for seed in seeds:
        state = GAME.initial(seed, options)
        candidates = [n.index for n in state.layout.nodes if n.node_type == node_type and n.layer >= 1]
        if not candidates:
            continue
        state = resolve(state)
        path = path_to(state, candidates[0])
        assert path is not None
        for node in path[:-1]:
            state = resolve(apply_move(state, Select(state.host or 0, node)))
        return state, path[-1]
    raise AssertionError(f"no seed reaches {node_type}")
