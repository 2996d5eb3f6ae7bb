"""What Run Map declares for the shared page chrome (``engine.core.chrome_data``): the new-run map
and party size read from ``RunOptions``, and the lines of the end-of-run card."""

from __future__ import annotations

from engine.core.chrome_data import ChromeSpec, ResultLine, option_fields

from .config import RunOptions
from .state import RunOutcome

CHROME = ChromeSpec(game="runmap", options=option_fields(RunOptions, ["preset", "players"]))


def result_lines(res: RunOutcome, seed: int, best: int) -> list[ResultLine]:
    """Why the run ended, the guardians beaten (``names``: their ids, comma-separated, for the page to
    word), gold and memories (rules 4: gold earned too, when some was spent — the score counts it), the path's length, the score against ``best``, and the seed."""
    won = res.termination.value == "victory"
    head = "defied_text" if res.defied else ("victory_text" if won else "defeat_text")
    return [
        ResultLine(key=head, params={"floor": res.floor}),
        ResultLine(key="summary_guardians", params={"names": ",".join(res.guardians_defeated)}),
        ResultLine(key="summary_gold", params={"gold": res.gold, "mem": len(res.memories)})
        if res.gold_earned <= res.gold
        else ResultLine(
            key="summary_earned",
            params={"gold": res.gold, "earned": res.gold_earned, "mem": len(res.memories)},
        ),
        ResultLine(key="summary_path", params={"n": len(res.path)}),
        ResultLine(key="score_best", params={"score": res.score, "best": best}),
        ResultLine(key="seed_n", params={"seed": seed}),
    ]


__all__ = ["CHROME", "result_lines"]
