"""Floodline endless-mode lab (issue #26): cheap bots play seeded endless runs to the end.

    .venv/bin/python -m tools.playtest.floodline_endless --games 8 --seed 1 [--max-pieces 400]

Bots (each plays every run it is scored on, to its end or ``--max-pieces``):

* ``random`` — the engine's seeded bot (``engine.floodline.bot``: random turns and taps, hard drop);
* ``drop`` — hard drop where the piece spawns;
* ``greedy`` — for each piece, every orientation and footprint position under the current gravity
  (placed directly at the top of its column, then hard-dropped through the engine), keeps the one with
  the best score gain, most layers, fewest holes and lowest stack; water ignored;
* ``steer`` — ``greedy`` plus water: values lake units kept (evaporation pays by lake size) and the
  flood's height, so it builds basins the rain fills.

Prints per bot: median / quartiles of pieces played, median score, layers cleared, units evaporated,
units drained, and what ended the runs. The greedy bots place pieces by setting the falling piece's
orientation and column (not key by key): a lab shortcut, the engine resolves every lock.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.core.rng import Lcg32
from engine.floodline.bot import bot_piece_moves
from engine.floodline.conditions import holes, max_water_height, stack_height
from engine.floodline.endless import endless_level, lakes
from engine.floodline.level import parse_level
from engine.floodline.moves import TickInput
from engine.floodline.pieces import offsets, orientations
from engine.floodline.rules import initial_state, piece_fits, step
from engine.floodline.state import State

HARD = TickInput(hard=True)


def _place(s: State, rot: int, x: int, z: int) -> State | None:
    """The state after the falling piece, turned to ``rot`` with its footprint at (x, z) just under
    the spawn height, is hard-dropped (None if it does not fit there)."""
    a = s.active
    assert a is not None
    offs = offsets(a.piece_id, rot)
    top = max(v[1] for v in offs)
    y = s.height_limit - 1 - top
    origin = (x - min(v[0] for v in offs), y, z - min(v[2] for v in offs))
    if not piece_fits(s.board, a.piece_id, rot, origin):
        return None
    t = s.copy()
    t.active = a.moved(rot=rot, origin=origin)
    return step(t, HARD)


def _value(before: State, after: State, water: bool) -> float:
    b = after.board
    m = after.metrics
    v = (m["score"] - before.metrics["score"]) * 0.2
    v += 60 * (m.get("layersCleared", 0) - before.metrics.get("layersCleared", 0))
    v -= 6 * holes(b) + 3 * stack_height(b)
    if after.outcome is not None:
        v -= 10_000
    if water:
        v += 2 * sum(len(x) for x in lakes(b))
        v -= 25 * (max_water_height(b) + 1)
    return v


def greedy_piece(s: State, water: bool) -> State:
    a = s.active
    assert a is not None
    best: tuple[float, State] | None = None
    for rot in orientations(a.piece_id):
        for x in range(s.board.sx):
            for z in range(s.board.sz):
                t = _place(s, rot, x, z)
                if t is None:
                    continue
                v = _value(s, t, water)
                if best is None or v > best[0]:
                    best = (v, t)
    return best[1] if best is not None else step(s, HARD)


def _settle_to_piece(s: State) -> State:
    while s.outcome is None and s.active is None:
        s = step(s, TickInput())
    return s


def play(bot: str, seed: int, max_pieces: int) -> State:
    lv = parse_level(endless_level(seed))
    s = _settle_to_piece(initial_state(lv, seed))
    rng = Lcg32(seed)
    while s.outcome is None and s.metrics["piecesUsed"] < max_pieces:
        n = s.metrics["piecesUsed"]
        if bot == "random":
            for mv in bot_piece_moves(s, rng):
                for _ in range(mv.repeat):
                    if s.outcome is None and s.active is not None:
                        s = step(s, mv.once())
        elif bot == "drop":
            s = step(s, HARD)
        else:
            s = greedy_piece(s, water=bot == "steer")
        s = _settle_to_piece(s)
        if s.metrics["piecesUsed"] == n and s.outcome is None:  # nothing locked: let it fall
            s = step(s, HARD)
    return s


BOTS: dict[str, Callable[..., Any]] = {"random": play, "drop": play, "greedy": play, "steer": play}


def summary(bot: str, games: int, seed: int, max_pieces: int) -> dict[str, Any]:
    ends: Counter[str] = Counter()
    pieces, scores, layers, evap, drained = [], [], [], [], []
    for k in range(games):
        s = play(bot, seed + 7919 * k, max_pieces)
        m = s.metrics
        ends[s.outcome.reason.value if s.outcome is not None else f"still going at {max_pieces}"] += 1
        pieces.append(m["piecesUsed"])
        scores.append(m["score"])
        layers.append(m.get("layersCleared", 0))
        evap.append(m.get("evaporated", 0))
        drained.append(m["waterRemovedTotal"])
    q = statistics.quantiles(pieces, n=4) if len(pieces) > 1 else [pieces[0]] * 3
    return {
        "bot": bot,
        "games": games,
        "pieces_median": statistics.median(pieces),
        "pieces_q1_q3": (q[0], q[2]),
        "score_median": statistics.median(scores),
        "layers_median": statistics.median(layers),
        "evaporated_median": statistics.median(evap),
        "drained_median": statistics.median(drained),
        "ends": dict(ends),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-pieces", type=int, default=400)
    ap.add_argument("--bots", default="drop,random,greedy,steer")
    args = ap.parse_args()
    for bot in args.bots.split(","):
        print(summary(bot, args.games, args.seed, args.max_pieces), flush=True)


if __name__ == "__main__":
    main()
