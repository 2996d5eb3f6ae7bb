"""localStorage adapter: versioned, pydantic-validated JSON per game.

A value that fails validation is moved to a backup key (never overwritten) and
reported through ``notices`` so the game can tell the player. When the browser
gives no storage (private mode, quota, sandboxed iframe) an in-memory
dictionary stands in, and ``persistent`` is False.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Protocol, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


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


class Storage:
    """Per-game store: keys are ``gridworks:<game>:<name>``, values ``{"v": version, "data": ...}``."""

    def __init__(
        self, game: str, backend: Backend | None = None, clock: Callable[[], float] | None = None
    ) -> None:
        self.game = game
        self.notices: list[str] = []
        self.lang: Callable[[], str] = lambda: "en"  # the shell points this at the page's language
        self._clock = clock
        self.persistent = backend is not None and self._probe(backend)
        self.backend: Backend = backend if self.persistent and backend is not None else MemoryBackend()

    @staticmethod
    def _probe(backend: Backend) -> bool:
        try:
            backend.setItem("gridworks:__probe__", "1")
            backend.removeItem("gridworks:__probe__")
            return True
        except Exception:
            return False

    def key(self, name: str) -> str:
        return f"gridworks:{self.game}:{name}"

    def _now(self) -> int:
        return int(self._clock()) if self._clock else 0

    def load(self, name: str, model: type[M], version: int = 1) -> M | None:
        """The stored value for ``name`` validated as ``model``; None if absent.

        A malformed value is moved aside to ``<key>:corrupt:<n>`` and a notice is added.
        """
        raw = self.read_raw(name)
        if raw is None:
            return None
        try:
            wrapper = json.loads(raw)
            if not isinstance(wrapper, dict) or "data" not in wrapper:
                raise ValueError("not a Gridworks record")
            if int(wrapper.get("v", 0)) > version:
                raise ValueError(f"made by a newer version ({wrapper.get('v')})")
            return model.model_validate(wrapper["data"])
        except (ValueError, TypeError, ValidationError) as exc:
            self.quarantine(name, raw, _short(exc))
            return None

    def read_raw(self, name: str) -> str | None:
        """The stored text for ``name``, or None (JS ``null``/``undefined`` and errors included)."""
        try:
            raw = self.backend.getItem(self.key(name))
        except Exception:
            return None
        return raw if isinstance(raw, str) else None

    def quarantine(self, name: str, raw: str, reason: str) -> str:
        """Keep ``raw`` under a backup key, remove the live key, and record a notice."""
        key = self.key(name)
        backup = f"{key}:corrupt:{self._now()}"
        n = 0
        while isinstance(self.backend.getItem(backup), str):
            n += 1
            backup = f"{key}:corrupt:{self._now()}-{n}"
        self.backend.setItem(backup, raw)
        self.backend.removeItem(key)
        self.notices.append(_text(self.lang(), "corrupt").format(name=name, reason=reason, backup=backup))
        return backup

    def save(self, name: str, value: BaseModel, version: int = 1) -> bool:
        """Store ``value``; False (and a notice) when the browser refuses (quota)."""
        raw = json.dumps({"v": version, "data": value.model_dump(mode="json")}, separators=(",", ":"))
        try:
            self.backend.setItem(self.key(name), raw)
            return True
        except Exception as exc:
            self.notices.append(_text(self.lang(), "quota").format(name=name, why=_short(exc)))
            return False

    def remove(self, name: str) -> None:
        try:
            self.backend.removeItem(self.key(name))
        except Exception:
            pass

    def take_notices(self) -> list[str]:
        out, self.notices = self.notices, []
        return out


def _short(exc: BaseException) -> str:
    if isinstance(exc, ValidationError):
        e = exc.errors()[0]
        loc = ".".join(str(p) for p in e.get("loc", ())) or "value"
        return f"{loc}: {e.get('msg', 'invalid')}"
    return str(exc)[:160] or type(exc).__name__


NOTICES = {
    "en": {
        "corrupt": "Saved data “{name}” could not be read ({reason}); it was kept aside as {backup}.",
        "quota": "Could not save “{name}”: {why}",
    },
    "ru": {
        "corrupt": "Сохранение «{name}» не прочитать ({reason}); оно отложено под ключом {backup}.",
        "quota": "Не удалось сохранить «{name}»: {why}",
    },
}


def _text(lang: str, key: str) -> str:
    """A storage notice in ``lang`` (English when the language has no table)."""
    return NOTICES.get(lang, NOTICES["en"])[key]
