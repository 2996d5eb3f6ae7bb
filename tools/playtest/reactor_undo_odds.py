"""Random + undo, exactly (issue #27, session 15): the chance that ``reactor_family_more.random_undo``
earns more than one star on a level, computed over every random choice instead of sampled.

``random_undo`` picks a uniformly random legal macro, plays it (a refused one costs nothing and is
drawn again), takes it back when it loses or the forecast shows a loss (the pulse still counts), and
activates a ready reactor within reach. The stars count every pulse played, undone ones included
(``campaign.star_pulses``), so it earns two stars or more exactly when it wins within par + ``SLACK``
pulses. ``odds`` follows every branch of that process up to that many pulses (memoised by state and
pulses spent) and adds up the probability of those wins; ``stars`` splits it by stars. The lab's
sampled figure (40 seeded games) is printed beside it by ``main``.

``python -m tools.playtest.reactor_undo_odds [NAME ...]`` prints the table.
"""

from __future__ import annotations

import sys
from collections import Counter
from functools import cache

from engine.reactor import load_level
from engine.reactor.campaign import SLACK, entries, stars_for
from engine.reactor.solver import macros, play_macro, state_key, won
from engine.reactor.state import ReactorState
from tools.playtest.reactor_family import _finish
from tools.playtest.reactor_family_more import _doomed, random_undo

SEEDS = range(1000, 1040)  # the lab's 40 extra games per level (session 14)


def odds(st: ReactorState, par: int) -> dict[int, float]:
    """Probability that random + undo wins with 3 and with 2 stars: ``{3: p3, 2: p2}``."""
    cap = par + SLACK
    states: dict[tuple[object, ...], ReactorState] = {}

    def key(s: ReactorState) -> tuple[object, ...]:
        k = state_key(s)
        states.setdefault(k, s)
        return k

    @cache
    def walk(k: tuple[object, ...], spent: int) -> tuple[float, float]:
        s = states[k]
        if s.ready:
            done = _finish(s)
            if done is not s:
                if not won(done) or spent + 1 > cap:
                    return 0.0, 0.0
                return (1.0, 0.0) if spent + 1 <= par else (0.0, 1.0)
        if spent + 1 >= cap:  # a win needs this pulse and an activation after it
            return 0.0, 0.0
        played = [n for n in (play_macro(s, m) for m in macros(s)) if n is not None]
        if not played:
            return 0.0, 0.0
        p3 = p2 = 0.0
        for n in played:  # refused macros are drawn again: the others share their chance
            nk = k if _doomed(n) else key(n)
            if n.outcome is not None and won(n):
                a, b = ((1.0, 0.0) if spent + 1 <= par else (0.0, 1.0)) if spent + 1 <= cap else (0.0, 0.0)
            else:
                a, b = walk(nk, spent + 1)
            p3 += a / len(played)
            p2 += b / len(played)
        return p3, p2

    a, b = walk(key(st), 0)
    return {3: a, 2: b}


def sampled(level: dict[str, object], par: int) -> Counter[int]:
    """Stars of the lab's 40 seeded random + undo games (0: lost)."""
    out: Counter[int] = Counter()
    for seed in SEEDS:
        o = random_undo(load_level(level), seed)
        out[(stars_for(o.spent, par) or 0) if o.won else 0] += 1
    return out


def main(argv: list[str]) -> int:
    print("| level | par | P(3★) | P(2★) | P(>1★) | expected of 40 | 40 games: 3★/2★/1★/lost |")
    print("|---|---|---|---|---|---|---|")
    for e in entries():
        if argv and e.name not in argv:
            continue
        p = odds(load_level(e.level), e.par)
        c = sampled(e.level, e.par)
        print(
            f"| {e.name} | {e.par} | {p[3]:.3f} | {p[2]:.3f} | {p[3] + p[2]:.3f} | {40 * (p[3] + p[2]):.1f} | "
            f"{c[3]}/{c[2]}/{c[1]}/{c[0]} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
