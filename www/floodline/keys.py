"""Default key bindings (Input §8), keyed by KeyboardEvent.code.

Soft drop is X, not the seed's Left Ctrl: with W/A/S/D moving, Ctrl+W closes the browser tab (and
Ctrl+S/D/A open browser dialogs) — a page cannot stop those, so no default or rebind uses a
modifier key (``MODIFIERS``; Alt is the tilt-preview modifier)."""

from __future__ import annotations

BINDINGS = {
    "KeyA": "left",
    "KeyD": "right",
    "KeyW": "away",
    "KeyS": "near",
    "ArrowLeft": "left",
    "ArrowRight": "right",
    "ArrowUp": "away",
    "ArrowDown": "near",
    "KeyQ": "yawL",
    "KeyE": "yawR",
    "KeyR": "pitchU",
    "KeyF": "pitchD",
    "KeyZ": "rollL",
    "KeyC": "rollR",
    "KeyX": "soft",
    "Space": "hard",
    "ShiftLeft": "hold",
    "ShiftRight": "hold",
    "Digit1": "tilt1",
    "Digit2": "tilt2",
    "Digit3": "tilt3",
    "Digit4": "tilt4",
    "KeyV": "stabilize",
    "KeyG": "freeze",
    "KeyP": "drain",
    "F1": "view1",
    "F2": "view2",
    "F3": "view3",
    "F4": "view4",
    "BracketLeft": "cutDown",
    "BracketRight": "cutUp",
    "KeyB": "basins",
    "Escape": "pause",
    "KeyM": "mute",
    "Enter": "confirm",
}

#: Keys that never take an action: browser shortcuts ride on them (Ctrl+W closes the tab).
MODIFIERS = frozenset(
    ("ControlLeft", "ControlRight", "MetaLeft", "MetaRight", "AltLeft", "AltRight", "OSLeft", "OSRight")
)
