"""Orbit Simulator, issue 28: seat fairness and how duels are decided, with standard errors.

``python -m tools.playtest.orbit_seats --players 4 --games 20 --seed 0`` plays expert games (expert in
every seat) under the shipped rules, or under a lab-only patch (``--trial``, the parts of
``orbit_trials``), and prints per seat its wins, share, the share's standard error
(``sqrt(p (1 - p) / n)``) and its distance from the fair share ``1 / players`` in points. It is the
cheap seat run: no threat or heat counterfactual (``orbit_threats`` does those).

For every game it also records how the game was decided, the figures behind issue 28's duel-length
target (LAB.md "Variety"): rounds, the round of the first hit (the approach), the rounds from the
first hit to the end (the fight), and the winner's hull left (a close game ends with little).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from engine.orbit import ai as orbit_ai
from engine.orbit import game as orbit_game
from engine.orbit.turn import execute_turn
from tools.playtest.orbit_trials import apply


def play(seed: int, players: int) -> dict[str, Any]:
    """One expert-in-every-seat game: winner, rounds, first-hit round, the winner's hull left."""
    state = orbit_game.initial_state(seed, orbit_game.new_game_options(players))
    first_hit: int | None = None
    while state.outcome is None:
        plan = orbit_ai.choose_plan(state, "expert", seed)
        rnd = state.round
        state, events = execute_turn(state, plan)
        if first_hit is None and any(e.kind == "hit" for e in events):
            first_hit = rnd
    w = state.outcome.winner
    return {
        "seed": seed,
        "w": w,
        "r": state.round,
        "hit1": first_hit,
        "hull": None if w is None else state.ships[w].hull,
    }


def quartiles(xs: list[int]) -> list[float]:
    """Q1, median, Q3 by linear interpolation (the convention of ``orbit_threats``)."""
    xs = sorted(xs)
    if not xs:
        return []

    def q(p: float) -> float:
        k = (len(xs) - 1) * p
        lo = int(k)
        hi = min(lo + 1, len(xs) - 1)
        return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)

    return [q(0.25), q(0.5), q(0.75)]


def seat_table(games: list[dict[str, Any]], players: int) -> list[dict[str, float]]:
    """Per seat: wins, share, its standard error and its distance from the fair share (points)."""
    n = len(games)
    out = []
    for s in range(players):
        wins = sum(g["w"] == s for g in games)
        p = wins / n if n else 0.0
        se = math.sqrt(p * (1 - p) / n) if n else 0.0
        out.append(
            {
                "seat": s,
                "wins": wins,
                "share": round(p, 3),
                "se": round(se, 3),
                "off_pts": round(100 * (p - 1 / players), 1),
            }
        )
    return out


def summary(games: list[dict[str, Any]], players: int) -> dict[str, Any]:
    """The seat table plus how games were decided (rounds, approach, fight, winner's hull left)."""
    rounds = [g["r"] for g in games]
    q = quartiles(rounds)
    hit1 = [g["hit1"] for g in games if g["hit1"] is not None]
    fight = [g["r"] - g["hit1"] for g in games if g["hit1"] is not None]
    hull = [g["hull"] for g in games if g["hull"] is not None]
    return {
        "players": players,
        "games": len(games),
        "seats": seat_table(games, players),
        "draws": sum(g["w"] is None for g in games),
        "rounds_q": q,
        "rounds_iqr": q[2] - q[0] if q else None,
        "first_hit_round_q": quartiles(hit1),
        "fight_rounds_q": quartiles(fight),
        "winner_hull_q": quartiles(hull),
        "close_games_hull_le_5": sum(h <= 5 for h in hull),
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--trial", default="base", help="lab-only patch (orbit_trials parts joined with +)")
    ap.add_argument("--games-out", default="", help="append every game's record to this JSON-lines file")
    ap.add_argument("--summarize", default="", help="only summarise a JSON-lines file of earlier games")
    args = ap.parse_args(argv)
    if args.summarize:
        with open(args.summarize, encoding="utf-8") as fh:
            old = [json.loads(line) for line in fh if line.strip()]
        print(json.dumps({"file": args.summarize, **summary(old, args.players)}))
        return
    apply(args.trial)
    games = []
    for i in range(args.games):
        games.append(play(args.seed + i, args.players))
        print(json.dumps(games[-1]), file=sys.stderr, flush=True)
        if args.games_out:
            with open(args.games_out, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(games[-1]) + "\n")
    print(json.dumps({"trial": args.trial, "seed": args.seed, **summary(games, args.players)}))


if __name__ == "__main__":
    main()
