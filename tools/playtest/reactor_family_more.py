"""More cheap strategies for Reactor's lab family (issue #27, session 13): players the first family
did not model. Each plays EVERY campaign level through the solver's macros (walking is free).

- ``random_undo``: random legal play that takes back every pulse that loses at once and every pulse
  after which the forecast shows a loss (undo is free, and the forecast is on screen), up to ``CAP``
  kept pulses and ``SPENT_CAP`` pulses played; a ready reactor within reach is activated;
- ``cautious_greedy``: one-step greedy that reads the forecast first: it ranks an action by (won,
  not lost, no forecast loss, ready, production met, calm), so it never takes a pulse the screen
  says will kill, then the most production;
- ``switch_all_reverse``: "switch everything on" from the far end of the map (reverse cell order),
  then activate a ready reactor: the first family's switch-all in the other order;
- ``press_each_once``: every control (flow props, consumers, doors, junctions, valves) pressed once,
  nearest first, then activate a ready reactor: a player who tries each thing once.
"""

from __future__ import annotations

import random

from engine.reactor.bot import score
from engine.reactor.forecast import refresh_forecasts
from engine.reactor.solver import macros, play_macro, won
from engine.reactor.state import ReactorState
from engine.reactor.walk import safe_cells
from tools.playtest.reactor_family import CAP, Outcome, _finish, finished, greedy, press, random_step

SPENT_CAP = 150


def _doomed(st: ReactorState) -> bool:
    """Lost, or the forecast (what the page shows) proves a loss."""
    if st.outcome is not None:
        return not won(st)
    refresh_forecasts(st)
    return any(w.kind == "terminal_loss" for w in st.forecasts)


def random_undo(st: ReactorState, seed: int) -> Outcome:
    rng = random.Random(seed)
    line: list[str] = []
    spent = 0
    while len(line) < CAP and spent < SPENT_CAP and st.outcome is None:
        if st.ready:
            done = _finish(st)
            if done is not st:
                spent += 1
                st = done
                break
        step = random_step(st, rng)
        if step is None:
            break
        m, nxt = step
        if nxt is None:
            continue  # refused: no pulse played
        spent += 1
        if _doomed(nxt):
            continue  # undone
        st = nxt
        line.append(f"{m.action}@{m.cell}")
    return Outcome(won(st), len(line) + (1 if won(st) else 0), spent, line)


def _cautious(st: ReactorState) -> tuple[float, ...]:
    s = score(st)
    return (s[0], s[1], 0.0 if _doomed(st) else 1.0, s[2], s[3], s[5])


def cautious_greedy(st: ReactorState) -> Outcome:
    return greedy(st, _cautious)


def _presses(st: ReactorState, pick: str) -> Outcome:
    line: list[str] = []
    pressed: set[int] = set()
    for _ in range(CAP):
        if st.outcome is not None:
            break
        todo = []
        for m in macros(st):
            p = st.props.get(m.cell)
            if m.action != "interact" or p is None or m.cell in pressed:
                continue
            if pick == "reverse":
                if (p.kind in ("flow", "consumer") and not p.enabled) or (p.kind == "door" and not p.open):
                    todo.append(m)
                elif p.kind == "supply":
                    todo.append(m)
            elif p.kind in ("flow", "consumer", "door", "junction", "valve", "supply"):
                todo.append(m)
        if not todo:
            break
        if pick == "reverse":
            m = max(todo, key=lambda m: m.cell)
        else:
            reach = safe_cells(st)
            g = st.grid
            rx, ry = g.xy(st.robot)
            m = min(todo, key=lambda m: (abs(g.xy(m.cell)[0] - rx) + abs(g.xy(m.cell)[1] - ry), m.cell))
            assert m.cell in reach
        nxt = play_macro(st, m)
        pressed.add(m.cell)
        if nxt is None:
            continue
        st = nxt
        line.append(f"{m.action}@{m.cell}")
    return finished(st, line)


def switch_all_reverse(st: ReactorState) -> Outcome:
    return _presses(st, "reverse")


def press_each_once(st: ReactorState) -> Outcome:
    return _presses(st, "nearest")


def _press(st: ReactorState, cell: int, times: int = 1) -> ReactorState:
    """``cell``'s prop pressed ``times`` times (walking there safely); unchanged when it cannot."""
    for _ in range(times):
        if st.outcome is not None:
            return st
        nxt = press(st, cell)
        if nxt is None:
            return st
        st = nxt
    return st


def breakers_last(st: ReactorState) -> Outcome:
    """The device-aware player (the live breaker of the late levels, learnt on earlier ones):
    every live source switched off, every consumer on, every door open, every supply taken, every
    junction pressed ``k`` times (the same ``k`` for all), every source on again, activate; tried
    for each ``k`` from a fresh start. Won if any ``k`` wins; spent = every pulse of every try."""
    modes = len(st.balance.junction_ratio_modes)
    start = st
    spent = 0
    for k in range(modes):
        st = start
        props = sorted(st.props.items())
        flows = [c for c, p in props if p.kind == "flow"]
        for c in flows:
            if st.props[c].enabled:
                st = _press(st, c)
        for c, _p in props:
            q = st.props[c]
            if (
                (q.kind == "consumer" and not q.enabled)
                or (q.kind == "door" and not q.open)
                or (q.kind == "supply" and not q.depleted)
            ):
                st = _press(st, c)
        for c, p in props:
            if p.kind == "junction":
                st = _press(st, c, k)
        for c in flows:
            if not st.props[c].enabled:
                st = _press(st, c)
        if st.outcome is None:
            st = _finish(st)
        spent += st.pulse
        if won(st):
            return Outcome(True, st.pulse, spent, [f"k={k}"])
    return Outcome(False, 0, spent, [])


MORE = ("random_undo", "cautious_greedy", "switch_all_reverse", "press_each_once", "breakers_last")


def more_job(args: tuple[int, dict[str, object], int, int]) -> dict[str, object]:
    """The extension strategies on one level (``level`` dict); ``games`` seeded random_undo games."""
    from engine.reactor import load_level

    k, lv, games, seed = args
    fresh = lambda: load_level(lv["level"])  # noqa: E731
    ru = [random_undo(fresh(), seed * 1000 + i) for i in range(games)]
    cg = cautious_greedy(fresh())
    sr = switch_all_reverse(fresh())
    pe = press_each_once(fresh())
    bl = breakers_last(fresh())
    return {
        "random_undo_wins": sum(o.won for o in ru),
        "random_undo_games": games,
        "random_undo_best": min((o.spent for o in ru if o.won), default=None),
        "cautious_greedy": cg.won,
        "cautious_greedy_pulses": cg.pulses,
        "switch_all_reverse": sr.won,
        "switch_all_reverse_pulses": sr.pulses,
        "press_each_once": pe.won,
        "press_each_once_pulses": pe.pulses,
        "breakers_last": bl.won,
        "breakers_last_pulses": bl.pulses,
        "breakers_last_spent": bl.spent,
    }


def wins_after(levels: list[dict[str, object]], more: list[dict[str, object]], early: int) -> list[str]:
    """``name: strategy pulses/par`` for every level after ``early`` that an extension strategy wins
    (random+undo counted by its fewest pulses played, undone ones included, as the stars count)."""
    out = []
    for k in range(early, len(levels)):
        r, par = more[k], levels[k]["par"]
        for name in ("cautious_greedy", "switch_all_reverse", "press_each_once", "breakers_last"):
            if r[name]:
                out.append(f"{levels[k]['name']}: {name} {r[name + '_pulses']}/{par}")
        if r["random_undo_wins"]:
            out.append(
                f"{levels[k]['name']}: random_undo {r['random_undo_wins']}/{r['random_undo_games']} "
                f"(fewest {r['random_undo_best']}/{par})"
            )
    return out


def main() -> None:
    """``python -m tools.playtest.reactor_family_more [GAMES]``: the table, one row per level."""
    import sys

    from tools.playtest.reactor import campaign_levels

    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    levels = campaign_levels()
    print(
        "| # | level | random+undo wins (best spent) | cautious greedy | switch-all reverse | press each once |"
    )
    print("|---|---|---|---|---|---|")
    for k, e in enumerate(levels):
        r = more_job((k, e, games, 0))
        best = r["random_undo_best"]
        print(
            f"| {k + 1} | {e['name']} | {r['random_undo_wins']}/{games} ({best if best is not None else '-'}) | "
            f"{'W' if r['cautious_greedy'] else '-'} | {'W' if r['switch_all_reverse'] else '-'} | "
            f"{'W' if r['press_each_once'] else '-'} | "
            f"{'W' if r['breakers_last'] else '-'} ({r['breakers_last_spent']}) |",
            flush=True,
        )


if __name__ == "__main__":
    main()
