"""Run Map's UI state (never undone, never saved with the run) and the menu preferences.

``Ui`` is everything on screen that is not the run: which screen, the seed keypad, the map's
scroll, the node under the mouse or the keyboard's focus, the outcome card being shown, and the
keyboard focus ring over the canvas buttons of the top dialog. ``Prefs`` are the menu's choices,
stored in ``shell.storage`` (``gridworks:runmap:prefs``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

if TYPE_CHECKING:
    from gwweb.shared.canvas import Region

    from .cards import Card
    from .layout import Frame

MAX_SEED_DIGITS = 12
PULSE_MS = 6000.0


class Prefs(BaseModel):
    """Menu choices and the run counter behind "new random seed"."""

    counter: int = Field(default=0, ge=0)
    salt: int = Field(default=0, ge=0, lt=2**32)
    preset: str = Field(default="slice", pattern="^(slice|full)$")
    players: int = Field(default=1, ge=1, le=4)
    defy: bool = False  # rules 1 only; the RNG Portal is now a choice on every full map
    seed: int = Field(default=0, ge=0, lt=10**MAX_SEED_DIGITS)
    best: dict[str, int] = Field(default_factory=dict)  # read once: moved into the shared progress record
    stun: bool = False  # co-op between devices across networks (opt-in; off: no outside server)


def seed_for(salt: int, counter: int) -> int:
    """The counter-th random seed of this browser (splitmix64 of salt and counter), 9 digits at most."""
    z = (salt * 0x9E3779B97F4A7C15 + counter + 1) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return (z ^ (z >> 31)) % 1_000_000_000


@dataclass
class Press:
    """A pointer held down: where, the scroll at that moment and the pointer type."""

    x: float
    y: float
    scroll: float
    kind: str


@dataclass
class Ui:
    """What the screen shows around the run (see the module docstring)."""

    screen: str = "menu"  # "menu" | "run"
    keypad_open: bool = False
    kp_digits: str = ""
    scroll: float = 0.0
    hover: int | None = None  # node under the mouse
    inspect: int | None = None  # node tapped once (touch) to read about it
    focus: int | None = None  # the reachable node the keyboard points at
    card: Card | None = None
    legend_open: bool = False
    intro: bool = False  # a new run shows its map first; "intro_ok" opens the first fight
    press: Press | None = None
    dragged: bool = False
    frame: Frame | None = None
    pulse_until: float = 0.0
    now: float = 0.0  # page clock (ms) of the event being interpreted
    seat: int | None = None  # co-op: the seat this screen speaks for (None: the whole party)
    keyboard: bool = False  # the last input was a key: the focus ring is shown
    ring: list[Region] = field(default_factory=list)  # buttons of the top dialog, last frame
    ring_focus: str | None = None  # the ring's focused button id


def speaker(ui: Ui, host: int | None) -> int:
    """The seat whose move this screen makes: its own seat in co-op, else the party's host."""
    if ui.seat is not None:
        return ui.seat
    return host if host is not None else 0
