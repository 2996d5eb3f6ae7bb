"""The page's UI state: everything on screen that is not the game (never saved, never undone).

The engine state lives in the run's ``Session``; what the player is looking at (the screen, the
pause, the view, the cut-away, previews, the keyboard focus ...) lives here, read by the
``interpret`` functions (``controls``) and the draw functions (``board_draw``, ``chrome``,
``screens``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gwweb.floodline.interpret import Keys


@dataclass
class Ui:
    """The UI state of the Floodline page."""

    paused: bool = False
    view: int = 0  # camera view 0..3 (F1-F4)
    cut: int | None = None  # cut-away: rows above it are not drawn (None = all)
    basins: bool = False  # §10.3 basin preview (B / the board's button)
    peek: bool = False  # touch: the PEEK toggle makes the next T button preview its tilt
    alt: bool = False  # Alt held: the T keys preview their tilt
    preview: dict[str, Any] | None = None  # the tilt preview shown (engine preview_tilt + marks)
    keys_screen: bool = False  # the key rebinding screen is open
    hover: int = 0  # level button under the pointer (or the focus) on the level select
    touch: bool = False  # a touch pointer was used
    keyboard_seen: bool = False  # a key event arrived: a keyboard exists whatever the pointer
    focus: str | None = None  # the canvas button with the keyboard focus ring (menus, overlays)
    keyboard_nav: bool = False  # the last input was a key: the focus ring shows
    tip_closed: int = 0  # id() of the run whose prompt the player closed
    tilt_anim: tuple[str, str, int] | None = None  # (old gravity, new gravity, frame) of a tilt
    refusal_seen: tuple[int, int] = (0, 0)
    pad_down: dict[int, str] = field(default_factory=dict)  # touch pad: pointer id -> action held
    keys: Keys = field(default_factory=Keys)  # the game keys latched for the next tick (interpret)

    def reset_for_run(self) -> None:
        """A new run starts: unpaused, no cut-away, previews or animation from the last one."""
        self.paused = False
        self.cut = None
        self.tilt_anim = None
        self.preview = None
        self.peek = False
        self.focus = None
        self.keys = Keys()
