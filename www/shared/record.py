"""A game's own stored record kept next to its save (progress, a campaign, bests, custom levels):
``Record``, validated when read and kept aside with a notice when damaged (``TurnApp.record`` makes
one; ``gwweb.shared.app`` re-exports it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel

R = TypeVar("R", bound=BaseModel)


class StorageLike(Protocol):
    """The parts of ``gwweb.shared.storage.Storage`` a ``Record`` uses."""

    notices: list[str]

    def load(self, name: str, model: Any, version: int = 1) -> Any: ...
    def read_raw(self, name: str) -> str | None: ...
    def quarantine(self, name: str, raw: str, reason: str) -> str: ...
    def save(self, name: str, value: Any, version: int = 1) -> bool: ...


class Record(Generic[R]):
    """A game's own stored record kept next to its save (progress, a campaign, bests, custom levels).

    Read once when made: validated by ``model`` (pydantic) and then by ``check`` (what the model
    accepts but the game cannot use: ``check(value)`` returns why, or ``""``). A damaged or refused
    record is kept aside under a backup key with a player notice (``storage.notices``) and
    ``default()`` is used; a record written by a newer build is held for it (never overwritten).
    ``value`` is the record; ``save()`` stores it, ``reload()`` reads it again (another tab wrote it).
    """

    def __init__(
        self,
        storage: StorageLike,
        name: str,
        model: type[R],
        default: Callable[[], R],
        version: int = 1,
        check: Callable[[R], str] | None = None,
    ) -> None:
        self.storage, self.name, self.model, self.default = storage, name, model, default
        self.version, self.check = version, check
        self.value: R = self.reload()

    def reload(self) -> R:
        """Read the stored record again (kept aside with a notice when damaged); the default if none."""
        st = self.storage
        try:
            got = st.load(self.name, self.model, self.version)
        except Exception as exc:  # noqa: BLE001 - a model's own validator failed in an unforeseen way
            raw = st.read_raw(self.name)
            if raw is not None:
                st.quarantine(self.name, raw, f"{type(exc).__name__}: {exc}"[:160])
            got = None
        if got is not None and self.check is not None:
            why = self.check(got)
            raw = st.read_raw(self.name)
            if why and raw is not None:
                st.quarantine(self.name, raw, why[:160])
                got = None
        self.value = got if got is not None else self.default()
        return self.value

    def save(self) -> bool:
        """Store ``value``; False when it was not stored (the storage tells the player why)."""
        return self.storage.save(self.name, self.value, self.version)


__all__ = ["Record", "StorageLike"]
