"""Reactor's key bindings, timings and the page clock (shared by the app, its input and its view)."""

from __future__ import annotations

from gwweb.shared.clock import now_ms

BINDINGS = {
    "ArrowUp": "up",
    "KeyW": "up",
    "ArrowDown": "down",
    "KeyS": "down",
    "ArrowLeft": "left",
    "KeyA": "left",
    "ArrowRight": "right",
    "KeyD": "right",
    "KeyE": "interact",
    "Space": "interact",
    "KeyR": "repair",
    "Digit1": "remedy fuel",
    "Digit2": "remedy coolant",
    "Digit3": "remedy electricity",
    "KeyH": "shield",
    "KeyX": "activate",
    "Enter": "activate",
    "KeyV": "eye",
    "KeyZ": "undo",
    "Backspace": "undo",
    "Escape": "menu",
    "Tab": "focus",
}
WALK_MS = 70.0
TOAST_MS = 4000.0
BG = "#0B1218"


def now() -> float:
    """The page clock (ms), read through the shared clock service."""
    return now_ms()
