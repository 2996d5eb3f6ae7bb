"""Session keeps the events of the move it applied; saves carry the rules version and older
rules are migrated, kept playable or closed with a reason."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core import RulesChangedError, SaveData, SchemaError, Session, restore
from engine.core.selfcheck import DiceGame, DiceMove, DiceState


class EventfulDice(DiceGame):
    """Dice whose moves report what happened; counts the calls of each apply path."""

    def __init__(self, rules: int = 1) -> None:
        self.rules = rules
        self.plain = 0
        self.eventful = 0

    def apply(self, state: DiceState, move: DiceMove) -> DiceState:
        self.plain += 1
        return super().apply(state, move)

    def apply_with_events(self, state: DiceState, move: DiceMove) -> tuple[DiceState, list[str]]:
        self.eventful += 1
        new = DiceGame.apply(self, state, move)
        return new, [f"rolled:{new.rolls[-1]}", *(["six"] if new.rolls[-1] == 6 else [])]


def test_play_keeps_the_events_of_the_move_it_applied():
    g = EventfulDice()
    s = Session(g, 5, keep_events=True)
    s.play_text("add:6")
    assert s.last_events == ["rolled:6", "six"]
    s.play_text("add:2")
    assert s.last_events == ["rolled:2"]
    assert g.eventful == 2 and g.plain == 0  # the events were computed once, by the move itself


def test_events_off_by_default_and_on_for_one_move():
    g = EventfulDice()
    s = Session(g, 5)
    s.play_text("add:3")
    assert s.last_events == [] and g.eventful == 0
    assert s.play_events(s.game.parse_move("add:4")) == ["rolled:4"]
    assert s.keep_events is False


def test_undo_restart_clear_events_redo_reports_them_and_replays_use_plain_apply():
    g = EventfulDice()
    s = Session(g, 5, keep_events=True)
    for t in ("add:1", "add:6", "roll"):
        s.play_text(t)
    s.undo()
    assert s.last_events == []
    s.undo()
    s.redo()
    assert s.last_events == ["rolled:6", "six"]
    before = g.eventful
    again = Session.load(g, s.save_json(), keep_events=True)
    assert g.eventful == before and again.keep_events  # loading replays without events
    s.restart()
    assert s.last_events == []


def test_illegal_move_keeps_previous_events_and_state():
    s = Session(EventfulDice(), 5, keep_events=True)
    s.play_text("add:2")
    with pytest.raises(ValueError):
        s.play_text("add:9")
    assert s.last_events == ["rolled:2"] and len(s.moves) == 1


def test_rules_version_is_saved_and_old_format_still_loads():
    s = Session(EventfulDice(rules=3), 9)
    s.play_text("add:1")
    data = json.loads(s.save_json())
    assert data["rules"] == 3
    # a save in today's format (written before the field existed) is rules 1, byte-identical
    plain = Session(DiceGame(), 9)
    plain.play_text("roll")
    text = plain.save_json()
    assert "rules" not in json.loads(text)
    assert SaveData.model_validate_json(text).rules == 1
    assert Session.load(DiceGame(), text).state_hash() == plain.state_hash()


def test_newer_rules_are_refused():
    text = Session(EventfulDice(rules=4), 1).save_json()
    with pytest.raises(SchemaError, match="rules 4 are newer"):
        Session.load(EventfulDice(rules=2), text)


class Migrating(EventfulDice):
    """Rules 2 forbid ``add:1``; the migration rewrites it to ``add:2`` or gives up on ``add:5``."""

    def __init__(self) -> None:
        super().__init__(rules=2)

    def apply(self, state: DiceState, move: DiceMove) -> DiceState:
        if move.kind == "add" and move.n == 1:
            raise ValueError("rules 2: add:1 is gone")
        return super().apply(state, move)

    def migrate_save(self, save: SaveData) -> SaveData | None:
        if "add:5" in save.moves:
            return None
        moves = ["add:2" if m == "add:1" else m for m in save.moves]
        return save.model_copy(update={"moves": moves, "rules": 2})


def _old_save(moves: list[str]) -> dict[str, Any]:
    return {"game": "dice", "version": 1, "seed": 4, "moves": moves}


def test_older_rules_migrated_save_stays_playable():
    r = restore(Migrating(), _old_save(["add:1", "roll"]))
    assert r.status == "migrated" and r.session is not None
    assert r.session.state.rolls[0] == 2
    assert json.loads(r.session.save_json())["rules"] == 2


def test_older_rules_that_cannot_continue_are_closed_with_the_old_save_kept():
    with pytest.raises(RulesChangedError) as err:
        Session.load(Migrating(), _old_save(["add:5"]))
    assert err.value.save.moves == ["add:5"]
    r = restore(Migrating(), json.dumps(_old_save(["add:5"])))
    assert r.status == "closed" and r.session is None and r.old is not None
    assert "rules 1" in r.reason and "rules 2" in r.reason


def test_older_rules_without_hook_replay_or_close():
    class NoHook(EventfulDice):
        def __init__(self) -> None:
            super().__init__(rules=2)

        def apply(self, state: DiceState, move: DiceMove) -> DiceState:
            if move.kind == "add" and move.n == 1:
                raise ValueError("add:1 is gone")
            return super().apply(state, move)

    assert restore(NoHook(), _old_save(["add:3"])).status == "migrated"
    closed = restore(NoHook(), _old_save(["add:3", "add:1"]))
    assert closed.status == "closed" and "moves.1" in closed.reason


def test_restore_reports_corrupt_saves_and_ok_saves():
    assert restore(DiceGame(), "{oops").status == "corrupt"
    s = Session(DiceGame(), 2)
    s.play_text("roll")
    ok = restore(DiceGame(), s.save_json())
    assert ok.status == "ok" and ok.session is not None and ok.session.state_hash() == s.state_hash()
