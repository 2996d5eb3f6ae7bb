"""Saves, links and options may ask for the shipped rules only (issue 28, session 15).

The engine can play the rules-8 magazine draft (``game.RULES_LATEST``) for the lab, but the page shows
no slug count, so a hand-edited save or link must not reach it: ``game.RULES_ACCEPTED`` (the shipped
rules) is the newest a save, link or option may ask for, and a newer number is refused with words
that say why (``game.newer_rules``). Boundary: shipped - 1 and shipped play, shipped + 1 is refused;
old saves replay unchanged.
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib

import pytest

from engine.core.schema import SchemaError
from engine.core.session import Session
from engine.orbit.game import GAME, RULES_ACCEPTED, RULES_LATEST, RULES_VERSION, initial_state, newer_rules
from engine.orbit.link import PREFIX, LinkError, decode, encode

OK = RULES_ACCEPTED  # the shipped rules: the newest a save or link may ask for
NEW = RULES_ACCEPTED + 1
NEWER = f"rules {NEW}, newer than this version plays (rules 1 to {OK})"


def test_the_shipped_rules_are_the_newest_a_save_or_link_may_ask_for() -> None:
    assert RULES_ACCEPTED == RULES_VERSION <= RULES_LATEST and RULES_VERSION >= 7
    for rules in (OK - 1, OK):
        assert newer_rules({"rules": rules}) is None
        assert initial_state(3, {"players": 2, "rules": rules}).rules == rules
    assert NEWER in (newer_rules({"rules": NEW}) or "")
    assert newer_rules({}) is None and newer_rules({"rules": str(NEW)}) is None and newer_rules(None) is None
    with pytest.raises(SchemaError, match=NEWER.replace("(", r"\(").replace(")", r"\)")):
        initial_state(3, {"players": 2, "rules": NEW})


def _link_with_rules(rules: int) -> str:
    """A well-formed, correctly checksummed link whose options ask for ``rules`` (hand-edited)."""
    body = {"s": 3, "o": {"players": 2, "rules": rules}, "p": ["host", "guest"], "m": [], "h": "0" * 16}
    raw = json.dumps(body, separators=(",", ":"), sort_keys=True).encode()
    data = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
    return f"{PREFIX}{data}.{hashlib.sha256(data.encode()).hexdigest()[:10]}"


def test_a_link_asking_for_newer_rules_is_refused_in_words_and_the_shipped_rules_play() -> None:
    code = encode(3, {"players": 2, "rules": OK}, ["host", "guest"], ["coast"])
    assert decode(code).options["rules"] == OK
    with pytest.raises(LinkError) as err:
        decode(_link_with_rules(NEW))
    assert "newer version" in str(err.value) and NEWER in str(err.value)
    with pytest.raises(LinkError, match="not valid"):
        encode(3, {"players": 2, "rules": NEW}, ["host", "guest"], [])


def test_a_hand_edited_newer_rules_save_is_refused_and_a_rules_seven_save_replays_with_its_hash() -> None:
    sess = Session(GAME, 11, {"players": 2, "rules": 7})
    for text in ("coast", "rail=4 coast", "coast", "coast"):
        sess.play_text(text)
    saved = json.loads(sess.save_json())
    back = Session.load(GAME, json.dumps(saved))
    assert back.state_hash() == sess.state_hash() and back.state.rules == 7
    saved["options"]["rules"] = NEW
    with pytest.raises(SchemaError, match="newer than this version plays"):
        Session.load(GAME, json.dumps(saved))


def test_the_page_keeps_a_newer_rules_save_for_a_newer_build_instead_of_opening_it() -> None:
    """``www/orbit/app._newer``: the page holds (never quarantines nor overwrites) a stored game whose
    rules it does not play, and says why; a rules-7 record is its own to open."""
    from tests.gwstub import glue_modules

    sess = Session(GAME, 11, {"players": 2, "rules": 7})
    record = {"v": 1, "data": {"session": json.loads(sess.save_json()), "seats": ["human", "expert"]}}
    with glue_modules(["orbit.app"]) as mods:
        newer = mods["orbit.app"]._newer
        assert newer(GAME, json.dumps(record)) is None
        record["data"]["session"]["options"]["rules"] = NEW
        assert NEWER in (newer(GAME, json.dumps(record)) or "")
        assert newer(GAME, "not json") is None
