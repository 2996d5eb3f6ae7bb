"""Template game on the command line: ``python -m engine.template replay|hash|bot`` (the shared CLI)."""

from __future__ import annotations

import sys

import engine.template
from engine.core.cli import game_main

if __name__ == "__main__":
    sys.exit(game_main(engine.template))
