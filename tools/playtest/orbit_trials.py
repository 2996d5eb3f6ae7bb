"""Orbit Simulator, issue 28: expert games under trial rule or search changes (LAB.md, "Variety").

``python -m tools.playtest.orbit_trials nobonus --players 2 --games 10 --seed 0`` patches the engine
in this process only (never shipped, nothing saved) and prints wins, round quartiles, the most common
loadouts (share of expert turns), games with heat damage or venting, and shots by weapon.
Trials join with ``+`` (``railheat+rail8``):

- ``railheat``: the seed's heat formula read literally (a powered railgun heats every turn);
- ``railfireN``: a railgun shot makes N heat more than the powered turn's 1 (session 16, rules 7+);
- ``railN`` / ``lasN`` / ``misN``: weapon damage N; ``misringN``, ``misarcN``, ``lasarcN``: reach;
- ``shieldN``: shields take N off every hit;
- ``railpierce`` / ``mispierce`` / ``laspierce``: shields do not stop that weapon;
  ``misshieldN`` / ``lasshieldN``: shields take N off that weapon's hits;
- ``railout``: the railgun also hits the next ring out, up to 12 arc units ahead along its facing;
- ``starts4``: ships start with a full loadout drawn by the seed (sniper, lancer, brawler, gunboat);
- ``even4``: four ships start evenly spread (24 arc units apart);
- ``spN-a-b-c``: with N ships, ship 1 starts ``a`` arc units ahead of ship 0, ship 2 ``b``, ... (rules 3+);
- ``duelN``: rules 4's seeded duel distance drawn from 52 +- N (24 is shipped);
- ``spreadN``: duels start with the second ship a seeded -N..N arc units off its 52;
- ``openings``: the seed draws a duel's opening range, a third each: close (14-22 arc units apart,
  on the scenario's rings), mid (the shipped 28-76) or far (rings 4 and 5, 40-56 apart) (session 11,
  not shipped: LAB.md "Duel length, session 11");
- ``disengageN``: the searching players' pull towards the nearest enemy turns into a push away while
  their hull is N or more below the weakest enemy's, or they carry 2+ heat (session 11, not shipped);
- ``rulesN``: new games under rules version N (``rules6``: before rule 7's railgun heat; ``rules7``:
  before rule 8's railgun magazine);
- ``slugsN``: rules 8's short railgun magazine holds N slugs (``rules.RAIL_SLUGS``, 2);
- ``supplyall``: rules 8 gives every ship of every seeded game the magazine (session 14's draft)
  instead of drawing a short supply for half the duels;
- ``reloadN``: a rules-8 ship regains N slugs at the end of each turn its railgun holds no energy
  (``rules.RAIL_RELOAD``);
- ``orderfixed`` / ``orderpairs`` / ``orderthue``: the duel's turn order (rules 3+) is A B | A B (no
  double move), A B | A B | B A | B A (the seat changes every second round) or the Thue-Morse order of
  rounds (A B | B A | B A | A B | ...); shipped: A B | B A (session 15, LAB_LENGTH.md);
  ``shortorderfixed`` / ``shortorderpairs`` / ``shortorderthue``: the same in short-supply duels only;
- ``novent0``: the expert's search never weighs keeping heat aboard (always vents first, as before
  session 10);
- ``nobonus``: the search's +0.5 per powered subsystem (``search.evaluate``) left out (0 since
  session 7: a no-op now); ``bonus`` puts it back (the "before" of session 7).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from dataclasses import replace
from typing import Any

import engine.orbit.exposure as exposure_mod
import engine.orbit.order as order_mod
import engine.orbit.rules as rules_mod
import engine.orbit.scenarios as scenarios_mod
import engine.orbit.search as search_mod
import engine.orbit.threat as threat_mod
import engine.orbit.turn as turn_mod
from engine.core.rng import Pcg32
from engine.orbit import ai as orbit_ai
from engine.orbit import game as orbit_game
from engine.orbit.rules import WEAPON_SPECS, Facing, Subsystem, Weapon
from engine.orbit.scenarios import Loadout

S = Subsystem
FULL = {
    "sniper": ((S.ENGINES, 2), (S.THRUSTERS, 1), (S.SCOOP, 1), (S.RAILGUN, 4), (S.SHIELDS, 2)),
    "lancer": ((S.ENGINES, 2), (S.THRUSTERS, 1), (S.RAILGUN, 4), (S.LASER, 2)),
    "brawler": (
        (S.ENGINES, 2),
        (S.THRUSTERS, 1),
        (S.SCOOP, 1),
        (S.LASER, 2),
        (S.MISSILES, 2),
        (S.SHIELDS, 2),
    ),
    "gunboat": ((S.LASER, 2), (S.RAILGUN, 4), (S.MISSILES, 2), (S.SHIELDS, 2)),
}


def _railheat() -> None:
    real = turn_mod.turn_heat
    turn_mod.turn_heat = lambda pending, railgun_fired, rules: real(pending, True, rules)


def _railfire(n: int) -> None:
    """A railgun that fires makes ``n`` more heat on top of its powered turn's 1 (session 16: the
    description's "generates heat when firing" read together with the formula, rules 7+)."""
    real = turn_mod.turn_heat

    def heat(pending: tuple[int, ...], railgun_fired: bool, rules: int) -> int:
        return real(pending, railgun_fired, rules) + (n if railgun_fired else 0)

    turn_mod.turn_heat = heat


def _railout() -> None:
    real = rules_mod.in_range

    def reach(weapon: Weapon, shooter: tuple[int, int], facing: Facing, target: tuple[int, int]) -> bool:
        if real(weapon, shooter, facing, target):
            return True
        (sr, ss), (tr, ts) = shooter, target
        if weapon is not Weapon.RAILGUN or tr != sr + 1:
            return False
        a0, la = rules_mod.arc_span(sr, ss)
        b0, lb = rules_mod.arc_span(tr, ts)
        return ((b0 + lb // 2) - (a0 + la // 2)) * facing.sign % rules_mod.ARC_UNITS <= 12

    for m in (rules_mod, search_mod, turn_mod, exposure_mod, threat_mod):
        if hasattr(m, "in_range"):
            m.in_range = reach  # type: ignore[attr-defined]


def _spread(n: int) -> None:
    """Duels: the second ship starts a seeded 0..n arc units further ahead or behind (52 +- n)."""
    real = scenarios_mod.scenario_ships

    def ships(seed: int, players: int, rules: int = 2) -> scenarios_mod.Start:
        start = real(seed, players, rules)
        if players != 2:
            return start
        shift = (seed * 2654435761 >> 7) % (2 * n + 1) - n
        b = start.ships[1]
        sectors = rules_mod.RING_SECTORS[b.ring]
        sector = (b.sector + shift * sectors // rules_mod.ARC_UNITS) % sectors
        return replace(start, ships=(start.ships[0], replace(b, sector=sector)))

    scenarios_mod.scenario_ships = ships  # type: ignore[assignment]


def _openings() -> None:
    """Duels: a seeded close / mid / far opening (the session-11 trial for the duel-length spread)."""
    real = scenarios_mod.scenario_ships

    def ships(seed: int, players: int, rules: int = 2) -> scenarios_mod.Start:
        start = real(seed, players, rules)
        opening = ("close", "mid", "far")[Pcg32(seed, 0xD0E8).next_below(3)]
        if players != 2 or opening == "mid":
            return start
        lo, hi = (14, 22) if opening == "close" else (40, 56)
        rng = Pcg32(seed, 0xD0E9)
        gap = lo + rng.next_below(hi - lo + 1)
        angle = gap if rng.next_below(2) == 0 else rules_mod.ARC_UNITS - gap
        a, b = start.ships
        if opening == "far":  # the ring draw decides which ship gets ring 4
            rings = (4, 5) if a.ring < b.ring else (5, 4)
        else:
            rings = (a.ring, b.ring)
        base = a.sector * rules_mod.ARC_UNITS // rules_mod.RING_SECTORS[a.ring]
        out = []
        for ship, ring, ang in ((a, rings[0], base), (b, rings[1], base + angle)):
            sector = (ang % rules_mod.ARC_UNITS) * rules_mod.RING_SECTORS[ring] // rules_mod.ARC_UNITS
            out.append(replace(ship, ring=ring, sector=sector))
        return replace(start, layout=f"{opening}-{start.layout}", ships=tuple(out))

    scenarios_mod.scenario_ships = ships  # type: ignore[assignment]


def _disengage(n: int) -> None:
    """The search's pull towards the nearest enemy becomes a push away while behind on hull or hot."""
    import engine.orbit.ai as ai_mod
    import engine.orbit.expert as expert_mod

    real = search_mod.evaluate

    def evaluate(before: Any, after: Any, me: int, lookahead: bool) -> float:
        score = real(before, after, me, lookahead)
        mine = after.ships[me]
        live = [e for e in after.ships if e.id != me and e.alive]
        if not mine.alive or not live or abs(score) >= 1e5:
            return score
        if mine.heat >= 2 or mine.hull + n <= min(e.hull for e in live):
            my_next = search_mod._next_position(mine)
            dist = min(search_mod._distance(my_next, search_mod._next_position(e)) for e in live)
            score += 2 * 0.3 * dist / rules_mod.ARC_UNITS * 8
        return score

    for m in (search_mod, expert_mod, ai_mod):
        if hasattr(m, "evaluate"):
            m.evaluate = evaluate  # type: ignore[attr-defined]


def _weapon(w: Weapon, **kw: int) -> None:
    WEAPON_SPECS[w] = replace(WEAPON_SPECS[w], **kw)


def _duel_order(mode: str, short_only: bool = False) -> None:
    """Patch the duel's round order (two ships, rules 3+); three and four ships keep theirs. With
    ``short_only`` only short-supply duels (ships with a railgun magazine) change order."""
    shipped = order_mod.round_order

    def flipped(rnd: int) -> bool:
        if mode == "fixed":
            return False
        if mode == "pairs":
            return (rnd - 1) // 2 % 2 == 1
        if mode == "thue":
            return bin(rnd - 1).count("1") % 2 == 1
        raise SystemExit(f"unknown duel order {mode!r}")

    def round_order(state: Any, rnd: int) -> list[int]:
        if len(state.ships) != 2 or state.rules < 3:
            return shipped(state, rnd)
        if short_only and state.ships[0].slugs is None:
            return shipped(state, rnd)
        a, b = state.lead, 1 - state.lead
        return [b, a] if flipped(rnd) else [a, b]

    order_mod.round_order = round_order  # type: ignore[assignment]


def apply(trial: str) -> None:
    """Patch this process's engine for ``trial`` (parts joined with ``+``)."""
    for part in trial.split("+"):
        if part == "base":
            continue
        if part.startswith("rules"):  # rules6: new games under an older rules version (the "before")
            orbit_game.RULES_VERSION = int(part[5:])
            orbit_game.RULES_ACCEPTED = max(orbit_game.RULES_ACCEPTED, orbit_game.RULES_VERSION)
        elif part == "supplyall":  # session 14's draft: every ship of every seeded game has a magazine
            scenarios_mod.SUPPLY_DRAW = False
        elif part.startswith("slugs"):  # rules 8's magazine size
            rules_mod.RAIL_SLUGS = int(part[5:])
        elif part.startswith("reload"):  # rules 8: slugs regained per turn with the railgun unpowered
            rules_mod.RAIL_RELOAD = int(part[6:])
        elif part.startswith("order"):
            _duel_order(part[5:])
        elif part.startswith("shortorder"):  # the same, in short-supply duels only (session 16)
            _duel_order(part[10:], short_only=True)
        elif part == "novent0":
            search_mod.HOLD_HEAT = False
        elif part == "railheat":
            _railheat()
        elif part.startswith("railfire"):
            _railfire(int(part[8:]))
        elif part == "railout":
            _railout()
        elif part == "openings":
            _openings()
        elif part.startswith("disengage"):
            _disengage(int(part[9:]))
        elif part.startswith("sp") and "-" in part:  # sp4-20-48-76: start angles of ships 1.. (arc units)
            n, *angles = (int(x) for x in part[2:].split("-"))
            scenarios_mod.SPACING_3 = {**scenarios_mod.SPACING_3, n: dict(enumerate(angles, 1))}
        elif part == "even4":
            scenarios_mod.SPACING_3 = {**scenarios_mod.SPACING_3, 4: {1: 24, 2: 48, 3: 72}}
        elif part.startswith("duel"):  # rules 4's seeded duel distance, 52 +- 0..N (24 shipped)
            scenarios_mod.DUEL_SPREAD = int(part[4:])
        elif part.startswith("spread"):
            _spread(int(part[6:]))
        elif part == "bonus":  # the expert's +0.5 per powered subsystem, as before session 7
            search_mod.POWER_BONUS = 0.5
        elif part == "nobonus":
            search_mod.SPECS = {k: replace(v, minimum=99) for k, v in rules_mod.SPECS.items()}
        elif part == "starts4":
            scenarios_mod.LOADOUTS = tuple(Loadout(k, v) for k, v in FULL.items())
        elif part.endswith("pierce"):  # railpierce, mispierce, laspierce: shields do not stop it
            rules_mod.SHIELD_CUTS[Weapon(part[: -len("pierce")])] = (1, 0)
        elif part[:3] in ("mis", "las") and part[3:].startswith("shield"):  # misshield2: shields take 2
            rules_mod.SHIELD_CUTS[Weapon(part[:3])] = (1, int(part[9:]))
        elif part.startswith("shield"):
            rules_mod.SHIELD_REDUCTION = int(part[6:])
        elif part.startswith("misring"):
            _weapon(Weapon.MISSILES, ring_reach=int(part[7:]))
        elif part.startswith("misarc"):
            _weapon(Weapon.MISSILES, arc_reach=int(part[6:]))
        elif part.startswith("lasarc"):
            _weapon(Weapon.LASER, arc_reach=int(part[6:]))
        elif part.startswith("rail"):
            _weapon(Weapon.RAILGUN, damage=int(part[4:]))
        elif part.startswith("las"):
            _weapon(Weapon.LASER, damage=int(part[3:]))
        elif part.startswith("mis"):
            _weapon(Weapon.MISSILES, damage=int(part[3:]))
        else:
            raise SystemExit(f"unknown trial part {part!r}")


def play(seed: int, players: int) -> dict[str, Any]:
    """One expert-in-every-seat game under the patched engine."""
    state = orbit_game.initial_state(seed, orbit_game.new_game_options(players))
    loads: list[str] = []
    fires: Counter[str] = Counter()
    heat_damage = vented = False
    while state.outcome is None:
        plan = orbit_ai.choose_plan(state, "expert", seed)
        loads.append(" ".join(str(a) for a in plan.pending(state.active_ship.alloc)))
        vented = vented or plan.vent > 0
        fires.update(f.weapon.value for f in plan.fire)
        state, events = turn_mod.execute_turn(state, plan)
        heat_damage = heat_damage or any(e.kind == "heat_damage" for e in events)
    return {
        "w": state.outcome.winner,
        "r": state.round,
        "loads": loads,
        "hd": heat_damage,
        "vent": vented,
        "f": fires,
    }


def _quantile(xs: list[int], p: float) -> float:
    k = (len(xs) - 1) * p
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trial")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    apply(args.trial)
    res = [play(args.seed + i, args.players) for i in range(args.games)]
    rounds = sorted(r["r"] for r in res)
    loads = Counter(x for r in res for x in r["loads"])
    total = sum(loads.values())
    out = {
        "trial": args.trial,
        "players": args.players,
        "games": args.games,
        "wins": Counter(r["w"] for r in res).most_common(),
        "rounds_q1_median_q3": [_quantile(rounds, p) for p in (0.25, 0.5, 0.75)],
        "rounds": rounds,
        "top_loadouts": [(k, round(c / total, 3)) for k, c in loads.most_common(4)],
        "heat_damage_games": sum(r["hd"] for r in res),
        "vent_games": sum(r["vent"] for r in res),
        "shots": dict(sum((r["f"] for r in res), Counter())),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
