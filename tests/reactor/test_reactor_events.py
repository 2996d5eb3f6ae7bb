"""Engine events through ``Session`` (``ReactorGame.apply_with_events``): a lengthy action's pulse
stages in the design's order ending on the session's state, nothing extra for a plain move, and
``LevelEnded`` when a hazard kills the robot or the reactor is activated; events change no state
(the same hashes with and without them) and replays (load, undo) stay event-free."""

from __future__ import annotations

import json

from reactor_kit import lethal_room

from engine.core.session import Session
from engine.reactor import GAME, hash_state
from engine.reactor.campaign import entries
from engine.reactor.game import LevelEnded
from engine.reactor.pulse import REASON_ACTIVATED, REASON_ROBOT_HAZARD
from engine.reactor.stages import PulseStage, expected_order


def tutorial() -> Session:
    return Session(GAME, 0, {"level": "tutorial"}, keep_events=True)


def test_a_lengthy_action_emits_its_pulse_stages_in_order() -> None:
    s = tutorial()
    s.play_text("move n")
    assert s.last_events == []  # a plain move: no pulse
    s.play_text("move w")
    events = s.play_events(GAME.parse_move("interact"))
    stages = [e for e in events if isinstance(e, PulseStage)]
    assert stages == events  # nothing but the stages: the level goes on
    assert [(e.name, e.step) for e in stages] == expected_order(s.state.balance.pulse_steps)
    assert hash_state(stages[-1].state) == s.state_hash()  # the last stage is the state played
    assert any(e.changed() for e in stages)


def test_events_change_nothing_and_replays_carry_none() -> None:
    moves = ["move n", "move w", "interact", "move e", "move e"]
    with_events, plain = tutorial(), Session(GAME, 0, {"level": "tutorial"})
    for m in moves:
        with_events.play_text(m)
        plain.play_text(m)
        assert with_events.state_hash() == plain.state_hash()
    assert plain.last_events == []
    loaded = Session.load(GAME, with_events.save_json(), keep_events=True)
    assert loaded.state_hash() == with_events.state_hash() and loaded.last_events == []
    with_events.undo()
    assert with_events.last_events == []


def test_a_hazard_death_is_an_event() -> None:
    s = Session(GAME, 0, {"level": json.dumps(lethal_room())}, keep_events=True)
    s.play_text("move e")  # into lethal heat
    assert s.state.outcome is not None and s.state.outcome.result == "lost"
    assert s.last_events == [LevelEnded("lost", REASON_ROBOT_HAZARD)]


def test_winning_the_first_campaign_level_ends_with_level_ended_won() -> None:
    first = entries()[0]
    s = Session(GAME, 0, {"level": first.name}, keep_events=True)
    for m in first.solution:
        s.play_text(m)
    assert s.state.outcome is not None and s.state.outcome.result == "won"
    assert s.last_events[-1] == LevelEnded("won", REASON_ACTIVATED)
    assert all(isinstance(e, PulseStage) for e in s.last_events[:-1]) and len(s.last_events) > 1
