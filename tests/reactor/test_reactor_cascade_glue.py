"""The page's pulse cascade (``www/reactor/cascade.py``, ``model.Play`` capture) without a browser:
stages in the engine's order, the same length for every lengthy action, stage-by-stage values
ending on the engine's state, skipping, hurry after a skip, and the mode setting."""

from __future__ import annotations

from typing import Any

from reactor_kit import OPEN_ROOM, consumer, flow, level

import www.reactor.model as page_model
from engine.core.session import Session
from engine.reactor import GAME, hash_state
from www.reactor.cascade import EASE, TOTAL_MS, Cascade, CascadePlayer

# The page's game-in-progress object: ``model.Play``, renamed ``model.Run`` when the page moved
# onto the shared app shape (session 8, engineer A); either name is the same object.
Play: Any = getattr(page_model, "Run", None) or page_model.Play


def play_for(lv: dict[str, Any]) -> Any:
    import json

    return Play("test:x", Session(GAME, 0, {"level": json.dumps(lv)}))


def valve_room() -> dict[str, Any]:
    return level(
        OPEN_ROOM,
        coolant=["", "", ".++++++++"],
        props=[
            flow(1, 2, "coolant"),
            {"kind": "valve", "x": 3, "y": 2, "outlets": [[3, 1], [4, 1]]},
            consumer(4, 2),
        ],
        inventory={"fuel_neutralizer": 1},
        surface=[{"x": 2, "y": 1, "fuel": 4.0, "heat": 4.0}, {"x": 3, "y": 2, "fuel": 3.0}],
        robot=(3, 2),
        reactor=(8, 3),
    )


def test_capture_gives_the_engine_stages_and_changes_nothing() -> None:
    p, plain = play_for(valve_room()), play_for(valve_room())
    ok, _ = p.try_play("interact", capture=True)
    assert ok and p.last_trace is not None
    plain.try_play("interact")
    assert plain.last_trace is None
    assert p.session.state_hash() == plain.session.state_hash() == hash_state(p.last_trace.final)
    assert [s.label for s in p.last_trace.stages][:4] == ["mutation", "network", "integrity", "step 1"]
    # quick actions and refusals record nothing; saves and undo still work through the wrapper
    ok, _ = p.try_play("move n", capture=True)
    assert ok and p.last_trace is None
    ok, why = p.try_play("activate", capture=True)
    assert not ok and why and p.last_trace is None
    assert '"game":"reactor"' in p.session.save_json()
    assert p.undo() and p.session.state_hash() == plain.session.state_hash()


def cascade_for(action: str, mode: str = "full") -> tuple[Cascade, Any, Any]:
    p = play_for(valve_room())
    before = p.state
    ok, why = p.try_play(action, capture=True)
    assert ok, why
    assert p.last_trace is not None
    return Cascade(before, p.last_trace, 1000.0, mode, False, "x"), p, before


def test_every_cascade_lasts_the_same_and_plays_every_stage_in_order() -> None:
    a, _, _ = cascade_for("interact")
    b, _, _ = cascade_for("remedy fuel")
    assert a.total == b.total == TOTAL_MS["full"]
    assert [s.label for s in a.stages] == [s.label for s in b.stages]
    assert all(d > 0 for d in a.durs) and abs(sum(a.durs) - a.total) < 1e-6
    fast, _, _ = cascade_for("interact", "fast")
    assert fast.total == TOTAL_MS["fast"] < a.total
    seen = []
    t = 1000.0
    while a.at(t):
        if not seen or seen[-1] != a.index:
            seen.append(a.index)
        assert a.shown is a.stages[a.index].state
        t += 16.0
    assert seen == list(range(len(a.stages)))  # no stage is jumped over at 60 frames per second
    assert a.shown is a.final and t - 1000.0 >= a.total


def test_values_ease_from_the_previous_stage_and_end_on_the_engine_state() -> None:
    c, p, before = cascade_for("interact")
    step1 = next(k for k, s in enumerate(c.stages) if s.label == "step 1")
    cells = c.stages[step1].surface_cells
    assert cells
    prev = c.stages[step1 - 1].state
    c.at(1000.0 + c.starts[step1] + 0.001)  # start of step 1: the values of the stage before
    s0 = c.surface()
    c.at(1000.0 + c.starts[step1] + c.durs[step1] * (EASE + 0.05))  # after easing: step 1 itself
    s1 = c.surface()
    now = c.stages[step1].state
    for q in ("fuel", "coolant", "electricity", "heat"):
        for i in cells:
            assert abs(s0[q][i] - prev.surface[q][i]) < 1e-3
        assert list(s1[q]) == list(now.surface[q])
    assert not c.at(1000.0 + c.total + 1)
    assert {q: list(v) for q, v in c.surface().items()} == {q: list(v) for q, v in p.state.surface.items()}
    assert hash_state(c.final) == p.session.state_hash()


class FakeShell:
    def __init__(self, saved: str | None = None) -> None:
        self.saved = saved
        self.prefs = self
        self.set: list[tuple[str, str]] = []

    def read_raw(self, _name: str) -> str | None:
        return self.saved

    def set_pref(self, name: str, value: str) -> None:
        self.set.append((name, value))


def test_player_modes_hurry_after_a_skip_and_log() -> None:
    shell = FakeShell()
    player = CascadePlayer(shell)
    assert player.mode == "full"
    c, p, before = cascade_for("interact")
    trace = p.last_trace
    first = player.start(before, trace, 0.0, False)
    assert first is not None and first.mode == "full"
    player.end(first, 200.0, skipped=True)  # a key arrived 200 ms in
    hurried = player.start(before, trace, 900.0, False)
    assert hurried is not None and hurried.mode == "fast"  # soon after a skip: fast
    player.end(hurried, 900.0 + hurried.total, skipped=False)
    calm = player.start(before, trace, 10_000.0, False)
    assert calm is not None and calm.mode == "full"
    assert [e["skipped"] for e in player.log] == [True, False]
    assert player.log[0]["played_ms"] == 200.0 and player.pulse_ms == [200.0, hurried.total]
    player.cycle_mode()
    player.cycle_mode()
    assert player.mode == "off" and player.start(before, trace, 20_000.0, False) is None
    assert shell.set[-1] == (CascadePlayer.PREF, "off")
    assert CascadePlayer(FakeShell("fast")).mode == "fast"
    assert CascadePlayer(FakeShell("garbage")).mode == "full"
    assert player.start(before, None, 0.0, False) is None


def test_stage_one_says_what_the_action_changed() -> None:
    valve, _, _ = cascade_for("interact")
    assert valve.actions["en"] == "x: valve discharges"
    assert valve.actions["ru"] == "x: клапан сбрасывает воду"
    remedy, _, _ = cascade_for("remedy fuel")
    assert remedy.actions["en"] == "x: neutralizer applied"
    lv = level(
        OPEN_ROOM, coolant=["", "", ".+++"], props=[flow(2, 2, "coolant"), consumer(6, 3)], robot=(2, 2)
    )
    p = play_for(lv)
    before = p.state
    assert p.try_play("interact", capture=True)[0] and p.last_trace is not None
    off = Cascade(before, p.last_trace, 0.0, "full", False, "")
    assert off.actions["en"] == "source off"
