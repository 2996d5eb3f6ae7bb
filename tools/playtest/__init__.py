"""The playtest lab: bots play many seeded games headless; numpy aggregates; reports and plots.

Each game has a module ``tools.playtest.<game>`` exposing ``run(cfg: LabConfig) -> Report``
plus ``DEFAULT_GAMES`` and ``FULL_GAMES``. ``python -m tools.playtest <game>`` runs one,
``python -m tools.playtest all`` runs every game and writes an index page.
"""

from tools.playtest.report import LabConfig, Metric, Plot, Report, Table

GAMES = ("ternar", "floodline", "reactor", "orbit", "runmap")

__all__ = ["GAMES", "LabConfig", "Metric", "Plot", "Report", "Table"]
