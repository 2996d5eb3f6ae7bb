"""localStorage adapter: versioned, pydantic-validated JSON per game, shared safely between tabs.

* A value that fails validation is moved to a backup key (never overwritten) and the player is
  told in plain words (``storage_text``); the technical reason goes to ``log`` (the console).
* A value written by a newer build (its ``v`` above what this build reads) is kept untouched for
  that build: not moved aside, never written over by this page (``held``).
* Progress records are written with ``update(name, value, merge)``: read what is stored now,
  merge it with this tab's value (``gwweb.shared.merge``), write the result — a stale tab never
  lowers stars or bests another tab earned.
* A game in progress is ``guard``-ed: each write is stamped ``{"by": "<tab>.<n>", ...}``; a tab
  whose last read or write of it is no longer what is stored does not write over the other tab's
  game but calls ``on_conflict(name)`` (the shell asks the player; ``take_over`` writes this tab's:
  the write refused meanwhile, else the game as this tab holds it now when the page told ``guard``
  how to get it, else the game this tab last read or wrote; this tab's next writes then go through).
* When the browser gives no storage (blocked: private mode, sandboxed iframe) an in-memory
  dictionary stands in; when it can read but not write (full, read-only) reads still come from
  the browser and writes stay in memory. Either way the player is told once (``status``).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from . import storage_text as words

M = TypeVar("M", bound=BaseModel)
_tabs = itertools.count(1)


class Backend(Protocol):
    def getItem(self, key: str) -> str | None: ...  # noqa: N802 - Web Storage API names
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802


class MemoryBackend:
    """Dictionary with the Web Storage interface."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.data[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


class Overlay:
    """Reads fall through to the browser's storage, writes stay in memory (storage full or
    read-only): the saves already stored are still read, this page's changes live until it closes."""

    def __init__(self, real: Backend) -> None:
        self.real = real
        self.data: dict[str, str] = {}
        self.gone: set[str] = set()

    def getItem(self, key: str) -> str | None:  # noqa: N802
        if key in self.data:
            return self.data[key]
        if key in self.gone:
            return None
        try:
            raw = self.real.getItem(key)
        except Exception:
            return None
        return raw if isinstance(raw, str) else None

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.data[key] = value
        self.gone.discard(key)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.data.pop(key, None)
        self.gone.add(key)


def stamp_of(raw: str | None) -> str | None:
    """The writer stamp of a guarded record (``{"by":"<tab>.<n>",...}``), None if it has none."""
    if not isinstance(raw, str) or not raw.startswith('{"by":"'):
        return None
    end = raw.find('"', 7)
    return raw[7:end] if end > 7 else None


class Storage:
    """Per-game store: keys are ``gridworks:<game>:<name>``, values ``{"v": version, "data": ...}``."""

    def __init__(
        self,
        game: str,
        backend: Backend | None = None,
        clock: Callable[[], float] | None = None,
        tab: str | None = None,
    ) -> None:
        self.game = game
        self.notices: list[str] = []
        self.log: list[str] = []  # technical details of what the notices tell (for the console)
        self.lang: Callable[[], str] = lambda: "en"  # the shell points this at the page's language
        self.on_conflict: Callable[[str], None] = lambda name: None
        self.tab = tab or f"t{next(_tabs)}"
        self._clock = clock
        self._writes = 0
        self._seen: dict[str, str | None] = {}  # name -> stamp this tab last read or wrote
        self._guarded: set[str] = set()
        self._pending: dict[str, str] = {}  # name -> this tab's refused write (a conflict)
        self._contested: set[str] = set()  # guarded names another tab replaced (the player is asked)
        self._mine: dict[str, str] = {}  # guarded name -> the record this tab last read or wrote
        self._latest: dict[str, Callable[[], tuple[object, int] | None]] = {}
        self.held: dict[str, str] = {}  # name -> why it is kept for a newer build
        self.status = "ok"  # "ok", "blocked", "full" or "readonly"
        self._told = False
        self._unsaved_due = False
        self.backend: Backend = MemoryBackend()
        if backend is not None:
            self.status = self._probe(backend)
            if self.status == "ok":
                self.backend = backend
            elif self.status != "blocked":
                self.backend = Overlay(backend)
        else:
            self.status = "blocked"
        if self.status != "ok":
            self._tell_unsaved()

    @property
    def persistent(self) -> bool:
        """True when what is saved outlives the page."""
        return self.status == "ok"

    @staticmethod
    def _probe(backend: Backend) -> str:
        try:
            backend.getItem("gridworks:__probe__")
        except Exception:
            return "blocked"
        try:
            backend.setItem("gridworks:__probe__", "1")
            backend.removeItem("gridworks:__probe__")
            return "ok"
        except Exception as exc:
            return _refusal(exc)

    def _tell_unsaved(self) -> None:
        """Tell the player once that progress cannot be saved (worded when the notices are taken,
        in the page's language by then)."""
        if not self._told:
            self._told = True
            self._unsaved_due = True

    def key(self, name: str) -> str:
        return f"gridworks:{self.game}:{name}"

    def _now(self) -> int:
        return int(self._clock()) if self._clock else 0

    # -- reading ---------------------------------------------------------------------------------
    def load(self, name: str, model: type[M], version: int = 1) -> M | None:
        """The stored value for ``name`` validated as ``model``; None if absent.

        A malformed value is moved aside to ``<key>:corrupt:<n>`` and a notice is added; a value
        from a newer build is left in place (``held``) with a notice.
        """
        raw = self.read_raw(name)
        if raw is None:
            return None
        try:
            wrapper = json.loads(raw)
            if not isinstance(wrapper, dict) or "data" not in wrapper:
                raise ValueError("not a Gridworks record")
            v = int(wrapper.get("v", 0))
            if v > version:
                self.hold(name, f"record version {v}, this build reads {version}")
                return None
            return model.model_validate(wrapper["data"])
        except (ValueError, TypeError, ValidationError) as exc:
            self.quarantine(name, raw, _short(exc))
            return None

    def read_raw(self, name: str) -> str | None:
        """The stored text for ``name``, or None (JS ``null``/``undefined`` and errors included)."""
        raw = self._get(name)
        self._seen[name] = stamp_of(raw)
        self._contested.discard(name)  # read again: what is stored now is this tab's to hold
        if name in self._guarded:
            self._remember(name, raw)
        return raw

    def _remember(self, name: str, raw: str | None) -> None:
        if raw is None:
            self._mine.pop(name, None)
        else:
            self._mine[name] = raw

    def _get(self, name: str) -> str | None:
        try:
            raw = self.backend.getItem(self.key(name))
        except Exception:
            return None
        return raw if isinstance(raw, str) else None

    # -- records kept aside --------------------------------------------------------------------
    def quarantine(self, name: str, raw: str, reason: str) -> str:
        """Keep ``raw`` under a backup key, remove the live key, and tell the player."""
        key = self.key(name)
        backup = f"{key}:corrupt:{self._now()}"
        n = 0
        while isinstance(self.backend.getItem(backup), str):
            n += 1
            backup = f"{key}:corrupt:{self._now()}-{n}"
        try:
            self.backend.setItem(backup, raw)
            self.backend.removeItem(key)
        except Exception as exc:  # storage full: the stored record stays as it is, this page skips it
            self._refused(exc)
            self.backend.setItem(backup, raw)
            self.backend.removeItem(key)
        self._mine.pop(name, None)
        lang = self.lang()
        self.notices.append(
            words.text(lang, "corrupt").format(what=words.what(lang, name), backup=backup, reason=reason)
        )
        self.log.append(f"{key} kept aside as {backup}: {reason}")
        return backup

    def hold(self, name: str, why: str) -> None:
        """Keep ``name`` for the newer build that wrote it: never written here, the player told once."""
        if name in self.held:
            return
        self.held[name] = why
        self._mine.pop(name, None)
        lang = self.lang()
        w = words.what(lang, name)
        self.notices.append(words.text(lang, "newer").format(What=w[:1].upper() + w[1:]))
        self.log.append(f"{self.key(name)} kept for a newer build: {why}")

    # -- writing ---------------------------------------------------------------------------------
    def guard(self, name: str, latest: Callable[[], tuple[object, int] | None] | None = None) -> None:
        """``name`` holds a game in progress: another tab's newer write is never replaced silently.

        ``latest`` (optional) gives this tab's game as it is now, ``(JSON-ready data, version)`` or
        None for no game: "keep playing here" (``take_over``) then stores exactly that."""
        self._guarded.add(name)
        if latest is not None:
            self._latest[name] = latest

    def save(self, name: str, value: BaseModel, version: int = 1) -> bool:
        """Store ``value``; False when it was not stored (kept for a newer build, another tab's
        game in progress, storage full or read-only: the player is told once)."""
        return self.save_raw(name, value.model_dump(mode="json"), version)

    def save_raw(self, name: str, data: object, version: int = 1) -> bool:
        """Store JSON-ready ``data`` under ``name`` (see ``save``)."""
        if name in self.held:
            return False
        if name not in self._guarded:
            return self._write(name, json.dumps({"v": version, "data": data}, separators=(",", ":")))
        self._writes += 1
        stamp = f"{self.tab}.{self._writes}"
        raw = json.dumps({"by": stamp, "v": version, "data": data}, separators=(",", ":"))
        if self._pending or self._contested or self.conflict(name):
            self._pending[name] = raw
            self.on_conflict(name)
            return False
        return self._write(name, raw)

    def conflict(self, name: str) -> bool:
        """True when another tab has written guarded ``name`` since this tab last read or wrote it."""
        if name not in self._guarded:
            return False
        now = self._get(name)
        return now is not None and stamp_of(now) != self._seen.get(name)

    def take_over(self) -> None:
        """The player keeps this tab's game: it is stored over the other tab's, and this tab's next
        writes go through. For each game in conflict that is, first found: the write refused while
        the player was asked; the game as this tab holds it now (``guard(name, latest)``); the game
        this tab last read or wrote. A tab holding none of these (the game is no longer on screen)
        stores nothing and its next write goes through."""
        pending, self._pending = self._pending, {}
        contested, self._contested = self._contested, set()
        for name in sorted(contested | set(pending)):
            if name in self.held:
                continue
            raw = pending.get(name) or self._now_raw(name)
            if raw is None:
                self._seen[name] = stamp_of(self._get(name))
            else:
                self._write(name, raw)

    def _now_raw(self, name: str) -> str | None:
        """This tab's game ``name`` as a fresh guarded record (``take_over``), or None."""
        latest = self._latest.get(name)
        got = latest() if latest is not None else None
        if got is not None:
            data, version = got
        else:
            mine = self._mine.get(name)
            try:
                old = json.loads(mine) if mine is not None else None
            except ValueError:
                old = None
            if not isinstance(old, dict) or "data" not in old:
                return None
            data, version = old["data"], int(old.get("v", 1))
        self._writes += 1
        return json.dumps(
            {"by": f"{self.tab}.{self._writes}", "v": version, "data": data}, separators=(",", ":")
        )

    @property
    def pending(self) -> bool:
        """A conflict waits for the player's choice."""
        return bool(self._pending)

    def _write(self, name: str, raw: str) -> bool:
        try:
            self.backend.setItem(self.key(name), raw)
            ok = True
        except Exception as exc:  # full or read-only now: this page keeps its changes in memory
            self._refused(exc)
            self.backend.setItem(self.key(name), raw)
            ok = False
        self._seen[name] = stamp_of(raw)
        if name in self._guarded:
            self._remember(name, raw)
        return ok and self.persistent

    def _refused(self, exc: BaseException) -> None:
        self.log.append(f"storage refused a write: {_short(exc)}")
        if isinstance(self.backend, Overlay | MemoryBackend) and self.status != "ok":
            return
        self.status = _refusal(exc)
        self.backend = Overlay(self.backend)
        self._tell_unsaved()

    def update(self, name: str, value: M, merge: Callable[[M, M], M], version: int = 1) -> M:
        """Store ``merge(stored now, value)`` and return it (``value`` when nothing valid is stored).

        The read happens at write time, so progress another tab stored since this tab loaded is
        kept. A record from a newer build is left alone and ``value`` is returned.
        """
        merged = self.merged(name, value, merge, version)
        self.save(name, merged, version)
        return merged

    def merged(self, name: str, value: M, merge: Callable[[M, M], M], version: int = 1) -> M:
        """``merge(stored now, value)`` without writing (``value`` when nothing valid is stored)."""
        stored = self.load(name, type(value), version)
        return value if stored is None else merge(stored, value)

    def changed(self, key: str) -> str | None:
        """Another tab wrote ``key`` (the ``storage`` event): the record's name if it is this
        game's; a guarded game this tab holds, now replaced there, becomes a conflict."""
        prefix = f"gridworks:{self.game}:"
        if not isinstance(key, str) or not key.startswith(prefix):
            return None
        name = key[len(prefix) :]
        if name in self._guarded and self._seen.get(name) is not None and self.conflict(name):
            self._contested.add(name)
            self.on_conflict(name)
        return name

    def remove(self, name: str) -> None:
        try:
            self.backend.removeItem(self.key(name))
        except Exception:
            pass
        self._seen[name] = None
        self._mine.pop(name, None)

    def take_notices(self) -> list[str]:
        """The notices for the player since the last call (the "cannot be saved" one first)."""
        out, self.notices = self.notices, []
        if self._unsaved_due:
            self._unsaved_due = False
            out.insert(0, words.text(self.lang(), self.status))
        return out


def _refusal(exc: BaseException) -> str:
    """``"full"`` for a quota error, ``"readonly"`` for any other refused write."""
    text = f"{type(exc).__name__} {exc}".lower()
    return "full" if "quota" in text or "full" in text else "readonly"


def _short(exc: BaseException) -> str:
    if isinstance(exc, ValidationError):
        e = exc.errors()[0]
        loc = ".".join(str(p) for p in e.get("loc", ())) or "value"
        return f"{loc}: {e.get('msg', 'invalid')}"
    return str(exc)[:160] or type(exc).__name__
