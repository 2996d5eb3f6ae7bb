"""After every resolve: fail states (Rules §11), objectives (§10), stars (Part I §6.4), score (§6.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.floodline.conditions import (
    max_water_height,
    raw_condition,
    resting_on_water,
    solid_above_limit,
    update_streak,
)
from engine.floodline.level import Condition, Level

if TYPE_CHECKING:
    from engine.floodline.state import State


def all_conditions(level: Level) -> list[Condition]:
    """Objectives, then ★2, then ★3 conditions: the index space of ``State.streaks``."""
    return list(level.objectives) + list(level.stars.two) + list(level.stars.three)


def initial_streaks(level: Level) -> tuple[int, ...]:
    return tuple(-1 for _ in all_conditions(level))


def fail_reason(s: State) -> str | None:
    """The first fail state that holds now, in Rules §11 order (then this implementation's extras)."""
    c = s.level.constraints
    m = s.metrics
    if solid_above_limit(s.board, s.height_limit):
        return "OVERFLOW"
    budget = s.tilt_budget_left
    if budget is not None and budget < 0:
        return "TILT_BUDGET_EXCEEDED"
    if c.max_mass is not None and m["massPlaced"] > c.max_mass:
        return "WEIGHT_EXCEEDED"
    if c.water_forbidden_height is not None and max_water_height(s.board) >= c.water_forbidden_height:
        return "WATER_FORBIDDEN"
    if c.max_lost_voxels is not None and m["lostVoxelsTotal"] > c.max_lost_voxels:
        return "COLLAPSE"
    if c.no_resting_on_water and resting_on_water(s.board, s.gravity):
        return "RESTING_ON_WATER"
    if c.lose_on_water_overflow and m["waterOverflowTotal"] > 0:
        return "WATER_OVERFLOW"
    left = tilts_left(s)
    if left is not None and tilts_needed(s) > left:
        return "TILTS_EXHAUSTED"
    return None


def tilts_left(s: State) -> int | None:
    """Successful tilts the rules still allow (budget and ``maxRotations``); None = unlimited."""
    rot = s.level.rotation
    used = s.metrics["rotations"]
    caps = [c - used for c in (rot.tilt_budget, rot.max_rotations) if c is not None]
    return max(0, min(caps)) if caps else None


def tilts_needed(s: State) -> int:
    """The fewest further tilts the objectives need: SURVIVE_ROTATIONS' count, and a ``surviveTilts``
    structure's remaining streak (all K again when it does not stand now)."""
    need = 0
    for k, cond in enumerate(s.level.objectives):
        if cond.type == "SURVIVE_ROTATIONS":
            need = max(need, cond.count - s.metrics["rotations"])
        if cond.survive_tilts:
            st = s.streaks[k]
            need = max(need, 0 if st >= cond.survive_tilts else cond.survive_tilts - max(st, 0))
    return need


def metrics_view(s: State) -> dict[str, int]:
    """Counters plus derived values conditions may name."""
    m = dict(s.metrics)
    budget = s.tilt_budget_left
    m["tiltBudgetLeft"] = budget if budget is not None else 1 << 30
    return m


def condition_states(s: State, after_tilt: bool) -> tuple[list[bool], tuple[int, ...]]:
    conds = all_conditions(s.level)
    mv = metrics_view(s)
    ok: list[bool] = []
    streaks = []
    for k, cond in enumerate(conds):
        holds = raw_condition(cond, s.board, s.gravity, mv)
        st = update_streak(s.streaks[k], holds, after_tilt, cond.survive_tilts)
        streaks.append(st)
        ok.append(st >= cond.survive_tilts if cond.survive_tilts > 0 else holds)
    return ok, tuple(streaks)


def final_score(s: State) -> int:
    """Score with the efficiency multiplier: +p% per piece / rotation under par (Part I §6.3)."""
    sc = s.level.scoring
    bonus = 0
    if sc.par_pieces is not None:
        bonus += sc.efficiency_percent * max(0, sc.par_pieces - s.metrics["piecesUsed"])
    if sc.par_rotations is not None:
        bonus += sc.efficiency_percent * max(0, sc.par_rotations - s.metrics["rotations"])
    return s.metrics["score"] * (100 + bonus) // 100


def evaluate(s: State, after_tilt: bool) -> None:
    """Update streaks, then end the game on a fail state (checked first) or when objectives hold."""
    from engine.floodline.state import Outcome, Reason, Status

    sc = s.level.scoring
    c = s.level.constraints
    if c.water_forbidden_height is not None and max_water_height(s.board) >= c.water_forbidden_height:
        s.metrics["score"] -= sc.forbidden_water_penalty
    ok, s.streaks = condition_states(s, after_tilt)
    if s.outcome is not None:
        return
    reason = fail_reason(s)
    if s.win_pending:
        _pending_step(s, ok, after_tilt, reason is not None)
        return
    if reason is not None:
        s.outcome = Outcome(Status.LOST, Reason(reason), s.tick, 0, s.metrics["score"])
        return
    n_obj = len(s.level.objectives)
    if n_obj == 0 or not all(ok[:n_obj]):
        return
    stars = _stars(s, ok)
    if stars < 3 and _open_survive_star(s, ok):
        s.win_pending = stars  # RULES.md 36b: the win is secured; tilts may still earn the star
        return
    s.outcome = Outcome(Status.WON, Reason.OBJECTIVES_MET, s.tick, stars, final_score(s))


def _stars(s: State, ok: list[bool]) -> int:
    n_obj = len(s.level.objectives)
    n2 = len(s.level.stars.two)
    two = all(ok[n_obj : n_obj + n2])
    three = all(ok[n_obj + n2 :])
    return 1 + (1 if two else 0) + (1 if two and three else 0)


def _open_survive_star(s: State, ok: list[bool]) -> bool:
    """A ``surviveTilts`` star condition whose structure stands now but has not survived enough tilts,
    and whose star the other star conditions do not already rule out."""
    n_obj = len(s.level.objectives)
    n2 = len(s.level.stars.two)
    conds = all_conditions(s.level)
    for k in range(n_obj, len(conds)):
        if conds[k].survive_tilts > 0 and not ok[k] and s.streaks[k] >= 0:
            group = range(n_obj, n_obj + n2) if k < n_obj + n2 else range(n_obj, len(conds))
            blockers = [j for j in group if j != k and not conds[j].survive_tilts and not ok[j]]
            if not blockers:
                return True
    return False


def _pending_step(s: State, ok: list[bool], after_tilt: bool, failed: bool) -> None:
    """Inside the window: award the won level as soon as the star is earned, the structure breaks,
    a piece locks, or a fail state comes up (the win was already secured, so it is not taken back)."""
    from engine.floodline.state import Outcome, Reason, Status

    n_obj = len(s.level.objectives)
    stars = s.win_pending
    if all(ok[:n_obj]) and not failed:
        stars = max(stars, _stars(s, ok))
    if stars < 3 and after_tilt and not failed and _open_survive_star(s, ok):
        return
    s.win_pending = 0
    s.outcome = Outcome(Status.WON, Reason.OBJECTIVES_MET, s.tick, stars, final_score(s))


def objective_progress(s: State) -> list[dict[str, object]]:
    """For the HUD: each objective's type, whether it holds, its streak, and the counts its bar shows
    (``value`` of ``target``, in the unit a player counts: layers, units, pieces, tilts, mass);
    ``tilts``/``tiltsNeeded`` for a structure that must survive tilts."""
    from engine.floodline.conditions import condition_count

    conds = all_conditions(s.level)
    mv = metrics_view(s)
    out: list[dict[str, object]] = []
    for k, cond in enumerate(conds[: len(s.level.objectives)]):
        holds = raw_condition(cond, s.board, s.gravity, mv)
        value, target = condition_count(cond, s.board, mv, holds)
        row: dict[str, object] = {
            "type": cond.type,
            "holds": holds,
            "streak": s.streaks[k],
            "value": value,
            "target": target,
        }
        if cond.survive_tilts:
            row["tilts"] = max(0, min(s.streaks[k], cond.survive_tilts))
            row["tiltsNeeded"] = cond.survive_tilts
        out.append(row)
    return out
