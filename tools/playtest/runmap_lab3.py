"""Run Map lab, the issue-29 section: map variety, fight policies, route policies, best actions.

Added to the Run Map report by ``runmap.run``. Every bot plays every run it is scored on (a run
ends in victory or defeat); the policies are in ``runmap_policies``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from engine.runmap.config import RunOptions
from engine.runmap.mapgen import generate_map
from tools.playtest import stats
from tools.playtest.progress import run_many
from tools.playtest.report import LabConfig, Metric, Report, Table
from tools.playtest.runmap_actions import sample_run, summary
from tools.playtest.runmap_policies import FIGHT_POLICIES, ROUTE_POLICIES, play

VARIETY_SEEDS = 3000
PARTY_SIZES = (1, 2, 3, 4)
ACTION_STREAMS = 8  # dice streams per action in the best-action measure


def map_keys(item: tuple[str, int]) -> tuple[str, str, int]:
    """(graph key, map key, real decisions on a uniform walk) of one (preset, seed)."""
    from tools.playtest.runmap import walk_decisions  # noqa: PLC0415 - runmap imports this module

    preset, seed = item
    layout = generate_map(seed, 1, RunOptions(preset=preset))  # type: ignore[arg-type]
    graph = ";".join(f"{e.from_index}-{e.to_index}" for e in layout.edges)
    types = ",".join(n.node_type.value + n.guardian_id for n in layout.nodes)
    return graph, graph + "|" + types, walk_decisions(layout, random.Random(seed))


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def add_rules3(report: Report, cfg: LabConfig) -> dict[str, Any]:
    """Append the issue-29 metrics and tables to ``report``; returns the figures for ``data``."""
    n_var = VARIETY_SEEDS if cfg.full or cfg.games >= VARIETY_SEEDS else cfg.games
    n_runs = max(8, cfg.games // 4)
    data: dict[str, Any] = {}

    def metric(key: str, label: str, value: Any, definition: str, target: str, ok: bool) -> None:
        report.metrics.append(Metric(key, label, value, definition, "issue 29", target, bool(ok)))

    # map variety: distinct graphs and maps per preset over n_var seeds
    for preset, want_dec in (("full", 6), ("slice", 3)):
        keys = run_many(
            map_keys, [(preset, cfg.seed + i) for i in range(n_var)], f"runmap variety {preset}", cfg.workers
        )
        graphs = len({k[0] for k in keys})
        maps = len({k[1] for k in keys})
        dec = float(np.median([k[2] for k in keys]))
        need = 1000 * n_var / VARIETY_SEEDS
        metric(
            f"distinct_graphs_{preset}",
            f"Distinct {preset} map graphs per {n_var} seeds",
            graphs,
            "distinct edge lists (the shape, icons ignored)",
            f"≥ {need:.0f}",
            graphs >= need,
        )
        metric(
            f"distinct_maps_{preset}",
            f"Distinct {preset} maps per {n_var} seeds",
            maps,
            "distinct (edges, node types)",
            f"≥ {need:.0f}",
            maps >= need,
        )
        metric(
            f"decisions_{preset}",
            f"Real decisions per {preset} run (median)",
            dec,
            "forks with options of different types on a route walked uniformly",
            f"≥ {want_dec}",
            dec >= want_dec,
        )
        data[f"variety_{preset}"] = {"seeds": n_var, "graphs": graphs, "maps": maps, "decisions": dec}

    # fight policies by party size (route: random, the rest: the engine bot)
    fights: dict[str, dict[int, float]] = {}
    for fp in FIGHT_POLICIES:
        fights[fp] = {}
        for p in PARTY_SIZES:
            items = [("full", p, cfg.seed + i, "random", fp) for i in range(n_runs)]
            runs = run_many(play, items, f"runmap fight {fp} {p}p", cfg.workers)
            fights[fp][p] = stats.share([r["won"] for r in runs])
    gap = min(fights["reader"][p] - fights["attack"][p] for p in PARTY_SIZES)
    metric(
        "reader_vs_attack",
        "Intent reader minus always-attack, win rate (worst party size)",
        f"{100 * gap:.1f} points",
        "full runs, random route; per party size 1-4, the smallest gap",
        "≥ 15 points",
        gap >= 0.15,
    )
    spread = max(fights["reader"].values()) - min(fights["reader"].values())
    metric(
        "party_spread_reader",
        "Win rate spread over party sizes 1-4 (intent reader)",
        f"{100 * spread:.1f} points",
        "max - min of the intent reader's full-run win rate over party sizes",
        "≤ 15 points",
        spread <= 0.15,
    )
    report.tables.append(
        Table(
            "Fight policies: full-run win rate by party size (random route)",
            ["fight policy", *[f"{p} player(s)" for p in PARTY_SIZES]],
            [[fp, *[_pct(fights[fp][p]) for p in PARTY_SIZES]] for fp in FIGHT_POLICIES],
            note="attack = always attack; block = always block; reader = the engine's read_intents "
            "(parry a heavy round, block big hits, drink when near death, else attack).",
        )
    )
    data["fights"] = fights

    # route policies (party sizes 1-4 in turn, intent-reading fights)
    rows = []
    table: dict[str, dict[str, float]] = {}
    for rp in ROUTE_POLICIES:
        items = [("full", 1 + i % 4, cfg.seed + i, rp, "reader") for i in range(n_runs)]
        runs = run_many(play, items, f"runmap route {rp}", cfg.workers)
        fig = {
            "win": stats.share([r["won"] for r in runs]),
            "score": float(np.mean([r["score"] for r in runs])),
            "elites": float(np.mean([r["elites"] for r in runs])),
            "relics": float(np.mean([r["relics"] for r in runs])),
            "gold": float(np.mean([r["gold"] for r in runs])),
        }
        table[rp] = fig
        rows.append(
            [
                rp,
                _pct(fig["win"]),
                round(fig["score"], 1),
                round(fig["elites"], 2),
                round(fig["relics"], 2),
                round(fig["gold"], 1),
            ]
        )
    best_win = max(table, key=lambda k: table[k]["win"])
    best_score = max(table, key=lambda k: table[k]["score"])
    metric(
        "no_dominant_route",
        "No route policy best on both win rate and score",
        f"best win: {best_win}; best score: {best_score}",
        "over seek_elites, avoid_elites, safe, greedy_gold, random",
        "different policies",
        best_win != best_score,
    )
    seek, avoid = table["seek_elites"]["score"], table["avoid_elites"]["score"]
    metric(
        "elites_pay",
        "Seeking elites when healthy vs avoiding them: score",
        f"{seek:.1f} vs {avoid:.1f}",
        "mean score per full run (party sizes 1-4 in turn)",
        "seek > avoid",
        seek > avoid,
    )
    report.tables.append(
        Table(
            "Route policies (full runs, party sizes 1-4 in turn, intent-reading fights)",
            ["route policy", "win rate", "score (mean)", "elites fought", "relics", "gold at the end"],
            rows,
            note="Score = gold + 100 per guardian + 10 per floor reached. See runmap_policies.py for each policy.",
        )
    )
    data["routes"] = table

    # best action per round by expectation (runmap_actions: K dice streams per action)
    per_size = max(1, n_runs // 50)  # 6 runs per party size at --games 1200
    streams = ACTION_STREAMS if n_runs >= 100 else 2  # a tiny run (the lab's own test) stays quick
    items = [(cfg.seed + 1000 + i, p, 3, streams) for p in PARTY_SIZES for i in range(per_size)]
    parts = run_many(sample_run, items, "runmap best action", cfg.workers)
    res = summary([r for part in parts for r in part])
    actions = ("attack", "block", "skill", "item", "tie")
    by_intent = res["by_intent"]
    report.tables.append(
        Table(
            f"Best action of a round by expectation ({streams} dice streams per action, party sizes 1-4)",
            ["intents shown", "rounds", *actions],
            [
                [k, sum(c.values()), *[_pct(c.get(a, 0) / max(1, sum(c.values()))) for a in actions]]
                for k, c in sorted(by_intent.items())
            ],
            note="Every legal action of the waiting hero is tried in a sampled round and the fight played out by "
            "the intent reader on several dice streams; best = highest mean party value at the fight's end "
            "(-1 a defeat); within 0.5 % of max HP = tie. See runmap_actions.py.",
        )
    )
    top = max((v for a, v in res["overall"].items() if a != "tie"), default=0)
    top_share = top / max(1, res["rounds"])
    metric(
        "no_single_best_action",
        "Rounds whose best action is the most common one",
        _pct(top_share),
        "share of sampled rounds where the most common best action is (uniquely) best",
        "< 100 % (no action best in every fight)",
        top_share < 1.0,
    )
    changes = res["fights_best_changes"] / max(1, res["fights_sampled_twice"])
    metric(
        "best_action_changes_in_a_fight",
        "Fights whose best action changes from round to round",
        _pct(changes),
        "of the fights sampled in two or more rounds",
        "> 0",
        changes > 0,
    )
    data["best_action"] = res
    return data
