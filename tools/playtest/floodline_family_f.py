"""Park variants that spend the level's abilities by rote (issue #26, session 15, engineer F).

Session 14 found that a weight limit plus hold / Stabilize did not stop "park"
(``floodline_tilted.play_park``): one-line variants of it won Lv24 and Lv27 at ★3 by using the
abilities without a plan. These variants join the cheap family (E owns ``floodline_family.py``; the
lead may list them in ``FAMILY``; until then ``python -m tools.playtest.floodline_family_f`` runs them):

* ``park_hold``      — park, and the first Heavy piece drawn goes to the hold slot for good
  (Lv24 session 14: ★3 in 23 pieces).
* ``park_hold_max``  — park, and the first piece of the largest mass the level's bag can draw (a 5-voxel
  Heavy: 10; 5 in a bag without Heavy) goes to the hold slot for good.
* ``park_stab``      — park, Stabilize armed on the very first piece (Lv27 at limit 124: ★3 in 21).
* ``park_stab_hold`` — both: Stabilize on the first piece, the first heaviest piece held for good
  (Lv27 at limit 114: ★3 in 20).

Each is played once per allowed sideways direction (as park is) and the best play counts. A level
without hold or Stabilize is played as park plays it (the ability press is refused and ignored).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from engine.floodline.board import MASS, Material
from engine.floodline.campaign import level as level_data
from engine.floodline.geometry import Gravity
from engine.floodline.level import Level, parse_level
from engine.floodline.moves import TickInput
from engine.floodline.pieces import piece_voxels
from engine.floodline.scoring import tilts_needed
from tools.playtest.floodline_play import Play, _rank, _sideways, _structure_stands, _tilt_back
from tools.playtest.floodline_tilted import _park_choice, _tilt_out_back

#: variant -> (hold rule, Stabilize on the first piece)
VARIANTS: dict[str, tuple[str, bool]] = {
    "park_hold": ("first_heavy", False),
    "park_hold_max": ("heaviest", False),
    "park_stab": ("", True),
    "park_stab_hold": ("heaviest", True),
}


def _mass(piece_id: str, material: Material) -> int:
    return MASS[material] * len(piece_voxels(piece_id))


def bag_max_mass(lv: Level) -> int:
    """The largest mass one draw of ``lv``'s bag can have (a WEIGHTED bag; 10 otherwise)."""
    bag = lv.bag
    if bag.type != "WEIGHTED" or not bag.weights:
        return 10
    mats = [m for m, w in bag.materials.items() if w] or [Material.STANDARD]
    return max(MASS[m] for m in mats) * max(len(piece_voxels(k)) for k, w in bag.weights.items() if w)


def _wants_hold(p: Play, rule: str) -> bool:
    a = p.s.active
    if not rule or a is None or p.s.hold is not None or p.s.hold_used:
        return False
    if rule == "first_heavy":
        return a.material == Material.HEAVY
    return _mass(a.piece_id, a.material) >= bag_max_mass(p.s.level)


def play_variant(
    name: str, lv: Level, seed: int, max_pieces: int, dirs: list[Gravity] | None = None
) -> dict[str, Any]:
    """Variant ``name`` of park on ``lv`` (bag seed ``seed``), each of ``dirs`` (default: every allowed
    sideways direction) played once; the best play's result (with its ``direction``)."""
    rule, stab = VARIANTS[name]
    best: dict[str, Any] | None = None
    heads: list[Gravity | None] = [*(dirs or _sideways(lv))] or [None]
    for g in heads:
        p = Play(lv, seed)
        tilts_done = 0
        stab_done = not stab
        while not p.over(max_pieces):
            if g is not None and tilts_needed(p.s) > 0 and _structure_stands(p.s) and tilts_done < 12:
                tilts_done += 1
                if _tilt_out_back(p, g):
                    continue
            if p.s.gravity != Gravity.DOWN:
                p.run(_tilt_back(p.s))
                if p.s.gravity != Gravity.DOWN:
                    p.run([TickInput(hard=True)])
                    continue
            before = p.pieces
            if _wants_hold(p, rule):
                p.run([TickInput(hold=True)])
            if not stab_done:
                p.run([TickInput(stabilize=True)])
                stab_done = True
            ticks = _park_choice(p, g)
            p.run(ticks if ticks is not None else [TickInput(hard=True)])
            if p.pieces == before and p.s.outcome is None:
                p.run([TickInput(hard=True)])
        r = p.result(direction=g.value if g is not None else "none", variant=name)
        if best is None or _rank(r) > _rank(best):
            best = r
    assert best is not None
    return best


def main(argv: list[str]) -> int:
    """``python -m tools.playtest.floodline_family_f N [variant ...] [--dir EAST] [--pieces P]``."""
    args = [a for a in argv if not a.startswith("--")]
    n = int(args[0])
    names = [a for a in args[1:] if a in VARIANTS] or list(VARIANTS)
    opts = dict(zip(argv[::1], argv[1::1], strict=False))
    dirs = [Gravity[opts["--dir"]]] if "--dir" in opts else None
    cap = int(opts.get("--pieces", 50))
    from tools.floodline import fast

    fast.install()
    data = level_data(n)
    for name in names:
        t0 = time.process_time()
        r = play_variant(name, parse_level(data), int(data["meta"]["seed"]), cap, dirs)
        r["cpu"] = round(time.process_time() - t0, 1)
        print(json.dumps({"lv": n, **r}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
