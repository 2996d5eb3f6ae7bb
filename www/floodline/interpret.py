"""What the player meant, for a real-time game: the game keys pressed between two ticks are latched
in ``Keys`` (part of the UI state), and once per tick ``tick_move(keys, state, view)`` turns them
into the engine move of that tick (a ``TickInput``) that the run plays through its ``Session``.

Pure: no ``js``, no drawing; tested in CPython. The rules (what a tilt or a move does) stay in the
engine; the view only decides which board direction a key names (``iso``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gwweb.floodline.iso import move_for, rotation_for, tilt_for

from engine.floodline import Gravity, State, TickInput
from engine.floodline.board import Kind
from engine.floodline.preview import tilt_refusal
from engine.floodline.view import ghost_cells

MOVE_KEYS = ("left", "right", "away", "near")
TILT_KEYS = {"tilt1": "away", "tilt2": "near", "tilt3": "left", "tilt4": "right"}
ROT_KEYS = {
    "yawL": ("yaw", -1),
    "yawR": ("yaw", 1),
    "pitchU": ("pitch", 1),
    "pitchD": ("pitch", -1),
    "rollL": ("roll", 1),
    "rollR": ("roll", -1),
}
FLAGS = ("hold", "stabilize", "drain", "hard")


@dataclass
class Keys:
    """The game keys since the last tick: held moves (most recent last), a tap shorter than a tick,
    soft drop held, and one-shot presses (turns, tilts, hold, abilities, hard drop)."""

    held: list[str] = field(default_factory=list)
    tapped: str | None = None
    soft: bool = False
    pressed: list[str] = field(default_factory=list)

    def key(self, action: str, down: bool) -> None:
        """A game key went down or up."""
        if action in MOVE_KEYS:
            if action in self.held:
                self.held.remove(action)
            if down:
                self.held.append(action)
                self.tapped = action
        elif action == "soft":
            self.soft = down
        elif down:
            self.pressed.append(action)

    def release_all(self) -> None:
        """Pause, focus lost: nothing stays held."""
        self.held.clear()
        self.tapped = None
        self.soft = False


def tick_move(keys: Keys, state: State, view: int) -> tuple[TickInput, dict[str, Any] | None]:
    """This tick's engine move from the latched keys (consumed), and why a tilt key did nothing
    (it points along gravity: the engine's ``tilt_refusal``), else None."""
    g = state.gravity.value
    tilt = None
    refusal = None
    rotations: list[str] = []
    flags = dict.fromkeys(FLAGS, False)
    freeze = None
    for a in keys.pressed:
        if a in TILT_KEYS and tilt is None:
            target = tilt_for(view, g, TILT_KEYS[a])
            if target is not None:
                tilt = Gravity(target)
            else:
                refusal = tilt_refusal(state, None)
        elif a in ROT_KEYS:
            kind, sign = ROT_KEYS[a]
            rotations.append(rotation_for(view, kind, sign))
        elif a in flags:
            flags[a] = True
        elif a == "freeze":
            freeze = freeze_target(state)
    keys.pressed.clear()
    # a tap shorter than a tick (touch pad) still moves one step: the press is latched until read
    key = keys.held[-1] if keys.held else keys.tapped
    keys.tapped = None
    move = move_for(view, g, key) if key else None
    inp = TickInput(
        tilt=tilt,
        hold=flags["hold"],
        stabilize=flags["stabilize"],
        freeze=freeze,
        drain=flags["drain"],
        rotations=tuple(rotations),
        move=move,
        soft=keys.soft,
        hard=flags["hard"],
    )
    return inp, refusal


def freeze_target(state: State) -> tuple[int, int, int] | None:
    """The water cell nearest to where the piece would land (the player aims with the ghost)."""
    b = state.board
    water = [b.frame.coords(i) for i, k in enumerate(b.kind) if k == Kind.WATER]
    if not water:
        return None
    ghost = ghost_cells(state) or [[0, 0, 0]]
    cx = sum(c[0] for c in ghost) / len(ghost)
    cy = sum(c[1] for c in ghost) / len(ghost)
    cz = sum(c[2] for c in ghost) / len(ghost)
    best = min(water, key=lambda p: ((p[0] - cx) ** 2 + (p[1] - cy) ** 2 + (p[2] - cz) ** 2, p))
    return (best[0], best[1], best[2])
