"""The Resolve Phase (Rules §5) and the Tilt Resolve (Rules §3.2), with their metrics."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.floodline.board import MAT_CODE, Board, Kind, Material
from engine.floodline.geometry import Gravity
from engine.floodline.solids import SettleReport, settle_solids
from engine.floodline.water import apply_drains, settle_water, tick_ice

#: Rules §5 loop cap: at most 2 full solid-water cycles per resolve.
CYCLE_CAP = 2


@dataclass
class ResolveReport:
    """Per-resolve metrics (Rules §10.2)."""

    shift: int = 0  # ShiftVoxelsResolve
    lost: int = 0  # LostVoxelsResolve
    displaced: int = 0
    drained: int = 0
    water_overflow: int = 0
    thawed: int = 0
    cycles: int = 0
    moved_cells: list[int] = field(default_factory=list)

    def as_dict(self) -> dict[str, int]:
        return {
            "shift": self.shift,
            "lost": self.lost,
            "displaced": self.displaced,
            "drained": self.drained,
            "waterOverflow": self.water_overflow,
            "thawed": self.thawed,
            "cycles": self.cycles,
        }


def _absorb(total: SettleReport, part: SettleReport) -> None:
    origins = {new: total.moved.get(old, old) for new, old in part.moved.items()}
    for old in part.moved.values():
        total.moved.pop(old, None)
    total.moved.update(origins)
    total.lost += part.lost
    total.displaced.extend(part.displaced)
    total.drops += part.drops


def _cycles(
    board: Board, g: Gravity, displaced: list[int], piece: frozenset[int], rep: ResolveReport
) -> None:
    """Steps 2–4: settle solids, settle water, recheck solids (+ one water re-settle) — 2 cycles."""
    total = SettleReport()
    first = settle_solids(board, g, piece)
    _absorb(total, first)
    w = settle_water(board, g, displaced + first.displaced, piece)
    rep.water_overflow += w.overflow
    # Step 4 (recheck).  Water never supports, so moving water cannot unsupport a solid: after a
    # settle that ran to completion the recheck is provably a no-op and is skipped (same result).
    recheck = settle_solids(board, g, piece) if first.capped else SettleReport()
    _absorb(total, recheck)
    if recheck.drops:
        w = settle_water(board, g, recheck.displaced, piece)
        rep.water_overflow += w.overflow
    rep.cycles = CYCLE_CAP
    rep.displaced += len(displaced) + len(total.displaced)
    rep.shift += sum(1 for new, old in total.moved.items() if new != old)
    rep.lost += total.lost
    rep.moved_cells.extend(sorted(total.moved))


def merge_piece(board: Board, cells: list[int], material: Material, temp_anchor: int) -> list[int]:
    """Step 1: write the piece as SOLID voxels; returns cells where water was displaced."""
    displaced = []
    code = MAT_CODE[material]
    anchor = -1 if material == Material.REINFORCED else (temp_anchor if temp_anchor > 0 else 0)
    for i in cells:
        if board.kind[i] == Kind.WATER:
            displaced.append(i)
        board.clear(i)
        board.kind[i] = Kind.SOLID
        board.mat[i] = code
        board.anchor[i] = anchor
    return displaced


def resolve_phase(
    board: Board,
    g: Gravity,
    piece_cells: list[int] | None = None,
    material: Material = Material.STANDARD,
    temp_anchor: int = 0,
    drains: bool = True,
    ice_tick: bool = True,
    displaced: list[int] | None = None,
) -> ResolveReport:
    """The full Resolve Phase after a lock, mutating ``board`` (objectives are evaluated by the caller).

    Order: merge → settle solids → settle water → recheck solids (→ water once) → drains → one reflow
    → ice timers (thaw → one more solid/water cycle).
    """
    rep = ResolveReport()
    displaced = list(displaced or [])
    if piece_cells:
        displaced += merge_piece(board, piece_cells, material, temp_anchor)
    _cycles(board, g, displaced, frozenset(), rep)
    if drains:
        removed = apply_drains(board, g)
        rep.drained = removed
        if removed:
            w = settle_water(board, g)
            rep.water_overflow += w.overflow
    if ice_tick:
        thawed = tick_ice(board)
        rep.thawed = len(thawed)
        if thawed:
            part = settle_solids(board, g)
            w = settle_water(board, g, part.displaced)
            rep.water_overflow += w.overflow
            rep.shift += sum(1 for new, old in part.moved.items() if new != old)
            rep.lost += part.lost
            rep.displaced += len(part.displaced)
    return rep


def tilt_resolve(board: Board, g: Gravity, piece: frozenset[int]) -> ResolveReport:
    """Tilt Resolve (Rules §3.2): settle the world under the new gravity with the piece as an obstacle.

    Raises ``TiltBlocked`` (from the solid settler) if a settled voxel would have to enter the
    piece; the caller works on a copy, so rejecting leaves the original untouched.
    """
    rep = ResolveReport()
    _cycles(board, g, [], piece, rep)
    return rep
