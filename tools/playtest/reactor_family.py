"""Reactor's family of cheap strategies (issue #27): every one plays EVERY campaign level.

A strategy that wins a level the design meant to be a puzzle is a design defect to fix, not a bot
to drop. Each works on the solver's macro actions (walk safely to a cell, play one lengthy action
there: ``engine.reactor.solver.macros``), so walking is free for all of them as for a player.

- ``greedy``: one-step greedy: try every macro, keep the best by the engine bot's score (won, not
  lost, reactors ready, required production met, calm), stop when nothing improves (a few ties
  allowed);
- ``switch_all``: "switch everything on": every switched-off flow prop and consumer on, every door
  open, in cell order, then activate a ready reactor;
- ``random``: uniformly random legal macros (a seeded ``random.Random`` per game), up to ``CAP``
  pulses; a ready reactor within reach is activated (any player would);
- ``replay``: an earlier level's committed solution replayed literally (refused actions skipped),
  then a ready reactor activated; every ordered pair of earlier solutions concatenated literally
  (``concat``); all earlier solutions in campaign order (``all_earlier``);
- ``combo`` (pasted maps): up to three distinct earlier solutions, each moved to an offset of this
  map where its controls line up (same prop kinds under every pulse), played one after another,
  then a ready reactor activated;
- ``probe``: probe-with-undo: try every macro, look, undo; keep the best by the score after looking
  two pulses ahead. Its cost is the pulses it spent, undone ones included (``spent``).

``order_swap`` checks the order dependency of a shortest win: each pair of adjacent lengthy actions
in it swapped, replayed, and whether it still wins (``swap_across``: swaps of two different
mechanics that lose). ``longest_repeat``: the most consecutive pulses pressing one control.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.session import IllegalMoveError
from engine.reactor import apply_action, load_level, parse_action
from engine.reactor.bot import score
from engine.reactor.solver import Macro, macros, mechanic_of, play_macro, state_key, won
from engine.reactor.state import ReactorState
from engine.reactor.walk import safe_cells

CAP = 30  # pulses any strategy may spend on a level (par is at most 14 here)
MAX_TIES = 4


@dataclass
class Outcome:
    """How a strategy's game on a level ended: ``won``, pulses on the final line, pulses spent
    (undone probes included) and what it did (macro actions)."""

    won: bool
    pulses: int
    spent: int
    line: list[str]


def press(st: ReactorState, cell: int, action: str = "interact") -> ReactorState | None:
    """Walk safely to ``cell`` and play ``action`` there; None when it is unreachable or refused."""
    reach = safe_cells(st)
    if cell not in reach:
        return None
    return play_macro(st, Macro(cell, reach[cell], action, ""))


def _finish(st: ReactorState) -> ReactorState:
    """Activate a ready reactor the robot can reach (the one step any player takes)."""
    for r in sorted(st.ready):
        nxt = press(st, r, "activate")
        if nxt is not None:
            return nxt
    return st


def finished(st: ReactorState, line: list[str]) -> Outcome:
    """The outcome of a line played without undo, after activating a ready reactor."""
    st = _finish(st) if st.outcome is None else st
    return Outcome(won(st), st.pulse, st.pulse, line)


def greedy(st: ReactorState, rank: Callable[[ReactorState], tuple[float, ...]] = score) -> Outcome:
    """One-step greedy by ``rank`` (the engine bot's score unless told; the cautious greedy of
    ``reactor_family_more`` ranks by what the forecast shows first)."""
    line: list[str] = []
    ties = 0
    seen = set()
    here = rank(st)
    for _ in range(CAP):
        if st.outcome is not None:
            break
        best: tuple[tuple[float, ...], ReactorState, Macro] | None = None
        for m in macros(st):
            nxt = play_macro(st, m)
            if nxt is None:
                continue
            sc = rank(nxt)
            if best is None or sc > best[0]:
                best = (sc, nxt, m)
        if best is None or best[0] < here:
            break
        ties = ties + 1 if best[0] == here else 0
        key = (best[2].cell, best[2].action, best[0])
        if ties > MAX_TIES or key in seen:
            break
        seen.add(key)
        st, here = best[1], best[0]
        line.append(f"{best[2].action}@{best[2].cell}")
    return Outcome(won(st), len(line), len(line), line)


def switch_all(st: ReactorState) -> Outcome:
    line: list[str] = []
    for _ in range(CAP):
        if st.outcome is not None:
            break
        todo = [
            m
            for m in macros(st)
            if m.action == "interact"
            and (p := st.props.get(m.cell)) is not None
            and (
                (p.kind in ("flow", "consumer") and not p.enabled)
                or (p.kind == "door" and not p.open)
                or p.kind == "supply"
            )
        ]
        if not todo:
            break
        nxt = play_macro(st, todo[0])
        if nxt is None:
            break
        st = nxt
        line.append(f"{todo[0].action}@{todo[0].cell}")
    return finished(st, line)


def random_step(st: ReactorState, rng: random.Random) -> tuple[Macro, ReactorState | None] | None:
    """One uniformly random legal macro and the state after it (None when refused); None when the
    robot has nothing to do."""
    ms = list(macros(st))
    if not ms:
        return None
    m = rng.choice(ms)
    return m, play_macro(st, m)


def random_play(st: ReactorState, seed: int) -> Outcome:
    rng = random.Random(seed)
    line: list[str] = []
    for _ in range(CAP):
        if st.outcome is not None:
            break
        if st.ready:
            st = _finish(st)
            if st.outcome is not None:
                break
        step = random_step(st, rng)
        if step is None:
            break
        m, nxt = step
        if nxt is None:
            continue
        st = nxt
        line.append(f"{m.action}@{m.cell}")
    return Outcome(won(st), st.pulse, st.pulse, line)


def replay(st: ReactorState, actions: list[str]) -> Outcome:
    """``actions`` (engine action texts) played literally, refused ones skipped, then a ready
    reactor activated."""
    for text in actions:
        if st.outcome is not None:
            break
        try:
            st = apply_action(st, parse_action(text))
        except (IllegalMoveError, ValueError):
            continue
    return finished(st, [])


def probe(st: ReactorState) -> Outcome:
    """Probe-with-undo, two pulses deep: every macro and every follow-up tried and undone."""
    line: list[str] = []
    spent = 0  # pulses played, the kept one and the undone ones
    seen = {state_key(st)}
    for _ in range(CAP):
        if st.outcome is not None:
            break
        best: tuple[tuple[float, ...], ReactorState, Macro] | None = None
        for m in macros(st):
            nxt = play_macro(st, m)
            spent += 1
            if nxt is None:
                continue
            look = score(nxt)
            if nxt.outcome is None:
                for m2 in macros(nxt):
                    n2 = play_macro(nxt, m2)
                    spent += 1
                    if n2 is not None:
                        look = max(look, score(n2))
            sc = (*score(nxt)[:1], *look)
            if best is None or sc > best[0]:
                best = (sc, nxt, m)
        if best is None or state_key(best[1]) in seen:
            break  # nothing to do, or going round in circles
        st = best[1]
        seen.add(state_key(st))
        line.append(f"{best[2].action}@{best[2].cell}")
    return Outcome(won(st), len(line), spent, line)


def lengthy_moves(actions: list[str]) -> list[int]:
    """Indexes of the lengthy actions (pulses) in an action list."""
    return [i for i, a in enumerate(actions) if not a.startswith("move")]


def longest_repeat(st: ReactorState, actions: list[str]) -> int:
    """The most consecutive pulses of a solution that press the same control (same cell, same
    action)."""
    best = run = 0
    last: tuple[int, str] | None = None
    cur = st
    for text in actions:
        if not text.startswith("move"):
            here = (cur.robot, text)
            run = run + 1 if here == last else 1
            best, last = max(best, run), here
        cur = apply_action(cur, parse_action(text))
    return best


def order_swap(st: ReactorState, actions: list[str]) -> tuple[int, int, int]:
    """(swaps that still win, swaps tried, failing swaps across two systems): each adjacent pair of
    lengthy actions in the solution swapped (each pulse's walk planned afresh). A swap is across two
    systems when the two pulses use different mechanics (``solver.mechanic_of``: valve, junction,
    flow, door, ...)."""
    plan: list[tuple[int, str, str]] = []
    cur = st
    for text in actions:
        if not text.startswith("move"):
            plan.append((cur.robot, text, mechanic_of(cur, cur.robot, text)))
        cur = apply_action(cur, parse_action(text))
    tried = wins = across = 0
    for k in range(len(plan) - 2):  # the last pulse is the activation
        if plan[k][:2] == plan[k + 1][:2]:
            continue
        order = plan[:k] + [plan[k + 1], plan[k]] + plan[k + 2 :]
        tried += 1
        ok = _plays_out(st, [(c, a) for c, a, _ in order])
        wins += ok
        across += not ok and plan[k][2] != plan[k + 1][2]
    return wins, tried, across


def as_macros(st: ReactorState, actions: list[str]) -> list[tuple[int, int, str]]:
    """A solution read as (x, y, lengthy action) where each pulse was played, the activation left
    out (the reactor of another map is elsewhere; ``_finish`` activates whichever is ready)."""
    out: list[tuple[int, int, str]] = []
    cur = st
    for text in actions:
        if not text.startswith("move") and text != "activate":
            out.append((*cur.grid.xy(cur.robot), text))
        cur = apply_action(cur, parse_action(text))
    return out


def shifted(st: ReactorState, plan: list[tuple[int, int, str]], dx: int, dy: int) -> ReactorState | None:
    """``plan`` moved by (dx, dy) and played on ``st`` (each pulse's walk planned afresh); None when
    a control is off the map, unreachable or refused (the replay does not fit at that offset)."""
    g = st.grid
    for x, y, action in plan:
        if st.outcome is not None:
            break
        tx, ty = x + dx, y + dy
        if not (0 <= tx < g.width and 0 <= ty < g.height):
            return None
        nxt = press(st, g.cell(tx, ty), action)
        if nxt is None:
            return None
        st = nxt
    return st


def kinds(st: ReactorState, plan: list[tuple[int, int, str]]) -> list[str]:
    """The prop kind under each pulse of a plan ("" where none)."""
    out = []
    for x, y, _ in plan:
        p = st.props.get(st.grid.cell(x, y))
        out.append(p.kind if p is not None else "")
    return out


def offsets(st: ReactorState, plan: list[tuple[int, int, str]], want: list[str]) -> list[tuple[int, int]]:
    """Offsets where every pulse of ``plan`` lands on floor holding the same prop kind as in its own
    level (the only places a moved solution can mean the same thing)."""
    g = st.grid
    out = []
    for dy in range(-g.height, g.height):
        for dx in range(-g.width, g.width):
            ok = True
            for (x, y, _), kind in zip(plan, want):
                tx, ty = x + dx, y + dy
                if not (0 <= tx < g.width and 0 <= ty < g.height) or g.walls[g.cell(tx, ty)]:
                    ok = False
                    break
                p = st.props.get(g.cell(tx, ty))
                if (p.kind if p is not None else "") != kind:
                    ok = False
                    break
            if ok:
                out.append((dx, dy))
    return out


def combo(
    fresh: Any, plans: list[list[tuple[int, int, str]]], wants: list[list[str]], most: int = 3
) -> list[int]:
    """The first winning sequence of up to ``most`` distinct earlier solutions, each moved to an
    offset where its controls line up, played one after another ([] when none wins): the pasted-
    maps test of issue #27."""
    base = fresh()
    offs = [offsets(base, p, w) for p, w in zip(plans, wants)]
    usable = [j for j in range(len(plans)) if offs[j]]

    def dfs(st: ReactorState, seq: list[int]) -> list[int]:
        if seq and _won_after(st):
            return seq
        if len(seq) == most:
            return []
        for j in usable:
            if j in seq:
                continue
            for o in offs[j]:
                nxt = shifted(st, plans[j], *o)
                if nxt is not None and (nxt.outcome is None or won(nxt)):
                    got = dfs(nxt, [*seq, j])
                    if got:
                        return got
        return []

    return dfs(fresh(), [])


def _won_after(st: ReactorState | None) -> bool:
    if st is None:
        return False
    return won(_finish(st) if st.outcome is None else st)


def _plays_out(st: ReactorState, plan: list[tuple[int, str]]) -> bool:
    for cell, action in plan:
        nxt = press(st, cell, action)
        if nxt is None:
            return False
        st = nxt
        if st.outcome is not None:
            break
    return won(st)


def family_job(args: tuple[int, list[dict[str, Any]], int, int]) -> dict[str, Any]:
    """Every strategy on level ``k`` of ``levels`` (dicts with "level" and "solution")."""
    k, levels, games, seed = args
    lv = levels[k]
    fresh = lambda: load_level(lv["level"])  # noqa: E731
    g = greedy(fresh())
    s = switch_all(fresh())
    r = [random_play(fresh(), seed * 1000 + i) for i in range(games)]
    earlier = [list(levels[j]["solution"]) for j in range(k)]
    singles = [j for j in range(k) if replay(fresh(), earlier[j]).won]
    pairs = [
        (i, j) for i in range(k) for j in range(k) if i != j and replay(fresh(), earlier[i] + earlier[j]).won
    ]
    all_earlier = bool(k) and replay(fresh(), [a for sol in earlier for a in sol]).won
    sources = [load_level(levels[j]["level"]) for j in range(k)]
    plans = [as_macros(src, earlier[j]) for j, src in enumerate(sources)]
    wants = [kinds(src, p) for src, p in zip(sources, plans)]
    moved_combo = combo(fresh, plans, wants) if k else []
    p = probe(fresh())
    sol = list(lv["solution"])
    swap_wins, swap_tried, swap_across = order_swap(fresh(), sol)
    return {
        "greedy": g.won,
        "greedy_pulses": g.pulses,
        "switch_all": s.won,
        "random_wins": sum(o.won for o in r),
        "random_games": games,
        "replay_wins": singles,
        "concat_wins": len(pairs),
        "concat_tried": k * (k - 1),
        "all_earlier": all_earlier,
        "moved_combo": [j + 1 for j in moved_combo],
        "probe": p.won,
        "probe_spent": p.spent,
        "probe_pulses": p.pulses,
        "repeat": longest_repeat(fresh(), sol),
        "swap_wins": swap_wins,
        "swap_tried": swap_tried,
        "swap_across": swap_across,
    }
