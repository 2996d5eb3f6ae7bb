"""Campaign glue: why a level is open and how many lost runs open it (asked of the engine's
``unlocked``), and the objective and missed-star texts. The campaign itself is the engine's
(``engine.floodline.campaign``: levels, progress, unlocking, endless), imported from there."""

from __future__ import annotations

from typing import Any

from engine.floodline.campaign import Progress, record_loss, unlocked


def opened_by(p: Progress, n: int) -> str:
    """Why campaign level ``n`` is open, asked of the engine's ``unlocked`` (no rule copied here):
    ``"first"`` (level 1), ``"won"`` (the level before it was won), ``"losses"`` (opened by lost runs
    of the level before it) or ``"locked"``."""
    if n == 1:
        return "first"
    if not unlocked(p, n):
        return "locked"
    return "won" if unlocked(p.model_copy(update={"losses": {}}), n) else "losses"


def losses_to_open(p: Progress, n: int, most: int = 99) -> int | None:
    """How many more lost runs of level ``n - 1`` open level ``n`` (0: open now; None: losses never
    open it within ``most``), found by counting losses on a copy with the engine's ``record_loss``."""
    if unlocked(p, n):
        return 0
    q = p.model_copy(deep=True)
    for k in range(1, most + 1):
        record_loss(q, n - 1)
        if unlocked(q, n):
            return k
    return None


def objective_text(t: Any, cond: dict[str, Any]) -> str:
    """A condition as a short line in the current language."""
    fmt = {
        "count": cond.get("count", 1),
        "height": cond.get("height", 0),
        "area": cond.get("area", 1),
        "worldLevel": cond.get("worldLevel", 0),
        "length": cond.get("length", 1),
        "units": cond.get("units", 0),
        "maxMass": cond.get("maxMass", 0),
        "metric": t("m_" + str(cond.get("metric", ""))),
        "value": cond.get("value", 0),
    }
    kind = "FILL_SLOTS" if cond["type"] == "BUILD_PLATEAU" and cond.get("cells") else cond["type"]
    text = t(f"o_{kind}", **fmt)  # a plateau on named columns is a set of slots to fill (Lv1)
    if cond.get("maxLostVoxels") is not None:
        text += ", " + t("o_max_lost", n=cond["maxLostVoxels"])
    if cond.get("surviveTilts"):  # the structure must stand through K tilts (RULES.md 34, 44)
        text += ", " + t("o_survive", n=cond["surviveTilts"])
    return text


def missed_star_lines(t: Any, level: dict[str, Any], state: Any) -> list[str]:
    """Part I §6.4: one line per star not earned, naming the condition that missed and the value
    reached (the engine's ``star_report`` decides; this only words it)."""
    from engine.floodline.progress import star_report

    if state.outcome is None or state.outcome.status.value != "WON":
        return []
    stars = level.get("stars", {})
    out: list[str] = []
    for row in star_report(state):
        if row["earned"]:
            continue
        conds = stars.get("two" if row["star"] == 2 else "three") or []
        for miss in row["missed"][:1]:
            if miss["type"] == "STAR_TWO_FIRST" or not 0 <= miss["index"] < len(conds):
                out.append(t("missed_two_first"))
            else:
                what = objective_text(t, conds[miss["index"]])
                out.append(t("missed_star", k=row["star"], t=what, v=miss["value"]))
    return out
