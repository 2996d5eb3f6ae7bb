"""Rules 3 (issue 29): rest sites, events and traps that ask, and the relics elites drop.

- **REST**: ``rest`` (each hero heals ``floor(max_hp * rest_heal_percent)``) or ``upgrade`` (the
  party tempers its gear: +1 attack and +UPGRADE_BLOCK block for the rest of the run).
- **EVENT**: one of ``EVENTS`` drawn from the run stream on arrival, each with two options,
  ``accept`` or ``decline`` (what each does is in ``EVENT_TEXT`` and RULES.md).
- **TRAP**: ``accept`` = disarm it (1d6: 1-3 it goes off, every standing hero takes 1d6 + 2; 4-6
  salvage TRAP_SALVAGE gold) or ``decline`` = edge around it (every hero loses TRAP_EDGE HP, never
  below 1).
- **Relics**: an elite beaten (and the altar event) gives one relic the party does not have yet,
  drawn from the run stream; ``RELICS`` says what each does.
"""

from __future__ import annotations

import math

from engine.core.rng import GodotRng
from engine.core.session import IllegalMoveError
from engine.runmap.moves import ShrineOption
from engine.runmap.state import Phase, PlayerState, RunState

UPGRADE_ATTACK, UPGRADE_BLOCK = 1, 2
EVENTS = ("chest", "gamble", "spring", "altar")
CHEST_GOLD, CHEST_HURT = 35, 8
GAMBLE_COST, GAMBLE_WIN, GAMBLE_NEED = 15, 45, 4  # pay 15; 1d6 >= 4 pays 45
SPRING_HEAL = 12
ALTAR_MAX_HP = 6
TRAP_BASE, TRAP_SALVAGE, TRAP_EDGE = 2, 25, 3
POTION_BELT = 3  # most potions the party can carry per hero
RELICS = ("war_drum", "iron_shell", "potion_belt", "bone_heart", "healing_moss")
WAR_DRUM_ATTACK, IRON_SHELL_BLOCK, BELT_POTIONS, BONE_HEART_HP, MOSS_HEAL = 2, 3, 2, 8, 5
OPTIONS: dict[Phase, tuple[ShrineOption, ...]] = {
    Phase.REST: ("rest", "upgrade"),
    Phase.EVENT: ("accept", "decline"),
}


def _rng(state: RunState) -> GodotRng:
    rng = GodotRng(0)
    rng.set_state(state.rng_state)
    return rng


def _each(
    players: tuple[PlayerState, ...], hp: int = 0, max_hp: int = 0, floor: int = 0
) -> tuple[PlayerState, ...]:
    """Every hero's max HP and HP changed (HP kept within 0..max, and at least ``floor`` when it
    was above it)."""
    out = []
    for p in players:
        m = max(1, p.max_hp + max_hp)
        h = min(m, max(0, p.hp + hp))
        if hp < 0 and p.hp > 0:
            h = max(h, min(p.hp, floor))
        out.append(p.model_copy(update={"hp": h, "max_hp": m}))
    return tuple(out)


def belt_size(state: RunState) -> int:
    """How many potions the party can carry: POTION_BELT per hero."""
    return POTION_BELT * len(state.players)


def add_potions(state: RunState, n: int) -> RunState:
    """``n`` potions per hero into the belt (at most ``belt_size`` carried)."""
    return state.model_copy(update={"potions": min(belt_size(state), state.potions + n * len(state.players))})


def grant_relic(state: RunState, rng: GodotRng) -> tuple[RunState, str]:
    """One relic the party lacks (none left: 0 relics, ""), applied at once; the rng advances."""
    left = [r for r in RELICS if r not in state.relics]
    if not left:
        return state, ""
    relic = left[rng.randi_range(0, len(left) - 1)]
    s = state.model_copy(update={"relics": (*state.relics, relic)})
    if relic == "war_drum":
        s = s.model_copy(update={"attack_bonus": s.attack_bonus + WAR_DRUM_ATTACK})
    elif relic == "iron_shell":
        s = s.model_copy(update={"block_bonus": s.block_bonus + IRON_SHELL_BLOCK})
    elif relic == "potion_belt":
        s = add_potions(s, BELT_POTIONS)
    elif relic == "bone_heart":
        s = s.model_copy(update={"players": _each(s.players, hp=BONE_HEART_HP, max_hp=BONE_HEART_HP)})
    return s, relic


def after_fight(state: RunState) -> RunState:
    """Relics that act after every won fight (healing moss heals standing heroes)."""
    if "healing_moss" not in state.relics:
        return state
    players = tuple(
        p.model_copy(update={"hp": min(p.max_hp, p.hp + MOSS_HEAL)}) if p.hp > 0 else p for p in state.players
    )
    return state.model_copy(update={"players": players})


def enter_event(state: RunState, trap: bool) -> RunState:
    """Arrive at an EVENT (drawn now) or a TRAP: the EVENT phase waits for accept or decline."""
    if trap:
        return state.model_copy(update={"phase": Phase.EVENT, "event": "trap"})
    rng = _rng(state)
    event = EVENTS[rng.randi_range(0, len(EVENTS) - 1)]
    return state.model_copy(update={"phase": Phase.EVENT, "event": event, "rng_state": rng.get_state()})


def option_refused(state: RunState, option: str) -> str | None:
    """Why ``option`` cannot be taken in this phase (None when it can)."""
    allowed = OPTIONS.get(state.phase, ())
    if option not in allowed:
        return f"{option} is not an option here ({', '.join(allowed) or 'none'})"
    if (
        state.phase == Phase.EVENT
        and state.event == "gamble"
        and option == "accept"
        and state.gold < GAMBLE_COST
    ):
        return f"the bet costs {GAMBLE_COST} gold, the party has {state.gold}"
    return None


def choose(state: RunState, option: str, heal_percent: float) -> tuple[RunState, str]:
    """Apply a REST or EVENT option; returns the new state (phase MAP) and a note."""
    why = option_refused(state, option)
    if why is not None:
        raise IllegalMoveError(why)
    s = state.model_copy(update={"phase": Phase.MAP, "event": ""})
    if state.phase == Phase.REST:
        if option == "rest":
            players = tuple(
                p.model_copy(update={"hp": min(p.max_hp, p.hp + math.floor(p.max_hp * heal_percent))})
                for p in s.players
            )
            return s.model_copy(update={"players": players}), "rested"
        s = s.model_copy(
            update={
                "attack_bonus": s.attack_bonus + UPGRADE_ATTACK,
                "block_bonus": s.block_bonus + UPGRADE_BLOCK,
            }
        )
        return s, f"upgraded: +{UPGRADE_ATTACK} attack, +{UPGRADE_BLOCK} block"
    event = state.event
    rng = _rng(s)
    note = "walked on"
    if event == "chest" and option == "accept":
        s = s.model_copy(
            update={"gold": s.gold + CHEST_GOLD, "players": _each(s.players, hp=-CHEST_HURT, floor=1)}
        )
        note = f"the chest: +{CHEST_GOLD} gold, -{CHEST_HURT} HP"
    elif event == "gamble" and option == "accept":
        won = rng.randi_range(1, 6) >= GAMBLE_NEED
        s = s.model_copy(update={"gold": s.gold - GAMBLE_COST + (GAMBLE_WIN if won else 0)})
        note = f"the bet: {'won' if won else 'lost'}"
    elif event == "spring":
        if option == "accept":
            s = s.model_copy(update={"players": _each(s.players, hp=SPRING_HEAL)})
            note = f"the spring: +{SPRING_HEAL} HP"
        else:
            s = add_potions(s, 1)
            note = "the spring: a potion bottled"
    elif event == "altar" and option == "accept":
        s = s.model_copy(update={"players": _each(s.players, max_hp=-ALTAR_MAX_HP)})
        s, relic = grant_relic(s, rng)
        note = f"the altar: {relic or 'nothing left'}, -{ALTAR_MAX_HP} max HP"
    elif event == "trap":
        if option == "accept":
            if rng.randi_range(1, 6) <= 3:
                players = tuple(
                    p.model_copy(update={"hp": max(0, p.hp - (rng.randi_range(1, 6) + TRAP_BASE))})
                    if p.hp > 0
                    else p
                    for p in s.players
                )
                s = s.model_copy(update={"players": players})
                note = "the trap goes off"
            else:
                s = s.model_copy(update={"gold": s.gold + TRAP_SALVAGE})
                note = f"the trap disarmed: +{TRAP_SALVAGE} gold"
        else:
            s = s.model_copy(update={"players": _each(s.players, hp=-TRAP_EDGE, floor=1)})
            note = f"edged around the trap: -{TRAP_EDGE} HP"
    return s.model_copy(update={"rng_state": rng.get_state()}), note
