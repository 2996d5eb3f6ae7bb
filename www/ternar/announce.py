"""What a played turn tells the player beyond the board: toasts for the window shift, Big Bang,
walls, Architect, Storm flip and Zen refill, the Big Bang / Architect banners and their sounds, and
the nodes that flowed in (``arrivals``, read by the e2e against the window of that moment, #30).

Plain functions over the turn's engine events; the page passes its toast, effects and sounds.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from engine.ternar.engine import STORM_HEAVY
from engine.ternar.events import Event as TurnEvent

from .effects import MOMENT_MS, SALUTE_MS, Fx, Moment
from .sound import Sounds
from .view import fmt_value

Arrival = tuple[int, int, str, tuple[int, ...]]
"""A node that flowed in: (node, value, "normal" | "ghost", the window when it arrived)."""


def arrivals(events: list[TurnEvent], window: tuple[int, ...]) -> list[Arrival]:
    """The turn's spawns, each with the window of its moment (``window``: the one before the turn)."""
    out: list[Arrival] = []
    for e in events:
        if e.kind in ("window_shift", "big_bang"):
            window = e.new_window
        elif e.kind == "spawn":
            out.append((e.node, e.value, e.node_type, window))
    return out


def announce_turn(
    t: Callable[..., str],
    toast: Callable[[str], None],
    fx: Fx,
    sounds: Sounds,
    events: list[TurnEvent],
    old_window: tuple[int, ...],
    now: float,
) -> None:
    """Toasts, banners (``fx.moment``, ``fx.salute``) and sounds for the turn's ``events``."""
    for e in events:
        if e.kind == "window_shift":
            toast(t("window_shift", window="·".join(fmt_value(v) for v in e.new_window)))
        elif e.kind == "big_bang":
            levels = round(math.log(e.new_window[0] / old_window[0], 3))  # 0 once the window is at the cap
            toast(t("big_bang", levels=levels) if levels > 0 else t("big_bang_capped"))
            sub = t("big_bang_sub", levels=levels) if levels > 0 else t("big_bang_sub_capped")
            fx.moment = Moment("big_bang", t("big_bang_title"), sub, now, now + MOMENT_MS)
            sounds.big_bang()
        elif e.kind == "walls":
            toast(t("walls"))
        elif e.kind == "achievement":
            toast(t("architect"))
            fx.salute = (e.node, now + SALUTE_MS)
            fx.moment = Moment("architect", t("architect_title"), t("architect_sub"), now, now + MOMENT_MS)
            sounds.singularity()
        elif e.kind == "inversion":
            toast(t("storm_flip", heavy=STORM_HEAVY))
        elif e.kind == "zen_refill":
            toast(t("zen_refill"))
