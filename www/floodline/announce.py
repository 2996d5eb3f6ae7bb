"""What the Floodline page says to screen readers (issue #25), through ``shell.announce``: a tilt
(where pieces fall now) and an objective that starts or stops being met. The end of a run (won or
lost, stars, why, score) is said by ``flow.Page.finish``; a refused tilt by the shell's toast. Pure:
no ``js``, tested in CPython."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from gwweb.floodline.campaign import objective_text
from gwweb.floodline.model import Run


class Announcer:
    """Remembers, for the run on screen, which objectives were met when last told."""

    def __init__(self) -> None:
        self.run_id = 0
        self.holds: list[bool] = []

    def news(self, t: Callable[..., str], run: Run, events: Iterable[Any]) -> list[str]:
        """The sentences for ``events`` (the engine's, not yet sounded) and for the objectives whose
        state changed since the last call. A new run (or its first view-model) is taken in silently."""
        out = [t("sr_tilt", text=t(run.state.gravity.value)) for e in events if e.kind == "tilt"]
        now = [bool(row["holds"]) for row in run.objectives]
        if id(run) != self.run_id or len(now) != len(self.holds):
            self.run_id, self.holds = id(run), now
            return out
        conds = run.level.get("objectives", [])
        for k, (was, met) in enumerate(zip(self.holds, now, strict=True)):
            if was != met and k < len(conds):
                out.append(
                    t("sr_objective" if met else "sr_objective_lost", text=objective_text(t, conds[k]))
                )
        self.holds = now
        return out
