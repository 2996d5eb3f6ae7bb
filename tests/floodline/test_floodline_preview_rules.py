"""Issue #24: rules the page used to restate now live in the engine — the overflow line for a landing
piece (``preview.over_line``), the "a tilt now would lock the piece over the line" warning
(``preview.tilt_unsafe``) and replay-file refusals as codes (``replay_file.check_replay_file``)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from floodline_util import level, run, start

from engine.floodline.level import RULES_VERSION
from engine.floodline.preview import over_line, tilt_unsafe
from engine.floodline.replay import make_replay
from engine.floodline.replay_file import MAX_REPLAY_FILE, REPLAY_REFUSALS, ReplayRefused, check_replay_file
from engine.floodline.state import State

TILTS = {"allowed": ["DOWN", "WEST", "EAST"], "cooldownSeconds": 1}
LIMIT = 12  # floodline_util.level: heightLimit 12 in a 16-high box


def at_y(s: State, y: int) -> State:
    """``s`` with the falling O2 (one layer thick) moved to height ``y``."""
    assert s.active is not None
    x, _, z = s.active.origin
    return replace(s, active=replace(s.active, origin=(x, y, z)))


@pytest.mark.parametrize(("y", "over"), [(LIMIT - 1, False), (LIMIT, True), (LIMIT + 1, True)])
def test_over_line_at_the_height_limit(y: int, over: bool) -> None:
    s = start()
    assert s.height_limit == LIMIT
    assert over_line(s, [[0, 0, 0], [1, y, 1]]) is over


def test_over_line_never_when_the_line_is_the_top_of_the_box() -> None:
    s = replace(start(), height_limit=16)  # the box is 16 high: no cell reaches y = 16
    assert not over_line(s, [[0, 15, 0]])


@pytest.mark.parametrize(("y", "unsafe"), [(LIMIT - 1, False), (LIMIT, True), (LIMIT + 1, True)])
def test_tilt_unsafe_at_the_height_limit(y: int, unsafe: bool) -> None:
    assert tilt_unsafe(at_y(start(rotation=TILTS), y)) is unsafe


def test_tilt_unsafe_only_while_a_tilt_can_happen() -> None:
    assert not tilt_unsafe(at_y(start(rotation={"allowed": ["DOWN"]}), LIMIT))  # a level without tilts
    s = run(start(rotation=TILTS, timing={"gravityTicks": 600}), "tW")
    assert s.cooldown > 0 and not tilt_unsafe(at_y(s, LIMIT))  # cooling down: no tilt now
    used = run(start(rotation={**TILTS, "maxRotations": 1}, timing={"gravityTicks": 600}), "tW", ".*60")
    assert used.cooldown == 0 and not tilt_unsafe(at_y(used, LIMIT))  # the count is used up
    assert tilt_unsafe(at_y(run(start(rotation=TILTS, timing={"gravityTicks": 600}), "tW", ".*60"), LIMIT))


LV = level()


def level_for(n: int, seed: int) -> dict[str, Any]:
    return LV.model_dump(by_alias=True, exclude_none=True) if n == 2 else {"bad": n}


def file(**over: Any) -> dict[str, Any]:
    rep = make_replay(LV, 77, []).model_copy(update={"inputs": ["s*3", "h"]})
    data = {"floodline": 1, "level": 2, "replay": rep.model_dump(by_alias=True)}
    for k, v in over.items():
        if k in ("rulesVersion", "levelHash", "inputs"):
            data["replay"][k] = v
        else:
            data[k] = v
    return data


def refusal(text: str) -> ReplayRefused:
    with pytest.raises(ReplayRefused) as got:
        check_replay_file(text, level_for, 30)
    assert got.value.code in REPLAY_REFUSALS
    return got.value


def test_a_good_replay_file_is_read() -> None:
    n, rep, lv = check_replay_file(json.dumps(file()), level_for, 30)
    assert (n, rep.seed, rep.inputs) == (2, 77, ["s*3", "h"]) and lv == level_for(2, 77)


def test_replay_file_refusals_are_codes_with_parameters() -> None:
    assert refusal("{").code == "not_json"
    assert refusal("[1]").code == "not_replay"
    assert refusal(json.dumps(file(floodline=2))).code == "not_replay"
    why = refusal(json.dumps(file(level=31)))
    assert why.code == "unknown_level" and why.params == {"level": "31"}
    assert refusal(json.dumps(file(level=True))).code == "unknown_level"
    assert refusal(json.dumps(file(replay={"seed": "x"}))).code == "damaged"
    why = refusal(json.dumps(file(rulesVersion="0.1")))
    assert why.code == "other_rules" and why.params == {"recorded": "0.1", "plays": RULES_VERSION}
    assert refusal(json.dumps(file(levelHash="0" * 64))).code == "other_level"
    why = refusal(json.dumps(file(inputs=["s", "zz"])))
    assert why.code == "bad_move" and why.params == {"index": 1, "text": "zz"}


@pytest.mark.parametrize(("pad", "refused"), [(-1, False), (0, False), (1, True)])
def test_replay_file_size_limit(pad: int, refused: bool) -> None:
    text = json.dumps(file())
    text = text[:-1] + " " * (MAX_REPLAY_FILE - len(text) + pad) + "}"
    assert len(text) == MAX_REPLAY_FILE + pad
    if refused:
        assert refusal(text).code == "too_large"
    else:
        assert check_replay_file(text, level_for, 30)[0] == 2
