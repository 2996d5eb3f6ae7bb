"""What Orbit declares for the shared page chrome (``engine.core.chrome_data``): the new-game ship
count read from ``OrbitOptions``, the six help pages, and the lines of the results card."""

from __future__ import annotations

from engine.core.chrome_data import ChromeSpec, HelpSection, ResultLine, option_fields

from .game import OrbitOptions
from .state import Outcome

HELP_PAGES = 6
CHROME = ChromeSpec(
    game="orbit",
    options=option_fields(OrbitOptions, ["players"]),
    help=tuple(HelpSection(title=f"help_{k}_title", body=f"help_{k}") for k in range(HELP_PAGES)),
)


def result_lines(outcome: Outcome) -> list[ResultLine]:
    """Who won (``ship``: the winner's id, or a draw) and why the game ended."""
    why = ResultLine(key=f"term_{outcome.termination.value}", tone="dim")
    if outcome.winner is None:
        return [ResultLine(key="draw", tone="bad"), why]
    return [ResultLine(key="win", params={"ship": outcome.winner}, tone="good"), why]


__all__ = ["CHROME", "HELP_PAGES", "result_lines"]
