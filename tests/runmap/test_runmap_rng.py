"""GodotRng against Godot 4 RandomNumberGenerator vectors published in public ports' test suites.

The vectors were printed by Godot (4.6.1 / 4.7.2 per their authors) for ``rng.seed = S``
followed by the calls below; the map pseudocode uses ``randi_range`` only.
"""

from __future__ import annotations

import struct

import pytest

from engine.core.rng import GodotRng


def f32_bits(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


@pytest.mark.parametrize(
    ("seed", "expected"),
    [
        (0, [881477183, 1327520283, 692503688, 2153658078, 2046399657, 3080186220, 910586837, 2901098513]),
        (1, [1811587497, 683407368, 2033395789, 2375931748, 2873319489, 2189615729, 3391941925, 1039475129]),
        (42, [492690617, 1919685028, 3561993920, 683038915, 1183706632, 413921556, 222559498, 436142503]),
        (12345, [1321476956, 17539747, 3348728241, 2863338820, 85463406, 1024873269, 4179236141, 1040420088]),
        (4294967295, [1866142959, 445709547, 1895696473, 2770767185]),
        (2166136261, [946602610, 3880973335, 707235219, 140552601]),
    ],
)
def test_randi_matches_godot(seed: int, expected: list[int]) -> None:
    rng = GodotRng(seed)
    assert [rng.randi() for _ in expected] == expected


def test_state_after_each_draw_matches_godot() -> None:
    rng = GodotRng(0)
    states = []
    for _ in range(4):
        rng.randi()
        states.append(rng.get_state()[0])
    assert states == [17770778703077977929, 11034430523946273140, 10046909401099057155, 5735713945700390950]
    assert GodotRng(0xFFFFFFFF).get_state()[0] == 9270478757279619685


@pytest.mark.parametrize(
    ("seed", "lo", "hi", "expected"),
    [
        (1, 1, 100, [98, 69, 90, 49, 90, 30, 26, 30]),
        (42, 1, 100, [18, 29, 21, 16, 33, 57, 99, 4]),
        (12345, 1, 100, [57, 48, 42, 21, 7, 70, 42, 89]),
        (12345, 0, 7, [4, 3, 1, 4, 6, 5, 5, 0, 2, 1]),
        (0, 0, 24, [8, 8, 13, 3, 7, 20, 12, 13]),
    ],
)
def test_randi_range_matches_godot(seed: int, lo: int, hi: int, expected: list[int]) -> None:
    rng = GodotRng(seed)
    assert [rng.randi_range(lo, hi) for _ in expected] == expected


def test_randi_range_rejection_swapped_bounds_and_equal_bounds() -> None:
    # bounded draw throws away draws below 2^32 mod range (seed 0 skips 881477183)
    assert GodotRng(0).randi_range(0, 1610612735) == 1327520283
    assert GodotRng(1).randi_range(0, 1610612735) == 200974761
    rng = GodotRng(0)
    assert rng.randi_range(-1073741824, 1073741824) == -1067567395
    assert rng.get_state()[0] == 5735713945700390950  # four draws consumed
    swapped = GodotRng(1)
    assert swapped.randi_range(24, 0) == 22
    assert swapped.get_state()[0] == 6844932353678761266
    same = GodotRng(0xFFFFFFFF)
    assert same.randi_range(1, 1) == 1 and same.randi_range(-7, -7) == -7
    assert same.get_state()[0] == 9270478757279619685  # equal ends draw nothing
    same.randi_range(1, 2)
    assert same.get_state()[0] == 10362380710714179936


def test_mixed_sequence_matches_godot_editor_script() -> None:
    """randi x3, randf x3, randi_range x3, randf_range x3 (integer bounds), randi x3 in one stream."""
    rng = GodotRng(42)
    assert [rng.randi() for _ in range(3)] == [492690617, 1919685028, 3561993920]
    assert [f"{rng.randf():.15f}" for _ in range(3)] == [
        "0.193900793790817",
        "0.068977333605289",
        "0.108732931315899",
    ]
    assert [rng.randi_range(1, 10), rng.randi_range(100, 200), rng.randi_range(-5, 5)] == [2, 130, 0]
    got = [rng.randf_range(1, 10), rng.randf_range(10, 100), rng.randf_range(-20, 20)]
    assert [f"{x:.15f}" for x in got] == ["9.435955047607422", "19.118156433105469", "-12.845755577087402"]
    assert [rng.randi() for _ in range(3)] == [2160814011, 4159442378, 231587883]


def test_randf_bits_match_godot() -> None:
    rng = GodotRng(0)
    bits = [f32_bits(rng.randf()) for _ in range(8)]
    assert bits == [
        1045373018,
        1040211511,
        1052219369,
        1043131200,
        1062992400,
        1056026839,
        1060466456,
        1057272525,
    ]
    assert rng.get_state()[0] == 7438143122385300322
    zero = GodotRng(1)
    zero.set_state((0, zero.get_state()[1]))
    assert zero.randf() == 0.0  # first draw from state 0 is 0: the early-out path
    assert zero.get_state()[0] == 2885390081777926815


def test_reseeding_restarts_the_sequence() -> None:
    rng = GodotRng(123)
    rng.randi()
    rng.seed = 0xFFFFFFFF
    assert rng.randi() == 1866142959
