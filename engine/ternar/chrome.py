"""What Ternar declares for the shared page chrome (``engine.core.chrome_data``): the new-game mode
read from ``Options`` and the lines of the game-over card."""

from __future__ import annotations

from engine.core.chrome_data import ChromeSpec, ResultLine, option_fields

from .model import Options, State

CHROME = ChromeSpec(game="ternar", options=option_fields(Options, ["mode"]))


def result_lines(state: State) -> list[ResultLine]:
    """Why the game ended and its final score (empty while it is in play)."""
    if state.outcome is None:
        return []
    return [
        ResultLine(key="reason_" + state.outcome.reason.value),
        ResultLine(key="final_score", params={"score": state.score}, tone="score"),
    ]


__all__ = ["CHROME", "result_lines"]
