"""A High-Rise plan that spends the level's Stabilize charge (issue #26, session 14): "park" plus Stabilize.

The lab's ``park`` (``tools/playtest/floodline_tilted.py``) puts every piece at the highest spot a
sideways tilt ``g`` loses nothing from, and tilts ``g`` out and back once the structure stands: on
the High-Rise levels that builds a Reinforced frame against the post as fast as the bag allows.
This plan plays the same placements but arms Stabilize on the pieces drawn at the positions in
``stab`` (a Stabilized piece is anchored like a Reinforced one through two tilt resolves, RULES.md
30), and may put the piece drawn at position ``hold_at`` in the hold slot for good (one piece
fewer locked, and weighed).  It is the committed solution of a level whose weight limit stops every play
that does not use the charge (Lv27, session 14).

``python -m tools.floodline.park_plan N g k1,k2 [hK] [--write]`` plays level ``N`` heading ``g``
(EAST, NORTH...) with Stabilize on draws k1, k2 (and draw K held for good) and prints the height after each piece; ``--write``
writes ``solutions/lvNN.json`` on a win.
"""

from __future__ import annotations

import sys
from typing import Any

from engine.floodline.campaign import level
from engine.floodline.conditions import stack_height
from engine.floodline.geometry import Gravity
from engine.floodline.level import parse_level
from engine.floodline.moves import IDLE, TickInput
from engine.floodline.scoring import tilts_needed
from engine.floodline.state import State, Status

#: Level -> (heading, draws Stabilized, draw held for good): the committed solutions written by this plan.
PLANS: dict[int, tuple[Gravity, frozenset[int], int]] = {
    24: (Gravity.EAST, frozenset(), 15),  # the P5 Heavy drawn 15th held for good: ★3, 25 pieces, mass 132
    27: (Gravity.NORTH, frozenset({4}), 18),  # L4 (4th) Stabilized, P5 Heavy (18th) held: ★3, 20 p, 114
}


def play(
    data: dict[str, Any],
    g: Gravity,
    stab: frozenset[int] = frozenset(),
    hold_at: int = 0,
    max_pieces: int = 40,
    log: bool = False,
) -> tuple[State, list[TickInput]]:
    """Park heading ``g`` on level ``data``, Stabilize armed on the draws numbered in ``stab`` (1 =
    the first piece drawn), the draw numbered ``hold_at`` (0: none) held for good; returns the end
    state and every tick played."""
    from tools.floodline import fast
    from tools.playtest.floodline_play import Play, _structure_stands, _tilt_back
    from tools.playtest.floodline_tilted import _park_choice, _tilt_out_back

    fast.install()
    played: list[TickInput] = []

    class Rec(Play):
        def run(self, ticks: list[TickInput]) -> None:
            played.extend(ticks)
            super().run(ticks)

    p = Rec(parse_level(data), int(data["meta"]["seed"]))
    drawn = 1
    tilts = 0
    while not p.over(max_pieces):
        if tilts_needed(p.s) > 0 and _structure_stands(p.s) and tilts < 6:
            tilts += 1
            if _tilt_out_back(p, g):
                continue
        if p.s.gravity != Gravity.DOWN:
            p.run(_tilt_back(p.s))
            if p.s.gravity != Gravity.DOWN:
                p.run([IDLE])
                continue
        before = p.pieces
        if drawn == hold_at:
            p.run([TickInput(hold=True)])
            drawn += 1
        if drawn in stab:
            p.run([TickInput(stabilize=True)])
        ticks = _park_choice(p, g)
        p.run(ticks if ticks is not None else [TickInput(hard=True)])
        if p.pieces == before and p.s.outcome is None:
            p.run([TickInput(hard=True)])
        drawn += 1
        if log:
            print(
                f"  piece {p.pieces} height {stack_height(p.s.board)} mass {p.s.metrics['massPlaced']}",
                flush=True,
            )
    while p.s.outcome is None and p.s.win_pending and p.ticks < 100_000:
        p.run([IDLE])
    return p.s, played


def main(argv: list[str]) -> int:
    from tools.floodline.plan_solver import write_solution

    args = [a for a in argv if not a.startswith("--")]
    n, g = int(args[0]), Gravity[args[1]]
    stab = frozenset(int(k) for k in args[2].split(",") if k) if len(args) > 2 else frozenset()
    held = next((int(a[1:]) for a in args[3:] if a.startswith("h")), 0)
    end, ticks = play(level(n), g, stab, held, log=True)
    o = end.outcome
    won = o is not None and o.status == Status.WON
    print(f"lv{n:02d}: {o} pieces {end.metrics['piecesUsed']} mass {end.metrics['massPlaced']}")
    if won and "--write" in argv:
        again = write_solution(n, level(n), ticks)
        assert again.outcome is not None and again.outcome.status == Status.WON
        print(f"lv{n:02d}: written, {again.outcome.stars}★")
    return 0 if won else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
