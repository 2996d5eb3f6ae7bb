"""Issue #24: a refused replay file is worded by the engine's code, in English and Russian, with
every parameter the engine gives filled in (no English sentence from the engine is shown or parsed)."""

from __future__ import annotations

import json
import string
from collections.abc import Iterator
from typing import Any

import pytest

from engine.floodline.replay_file import REPLAY_REFUSALS, ReplayRefused
from tests.gwstub import glue_modules

PARAMS = {
    "too_large": {"limit": 4_000_000},
    "unknown_level": {"level": "31"},
    "damaged": {"problems": ["seed: not an integer"]},
    "other_rules": {"recorded": "0.1", "plays": "0.3"},
    "bad_move": {"index": 7, "text": "zz"},
}


@pytest.fixture(scope="module")
def glue() -> Iterator[dict[str, Any]]:
    with glue_modules(("floodline.strings", "floodline.replays")) as mods:
        yield mods


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("code", REPLAY_REFUSALS)
def test_every_refusal_code_is_worded_with_its_parameters(glue: dict[str, Any], lang: str, code: str) -> None:
    table = glue["floodline.strings"].TABLES[lang]
    words = table[f"import_{code}"]
    fields = {f for _, f, _, _ in string.Formatter().parse(words) if f}
    assert fields <= set(PARAMS.get(code, {})), (code, fields)  # nothing asked that the engine does not give

    def t(key: str, **kw: Any) -> str:
        return str(table[key].format(**kw))

    text = glue["floodline.replays"].refusal_text(t, ReplayRefused(code, **PARAMS.get(code, {})))
    assert text and "{" not in text and text != f"import_{code}"
    for f in fields:
        assert str(PARAMS[code][f]) in text


def test_an_imported_file_of_other_rules_says_both_versions_in_russian(glue: dict[str, Any]) -> None:
    replays = glue["floodline.replays"]
    table = glue["floodline.strings"].TABLES["ru"]
    good = replays.to_file(replays.saves.make_save(1, replays.level_for(1, 0), 5, ["s"]))
    data = json.loads(good)
    data["replay"]["rulesVersion"] = "0.1"
    with pytest.raises(ReplayRefused) as no:
        replays.from_file(json.dumps(data))
    said = replays.refusal_text(lambda k, **kw: table[k].format(**kw), no.value)
    assert "0.1" in said and "правилам" in said
