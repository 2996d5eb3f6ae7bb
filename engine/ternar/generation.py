"""Generation window, difficulty curve, intro stages, ghosts, spawn and the starting deal (6, 10, 12, 16.2, 17.2)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.rng import Lcg32
from engine.ternar.model import intro_stage
from engine.ternar.rand import below, chance
from engine.ternar.topology import DOWN, ROWS, row_ids

ZEN_TABLE: tuple[tuple[int, int], ...] = ((3, 70), (9, 25), (27, 5))
MAX_WINDOW_LOW = 12  # the window top never passes 3^14, the display cap (9.1)
FREEZE_TURN = 150  # 10.2: from the 150th turn on the window no longer shifts
DEAL_ATTEMPTS = 100  # 16.2 (revised): attempts per starting node
START_LOW_PERCENT = 70  # 16.2: 70 % the lower start value (3), 30 % the next (9)
INTRO_TABLES: dict[int, tuple[tuple[int, int], ...]] = {1: ((3, 70), (9, 30))}  # 12.1 stage 1: only 3 and 9
LIGHT_TABLE: tuple[tuple[int, int], ...] = (
    (3, 70),
    (9, 30),
)  # regenerated "sand" (16.2 weights, 16.3 3 and 9)
# Readings of rules 2 that set the pace (RULES.md "Growth"); module constants so the lab can try others.
HOLD_WINDOW_IN_INTRO = False  # True holds the window in the intro under rules 2-6 too (the lab's knob)
HOLD_IN_INTRO_FROM_RULES = 7  # rules 7: 6.4's shifts start with stage 3 (turn 51), RULES.md "Rules version 7"
SHIFT_GAP = 2  # rules 2-3: a shift needs a merge of top * 3^2 (RULES.md "Growth"); 0 = the literal V(n+2)
SHIFT_GAP_4 = 3  # rules 4: ... top * 3^3 (RULES.md "Rules version 4")
GUARDRAIL_FROM_RULES = 5  # rules 5: the guardrail's easier table below (RULES.md "Casual guardrail")
GUARDRAIL_LOW_PERCENT = 85  # ... the window's low value; the rest is its mid value, no top value


def shift_gap(ruleset: int) -> int:
    """Powers of three above the window top a merge must reach to shift the window (6.4's pace)."""
    return SHIFT_GAP_4 if ruleset >= 4 else SHIFT_GAP


def window_values(low: int) -> tuple[int, int, int]:
    """``[3^low, 3^(low+1), 3^(low+2)]``."""
    return (3**low, 3 ** (low + 1), 3 ** (low + 2))


def top_weight_percent(turns: int, guardrail: bool) -> int:
    """10.1: P(top) = min(25 %, 5 % + floor(turns / 20) * 5 %); held at 5 % under the guardrail (10.3)."""
    if guardrail:
        return 5
    return min(25, 5 + (turns // 20) * 5)


def intro_cap(turns: int) -> int | None:
    """Largest value the intro stage lets spawn (12.1): 9 in stage 1, 27 in stage 2, none after."""
    stage = intro_stage(turns)
    return 9 if stage == 1 else 27 if stage == 2 else None


def spawn_table(
    mode: str, window_low: int, turns: int, guardrail: bool, ruleset: int = 2
) -> list[tuple[int, int]]:
    """(value, percent) pairs for a new node; percents sum to 100.

    Full window: low 75 - p, mid 25, top p (p from 10.1; 70/25/5 at the start); under 10.3's casual
    guardrail (rules 5) low 85, mid 15 and no top value (rules 1-4: the top held at 5 %). Zen: fixed 70/25/5 on
    [3, 9, 27]. Rules 2: the intro stages of 12.1 name the values whatever the window did: stage 1
    only 3 and 9 (70/30, the 16.2 start), stage 2 the [3, 9, 27] window with 10.1's weights.
    Rules 1: values above the stage cap are left out of the window (two left weigh 70/30, one 100;
    a window wholly above the cap gives its low value).
    """
    if mode == "zen":
        return list(ZEN_TABLE)
    stage = intro_stage(turns)
    if ruleset >= 2 and stage < 3:
        window_low = 1
        if stage in INTRO_TABLES:
            return list(INTRO_TABLES[stage])
    w = window_values(window_low)
    if guardrail and ruleset >= GUARDRAIL_FROM_RULES:
        return [(w[0], GUARDRAIL_LOW_PERCENT), (w[1], 100 - GUARDRAIL_LOW_PERCENT)]
    p = top_weight_percent(turns, guardrail)
    table = [(w[0], 75 - p), (w[1], 25), (w[2], p)]
    cap = intro_cap(turns)
    if cap is None or ruleset >= 2:
        return table
    allowed = [v for v in w if v <= cap]
    if len(allowed) == 3:
        return table
    if len(allowed) == 2:
        return [(allowed[0], 70), (allowed[1], 30)]
    return [(allowed[0] if allowed else w[0], 100)]


def ghost_chance_per_10000(turns: int, guardrail: bool) -> int:
    """6.5 '1-2 %': 2 % before turn 100, 1 % from turn 100 (the 10.2 '100 turns' stage); +5 % guardrail."""
    base = 200 if turns < 100 else 100
    return base + (500 if guardrail else 0)


def ghost_eligible(
    mode: str, turns: int, pool: Sequence[int], values: Sequence[int], window_low: int
) -> bool:
    """Ghosts may appear: not Zen, intro stage 2+, a historical pool, and a node below the window on the field."""
    if mode == "zen" or intro_stage(turns) < 2 or not pool:
        return False
    low = 3**window_low
    return any(0 < v < low for v in values)


def draw_weighted(rng: Lcg32, table: Sequence[tuple[int, int]]) -> int:
    """One value from a (value, percent) table: a single draw in [0, 100)."""
    r = below(rng, 100)
    acc = 0
    for value, pct in table:
        acc += pct
        if r < acc:
            return value
    return table[-1][0]


def spawn_row_order(direction: int) -> list[int]:
    """Rows searched for a free cell: top row first (17.2); bottom first when regeneration is inverted."""
    return list(range(ROWS)) if direction == DOWN else list(range(ROWS - 1, -1, -1))


def spawn_cell(values: Sequence[int], rng: Lcg32, direction: int) -> int | None:
    """A free cell in the first row (in spawn order) that has one, drawn uniformly; None if the field is full."""
    for r in spawn_row_order(direction):
        free = [n for n in row_ids(r) if values[n] == 0]
        if free:
            return free[below(rng, len(free))]
    return None


def draw_spawn_value(
    rng: Lcg32,
    mode: str,
    window_low: int,
    turns: int,
    guardrail: bool,
    pool: Sequence[int],
    values: Sequence[int],
    ruleset: int = 2,
) -> tuple[int, bool]:
    """(value, is_ghost) of a new node: the ghost roll first (when eligible), then the window weights."""
    if ghost_eligible(mode, turns, pool, values, window_low) and chance(
        rng, ghost_chance_per_10000(turns, guardrail)
    ):
        return pool[below(rng, len(pool))], True
    return draw_weighted(rng, spawn_table(mode, window_low, turns, guardrail, ruleset)), False


def draw_regen_value(rng: Lcg32, mode: str) -> int:
    """Rules 2: a regenerated node (one of the L-1 a collapse removed) is light sand, 3 or 9 at 70/30."""
    return draw_weighted(rng, ZEN_TABLE if mode == "zen" else LIGHT_TABLE)


def deal_rows(direction: int) -> tuple[int, int]:
    """Rows of the starting deal: 7-8 (indices 6, 7) at the bottom; top two rows when gravity is up."""
    return (ROWS - 2, ROWS - 1) if direction == DOWN else (0, 1)


def deal(values: list[int], rng: Lcg32, count: int, window_low: int, direction: int) -> list[tuple[int, int]]:
    """16.2 (revised): ``count`` nodes at random free cells of the deal rows, 70 % window low / 30 % next.

    Each node gets up to 100 position attempts; if they all hit occupied cells the deal stops.
    Writes into ``values``; returns the placed (cell, value) pairs in order.
    """
    cells = [n for r in deal_rows(direction) for n in row_ids(r)]
    lo, mid, _ = window_values(window_low)
    placed: list[tuple[int, int]] = []
    for _ in range(count):
        for _attempt in range(DEAL_ATTEMPTS):
            c = cells[below(rng, len(cells))]
            if values[c] == 0:
                v = lo if below(rng, 100) < START_LOW_PERCENT else mid
                values[c] = v
                placed.append((c, v))
                break
        else:
            break
    return placed


def shifted_window(
    mode: str, window_low: int, pool: Sequence[int], reached: int, turns: int, ruleset: int = 2
) -> tuple[int, tuple[int, ...]]:
    """6.4: while the value the player just ``reached`` by a merge is >= the window top, shift by one.

    Spawned nodes never shift the window (a spawned top value is not "reached"; otherwise the window
    would climb by itself); a singularity result does not shift it either. Never in Zen, never from the 150th turn on (10.2), never past a top of 3^14; rules 7: never in the intro
    (12.1 names what spawns in turns 1-50, so the window starts moving with turn 51). Returns the new low
    exponent and the new historical pool.
    """
    if mode == "zen" or turns >= FREEZE_TURN:
        return window_low, tuple(pool)
    new_pool = list(pool)
    if ruleset >= 2:
        held = HOLD_WINDOW_IN_INTRO or ruleset >= HOLD_IN_INTRO_FROM_RULES
        if held and intro_stage(turns) < 3:
            return window_low, tuple(pool)
        if window_low < MAX_WINDOW_LOW and reached >= 3 ** (window_low + 2 + shift_gap(ruleset)):
            new_pool.append(3**window_low)
            window_low += 1
        return window_low, tuple(new_pool)
    while window_low < MAX_WINDOW_LOW and reached >= 3 ** (window_low + 2):
        new_pool.append(3**window_low)
        window_low += 1
    return window_low, tuple(new_pool)
