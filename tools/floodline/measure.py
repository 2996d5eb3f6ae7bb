"""Campaign measurements for the playtest lab: replay traces, teach beats, water at rest, wind pushes.

Each function takes engine values (a parsed ``Level``, tick inputs) so tests can feed hand-made ones.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.floodline.board import Kind, Material
from engine.floodline.level import Level
from engine.floodline.moves import TickInput
from engine.floodline.resolve import resolve_phase
from engine.floodline.rules import build_board, initial_state, step
from engine.floodline.state import State, Status


@dataclass
class Trace:
    """What one play of a level did: outcome, counters and the mechanics it touched."""

    won: bool = False
    stars: int = 0
    reason: str = ""
    pieces: int = 0
    tilts: int = 0
    tilt_dirs: set[str] = field(default_factory=set)
    holds: int = 0
    freezes: int = 0
    stabilizes: int = 0
    drains_placed: int = 0
    water_removed: int = 0
    lost: int = 0
    shift: int = 0
    mass: int = 0
    materials: dict[str, int] = field(default_factory=dict)
    gusts: int = 0
    wind_pushes: int = 0
    ticks: int = 0


def _wind_pushed(s: State, inp: TickInput, after: State) -> bool:
    """True when this tick's gust moved the falling piece (same tick replayed without wind differs)."""
    calm = s.copy()
    calm.wind_next = -1
    still = step(calm, inp)
    a, b = after.active, still.active
    if (a is None) != (b is None):
        return after.board.kind != still.board.kind or a is not b
    if a is None or b is None:
        return after.board.kind != still.board.kind
    return a.origin != b.origin


def trace_play(level: Level, seed: int, inputs: Sequence[TickInput]) -> tuple[State, Trace]:
    """Play ``inputs`` (one tick each, ``repeat`` expanded) from the level start and trace it."""
    s = initial_state(level, seed)
    t = Trace()
    for mv in inputs:
        for _ in range(mv.repeat):
            if s.outcome is not None:
                break
            one = mv.once()
            gust_now = s.wind_next >= 0 and s.tick == s.wind_next and s.active is not None
            before_g, before_pieces = s.gravity, s.metrics["piecesUsed"]
            mat = s.active.material.value if s.active is not None else None
            nxt = step(s, one)
            if gust_now:
                t.gusts += 1
                if _wind_pushed(s, one, nxt):
                    t.wind_pushes += 1
            if nxt.gravity != before_g and one.tilt is not None:
                t.tilt_dirs.add(nxt.gravity.value)
            if nxt.metrics["piecesUsed"] > before_pieces and mat is not None:
                t.materials[mat] = t.materials.get(mat, 0) + 1
            s = nxt
    m = s.metrics
    t.pieces, t.tilts, t.holds = m["piecesUsed"], m["rotations"], m["holdsUsed"]
    t.freezes, t.stabilizes, t.drains_placed = m["freezesUsed"], m["stabilizesUsed"], m["drainsPlaced"]
    t.water_removed, t.lost, t.shift, t.mass = (
        m["waterRemovedTotal"],
        m["lostVoxelsTotal"],
        m["shiftVoxelsTotal"],
        m["massPlaced"],
    )
    t.ticks = s.tick
    if s.outcome is not None:
        t.won = s.outcome.status == Status.WON
        t.stars = s.outcome.stars if t.won else 0
        t.reason = s.outcome.reason.value
    return s, t


def water_moves_at_start(level: Level) -> int:
    """Water cells that the level-start settle (RULES.md 28) moves: 0 = the authored water is at rest."""
    b = build_board(level)
    before = {i for i, k in enumerate(b.kind) if k == Kind.WATER}
    settled = b.copy()
    resolve_phase(settled, level.gravity, None, drains=False, ice_tick=False)
    after = {i for i, k in enumerate(settled.kind) if k == Kind.WATER}
    return len(before ^ after) // 2 + abs(len(before) - len(after))


def solids_move_at_start(level: Level) -> int:
    """Movable solid cells the level-start settle moves (0 = every authored block rests)."""
    b = build_board(level)
    before = {i for i, k in enumerate(b.kind) if k == Kind.SOLID}
    settled = b.copy()
    resolve_phase(settled, level.gravity, None, drains=False, ice_tick=False)
    after = {i for i, k in enumerate(settled.kind) if k == Kind.SOLID}
    return len(before - after)


Beat = tuple[str, Callable[[Trace], bool]]

_EW = {"EAST", "WEST"}
_NS = {"NORTH", "SOUTH"}

#: Part VIII "new teach beat" per level, as the mechanic a winning play must touch
BEATS: dict[int, Beat] = {
    1: ("move/rotate, lock", lambda t: t.pieces >= 1),
    2: ("world tilt E/W", lambda t: bool(t.tilt_dirs & _EW)),
    3: ("tilt N/S", lambda t: bool(t.tilt_dirs & _NS)),
    4: ("overhang + tilts", lambda t: t.tilts >= 2),
    5: ("flat plateau (objective)", lambda t: True),
    6: ("hold", lambda t: t.holds >= 1),
    7: ("reinforced bridge", lambda t: t.materials.get(Material.REINFORCED.value, 0) >= 1),
    8: ("tilt budget", lambda t: t.tilts >= 1),
    9: ("enclose cavity (objective)", lambda t: True),
    10: ("combine (tilts)", lambda t: t.tilts >= 1),
    11: ("water can't support (objective)", lambda t: True),
    12: ("drain", lambda t: t.water_removed >= 1),
    13: ("channel: tilt E/W", lambda t: bool(t.tilt_dirs & _EW) and t.water_removed >= 1),
    14: ("connect basins: drain", lambda t: t.water_removed >= 1),
    15: ("no building on water (objective)", lambda t: True),
    16: ("freeze", lambda t: t.freezes >= 1),
    17: ("freeze bridge", lambda t: t.freezes >= 1),
    18: ("drain placement", lambda t: t.drains_placed >= 1),
    19: ("forbidden water: drain", lambda t: t.water_removed >= 1),
    20: ("drain + freeze", lambda t: t.freezes >= 1 and t.water_removed >= 1),
    21: ("weight limit (objective)", lambda t: True),
    22: ("heavy pieces", lambda t: t.materials.get(Material.HEAVY.value, 0) >= 1),
    23: ("small footprint (objective)", lambda t: True),
    24: ("wind", lambda t: t.wind_pushes >= 1),
    25: ("stabilize", lambda t: t.stabilizes >= 1),
    26: ("overhang under wind", lambda t: t.wind_pushes >= 1 and t.tilts >= 2),
    27: ("scarce tilts", lambda t: t.tilts >= 1),
    28: ("alternating wind", lambda t: t.wind_pushes >= 1),
    29: ("wet foundation (objective)", lambda t: True),
    30: ("mastery: wind + tilts", lambda t: t.wind_pushes >= 1 and t.tilts >= 1),
}


def beat_used(n: int, t: Trace) -> bool:
    """True when a winning play of level ``n`` touched the mechanic its Part VIII row teaches."""
    return t.won and BEATS[n][1](t)
