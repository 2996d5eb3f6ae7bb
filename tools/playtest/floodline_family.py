"""Floodline's family of cheap strategies (issue #26): each one PLAYS every campaign level it is scored on.

No strategy returns a loss without playing: a level that needs a tilt is played with the strategy's
tilts, a level without a drain with the strategy's drain placement (greedy ones), and a strategy that
cannot do something (a refused tilt) just goes on playing.  Every play ends with the engine's own
outcome, or after ``max_pieces`` pieces ("stuck").

* ``random``     — random legal play: random turns, taps, hard drops, a random allowed tilt every few
  pieces (``engine.floodline.bot``), a random hold now and then.
* ``drop``       — drop-only: hard drop where the piece spawns, every piece.
* ``tilt_drop``  — "tilt, drop, tilt back, then drop only": the first piece is hard-dropped under a
  sideways gravity, the world tilted back down, then hard drops only.  Played once per allowed
  sideways direction; the best play counts.
* ``greedy``     — tilt-blind greedy stacking (every orientation × column hard drop, scored by an
  objective heuristic that knows nothing about tilts; orientations within ``TURNS`` quarter turns),
  performing each tilt an objective needs as "tilt out and straight back" as soon as the structure
  stands; places a drain when it has the ability.
* ``wall``       — greedy stacking against a wall or an immovable cell: as ``greedy``, but placements
  are scored for touching walls, drains, ice, posts, the box's closed sides (what survives a tilt).

* ``tilt_greedy`` — tilt once and stay: each allowed sideways gravity is tried for ``PROBE`` pieces, the
  most promising one is played on (greedy placements under that gravity).
* ``tilt_stay``  — "tilt, stay, tilt back once": as ``tilt_greedy``, but the world is tilted back down
  once, after the piece whose tilt back scores best (tried on a copy after each piece), then the play
  goes on as ``greedy`` (Lv20's near miss, session 10).
* ``park``       — "park": every piece at the highest spot a tilt loses nothing from (session 9's draft
  Lv8 fell to it).  Played once per allowed sideways direction ``g`` (the tilt "loses nothing" is judged
  for ``g``; a level without tilts: simply the highest placement), each tilt an objective needs done as
  ``g`` out and straight back as soon as the structure stands; the best play counts.
* ``build_tilt`` — "build, then tilt and stay": tilt-blind greedy for ``PROBE`` pieces, then each allowed
  sideways gravity tilted to and kept, tilt_greedy's placements to the end; the best direction counts
  (session 14: greedy's first piece plugged Lv19's vent, and staying tilted then drained 0.825).
* ``freeze_greedy`` — "tilt, freeze the most water, stay": ``tilt_greedy`` with a Freeze pressed right after
  the tilt, aimed at the water cell whose freeze makes the most ice (session 15: won Lv16 ★3 in 20 pieces).
* ``freeze_stay`` — ``tilt_stay`` with that same blind Freeze after the tilt (session 15: won the first
  draft of the redrawn Lv20 ★3 in 23 pieces).
* ``freeze_late`` — ``freeze_greedy`` with the Freeze pressed after ``k`` = 1..``PROBE`` greedy pieces under
  the tilt, every ``k`` played (session 16: won a Lv16 prototype whose ice lasted fewer locks than the
  drain needed, ★1 in 20 pieces at ``k`` = 4).
* ``park_hold``, ``park_hold_max``, ``park_stab``, ``park_stab_hold`` — park spending hold / Stabilize by
  rote (engineer F, session 15, ``floodline_family_f.py``: session 14's cheap Lv24/Lv27 wins).
* ``solver``     — the greedy solver that wrote the committed solutions
  (``tools/floodline/solve_levels.py``): every orientation x column, out-and-back tilts, abilities.

All seventeen (``FAMILY``) play every one of the 30 levels (session 6 ran the last two on Lv13-14 only,
a lab defect by the guide's rule).

Each play records the objective progress at its END (``end_progress``, 0..1: the weakest
objective's ``value/target`` from the engine's ``objective_progress``, a structure that must survive
tilts counted half by its tilts; 1 on a win) — the lab's near-miss measure, how close the strategy
got — and the best progress seen during the play (``progress``).

Files: the play core and near-miss measure in ``floodline_play.py``, the stacking strategies in
``floodline_stackers.py``, the tilting ones (tilt_greedy, tilt_stay, park) in ``floodline_tilted.py``;
this module names the family and re-exports their public names (``play``, ``FAMILY`` ...).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.floodline.campaign import level as level_data
from engine.floodline.level import Level, parse_level
from tools.playtest.floodline_family_f import VARIANTS, play_variant
from tools.playtest.floodline_play import (
    NEAR,
    PROBE,
    STAY_PATIENCE,
    TURNS,
    Play,
    mean_progress,
    progress_of,
    wall_contact,
)
from tools.playtest.floodline_stackers import (
    play_drop,
    play_greedy,
    play_random,
    play_solver,
    play_tilt_drop,
    play_wall,
)
from tools.playtest.floodline_tilted import (
    play_build_tilt,
    play_freeze_greedy,
    play_freeze_late,
    play_freeze_stay,
    play_park,
    play_tilt_greedy,
    play_tilt_stay,
)

__all__ = [
    "EXTRA",
    "FAMILY",
    "NEAR",
    "PLAYERS",
    "PROBE",
    "STAY_PATIENCE",
    "STRATEGIES",
    "TURNS",
    "Play",
    "mean_progress",
    "play",
    "play_build_tilt",
    "play_drop",
    "play_freeze_greedy",
    "play_freeze_late",
    "play_freeze_stay",
    "play_greedy",
    "play_park",
    "play_random",
    "play_solver",
    "play_tilt_drop",
    "play_tilt_greedy",
    "play_tilt_stay",
    "play_wall",
    "progress_of",
    "wall_contact",
]

STRATEGIES = ("random", "drop", "tilt_drop", "greedy", "wall")
EXTRA = (
    "tilt_greedy",
    "tilt_stay",
    "park",
    "build_tilt",
    "freeze_greedy",
    "freeze_stay",
    "freeze_late",
    *VARIANTS,
    "solver",
)
FAMILY = (*STRATEGIES, *EXTRA)  # every one plays every level
PLAYERS: dict[str, Callable[[Level, int, int], dict[str, Any]]] = {
    "solver": play_solver,
    "tilt_greedy": play_tilt_greedy,
    "tilt_stay": play_tilt_stay,
    "park": play_park,
    "build_tilt": play_build_tilt,
    "freeze_greedy": play_freeze_greedy,
    "freeze_stay": play_freeze_stay,
    "freeze_late": play_freeze_late,
    **{name: (lambda lv, seed, cap, name=name: play_variant(name, lv, seed, cap)) for name in VARIANTS},
    "random": play_random,
    "drop": play_drop,
    "tilt_drop": play_tilt_drop,
    "greedy": play_greedy,
    "wall": play_wall,
}


def play(
    strategy: str, n: int, seed: int, max_pieces: int, lv: Level | None = None, variant: int = 0
) -> dict[str, Any]:
    """Strategy ``strategy`` plays campaign level ``n`` (or ``lv``) with bag seed ``seed``
    (``variant`` seeds random play's choices)."""
    lv = lv or parse_level(level_data(n))
    if strategy == "random":
        return play_random(lv, seed, max_pieces, variant)
    return PLAYERS[strategy](lv, seed, max_pieces)
