"""The lab's report section for Reactor's family of cheap strategies (``reactor_family``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tools.playtest.progress import run_many
from tools.playtest.reactor_family import family_job
from tools.playtest.reactor_family_more import more_job, wins_after
from tools.playtest.report import Metric, Plot, Table

EARLY = 6  # greedy and switch-all may win levels 1..EARLY (issue #27)
RANDOM_GAMES = 20
MORE_GAMES = 10  # random+undo games per level (each pulse reads the forecast: slower than random)


def family_section(
    levels: list[dict[str, Any]], found: list[dict[str, Any]], seed: int, workers: int | None
) -> tuple[list[Metric], list[Table], list[Plot], list[dict[str, Any]]]:
    """Every strategy on every level; metrics against the issue's targets, the per-level table and
    the curve plot (par, mechanics of the shortest win, solver pulses searched)."""
    lv = [{"name": e["name"], "level": e["level"], "solution": list(e.get("solution") or [])} for e in levels]
    fam = run_many(
        family_job, [(k, lv, RANDOM_GAMES, seed) for k in range(len(lv))], "reactor family", workers
    )
    more = run_many(
        more_job, [(k, lv[k], MORE_GAMES, seed) for k in range(len(lv))], "reactor family (more)", workers
    )
    n = len(levels)
    late = range(n - n // 3, n)
    last5 = range(max(0, n - 5), n)
    pasted = [levels[k]["name"] for k in late if _pasted(fam[k])]
    repeats = [levels[k]["name"] for k in range(n) if fam[k]["repeat"] > 2]
    no_order = [levels[k]["name"] for k in last5 if fam[k]["swap_across"] == 0]
    mech = [len(f["mechanics"]) for f in found]
    nodes = [f["nodes"] for f in found]
    pars = [e["par"] or 0 for e in levels]
    idx = np.arange(n)

    def trend(v: list[int] | list[float]) -> float:
        return round(float(np.corrcoef(idx, v)[0, 1]), 2) if n > 2 and np.std(v) > 0 else 0.0

    # The states a search expands grow about exponentially with the pulses it must look ahead, so one
    # big level dominates a Pearson figure on raw counts; the log figure reads the rise per level.
    log_nodes = [float(np.log10(max(1, v))) for v in nodes]
    pasted_mid = [levels[k]["name"] for k in range(EARLY, n) if k not in late and _pasted(fam[k])]

    extra = wins_after(levels, more, EARLY)
    metrics = [
        _levels_metric(f"{key}_late", f"Levels after {EARLY} won by {label}", names)
        for key, label in (("greedy", "one-step greedy"), ("switch_all", "switch-everything-on"))
        for names in [[levels[k]["name"] for k in range(EARLY, n) if fam[k][key]]]
    ]
    metrics += [
        _levels_metric(
            "pasted_late", "Last-third levels won by earlier solutions (literal or moved, up to 3)", pasted
        ),
        _levels_metric(
            "pasted_mid",
            f"Levels after {EARLY} before the last third won by earlier solutions",
            pasted_mid,
            None,
        ),
        _levels_metric("repeat", "Par solutions pressing one control more than twice in a row", repeats),
        _levels_metric(
            "order_last5",
            "Last five levels without an order dependency across two systems",
            no_order,
            note="a swap of two adjacent pulses of different mechanics in the par solution must lose: ",
        ),
        Metric(
            "curve",
            "Rise through the campaign (correlation with level number)",
            f"par {trend(pars)}, mechanics {trend(mech)}, solver pulses {trend(nodes)} (log10: {trend(log_nodes)})",
            "Pearson correlation of each figure with the level's position",
            target="all > 0",
            ok=min(trend(pars), trend(mech), trend(nodes)) > 0,
        ),
        Metric(
            "more_at_par",
            f"Levels after {EARLY} won at par by the session-13 strategies",
            len(at_par := [w for w in extra if _at_par(w)]),
            "device-aware breakers last, cautious greedy, switch-all reverse, press-each-once, "
            "random+undo (fewest pulses incl. undone): " + (", ".join(at_par) or "none"),
            target="0",
            ok=not at_par,
        ),
        Metric(
            "more_wins",
            f"Levels after {EARLY} won by the session-13 strategies (any stars)",
            len({w.split(":")[0] for w in extra}),
            "; ".join(extra) or "none",
        ),
        Metric(
            "random_wins",
            "Random legal play: levels it wins at least once",
            sum(1 for f in fam if f["random_wins"]),
            f"{RANDOM_GAMES} seeded games per level",
        ),
        Metric(
            "probe_wins",
            "Probe-with-undo (two pulses deep) wins",
            sum(1 for f in fam if f["probe"]),
            "levels it wins; its cost is every pulse it played, undone ones included",
        ),
    ]
    rows = [
        [
            k + 1,
            e["name"],
            e["par"],
            len(f["mechanics"]),
            f["nodes"],
            "W" if g["greedy"] else "-",
            "W" if g["switch_all"] else "-",
            f"{g['random_wins']}/{g['random_games']}",
            ",".join(str(j + 1) for j in g["replay_wins"]) or "-",
            "+".join(str(j) for j in g["moved_combo"]) or "-",
            f"{'W' if g['probe'] else '-'} ({g['probe_spent']})",
            g["repeat"],
            f"{g['swap_wins']}/{g['swap_tried']} ({g['swap_across']})",
        ]
        for k, (e, f, g) in enumerate(zip(levels, found, fam))
    ]
    table = Table(
        "Family of cheap strategies, per level (W = won)",
        [
            "#",
            "level",
            "par",
            "mechanics",
            "solver pulses",
            "greedy",
            "switch-all",
            "random",
            "replays",
            "moved combo",
            "probe (pulses spent)",
            "max repeat",
            "swaps still win (lose across)",
        ],
        rows,
        note="replays: earlier levels whose literal solution wins here; moved combo: earlier levels' "
        "solutions moved onto this map that win in that order; max repeat: most consecutive pulses on "
        "one control in the par solution",
    )

    more_table = Table(
        "More cheap strategies (session 13), per level: W pulses (stars count these) or -",
        [
            "#",
            "level",
            "par",
            "random+undo wins (fewest pulses)",
            "cautious greedy",
            "switch-all reverse",
            "press each once",
            "breakers last (pulses spent on every try)",
        ],
        [
            [
                k + 1,
                e["name"],
                e["par"],
                f"{m['random_undo_wins']}/{m['random_undo_games']} ({m['random_undo_best'] or '-'})",
                *(
                    f"W {m[s + '_pulses']}" if m[s] else "-"
                    for s in ("cautious_greedy", "switch_all_reverse", "press_each_once")
                ),
                f"{'W ' + str(m['breakers_last_pulses']) if m['breakers_last'] else '-'} ({m['breakers_last_spent']})",
            ]
            for k, (e, m) in enumerate(zip(levels, more))
        ],
        note="random+undo: random legal play that takes back every pulse that loses or whose forecast "
        "shows a loss; breakers last: every live source off, consumers and doors on, each junction "
        "pressed k times (same k, each k tried from the start), sources on, activate",
    )

    def draw_curve(ax: Any) -> None:
        ax.plot(idx + 1, pars, "o-", label="par (pulses)")
        ax.plot(idx + 1, mech, "s-", label="mechanics in shortest win")
        ax2 = ax.twinx()
        ax2.plot(idx + 1, nodes, "^--", color="grey", label="solver pulses searched")
        ax2.set_yscale("log")
        ax.legend(loc="upper left")
        ax2.legend(loc="lower right")

    plot = Plot("curve", "Campaign curve: par, mechanics, solver effort", draw_curve, "level", "")
    return metrics, [table, more_table], [plot], fam


def _levels_metric(
    key: str, label: str, names: list[str], target: str | None = "0", note: str = ""
) -> Metric:
    """A metric counting the levels ``names`` (target none of them unless ``target`` is None)."""
    return Metric(
        key,
        label,
        len(names),
        note + (", ".join(names) or "none"),
        target=target or "",
        ok=None if target is None else not names,
    )


def _pasted(f: dict[str, Any]) -> bool:
    """Won by an earlier level's solution: literal, two concatenated, all of them, or moved (up to 3)."""
    return bool(f["moved_combo"] or f["replay_wins"] or f["concat_wins"] or f["all_earlier"])


def _at_par(win: str) -> bool:
    """A ``wins_after`` line whose pulses equal par (3 stars)."""
    got = win.rsplit(" ", 1)[-1].strip("()").removeprefix("fewest ")
    pulses, par = got.split("/")
    return pulses == par
