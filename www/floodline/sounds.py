"""Floodline sound effects, synthesised with WebAudio through the shell (no downloads)."""

from __future__ import annotations

from typing import Any

from gwweb.floodline.model import Run


def play(app: Any, run: Run) -> None:
    """Synthesised sound effects for the run's events (lock, drop, rotate, tilt, collapse, water, ice)."""
    a = app.shell.audio
    for e in run.events:
        if e == "lock":
            a.tone(180, 0.08, "triangle", 0.2)
        elif e == "drop":
            a.tone(260, 0.12, "square", 0.08, glide_to=110)
        elif e == "rotate":
            a.tone(660, 0.04, "sine", 0.08)
        elif e == "hold":
            a.tone(520, 0.06, "sine", 0.1, glide_to=700)
        elif e.startswith("tilt:"):
            a.tone(140, 0.35, "sawtooth", 0.06, glide_to=70)
            old = e[5:]
            app.tilt_anim = (old, run.state.gravity.value, 0)
        elif e == "collapse":
            a.noise(0.25, 0.12)
        elif e == "drain":
            a.tone(420, 0.25, "sine", 0.1, glide_to=160)
        elif e == "freeze":
            a.tone(1200, 0.2, "triangle", 0.08, glide_to=1800)
        elif e == "won":
            for i, f in enumerate((523, 659, 784, 1046)):
                a.tone(f, 0.18, "triangle", 0.14, delay=i * 0.11)
        elif e == "lost":
            for i, f in enumerate((392, 330, 262)):
                a.tone(f, 0.22, "sine", 0.14, delay=i * 0.14)
    run.events.clear()
