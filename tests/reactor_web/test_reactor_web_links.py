"""One-tap share links (issue #27): ``#level=<code>`` opens the shared level straight into play,
with every check a share code gets (truncated, garbage, bad checksum, wrong version, zip bomb,
invalid level: refused with a reason); the level is kept in "Your levels" once."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest

from engine.reactor import parse_level, share_code
from engine.reactor.campaign import entries
from engine.reactor.schema import MAX_SHARE_BYTES, SHARE_PREFIX
from tests.reactor_web.test_reactor_web_hurry import app  # noqa: F401 - the page fixture
from www.reactor.links import code_in, link_for, open_link

LEVEL = next(e for e in entries() if e.name == "power_on").level
CODE = share_code(parse_level(LEVEL))


def _code(payload_bytes: bytes, prefix: str = SHARE_PREFIX) -> str:
    payload = base64.urlsafe_b64encode(zlib.compress(payload_bytes, 9)).decode().rstrip("=")
    return f"{prefix}.{payload}.{zlib.crc32(payload.encode()) & 0xFFFFFFFF:08x}"


def test_a_link_carries_the_code_and_drops_the_old_fragment() -> None:
    link = link_for("https://tron.ru/reactor/?x=1#old", CODE)
    assert link == "https://tron.ru/reactor/?x=1#level=" + CODE
    assert code_in("#level=" + CODE) == CODE and code_in("#other") is None and code_in("") is None


def test_a_good_link_adds_the_level_once() -> None:
    custom: dict[str, Any] = {}
    lid, problems = open_link(CODE, custom)
    assert lid == "power_on" and not problems and list(custom) == ["power_on"]
    assert open_link(CODE, custom) == ("power_on", []) and list(custom) == ["power_on"]


def test_another_level_with_the_same_id_gets_a_new_one() -> None:
    mine = json.loads(json.dumps(LEVEL))
    mine["meta"]["title"] = "My own"
    custom: dict[str, Any] = {"power_on": mine}
    lid, _ = open_link(CODE, custom)
    assert lid == "power_on-2" and custom["power_on"] == mine


BAD = {
    "truncated": CODE[: len(CODE) // 2],
    "garbage": "RM1.!!!!.00000000",
    "checksum": CODE[:-1] + ("0" if CODE[-1] != "0" else "1"),
    "version": "RM9" + CODE[3:],
    "zip bomb": _code(b" " * (MAX_SHARE_BYTES + 1)),
    "not a level": _code(json.dumps([1, 2]).encode()),
    "invalid level": _code(json.dumps({**LEVEL, "props": []}).encode()),
}


@pytest.mark.parametrize("why", sorted(BAD))
def test_a_bad_link_is_refused_with_a_reason(why: str) -> None:
    custom: dict[str, Any] = {}
    lid, problems = open_link(BAD[why], custom)
    assert lid is None and problems and custom == {}


def test_the_page_opens_a_link_and_asks_before_replacing_a_game(app: Any) -> None:  # noqa: F811
    assert app.play("move e")
    app.open_link(CODE)
    assert app.ui.ask == "custom:power_on" and "power_on" in app.ui.custom.levels
    app.on_button("ask:yes")
    assert app.ui.pending == "custom:power_on"


def test_a_link_followed_while_the_editor_is_open_asks_over_the_level_list(app: Any) -> None:  # noqa: F811
    """The editor draws itself over everything: the question (or the level) must come out of it."""
    assert app.play("move e")
    app.editor.open()
    app.open_link(CODE)
    assert app.ui.ask == "custom:power_on" and app.ui.screen == "menu"
    app.on_button("ask:no")
    assert app.ui.ask is None and app.ui.run.key != "custom:power_on"


def test_a_bad_link_is_a_notice_not_a_crash(app: Any) -> None:  # noqa: F811
    app.open_link(BAD["checksum"])
    assert app.ui.ask is None and app.ui.pending is None and app.shell.notices
