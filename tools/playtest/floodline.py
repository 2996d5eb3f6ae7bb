"""Floodline playtest lab: per campaign level, a naive bot vs the committed solution (issue #16 targets).

Per level: won / stars by a naive bot (no tilts, no abilities, greedy hard-drop placement — the
solver of ``tools/floodline/solve_levels.py`` with tilts and abilities off), won / stars / tilts /
pieces of the committed solution replay, whether that replay used the level's Part VIII teach beat,
whether the authored water is at rest (settling once changes nothing) and how many wind gusts
actually pushed the falling piece during the solution.  ``--games N`` plays the naive bot on N bag
seeds per level (the level's own seed first).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.floodline.campaign import COUNT, level
from engine.floodline.level import parse_level
from engine.floodline.moves import parse_move
from engine.floodline.replay import parse_replay
from engine.floodline.rules import initial_state
from engine.floodline.scoring import tilts_needed
from tools.floodline.measure import BEATS, beat_used, trace_play, water_moves_at_start
from tools.playtest.progress import run_many
from tools.playtest.report import LabConfig, Metric, Plot, Report, Table

DEFAULT_GAMES = 1
FULL_GAMES = 3
SOLUTIONS = Path(__file__).resolve().parents[1] / "floodline" / "solutions"
NAIVE_PIECES = 40  # the naive bot gives up after this many pieces (--full; the default run uses 20)
LEVELS: list[int] | None = None  # None = the whole campaign (tests narrow it)


def naive_play(n: int, seed: int) -> dict[str, Any]:
    """The naive bot on level ``n`` with bag seed ``seed``: won, stars, pieces, end reason."""
    from tools.floodline.solve_levels import solve

    lv = parse_level(level(n))
    start = initial_state(lv, seed)
    if tilts_needed(start) > 0:  # an objective needs tilts: without tilts it cannot be won
        return {"won": False, "stars": 0, "pieces": 0, "reason": "needs tilts"}
    if not start.board.drains and any(o.type == "DRAIN_WATER" for o in lv.objectives):
        return {"won": False, "stars": 0, "pieces": 0, "reason": "needs a placed drain"}
    s, _ = solve(lv, seed, allow_tilts=False, abilities=False, max_pieces=NAIVE_PIECES)
    o = s.outcome
    won = o is not None and o.status.value == "WON"
    return {
        "won": won,
        "stars": o.stars if won and o is not None else 0,
        "pieces": s.metrics["piecesUsed"],
        "reason": "" if o is None else o.reason.value,
    }


def solution_play(n: int) -> dict[str, Any]:
    """The committed solution of level ``n`` replayed and traced."""
    lv = parse_level(level(n))
    path = SOLUTIONS / f"lv{n:02d}.json"
    out: dict[str, Any] = {"water_moves": water_moves_at_start(lv), "beat": BEATS[n][0]}
    if not path.exists():
        return {**out, "has": False, "won": False, "stars": 0, "tilts": 0, "pieces": 0, "beat_used": False}
    rep = parse_replay(path.read_text())
    _, t = trace_play(lv, rep.seed, [parse_move(x) for x in rep.inputs])
    beat = beat_used(n, t)
    extra = SOLUTIONS / f"lv{n:02d}.beat.json"  # where ★3 forbids the beat (Lv16, Lv25): a 2nd replay
    if not beat and extra.exists():
        rb = parse_replay(extra.read_text())
        beat = beat_used(n, trace_play(lv, rb.seed, [parse_move(x) for x in rb.inputs])[1])
    return {
        **out,
        "has": True,
        "won": t.won,
        "stars": t.stars,
        "reason": t.reason,
        "tilts": t.tilts,
        "tilt_dirs": sorted(t.tilt_dirs),
        "pieces": t.pieces,
        "holds": t.holds,
        "freezes": t.freezes,
        "stabilizes": t.stabilizes,
        "drains_placed": t.drains_placed,
        "mass": t.mass,
        "max_mass": lv.constraints.max_mass,
        "gusts": t.gusts,
        "wind_pushes": t.wind_pushes,
        "has_wind": any(h.enabled for h in lv.hazards),
        "beat_used": beat,
    }


def _job(item: tuple[str, int, int]) -> tuple[str, int, int, dict[str, Any]]:
    kind, n, seed = item
    return kind, n, seed, (naive_play(n, seed) if kind == "naive" else solution_play(n))


def summarise(naive: dict[int, list[dict[str, Any]]], sol: dict[int, dict[str, Any]]) -> list[Metric]:
    """The issue #16 headline figures from per-level naive-bot and solution results."""
    levels = sorted(sol)
    naive_won = [n for n in levels if naive[n][0]["won"]]
    naive_late = [n for n in naive_won if n >= 21]
    tilting = [n for n in levels if sol[n]["tilts"] > 0]
    beats = [n for n in levels if sol[n]["beat_used"]]
    three = [n for n in levels if sol[n]["stars"] == 3]
    rest = [n for n in levels if sol[n]["water_moves"] == 0]
    windy = [n for n in levels if sol[n].get("has_wind")]
    windy_push = [n for n in windy if sol[n].get("wind_pushes", 0) > 0]
    return [
        Metric(
            "naive_wins",
            "levels the naive bot wins",
            len(naive_won),
            "greedy hard drops, no tilts, no abilities, level seed; levels: " + _ids(naive_won),
            target="≤ 5",
            ok=len(naive_won) <= 5,
        ),
        Metric(
            "naive_wins_21_30",
            "naive-bot wins in Lv21–30",
            len(naive_late),
            "levels: " + _ids(naive_late),
            target="0",
            ok=not naive_late,
        ),
        Metric(
            "tilting_solutions",
            "committed solutions that tilt",
            len(tilting),
            "solution replays with ≥ 1 successful world rotation",
            target="≥ 20",
            ok=len(tilting) >= 20,
        ),
        Metric(
            "beat_used",
            "solutions using their teach beat",
            len(beats),
            "Part VIII teach beat touched by the winning replay; missing: "
            + _ids([n for n in levels if n not in beats]),
            target="30",
            ok=len(beats) == len(levels),
        ),
        Metric(
            "three_star",
            "levels with a ★3 replay",
            len(three),
            "missing: " + _ids([n for n in levels if n not in three]),
            target="30",
            ok=len(three) == len(levels),
        ),
        Metric(
            "water_at_rest",
            "levels whose water is at rest",
            len(rest),
            "settling the authored board once moves no water; moving: "
            + _ids([n for n in levels if n not in rest]),
            target="30",
            ok=len(rest) == len(levels),
        ),
        Metric(
            "wind_felt",
            "windy levels where a gust pushes the piece",
            f"{len(windy_push)}/{len(windy)}",
            "gusts that moved the falling piece during the solution; windy levels: " + _ids(windy),
            target="all",
            ok=len(windy_push) == len(windy),
        ),
    ]


def _ids(ns: list[int]) -> str:
    return ", ".join(f"{n}" for n in ns) or "none"


def run(cfg: LabConfig) -> Report:
    global NAIVE_PIECES
    NAIVE_PIECES = 40 if cfg.full else 20  # read by the forked workers
    levels = LEVELS or list(range(1, COUNT + 1))
    jobs: list[tuple[str, int, int]] = []
    for n in levels:
        base = int(level(n)["meta"]["seed"])
        jobs += [("naive", n, base + cfg.seed + i) for i in range(cfg.games)]
    jobs += [("sol", n, 0) for n in levels]
    results = run_many(_job, jobs, "floodline levels", cfg.workers)
    sol: dict[int, dict[str, Any]] = {}
    naive: dict[int, list[dict[str, Any]]] = {n: [] for n in levels}
    for kind, n, _seed, r in sorted(results, key=lambda r: (r[0], r[1], r[2])):
        if kind == "sol":
            sol[n] = r
        else:
            naive[n].append(r)
    return build_report(cfg, naive, sol)


def build_report(
    cfg: LabConfig, naive: dict[int, list[dict[str, Any]]], sol: dict[int, dict[str, Any]]
) -> Report:
    levels = sorted(sol)
    rows = []
    for n in levels:
        s, nb = sol[n], naive[n]
        nb_won = sum(r["won"] for r in nb)
        rows.append(
            [
                f"lv{n:02d}",
                f"{nb_won}/{len(nb)}",
                max((r["stars"] for r in nb), default=0),
                nb[0]["reason"] or "stuck",
                "yes" if s["won"] else "no",
                s["stars"],
                s["tilts"],
                s["pieces"],
                f"{s['beat']}: {'yes' if s['beat_used'] else 'NO'}",
                "yes" if s["water_moves"] == 0 else f"no ({s['water_moves']})",
                f"{s.get('wind_pushes', 0)}/{s.get('gusts', 0)}" if s.get("has_wind") else "–",
                f"{s.get('mass', 0)}/{s['max_mass']}" if s.get("max_mass") else "–",
            ]
        )
    table = Table(
        "Per level",
        [
            "level",
            "naive won",
            "naive ★",
            "naive end",
            "solution won",
            "solution ★",
            "tilts",
            "pieces",
            "teach beat used",
            "water at rest",
            "gust pushes/gusts",
            "mass/max",
        ],
        rows,
        note="naive = greedy hard drops (every orientation × column, objective heuristic), no tilts, no abilities.",
    )
    metrics = summarise(naive, sol)

    def draw_stars(ax: Any) -> None:
        import numpy as np

        x = np.array(levels)
        ax.bar(x - 0.2, [max(r["stars"] for r in naive[n]) for n in levels], 0.4, label="naive bot")
        ax.bar(x + 0.2, [sol[n]["stars"] for n in levels], 0.4, label="committed solution")
        ax.set_xticks(levels)
        ax.legend()

    def draw_tilts(ax: Any) -> None:
        ax.bar(levels, [sol[n]["tilts"] for n in levels], label="tilts")
        ax.plot(levels, [sol[n]["pieces"] for n in levels], "o-", color="C1", label="pieces")
        ax.set_xticks(levels)
        ax.legend()

    plots = [
        Plot("stars", "Stars per level: naive bot vs committed solution", draw_stars, "level", "stars"),
        Plot("tilts", "Committed solutions: tilts and pieces per level", draw_tilts, "level", "count"),
    ]
    ok = sum(1 for m in metrics if m.ok)
    return Report(
        game="floodline",
        title="Floodline campaign",
        config=cfg,
        summary=f"{ok}/{len(metrics)} issue #16 targets met.",
        metrics=metrics,
        tables=[table],
        plots=plots,
        data={
            "naive": {str(k): v for k, v in naive.items()},
            "solutions": {str(k): v for k, v in sol.items()},
        },
    )


if __name__ == "__main__":  # quick look without the CLI
    print(json.dumps(solution_play(24), indent=1))
