"""Does reading the machine pay? (issue #27) For every campaign level with an all-seeing-eye terminal:

- *eye route*: the fewest pulses to win after first opening the terminal (solver from the state
  after the terminal pulse), and the pulses the stars count for it (``campaign.star_pulses``: the
  terminal pulse is free);
- *blind guesses*: of the first lengthy actions a player can take, how many start a win at par
  (``good``/``total``); a player who probes first actions in random order and takes back the wrong
  ones undoes on average ``(total - good) / (good + 1)`` pulses before the right one (sampling without
  replacement), each counted by the stars.

``python -m tools.playtest.reactor_eye`` prints the table (used in ``engine/reactor/RULES.md``).
"""

from __future__ import annotations

from typing import Any

from engine.reactor import load_level
from engine.reactor.campaign import entries, star_pulses, stars_for
from engine.reactor.solver import Macro, Relaxed, macros, play_macro, search, state_key, won
from engine.reactor.state import ReactorState
from engine.reactor.walk import safe_cells
from tools.playtest.report import Metric, Table

BUDGET = 40_000


class Memo:
    """Exhaustive "is there a win within ``left`` pulses?" over the solver's macro actions, with one
    table shared by every first action of a level (each first action used to run its own iterative-
    deepening search: the same states were searched again for every one of them). The table keeps,
    per state, the fewest pulses known to win and the most known not to; the relaxed bound
    (``solver.Relaxed``, admissible) prunes as in the solver."""

    def __init__(self, relaxed: Relaxed) -> None:
        self.relaxed = relaxed
        self.win_in: dict[tuple[object, ...], int] = {}
        self.no_win_in: dict[tuple[object, ...], int] = {}

    def wins_within(self, st: ReactorState, left: int) -> bool:
        if won(st):
            return True
        if left <= 0 or st.outcome is not None or self.relaxed.bound(st) > left:
            return False
        key = state_key(st)
        if self.win_in.get(key, left + 1) <= left:
            return True
        if self.no_win_in.get(key, -1) >= left:
            return False
        if left == 1:  # only an activation can win in the last pulse
            reach = safe_cells(st)
            ok = any(r in reach for r in st.ready)
        else:
            ok = False
            for m in macros(st):
                nxt = play_macro(st, m)
                if nxt is not None and self.wins_within(nxt, left - 1):
                    ok = True
                    break
        if ok:
            self.win_in[key] = min(left, self.win_in.get(key, left))
        else:
            self.no_win_in[key] = max(left, self.no_win_in.get(key, left))
        return ok


def eye_row(name: str, level: dict[str, Any], par: int) -> dict[str, Any] | None:
    st = load_level(level)
    terms = [c for c, p in st.props.items() if p.kind == "terminal"]
    if not terms:
        return None
    reach = safe_cells(st)
    t = next((c for c in terms if c in reach), None)
    eye = None
    if t is not None:
        after = play_macro(st, Macro(t, reach[t], "interact", "terminal"))
        if after is not None and after.outcome is None:
            res = search(after, par + 2, BUDGET)
            eye = None if res.pulses is None else res.pulses + 1
    good = total = 0
    memo = Memo(Relaxed.shared(st))  # the table ``search`` built for the eye route
    for m in macros(st):
        nxt = play_macro(st, m)
        if nxt is None:
            continue
        total += 1
        if memo.wins_within(nxt, par - 1):
            good += 1
    probes = (total - good) / (good + 1) if total else 0.0
    eye_counted = star_pulses(eye, 0, True) if eye is not None else None
    return {
        "level": name,
        "par": par,
        "eye_pulses": eye,
        "eye_stars": stars_for(eye_counted, par) if eye_counted is not None else None,
        "first_good": good,
        "first_total": total,
        "expected_undone": round(probes, 2),
        "blind_stars": stars_for(star_pulses(par, round(probes), False), par),
    }


def eye_section(levels: list[dict[str, Any]]) -> tuple[list[Metric], list[Table]]:
    """The lab's metric and table: on every level that teaches the terminal (``teaches``), does the
    eye route earn more stars than blind probing is expected to? Levels with a terminal they do not
    teach are listed in the table, not scored (``engine/reactor/RULES.md`` says why it cannot pay)."""
    rows: list[list[Any]] = []
    misses = []
    for e in levels:
        r = eye_row(e["name"], e["level"], e["par"])
        if r is None:
            continue
        taught = "terminal" in e.get("teaches", [])
        pays = r["eye_stars"] is not None and r["eye_stars"] > (r["blind_stars"] or 0)
        if taught and not pays:
            misses.append(e["name"])
        rows.append(
            [
                e["name"],
                "yes" if taught else "no",
                r["par"],
                f"{r['eye_pulses']} ({r['eye_stars']}★)" if r["eye_pulses"] is not None else "unreachable",
                f"{r['first_good']}/{r['first_total']}",
                r["expected_undone"],
                f"{r['blind_stars']}★",
            ]
        )
    metric = Metric(
        "eye_pays",
        "Levels teaching the terminal where the eye route does not beat blind probing",
        len(misses),
        ", ".join(misses) or "none",
        target="0",
        ok=not misses,
    )
    table = Table(
        "Reading the machine: eye route against blind probing",
        [
            "level",
            "teaches terminal",
            "par",
            "eye route pulses (stars)",
            "first actions starting a par win",
            "expected undone",
            "blind probing stars",
        ],
        rows,
        note="stars count undone pulses; the terminal pulse is free (campaign.star_pulses)",
    )
    return [metric], [table]


def main() -> None:
    print(
        "| level | par | eye route pulses (stars) | first actions starting a par win | expected undone | blind probing stars |"
    )
    print("|---|---|---|---|---|---|")
    for e in entries():
        r = eye_row(e.name, e.level, e.par)
        if r is None:
            continue
        print(
            f"| {r['level']} | {r['par']} | {r['eye_pulses']} ({r['eye_stars']}★) | {r['first_good']}/{r['first_total']} "
            f"| {r['expected_undone']} | {r['blind_stars']}★ |"
        )


if __name__ == "__main__":
    main()
