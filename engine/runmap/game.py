"""``GAME``: the ``engine.core.session.Game`` for Run Map, plus a simple bot."""

from __future__ import annotations

from typing import Any

from engine.runmap.config import parse_options
from engine.runmap.moves import Buy, Choose, Fight, Leave, Move, Select, format_move, parse_move
from engine.runmap.rules import apply_move, legal_moves, new_run, start_run
from engine.runmap.state import Phase, RunState


class RunMapGame:
    """Run Map for ``Session``: ``initial`` generates the map and auto-selects layer 0."""

    name = "runmap"

    def initial(self, seed: int, options: dict[str, Any]) -> RunState:
        """Options: ``preset`` (slice|full), ``players`` (1-4), ``defy_the_gods``, ``knobs``."""
        return start_run(new_run(seed, parse_options(options)))

    def apply(self, state: RunState, move: Move) -> RunState:
        """The state after ``move``; ``IllegalMoveError`` if refused."""
        return apply_move(state, move)

    def parse_move(self, text: str) -> Move:
        """Parse ``'p0 select 3'`` and friends (``ValueError`` if malformed)."""
        return parse_move(text)

    def format_move(self, move: Move) -> str:
        """The text form of ``move``."""
        return format_move(move)

    def snapshot(self, state: RunState) -> Any:
        """The whole state as JSON-ready data (what the state hash covers)."""
        return state.model_dump(mode="json")


GAME = RunMapGame()


def bot_move(state: RunState) -> Move | None:
    """A plain host bot: heals when low, prefers REST when hurt, else the leftmost node."""
    moves = legal_moves(state)
    if not moves:
        return None
    host = state.host
    assert host is not None
    hurt = min(p.hp * 100 // p.max_hp for p in state.players) < 50
    if state.phase == Phase.MAP:
        nodes = [m for m in moves if isinstance(m, Select)]
        if hurt:
            for m in nodes:
                if state.layout.nodes[m.node].node_type.value == "REST":
                    return m
        return nodes[0]
    if state.phase == Phase.COMBAT:
        return Fight(host, "attack")
    if state.phase == Phase.SHOP:
        if hurt and Buy(host, "potion") in moves:
            return Buy(host, "potion")
        if Buy(host, "whetstone") in moves:
            return Buy(host, "whetstone")
        return Leave(host)
    return Choose(host, "atonement" if hurt else "blessing")
