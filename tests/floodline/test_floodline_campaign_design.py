"""Campaign design checks (issue 5, Part VIII table): the beats the levels must teach actually hold."""

from __future__ import annotations

import json
from pathlib import Path

from engine.floodline.level import Level, parse_level
from engine.floodline.moves import parse_move
from engine.floodline.replay import parse_replay
from engine.floodline.rules import initial_state, step
from engine.floodline.state import Reason, State, Status

LEVELS = Path(__file__).resolve().parents[2] / "www" / "floodline" / "levels"


def _level(stem: str) -> Level:
    return parse_level((LEVELS / f"{stem}.json").read_text())


def _play(level: Level, inputs: list[str]) -> State:
    s = initial_state(level, level.meta.seed)
    for text in inputs:
        mv = parse_move(text)
        for _ in range(mv.repeat):
            if s.outcome is not None:
                return s
            s = step(s, mv.once())
    return s


def _solution(stem: str) -> list[str]:
    return list(parse_replay((LEVELS / "solutions" / f"{stem}.json").read_text()).inputs)


def test_lv04_two_bare_tilts_lose_the_overhang_demo() -> None:
    lv = _level("lv04")
    for first in ("tE", "tW"):
        s = _play(lv, [first, ".", "tD"])
        assert s.metrics["piecesUsed"] == 0
        assert s.metrics["lostVoxelsTotal"] > 5
        assert s.outcome is not None and s.outcome.status == Status.LOST
        assert s.outcome.reason == Reason.COLLAPSE


def test_lv04_solution_braces_before_tilting() -> None:
    lv = _level("lv04")
    inputs = _solution("lv04")
    first_tilt = next(k for k, t in enumerate(inputs) if t.startswith("t"))
    braced = _play(lv, inputs[:first_tilt])
    assert braced.metrics["piecesUsed"] >= 1 and braced.outcome is None
    end = _play(lv, inputs)
    assert end.outcome is not None and end.outcome.status == Status.WON and end.outcome.stars == 3
    assert end.metrics["lostVoxelsTotal"] <= 1 and end.metrics["rotations"] == 2


def test_lv03_cooldown_is_ninety_ticks() -> None:
    assert _level("lv03").rotation.cooldown_ticks == 90


def test_lv05_lv07_star_three_needs_the_tilts_after_completion() -> None:
    for stem in ("lv05", "lv07"):
        lv = _level(stem)
        inputs = _solution(stem)
        first_tilt = next(k for k, t in enumerate(inputs) if t.startswith("t"))
        built = _play(lv, inputs[:first_tilt])
        assert built.outcome is None and built.win_pending >= 1, stem  # win secured, game still on
        finished = _play(lv, [*inputs[:first_tilt], "d"])  # drop a piece instead of tilting
        assert finished.outcome is not None and finished.outcome.status == Status.WON
        assert finished.outcome.stars == built.win_pending < 3
        end = _play(lv, inputs)
        assert end.outcome is not None and end.outcome.stars == 3 and end.metrics["rotations"] >= 2


def test_every_level_has_a_seed_and_tutorials_use_fixed_sequences() -> None:
    for n in range(1, 31):
        data = json.loads((LEVELS / f"lv{n:02d}.json").read_text())
        assert isinstance(data["meta"]["seed"], int)
    for stem in ("lv01", "lv04", "lv17"):
        assert _level(stem).bag.type == "FIXED_SEQUENCE"
