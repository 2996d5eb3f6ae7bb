"""``park_pair``: park for a level whose world never tilts back down (issue #26, session 16, engineer F).

Lv28 has no DOWN in ``rotation.allowed``: once tilted, the world stays sideways.  Every park strategy of
the cheap family (``floodline_tilted.play_park`` and the variants in ``floodline_family_f.py``) tilts
"out and back", which such a level refuses, so they cannot perform the tilts its objective needs - a
lab defect, not a loss.  park_pair plays each ordered pair of perpendicular sideways directions
(g1, g2): each piece at the highest spot from which the tilt to g1 and then to g2 loses nothing, and once
the structure stands and those two tilts would win, g1 then g2 (a tilt cannot be undone there, so it is
not tried blind).  On a level that allows DOWN it plays as park.

It lives here, not in the lab's family files, so that adding it does not change the lab cache's code hash
(``floodline_cache``: every cached family result would be replayed); E / the lead may list it in ``FAMILY``
(then add this file to the hash).  ``python -m tools.floodline.park_pair 28 [--pieces 40]``.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from engine.floodline.campaign import level as level_data
from engine.floodline.geometry import Gravity, is_perpendicular
from engine.floodline.level import Level, parse_level
from engine.floodline.moves import IDLE, TickInput
from engine.floodline.scoring import tilts_needed
from engine.floodline.state import Status
from tools.playtest.floodline_play import Play, _rank, _sideways, _structure_stands


def pairs(lv: Level) -> list[tuple[Gravity, Gravity]]:
    """Ordered pairs of perpendicular sideways directions the level allows, when it never allows DOWN
    (else none: park's out-and-back is possible)."""
    if Gravity.DOWN in lv.rotation.allowed:
        return []
    side = _sideways(lv)
    return [(a, b) for a in side for b in side if a != b and is_perpendicular(a, b)]


def _pair_choice(p: Play, g1: Gravity, g2: Gravity) -> list[TickInput] | None:
    """park's choice with the safety test "tilt to g1, then to g2, loses nothing"."""
    from tools.playtest.floodline_tilted import park_choice_through

    return park_choice_through(p, (g1, g2))


def play_pair(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    """``park_pair`` on ``lv``: each pair of :func:`pairs` played once, the best play counts; a level
    that allows DOWN is played as park plays it."""
    import tools.floodline.solve_levels as sv
    from tools.playtest.floodline_tilted import play_park

    todo = pairs(lv)
    if not todo:
        return {**play_park(lv, seed, max_pieces), "variant": "park_pair"}
    best: dict[str, Any] | None = None
    for g1, g2 in todo:
        p = Play(lv, seed)
        while not p.over(max_pieces):
            if p.s.gravity == Gravity.DOWN and tilts_needed(p.s) > 0 and _structure_stands(p.s):
                tilts: list[TickInput] = []
                t = p.s
                for g in (g1, g2):
                    step_in = [*([IDLE] * t.cooldown), TickInput(tilt=g)]
                    t = sv._run(t, step_in)
                    tilts += step_in
                if t.outcome is not None and t.outcome.status == Status.WON:
                    p.run(tilts)  # tilted for good only when the two tilts win (they cannot be undone)
                    break
            before = p.pieces
            ticks = _pair_choice(p, g1, g2)
            p.run(ticks if ticks is not None else [TickInput(hard=True)])
            if p.pieces == before and p.s.outcome is None:
                p.run([TickInput(hard=True)])
        r = p.result(direction=f"{g1.value}>{g2.value}", variant="park_pair")
        if best is None or _rank(r) > _rank(best):
            best = r
    assert best is not None
    return best


def main(argv: list[str]) -> int:
    """``python -m tools.floodline.park_pair N [--pieces P]``: one JSON line."""
    n = int(next(a for a in argv if a.isdigit()))
    opts = dict(zip(argv[::1], argv[1::1], strict=False))
    cap = int(opts.get("--pieces", 40))
    from tools.floodline import fast

    fast.install()
    data = level_data(n)
    t0 = time.process_time()
    r = play_pair(parse_level(data), int(data["meta"]["seed"]), cap)
    r["cpu"] = round(time.process_time() - t0, 1)
    print(json.dumps({"lv": n, **r}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
