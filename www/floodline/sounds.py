"""Floodline sound effects (Part I §12), synthesised with WebAudio through the shell (no downloads):
shared tones/noise for most, ``music.Music`` for filtered noise (gust, water flow) and the ambient
music that ramps with danger. Everything is silent while the shell is muted."""

from __future__ import annotations

from typing import Any

from gwweb.floodline.model import Run
from gwweb.floodline.music import Music
from gwweb.floodline.ui import Ui


def ambience(mu: Music, ui: Ui, run: Run | None, heavy: bool) -> None:
    """The music for this frame: on while a level is played (not paused, not over)."""
    on = run is not None and not ui.paused and run.state.outcome is None
    if mu.ctx is None and heavy:
        return  # its nodes are made on a light frame, not the level's first (issue #20)
    mu.update(run.danger if run is not None else 0.0, on)


def play(a: Any, mu: Music, ui: Ui, run: Run) -> None:
    """Synthesised sound effects for the run's events (lock, drop, rotate, tilt, collapse, water,
    drain-block lock, gust, freeze/thaw, refused tilt) through the shell's audio ``a``; a tilt also
    starts its animation in ``ui`` (not under reduced motion)."""
    for ev in run.events:
        e = ev.kind
        if e == "lock":
            a.tone(180, 0.08, "triangle", 0.2)
        elif e == "drop":
            a.tone(260, 0.12, "square", 0.08, glide_to=110)
        elif e == "rotate":
            a.tone(660, 0.04, "sine", 0.08)
        elif e == "hold":
            a.tone(520, 0.06, "sine", 0.1, glide_to=700)
        elif e == "tilt":
            a.tone(140, 0.35, "sawtooth", 0.06, glide_to=70)
            if not ui.reduced_motion:  # prefers-reduced-motion: the board does not swing
                ui.tilt_anim = (ev.gravity, run.state.gravity.value, 0)
        elif e == "collapse":  # a falling rumble (cached noise buffer: the shared noise() is built
            mu.filtered_noise(0.3, 0.16, 900, 180, 0.7)  # sample by sample in Python, ~50 ms a call)
        elif e == "drain":
            a.tone(420, 0.25, "sine", 0.1, glide_to=160)
        elif e == "freeze":
            a.tone(1200, 0.2, "triangle", 0.08, glide_to=1800)
        elif e == "thaw":  # ice cracks and runs: a falling crystal chime and a drip
            a.tone(1760, 0.25, "triangle", 0.07, glide_to=880)
            a.tone(660, 0.12, "sine", 0.08, delay=0.18, glide_to=330)
        elif e == "flow":  # water moving: a soft band-passed rush, longer for more units
            n = max(1, ev.count)
            mu.filtered_noise(min(0.9, 0.25 + 0.05 * n), 0.05, 500, 1400, 0.8)
            a.tone(300, 0.08, "sine", 0.05, delay=0.05, glide_to=520)
        elif e == "gust":  # wind: a band-pass sweep over noise
            mu.filtered_noise(0.7, 0.12, 300, 2200, 1.6)
        elif e == "drainlock":  # a placed drain block clunks into place
            a.tone(110, 0.14, "square", 0.08, glide_to=70)
            a.tone(880, 0.06, "triangle", 0.06, delay=0.05)
        elif e == "refused":
            a.tone(200, 0.09, "square", 0.05)
            a.tone(150, 0.12, "square", 0.05, delay=0.09)
        elif e == "won":
            for i, f in enumerate((523, 659, 784, 1046)):
                a.tone(f, 0.18, "triangle", 0.14, delay=i * 0.11)
        elif e == "lost":
            for i, f in enumerate((392, 330, 262)):
                a.tone(f, 0.22, "sine", 0.14, delay=i * 0.14)
    run.events.clear()
