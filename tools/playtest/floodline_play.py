"""The play core of Floodline's cheap-strategy family (issue #26; ``floodline_family.py`` lists the family).

``Play`` drives one play of a level through the engine; ``progress_of`` is the lab's near-miss measure
(the weakest objective's share of its target, 1 on a win); the helpers here (a tilt back, out-and-back
tilts, wall contact, "the structure stands") are shared by the stacking strategies
(``floodline_stackers.py``) and the tilting ones (``floodline_tilted.py``).
"""

from __future__ import annotations

from typing import Any

from engine.floodline.board import Board, Kind
from engine.floodline.geometry import Gravity, is_perpendicular
from engine.floodline.level import Level
from engine.floodline.moves import IDLE, TickInput
from engine.floodline.rules import initial_state, step
from engine.floodline.scoring import objective_progress
from engine.floodline.state import State, Status

TURNS = 2  # greedy placements: orientations within two quarter turns of the spawn one (cost)
NEAR = 0.8  # a lost play that reached this much of its objectives is a near miss
PROBE = 6  # tilt_greedy, tilt_stay: pieces each sideways direction is tried before one is played on
STAY_PATIENCE = 8  # tilt_stay: pieces stayed tilted without a better tilt back before it tilts back
_IMMOVABLE = (int(Kind.WALL), int(Kind.BEDROCK), int(Kind.DRAIN), int(Kind.ICE))


def progress_of(s: State) -> float:
    """0..1: the weakest objective's share of its target (1 on a win)."""
    if s.outcome is not None and s.outcome.status == Status.WON:
        return 1.0
    worst = 1.0
    for row in objective_progress(s):
        target = max(1, int(row["target"]))  # type: ignore[call-overload]
        frac = min(1.0, int(row["value"]) / target)  # type: ignore[call-overload]
        need = int(row.get("tiltsNeeded", 0))  # type: ignore[call-overload]
        if need:
            frac *= 0.5 + 0.5 * min(1.0, int(row.get("tilts", 0)) / need)  # type: ignore[call-overload]
        worst = min(worst, frac)
    return round(worst * (0.99 if s.outcome is None or s.outcome.status != Status.WON else 1.0), 3)


class Play:
    """One play in progress: the state, the best progress seen, tick count guard."""

    def __init__(self, lv: Level, seed: int) -> None:
        self.s = initial_state(lv, seed)
        self.best = progress_of(self.s)
        self.ticks = 0

    def run(self, ticks: list[TickInput]) -> None:
        for t in ticks:
            for _ in range(t.repeat):
                if self.s.outcome is not None:
                    break
                self.s = step(self.s, t.once())
                self.ticks += 1
        self.best = max(self.best, progress_of(self.s))  # also when the play ended inside the list

    @property
    def pieces(self) -> int:
        return int(self.s.metrics["piecesUsed"])

    def over(self, max_pieces: int) -> bool:
        return (
            self.s.outcome is not None
            or self.s.active is None
            or self.pieces >= max_pieces
            or self.ticks > 200_000
        )

    def result(self, **extra: Any) -> dict[str, Any]:
        o = self.s.outcome
        won = o is not None and o.status == Status.WON
        return {
            "won": won,
            "stars": o.stars if won and o is not None else 0,
            "pieces": self.pieces,
            "tilts": int(self.s.metrics["rotations"]),
            "reason": "stuck" if o is None else o.reason.value,
            "progress": self.best,
            "end_progress": 1.0 if won else progress_of(self.s),
            **extra,
        }


def _sideways(lv: Level) -> list[Gravity]:
    return [g for g in lv.rotation.allowed if g != Gravity.DOWN and is_perpendicular(g, Gravity.DOWN)]


def _tilt_back(s: State) -> list[TickInput]:
    return [IDLE] * s.cooldown + [TickInput(tilt=Gravity.DOWN)]


def wall_contact(b: Board) -> int:
    """Solid voxels face-touching an immovable cell or a closed side face of the box."""
    f = b.frame
    open_faces = {str(getattr(x, "value", x)) for x in b.open_faces}
    n = 0
    for i in b.indices(Kind.SOLID):
        x, y, z = f.xs[i], f.ys[i], f.zs[i]
        sides = {"WEST": x == 0, "EAST": x == b.sx - 1, "NORTH": z == 0, "SOUTH": z == b.sz - 1}
        if any(on and face not in open_faces for face, on in sides.items()):
            n += 1
            continue
        for dx, dy, dz in ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)):
            c = (x + dx, y + dy, z + dz)
            if b.in_bounds(c) and int(b.at(c)) in _IMMOVABLE:
                n += 1
                break
    return n


def _structure_stands(s: State) -> bool:
    """Every objective holds except for tilts still to survive (SURVIVE_ROTATIONS: from the start)."""
    for row, cond in zip(objective_progress(s), s.level.objectives, strict=True):
        if cond.type == "SURVIVE_ROTATIONS":
            continue
        if not row["holds"]:
            return False
    return True


def _out_and_back(p: Play) -> bool:
    """The tilts the objectives need, each as "tilt out and straight back"; the best direction first
    (fewest voxels lost, then most progress).  False when no tilt was possible."""
    from tools.floodline.solve_levels import _run

    s = p.s
    options = []
    for g in _sideways(s.level):
        ticks = [*([IDLE] * s.cooldown), TickInput(tilt=g)]
        s1 = _run(s, ticks)
        if s1.gravity != g:
            continue
        back = _tilt_back(s1)
        s2 = _run(s1, back)
        key = (s2.outcome is not None and s2.outcome.status == Status.WON, -s2.metrics["lostVoxelsTotal"])
        options.append((key, progress_of(s2), ticks + back))
    if not options:
        return False
    options.sort(key=lambda o: (o[0], o[1]), reverse=True)
    p.run(options[0][2])
    return True


def take_first_safe(p: Play, cands: list[tuple[Any, ...]]) -> bool:
    """Plays the first of the best 12 candidate placements ``(score, ticks, predicted)`` whose own
    play does not lose; False when every one of them loses (nothing played)."""
    from tools.floodline.solve_levels import _run

    for _sc, ticks, _pred in cands[:12]:
        real = _run(p.s, ticks)
        if real.outcome is not None and real.outcome.status != Status.WON:
            continue
        p.run(ticks)
        return True
    return False


def _rank(r: dict[str, Any]) -> tuple[bool, int, float, int]:
    """Best of a strategy's plays: a win over a loss, more stars, more of the objective; then, among
    wins, FEWER pieces (the shortest cheap win is the one to report), among losses more (it lasted)."""
    return (r["won"], r["stars"], r["end_progress"], -r["pieces"] if r["won"] else r["pieces"])


def mean_progress(s: State) -> float:
    """0..1: the objectives' mean share of their targets (``progress_of`` takes the weakest)."""
    rows = objective_progress(s)
    if not rows:
        return 0.0
    fr = [min(1.0, int(r["value"]) / max(1, int(r["target"]))) for r in rows]  # type: ignore[call-overload]
    return sum(fr) / len(fr)
