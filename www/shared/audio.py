"""WebAudio tones (pure sine by default), started on the first user gesture; mute persisted."""

from __future__ import annotations

import random
from typing import Any

import js  # type: ignore[import-not-found]

NOISE_SCALE = 128.0  # noise samples are whole numbers -128..127; the gain brings them to -1..1


class Audio:
    """Synthesised sound effects; no downloads."""

    def __init__(self, muted: bool = False) -> None:
        self.muted = muted
        self.ctx: Any = None
        self._noise: dict[int, Any] = {}  # sample count -> Float32Array of noise, made once

    def unlock(self) -> None:
        """Create/resume the AudioContext; call from a user gesture handler."""
        if self.ctx is None:
            ctor = getattr(js.window, "AudioContext", None) or getattr(js.window, "webkitAudioContext", None)
            if ctor is None:
                return
            self.ctx = ctor.new()
        if str(self.ctx.state) == "suspended":
            self.ctx.resume()

    def tone(
        self,
        freq: float,
        dur: float = 0.15,
        kind: str = "sine",
        gain: float = 0.18,
        delay: float = 0.0,
        glide_to: float | None = None,
    ) -> None:
        """Play one tone with a short attack/release envelope."""
        if self.muted or self.ctx is None:
            return
        t0 = float(self.ctx.currentTime) + delay
        osc = self.ctx.createOscillator()
        amp = self.ctx.createGain()
        osc.type = kind
        osc.frequency.setValueAtTime(freq, t0)
        if glide_to:
            osc.frequency.exponentialRampToValueAtTime(glide_to, t0 + dur)
        amp.gain.setValueAtTime(0.0001, t0)
        amp.gain.exponentialRampToValueAtTime(gain, t0 + 0.01)
        amp.gain.exponentialRampToValueAtTime(0.0001, t0 + dur)
        osc.connect(amp)
        amp.connect(self.ctx.destination)
        osc.start(t0)
        osc.stop(t0 + dur + 0.02)

    def noise(self, dur: float = 0.2, gain: float = 0.12, delay: float = 0.0) -> None:
        """A short burst of white noise (splashes, collapses)."""
        if self.muted or self.ctx is None:
            return
        rate = int(self.ctx.sampleRate)
        n = max(1, int(rate * dur))
        buf = self.ctx.createBuffer(1, n, rate)
        samples = self._noise.get(n)
        if samples is None:  # made once per length, in JavaScript: a Python loop per sample cost ~30 ms
            from pyodide.ffi import to_js  # type: ignore[import-not-found]

            raw = to_js(random.Random(0x2545F491).randbytes(n))  # seeded: cosmetic, the same every time
            samples = self._noise[n] = js.Float32Array.new(js.Int8Array.new(raw.buffer, raw.byteOffset, n))
        buf.getChannelData(0).set(samples)
        src = self.ctx.createBufferSource()
        src.buffer = buf
        amp = self.ctx.createGain()
        t0 = float(self.ctx.currentTime) + delay
        amp.gain.setValueAtTime(gain / NOISE_SCALE, t0)  # samples are -128..127
        amp.gain.exponentialRampToValueAtTime(0.0001 / NOISE_SCALE, t0 + dur)
        src.connect(amp)
        amp.connect(self.ctx.destination)
        src.start(t0)
