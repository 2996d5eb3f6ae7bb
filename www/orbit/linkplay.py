"""Play by link: two devices play one game, each turn carried in a link (``engine.orbit.link``
checks it; ``share`` does the clipboard and the address). Each device keeps its own copy of the
game (its own save slot ``link``), apart from the local game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from engine.core.schema import Model, SchemaError

from . import share
from .model import LINK_SEATS, Match, OrbitSave
from .ui import Anim

if TYPE_CHECKING:
    from .host import OrbitHost

LINK_SAVE = "link"
LAST_SAVE = "last"
"""Which game this device played last ("game" or "link"): the one a reload brings back."""


class LastGame(Model):
    """The ``last`` record: the save slot of the game played last on this device."""

    slot: Literal["game", "link"] = "game"


ANIM_MS = 950.0
"""A friend's turns are animated like a computer's."""


class LinkPlay:
    """Opening, sharing and pasting links for one ``OrbitHost``."""

    def __init__(self, app: OrbitHost) -> None:
        self.app = app
        self.last_link = ""

    def remember(self, slot: str) -> None:
        """Note which slot was played last (a reload resumes that game)."""
        self.app.shell.storage.save(LAST_SAVE, LastGame(slot="link" if slot == LINK_SAVE else "game"))

    def resume_last(self) -> bool:
        """After a reload: bring back the link game if it was the game played last here."""
        app = self.app
        last = app.shell.storage.load(LAST_SAVE, LastGame)
        if last is None or last.slot != "link":
            return False
        return self.resume()

    def resume(self) -> bool:
        """Continue this device's stored link game (the menu's "Continue link game")."""
        app = self.app
        m = self.stored()
        if m is None:
            return False
        if app.match is not m:
            app.start_match(m)
        app.ui.mode = "play"
        self.remember(LINK_SAVE)
        return True

    def has_stored(self) -> bool:
        """A link game is stored on this device (and is not the game on screen)."""
        app = self.app
        if app.started and app.match.link_me is not None:
            return False
        st = app.shell.storage
        return LINK_SAVE not in st.held and st.read_raw(LINK_SAVE) is not None  # held: a newer build's

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
        from engine.orbit.link import LinkError, accept, decode, receiver_seat

        try:
            incoming = decode(share.code_from(text))
            local = self.stored()
            if local is not None and local.link_record().game_id != incoming.game_id:
                local = None  # a new game from a friend replaces an old link game
            me = LINK_SEATS[local.link_me] if local is not None and local.link_me is not None else None
            if me is None:
                me = receiver_seat(incoming)
            rec = accept(None if local is None else local.link_record(), incoming, me)
        except LinkError as exc:
            app.sfx("bad")
            why = app.tr("link_bad", why=str(exc))
            app.ui.link_error = why  # stays on screen until closed or a link is accepted
            app.shell.announce(why)
            share.clear_fragment()
            app.shell.invalidate()
            return False
        app.ui.link_error = None
        known = 0 if local is None else len(local.session.moves)
        m = Match.for_link(rec.seed, LINK_SEATS.index(me), rec.moves, rec.options)
        app.start_match(m)
        if len(m.turns) > known:  # animate the friend's turn(s)
            first, last = m.turns[known], m.turns[-1]
            shots = [(t.ship, x, f.weapon) for t in m.turns[known:] for f in t.plan.fire for x in f.targets]
            app.ui.anim = Anim(first.before, last.after, shots, app.clock(), ANIM_MS)
        app.save()
        self.remember(LINK_SAVE)
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
