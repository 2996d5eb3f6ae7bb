"""What the HUD and the results card say (issue #16, Part I §6.4, §10.1): objective counts in the unit
a player counts, every constraint in play, and which star was missed and why.

The glue draws these; it decides nothing itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.floodline.conditions import (
    condition_count,
    max_water_height,
    raw_condition,
    stack_height,
)

if TYPE_CHECKING:
    from engine.floodline.state import State


def constraints(s: State) -> list[dict[str, Any]]:
    """Every limit in play, for the HUD: ``key``, ``value`` now, ``limit``, ``lose`` (breaking it ends
    the level) and ``danger`` (at or one step from the limit)."""
    from engine.floodline.scoring import tilts_left, tilts_needed

    lv = s.level
    c = lv.constraints
    m = s.metrics
    out: list[dict[str, Any]] = []

    def add(key: str, value: int, limit: int, lose: bool, danger: bool) -> None:
        out.append({"key": key, "value": value, "limit": limit, "lose": lose, "danger": danger})

    top = stack_height(s.board)
    add("heightLimit", top, s.height_limit, True, top >= s.height_limit - 2)
    if c.max_mass is not None:
        add("maxMass", m["massPlaced"], c.max_mass, True, m["massPlaced"] > c.max_mass * 9 // 10)
    if c.water_forbidden_height is not None:
        w = max_water_height(s.board)
        add("waterForbiddenHeight", w, c.water_forbidden_height, True, w >= c.water_forbidden_height - 1)
    if c.max_lost_voxels is not None:
        lost = m["lostVoxelsTotal"]
        add("maxLostVoxels", lost, c.max_lost_voxels, True, lost >= c.max_lost_voxels - 1)
    if c.no_resting_on_water:
        add("noRestingOnWater", 0, 0, True, False)
    bag = lv.bag
    if bag.type == "FIXED_SEQUENCE" and not bag.loop:  # a supply that runs out (the level is lost then)
        used, supply = m["piecesUsed"], len(bag.sequence)
        add("pieceSupply", used, supply, True, supply - used <= 3)
    left = tilts_left(s)
    if left is not None:
        need = tilts_needed(s)
        add("tiltsLeft", left, need, need > 0, left <= need)
    for h in lv.hazards:
        if h.enabled:
            add("wind", h.params.push_strength, 0, False, False)
    return out


def star_report(s: State) -> list[dict[str, Any]]:
    """Part I §6.4 results card: for ★2 and ★3, whether it was earned and each condition that missed,
    with its value and target (``[{star, earned, missed: [{index, type, metric, value, target}]}]``;
    ``index`` is the condition's place in the level's ``stars.two`` / ``stars.three`` list)."""
    from engine.floodline.scoring import metrics_view

    lv = s.level
    mv = metrics_view(s)
    n_obj = len(lv.objectives)
    n2 = len(lv.stars.two)
    stars = s.outcome.stars if s.outcome is not None else s.win_pending
    out: list[dict[str, Any]] = []
    for star, conds, base in ((2, lv.stars.two, n_obj), (3, lv.stars.three, n_obj + n2)):
        missed: list[dict[str, Any]] = []
        for k, cond in enumerate(conds):
            holds = raw_condition(cond, s.board, s.gravity, mv)
            if cond.survive_tilts:
                holds = s.streaks[base + k] >= cond.survive_tilts
            if not holds:
                value, target = condition_count(cond, s.board, mv, holds)
                row: dict[str, Any] = {
                    "index": k,
                    "type": cond.type,
                    "metric": cond.metric,
                    "value": value,
                    "target": target,
                }
                if cond.survive_tilts:
                    row["tilts"] = max(0, s.streaks[base + k])
                    row["tiltsNeeded"] = cond.survive_tilts
                missed.append(row)
        earned = stars >= star
        if star == 3 and not earned and not missed and stars < 2:
            missed.append({"index": -1, "type": "STAR_TWO_FIRST", "metric": None, "value": 0, "target": 0})
        out.append({"star": star, "earned": earned, "missed": [] if earned else missed})
    return out
