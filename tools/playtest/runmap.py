"""Run Map in the playtest lab: map shape (routes, decisions, composition, shops) and bot runs.

Map metrics come from generated maps only (``cfg.games`` seeds per preset, 10,000 with
``--full``); bot metrics from the engine's ``bot_move`` playing whole runs for party sizes 1-4.

Definitions used throughout:

- a *route* is a path from the layer-0 node to a final boss; a *single-route map* has one;
- a *fork* is a node with two or more forward edges; a *real decision* is a fork whose options
  differ in type (a boss counts with its guardian, so the RNG Portal beside the Kraken differs);
- *decisions per run* walks one route per map, choosing uniformly at each fork (seeded), and
  counts the real decisions on it.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from engine.runmap import GAME, NodeType, Select, bot_move
from engine.runmap.config import RunOptions
from engine.runmap.mapgen import generate_map
from engine.runmap.model import MapLayout, count_types
from engine.runmap.rules import apply_move
from engine.runmap.state import Phase
from engine.runmap.stats import EXPECTED_FULL, route_composition
from tools.playtest import stats
from tools.playtest.progress import run_many
from tools.playtest.report import LabConfig, Metric, Plot, Report, Table

DEFAULT_GAMES = 2000  # maps per preset; bot runs are a quarter of that per party size
FULL_GAMES = 10_000
PRESETS = ("slice", "full")
PARTY_SIZES = (1, 2, 3, 4)
TRACKED = (NodeType.ELITE, NodeType.REST, NodeType.SHOP, NodeType.SHRINE)
CAP = 2  # the full preset's caps of ELITE, REST and SHOP (SHRINE has none)


def _key(layout: MapLayout, index: int) -> str:
    node = layout.nodes[index]
    return f"{node.node_type.value}:{node.guardian_id}" if node.is_guardian else node.node_type.value


def _successors(layout: MapLayout) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for e in layout.edges:
        out.setdefault(e.from_index, []).append(e.to_index)
    return out


def route_count(layout: MapLayout) -> int:
    """Number of start-to-final-boss routes."""
    out = _successors(layout)
    ways = [0] * len(layout.nodes)
    for node in reversed(layout.nodes):
        last = node.layer == layout.layer_count - 1
        ways[node.index] = 1 if last else sum(ways[j] for j in out.get(node.index, []))
    return sum(ways[n.index] for n in layout.nodes_at(0))


def fork_kinds(layout: MapLayout) -> tuple[int, int]:
    """(forks, forks whose options are all of one type) over the whole map."""
    forks = same = 0
    for targets in _successors(layout).values():
        if len(targets) >= 2:
            forks += 1
            same += len({_key(layout, j) for j in targets}) == 1
    return forks, same


def walk_decisions(layout: MapLayout, rng: random.Random) -> int:
    """Real decisions on one route walked from the start, uniform at each fork."""
    out = _successors(layout)
    (here,) = (n.index for n in layout.nodes_at(0))
    decisions = 0
    while here in out:
        targets = out[here]
        if len({_key(layout, j) for j in targets}) >= 2:
            decisions += 1
        here = targets[rng.randrange(len(targets))]
    return decisions


def map_metrics(item: tuple[str, int]) -> dict[str, Any]:
    """Shape figures of the map of one (preset, seed)."""
    preset, seed = item
    layout = generate_map(seed, 1, RunOptions(preset=preset))  # type: ignore[arg-type]
    forks, same = fork_kinds(layout)
    counts = count_types(layout)
    route = route_composition(layout)
    return {
        "routes": route_count(layout),
        "forks": forks,
        "same_forks": same,
        "decisions": walk_decisions(layout, random.Random(seed)),
        "nodes": len(layout.nodes),
        "counts": {t.value: counts[t] for t in NodeType},
        "route": {t.value: route[t] for t in NodeType},
    }


def bot_run(item: tuple[str, int, int] | tuple[str, int, int, str]) -> dict[str, Any]:
    """One whole run by the engine's bot: outcome, floor reached, gold in and out, decisions met.
    A fourth item names the final guardian the bot goes for (default: the bot's own pick)."""
    preset, players, seed = item[:3]
    final = item[3] if len(item) > 3 else ""
    state = GAME.initial(seed, {"preset": preset, "players": players})
    earned = spent = decisions = 0
    reached_final = False
    while (move := bot_move(state)) is not None:
        if state.phase == Phase.MAP:
            avail = state.available_nodes()
            if len({_key(state.layout, n.index) for n in avail}) >= 2:
                decisions += 1
            wanted = [n for n in avail if final and n.guardian_id == final]
            if wanted:
                move = Select(move.seat, wanted[0].index)  # type: ignore[union-attr]
                reached_final = True
        new = apply_move(state, move)
        delta = new.gold - state.gold
        earned += max(delta, 0)
        spent += max(-delta, 0)
        state = new
    result = state.result
    assert result is not None
    node = state.current_node
    return {
        "won": result.termination.value == "victory",
        "floor": result.floor,
        "earned": earned,
        "spent": spent,
        "decisions": decisions,
        "act": node.act if node else 1,
        "score": result.score,
        "reached_final": reached_final,
    }


def _fmt_pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def run(cfg: LabConfig) -> Report:
    """Generate ``cfg.games`` maps per preset and ``cfg.games // 4`` bot runs per party size."""
    n_maps = cfg.games
    n_runs = max(8, cfg.games // 4)
    report = Report(game="runmap", title="Run Map", config=cfg)
    report.summary = (
        f"{n_maps} maps per preset (seeds {cfg.seed}..{cfg.seed + n_maps - 1}); "
        f"{n_runs} bot runs per party size on the full preset. A real decision is a fork whose "
        "options differ in type; decisions per run are counted on a route walked uniformly at each fork."
    )
    maps: dict[str, list[dict[str, Any]]] = {}
    for preset in PRESETS:
        items = [(preset, cfg.seed + i) for i in range(n_maps)]
        maps[preset] = run_many(map_metrics, items, f"runmap maps {preset}", cfg.workers)
    runs: dict[int, list[dict[str, Any]]] = {}
    for p in PARTY_SIZES:
        items3 = [("full", p, cfg.seed + i) for i in range(n_runs)]
        runs[p] = run_many(bot_run, items3, f"runmap bot {p}p", cfg.workers)

    defy: dict[str, list[dict[str, Any]]] = {}
    for final in ("shadow_kraken", "rng"):
        items4 = [("full", 1 + i % 4, cfg.seed + i, final) for i in range(n_runs)]
        defy[final] = run_many(bot_run, items4, f"runmap final {final}", cfg.workers)
    full = maps["full"]
    single = {pr: stats.share([m["routes"] == 1 for m in maps[pr]]) for pr in PRESETS}
    dec = [m["decisions"] for m in full]
    forks = sum(m["forks"] for m in full)
    same = sum(m["same_forks"] for m in full)
    per_map = {t: float(np.mean([m["counts"][t.value] for m in full])) for t in NodeType}
    per_route = {t: float(np.mean([m["route"][t.value] for m in full])) for t in NodeType}
    over_cap = stats.share(
        [
            any(m["counts"][t.value] > CAP for t in (NodeType.ELITE, NodeType.REST, NodeType.SHOP))
            for m in full
        ]
    )
    shop = stats.share([m["counts"]["SHOP"] > 0 for m in full])
    win = {p: stats.share([r["won"] for r in runs[p]]) for p in PARTY_SIZES}
    spread = max(win.values()) - min(win.values())
    earned = {p: float(np.mean([r["earned"] for r in runs[p]])) for p in PARTY_SIZES}
    spent = {p: float(np.mean([r["spent"] for r in runs[p]])) for p in PARTY_SIZES}

    def metric(key: str, label: str, value: Any, definition: str, ref: str, target: str, ok: bool) -> None:
        report.metrics.append(Metric(key, label, value, definition, ref, target, bool(ok)))

    for pr in PRESETS:
        metric(
            f"single_route_{pr}",
            f"Single-route maps ({pr})",
            _fmt_pct(single[pr]),
            "maps with exactly one start-to-boss route / maps",
            "forks on every layer pair (edges 1-2 per node)",
            "0 over 10,000 seeds",
            single[pr] == 0,
        )
    med = float(np.median(dec))
    metric(
        "decisions_median",
        "Real decisions per full run (median)",
        med,
        "forks with options of different types on a route walked uniformly, per full map",
        "design: a choice between safe and dangerous routes",
        "≥ 6",
        med >= 6,
    )
    metric(
        "same_type_forks",
        "Forks offering one type on every branch",
        _fmt_pct(same / max(forks, 1)),
        "forks whose options all have the same type / forks (full maps)",
        "Slay the Spire: no same-type fork",
        "",
        same == 0,
    )
    for t in TRACKED:
        metric(
            f"per_map_{t.value.lower()}",
            f"{t.value} per full map (mean)",
            round(per_map[t], 2),
            f"{t.value} nodes per full map",
            "design: 2",
            "≥ 1.7 within the caps",
            per_map[t] >= 1.7 and over_cap == 0,
        )
    metric(
        "shop_maps",
        "Full maps with a reachable shop",
        _fmt_pct(shop),
        "full maps holding a SHOP (every node is reachable) / maps",
        "design: 2 SHOP (acts 2-3)",
        "≥ 95 %",
        shop >= 0.95,
    )
    metric(
        "win_spread",
        "Bot win rate spread over party sizes 1-4",
        f"{100 * spread:.1f} points",
        "max - min of the bot's full-run win rate over party sizes 1-4",
        "",
        "≤ 15 points",
        spread <= 0.15,
    )
    for p in PARTY_SIZES:
        report.metrics.append(
            Metric(f"win_{p}p", f"Bot win rate, {p} player(s)", _fmt_pct(win[p]), "victories / full runs")
        )

    report.tables.append(
        Table(
            "Map shape per preset",
            [
                "preset",
                "single-route maps",
                "routes (median)",
                "nodes (mean)",
                "same-type forks",
                "decisions (median)",
            ],
            [
                [
                    pr,
                    _fmt_pct(single[pr]),
                    float(np.median([m["routes"] for m in maps[pr]])),
                    round(float(np.mean([m["nodes"] for m in maps[pr]])), 2),
                    _fmt_pct(
                        sum(m["same_forks"] for m in maps[pr]) / max(1, sum(m["forks"] for m in maps[pr]))
                    ),
                    float(np.median([m["decisions"] for m in maps[pr]])),
                ]
                for pr in PRESETS
            ],
        )
    )
    comp_rows = []
    for t in NodeType:
        vals = [m["counts"][t.value] for m in full]
        exp = EXPECTED_FULL.get(t)
        comp_rows.append(
            [
                t.value,
                round(per_map[t], 2),
                min(vals),
                max(vals),
                round(per_route[t], 2),
                "-" if exp is None else (str(exp[0]) if exp[0] == exp[1] else f"{exp[0]}-{exp[1]}"),
            ]
        )
    report.tables.append(
        Table(
            "Full map composition",
            ["type", "per map (mean)", "min", "max", "per route (mean)", "design expects"],
            comp_rows,
            note="Per route: the expected count on a route chosen uniformly among all routes. "
            f"Maps over a cap (ELITE/REST/SHOP > {CAP}): {_fmt_pct(over_cap)}.",
        )
    )

    def final_row(final: str) -> list[Any]:
        at = [r for r in defy[final] if r["reached_final"]]
        return [
            final,
            len(at),
            _fmt_pct(stats.share([r["won"] for r in at])),
            round(float(np.mean([r["score"] for r in at])) if at else float("nan"), 1),
            round(float(np.mean([r["score"] for r in defy[final]])), 1),
        ]

    report.tables.append(
        Table(
            "Defy the Gods: the final choice (full preset, party sizes 1-4 in turn, same seeds)",
            ["final guardian", "runs reaching it", "won there", "score there (mean)", "score per run (mean)"],
            [final_row("shadow_kraken"), final_row("rng")],
            note="The bot plays as usual and, at the last fork, goes for the named guardian.",
        )
    )
    report.tables.append(
        Table(
            "Bot runs by party size (full preset)",
            ["players", "win rate", "floor reached (median)", "gold earned", "gold spent", "decisions met"],
            [
                [
                    p,
                    _fmt_pct(win[p]),
                    float(np.median([r["floor"] for r in runs[p]])),
                    round(earned[p], 1),
                    round(spent[p], 1),
                    float(np.median([r["decisions"] for r in runs[p]])),
                ]
                for p in PARTY_SIZES
            ],
        )
    )

    def draw_decisions(ax: Any) -> None:
        for pr in PRESETS:
            d = [m["decisions"] for m in maps[pr]]
            ax.hist(d, bins=np.arange(0, max(d) + 2) - 0.5, alpha=0.6, label=pr)
        ax.axvline(6, color="k", ls="--", label="target ≥ 6 (full)")

    def draw_comp(ax: Any) -> None:
        types = [t for t in NodeType if t in EXPECTED_FULL]
        x = np.arange(len(types))
        ax.bar(x - 0.2, [per_map[t] for t in types], 0.4, label="per map")
        ax.bar(x + 0.2, [per_route[t] for t in types], 0.4, label="per route")
        ax.scatter(
            x, [sum(EXPECTED_FULL[t]) / 2 for t in types], color="k", marker="_", s=400, label="design"
        )
        ax.set_xticks(x, [t.value.replace("_", " ") for t in types], fontsize=7)

    def draw_wins(ax: Any) -> None:
        ax.bar([str(p) for p in PARTY_SIZES], [100 * win[p] for p in PARTY_SIZES])
        ax.set_ylim(0, 100)

    def draw_floors(ax: Any) -> None:
        floors = np.arange(0, 16)
        for p in PARTY_SIZES:
            lengths = [r["floor"] + (1 if r["won"] else 0) for r in runs[p]]
            ax.plot(floors, stats.survival(lengths, 15), label=f"{p} player(s)")

    report.plots += [
        Plot(
            "decisions",
            "Real decisions per run (route walked uniformly)",
            draw_decisions,
            "decisions",
            "maps",
        ),
        Plot("composition", "Full map composition", draw_comp, "", "nodes"),
        Plot("wins", "Bot win rate by party size (full)", draw_wins, "players", "% of runs won"),
        Plot("survival", "Bot runs still alive after each floor (full)", draw_floors, "floor", "share"),
    ]
    from tools.playtest.runmap_lab3 import add_rules3  # noqa: PLC0415 - the issue-29 section

    rules3 = add_rules3(report, cfg)
    report.data = {
        "rules3": rules3,
        "single_route": single,
        "decisions_median": med,
        "same_type_forks": same / max(forks, 1),
        "per_map": {t.value: per_map[t] for t in NodeType},
        "per_route": {t.value: per_route[t] for t in NodeType},
        "over_cap": over_cap,
        "shop_maps": shop,
        "win": win,
        "gold_earned": earned,
        "gold_spent": spent,
        "defy": {f: final_row(f)[1:] for f in defy},
    }
    return report
