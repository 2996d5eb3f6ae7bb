"""The playtest lab: bots play many seeded games headless; numpy aggregates; reports and plots.

The games are the one list, ``buildtools.games.GAMES``. A game with a module ``tools.playtest.<game>``
(``run(cfg: LabConfig) -> Report`` plus ``DEFAULT_GAMES`` and ``FULL_GAMES``) runs it; any other game
runs ``tools.playtest.generic`` (its engine's ``bot_policy`` plays). ``python -m tools.playtest <game>``
runs one, ``python -m tools.playtest all`` runs every game and writes an index page.
"""

from buildtools.games import GAMES as _GAMES
from tools.playtest.report import LabConfig, Metric, Plot, Report, Table

GAMES = tuple(_GAMES)

__all__ = ["GAMES", "LabConfig", "Metric", "Plot", "Report", "Table"]
