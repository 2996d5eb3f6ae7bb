"""The lab for a game that has no module of its own: its ``bot_policy`` plays seeded games.

A game added by docs/adding-a-game.md is in the lab at once: ``python -m tools.playtest <slug>`` plays
``cfg.games`` seeds with the engine's ``bot_policy`` (the same bot as ``python -m engine.<slug> bot``)
and reports how many games ended, their length and the end reasons. A game without a bot is reported
as not playable (a lab defect to fix), never scored as losses.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from engine.core.cli import bot_policy, game_module
from engine.core.session import Session
from tools.playtest.report import LabConfig, Metric, Plot, Report, Table

DEFAULT_GAMES = 200
FULL_GAMES = 2000
MAX_MOVES = 5000


def _play(mod: Any, seed: int) -> tuple[int, str]:
    """One bot game: (moves played, end reason or ``"unfinished"``)."""
    s: Session[Any, Any] = Session(mod.GAME, seed, {})
    policy = bot_policy(mod)
    assert policy is not None
    for n in range(MAX_MOVES):
        move = policy(s.state)
        if move is None:
            outcome = getattr(s.state, "outcome", None)
            reason = getattr(outcome, "termination", None) or getattr(outcome, "reason", None)
            return n, str(getattr(reason, "value", reason)) if outcome is not None else "bot stopped"
        s.play(move)
    return MAX_MOVES, "unfinished"


def run_for(slug: str, cfg: LabConfig) -> Report:
    """Play ``cfg.games`` seeded games of ``engine.<slug>`` with its bot."""
    mod = game_module(slug)
    report = Report(game=slug, title=f"{slug} (generic lab: the engine's bot)", config=cfg)
    if bot_policy(mod) is None:
        report.summary = f"engine.{slug} has no bot_policy: nothing could be played (lab defect)."
        report.metrics.append(
            Metric("playable", "games the bot could play", 0, "engine has no bot_policy", ok=False)
        )
        return report
    played = [_play(mod, cfg.seed + i) for i in range(cfg.games)]
    lengths = np.array([n for n, _ in played], dtype=float)
    reasons = Counter(r for _, r in played)
    ended = sum(c for r, c in reasons.items() if r not in ("unfinished", "bot stopped"))
    report.summary = (
        f"{cfg.games} games played by engine.{slug}.bot_policy, seeds {cfg.seed}..{cfg.seed + cfg.games - 1}."
    )
    report.metrics += [
        Metric(
            "ended",
            "games that reached an outcome",
            f"{ended}/{cfg.games}",
            "outcome set when the bot stopped",
        ),
        Metric("median_moves", "median moves per game", float(np.median(lengths)), "moves the bot played"),
    ]
    report.tables.append(
        Table("End reasons", ["reason", "games"], [[r, c] for r, c in sorted(reasons.items())])
    )
    report.plots.append(
        Plot("moves", "Moves per game", lambda ax: ax.hist(lengths, bins=20), xlabel="moves", ylabel="games")
    )
    report.data["lengths"] = lengths.tolist()
    return report
