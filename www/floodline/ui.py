"""The page's UI state: everything on screen that is not the game (never saved, never undone).

The engine state lives in the run's ``Session`` (``RealtimeApp.session``); what the player is
looking at lives here: the screen (level select, keys, play, pause, results), the camera view, the
cut-away, previews, the keyboard focus and the buttons it walks, the touch pad, the prompt, the
run on screen (its view-model: ``model.Run``) and what the menus show. ``controls.interpret_event``
reads and writes only this object (and reads the engine state); what it cannot do on the UI alone
(start a level, mute, rebind a key) it asks for in ``requests``, which the app carries out. The
drawing (``drawstate.DrawState.draw``) reads it and writes back only what it laid out this frame
(``ring``, ``pad``, ``tip_rect``, ``tip_holds``, ``phone``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gwweb.floodline.interpret import Keys
from gwweb.shared.chrome.help import HelpState

if TYPE_CHECKING:
    from gwweb.floodline.model import Run
    from gwweb.floodline.rebind import Rebinder
    from gwweb.shared.canvas import Region

    from engine.floodline.campaign import Progress

#: a touch-pad button: (action, label, x, y, w, h)
PadButton = tuple[str, str, float, float, float, float]


@dataclass
class Ui:
    """The UI state of the Floodline page."""

    progress: Progress  # the player's record the level select and results read (the page's)
    rebinder: Rebinder  # the key rebinding screen: the action waiting for a key, a refused key
    coarse_only: bool = False  # the browser reports no fine pointer and no hover
    reduced_motion: bool = False  # prefers-reduced-motion: no tilt animation, the camera jumps
    # -- the run on screen --------------------------------------------------------------
    run: Run | None = None  # the run's view-model (its session is the app's); None: the menus
    watching: bool = False  # the run is a replay being watched (no pad, no keys, double speed)
    endless_seed: int = 0  # the endless run's seed (its title)
    has_replay: bool = False  # a last run is stored (Watch / Export offered)
    # -- screens and input --------------------------------------------------------------
    paused: bool = False
    view: int = 0  # camera view 0..3 (F1-F4)
    cut: int | None = None  # cut-away: rows above it are not drawn (None = all)
    basins: bool = False  # §10.3 basin preview (B / the board's button)
    peek: bool = False  # touch: the PEEK toggle makes the next T button preview its tilt
    alt: bool = False  # Alt held: the T keys preview their tilt
    preview: dict[str, Any] | None = None  # the tilt preview shown (engine preview_tilt + marks)
    keys_screen: bool = False  # the key rebinding screen is open
    help: HelpState = field(default_factory=HelpState)  # the shared help overlay (open, page)
    saved: int | None = None  # the level (0: endless) of the run stored unfinished (Continue); None: none
    hover: int = 0  # level button under the pointer (or the focus) on the level select
    touch: bool = False  # a touch pointer was used
    keyboard_seen: bool = False  # a key event arrived: a keyboard exists whatever the pointer
    focus: str | None = None  # the canvas button with the keyboard focus ring (menus, overlays)
    keyboard_nav: bool = False  # the last input was a key: the focus ring shows
    tip_closed: bool = False  # the player closed the run's prompt
    tilt_anim: tuple[str, str, int] | None = None  # (old gravity, new gravity, frame) of a tilt
    refusal_seen: tuple[int, int] = (0, 0)
    pad_down: dict[int, str] = field(default_factory=dict)  # touch pad: pointer id -> action held
    keys: Keys = field(default_factory=Keys)  # the game keys latched for the next tick (interpret)
    swallow: str = ""  # the action of a key taken by a button or the rebinding screen (until released)
    swallow_key: str = ""  # that key's code
    requests: list[tuple[str, str]] = field(default_factory=list)  # page actions asked by interpret
    # -- laid out by the last frame drawn -----------------------------------------------
    ring: list[Region] = field(default_factory=list)  # the buttons the keyboard focus moves over
    grid: list[tuple[int, float, float, float, float]] = field(default_factory=list)  # level cells (hover)
    ring_ids: tuple[str, ...] = ()
    pad: list[PadButton] = field(default_factory=list)  # the touch pad's buttons
    tip_rect: tuple[float, float, float, float] | None = None  # the prompt (a tap closes it)
    tip_holds: bool = False  # the prompt holds the level's clock (phone, before the first tick)
    phone: bool = False  # the phone layout (HUD strip over the board) was drawn last

    def reset_for_run(self, run: Run, watching: bool) -> None:
        """A new run starts: unpaused, no cut-away, previews or animation from the last one."""
        self.run = run
        self.watching = watching
        self.paused = False
        self.cut = None
        self.tilt_anim = None
        self.preview = None
        self.peek = False
        self.focus = None
        self.tip_closed = False
        self.tip_holds = False
        self.keys = Keys()

    def ask(self, what: str, arg: str = "") -> None:
        """Ask the page for what the UI cannot do alone (a button's action, mute, a key rebound)."""
        self.requests.append((what, arg))

    def has_keyboard(self) -> bool:
        """False on a touch-only device (touch used or only coarse pointers, and no key pressed yet):
        the Keys (rebinding) screen is then not offered."""
        return self.keyboard_seen or not (self.touch or self.coarse_only)

    def on_screen_with_buttons(self) -> bool:
        """A screen the keyboard works through its buttons (not the play field itself)."""
        run = self.run
        return (
            self.keys_screen
            or self.help.open
            or run is None
            or (not self.watching and (self.paused or run.state.outcome is not None))
        )
