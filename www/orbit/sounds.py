"""The page's sound effects (short tones through the shared ``Audio``)."""

from __future__ import annotations

from gwweb.shared.audio import Audio


def play(a: Audio, kind: str) -> None:
    """``kind``: click, bad, exec, burn, hit or end."""
    if kind == "click":
        a.tone(660, 0.05, gain=0.08)
    elif kind == "bad":
        a.tone(180, 0.12, kind="square", gain=0.06)
    elif kind == "exec":
        a.tone(440, 0.09, gain=0.1)
        a.tone(660, 0.12, gain=0.1, delay=0.08)
    elif kind == "burn":
        a.tone(120, 0.4, kind="sawtooth", gain=0.05, glide_to=260)
    elif kind == "hit":  # a thud of tones (white noise would be built sample by sample in Python)
        a.tone(95, 0.16, kind="square", gain=0.06, glide_to=45)
        a.tone(160, 0.08, kind="sawtooth", gain=0.04, glide_to=70)
    elif kind == "end":
        for k, f in enumerate((523, 659, 784, 1046)):
            a.tone(f, 0.18, gain=0.1, delay=k * 0.12)
