"""16.6 «Триада»: pure sine tones only (WebAudio through ``shell.audio``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.ternar.rules import SINGULARITY

from .view import BELL_HZ, ERROR_HZ, triad_hz

if TYPE_CHECKING:
    from gwweb.shared.audio import Audio


class Sounds:
    def __init__(self, audio: Audio) -> None:
        self.audio = audio

    def _tone(self, hz: float, dur: float, gain: float, delay: float = 0.0) -> None:
        try:
            self.audio.tone(hz, dur, kind="sine", gain=gain, delay=delay)
        except Exception:  # audio is never allowed to break the game
            pass

    def link(self, step: int, soft: bool = False) -> None:
        """Each linked node: one step up a major triad (backtracking replays the step, quieter)."""
        self._tone(triad_hz(step), 0.16, 0.07 if soft else 0.13)

    def collapse(self, length: int, result: int) -> None:
        """A soft 432 Hz bell (with a quiet octave partial); a singularity adds a deep fifth below."""
        self._tone(BELL_HZ, 0.9, 0.16)
        self._tone(BELL_HZ * 2, 0.45, 0.04)
        if length >= 12:
            self._tone(BELL_HZ * 1.5, 0.7, 0.06, delay=0.1)
        if result >= SINGULARITY:
            self.singularity()

    def singularity(self) -> None:
        """Spec leaves it blank: a low 216 Hz + 324 Hz swell under the bell."""
        self._tone(216.0, 1.4, 0.12)
        self._tone(324.0, 1.2, 0.07, delay=0.08)

    def big_bang(self) -> None:
        for i, hz in enumerate((432.0, 540.0, 648.0, 864.0)):
            self._tone(hz, 0.6, 0.08, delay=0.09 * i)

    def undo(self) -> None:
        self._tone(triad_hz(2), 0.12, 0.08)
        self._tone(triad_hz(0), 0.18, 0.08, delay=0.1)

    def error(self) -> None:
        """19.1: a short low tone."""
        self._tone(ERROR_HZ, 0.14, 0.2)
