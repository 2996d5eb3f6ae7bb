"""Floodline playtest lab (issues #16, #26): every campaign level played by a family of cheap strategies,
and the committed solution replayed and traced.

The family (``tools/playtest/floodline_family.py``: random legal play, drop-only, "tilt, drop, tilt
back, then drop only", tilt-blind greedy stacking with out-and-back tilts, greedy stacking against
a wall / immovable cell) plays EVERY level on the level's own bag seed (random play on ``--games``
RNG seeds); a strategy that cannot do something goes on playing, never returns an unplayed loss.
Every strategy of the family (``FAMILY``: ten since session 14, incl. "park", "tilt_stay", "build_tilt" and
the committed-solution solver) plays all 30 levels.  Per level: which strategies win and how close each got (its objective
progress at the end of its play; the level's near-miss figure is the family's mean), and of the
committed solution: won / stars / tilts / pieces, the distinct ideas it used,
whether it used the Part VIII teach beat, whether the authored water is at rest and how many wind
gusts actually pushed the falling piece.  The per-level table is printed as well as written; the
difficulty-curve plot (``floodline-curve.png``: solution pieces, distinct ideas used and the family's
near miss by level, chapters marked) is saved with the report.  ``FLOODLINE_LAB_LEVELS=11-20`` (or
``2,3,6``) narrows a run to some levels; ``FLOODLINE_LAB_CACHE=file.jsonl`` keeps every result as it
finishes and replays only plays whose code, level or solution changed (``floodline_cache.py``).
"""

from __future__ import annotations

import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from engine.floodline.board import Material
from engine.floodline.campaign import COUNT, level
from engine.floodline.level import parse_level
from engine.floodline.moves import parse_move
from engine.floodline.replay import parse_replay
from tools.floodline.measure import BEATS, Trace, beat_used, trace_play, water_moves_at_start
from tools.playtest import floodline_cache
from tools.playtest.floodline_family import FAMILY, NEAR
from tools.playtest.floodline_table import cap_for, job
from tools.playtest.progress import run_many
from tools.playtest.report import LabConfig, Metric, Plot, Report, Table

DEFAULT_GAMES = 1
FULL_GAMES = 3
SOLUTIONS = Path(__file__).resolve().parents[1] / "floodline" / "solutions"
MAX_PIECES = 40  # a strategy stops after this many pieces (--full: 60)
LEVELS: list[int] | None = None  # None = the whole campaign (tests narrow it)
TUTORIAL = range(1, 6)  # Lv1-5 may fall to at most two strategies (issue #26)


def env_levels() -> list[int] | None:
    """``FLOODLINE_LAB_LEVELS`` ("11-20", "2,3,6"): the levels a run plays (None: all)."""
    spec = os.environ.get("FLOODLINE_LAB_LEVELS", "").strip()
    if not spec:
        return None
    out: list[int] = []
    for part in spec.split(","):
        a, _, b = part.partition("-")
        out += list(range(int(a), int(b or a) + 1))
    return [n for n in out if 1 <= n <= COUNT]


def ideas_used(t: Trace) -> list[str]:
    """The distinct ideas a play touched (the curve's "ideas used")."""
    out = []
    if t.tilt_dirs & {"EAST", "WEST"}:
        out.append("tilt E/W")
    if t.tilt_dirs & {"NORTH", "SOUTH"}:
        out.append("tilt N/S")
    if t.holds:
        out.append("hold")
    if t.materials.get(Material.REINFORCED.value, 0):
        out.append("reinforced")
    if t.materials.get(Material.HEAVY.value, 0):
        out.append("heavy")
    if t.water_removed:
        out.append("drain")
    if t.drains_placed:
        out.append("place drain")
    if t.freezes:
        out.append("freeze")
    if t.stabilizes:
        out.append("stabilize")
    if t.wind_pushes:
        out.append("wind")
    if t.lost or t.shift:
        out.append("collapse")
    return out


def family_play(strategy: str, n: int, variant: int) -> dict[str, Any]:
    """One cheap strategy on level ``n`` (the level's own bag seed; ``variant`` seeds random play),
    within ``cap_for(n, MAX_PIECES)`` pieces, through the table driver's cached ``job``."""
    r = job(strategy, n, variant, cap_for(n, MAX_PIECES))
    assert r is not None
    return r


def solution_play(n: int) -> dict[str, Any]:
    """The committed solution of level ``n`` replayed and traced."""
    lv = parse_level(level(n))
    path = SOLUTIONS / f"lv{n:02d}.json"
    out: dict[str, Any] = {"water_moves": water_moves_at_start(lv), "beat": BEATS[n][0]}
    if not path.exists():
        return {
            **out,
            "has": False,
            "won": False,
            "stars": 0,
            "tilts": 0,
            "pieces": 0,
            "beat_used": False,
            "ideas": [],
        }
    rep = parse_replay(path.read_text())
    _, t = trace_play(lv, rep.seed, [parse_move(x) for x in rep.inputs])
    beat = beat_used(n, t)
    extra = SOLUTIONS / f"lv{n:02d}.beat.json"  # ★3 forbids the beat (Lv25): a 2nd replay
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
        "ideas": ideas_used(t),
    }


def _job(item: tuple[str, int, int]) -> tuple[str, int, int, dict[str, Any]]:
    kind, n, variant = item
    if kind != "sol":
        return kind, n, variant, family_play(kind, n, variant)
    k = floodline_cache.key(kind, n, variant, MAX_PIECES)  # before the play: what it is played on
    t0 = time.process_time()
    r = solution_play(n)
    r["cpu"] = round(time.process_time() - t0, 2)
    floodline_cache.store(k, r)
    return kind, n, variant, r


def _cap(kind: str, n: int) -> int:
    return MAX_PIECES if kind == "sol" else cap_for(n, MAX_PIECES)


Family = dict[int, dict[str, list[dict[str, Any]]]]  # level -> strategy -> plays


def winners(fam: Family, n: int) -> list[str]:
    """Strategies with at least one winning play of level ``n``."""
    return [k for k, plays in fam[n].items() if any(r["won"] for r in plays)]


def end_progress(plays: list[dict[str, Any]]) -> float:
    """A strategy's closeness on a level: its best play's objective progress at the play's end
    (NaN when it was not run: FLOODLINE_LAB_CACHE_ONLY)."""
    return max((float(r.get("end_progress", r["progress"])) for r in plays), default=float("nan"))


def near_miss(fam: Family, n: int) -> float:
    """The level's near-miss figure: the family's mean closeness (1 = every strategy wins)."""
    done = [end_progress(plays) for plays in fam[n].values() if plays]
    return statistics.mean(done) if done else float("nan")


def trend(levels: list[int], ys: list[float]) -> float:
    """Least-squares slope of ``ys`` over ``levels`` (0 for fewer than two levels)."""
    if len(levels) < 2:
        return 0.0
    mx, my = statistics.mean(levels), statistics.mean(ys)
    den = sum((x - mx) ** 2 for x in levels)
    return sum((x - mx) * (y - my) for x, y in zip(levels, ys, strict=True)) / den if den else 0.0


def near_miss_rate(fam: Family, n: int) -> float:
    """Share of the family's lost plays of level ``n`` that reached ≥ NEAR of the weakest objective."""
    lost = [r for plays in fam[n].values() for r in plays if not r["won"]]
    return sum(r.get("end_progress", r["progress"]) >= NEAR for r in lost) / len(lost) if lost else 0.0


def _chapter(ns: list[int], ch: int) -> list[int]:
    return [n for n in ns if (n - 1) // 10 + 1 == ch]


def summarise(fam: Family, sol: dict[int, dict[str, Any]]) -> list[Metric]:
    """The issue #26 headline figures from the family's plays and the solution replays."""
    levels = sorted(sol)
    late_won = {n: winners(fam, n) for n in levels if n >= 6 and winners(fam, n)}
    tut_bad = {n: winners(fam, n) for n in levels if n in TUTORIAL and len(winners(fam, n)) > 2}
    unplayed = [
        f"{n}:{k}"
        for n in levels
        for k, plays in fam[n].items()
        for r in plays
        if r["pieces"] == 0 and not r["won"]
    ]
    not_run = [f"{n}:{k}" for n in levels for k, plays in fam[n].items() if not plays]
    long_ch = [n for n in levels if n >= 11]
    pieces_23 = [sol[n]["pieces"] for n in long_ch]
    short_23 = [n for n in long_ch if sol[n]["pieces"] < 20]
    short_1 = [n for n in _chapter(levels, 1) if sol[n]["pieces"] < 5]
    med = statistics.median(pieces_23) if pieces_23 else 0
    lv30 = sol[30]["pieces"] if 30 in sol else None
    beats = [n for n in levels if sol[n]["beat_used"]]
    three = [n for n in levels if sol[n]["stars"] == 3]
    rest = [n for n in levels if sol[n]["water_moves"] == 0]
    windy = [n for n in levels if sol[n].get("has_wind")]
    windy_push = [n for n in windy if sol[n].get("wind_pushes", 0) > 0]
    curve = []
    for ch in (1, 2, 3):
        ns = _chapter(levels, ch)
        if len(ns) >= 2:
            slopes = (
                trend(ns, [sol[n]["pieces"] for n in ns]),
                trend(ns, [len(sol[n]["ideas"]) for n in ns]),
                trend(ns, [near_miss(fam, n) for n in ns]),
            )
            curve.append((ch, slopes))
    curve_ok = all(p > 0 and i > 0 and m < 0 for _ch, (p, i, m) in curve)
    return [
        Metric(
            "plays_not_run",
            "strategy x level plays missing (a run cut short, reported from the cache)",
            len(not_run),
            "level:strategy — " + (", ".join(not_run[:40]) or "none"),
            target="0",
            ok=not not_run,
        ),
        Metric(
            "curve",
            "chapters whose curve rises (pieces, ideas) and whose near miss falls",
            f"{sum(p > 0 and i > 0 and m < 0 for _c, (p, i, m) in curve)}/{len(curve)}",
            "least-squares slope per level inside each chapter of solution pieces / distinct ideas used /"
            " the family's mean end progress: "
            + "; ".join(f"ch{c}: {p:+.2f} / {i:+.2f} / {m:+.3f}" for c, (p, i, m) in curve),
            target="all",
            ok=curve_ok if curve else None,
        ),
        Metric(
            "family_wins_6_30",
            "levels of Lv6–30 a cheap strategy wins",
            len(late_won),
            "level: winning strategies — "
            + ("; ".join(f"{n}: {'/'.join(w)}" for n, w in late_won.items()) or "none"),
            target="0",
            ok=not late_won,
        ),
        Metric(
            "tutorial_over_two",
            "tutorial levels (1–5) won by more than two strategies",
            len(tut_bad),
            "; ".join(f"{n}: {'/'.join(w)}" for n, w in tut_bad.items()) or "none",
            target="0",
            ok=not tut_bad,
        ),
        Metric(
            "plays_without_a_piece",
            "family plays lost without locking a piece",
            len(unplayed),
            "lost before the first lock (e.g. a first tilt that collapses the prebuilt board): "
            + (", ".join(unplayed[:12]) or "none"),
        ),
        Metric(
            "length_ch23",
            "chapters 2–3 solutions under 20 pieces",
            len(short_23),
            f"median {med} pieces (target ≥ 30); levels under 20: " + _ids(short_23),
            target="0 and median ≥ 30",
            ok=not short_23 and med >= 30,
        ),
        Metric("length_lv30", "Lv30 solution pieces", lv30, "the exam", target="≥ 40", ok=(lv30 or 0) >= 40),
        Metric(
            "length_ch1",
            "chapter 1 solutions under 5 pieces",
            len(short_1),
            "levels: " + _ids(short_1),
            target="0",
            ok=not short_1,
        ),
        Metric(
            "beat_used",
            "solutions using their teach beat",
            len(beats),
            "Part VIII teach beat touched by the winning replay; missing: "
            + _ids([n for n in levels if n not in beats]),
            target=str(len(levels)),
            ok=len(beats) == len(levels),
        ),
        Metric(
            "three_star",
            "levels with a ★3 replay",
            len(three),
            "missing: " + _ids([n for n in levels if n not in three]),
            target=str(len(levels)),
            ok=len(three) == len(levels),
        ),
        Metric(
            "water_at_rest",
            "levels whose water is at rest",
            len(rest),
            "settling the authored board once moves no water; moving: "
            + _ids([n for n in levels if n not in rest]),
            target=str(len(levels)),
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
    global MAX_PIECES
    MAX_PIECES = 60 if cfg.full else 40  # read by the forked workers
    levels = LEVELS or env_levels() or list(range(1, COUNT + 1))
    jobs: list[tuple[str, int, int]] = [("sol", n, 0) for n in levels]
    cheap = ("drop", "tilt_drop", "random", "greedy", "wall")
    for k in [*cheap, *(k for k in FAMILY if k not in cheap)]:  # every strategy of the family, cheap first
        for n in levels:
            jobs += [(k, n, cfg.seed + i) for i in range(cfg.games if k == "random" else 1)]
    floodline_cache.code_hash()  # read once, before the workers fork
    cached = floodline_cache.load()  # FLOODLINE_LAB_CACHE: replay only what changed
    hits = {j: cached.get(floodline_cache.key(*j, _cap(j[0], j[1]))) for j in jobs} if cached else {}
    todo = [j for j in jobs if hits.get(j) is None]
    if os.environ.get("FLOODLINE_LAB_CACHE_ONLY"):  # report what finished; the rest shows "not run"
        todo = [j for j in todo if j[0] == "sol"]
    results = run_many(_job, todo, "floodline levels", cfg.workers)
    results += [(*j, r) for j, r in hits.items() if r is not None]
    sol: dict[int, dict[str, Any]] = {}
    fam: Family = {n: {k: [] for k in FAMILY} for n in levels}
    for kind, n, _v, r in sorted(results, key=lambda r: (r[0], r[1], r[2])):
        if kind == "sol":
            sol[n] = r
        else:
            fam[n][kind].append(r)
    report = build_report(cfg, fam, sol)
    print_table(report)
    return report


def print_table(report: Report) -> None:
    """The per-level table on stdout (the lab's quick look)."""
    t = report.tables[0]
    widths = [max(len(str(c)), *(len(str(r[i])) for r in t.rows)) for i, c in enumerate(t.columns)]
    print("  ".join(str(c).ljust(w) for c, w in zip(t.columns, widths, strict=True)))
    for r in t.rows:
        print("  ".join(str(v).ljust(w) for v, w in zip(r, widths, strict=True)))


def _cell(plays: list[dict[str, Any]]) -> str:
    if not plays:
        return "not run"
    won = [r for r in plays if r["won"]]
    if won:
        return f"WON {max(r['stars'] for r in won)}★" + (
            f" {len(won)}/{len(plays)}" if len(plays) > 1 else ""
        )
    best = max(plays, key=lambda r: r.get("end_progress", r["progress"]))
    return f"{end_progress(plays):.2f} {best['reason'].lower()[:8]} {best['pieces']}p"


def build_report(cfg: LabConfig, fam: Family, sol: dict[int, dict[str, Any]]) -> Report:
    levels = sorted(sol)
    rows = []
    for n in levels:
        s = sol[n]
        rows.append(
            [
                f"lv{n:02d}",
                *(_cell(fam[n][k]) for k in FAMILY),
                f"{near_miss(fam, n):.2f}",
                f"{s['stars']}★" if s["won"] else "no",
                s["pieces"],
                s["tilts"],
                ", ".join(s["ideas"]) or "–",
                f"{s['beat']}: {'yes' if s['beat_used'] else 'NO'}",
                "yes" if s["water_moves"] == 0 else f"no ({s['water_moves']})",
                f"{s.get('wind_pushes', 0)}/{s.get('gusts', 0)}" if s.get("has_wind") else "–",
            ]
        )
    table = Table(
        "Per level",
        [
            "level",
            *FAMILY,
            "near miss",
            "solution",
            "pieces",
            "tilts",
            "ideas used",
            "teach beat used",
            "water at rest",
            "gust pushes/gusts",
        ],
        rows,
        note=(
            "Strategy cells: WON n★, or the play's objective progress at its end (weakest objective's share, a"
            " structure that must survive tilts half by its tilts), how it ended and its pieces. near miss = the"
            f" family's mean end progress (1 = all win). Every strategy plays every level (max {MAX_PIECES} pieces,"
            " or the committed solution's + 10: floodline_table.cap_for)."
        ),
    )
    metrics = summarise(fam, sol)

    def draw_curve(ax: Any) -> None:
        ax.plot(levels, [sol[n]["pieces"] for n in levels], "o-", label="solution pieces")
        ax.plot(levels, [5 * len(sol[n]["ideas"]) for n in levels], "s-", label="distinct ideas used × 5")
        ax.set_ylabel("pieces")
        right = ax.twinx()
        right.plot(levels, [near_miss(fam, n) for n in levels], "^-", color="C3")
        ax.plot([], [], "^-", color="C3", label="near miss: family's mean end progress (right axis)")
        right.set_ylim(0, 1.05)
        right.set_ylabel("family's mean end progress")
        for x in (10.5, 20.5):
            ax.axvline(x, color="grey", lw=0.8)
        ax.set_xticks(levels)
        ax.legend(fontsize=8, loc="upper left")

    def draw_progress(ax: Any) -> None:
        for k in FAMILY:
            ax.plot(levels, [end_progress(fam[n][k]) for n in levels], ".-", label=k)
        ax.set_xticks(levels)
        ax.legend()

    plots = [
        Plot(
            "curve",
            "Difficulty curve by level: pieces, ideas, cheap strategies' near misses",
            draw_curve,
            "level",
        ),
        Plot(
            "family",
            "Cheap strategies: objective progress at the end of the play (1 = won)",
            draw_progress,
            "level",
            "progress",
        ),
    ]
    ok = sum(1 for m in metrics if m.ok)
    return Report(
        game="floodline",
        title="Floodline campaign",
        config=cfg,
        summary=f"{ok}/{sum(1 for m in metrics if m.ok is not None)} issue #26 targets met.",
        metrics=metrics,
        tables=[table],
        plots=plots,
        data={
            "family": {str(k): v for k, v in fam.items()},
            "solutions": {str(k): v for k, v in sol.items()},
        },
    )


if __name__ == "__main__":  # quick look without the CLI
    print(json.dumps(solution_play(24), indent=1))
