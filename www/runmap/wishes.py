"""Wishes on the map (issue 29): a guest marks the node it would take, the host keeps the party's
table and sends it to everyone (devices hear only the host). The rules are the engine's
(``engine.runmap.party``); a wish is never a move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.runmap.moves import Choose, Select
from engine.runmap.party import option_wish, options_now, valid_wishes, wish_problem, with_wish
from engine.runmap.state import Phase

if TYPE_CHECKING:
    from engine.runmap import Move, RunState
    from engine.runmap.peer import Wish

    from .app_face import CoopFace


def wish_for(state: RunState, move: Move) -> int | None:
    """What a guest's ``move`` wishes for: a node on the map, an option at a shrine, rest site or
    event (``party.option_wish``); ``None`` when the move is not a wish (a fight action is the
    guest's own)."""
    if isinstance(move, Select):
        return move.node
    options = options_now(state)
    if isinstance(move, Choose) and move.option in options:
        return option_wish(state, options.index(move.option))
    return None


def wish(ctl: CoopFace, node: int | None) -> None:
    """This guest marks (``None``: clears) its wish, shown at once here and sent to the host."""
    app = ctl.app
    if not ctl.active or ctl.seat is None:
        return
    why = wish_problem(app.state, ctl.seat, node)
    if why is not None:
        app.notify(app.t("rejected", why=why))
        return
    ctl.wishes = with_wish(ctl.wishes, ctl.seat, node)
    ctl.send({"t": "wish", "seat": ctl.seat, "node": node, "n": len(app.session.moves)})
    h = app.state.host
    said = "wished" if app.state.phase == Phase.MAP else "wished_option"
    app.notify(app.t(said, n="-" if h is None else h + 1) if node is not None else app.t("wish_cleared"))


def wished(ctl: CoopFace, msg: Wish, peer: str) -> None:
    """The host takes a guest's wish for the current map position (one sent before the last move
    is stale and dropped); a wish the rules refuse goes back to its sender as a refusal."""
    session = ctl.app.session
    if msg.n != len(session.moves):
        return
    why = wish_problem(session.state, msg.seat, msg.node)
    if why is not None:
        ctl.send({"t": "reject", "why": why}, peer)
        return
    ctl.wishes = with_wish(valid_wishes(session.state, ctl.wishes), msg.seat, msg.node)
    send_table(ctl)


def send_table(ctl: CoopFace, peer: str | None = None) -> None:
    """The host sends the party's wishes (to ``peer`` only, or to everyone)."""
    pairs = [[s, n] for s, n in valid_wishes(ctl.app.state, ctl.wishes).items()]
    ctl.send({"t": "wishes", "n": len(ctl.app.session.moves), "w": pairs}, peer)
