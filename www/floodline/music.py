"""Floodline's WebAudio beyond the shared tones (Part I §12): filtered-noise effects (water flow,
gust whoosh) and the ambient music that ramps with danger — built on the shell's AudioContext
(``shell.audio.ctx``, created on the first gesture) and silent whenever ``shell.audio.muted``.

Candidates for ``www/shared/audio``: a master bus that follows the mute flag, a cached noise
buffer with a band-pass sweep (``whoosh``), and this small drone + arpeggio engine.
"""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

# a pentatonic minor scale around A3; the arpeggio walks it, denser and higher with danger
SCALE = (220.0, 261.63, 293.66, 329.63, 392.0, 440.0, 523.25)
PATTERN = (0, 2, 4, 2, 5, 3, 1, 4)

_FILL_NOISE = js.Function.new(
    "data",
    "let x = 0x2545F491; for (let i = 0; i < data.length; i++) {"
    " x ^= x << 13; x ^= x >>> 17; x ^= x << 5; data[i] = (x >>> 0) / 2147483648 - 1; }",
)


class Music:
    """Ambient drone + arpeggio; ``update(danger, on)`` once per frame."""

    def __init__(self, audio: Any) -> None:
        self.audio = audio
        self.ctx: Any = None
        self.master: Any = None
        self.filter: Any = None
        self.noise: Any = None
        self.next_beat = 0.0
        self.step = 0
        self.gain = -1.0
        self.bright = -1.0

    def _build(self) -> bool:
        ctx = self.audio.ctx
        if ctx is None:
            return False
        if self.ctx is ctx:
            return True
        self.ctx = ctx
        self.master = ctx.createGain()
        self.master.gain.value = 0.0
        self.master.connect(ctx.destination)
        self.filter = ctx.createBiquadFilter()
        self.filter.type = "lowpass"
        self.filter.frequency.value = 400
        self.filter.connect(self.master)
        pad = ctx.createGain()
        pad.gain.value = 0.35
        pad.connect(self.filter)
        for f, detune in ((55.0, -7), (82.41, 5), (110.0, 9)):
            o = ctx.createOscillator()
            o.type = "sawtooth"
            o.frequency.value = f
            o.detune.value = detune
            o.connect(pad)
            o.start()
        n = int(ctx.sampleRate)
        self.noise = ctx.createBuffer(1, n, n)
        _FILL_NOISE(self.noise.getChannelData(0))
        return True

    def update(self, danger: float, on: bool) -> None:
        """Fade the music in (``on``: a level is being played) or out, brighter, louder and faster
        as ``danger`` (0..1) rises; nothing plays while the shell is muted."""
        if self.audio.ctx is None or (self.ctx is None and (self.audio.muted or not on)):
            return
        if not self._build():
            return
        ctx = self.ctx
        now = float(ctx.currentTime)
        live = on and not self.audio.muted
        gain = 0.0 if not live else 0.035 + 0.05 * danger
        if abs(gain - self.gain) > 0.004:
            self.gain = gain
            self.master.gain.setTargetAtTime(gain, now, 0.4 if live else 0.08)
        bright = 300.0 + 2400.0 * danger
        if abs(bright - self.bright) > 40:
            self.bright = bright
            self.filter.frequency.setTargetAtTime(bright, now, 0.8)
        if not live or now < self.next_beat:
            return
        self.next_beat = max(now, self.next_beat) + 1.5 - 1.15 * danger
        k = PATTERN[self.step % len(PATTERN)] + (2 if danger > 0.6 and self.step % 2 else 0)
        self.step += 1
        f = SCALE[min(k, len(SCALE) - 1)] * (2.0 if danger > 0.85 else 1.0)
        self._note(f, 0.9 - 0.5 * danger, 0.05 + 0.03 * danger, "triangle" if danger > 0.5 else "sine")

    def _note(self, freq: float, dur: float, gain: float, kind: str) -> None:
        ctx = self.ctx
        t0 = float(ctx.currentTime) + 0.01
        o = ctx.createOscillator()
        a = ctx.createGain()
        o.type = kind
        o.frequency.value = freq
        a.gain.setValueAtTime(0.0001, t0)
        a.gain.exponentialRampToValueAtTime(gain, t0 + 0.04)
        a.gain.exponentialRampToValueAtTime(0.0001, t0 + dur)
        o.connect(a)
        a.connect(self.master)  # through the master: muted with it
        o.start(t0)
        o.stop(t0 + dur + 0.05)

    def filtered_noise(self, dur: float, gain: float, f0: float, f1: float, q: float = 1.2) -> None:
        """A noise burst through a band-pass sweeping ``f0`` → ``f1`` (gust whoosh, water flow)."""
        if self.audio.muted or not self._build():
            return
        ctx = self.ctx
        t0 = float(ctx.currentTime) + 0.01
        src = ctx.createBufferSource()
        src.buffer = self.noise
        bp = ctx.createBiquadFilter()
        bp.type = "bandpass"
        bp.Q.value = q
        bp.frequency.setValueAtTime(f0, t0)
        bp.frequency.exponentialRampToValueAtTime(f1, t0 + dur)
        a = ctx.createGain()
        a.gain.setValueAtTime(0.0001, t0)
        a.gain.exponentialRampToValueAtTime(gain, t0 + dur * 0.35)
        a.gain.exponentialRampToValueAtTime(0.0001, t0 + dur)
        src.connect(bp)
        bp.connect(a)
        a.connect(ctx.destination)
        src.start(t0, (self.step * 0.37) % 0.5)
        src.stop(t0 + dur + 0.05)
