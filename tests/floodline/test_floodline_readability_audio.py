"""Part I §12 audio (issue #16): the ambient music ramps with danger (louder, brighter, faster
notes near the overflow / flood line), is silent when the shell is muted and off the level, and
the gust whoosh / water flow are band-passed noise on the same AudioContext (a fake one here)."""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest


class Param:
    def __init__(self) -> None:
        self.value = 0.0
        self.target: float | None = None

    def setTargetAtTime(self, v: float, t: float, k: float) -> None:  # noqa: N802 - WebAudio names
        self.target = v

    def setValueAtTime(self, v: float, t: float) -> None:  # noqa: N802
        self.value = v

    def exponentialRampToValueAtTime(self, v: float, t: float) -> None:  # noqa: N802
        pass


class Node:
    def __init__(self, ctx: FakeCtx, kind: str) -> None:
        self.kind, self.ctx = kind, ctx
        self.gain, self.frequency, self.detune, self.Q = Param(), Param(), Param(), Param()
        self.type = ""
        self.buffer = None
        ctx.made.append(self)

    def connect(self, other: Any) -> None:
        pass

    def start(self, *a: Any) -> None:
        self.ctx.started.append(self)

    def stop(self, *a: Any) -> None:
        pass

    def getChannelData(self, ch: int) -> list[float]:  # noqa: N802
        return []


class FakeCtx:
    sampleRate = 8000  # noqa: N815
    destination = None

    def __init__(self) -> None:
        self.currentTime = 0.0  # noqa: N815
        self.made: list[Node] = []
        self.started: list[Node] = []

    def __getattr__(self, name: str) -> Any:
        if name.startswith("create"):
            return lambda *a: Node(self, name[6:])
        raise AttributeError(name)


@pytest.fixture
def music_mod(monkeypatch: pytest.MonkeyPatch) -> Any:
    fake_js = types.SimpleNamespace(Function=types.SimpleNamespace(new=lambda *a: lambda *b: None))
    monkeypatch.setitem(sys.modules, "js", fake_js)
    sys.modules.pop("www.floodline.music", None)
    import www.floodline.music as m

    yield m
    sys.modules.pop("www.floodline.music", None)


def notes_in(m: Any, danger: float, seconds: float = 12.0) -> tuple[int, float, float]:
    """(notes played, master gain target, filter frequency target) over ``seconds`` of frames."""
    audio = types.SimpleNamespace(ctx=FakeCtx(), muted=False)
    mu = m.Music(audio)
    t = 0.0
    while t < seconds:
        audio.ctx.currentTime = t
        mu.update(danger, True)
        t += 1 / 60
    notes = sum(1 for n in audio.ctx.started if n.kind == "Oscillator") - 3  # minus the drone
    return notes, mu.master.gain.target, mu.filter.frequency.target


def test_music_ramps_with_danger(music_mod: Any) -> None:
    calm, danger = notes_in(music_mod, 0.0), notes_in(music_mod, 1.0)
    assert danger[0] > 2 * calm[0] > 0  # faster
    assert danger[1] > calm[1] > 0  # louder
    assert danger[2] > calm[2]  # brighter


def test_music_is_silent_when_muted_or_off_the_level(music_mod: Any) -> None:
    audio = types.SimpleNamespace(ctx=FakeCtx(), muted=False)
    mu = music_mod.Music(audio)
    mu.update(0.5, True)
    assert mu.master.gain.target > 0
    audio.muted = True
    for k in range(200):
        audio.ctx.currentTime = 1 + k / 60
        mu.update(0.5, True)
    assert mu.master.gain.target == 0
    played = len(audio.ctx.started)
    mu.filtered_noise(0.5, 0.1, 300, 2000)  # a gust while muted: nothing starts
    assert len(audio.ctx.started) == played
    audio.muted = False
    mu.update(0.5, False)  # back on the menu
    assert mu.master.gain.target == 0
    silent = music_mod.Music(types.SimpleNamespace(ctx=FakeCtx(), muted=True))
    silent.update(1.0, True)
    assert silent.master is None  # muted from the start: no nodes built at all


def test_gust_whoosh_is_a_band_pass_sweep_over_noise(music_mod: Any) -> None:
    audio = types.SimpleNamespace(ctx=FakeCtx(), muted=False)
    mu = music_mod.Music(audio)
    mu.filtered_noise(0.7, 0.12, 300, 2200, 1.6)
    kinds = [n.kind for n in audio.ctx.started]
    assert "BufferSource" in kinds
    bp = [n for n in audio.ctx.made if n.kind == "BiquadFilter" and n.type == "bandpass"]
    assert bp and bp[0].frequency.value == 300
