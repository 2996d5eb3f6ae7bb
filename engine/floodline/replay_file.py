"""Exported replay files checked against this build (issue #24): a refusal is a code plus
parameters (``ReplayRefused``), which the page words in the player's language; no English sentence
is parsed anywhere. Kept apart from ``preview`` because it needs ``replay`` (which needs ``game``,
which needs ``preview`` through ``events``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine.core.schema import SchemaError
from engine.floodline.level import PLAYABLE_RULES, RULES_VERSION, level_hash, parse_level
from engine.floodline.moves import parse_move
from engine.floodline.replay import Replay, parse_replay

#: Why an exported replay file is refused (``ReplayRefused.code``); the page words each code in the
#: player's language from ``ReplayRefused.params``.
REPLAY_REFUSALS = (
    "too_large",  # params: limit (characters)
    "not_json",
    "not_replay",
    "unknown_level",  # params: level (as written in the file)
    "damaged",  # params: problems (the schema's list, for the curious)
    "other_rules",  # params: recorded, plays (rules versions)
    "other_level",  # the level hash differs: another version of that level
    "bad_move",  # params: index, text (the first 20 characters)
)
#: the largest replay file read, in characters
MAX_REPLAY_FILE = 4_000_000


class ReplayRefused(ValueError):
    """A replay file this build will not play: ``code`` (one of ``REPLAY_REFUSALS``) and ``params``.
    ``str()`` is a developer's line (CLI, logs); a page words the code itself."""

    def __init__(self, code: str, **params: Any) -> None:
        assert code in REPLAY_REFUSALS, code
        self.code = code
        self.params = params
        super().__init__(code + ("" if not params else " " + repr(params)))


def check_replay_file(
    text: str, level_for: Callable[[int, int], dict[str, Any]], count: int
) -> tuple[int, Replay, dict[str, Any]]:
    """An exported replay file ``{"floodline": 1, "level": n, "replay": <Replay>}`` checked against
    this build: ``(n, replay, the level dict it plays on)`` (``level_for(n, seed)``; ``n`` 0 =
    endless), or ``ReplayRefused`` saying why not (other rules, another version of the level, ...)."""
    if len(text) > MAX_REPLAY_FILE:
        raise ReplayRefused("too_large", limit=MAX_REPLAY_FILE)
    try:
        data = json.loads(text)
    except ValueError:
        raise ReplayRefused("not_json") from None
    if not isinstance(data, dict) or data.get("floodline") != 1 or "replay" not in data:
        raise ReplayRefused("not_replay")
    n = data.get("level")
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= count:
        raise ReplayRefused("unknown_level", level=repr(n)[:20])
    try:
        rep = parse_replay(data["replay"])
    except SchemaError as exc:
        raise ReplayRefused("damaged", problems=exc.problems[:3]) from None
    if rep.rules_version not in PLAYABLE_RULES:
        raise ReplayRefused("other_rules", recorded=rep.rules_version[:12], plays=RULES_VERSION)
    lv_dict = level_for(n, rep.seed)
    if rep.level_hash is not None and rep.level_hash != level_hash(parse_level(lv_dict)):
        raise ReplayRefused("other_level")
    if rep.rules_version != RULES_VERSION:  # a rules-0.5 run replays under its own rules (RULES.md 68)
        lv_dict = {**lv_dict, "meta": {**lv_dict.get("meta", {}), "rulesVersion": rep.rules_version}}
    for k, t in enumerate(rep.inputs):
        try:
            parse_move(t)
        except ValueError:
            raise ReplayRefused("bad_move", index=k, text=t[:20]) from None
    return n, rep, lv_dict
