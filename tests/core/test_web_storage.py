"""The browser storage adapter and i18n (pure Python parts of www/shared), run in CPython."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from engine.core.schema import Model

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"_gw_{name}", ROOT / "www" / "shared" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


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
    assert "progress" in notice and "level" in notice and "kept aside" in notice
    # a second corrupt value at the same instant does not overwrite the first backup
    be.setItem("gridworks:ternar:progress", "garbage")
    st.load("progress", Progress)
    assert be.getItem("gridworks:ternar:progress:corrupt:1700000000000-1") == "garbage"


def test_value_from_a_newer_version_is_quarantined():
    be = storage.MemoryBackend()
    st = storage.Storage("g", be)
    be.setItem("gridworks:g:p", '{"v":9,"data":{"level":1,"stars":[]}}')
    assert st.load("p", Progress) is None
    assert "newer version" in st.take_notices()[0]


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
    assert not st.persistent
    st.save("p", Progress(level=1, stars=[]))
    assert st.load("p", Progress).level == 1


def test_quota_error_on_save_is_reported():
    class Full(storage.MemoryBackend):
        def setItem(self, k, v):  # noqa: N802
            if k.startswith("gridworks:__probe__"):
                return
            raise RuntimeError("QuotaExceededError")

    st = storage.Storage("g", Full())
    assert not st.save("p", Progress(level=1, stars=[]))
    assert "QuotaExceededError" in st.take_notices()[0]


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
    assert (
        notice.startswith("Сохранение «progress» не прочитать")
        and "gridworks:ternar:progress:corrupt:5" in notice
    )
    st.lang = lambda: "de"  # no table: English
    be.setItem("gridworks:ternar:progress", "garbage")
    st.load("progress", Progress)
    assert st.take_notices()[0].startswith("Saved data “progress” could not be read")
