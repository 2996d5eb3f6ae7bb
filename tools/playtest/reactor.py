"""Reactor Maintenance in the playtest lab: per-level par search, mechanics, forecasts, random play.

Per campaign level (the page's campaign order):

- *min pulses*: the fewest pulses of any win, from the engine's bounded search
  (``engine.reactor.solver``: iterative deepening over pulses, walks are free), against the level's
  *par* (declared par, or the committed solution's pulses for levels that declare none);
- *mechanics*: what the shortest win found uses, against what the level declares it teaches
  (``meta.teaches``; levels without it are read from their description: ``BASELINE_TEACHES``);
- *forecasts per pulse*: forecast warnings shown after each pulse of that win;
- *walk deaths*: random clicks at floor cells during random play, each walked with the page's walk
  planner; a click whose walk kills the robot is a death (target: none);
- *random play*: a bot that picks uniformly among the quick moves and the lengthy actions it can
  play where it stands (``cfg.games`` seeds per level, 60 actions each); how its games end.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from engine.core.session import IllegalMoveError
from engine.reactor import apply_action, load_level, parse_action
from engine.reactor.solver import MECHANICS, SearchResult, expand_plan, search
from engine.reactor.state import ReactorState
from tools.playtest import stats
from tools.playtest.progress import run_many
from tools.playtest.reactor_eye import eye_section
from tools.playtest.reactor_family_report import family_section
from tools.playtest.report import LabConfig, Metric, Plot, Report, Table

DEFAULT_GAMES = 40  # random-play games per level
FULL_GAMES = 400
MAX_ACTIONS = 60
SEARCH_BUDGET = 40_000  # pulses simulated per level by the par search (default run)
FULL_SEARCH_BUDGET = 200_000
MAX_PULSES = 14

# What the levels claimed to teach before they declared it (read from their descriptions).
BASELINE_TEACHES: dict[str, list[str]] = {
    "power_on": ["flow"],
    "two_services": ["consumer"],
    "split_flow": ["junction"],
    "fire_door": ["door", "flow"],
    "patch_job": ["repair", "supply", "remedy"],
    "hot_corridor": ["supply", "shield"],
    "live_floor": ["remedy", "flow"],
    "sprinkler_test": ["valve", "flow"],
    "live_water": ["remedy", "flow"],
    "cracked_cable": ["flow", "junction"],
    "final_exam": ["door", "valve", "consumer", "junction", "flow"],
    "tutorial": ["flow", "consumer"],
    "control_room": ["junction"],
    "switchyard": ["consumer"],
}


# -- levels ----------------------------------------------------------------------------------------
def campaign_levels() -> list[dict[str, Any]]:
    """The campaign in order: ``{"key", "name", "level" (JSON dict), "par", "teaches"}``."""
    try:
        from engine.reactor import campaign  # the engine's campaign (levels as package data)

        return [
            {
                "key": e.key,
                "name": e.name,
                "level": e.level,
                "par": e.par,
                "teaches": list(e.teaches),
                "solution": list(e.solution),
            }
            for e in campaign.entries()
        ]
    except ImportError:
        return _page_levels()


def _page_levels() -> list[dict[str, Any]]:
    """Before the campaign moved into the engine: the page's levels and committed solutions."""
    root = Path(__file__).resolve().parents[2]
    lvdir = root / "www" / "reactor" / "levels"
    sol = json.loads((lvdir / "solutions.json").read_text(encoding="utf-8"))
    out = []
    for name in sol["order"]:
        lv = json.loads((lvdir / f"{name}.json").read_text(encoding="utf-8"))
        moves = sol["solutions"][name]
        out.append(_entry("campaign:" + name, name, lv, moves))
    edir = root / "engine" / "reactor" / "levels"
    for name, moves in sol.get("samples", {}).items():
        lv = json.loads((edir / f"{name}.json").read_text(encoding="utf-8"))
        out.append(_entry("builtin:" + name, name, lv, moves))
    return out


def _entry(key: str, name: str, lv: dict[str, Any], moves: list[str]) -> dict[str, Any]:
    teaches = lv.get("meta", {}).get("teaches") or BASELINE_TEACHES.get(name, [])
    par = sum(1 for m in moves if not m.startswith("move"))
    return {"key": key, "name": name, "level": lv, "par": par, "teaches": list(teaches)}


# -- metric functions (tested on hand-made inputs) -----------------------------------------------
def below_par(min_pulses: int | None, par: int | None) -> bool:
    """A level is won below its par when the search finds a win with fewer pulses."""
    return min_pulses is not None and par is not None and min_pulses < par


INFO_MECHANICS = ("terminal",)  # information: the eye shows, it never wins a pulse


def missing_mechanics(used: list[str], teaches: list[str]) -> list[str]:
    """Declared mechanics the shortest win does not use (a level that teaches X must need X);
    information mechanics (the eye terminal) are exempt."""
    return [m for m in teaches if m not in used and m not in INFO_MECHANICS]


def terminals_in(levels: list[dict[str, Any]]) -> int:
    """How many levels have an all-seeing-eye terminal prop."""
    return sum(1 for e in levels if any(p.get("kind") == "terminal" for p in e["level"].get("props", [])))


def loss_cause(st: ReactorState) -> str:
    """How a game ended: ``won``, ``lost:<reason>[:<quantity>]`` or ``unfinished``."""
    if st.outcome is None:
        return "unfinished"
    if st.outcome.result == "won":
        return "won"
    ev = " ".join(st.events)
    q = next((q for q in ("fuel", "electricity", "heat") if f"by {q}" in ev), "")
    return f"lost:{st.outcome.reason}" + (f":{q}" if q else "")


def forecasts_along(st: ReactorState, actions: list[str]) -> list[int]:
    """Forecast warnings shown after each pulse of an action list (quick moves are skipped)."""
    out = []
    for text in actions:
        a = parse_action(text)
        st = apply_action(st, a)
        if a.lengthy:
            out.append(len(st.forecasts))
    return out


# -- per-level jobs --------------------------------------------------------------------------------
def _search_job(args: tuple[dict[str, Any], int]) -> dict[str, Any]:
    entry, budget = args
    st = load_level(entry["level"])
    res: SearchResult = search(st, MAX_PULSES, budget)
    plan = expand_plan(st, res.plan) if res.pulses is not None else []
    return {
        "pulses": res.pulses,
        "proved_below": res.proved_below,
        "complete": res.complete,
        "nodes": res.nodes,
        "mechanics": res.mechanics(),
        "plan": plan,
        "forecasts": forecasts_along(st, plan) if plan else [],
    }


def random_game(
    st: ReactorState, rng: random.Random, walker: Callable[[ReactorState, int, int], list[str] | None]
) -> tuple[str, int, int, int]:
    """One random game: (end, pulses, walk clicks, walk deaths). Each turn the bot clicks a random
    floor cell (walked with ``walker``), moves one step, or plays a lengthy action where it stands."""
    pulses = clicks = deaths = 0
    lengthy = [
        "interact",
        "repair",
        "remedy fuel",
        "remedy electricity",
        "remedy coolant",
        "shield",
        "activate",
    ]
    for _ in range(MAX_ACTIONS):
        if st.outcome is not None:
            break
        r = rng.random()
        if r < 0.4:
            cell = rng.choice(st.grid.floor_cells)
            x, y = st.grid.xy(cell)
            moves = walker(st, x, y)
            if not moves:
                continue
            clicks += 1
            for m in moves:
                st = apply_action(st, parse_action(m))
                if st.outcome is not None:
                    deaths += 1
                    break
            continue
        text = rng.choice(["move n", "move e", "move s", "move w"]) if r < 0.6 else rng.choice(lengthy)
        try:
            st = apply_action(st, parse_action(text))
        except IllegalMoveError:
            continue
        if parse_action(text).lengthy:
            pulses += 1
    return loss_cause(st), pulses, clicks, deaths


def page_walker(st: ReactorState, x: int, y: int) -> list[str] | None:
    """The walk the page plays for a click (``www.reactor.model.walk_path``)."""
    from www.reactor.model import walk_path

    return walk_path(st, st.grid.cell(x, y)) or None


def _random_job(args: tuple[dict[str, Any], int, int]) -> list[tuple[str, int, int, int]]:
    entry, games, seed = args
    st = load_level(entry["level"])
    return [random_game(st, random.Random(seed + i), page_walker) for i in range(games)]


# -- report ------------------------------------------------------------------------------------------
def run(cfg: LabConfig) -> Report:
    levels = campaign_levels()
    budget = FULL_SEARCH_BUDGET if cfg.full else SEARCH_BUDGET
    found = run_many(_search_job, [(e, budget) for e in levels], "reactor par search", cfg.workers)
    games = run_many(
        _random_job, [(e, cfg.games, cfg.seed) for e in levels], "reactor random play", cfg.workers
    )
    rows = []
    below = []
    untaught = []
    for e, f in zip(levels, found):
        miss = missing_mechanics(f["mechanics"], e["teaches"])
        if below_par(f["pulses"], e["par"]):
            below.append(e["name"])
        if miss or not e["teaches"]:
            untaught.append(e["name"])
        fc = f["forecasts"]
        rows.append(
            [
                e["name"],
                e["par"],
                f["pulses"] if f["pulses"] is not None else f"none < {f['proved_below']}",
                "yes" if f["complete"] else f"no (≥{f['proved_below']})",
                ", ".join(e["teaches"]) or "–",
                ", ".join(f["mechanics"]) or "–",
                ", ".join(miss) or "–",
                round(float(np.mean(fc)), 2) if fc else "–",
                f["nodes"],
            ]
        )
    ends: list[str] = []
    clicks = deaths = 0
    loss_rows = []
    for e, g in zip(levels, games):
        c = stats.counts([x[0] for x in g])
        ends += [x[0] for x in g]
        clicks += sum(x[2] for x in g)
        deaths += sum(x[3] for x in g)
        loss_rows.append([e["name"], len(g), *[c.get(k, 0) for k in _END_KEYS], sum(x[3] for x in g)])
    first11 = levels[:11]
    pars = [e["par"] for e in levels if e["par"] is not None]
    late = [e for e in levels[-3:]]
    late_ok = all(
        (e["par"] or 0) >= 8 and len(set(f["mechanics"]) & set(MECHANICS)) >= 2
        for e, f in zip(levels[-3:], found[-3:])
    )
    n_all = len(levels)
    metrics = [
        Metric(
            "levels", "Campaign levels", n_all, "levels in the campaign order", target="≥ 20", ok=n_all >= 20
        ),
        Metric(
            "below_par",
            "Levels won below par",
            len(below),
            "levels where the search finds a win with fewer pulses than par: " + (", ".join(below) or "none"),
            target="0",
            ok=not below,
        ),
        Metric(
            "untaught",
            "Levels whose shortest win skips a taught mechanic",
            len(untaught),
            "declared mechanics missing from the shortest win (or none declared): "
            + (", ".join(untaught) or "none"),
            target="0",
            ok=not untaught,
        ),
        Metric(
            "search_complete",
            "Par search complete",
            f"{sum(f['complete'] for f in found)}/{n_all}",
            "levels where the search proved the minimum (no budget cut)",
            target="all",
            ok=all(f["complete"] for f in found),
        ),
        Metric(
            "terminals_first11",
            "First 11 levels with a terminal",
            terminals_in(first11),
            "levels among the first 11 with an all-seeing-eye terminal",
            target="≥ 3",
            ok=terminals_in(first11) >= 3,
        ),
        Metric("par_range", "Par range (pulses)", f"{min(pars)}–{max(pars)}", "smallest and largest par"),
        Metric(
            "late_levels",
            "Last 3 levels: par ≥ 8 and ≥ 2 systems",
            ", ".join(f"{e['name']}={e['par']}" for e in late),
            "the last three levels' pars; each needs 8+ pulses and two mechanics in its shortest win",
            target="all ≥ 8",
            ok=late_ok,
        ),
        Metric(
            "walk_deaths",
            "Click-to-walk deaths",
            deaths,
            f"random clicks whose walk killed the robot, out of {clicks} walks in random play",
            target="0",
            ok=deaths == 0,
        ),
        Metric(
            "random_win",
            "Random-play win rate",
            round(stats.share([x == "won" for x in ends]), 3),
            f"share of {len(ends)} random games (≤ {MAX_ACTIONS} actions) that activate a reactor",
        ),
    ]
    fam_metrics, fam_tables, fam_plots, fam = family_section(levels, found, cfg.seed, cfg.workers)
    metrics += fam_metrics
    eye_metrics, eye_tables = eye_section(levels)
    metrics += eye_metrics
    c_all = stats.counts(ends)
    tables = [
        Table(
            "Per level: par, shortest win and mechanics",
            [
                "level",
                "par",
                "min pulses",
                "proved",
                "teaches",
                "shortest win uses",
                "missing",
                "forecasts/pulse",
                "pulses searched",
            ],
            rows,
        ),
        *fam_tables,
        *eye_tables,
        Table(
            "Random play: how games end (per level)",
            ["level", "games", *_END_KEYS, "walk deaths"],
            loss_rows,
            note="lost:robot_hazard:<q> = the robot entered or stood in lethal <q>; unfinished = 60 actions without an end",
        ),
    ]

    def draw_par(ax: Any) -> None:
        x = np.arange(n_all)
        ax.bar(x - 0.2, [e["par"] or 0 for e in levels], 0.4, label="par")
        ax.bar(x + 0.2, [f["pulses"] or 0 for f in found], 0.4, label="min pulses (search)")
        ax.set_xticks(x, [e["name"] for e in levels], rotation=70, fontsize=6)
        ax.legend()

    def draw_ends(ax: Any) -> None:
        keys = sorted(c_all)
        ax.barh(keys, [c_all[k] for k in keys])

    data = {
        "levels": [
            {**{k: v for k, v in e.items() if k != "level"}, **f, "family": g}
            for e, f, g in zip(levels, found, fam)
        ]
    }
    data["ends"] = c_all
    return Report(
        game="reactor",
        title="Reactor Maintenance",
        config=cfg,
        summary=(
            f"{n_all} campaign levels; par search budget {budget} pulses per level; "
            f"{cfg.games} random games per level."
        ),
        metrics=metrics,
        tables=tables,
        plots=[
            Plot("par", "Par vs fewest pulses found by search", draw_par, "level", "pulses"),
            Plot("ends", "How random games end (all levels)", draw_ends, "games", ""),
            *fam_plots,
        ],
        data=data,
    )


_END_KEYS = [
    "won",
    "lost:robot_hazard:heat",
    "lost:robot_hazard:electricity",
    "lost:robot_hazard:fuel",
    "lost:reactor_heat",
    "lost:system_failure",
    "unfinished",
]
