"""Play by link: two devices play one game, each turn carried in a link (``engine.orbit.link``
checks it; ``share`` does the clipboard and the address). Each device keeps its own copy of the
game (its own save slot ``link``), apart from the local game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.schema import SchemaError

from . import share
from .model import LINK_SEATS, Match, OrbitSave
from .ui import Anim

if TYPE_CHECKING:
    from .app import OrbitApp

LINK_SAVE = "link"
ANIM_MS = 950.0
"""A friend's turns are animated like a computer's."""


class LinkPlay:
    """Opening, sharing and pasting links for one ``OrbitApp``."""

    def __init__(self, app: OrbitApp) -> None:
        self.app = app
        self.last_link = ""

    def stored(self) -> Match | None:
        app = self.app
        if app.started and app.match.link_me is not None:
            return app.match
        save = app.shell.storage.load(LINK_SAVE, OrbitSave)
        if save is None or save.link_me is None:
            return None
        try:
            return Match.restore(save)
        except (SchemaError, ValueError):
            return None

    def open(self, text: str) -> bool:
        """Continue the game a friend's link holds; a bad, foreign, older or out-of-order link is
        refused with a message and changes nothing. Returns whether it was accepted."""
        app = self.app
        from engine.orbit.link import LinkError, accept, decode, final_state

        try:
            incoming = decode(share.code_from(text))
            local = self.stored()
            if local is not None and local.link_record().game_id != incoming.game_id:
                local = None  # a new game from a friend replaces an old link game
            me = LINK_SEATS[local.link_me] if local is not None and local.link_me is not None else None
            if me is None:
                me = LINK_SEATS[final_state(incoming).active]
            rec = accept(None if local is None else local.link_record(), incoming, me)
        except LinkError as exc:
            app.sfx("bad")
            app.toast(app.tr("link_bad", why=str(exc)), 6000)
            return False
        known = 0 if local is None else len(local.session.moves)
        m = Match.for_link(rec.seed, LINK_SEATS.index(me), rec.moves, rec.options)
        app.start_match(m)
        if len(m.turns) > known:  # animate the friend's turn(s)
            first, last = m.turns[known], m.turns[-1]
            shots = [(t.ship, x, f.weapon) for t in m.turns[known:] for f in t.plan.fire for x in f.targets]
            app.ui.anim = Anim(first.before, last.after, shots, app.clock(), ANIM_MS)
        app.save()
        share.clear_fragment()
        app.toast(app.tr("link_opened", n=len(m.turns) - known))
        return True

    def share(self) -> None:
        """Copy the link of this game (after this device's turn) for the friend."""
        app = self.app
        m = app.match
        if m.link_me is None:
            return
        url = share.link_url(m.link_code())
        self.last_link = url

        def done(ok: bool) -> None:
            app.toast(app.tr("link_copied" if ok else "link_copy_failed"))

        share.copy(url, done)

    def paste(self) -> None:
        app = self.app
        got = share.ask_paste(app.tr("paste_prompt"))
        if got:
            self.open(got)
