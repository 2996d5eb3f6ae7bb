"""Campaign design checks (issue 5, Part VIII table): the beats the levels must teach actually hold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_floodline_campaign_solutions import KNOWN_GAPS

from engine.floodline.conditions import max_world_height
from engine.floodline.level import Level, parse_level
from engine.floodline.moves import parse_move
from engine.floodline.replay import parse_replay
from engine.floodline.rules import initial_state, step
from engine.floodline.state import Reason, State, Status

ROOT = Path(__file__).resolve().parents[2]
LEVELS = ROOT / "engine" / "floodline" / "levels"
SOLUTIONS = ROOT / "tools" / "floodline" / "solutions"


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
    return list(parse_replay((SOLUTIONS / f"{stem}.json").read_text()).inputs)


def test_lv04_two_bare_tilts_lose_the_overhang_demo() -> None:
    lv = _level("lv04")
    for first in ("tE", "tW"):
        s = _play(lv, [first, ".", "tD"])
        assert s.metrics["piecesUsed"] == 0
        assert s.metrics["lostVoxelsTotal"] > 5
        assert s.outcome is not None and s.outcome.status == Status.LOST
        assert s.outcome.reason == Reason.COLLAPSE


def test_lv04_solution_braces_before_tilting() -> None:
    if "lv04" in KNOWN_GAPS:
        pytest.skip("rules 0.5: lv04 has no winning replay yet (KNOWN_GAPS)")
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


def test_lv05_lv07_structure_must_survive_a_tilt_and_star_three_needs_two() -> None:
    """Issue #16: the plateau / bridge objective holds once it has stood through one tilt (the win is
    then secured, RULES.md 36b); ★3 needs a second tilt with it standing."""
    for stem in [s for s in ("lv05", "lv07") if s not in KNOWN_GAPS]:
        lv = _level(stem)
        inputs = _solution(stem)
        first_tilt = next(k for k, t in enumerate(inputs) if t.startswith("t"))
        built = _play(lv, inputs[:first_tilt])
        assert built.outcome is None and built.win_pending == 0, stem  # built, not yet tilted: no win
        once = _play(lv, inputs[: first_tilt + 1])
        assert once.outcome is None and once.win_pending >= 1, stem  # win secured, game still on
        finished = _play(lv, [*inputs[: first_tilt + 1], "d"])  # drop a piece instead of tilting again
        assert finished.outcome is not None and finished.outcome.status == Status.WON
        assert finished.outcome.stars == once.win_pending < 3
        end = _play(lv, inputs)
        assert end.outcome is not None and end.outcome.stars == 3 and end.metrics["rotations"] >= 2


def test_every_level_has_a_seed_and_tutorials_use_fixed_sequences() -> None:
    for n in range(1, 31):
        data = json.loads((LEVELS / f"lv{n:02d}.json").read_text())
        assert isinstance(data["meta"]["seed"], int)
    for stem in ("lv01", "lv04", "lv17"):
        assert _level(stem).bag.type == "FIXED_SEQUENCE"


def _max_extent(piece: str) -> int:
    """Tallest a piece can stand: its largest bounding-box side over all orientations."""
    from engine.floodline.pieces import offsets, orientations

    out = 0
    for rot in orientations(piece):
        offs = offsets(piece, rot)
        out = max(out, max(max(o[a] for o in offs) - min(o[a] for o in offs) + 1 for a in range(3)))
    return out


TILT_TUTORIALS = {"lv02": ("WEST", 6), "lv03": ("SOUTH", 8)}


def test_lv02_lv03_dropping_alone_cannot_reach_the_height() -> None:
    """Without a tilt every piece rests on the box bottom or on another piece (nothing can rest on a wall:
    each wall column runs to the box top), so the stack tops out at sum-of-piece-heights layers."""
    from engine.floodline.board import Kind
    from engine.floodline.rules import initial_state as init

    for stem, (_wall_side, height) in TILT_TUTORIALS.items():
        lv = _level(stem)
        assert lv.bag.type == "FIXED_SEQUENCE" and not lv.bag.loop, stem
        assert [o.type for o in lv.objectives] == ["REACH_HEIGHT"] and lv.objectives[0].height == height
        assert "DOWN" not in [str(getattr(f, "value", f)) for f in lv.board.open_faces]
        tallest = sum(_max_extent(str(p)) for p in lv.bag.sequence)
        assert tallest < height, (stem, tallest)
        b = init(lv, lv.meta.seed).board
        f = b.frame
        walls = [i for i in range(len(b.kind)) if b.kind[i] == Kind.WALL]
        assert walls and b.kind.count(int(Kind.SOLID)) == 0, stem
        for i in walls:
            x, y, z = f.xs[i], f.ys[i], f.zs[i]
            assert y == b.sy - 1 or b.kind[f.index(x, y + 1, z)] == Kind.WALL, (stem, x, y, z)


def test_lv02_lv03_solver_without_tilts_fails_and_the_solution_tilts_to_the_wall() -> None:
    from tools.floodline.solve_levels import solve

    for stem, (wall_side, _h) in TILT_TUTORIALS.items():
        lv = _level(stem)
        s, _ticks = solve(lv, lv.meta.seed, allow_tilts=False)
        assert s.outcome is None or s.outcome.status != Status.WON, stem
        assert s.metrics["rotations"] == 0
        inputs = _solution(stem)
        assert f"t{wall_side[0]}" in inputs, (stem, inputs)
        end = _play(lv, inputs)
        assert end.outcome is not None and end.outcome.status == Status.WON and end.outcome.stars == 3
        assert 1 <= end.metrics["rotations"] <= 2 and end.metrics["shiftVoxelsTotal"] == 0


def test_lv02_lv03_only_the_wall_side_tilt_pays() -> None:
    """The other sides are open faces: a piece tilted there is lost; toward the wall it sticks, high."""
    for stem, (wall_side, height) in TILT_TUTORIALS.items():
        lv = _level(stem)
        for g in lv.rotation.allowed:
            if g.value == "DOWN":
                continue
            s = _play(lv, [f"t{g.value[0]}", "d"])
            if g.value == wall_side:
                assert s.outcome is not None and s.outcome.status == Status.WON, stem
                assert s.metrics["lostVoxelsTotal"] == 0 and max_world_height(s.board) + 1 >= height
            else:
                assert s.outcome is None and s.metrics["lostVoxelsTotal"] == 4, (stem, g)
        assert len(lv.rotation.allowed) == (3 if stem == "lv02" else 5)
