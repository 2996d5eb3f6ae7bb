"""WebAudio tones (pure sine by default), started on the first user gesture; mute persisted."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]


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
        if samples is None:  # built once per length: a Python loop over ~10k samples costs a frame
            x = 0x2545F491
            vals = []
            for _ in range(n):  # deterministic xorshift noise; cosmetic only
                x ^= (x << 13) & 0xFFFFFFFF
                x ^= x >> 17
                x ^= (x << 5) & 0xFFFFFFFF
                vals.append((x / 2147483648.0) - 1.0)
            samples = self._noise[n] = js.Float32Array.new(vals)
        buf.getChannelData(0).set(samples)
        src = self.ctx.createBufferSource()
        src.buffer = buf
        amp = self.ctx.createGain()
        t0 = float(self.ctx.currentTime) + delay
        amp.gain.setValueAtTime(gain, t0)
        amp.gain.exponentialRampToValueAtTime(0.0001, t0 + dur)
        src.connect(amp)
        amp.connect(self.ctx.destination)
        src.start(t0)
