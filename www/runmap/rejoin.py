"""Co-op when a page is left behind (issue 29): a host that slept, a device whose host left.

- A tab the party went on without (its JavaScript was paused or its phone locked past the
  silence limit) hears ``dropped`` from the new host: it rejoins as a guest of the run that went
  on, asking for its old seat, and says so on screen. It never keeps hosting a second game.
- Between devices the link is a star through the host. When the host leaves, the lowest guest
  holds the run (the engine's rule) and is told to invite the others again; every other guest is
  told who holds the run and the paste box for that player's new invite opens at once (one step).
- A device that was itself away past the limit (its clock stood still) is the one left behind:
  the others dropped it, so it opens the paste box too instead of hosting its own copy.
- A page that replays a move dropping its own seat (the new host's ``drop``, sent before its
  channel closed and read when the page woke) was left behind too, whenever that news arrives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.runmap import Drop

if TYPE_CHECKING:
    from engine.runmap import RunState

    from .app_face import CoopFace


def left_behind(ctl: CoopFace, host: int) -> None:
    """The party went on without this page's seat, with ``host`` as host: rejoin it."""
    seat = ctl.seat
    if seat is None:
        return
    t = ctl.app.t
    ctl.trace(f"left behind: p{host + 1} holds the run")
    if ctl.transport == "tabs":
        ctl.kept = ctl.app.session  # held alone only if nobody answers any more
        ctl.story = t("coop_left_tab", h=host + 1)
        ctl.app.notify(ctl.story)
        ctl.start(ctl.seed, ctl.opts, want=seat)
    else:
        rejoin_devices(ctl, seat, t("coop_left_dev", h=host + 1))


def rejoin_devices(ctl: CoopFace, seat: int, story: str) -> None:
    """Tell the player what happened and open the paste box for the new host's invite."""
    app = ctl.app
    ctl.trace(f"rejoin: {story}")
    dev = app.devices
    dev.hub = ctl.join_devices(app.prefs.stun, want=seat)
    dev.code = ""
    dev.stage = "paste_invite"
    ctl.story = story
    app.notify(story)
    app.shell.invalidate()


def device_gone(ctl: CoopFace, seat: int) -> bool:
    """A device's seat fell silent or its channel closed; True when handled here (else the
    ordinary rule plays ``drop``)."""
    s = ctl.app.state
    me = ctl.seat
    if me is None:
        return False
    others = [c for c in s.connected if c != me]
    if ctl.asleep(seat) and others:
        left_behind(ctl, s.host if s.host is not None and s.host != me else others[0])
        return True
    if seat != s.host:
        return False
    rest = [c for c in s.connected if c != seat]
    ctl.trace(f"host p{seat + 1} gone")
    if rest and rest[0] == me:  # the rule makes this device host; the others were linked through the old one
        for c in [seat, *(c for c in rest if c != me)]:
            ctl.app.play(Drop(c))
            if ctl.link is not None:
                ctl.link.unseated(c)
        ctl.story = ctl.app.t("coop_you_hold", h=seat + 1)
        ctl.app.notify(ctl.story)
        return True
    rejoin_devices(ctl, me, ctl.app.t("coop_host_gone_dev", h=seat + 1, n=(rest[0] if rest else me) + 1))
    return True


def seat_dropped(ctl: CoopFace, old: RunState, new: RunState) -> None:
    """The run went from ``old`` to ``new``: if that dropped this page's own seat (a move of the
    party that went on without it), this page was left behind: it rejoins, told so."""
    me = ctl.seat
    if ctl.active and me is not None and me in old.connected and me not in new.connected:
        ctl.trace("the run dropped this seat")
        left_behind(ctl, new.host if new.host is not None else min(new.connected, default=0))
