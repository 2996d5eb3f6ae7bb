"""Chapter 3 designs (issue #26, engineer E): what the committed replays lean on is what the level asks."""

from __future__ import annotations

import copy
from pathlib import Path

from engine.floodline.campaign import level
from engine.floodline.level import parse_level
from engine.floodline.moves import parse_move
from engine.floodline.replay import parse_replay
from engine.floodline.rules import initial_state, step
from engine.floodline.state import State, Status

SOLUTIONS = Path(__file__).resolve().parents[2] / "tools" / "floodline" / "solutions"


def _replay_on(n: int, data: dict) -> State:
    """Level ``n``'s committed inputs played on ``data`` (no level-hash check: a changed copy)."""
    rep = parse_replay((SOLUTIONS / f"lv{n:02d}.json").read_text())
    s = initial_state(parse_level(data), rep.seed)
    for text in rep.inputs:
        mv = parse_move(text)
        for _ in range(mv.repeat):
            if s.outcome is not None:
                return s
            s = step(s, mv.once())
    return s


def test_lv26_beam_survives_the_tilt_only_on_the_pier() -> None:
    """Lv26: an open box, one 2-high pier; the beam rests on its west face under the east tilt.
    The same inputs without the pier lose the beam out of the open east side."""
    data = level(26)
    assert set(data["board"]["openFaces"]) == {"NORTH", "SOUTH", "EAST", "WEST"}
    assert data["rotation"]["tiltBudget"] == 4  # the objective's 2 tilts and one more try
    won = _replay_on(26, copy.deepcopy(data))
    assert won.outcome is not None and won.outcome.status == Status.WON
    bare = copy.deepcopy(data)
    bare["cells"] = []
    lost = _replay_on(26, bare)
    assert lost.outcome is None or lost.outcome.status != Status.WON
    assert lost.metrics["lostVoxelsTotal"] > won.metrics["lostVoxelsTotal"]


def test_lv21_reinforced_two_in_seven() -> None:
    """Lv21's spine takes ≥ 20 pieces with Reinforced at 2 in 7 (1 in 3 gave 19)."""
    mats = level(21)["bag"]["materials"]
    assert mats == {"STANDARD": 5, "REINFORCED": 2}
    won = _replay_on(21, copy.deepcopy(level(21)))
    assert won.outcome is not None and won.outcome.status == Status.WON
    assert won.metrics["piecesUsed"] >= 20
