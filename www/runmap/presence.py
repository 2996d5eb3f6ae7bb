"""Who is still there: heartbeat silence limits that survive background-tab timer throttling.

Browsers slow timers in hidden pages to about once a second, and Chromium's intensive
throttling to once a minute after five hidden minutes. A peer's beat says whether its page is
hidden, and a hidden peer is given far longer before it counts as gone; a peer that leaves for
good says ``bye`` (pagehide), which needs no timer at all.
"""

from __future__ import annotations

BEAT_MS = 1000
VISIBLE_SILENT_MS = 4_000.0
HIDDEN_SILENT_MS = 200_000.0  # three intensive-throttling minutes and some slack


class Presence:
    """Last time each seat was heard from and whether it said its page was hidden."""

    def __init__(self) -> None:
        self.seen: dict[int, float] = {}
        self.hidden: dict[int, bool] = {}
        self.visible_ms = VISIBLE_SILENT_MS  # a test build may shorten both (hook ``coopLimits``)
        self.hidden_ms = HIDDEN_SILENT_MS

    def limit(self, hidden: bool) -> float:
        """How long a page that is (or said it was) ``hidden`` may be silent before it counts as gone."""
        return self.hidden_ms if hidden else self.visible_ms

    def heard(self, seat: int, now: float, hidden: bool | None = None) -> None:
        """``seat`` spoke at ``now`` (``hidden``: what its beat said about its page)."""
        self.seen[seat] = now
        if hidden is not None:
            self.hidden[seat] = hidden

    def reset(self, seats: list[int] | tuple[int, ...], now: float) -> None:
        """Start counting afresh for ``seats`` (after joining or adopting a run)."""
        self.seen = dict.fromkeys(seats, now)
        self.hidden = {}

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
