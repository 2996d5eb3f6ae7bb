"""Ternar lab, issue #30: does the window rule the board, and does a game rise and end?

Pure functions over the ``Game`` records of ``tools.playtest.ternar`` (tested on hand-made inputs):
out-of-window normal spawns after the intro, game lengths of the careful player and the newcomer,
where a careful game stands at 13.2's turn 452, live pairs per turn in each Big Bang epoch, and how
games end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

from tools.playtest import stats
from tools.playtest.report import Metric, Plot, Table

SPEC_TURN = 452  # 13.2: the telemetry sample's game length
SPEC_SCORE = 85_400  # ... its score
MAX_RANGE = (3**8, 3**11)  # issue #30: the careful player's median max value at turn 452
CAREFUL_MEDIAN_MAX = 1200
CAREFUL_P95_MAX = 2000
NEWCOMER_RANGE = (150, 450)


class ArcGame(Protocol):
    """What these metrics read from a played game."""

    turns: int
    over: bool
    reason: str
    max_by_turn: list[int]
    score_by_turn: list[int]
    out_of_window: int
    normals_after_intro: int
    pairs_by_epoch: dict[int, float]


def out_of_window(games: Sequence[ArcGame]) -> tuple[int, int]:
    """(normal spawns after the intro outside the window of their moment, all such normal spawns)."""
    return sum(g.out_of_window for g in games), sum(g.normals_after_intro for g in games)


def lengths(games: Sequence[ArcGame]) -> tuple[float, float]:
    """(median, 95th percentile) game length in turns; a capped game counts at its cap."""
    p50, p95 = stats.percentiles([g.turns for g in games], (50, 95))
    return float(p50), float(p95)


def at_turn(games: Sequence[ArcGame], turn: int = SPEC_TURN) -> tuple[float, float, int]:
    """(median max value, median score, games still running) after ``turn`` turns."""
    alive = [g for g in games if len(g.max_by_turn) > turn]
    if not alive:
        return float("nan"), float("nan"), 0
    mx = float(np.median([g.max_by_turn[turn] for g in alive]))
    sc = float(np.median([g.score_by_turn[turn] for g in alive]))
    return mx, sc, len(alive)


def pairs_by_epoch(games: Sequence[ArcGame], min_games: int = 10) -> list[tuple[int, float, int]]:
    """(Big Bangs so far, mean live pairs per turn over the games that reached that epoch, games) for
    every epoch at least ``min_games`` games reached."""
    out: list[tuple[int, float, int]] = []
    epoch = 0
    while True:
        vals = [g.pairs_by_epoch[epoch] for g in games if epoch in g.pairs_by_epoch]
        if len(vals) < min_games:
            return out
        out.append((epoch, float(np.mean(vals)), len(vals)))
        epoch += 1


def _exp(v: float) -> str:
    return "–" if not v or np.isnan(v) else f"3^{np.log(v) / np.log(3):.1f}"


def metrics(
    careful: Sequence[ArcGame], newcomer: Sequence[ArcGame], everyone: Sequence[ArcGame]
) -> list[Metric]:
    """The issue #30 targets as lab metrics."""
    out: list[Metric] = []
    bad, total = out_of_window(everyone)
    out.append(
        Metric(
            "out_of_window",
            "Normal nodes spawned outside the window after the intro",
            f"{bad} of {total}",
            "new and regenerated non-ghost nodes of turns 51+ whose value is not in the window of that moment",
            reference="6.3: every new node from the window; 6.5: older values only as ghosts",
            target="0",
            ok=bad == 0,
        )
    )
    c50, c95 = lengths(careful)
    out.append(
        Metric(
            "careful_turns",
            "Careful player game length (turns)",
            f"median {c50:.0f}, p95 {c95:.0f}; {sum(1 for g in careful if not g.over)} capped",
            "games of the player who keeps the most pairs alive, until game over (capped games at the cap)",
            target=f"median ≤ {CAREFUL_MEDIAN_MAX}, p95 ≤ {CAREFUL_P95_MAX}",
            # a capped game's length is only "at least the cap": the p95 counts when under 5 % are capped
            ok=c50 <= CAREFUL_MEDIAN_MAX
            and c95 <= CAREFUL_P95_MAX
            and sum(1 for g in careful if not g.over) < 0.05 * len(careful),
        )
    )
    n50, n95 = lengths(newcomer)
    lo, hi = NEWCOMER_RANGE
    out.append(
        Metric(
            "newcomer_turns",
            "Random newcomer game length (turns)",
            f"median {n50:.0f}, p95 {n95:.0f}",
            "games of the random-route player",
            reference="13.2: 452 turns",
            target=f"median {lo}–{hi}",
            ok=lo <= n50 <= hi,
        )
    )
    mx, sc, alive = at_turn(careful)
    out.append(
        Metric(
            "careful_at_452",
            f"Careful player at turn {SPEC_TURN}: median max value / score",
            f"{mx:,.0f} ({_exp(mx)}) / {sc:,.0f} over {alive} games" if alive else "no game reached it",
            f"over the careful games still running after {SPEC_TURN} turns",
            reference="13.2: maxValue 19683 (3^9), totalScore 85,400",
            target="max 3^8–3^11, score 8,540–854,000",
            ok=bool(alive)
            and MAX_RANGE[0] <= mx <= MAX_RANGE[1]
            and SPEC_SCORE / 10 <= sc <= SPEC_SCORE * 10,
        )
    )
    ep = pairs_by_epoch(careful)
    falling = (
        len(ep) >= 2
        and all(b[1] < a[1] for a, b in zip(ep[1:], ep[2:], strict=False))
        and ep[1][1] < ep[0][1]
    )
    out.append(
        Metric(
            "pairs_by_epoch",
            "Careful player: live pairs per turn, by Big Bangs so far",
            "; ".join(f"{e}: {p:.1f} ({n})" for e, p, n in ep),
            "mean over the games reaching each epoch of the adjacent equal pairs before each move",
            reference="9.3/9.4: each Big Bang a transition to a higher difficulty level",
            target="falls after each Big Bang",
            ok=falling,
        )
    )
    wl = sum(1 for g in everyone if g.reason == "window_lock")
    ended = sum(1 for g in everyone if g.over)
    per = ", ".join(
        f"{name} {sum(1 for g in games if g.reason == 'window_lock')} of {sum(1 for g in games if g.over)}"
        for name, games in (("careful", careful), ("newcomer", newcomer))
    )
    out.append(
        Metric(
            "window_lock",
            "Games ended by WINDOW_LOCK",
            f"{wl} of {ended} ended games ({per})",
            "19.6 'numbers exist, but the window has gone'; rules 7: the window left more numbers behind than it makes",
            target="can happen (> 0), not the usual ending (< half of the ended games)",
            ok=0 < wl < ended / 2,
        )
    )
    return out


def storm_metric(
    classic_new: Sequence[ArcGame],
    storm_new: Sequence[ArcGame],
    classic_careful: Sequence[ArcGame],
    storm_careful: Sequence[ArcGame],
) -> Metric:
    """Hexa-Storm against Classic on the same seeds (16.3: the hard mode): median game lengths."""
    cn, sn = lengths(classic_new)[0], lengths(storm_new)[0]
    if not storm_careful:  # the careful Storm games are slow; a run may measure the newcomer only
        return Metric(
            "storm_vs_classic",
            "Hexa-Storm vs Classic: median game length (turns)",
            f"newcomer {sn:.0f} vs {cn:.0f} ({sn / cn:.2f}×); careful not measured",
            "the same players on the same seeds in each mode",
            reference="11.3/16.3: Hexa-Storm, the regeneration turns every 10 turns",
            target="the hard mode: shorter than Classic (ratio < 1)",
            ok=sn < cn,
        )
    cc, sc = lengths(classic_careful)[0], lengths(storm_careful)[0]
    return Metric(
        "storm_vs_classic",
        "Hexa-Storm vs Classic: median game length (turns)",
        f"newcomer {sn:.0f} vs {cn:.0f} ({sn / cn:.2f}×); careful {sc:.0f} vs {cc:.0f} ({sc / cc:.2f}×, "
        f"{len(storm_careful)} games)",
        "the same players on the same seeds in each mode",
        reference="11.3/16.3: Hexa-Storm, the regeneration turns every 10 turns",
        target="the hard mode: shorter than Classic (ratio < 1)",
        ok=sn < cn and sc < cc,
    )


def guardrail_metric(plain: Sequence[ArcGame], guarded: Sequence[ArcGame], short: int = 50) -> Metric:
    """10.3's casual guardrail (rules 5: low/mid 85/15, no top value, +5 % ghosts): the newcomer on the same seeds
    with it off and on - games under ``short`` turns (what turns it on) and the median length."""
    sp = sum(1 for g in plain if g.turns < short)
    sg = sum(1 for g in guarded if g.turns < short)
    mp, mg = lengths(plain)[0], lengths(guarded)[0]
    return Metric(
        "guardrail",
        "Casual guardrail (10.3): newcomer games off → on",
        f"under {short} turns {sp} → {sg} of {len(plain)}; median {mp:.0f} → {mg:.0f} turns",
        "the same random newcomer and seeds, guardrail off and on",
        reference="10.3: three defeats under 50 turns → easier, +5 % ghost chance",
        target="easier: games last longer with it on",
        ok=mg > mp and sg <= sp,
    )


class SessionGame(ArcGame, Protocol):
    """A played game as 13.2's telemetry sample describes one: length, score, routes, singularities."""

    score: int
    chain_total: int
    first_singularity: int | None


SESSION_BAND = (407, 497)  # 13.2's 452 turns ± 10 %: a finished session "like the sample"


def session_rows(players: dict[str, Sequence[SessionGame]]) -> list[list[Any]]:
    """Per player, the finished games whose length is in ``SESSION_BAND``: [player, games, median final
    max, median score, median route length, share with a singularity]; then the same over every game
    of the player (its whole sessions)."""
    rows: list[list[Any]] = []
    for name, games in players.items():
        for label, pick in (
            (f"{name}, ended in {SESSION_BAND[0]}–{SESSION_BAND[1]} turns", True),
            (f"{name}, every game", False),
        ):
            sel = [g for g in games if g.over and (not pick or SESSION_BAND[0] <= g.turns <= SESSION_BAND[1])]
            if not sel:
                rows.append([label, 0, "–", "–", "–", "–"])
                continue
            mx = float(np.median([g.max_by_turn[-1] for g in sel]))
            sc = float(np.median([g.score for g in sel]))
            ch = float(np.median([g.chain_total / g.turns for g in sel if g.turns]))
            sing = stats.share([g.first_singularity is not None for g in sel])
            rows.append(
                [label, len(sel), f"{mx:,.0f} ({_exp(mx)})", f"{sc:,.0f}", f"{ch:.2f}", f"{100 * sing:.0f} %"]
            )
    return rows


def session_metric(players: dict[str, Sequence[SessionGame]]) -> Metric:
    """13.2's sample read as one finished session (RULES.md "The turn-452 figures"): the newcomer's
    games that ended near 452 turns, against the sample's maxValue and totalScore."""
    games = players.get("newcomer", ())
    sel = [g for g in games if g.over and SESSION_BAND[0] <= g.turns <= SESSION_BAND[1]]
    if not sel:
        return Metric("session_452", "Sessions like 13.2's sample", "no game ended near 452 turns", "")
    mx = float(np.median([g.max_by_turn[-1] for g in sel]))
    sc = float(np.median([g.score for g in sel]))
    ch = float(np.median([g.chain_total / g.turns for g in sel if g.turns]))
    return Metric(
        "session_452",
        f"Newcomer sessions that ended in {SESSION_BAND[0]}–{SESSION_BAND[1]} turns: median final max / score / route",
        f"{mx:,.0f} ({_exp(mx)}) / {sc:,.0f} / {ch:.2f} over {len(sel)} games",
        "13.2's sample is a finished session (452 turns, its final figures); these are the lab's finished sessions of that length",
        reference="13.2: maxValue 19683 (3^9), totalScore 85,400, avgChainLength 3.2",
        target="max 3^8–3^11, score 8,540–854,000",
        ok=MAX_RANGE[0] <= mx <= MAX_RANGE[1] and SPEC_SCORE / 10 <= sc <= SPEC_SCORE * 10,
    )


def reasons_table(players: dict[str, Sequence[ArcGame]]) -> Table:
    """How each player's games ended."""
    rows = []
    for name, games in players.items():
        c = stats.counts([g.reason for g in games])
        rows.append([name, len(games), ", ".join(f"{k}: {v}" for k, v in sorted(c.items()))])
    return Table("How games ended, per player", ["player", "games", "reasons"], rows)


def pairs_plot(careful: Sequence[ArcGame]) -> Plot:
    """Live pairs per turn in each Big Bang epoch (careful player)."""
    ep = pairs_by_epoch(careful)

    def draw(ax: Any) -> None:
        ax.bar([e for e, _, _ in ep], [p for _, p, _ in ep])

    return Plot(
        "pairs-by-epoch",
        "Careful player: live pairs per turn by Big Bangs so far",
        draw,
        "Big Bangs",
        "pairs",
    )
