"""A simple seeded bot (for the CLI, benchmarks and determinism tests): random turn/shift, hard drop."""

from __future__ import annotations

from engine.core.rng import Lcg32
from engine.floodline.geometry import PLAY_GRAVITIES, Gravity, is_perpendicular
from engine.floodline.moves import IDLE, TickInput
from engine.floodline.rules import step
from engine.floodline.state import State

_MOVES = ("x+", "x-", "z+", "z-", "y+", "y-")
_TURNS = ("x+", "x-", "y+", "y-", "z+", "z-")
_AXIS = {"DOWN": "y", "NORTH": "z", "SOUTH": "z", "EAST": "x", "WEST": "x"}


def bot_piece_moves(s: State, rng: Lcg32, tilt_every: int = 0) -> list[TickInput]:
    """Tick inputs placing one piece: maybe a tilt (after dropping low), turns, taps, hard drop."""
    out: list[TickInput] = []
    if tilt_every and s.metrics["piecesUsed"] % tilt_every == tilt_every - 1:
        options = [
            g for g in PLAY_GRAVITIES if g in s.level.rotation.allowed and is_perpendicular(g, s.gravity)
        ]
        if s.gravity != Gravity.DOWN and Gravity.DOWN in options:
            options = [Gravity.DOWN]
        if options:
            # bring the piece down first so it does not slide sideways above the height limit
            out.append(TickInput(soft=True, repeat=max(1, s.board.sy - 8)))
            out.append(TickInput(tilt=options[rng.next_below(len(options))]))
    for _ in range(rng.next_below(3)):
        out.append(TickInput(rotations=(_TURNS[rng.next_below(6)],)))
    legal = [m for m in _MOVES if m[0] != _AXIS[s.gravity.value]]
    for _ in range(rng.next_below(6)):
        out.append(TickInput(move=legal[rng.next_below(len(legal))]))
        out.append(IDLE)
    out.append(TickInput(hard=True))
    return out


def run_bot(s: State, seed: int, max_pieces: int = 50, tilt_every: int = 0) -> tuple[State, list[TickInput]]:
    """Play until the game ends or ``max_pieces`` pieces; returns the final state and the tick inputs."""
    rng = Lcg32(seed)
    played: list[TickInput] = []
    for _ in range(max_pieces):
        if s.outcome is not None:
            break
        for mv in bot_piece_moves(s, rng, tilt_every):
            for _ in range(mv.repeat):
                if s.outcome is None:
                    s = step(s, mv.once())
                    played.append(mv.once())
    return s, played


def bot_policy(s: State) -> TickInput | None:
    """The shared CLI's bot (``python -m engine.core bot floodline``): the drop-only player (each piece
    hard-dropped where it spawns), the cheapest baseline of the lab's family."""
    return (
        TickInput(hard=True)
        if s.outcome is None and s.active is not None
        else IDLE
        if s.outcome is None
        else None
    )
