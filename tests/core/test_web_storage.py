"""The browser storage adapter and i18n (pure Python parts of www/shared), run in CPython."""

from __future__ import annotations

import importlib
import sys
import types
from pathlib import Path

from engine.core.schema import Model

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str):
    """``www/shared/<name>.py`` imported as ``gwweb.shared.<name>`` (``www`` is the ``gwweb`` package
    in the browser), so its imports of other shared modules resolve as they do there."""
    if "gwweb" not in sys.modules:
        gw = types.ModuleType("gwweb")
        gw.__path__ = [str(ROOT / "www")]  # type: ignore[attr-defined]
        sys.modules["gwweb"] = gw
    return importlib.import_module(f"gwweb.shared.{name}")


storage = _load("storage")
i18n = _load("i18n")


class Progress(Model):
    level: int
    stars: list[int]


class JsNullBackend(storage.MemoryBackend):
    """Like Pyodide's localStorage: a missing key is JS null, which is not Python None."""

    JSNULL = object()

    def getItem(self, key):  # noqa: N802
        return self.data.get(key, self.JSNULL)


def test_round_trip_and_versioned_wrapper():
    be = storage.MemoryBackend()
    st = storage.Storage("ternar", be)
    assert st.persistent
    assert st.save("progress", Progress(level=3, stars=[1, 2]))
    assert be.data["gridworks:ternar:progress"] == '{"v":1,"data":{"level":3,"stars":[1,2]}}'
    assert st.load("progress", Progress) == Progress(level=3, stars=[1, 2])
    assert st.load("missing", Progress) is None


def test_corrupt_value_is_kept_aside_and_reported_not_overwritten():
    be = storage.MemoryBackend()
    st = storage.Storage("ternar", be, clock=lambda: 1700000000000)
    be.setItem("gridworks:ternar:progress", '{"v":1,"data":{"level":"x"}}')
    assert st.load("progress", Progress) is None
    assert be.getItem("gridworks:ternar:progress") is None
    assert be.getItem("gridworks:ternar:progress:corrupt:1700000000000") == '{"v":1,"data":{"level":"x"}}'
    (notice,) = st.take_notices()
    assert notice.startswith("Sorry — your progress (stars and levels) could not be read")
    assert "kept aside" in notice  # details last, in brackets, for whoever helps the player
    assert notice.endswith(
        "[gridworks:ternar:progress:corrupt:1700000000000: level: Input should be a valid integer, unable to parse string as an integer]"
    )
    assert "level" in st.log[-1]  # and in the console
    # a second corrupt value at the same instant does not overwrite the first backup
    be.setItem("gridworks:ternar:progress", "garbage")
    st.load("progress", Progress)
    assert be.getItem("gridworks:ternar:progress:corrupt:1700000000000-1") == "garbage"


def test_value_from_a_newer_version_is_kept_for_it_not_moved_or_written_over():
    be = storage.MemoryBackend()
    st = storage.Storage("g", be)
    newer = '{"v":2,"data":{"level":1,"stars":[],"gems":4}}'
    be.setItem("gridworks:g:game", newer)
    assert st.load("game", Progress, version=1) is None
    (notice,) = st.take_notices()
    assert notice.startswith("Your saved game was saved by a newer version of this game")
    assert not st.save("game", Progress(level=2, stars=[]))  # this build never writes over it
    assert be.data == {"gridworks:g:game": newer}  # no corrupt key, the record as it was
    assert st.load("game", Progress, version=1) is None and st.take_notices() == []  # told once
    # the same version (boundary) is read; one below is read too
    be.setItem("gridworks:g:p", '{"v":1,"data":{"level":1,"stars":[]}}')
    assert st.load("p", Progress, version=1) is not None
    be.setItem("gridworks:g:q", '{"v":0,"data":{"level":1,"stars":[]}}')
    assert st.load("q", Progress, version=1) is not None and "g" not in st.held


def test_js_null_counts_as_absent():
    be = JsNullBackend()
    st = storage.Storage("g", be)
    assert st.load("p", Progress) is None
    assert st.take_notices() == []


def test_unavailable_storage_falls_back_to_memory():
    class Broken:
        def setItem(self, k, v):  # noqa: N802
            raise RuntimeError("SecurityError")

        def getItem(self, k):  # noqa: N802
            raise RuntimeError("SecurityError")

        def removeItem(self, k):  # noqa: N802
            raise RuntimeError("SecurityError")

    st = storage.Storage("g", Broken())
    assert not st.persistent and st.status == "blocked"
    st.save("p", Progress(level=1, stars=[]))
    assert st.load("p", Progress).level == 1
    assert st.take_notices() == [
        "This browser does not let the game store anything, so your progress will not be saved. "
        "You can still play."
    ]


class Full(storage.MemoryBackend):
    """A browser whose storage is full: reads work, every write raises ``QuotaExceededError``."""

    def __init__(self, probe_ok: bool = False) -> None:
        super().__init__()
        self.probe_ok = probe_ok

    def setItem(self, k, v):  # noqa: N802
        if self.probe_ok and k.startswith("gridworks:__probe__"):
            return
        raise RuntimeError("QuotaExceededError: the quota has been exceeded")


def test_quota_error_on_save_is_told_once_and_the_page_keeps_its_changes():
    be = Full(probe_ok=True)  # the probe fits, the save does not
    st = storage.Storage("g", be)
    assert st.status == "ok"
    assert not st.save("p", Progress(level=1, stars=[]))
    assert st.status == "full" and not st.persistent
    assert st.take_notices() == [
        "This browser's storage is full, so new progress cannot be saved. What was saved before is "
        "still here, and you can play on."
    ]
    assert not st.save("p", Progress(level=2, stars=[])) and st.take_notices() == []  # once
    assert st.load("p", Progress).level == 2  # the page still has what it played


def test_full_storage_still_reads_what_is_stored():
    be = Full()
    be.data["gridworks:g:game"] = '{"v":1,"data":{"level":7,"stars":[3]}}'
    st = storage.Storage("g", be)
    assert st.status == "full"
    assert st.load("game", Progress) == Progress(level=7, stars=[3])  # not a fresh start
    st.lang = lambda: "ru"
    assert st.take_notices()[0].startswith("Хранилище браузера переполнено")
    st.save("game", Progress(level=8, stars=[3]))
    assert st.load("game", Progress).level == 8  # this page reads its own play
    assert be.data["gridworks:g:game"] == '{"v":1,"data":{"level":7,"stars":[3]}}'  # stored one untouched
    st.remove("game")
    assert st.load("game", Progress) is None and "gridworks:g:game" in be.data


def test_read_only_storage_reads_and_says_so():
    class ReadOnly(storage.MemoryBackend):
        def setItem(self, k, v):  # noqa: N802
            raise RuntimeError("SecurityError: writes are not allowed")

    be = ReadOnly()
    be.data["gridworks:g:p"] = '{"v":1,"data":{"level":2,"stars":[]}}'
    st = storage.Storage("g", be)
    assert st.status == "readonly" and st.load("p", Progress).level == 2
    assert "read its saves but not write them" in st.take_notices()[0]


def test_language_choice():
    assert i18n.pick_language("ru-RU") == "ru"
    assert i18n.pick_language("de-DE") == "en"
    assert i18n.pick_language("de-DE", default="ru") == "ru"
    assert i18n.pick_language("ru", stored="en") == "en"
    t = i18n.I18n({"en": {"hi": "Hello {name}", "only_en": "E"}, "ru": {"hi": "Привет {name}"}}, "ru")
    assert t.t("hi", name="Аня") == "Привет Аня"
    assert t.t("only_en") == "E" and t.t("nope") == "nope"
    assert t.toggle() == "en" and t.t("hi", name="Ann") == "Hello Ann"


def test_corrupt_notice_follows_the_page_language():
    be = storage.MemoryBackend()
    st = storage.Storage("ternar", be, clock=lambda: 5)
    st.lang = lambda: "ru"
    be.setItem("gridworks:ternar:progress", "garbage")
    assert st.load("progress", Progress) is None
    (notice,) = st.take_notices()
    assert notice.startswith("Простите — не удалось прочитать: ваш прогресс (звёзды и уровни)")
    assert "[gridworks:ternar:progress:corrupt:5: " in notice
    st.lang = lambda: "de"  # no table: English; a record without its own words is "saved data"
    be.setItem("gridworks:ternar:odd", "garbage")
    st.load("odd", Progress)
    assert st.take_notices()[0].startswith("Sorry — saved data could not be read")
