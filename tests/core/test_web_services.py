"""Shared glue services (pure Python parts of www/shared), run in CPython: toasts, progress, seeds."""

from __future__ import annotations

import json

from tests.core.test_web_storage import _load

storage = _load("storage")
toasts = _load("toasts")
progress = _load("progress")
clock = _load("clock")


class FakeShell:
    def __init__(self) -> None:
        self.said: list[str] = []
        self.redraws = 0

    def announce(self, text: str) -> None:
        self.said.append(text)

    def invalidate(self) -> None:
        self.redraws += 1


def test_toasts_announce_fade_and_expire():
    t = [0.0]
    shell = FakeShell()
    q = toasts.Toasts(shell, clock=lambda: t[0], ms=1000, keep=2)
    q.push("Saved")
    assert shell.said == ["Saved"] and shell.redraws == 1
    assert q.visible() == [("Saved", 1.0)]
    t[0] = 800.0
    assert q.visible()[0][1] < 1.0  # fading out in its last moments
    q.push("Saved")  # the same message again refreshes it instead of stacking
    assert len(q.items) == 1 and q.visible() == [("Saved", 1.0)]
    q.push("B")
    q.push("C")
    assert q.texts() == ["B", "C"]
    t[0] = 5000.0
    assert q.visible() == [] and not q.active()


def test_progress_keeps_best_and_most_stars_and_survives_reload():
    backend = storage.MemoryBackend()
    p = progress.Progress(storage.Storage("reactor", backend))
    assert p.record_best(120, "classic")
    assert not p.record_best(100, "classic") and p.best("classic") == 120
    steps = progress.Progress(storage.Storage("template", storage.MemoryBackend()))
    assert steps.record_best(9, lower_better=True) and steps.record_best(7, lower_better=True)
    assert not steps.record_best(8, lower_better=True) and steps.best() == 7
    assert p.record_stars("lv01", 2, stars_max=90)
    assert not p.record_stars("lv01", 1) and p.stars("lv01") == 2
    p.set_current(True, level=4, levels=30, score=55)
    raw = json.loads(backend.getItem("gridworks:reactor:scores"))
    assert raw["v"] == 1 and raw["data"]["best"] == {"classic": 120}
    again = progress.Progress(storage.Storage("reactor", backend))
    assert again.best("classic") == 120 and again.total_stars() == 2 and again.data.stars_max == 90
    assert again.data.in_progress and again.data.level == 4 and again.data.levels == 30


def test_corrupt_progress_is_kept_aside_and_play_goes_on():
    backend = storage.MemoryBackend()
    backend.setItem("gridworks:ternar:scores", '{"v":1,"data":{"best":{"classic":"lots"}}}')
    st = storage.Storage("ternar", backend)
    p = progress.Progress(st)
    assert p.best("classic") is None and st.notices
    assert any(k.startswith("gridworks:ternar:scores:corrupt:") for k in backend.keys())


def test_seeds_mix_both_clocks_and_fit_the_width():
    a = clock.mix_seed(1_700_000_000_000, 123_456)
    assert a == clock.mix_seed(1_700_000_000_000, 123_456)
    assert a != clock.mix_seed(1_700_000_000_001, 123_456) != clock.mix_seed(1_700_000_000_000, 123_457)
    assert 0 <= a < 2**32
    assert 0 <= clock.mix_seed(5, 7, bits=63) < 2**63 and clock.mix_seed(5, 7, bits=63) >= 2**32


def test_the_launcher_and_the_games_share_the_language_key():
    from buildtools.launcher import SCRIPT

    key = storage.Storage("prefs", storage.MemoryBackend()).key("lang")  # what the shell reads and writes
    assert key == "gridworks:prefs:lang" and f'"{key}"' in SCRIPT


def test_sync_mirrors_a_games_own_record_and_writes_only_on_change():
    backend = storage.MemoryBackend()
    writes = []
    set_item = backend.setItem
    backend.setItem = lambda k, v: (writes.append(k), set_item(k, v))  # type: ignore[method-assign]
    p = progress.Progress(storage.Storage("floodline", backend))
    p.sync(stars={"lv01": 3}, stars_max=90, in_progress=True, level=2, levels=30)
    p.sync(stars={"lv01": 3}, stars_max=90, in_progress=True, level=2, levels=30)
    assert writes.count("gridworks:floodline:scores") == 1
    p.sync(best={"endless": 40})
    data = json.loads(backend.getItem("gridworks:floodline:scores"))["data"]
    assert data["stars"] == {"lv01": 3} and data["best"] == {"endless": 40} and data["level"] == 2


def test_the_shell_exposes_reduced_motion_as_the_loader_keeps_it() -> None:
    """Games read ``shell.reduced_motion``: boot.js's ``gridworks.reducedMotion`` (prefers-reduced-
    motion), False when it is unset or there is no window."""
    import sys
    import types

    from tests.gwstub import glue_modules

    with glue_modules(["shared.shell"]) as mods:
        shell, js = mods["shared.shell"], sys.modules["js"]
        assert shell.reduced_motion() is False  # no window at all
        js.window = types.SimpleNamespace(gridworks=types.SimpleNamespace())  # type: ignore[attr-defined]
        assert shell.reduced_motion() is False  # the loader has not said
        js.window.gridworks.reducedMotion = True  # type: ignore[attr-defined]
        assert shell.reduced_motion() is True
        js.window.gridworks.reducedMotion = False  # type: ignore[attr-defined]
        assert shell.reduced_motion() is False
