"""Who is still there: heartbeat silence limits that survive background-tab timer throttling.

Browsers slow timers in hidden pages to about once a second, and Chromium's intensive
throttling to once a minute after five hidden minutes. A peer's beat says whether its page is
hidden, and a hidden peer is given far longer before it counts as gone; a peer that leaves for
good says ``bye`` (pagehide), which needs no timer at all.

This page's own clock is here too: a page whose callbacks stood still for longer than the others
wait for it was frozen (JavaScript paused, a phone locked), and the others have dropped it.
"""

from __future__ import annotations

BEAT_MS = 1000
VISIBLE_SILENT_MS = 4_000.0
HIDDEN_SILENT_MS = 200_000.0  # three intensive-throttling minutes and some slack
TRACE_LINES = 40  # the co-op events kept for ``runInfo().trace`` (evidence when a test fails)
WAKE_GRACE_BEATS = 3  # after waking, the others' silence limit plus this many beats: a seat that
# leaves then means the party went on without this page (their drop was already on its way)


class Presence:
    """Last time each seat was heard from and whether it said its page was hidden."""

    def __init__(self) -> None:
        self.seen: dict[int, float] = {}
        self.hidden: dict[int, bool] = {}
        self.visible_ms = VISIBLE_SILENT_MS  # a test build may shorten both (hook ``coopLimits``)
        self.hidden_ms = HIDDEN_SILENT_MS
        self.last_tick = 0.0  # when this page last ran a co-op callback, and whether it was hidden
        self.last_hidden = False
        self.woke_at: float | None = None  # when this page last woke from a freeze past the limit
        self.trace: list[str] = []  # what happened to the party as this page saw it (newest last)
        self.wakes = 0  # how many times this page woke from a freeze (its beats carry it as host)
        self.following: set[int] = set()  # seats whose beats echoed ``wakes`` since the last wake
        self.host_wakes = 0  # a guest: the host's wake count, echoed in this page's beats

    def log(self, now: float, what: str) -> None:
        """Keep one co-op event (``what``) stamped with the page clock, for ``runInfo().trace``."""
        self.trace = [*self.trace[-TRACE_LINES + 1 :], f"{now / 1000:.1f}s {what}"]

    def limit(self, hidden: bool) -> float:
        """How long a page that is (or said it was) ``hidden`` may be silent before it counts as gone."""
        return self.hidden_ms if hidden else self.visible_ms

    def heard(self, seat: int, now: float, hidden: bool | None = None) -> None:
        """``seat`` spoke at ``now`` (``hidden``: what its beat said about its page)."""
        self.seen[seat] = now
        if hidden is not None:
            self.hidden[seat] = hidden

    def reset(self, seats: list[int] | tuple[int, ...], now: float) -> None:
        """Start counting afresh for ``seats`` (after joining or adopting a run: time spent
        waiting for a host or a code is not a freeze)."""
        self.seen = dict.fromkeys(seats, now)
        self.hidden = {}
        self.last_tick, self.woke_at = now, None

    def ran(self, seats: list[int] | tuple[int, ...], now: float, hidden: bool) -> None:
        """This page runs a callback at ``now`` (the beat, a message, a closed channel; whichever
        the browser runs first after a freeze). If its clock stood still past the limit the others
        wait for it, it woke now: ``seats`` are counted afresh (their silence during our freeze is
        not theirs) and for a while ``asleep`` is true."""
        if now - self.last_tick > self.limit(self.last_hidden):
            self.log(now, f"woke after {now - self.last_tick:.0f} ms (hidden {self.last_hidden})")
            self.reset(seats, now)
            self.woke_at = now
            self.wakes += 1
            self.following = set()
        self.last_tick, self.last_hidden = now, hidden

    def echoed(self, seat: int, wakes: int) -> None:
        """A beat of ``seat`` echoed this page's wake count ``wakes``: sent after it woke, by a
        seat that still follows it as host (a beat queued during the freeze has an older count)."""
        if wakes == self.wakes:
            self.following.add(seat)

    def asleep(self, now: float, seat: int | None = None) -> bool:
        """This page was frozen past the limit and woke a moment ago: the others have dropped it
        and their news may still be on its way (a queued message, a channel's close event, their
        silence from now on), so a seat that leaves now means this page was left behind.

        For a waking host, ``seat`` (the one leaving) counts until it echoed the host's wake count:
        a guest that dropped the host never does, whenever its leaving arrives (a loaded device may
        drop the host late); bounded by the hidden limit, the longest any peer waits."""
        if self.woke_at is None:
            return False
        since = now - self.woke_at
        if since <= self.visible_ms + WAKE_GRACE_BEATS * BEAT_MS:
            return True
        return seat is not None and seat not in self.following and since <= self.hidden_ms

    def silent(self, seats: list[int] | tuple[int, ...], me: int | None, now: float) -> list[int]:
        """The seats among ``seats`` (not ``me``) silent for longer than their limit."""
        out = []
        for s in seats:
            if s == me:
                continue
            last = self.seen.setdefault(s, now)
            if now - last > self.limit(bool(self.hidden.get(s))):
                out.append(s)
        return out
