"""Reference computations for /selfcheck/ (``engine.core.selfcheck``): same hashes in CPython and the browser."""

from __future__ import annotations

from engine.core.hashing import state_hash
from engine.core.rng import Lcg32
from engine.core.selfcheck import session_check
from engine.floodline import GAME, format_move
from engine.floodline.bot import bot_piece_moves
from engine.floodline.campaign import level as campaign_level
from engine.floodline.selftest import determinism_hashes


def checks() -> dict[str, str]:
    """Seeded random boards resolved and tilted (Rules §14), and a bot game on level 1."""
    lv = campaign_level(1)
    opts = {"level": lv}
    s = GAME.initial(int(lv["meta"]["seed"]), opts)
    moves = [format_move(m) for m in bot_piece_moves(s, Lcg32(9))]
    return {
        "resolve": state_hash(determinism_hashes(range(4))),
        "session": session_check(GAME, int(lv["meta"]["seed"]), opts, moves=moves),
    }
