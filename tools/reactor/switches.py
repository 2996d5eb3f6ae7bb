"""Are the plain consumer switches in the pars meaningful? (issue #27)

``python -m tools.reactor.switches`` prints, for every campaign level whose par solution switches a
consumer, each consumer pulse and the places it can move to in the pulse order (every other
position before the activation, walks planned afresh) while the solution still wins: ``k/n``. A
switch that still wins everywhere costs a pulse but no thought (a chore); one that wins in few
places is an order the player must find (e.g. before the breaker that a cracked cable allows for
one pulse only, or on a pulse without a valve spray)."""

from __future__ import annotations

from typing import Any

from engine.reactor import apply_action, load_level, parse_action
from engine.reactor.campaign import entries
from tools.playtest.reactor_family import _plays_out


def consumer_moves(level: dict[str, Any], solution: list[str]) -> list[tuple[str, int, int, int]]:
    """(cell "x,y", index in the pulse order, places where it still wins, places tried) for each
    consumer pulse of ``solution``."""
    st = load_level(level)
    plan: list[tuple[int, str, str]] = []
    cur = st
    for text in solution:
        if not text.startswith("move"):
            p = cur.props.get(cur.robot)
            plan.append((cur.robot, text, p.kind if p is not None and text == "interact" else text))
        cur = apply_action(cur, parse_action(text))
    body, last = plan[:-1], plan[-1]
    out = []
    for i, (cell, _, kind) in enumerate(body):
        if kind != "consumer":
            continue
        rest = body[:i] + body[i + 1 :]
        wins = tried = 0
        for j in range(len(body)):
            if j == i:
                continue
            order = rest[:j] + [body[i]] + rest[j:]
            tried += 1
            wins += _plays_out(load_level(level), [(c, a) for c, a, _ in [*order, last]])
        x, y = st.grid.xy(cell)
        out.append((f"{x},{y}", i + 1, wins, tried))
    return out


def main() -> None:
    print("| level | par | consumer pulse (cell, n-th) | other places that still win |")
    print("|---|---|---|---|")
    for e in entries():
        for cell, k, wins, tried in consumer_moves(e.level, list(e.solution)):
            print(f"| {e.name} | {e.par} | {cell}, pulse {k} | {wins}/{tried} |")


if __name__ == "__main__":
    main()
