"""The shared command line (``engine.core.cli``) serves every engine: its bot plays, the save it writes
replays to the same state hash, ``hash`` with the bot's moves agrees, and a damaged save is refused
with a message (exit 1), never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from buildtools.games import GAMES
from engine.core import __main__ as core_main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = core_main.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("game", [*GAMES, "template"])
def test_bot_save_replay_and_hash_agree(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "bot.json"
    code, out, err = _run(capsys, "bot", game, "--seed", "3", "--max-moves", "5", "--save", str(save))
    assert code == 0, err
    played = json.loads(out)
    assert played["moves"], "the bot made no move"
    code, out, err = _run(capsys, "replay", game, str(save))
    assert code == 0, err
    assert json.loads(out)["hash"] == played["hash"]
    code, out, _ = _run(capsys, "hash", game, "--seed", "3", "--moves", ",".join(played["moves"]))
    assert code == 0 and out.strip() == played["hash"]


@pytest.mark.parametrize("game", [*GAMES, "template"])
def test_a_damaged_save_is_refused_with_words(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"version": 1, "game": game, "seed": 3, "moves": ["no such move"]}))
    code, out, err = _run(capsys, "replay", game, str(bad))
    assert code == 1 and not out and err.strip()
    bad.write_text("{ not json")
    code, out, err = _run(capsys, "replay", game, str(bad))
    assert code == 1 and err.strip()


def test_an_unknown_game_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "hash", "nosuchgame", "--seed", "1")
    assert code == 2 and "nosuchgame" in err
