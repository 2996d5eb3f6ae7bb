"""What the template game declares for the shared page chrome (``engine.core.chrome_data``): its
help pages and the lines of its results card. No options and no level list: a game is a seed."""

from __future__ import annotations

from engine.core.chrome_data import ChromeSpec, HelpSection, ResultLine

from . import State, par

CHROME = ChromeSpec(
    game="template",
    help=(HelpSection(title="help_goal", body="goal"), HelpSection(title="help_keys", body="keys")),
)


def result_lines(state: State) -> list[ResultLine]:
    """The results card of a finished game: the steps, and the star when they are within par."""
    if state.outcome is None:
        return []
    n = state.outcome.steps
    if n <= par(state):
        return [ResultLine(key="star", params={"n": n}, tone="good")]
    return [
        ResultLine(key="won", params={"n": n}, tone="score"),
        ResultLine(key="par", params={"par": par(state)}),
    ]


__all__ = ["CHROME", "result_lines"]
