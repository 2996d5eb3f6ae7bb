"""Run Map lab (issue 29): is any single fight action best everywhere? Measured by expectation.

The first rules-3 figure "best action of a round" tried each action once, on the one dice stream
the run happened to have, and broke ties towards attack: a crude measure (attack best 62.5 %). Here, for sampled rounds of whole runs (party sizes 1-4, random route so elites
and guardians come up, intent-reading fights), every legal action of the waiting hero is tried
and the fight is played out by the intent reader on ``K`` different dice streams (the run's
second stream reseeded; the map never changes). An action's value is the mean over the streams
of the party's state when the fight ends: -1 for a defeat, else (HP of every hero + a potion's
heal per potion in the belt) / the party's max HP. The best action is the one with the highest
mean, and it counts as best only when it beats the runner-up clearly: by more than ``TIE`` and by
more than ``Z`` standard errors of the paired differences over the same streams (every action is
tried on the same ``K`` streams). Otherwise the round is a tie (counted apart, never given to
attack). Session 7 used the first test only: with 8 streams, block was called best in 16 % of the
rounds where every enemy only guards, where a block can only shift the later dice (noise).

Usage: ``python -m tools.playtest.runmap_actions [runs] [K] [rules]`` (runs per party size, default 6;
rules version, default the current one).
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from typing import Any

from engine.core.rng import GodotRng
from engine.runmap import GAME
from engine.runmap.config import RULES_VERSION
from engine.runmap.fight3 import POTION_HEAL, action_allowed, waiting_heroes
from engine.runmap.game import read_intents
from engine.runmap.moves import Fight
from engine.runmap.rules import apply_move
from engine.runmap.state import Phase, RunState
from tools.playtest.runmap_policies import policy_move

ACTIONS = ("attack", "block", "skill", "item")
TIE = 0.005  # 0.5 % of the party's max HP
Z = 2.0  # the best action must beat the runner-up by this many standard errors of the paired difference


def _intent_kind(s: RunState) -> str:
    assert s.combat is not None
    kinds = {e.intent for e in s.combat.enemies if e.hp > 0}
    return "heavy" if "heavy" in kinds else ("attack" if "attack" in kinds else "guard")


def _party_value(s: RunState) -> float:
    hp = sum(p.hp for p in s.players)
    top = sum(p.max_hp for p in s.players)
    return (hp + POTION_HEAL * s.potions) / top


def fight_out(s: RunState, node: int) -> float:
    """Play the fight at ``node`` to its end with the intent reader; the party's value there
    (read before the last round when that round beats a guardian: its act-break heal would tie
    every winning action)."""
    last = _party_value(s)
    guardian = s.layout.nodes[node].is_guardian
    host = s.host if s.host is not None else 0
    while s.phase == Phase.COMBAT and s.combat is not None and s.combat.node_index == node:
        last = _party_value(s)
        hero = waiting_heroes(s)[0]
        s = apply_move(s, Fight(host, read_intents(s, hero), None if hero == host else hero))  # type: ignore[arg-type]
    if s.result is not None and s.result.termination.value == "defeat":
        return -1.0
    return last if guardian else _party_value(s)


def action_samples(s: RunState, k: int, salt: int) -> dict[str, list[float]]:
    """Fight-end value of each legal action of the waiting hero on each of ``k`` dice streams (the
    same streams for every action: paired samples)."""
    assert s.combat is not None
    node = s.combat.node_index
    hero = waiting_heroes(s)[0]
    host = s.host if s.host is not None else 0
    out: dict[str, list[float]] = {}
    for a in ACTIONS:
        if action_allowed(s, hero, a) is not None:
            continue
        vals = []
        for j in range(k):
            stream = s.model_copy(update={"rng_state": GodotRng(salt * 1_000_003 + j).get_state()})
            t = apply_move(stream, Fight(host, a, None if hero == host else hero))  # type: ignore[arg-type]
            vals.append(fight_out(t, node))
        out[a] = vals
    return out


def action_values(s: RunState, k: int, salt: int) -> dict[str, float]:
    """Mean fight-end value of each legal action of the waiting hero over ``k`` dice streams."""
    return {a: sum(v) / len(v) for a, v in action_samples(s, k, salt).items()}


def best_action(samples: dict[str, list[float]], tie: float = TIE, z: float = Z) -> str:
    """The action with the highest mean when it beats the runner-up by more than ``tie`` and by more
    than ``z`` standard errors of the paired per-stream differences; else "tie"."""
    means = {a: sum(v) / len(v) for a, v in samples.items()}
    ranked = sorted(means, key=lambda a: -means[a])
    if len(ranked) == 1:
        return ranked[0]
    a, b = ranked[0], ranked[1]
    diffs = [x - y for x, y in zip(samples[a], samples[b], strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    se = (var / n) ** 0.5
    return a if mean > tie and mean > z * se else "tie"


def sample_run(item: tuple[int, int, int, int] | tuple[int, int, int, int, int]) -> list[dict[str, Any]]:
    """(seed, party size, sample every n-th choice, k[, rules]) -> one record per sampled round
    (without ``rules`` the run is played by the current rules)."""
    seed, players, every, k = item[:4]
    rng = random.Random(seed)
    opts: dict[str, Any] = {"preset": "full", "players": players}
    if len(item) > 4:
        opts["rules"] = item[4]  # type: ignore[misc]
    s = GAME.initial(seed, opts)
    out: list[dict[str, Any]] = []
    n = 0
    while (move := policy_move(s, "random", "reader", rng)) is not None:
        if s.phase == Phase.COMBAT and s.combat is not None and waiting_heroes(s):
            n += 1
            if n % every == 0:
                samples = action_samples(s, k, seed * 7919 + n)
                vals = {a: sum(v) / len(v) for a, v in samples.items()}
                out.append(
                    {
                        "fight": (seed, players, s.combat.node_index),
                        "intent": _intent_kind(s),
                        "best": best_action(samples),
                        "vals": vals,
                        "players": players,
                    }
                )
        s = apply_move(s, move)
    return out


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Shares of rounds by best action (overall, by intent, by party size) and per fight."""
    overall = Counter(r["best"] for r in rows)
    by_intent: dict[str, Counter[str]] = {}
    by_size: dict[int, Counter[str]] = {}
    fights: dict[tuple[int, int, int], set[str]] = {}
    loss = []
    for r in rows:
        by_intent.setdefault(r["intent"], Counter())[r["best"]] += 1
        by_size.setdefault(r["players"], Counter())[r["best"]] += 1
        fights.setdefault(r["fight"], set()).add(r["best"])
        loss.append(max(r["vals"].values()) - r["vals"]["attack"])
    multi = [f for f, b in fights.items() if len(b - {"tie"}) >= 2]
    sampled_twice = [f for f in fights if sum(1 for r in rows if r["fight"] == f) >= 2]
    return {
        "rounds": len(rows),
        "overall": dict(overall),
        "by_intent": {k: dict(v) for k, v in by_intent.items()},
        "by_size": {k: dict(v) for k, v in by_size.items()},
        "fights_sampled_twice": len(sampled_twice),
        "fights_best_changes": len([f for f in multi if f in sampled_twice]),
        "attack_loss_mean": sum(loss) / max(1, len(loss)),
        "attack_not_best": sum(1 for x in loss if x > TIE) / max(1, len(loss)),
    }


def main(argv: list[str]) -> None:
    runs = int(argv[0]) if argv else 6
    k = int(argv[1]) if len(argv) > 1 else 6
    rules = int(argv[2]) if len(argv) > 2 else RULES_VERSION
    rows: list[dict[str, Any]] = []
    for players in (1, 2, 3, 4):
        for seed in range(runs):
            rows += sample_run((1000 + seed, players, 3, k, rules))
    res = summary(rows)
    for key, val in res.items():
        print(f"{key}: {val}")


if __name__ == "__main__":
    main(sys.argv[1:])
