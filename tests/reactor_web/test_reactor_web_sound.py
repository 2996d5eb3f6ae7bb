"""A short soft sound per cascade stage that changed something: a tick for a change, a creak for
integrity damage the player can see, a double blip for robot danger; quiet stages are silent, one
sound per frame (the most urgent when a slow frame passed several stages), nothing when muted."""

from __future__ import annotations

from typing import Any

from reactor_web_kit import cascade_in, room, tutorial_cable_cascade

from www.reactor.cascade import play_sound


class FakeAudio:
    def __init__(self, muted: bool = False) -> None:
        self.muted = muted
        self.calls: list[tuple[Any, ...]] = []

    def tone(self, freq: float, dur: float = 0.15, kind: str = "sine", gain: float = 0.18, **k: Any) -> None:
        self.calls.append((freq, dur, kind, gain, k.get("delay", 0.0), k.get("glide_to")))

    def noise(self, *a: Any, **k: Any) -> None:
        self.calls.append(("noise",))


def sounds(c: Any) -> list[str | None]:
    return [c.sound_for(k) for k in range(len(c.stages))]


def test_quiet_stages_are_silent_and_changes_tick() -> None:
    c, _ = cascade_in(room([{"x": 6, "y": 1, "fuel": 4.0}]))
    got = sounds(c)
    for k, s in enumerate(got):
        assert (s is None) == (not c.cells[k]), (k, s)
    assert "change" in got and None in got
    assert "danger" not in got and "integrity" not in got  # the spill is far from the robot


def test_fuel_growing_under_the_robot_is_danger() -> None:
    c, p = cascade_in(room([{"x": 2, "y": 2, "fuel": 6.0}, {"x": 3, "y": 2, "fuel": 1.5}]))
    k = [s.label for s in c.stages].index("step 1")
    r = p.state.robot
    assert c.stages[k].state.surface["fuel"][r] >= 2.0 > c.stages[k - 1].state.surface["fuel"][r]
    assert c.sound_for(k) == "danger"
    # water cannot hurt the robot (robot_unsafe is null): the same spill of coolant is not danger
    w, _ = cascade_in(room([{"x": 2, "y": 2, "coolant": 6.0}, {"x": 3, "y": 2, "coolant": 1.5}]))
    assert "danger" not in sounds(w)


def test_robot_lost_is_danger() -> None:
    charged = [{"x": 3, "y": 2, "electricity": 4.9}]
    charged += [{"x": x, "y": y, "electricity": 10.0} for x, y in ((2, 2), (4, 2), (3, 1), (3, 3))]
    c, p = cascade_in(room(charged))
    assert p.state.outcome is not None and p.state.outcome.reason == "robot_hazard"
    safety = [s.label for s in c.stages].index("safety")
    assert c.stages[safety].state.outcome is not None and c.stages[safety - 1].state.outcome is None
    assert c.sound_for(safety) == "danger"


def test_integrity_damage_sounds_only_where_the_player_sees_it() -> None:
    eye, _ = tutorial_cable_cascade(eye=True)
    labels = [s.label for s in eye.stages]
    k = labels.index("integrity")
    assert eye.sound_for(k) == "integrity"
    blind, _ = tutorial_cable_cascade(eye=False)
    assert blind.sound_for(k) is None  # hidden underground wear makes no sound without the eye
    net = labels.index("network")  # the consumer switching on is visible either way
    assert eye.sound_for(net) == blind.sound_for(net) == "change"


def test_take_sounds_plays_each_stage_once_and_the_most_urgent_of_a_slow_frame() -> None:
    c, _ = cascade_in(room([{"x": 2, "y": 2, "fuel": 6.0}, {"x": 3, "y": 2, "fuel": 1.5}]))
    played = []
    t = 0.0
    while c.at(t):
        s = c.take_sounds()
        if s:
            played.append(s)
        t += 16.0
    s = c.take_sounds()
    if s:
        played.append(s)
    want = [(kind, k) for k, kind in enumerate(sounds(c)) if kind is not None and k > 0]
    assert played == want  # stage 1 is covered by the action's own sound
    # a slow frame that jumps over every stage plays only the most urgent sound, once
    c2, _ = cascade_in(room([{"x": 2, "y": 2, "fuel": 6.0}, {"x": 3, "y": 2, "fuel": 1.5}]))
    assert not c2.at(c2.total + 1)
    assert c2.take_sounds() == ("danger", [s.label for s in c2.stages].index("step 1"))
    assert c2.take_sounds() is None


def test_sounds_are_distinct_soft_and_muted() -> None:
    a = FakeAudio()
    for kind in ("change", "integrity", "danger"):
        play_sound(a, kind, 3)
    change, integ, d1, d2 = a.calls
    assert change[2] == "sine" and change[1] <= 0.1 and change[5] is None
    assert integ[2] == "triangle" and integ[5] is not None and integ[5] < integ[0]  # a falling creak
    assert d1[0] == d2[0] and d2[4] > d1[4]  # two blips
    assert len({change[0], integ[0], d1[0]}) == 3
    assert all(call[3] <= 0.08 for call in a.calls)  # soft: well under the shell's default gain
    play_sound(a, "change", 4)
    assert a.calls[-1][0] > change[0]  # later stages tick higher
    m = FakeAudio(muted=True)
    for kind in ("change", "integrity", "danger"):
        play_sound(m, kind, 1)
    assert m.calls == []
