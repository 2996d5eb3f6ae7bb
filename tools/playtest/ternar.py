"""Ternar lab: start deals, early deaths, growth, intro stages, input lock (issue #13, #15) and the
window and arc of issue #30 (``ternar_arc``).

Three players: the GreedyBot of 17.10 (``engine.ternar.bot``), the random-route newcomer and the
careful player who keeps the most pairs alive (both in ``ternar_bots``). Random and careful games
are capped at ``RANDOM_CAP`` / ``CAREFUL_CAP`` turns and GreedyBot games at ``GREEDY_CAP`` (the bot
is slow); a capped game counts as still alive at the cap. Input lock is the length of the glue's animation timeline for each move,
computed headless by the same pure function the page uses.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.ternar import apply, apply_with_events, initial
from engine.ternar.bot import greedy_route, iter_routes
from engine.ternar.model import Route, State, intro_stage
from tools.playtest import stats, ternar_arc
from tools.playtest.progress import run_many
from tools.playtest.report import LabConfig, Metric, Plot, Report, Table
from tools.playtest.ternar_bots import careful_route, live_pairs, pair_route, random_route

DEFAULT_GAMES = 300
FULL_GAMES = 1000
START_SEEDS = 1000  # deals checked for the unsalvageable-start share (all runs)
RANDOM_CAP = 2500  # turns; random-route games are stopped here (counted as alive)
CAREFUL_CAP = 2000  # turns; careful games are stopped here (the p95 target: a capped game is over it)
GREEDY_CAP = 250  # turns; GreedyBot games are stopped here
GREEDY_BUDGET = (150, 3000)  # per-start / total route extensions of the bot in the lab (speed)
EARLY = 5  # "dies early": game over on or before this turn
SPEC_TURNS = 452  # 13.2 telemetry example
SPEC_MAX = 19683
SPEC_SCORE = 85400
SPEC_CHAIN = 3.2
MARK_TURNS = (5, 10, 20, 30, 50, 100, 150, 200, 300, 400)


def lock_ms(old: State, events: Sequence[Any], new: State) -> float:
    """Input lock after a move: the total length of the glue's animation timeline for that turn."""
    from engine.ternar.timeline import lock_ms as timeline_lock

    return timeline_lock(old, events, new)


@dataclass
class Game:
    """What one played game left for the lab."""

    seed: int
    player: str
    turns: int = 0
    over: bool = False
    reason: str = ""
    score: int = 0
    max_by_turn: list[int] = field(default_factory=list)  # index t = after t turns (0 = the deal)
    score_by_turn: list[int] = field(default_factory=list)
    window_by_turn: list[int] = field(default_factory=list)  # window low exponent
    first_singularity: int | None = None
    locks: list[float] = field(default_factory=list)
    spawns: dict[int, dict[str, int]] = field(default_factory=dict)  # stage -> value -> count
    chain_total: int = 0
    out_of_window: int = 0  # normal spawns after the intro outside the window of their moment
    normals_after_intro: int = 0
    pairs_by_epoch: dict[int, float] = field(default_factory=dict)  # Big Bangs so far -> mean live pairs


def play(args: tuple[int, str, int] | tuple[int, str, int, str]) -> Game:
    """Play one game of ``player`` ("greedy" | "random" | "careful" | "pair_high" | "pair_low") from ``seed`` up to ``cap`` turns,
    in Classic or the mode given as a fourth item ("storm", or "guardrail": Classic under 10.3's
    casual guardrail)."""
    seed, player, cap = args[:3]
    mode = args[3] if len(args) > 3 else "classic"
    rng = random.Random(seed * 7919 + 17)
    opts = {"mode": "classic", "guardrail": True} if mode == "guardrail" else {"mode": mode}
    s = initial(seed, opts)
    g = Game(seed=seed, player=player)
    g.max_by_turn.append(s.max_value)
    g.score_by_turn.append(s.score)
    g.window_by_turn.append(s.window_low)
    spawns: dict[int, Counter[str]] = {1: Counter(), 2: Counter(), 3: Counter()}
    pairs: dict[int, list[int]] = defaultdict(list)
    while s.outcome is None and s.turns < cap:
        pairs[s.big_bangs].append(live_pairs(s.values))
        if player == "greedy":
            move = greedy_route(s, *GREEDY_BUDGET)
        elif player == "careful":
            move = careful_route(s.values)
        elif player in ("pair_high", "pair_low"):  # the cheap family (ternar_bots.pair_route)
            move = pair_route(s.values, player == "pair_high")
        else:
            move = random_route(s.values, rng)
        if move is None:  # cannot happen while the game is on (no route = game over)
            break
        new, events = apply_with_events(s, move)
        if player != "careful":  # the input-lock figure reads random and greedy games only
            g.locks.append(lock_ms(s, events, new))
        stage = intro_stage(new.turns)
        window = s.window
        for e in events:
            if e.kind in ("window_shift", "big_bang"):
                window = e.new_window
            if e.kind == "spawn":
                key = f"ghost {e.value}" if e.node_type == "ghost" else str(e.value)
                spawns[stage][key] += 1
                if e.node_type == "normal" and stage == 3 and new.mode != "zen":
                    g.normals_after_intro += 1
                    g.out_of_window += e.value not in window
        if g.first_singularity is None and new.singularities_created:
            g.first_singularity = new.turns
        s = new
        g.max_by_turn.append(s.max_value)
        g.score_by_turn.append(s.score)
        g.window_by_turn.append(s.window_low)
    g.turns, g.score, g.chain_total = s.turns, s.score, s.chain_total
    g.over = s.outcome is not None
    g.reason = s.outcome.reason.value if s.outcome is not None else "capped"
    g.spawns = {k: dict(v) for k, v in spawns.items()}
    g.pairs_by_epoch = {k: sum(v) / len(v) for k, v in pairs.items()}
    return g


def start_verdict(seed: int) -> str:
    """Classify a start deal: "dead" (no route), "doomed" (every first move ends the game),
    "forced" (exactly one first move that survives) or "ok"."""
    s = initial(seed, {"mode": "classic"})
    routes = [r for r, _ in iter_routes(s.values, per_start=10_000, total=200_000)]
    if not routes:
        return "dead"
    alive = sum(1 for r in routes if apply(s, Route(nodes=r)).outcome is None)
    if alive == 0:
        return "doomed"
    return "forced" if alive == 1 else "ok"


# -- metric functions (pure, tested on hand-made inputs) ------------------------------------------
def unsalvageable_share(verdicts: Sequence[str]) -> float:
    """Share of start deals with no route or where every first move ends the game."""
    return stats.share([v in ("dead", "doomed") for v in verdicts])


def early_death_share(games: Sequence[Game], by: int = EARLY) -> float:
    """Share of games over (not capped) on or before turn ``by``."""
    return stats.share([g.over and g.turns <= by for g in games])


def value_at(games: Sequence[Game], turn: int, series: str = "max_by_turn") -> list[float]:
    """The series' value after ``turn`` turns, for the games still running then (not over before)."""
    return [float(getattr(g, series)[turn]) for g in games if len(getattr(g, series)) > turn]


def first_singularity_median(games: Sequence[Game]) -> float:
    """Median turn of the first singularity; a game without one counts as "never" (infinity), so the
    median is infinite when at most half the games formed one."""
    turns = [float(g.first_singularity) if g.first_singularity is not None else float("inf") for g in games]
    return float(np.median(turns)) if turns else float("nan")


def spawn_violations(games: Sequence[Game]) -> tuple[int, int]:
    """(non-ghost spawns outside {3, 9} in turns 1-20, outside {3, 9, 27} in turns 21-50) - 12.1."""
    bad1 = sum(n for g in games for k, n in g.spawns.get(1, {}).items() if k not in ("3", "9"))
    bad2 = sum(
        n
        for g in games
        for k, n in g.spawns.get(2, {}).items()
        if not k.startswith("ghost") and k not in ("3", "9", "27")
    )
    return bad1, bad2


def _exp(v: float) -> str:
    if not v or np.isnan(v):
        return "–"
    return f"3^{round(float(np.log(v) / np.log(3)))}"


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def run(cfg: LabConfig) -> Report:
    seeds = [cfg.seed + i for i in range(cfg.games)]
    start_n = START_SEEDS * (5 if cfg.full else 1)
    verdicts = run_many(start_verdict, [cfg.seed + i for i in range(start_n)], "ternar deals", cfg.workers)
    rnd = run_many(play, [(s, "random", RANDOM_CAP) for s in seeds], "ternar random", cfg.workers)
    n_greedy = max(4, cfg.games // 5)
    gre = run_many(play, [(s, "greedy", GREEDY_CAP) for s in seeds[:n_greedy]], "ternar greedy", cfg.workers)
    # a careful game runs ~1000 turns (~3 ms each): every seed in a --full run, else a fifth of them
    n_careful = cfg.games if cfg.full else max(4, cfg.games // 5)
    car = run_many(
        play, [(s, "careful", CAREFUL_CAP) for s in seeds[:n_careful]], "ternar careful", cfg.workers
    )
    storm_rnd = run_many(
        play, [(s, "random", RANDOM_CAP, "storm") for s in seeds], "storm random", cfg.workers
    )
    n_storm = max(4, n_careful // 3)
    storm_car = run_many(
        play, [(s, "careful", CAREFUL_CAP, "storm") for s in seeds[:n_storm]], "storm careful", cfg.workers
    )
    guard = run_many(play, [(s, "random", RANDOM_CAP, "guardrail") for s in seeds], "guardrail", cfg.workers)
    r = Report(game="ternar", title="Ternar", config=cfg)
    vc = Counter(verdicts)
    r.summary = (
        f"{len(rnd)} random-route games (cap {RANDOM_CAP} turns), {len(car)} careful games (cap {CAREFUL_CAP} "
        f"turns), {len(gre)} GreedyBot games (cap {GREEDY_CAP} "
        f"turns, search budget {GREEDY_BUDGET}), {start_n} start deals. Rules version "
        f"{getattr(__import__('engine.ternar', fromlist=['GAME']).GAME, 'rules', 1)}."
    )
    uns = unsalvageable_share(verdicts)
    m = r.metrics
    m.extend(ternar_arc.metrics(car, rnd, rnd + car + gre))
    m.append(ternar_arc.session_metric({"newcomer": rnd, "careful": car}))
    m.append(ternar_arc.storm_metric(rnd, storm_rnd, car[:n_storm], storm_car))
    m.append(ternar_arc.guardrail_metric(rnd, guard))
    m.append(
        Metric(
            "unsalvageable",
            f"Unsalvageable starts (of {start_n})",
            f"{vc['dead'] + vc['doomed']} ({_pct(uns)})",
            "start deals with no route at all, or where every possible first route ends the game",
            target="0",
            ok=(vc["dead"] + vc["doomed"]) == 0,
        )
    )
    m.append(
        Metric(
            "forced_starts",
            "Starts with a single surviving first move",
            f"{vc['forced']} ({_pct(vc['forced'] / start_n)})",
            "start deals where exactly one first route keeps the game going",
        )
    )
    eg, er = early_death_share(gre), early_death_share(rnd)
    m.append(
        Metric(
            "early_greedy",
            "GreedyBot games over by turn 5",
            _pct(eg),
            "share of GreedyBot games that ended on or before turn 5",
            target="≤ 1 %",
            ok=eg <= 0.01,
        )
    )
    m.append(
        Metric(
            "early_random",
            "Random-route games over by turn 5",
            _pct(er),
            "share of random-route games that ended on or before turn 5",
            target="≤ 3 %",
            ok=er <= 0.03,
        )
    )
    at50 = value_at(rnd, 50)
    med50 = float(np.median(at50)) if at50 else float("nan")
    m.append(
        Metric(
            "random_max50",
            "Random-route median max value at turn 50",
            f"{med50:.0f} ({_exp(med50)})" if at50 else "no game reached turn 50",
            "median of the largest value ever reached, after 50 turns, over the games still running then",
            reference="13.2: maxValue 19683 (3^9) after 452 turns",
            target="≤ 3^8 (6561)",
            ok=bool(at50) and med50 <= 3**8,
        )
    )
    fs = first_singularity_median(rnd)
    share300 = stats.share([g.first_singularity is not None and g.first_singularity < 300 for g in rnd])
    m.append(
        Metric(
            "random_first_singularity",
            "Random-route median turn of the first singularity",
            ("never (median)" if np.isinf(fs) else f"{fs:.0f}")
            + f"; {_pct(share300)} of games before turn 300",
            "median over all games of the turn the first 3^15 formed; a game without one counts as never",
            reference="13.2: singularitiesCreated 1 in 452 turns",
            target="≥ 300",
            ok=bool(fs >= 300),
        )
    )
    for name, games in (("random", rnd), ("greedy", gre)):
        lengths = [g.turns for g in games]
        q = stats.quartiles(lengths)
        capped = sum(1 for g in games if not g.over)
        m.append(
            Metric(
                f"{name}_turns",
                f"{'Random-route' if name == 'random' else 'GreedyBot'} game length (turns)",
                f"median {q['median']:.0f} (p25 {q['p25']:.0f}, p75 {q['p75']:.0f}); {capped} capped",
                "turns played until game over (capped games count at the cap)",
                reference=f"13.2: {SPEC_TURNS} turns",
                target="long enough that Best means something (median ≥ 100)" if name == "greedy" else "",
                ok=(q["median"] >= 100) if name == "greedy" else None,
            )
        )
        sq = stats.quartiles([g.score for g in games])
        m.append(
            Metric(
                f"{name}_score",
                f"{'Random-route' if name == 'random' else 'GreedyBot'} final score (median)",
                f"{sq['median']:,.0f} (p25 {sq['p25']:,.0f}, p75 {sq['p75']:,.0f})",
                "score when the game ended or hit the cap",
                reference=f"13.2: totalScore {SPEC_SCORE}",
            )
        )
        mx = stats.quartiles([g.max_by_turn[-1] for g in games])
        m.append(
            Metric(
                f"{name}_max",
                f"{'Random-route' if name == 'random' else 'GreedyBot'} final max value (median)",
                f"{mx['median']:.0f} ({_exp(mx['median'])})",
                "largest value reached in the game",
                reference=f"13.2: maxValue {SPEC_MAX}",
            )
        )
        chain = float(np.median([g.chain_total / g.turns for g in games if g.turns]))
        m.append(
            Metric(
                f"{name}_chain",
                f"{'Random-route' if name == 'random' else 'GreedyBot'} average route length (median)",
                f"{chain:.2f}",
                "nodes per route, per game",
                reference=f"13.2: avgChainLength {SPEC_CHAIN}",
            )
        )
    bad1, bad2 = spawn_violations(rnd + gre)
    m.append(
        Metric(
            "intro_violations",
            "Intro-stage violations (12.1)",
            f"{bad1} in turns 1–20, {bad2} in turns 21–50",
            "spawned (non-ghost) values outside {3, 9} in turns 1–20 and outside {3, 9, 27} in turns 21–50",
            reference="12.1: 0–20 only 3 and 9; 21–50 adds 27",
            target="0",
            ok=bad1 == 0 and bad2 == 0,
        )
    )
    locks = [x for g in rnd + gre for x in g.locks]
    p50, p95, pmax = stats.percentiles(locks, (50, 95, 100))
    m.append(
        Metric(
            "input_lock",
            "Input lock per move (ms)",
            f"median {p50:.0f}, p95 {p95:.0f}, max {pmax:.0f}",
            "length of the glue's animation timeline after a move (input is locked meanwhile, 16.5)",
            reference="16.5: fall 300·(1 − 0.1·(d − 1)) ms; 100 ms flash for L ≥ 12",
            target="median ≤ 450, max ≤ 900",
            ok=p50 <= 450 and pmax <= 900,
        )
    )
    # -- tables -----------------------------------------------------------------------------------
    rows = []
    for t in MARK_TURNS:
        row: list[Any] = [t]
        for games in (rnd, gre):
            alive = sum(1 for g in games if g.turns >= t)
            mq = stats.quartiles(value_at(games, t))
            sq = stats.quartiles(value_at(games, t, "score_by_turn"))
            wq = stats.quartiles(value_at(games, t, "window_by_turn"))
            row += [
                f"{alive}/{len(games)}",
                f"{_exp(mq['p25'])} / {_exp(mq['median'])} / {_exp(mq['p75'])}",
                f"{sq['median']:,.0f}" if not np.isnan(sq["median"]) else "–",
                f"3^{wq['median']:.0f}" if not np.isnan(wq["median"]) else "–",
            ]
        rows.append(row)
    r.tables.append(
        Table(
            "Growth by turn",
            [
                "turn",
                "random: alive",
                "random: max p25/med/p75",
                "random: score med",
                "random: window low med",
                "greedy: alive",
                "greedy: max p25/med/p75",
                "greedy: score med",
                "greedy: window low med",
            ],
            rows,
            note="Values after that many turns, over the games still running then.",
        )
    )
    st_rows = []
    for stage, label in ((1, "1 (turns 1–20)"), (2, "2 (turns 21–50)"), (3, "3 (turns 51+)")):
        c: Counter[str] = Counter()
        for g in rnd + gre:
            c.update(g.spawns.get(stage, {}))
        total = sum(c.values()) or 1
        top = sorted(c.items(), key=lambda kv: -kv[1])[:8]
        st_rows.append([label, sum(c.values()), ", ".join(f"{k}: {100 * n / total:.1f} %" for k, n in top)])
    r.tables.append(
        Table("Spawned values per intro stage (12.1)", ["stage", "spawns", "values (share)"], st_rows)
    )
    r.tables.append(
        Table(
            "Start deals",
            ["verdict", "count"],
            [[k, vc[k]] for k in ("dead", "doomed", "forced", "ok")],
            note="dead: no route; doomed: every first route ends the game; forced: one surviving first route.",
        )
    )
    r.tables.append(ternar_arc.reasons_table({"random": rnd, "careful": car, "greedy": gre}))
    r.tables.append(
        Table(
            "Sessions like 13.2's sample (452 turns, 3^9, 85,400 points, routes of 3.2)",
            ["games", "n", "median final max", "median score", "median route length", "with a singularity"],
            ternar_arc.session_rows({"newcomer": rnd, "careful": car}),
            note="RULES.md: 13.2's numbers are one finished session; compared with the lab's sessions of that length.",
        )
    )
    # -- plots ------------------------------------------------------------------------------------
    horizon = max(RANDOM_CAP, GREEDY_CAP)

    def draw_survival(ax: Any) -> None:
        for games, name in ((rnd, "random-route"), (car, "careful"), (gre, "GreedyBot")):
            ax.plot(stats.survival([g.turns if g.over else 10**9 for g in games], horizon), label=name)
        ax.set_ylim(0, 1.05)

    def draw_by_turn(series: str, log: bool) -> Any:
        def draw(ax: Any) -> None:
            for games, name in ((rnd, "random-route"), (car, "careful"), (gre, "GreedyBot")):
                q = stats.quartiles_by_turn([getattr(g, series) for g in games], horizon)
                x = np.arange(horizon)
                ax.plot(x, q[1], label=f"{name} median")
                ax.fill_between(x, q[0], q[2], alpha=0.25)
            if log:
                ax.set_yscale("log", base=3)

        return draw

    def draw_hist(values: list[float], bins: int = 30) -> Any:
        def draw(ax: Any) -> None:
            ax.hist(values, bins=bins)

        return draw

    def draw_lengths(ax: Any) -> None:
        ax.hist([g.turns for g in rnd], bins=30, alpha=0.6, label="random-route")
        ax.hist([g.turns for g in gre], bins=30, alpha=0.6, label="GreedyBot")

    def draw_scores(ax: Any) -> None:
        for games, name in ((rnd, "random-route"), (car, "careful"), (gre, "GreedyBot")):
            ax.hist(
                np.log10(np.asarray([max(1, g.score) for g in games], dtype=float)),
                bins=30,
                alpha=0.6,
                label=name,
            )

    r.plots += [
        Plot("survival", "Survival: share of games still running", draw_survival, "turn", "share"),
        Plot(
            "max-by-turn",
            "Max value by turn (median, p25–p75)",
            draw_by_turn("max_by_turn", True),
            "turn",
            "value",
        ),
        Plot(
            "score-by-turn",
            "Score by turn (median, p25–p75)",
            draw_by_turn("score_by_turn", True),
            "turn",
            "score",
        ),
        Plot(
            "window", "Window low exponent by turn", draw_by_turn("window_by_turn", False), "turn", "exponent"
        ),
        Plot("lengths", "Game length distribution", draw_lengths, "turns", "games"),
        Plot("scores", "Final score distribution", draw_scores, "log10(score)", "games"),
        Plot("lock", "Input lock per move", draw_hist(locks, 40), "ms", "moves"),
        ternar_arc.pairs_plot(car),
    ]
    r.data = {
        "start_verdicts": dict(vc),
        "random": [{"seed": g.seed, "turns": g.turns, "score": g.score, "reason": g.reason} for g in rnd],
        "greedy": [{"seed": g.seed, "turns": g.turns, "score": g.score, "reason": g.reason} for g in gre],
        "careful": [{"seed": g.seed, "turns": g.turns, "score": g.score, "reason": g.reason} for g in car],
        "doomed_seeds": [cfg.seed + i for i, v in enumerate(verdicts) if v in ("dead", "doomed")][:50],
    }
    return r
