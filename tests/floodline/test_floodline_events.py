"""The engine's events (``events.tick_events`` through ``FloodlineGame.apply_with_events`` and
``Session.last_events``): what the glue animates and sounds, read off the rules' own results."""

from __future__ import annotations

from typing import Any

from floodline_util import start

from engine.core.hashing import state_hash
from engine.core.session import Session
from engine.floodline import GAME, parse_move
from engine.floodline.campaign import level
from engine.floodline.events import Event
from engine.floodline.state import State

SLOW = {"gravityTicks": 600}
TILTS = {"allowed": ["DOWN", "EAST", "WEST", "NORTH", "SOUTH"], "cooldownSeconds": 0}


def play(s: State, *texts: str) -> tuple[State, list[Event]]:
    out: list[Event] = []
    for text in texts:
        s, ev = GAME.apply_with_events(s, parse_move(text))
        out += ev
    return s, out


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def test_events_do_not_change_the_game() -> None:
    s0 = start(timing=SLOW)
    moves = ["mx+", "rx+", "d", ".*30", "h", "d"]
    a = s0
    for t in moves:
        a = GAME.apply(a, parse_move(t))
    b, _ = play(s0, *moves)
    assert state_hash(a.snapshot()) == state_hash(b.snapshot())


def test_hard_drop_reports_where_the_piece_landed() -> None:
    s, ev = play(start(timing=SLOW), "d")
    drop = [e for e in ev if e.kind == "drop"]
    assert len(drop) == 1
    assert drop[0].material == "STANDARD"
    assert all(c[1] == 0 for c in drop[0].cells) and len(drop[0].cells) == 4  # on the floor, not at spawn
    assert s.metrics["piecesUsed"] == 1


def test_a_lock_without_hard_drop_is_a_lock() -> None:
    _, ev = play(start(timing={"gravityTicks": 1, "lockDelayTicks": 1}), ".*60")
    assert "lock" in kinds(ev) and "drop" not in kinds(ev)


def test_rotate_hold_and_nothing_on_an_idle_tick() -> None:
    s = start(timing=SLOW, bag={"type": "FIXED_SEQUENCE", "sequence": ["L3", "O2"] * 10})
    s, ev = play(s, ".")
    assert ev == []
    s, ev = play(s, "ry+")
    assert kinds(ev) == ["rotate"]
    _, ev = play(s, "h")
    assert kinds(ev) == ["hold"]


def test_tilt_names_the_old_gravity_and_a_refused_tilt_says_why() -> None:
    s, ev = play(start(timing=SLOW, rotation=TILTS), "tE")
    assert [(e.kind, e.gravity) for e in ev] == [("tilt", "DOWN")]
    _, ev = play(start(timing=SLOW, rotation={"allowed": ["DOWN"]}), "tE")
    assert kinds(ev) == ["refused"]
    assert ev[0].why is not None and ev[0].why["reason"] == "direction"


def test_water_moving_is_a_flow_event() -> None:
    pool = {"pos": [0, 0, 0], "to": [7, 0, 7], "type": "WATER"}  # the piece lands in it and lifts it
    s = start(timing=SLOW, cells=[pool])
    _, ev = play(s, "d")
    flow = [e for e in ev if e.kind == "flow"]
    assert flow and flow[0].count > 0


def test_session_keeps_the_events_of_the_last_move() -> None:
    lv: dict[str, Any] = level(1)
    ses = Session(GAME, 1, {"level": lv}, keep_events=True)
    ses.play(parse_move("d"))
    assert "drop" in kinds(ses.last_events)
    ses.play(parse_move("."))
    assert ses.last_events == []
    assert ses.play_events(parse_move("d")) and "drop" in kinds(ses.last_events)


def test_the_end_of_a_game_is_an_event() -> None:
    s = start(timing=SLOW, objectives=[{"type": "PLACE_PIECES", "count": 1}])
    _, ev = play(s, "d")
    assert kinds(ev)[-1] == "won"
