"""Orbit Simulator in the playtest lab: AI vs AI by level and ship count (2, 3, 4).

Measures (issue #13 / #18): first-mover edge, rounds per game, draw share, weapons fired per round,
share of 4-ship games where every railgun fires in round 1, ring changes per game, AI decision time,
and a head-to-head of the strongest level against the one below it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.orbit import ai as orbit_ai
from engine.orbit import game as orbit_game
from engine.orbit.moves import TurnPlan
from engine.orbit.rules import Weapon
from engine.orbit.turn import execute_turn
from tools.playtest import orbit_threats, stats
from tools.playtest.progress import run_many
from tools.playtest.report import LabConfig, Metric, Plot, Report, Table

DEFAULT_GAMES = 10
FULL_GAMES = 60
SHIP_COUNTS = (2, 3, 4)
MAX_ROUNDS = 100
RANDOM_GAMES_CAP = 8
"""The random level says little about balance: at most this many games per ship count."""


def levels() -> tuple[str, ...]:
    """AI levels from weakest to strongest, as the engine lists them."""
    return tuple(orbit_ai.AI_LEVELS)


def strongest() -> str:
    return levels()[-1]


def new_options(players: int) -> dict[str, Any]:
    """Options of a new game under the current rules (the engine's own helper when it has one)."""
    fn = getattr(orbit_game, "new_game_options", None)
    opts = dict(fn(players)) if fn is not None else {"players": players}
    opts["max_rounds"] = MAX_ROUNDS
    return opts


@dataclass(frozen=True)
class GameResult:
    """What one AI-vs-AI game produced, reduced to what the report needs."""

    seed: int
    seats: tuple[str, ...]
    first: int
    winner: int | None
    termination: str
    rounds: int
    turns: int
    fires: int
    burns: int
    all_rail_round1: bool
    death_turn: tuple[int | None, ...]
    think_ms: tuple[tuple[str, float], ...]


def play_game(job: tuple[int, tuple[str, ...]]) -> GameResult:
    """One seeded game, ship i played by ``seats[i]``; rounds are counted from the actual order."""
    seed, seats = job
    state = orbit_game.initial_state(seed, new_options(len(seats)))
    first = state.active
    moved: set[int] = set()
    rounds = 1
    fires = burns = turns = 0
    rail_r1: set[int] = set()
    death: list[int | None] = [None] * len(seats)
    think: list[tuple[str, float]] = []
    while state.outcome is None:
        me = state.active
        if me in moved:
            rounds += 1
            moved = set()
        moved.add(me)
        t0 = time.thread_time()  # CPU time: the figure does not depend on how busy the machine is
        plan: TurnPlan = orbit_ai.choose_plan(state, seats[me], seed)
        think.append((seats[me], 1000 * (time.thread_time() - t0)))
        fires += len(plan.fire)
        burns += plan.burn is not None
        if rounds == 1 and plan.fire_order(Weapon.RAILGUN) is not None:
            rail_r1.add(me)
        state, _ = execute_turn(state, plan)
        turns += 1
        for s in state.ships:
            if not s.alive and death[s.id] is None:
                death[s.id] = turns
    out = state.outcome
    return GameResult(
        seed=seed,
        seats=seats,
        first=first,
        winner=out.winner,
        termination=out.termination.value,
        rounds=rounds,
        turns=turns,
        fires=fires,
        burns=burns,
        all_rail_round1=len(rail_r1) == len(seats),
        death_turn=tuple(death),
        think_ms=tuple(think),
    )


def first_mover_edge(g: GameResult) -> float:
    """Share of the other ships the first mover outlasted (ties count half): 0.5 is fair for any N."""
    big = 10**9
    mine = big if g.death_turn[g.first] is None else g.death_turn[g.first]
    pts = []
    for i, d in enumerate(g.death_turn):
        if i == g.first:
            continue
        theirs = big if d is None else d
        if g.winner is not None:  # the winner outlasts everyone, even when no one else died last
            if i == g.winner:
                theirs = big + 1
            if g.first == g.winner:
                mine = big + 1
        pts.append(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
    return float(np.mean(pts))


def summarize(results: list[GameResult]) -> dict[str, float]:
    """Aggregates of a set of games."""
    rounds = [g.rounds for g in results]
    return {
        "games": len(results),
        "first_edge": float(np.mean([first_mover_edge(g) for g in results])) if results else float("nan"),
        "first_wins": stats.share([g.winner == g.first for g in results]),
        "draws": stats.share([g.winner is None for g in results]),
        "median_rounds": stats.quartiles(rounds)["median"],
        "p25_rounds": stats.quartiles(rounds)["p25"],
        "p75_rounds": stats.quartiles(rounds)["p75"],
        "fires_per_round": float(np.mean([g.fires / g.rounds for g in results])) if results else float("nan"),
        "all_rail_r1": stats.share([g.all_rail_round1 for g in results]),
        "burns_per_game": float(np.mean([g.burns for g in results])) if results else float("nan"),
    }


def _jobs(level_seats: tuple[str, ...], n: int, seed: int) -> list[tuple[int, tuple[str, ...]]]:
    return [(seed + i, level_seats) for i in range(n)]


def _h2h_jobs(strong: str, weak: str, players: int, n: int, seed: int) -> list[tuple[int, tuple[str, ...]]]:
    """The strong level in one seat, the weak level in the others; the strong seat rotates."""
    jobs = []
    for i in range(n):
        k = i % players
        jobs.append((seed + i, tuple(strong if s == k else weak for s in range(players))))
    return jobs


def run(cfg: LabConfig) -> Report:
    """AI vs AI at every level and ship count, plus the strongest level against the one below."""
    lv = levels()
    top = strongest()
    configs: list[tuple[str, int, list[tuple[int, tuple[str, ...]]]]] = []
    for level in lv:
        for n in SHIP_COUNTS:
            games = min(cfg.games, RANDOM_GAMES_CAP) if level == "random" else cfg.games
            configs.append((level, n, _jobs((level,) * n, games, cfg.seed)))
    weak = lv[-2]
    # the duel is the issue's figure (strongest beats the level below >= 70 %): twice the games
    h2h = [
        (n, _h2h_jobs(top, weak, n, cfg.games * (2 if n == 2 else 1), cfg.seed + 50_000)) for n in SHIP_COUNTS
    ]
    jobs = [j for _, _, js in configs for j in js] + [j for _, js in h2h for j in js]
    results = run_many(play_game, jobs, "orbit", cfg.workers)
    # issue 28: threat honesty, seats, loadouts, heat and duel length, the strongest level everywhere
    honest = {
        n: run_many(
            orbit_threats.play, _jobs((top,) * n, cfg.games, cfg.seed), f"orbit-{n}-threats", cfg.workers
        )
        for n in SHIP_COUNTS
    }
    pos = 0
    by: dict[tuple[str, int], list[GameResult]] = {}
    for level, n, js in configs:
        by[(level, n)] = results[pos : pos + len(js)]
        pos += len(js)
    h2h_res: dict[int, list[GameResult]] = {}
    for n, js in h2h:
        h2h_res[n] = results[pos : pos + len(js)]
        pos += len(js)

    sums = {k: summarize(v) for k, v in by.items()}
    rows = []
    for (level, n), s in sums.items():
        rows.append(
            [
                level,
                n,
                s["games"],
                round(s["first_edge"], 3),
                round(s["first_wins"], 3),
                round(s["draws"], 3),
                s["median_rounds"],
                f"{s['p25_rounds']:.0f}–{s['p75_rounds']:.0f}",
                round(s["fires_per_round"], 2),
                round(s["all_rail_r1"], 3) if n == 4 else "–",
                round(s["burns_per_game"], 1),
            ]
        )
    table = Table(
        "AI vs AI, every seat the same level",
        [
            "level",
            "ships",
            "games",
            "first-mover edge",
            "first-mover wins",
            "draws",
            "median rounds",
            "rounds IQR",
            "weapons fired / round",
            "4-ship: all railguns in round 1",
            "ring changes / game",
        ],
        rows,
        note="First-mover edge: share of the other ships the first mover outlasted (ties half); 0.5 is fair.",
    )
    h2h_rows = []
    h2h_share: dict[int, float] = {}
    for n, res in h2h_res.items():
        strong_wins = [g.winner is not None and g.seats[g.winner] == top for g in res]
        h2h_share[n] = stats.share(strong_wins)
        h2h_rows.append(
            [n, len(res), round(h2h_share[n], 3), round(stats.share([g.winner is None for g in res]), 3)]
        )
    h2h_table = Table(
        f"Head to head: {top} (one seat, rotating) vs {weak} (the other seats)",
        ["ships", "games", f"{top} wins", "draws"],
        h2h_rows,
    )
    times: dict[str, list[float]] = {level: [] for level in lv}
    for res in list(by.values()) + list(h2h_res.values()):
        for g in res:
            for level, ms in g.think_ms:
                times[level].append(ms)
    time_rows = []
    for level in lv:
        p50, p95, mx = stats.percentiles(times[level], (50, 95, 100))
        time_rows.append([level, len(times[level]), round(p50, 2), round(p95, 2), round(mx, 1)])
    time_table = Table(
        "AI decision time per turn (CPython, CPU ms)", ["level", "decisions", "p50", "p95", "max"], time_rows
    )

    metrics = []
    for n in SHIP_COUNTS:
        s = sums[(top, n)]
        v = s["first_edge"]
        metrics.append(
            Metric(
                f"first_edge_{n}",
                f"First-mover edge, {n} ships ({top})",
                round(v, 3),
                "share of the other ships the first mover outlasts (ties half), AI vs AI at the strongest level",
                reference="0.5 = fair",
                target="0.35–0.65",
                ok=bool(0.35 <= v <= 0.65),
            )
        )
    v4 = sums[(top, 4)]["all_rail_r1"]
    metrics.append(
        Metric(
            "all_rail_r1_4",
            f"4-ship games with every railgun firing in round 1 ({top})",
            round(v4, 3),
            "games where all four ships fire the railgun on their round-1 turn / games",
            target="≤ 0.10",
            ok=bool(v4 <= 0.10),
        )
    )
    all_top = [g for n in SHIP_COUNTS for g in by[(top, n)]]
    med = stats.quartiles([g.rounds for g in all_top])["median"]
    metrics.append(
        Metric(
            "median_rounds",
            f"Median game length, rounds ({top}, 2–4 ships)",
            med,
            "rounds played per game (a round ends when every living ship has moved once)",
            target="8–40",
            ok=bool(8 <= med <= 40),
        )
    )
    dr = stats.share([g.winner is None for g in all_top])
    metrics.append(
        Metric(
            "draws",
            f"Draw share ({top}, 2–4 ships)",
            round(dr, 3),
            "games with no winner (turn limit or mutual destruction) / games",
            target="≤ 0.20",
            ok=bool(dr <= 0.20),
        )
    )
    h2 = h2h_share[2]
    metrics.append(
        Metric(
            "h2h_2",
            f"{top} beats {weak}, 2 ships",
            round(h2, 3),
            f"{top}'s wins / games, seats alternating",
            target="≥ 0.70" if top != "tactical" else "",
            ok=bool(h2 >= 0.70) if top != "tactical" else None,
        )
    )
    for n in (3, 4):
        metrics.append(
            Metric(
                f"h2h_{n}",
                f"{top} (1 seat) wins vs {n - 1} × {weak}",
                round(h2h_share[n], 3),
                f"{top}'s wins / games (fair share 1/{n})",
                reference=f"{1 / n:.2f}",
            )
        )
    metrics.extend(issue28_metrics(top, honest))
    p50, p95, mx = stats.percentiles(times[top], (50, 95, 100))
    metrics.append(
        Metric(
            "think_ms",
            f"{top} decision time p50/p95/max (CPU ms, CPython)",
            f"{p50:.0f}/{p95:.0f}/{mx:.0f}",
            "CPU time of one choose_plan call; the page slices it across frames",
        )
    )

    def draw_rounds(ax: Any) -> None:
        for n in SHIP_COUNTS:
            ax.hist([g.rounds for g in by[(top, n)]], bins=20, alpha=0.5, label=f"{n} ships")

    def draw_edge(ax: Any) -> None:
        x = np.arange(len(SHIP_COUNTS))
        w = 0.8 / len(lv)
        for k, level in enumerate(lv):
            ax.bar(x + k * w, [sums[(level, n)]["first_edge"] for n in SHIP_COUNTS], w, label=level)
        ax.axhspan(0.35, 0.65, color="green", alpha=0.1)
        ax.set_xticks(x + w * (len(lv) - 1) / 2, [f"{n} ships" for n in SHIP_COUNTS])

    def draw_times(ax: Any) -> None:
        ax.boxplot([times[level] or [0.0] for level in lv], tick_labels=list(lv), showfliers=False)
        ax.set_yscale("log")

    seat_rows = []
    for n, res in honest.items():
        sm = orbit_threats.summary(res)
        seat_rows.append([n, sm["games"], " / ".join(str(w) for w in sm["wins_by_seat"]), sm["draws"]])
    seat_table = Table(
        f"Wins by seat ({top} in every seat)", ["ships", "games", "wins by seat", "draws"], seat_rows
    )
    return Report(
        game="orbit",
        title="Orbit Simulator",
        config=cfg,
        summary=(
            f"Every seat an AI; levels {', '.join(lv)}; new games under the current rules "
            f"({new_options(2)}); {MAX_ROUNDS}-round limit."
        ),
        metrics=metrics,
        tables=[table, h2h_table, time_table, seat_table],
        plots=[
            Plot("rounds", f"Rounds per game ({top})", draw_rounds, "rounds", "games"),
            Plot("first-edge", "First-mover edge by level and ship count", draw_edge, "", "edge"),
            Plot("think", "AI decision time per turn (ms)", draw_times, "level", "ms"),
        ],
        data={
            "summary": {f"{k[0]}-{k[1]}": v for k, v in sums.items()},
            "h2h": h2h_share,
        },
    )


def issue28_metrics(top: str, honest: dict[int, list[orbit_threats.GameStats]]) -> list[Metric]:
    """Threat honesty, fair seats, loadout and heat variety, duel length spread (issue 28)."""
    out: list[Metric] = []
    every = [g for res in honest.values() for g in res]
    sm_all = orbit_threats.summary(every)
    out.append(
        Metric(
            "threat_lies",
            f"Threat display lies ({top}, 2-4 ships)",
            sm_all["lies_new"],
            "turns after which an enemy hit the position the panel called safe, or hit with a weapon, move "
            f"or damage it did not name, or dealt more than its 'most' (of {sm_all['claims']} turns, "
            f"{sm_all['safe_claims_new']} called safe)",
            reference=f"one-turn check of issue 18: {sm_all['lies_old']} of {sm_all['safe_claims_old']} safe",
            target="0",
            ok=sm_all["lies_new"] == 0,
        )
    )
    for n, res in honest.items():
        sm = orbit_threats.summary(res)
        shares = sm["win_share_by_seat"]
        worst = max(abs(x - 1 / n) for x in shares) if shares else float("nan")
        out.append(
            Metric(
                f"seats_{n}",
                f"Wins by seat, {n} ships ({top})",
                " / ".join(f"{x:.2f}" for x in shares),
                f"share of games each seat wins ({sm['games']} games); fair share {1 / n:.2f}",
                target="each within ±0.10 of the fair share",
                ok=bool(worst <= 0.10),
            )
        )
    top_share = sm_all["top_loadout_share"]
    out.append(
        Metric(
            "top_loadout",
            f"Most used loadout ({top}, share of its turns)",
            round(top_share, 3),
            f"energy after the turn, per subsystem; most common: {sm_all['top_loadout']}",
            target="≤ 0.40",
            ok=bool(top_share <= 0.40),
        )
    )
    heat = sm_all["heat_games"] / max(1, sm_all["games"])
    out.append(
        Metric(
            "heat_games",
            f"Games where heat changed a decision ({top})",
            round(heat, 3),
            f"games where a ship vented or took heat damage; heat damage in {sm_all['heat_damage_games']}",
            target="≥ 0.20",
            ok=bool(heat >= 0.20),
        )
    )
    iqr = orbit_threats.summary(honest[2])["rounds_iqr"]
    out.append(
        Metric(
            "duel_iqr",
            f"Duel length spread, rounds IQR ({top})",
            iqr,
            "interquartile range of the rounds a 2-ship game lasts",
            target="≥ 6",
            ok=bool(iqr >= 6),
        )
    )
    return out
