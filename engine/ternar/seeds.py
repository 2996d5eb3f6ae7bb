"""Seeds players share without a server (issue #30): challenge links and the daily seed."""

from __future__ import annotations

from engine.ternar.model import MODES

MAX_SEED = 2**64 - 1


def daily_seed(iso_date: str) -> int:
    """The day's seed (the same for everyone on that UTC day): ``"2026-11-28"`` -> 20261128.

    ValueError for anything but a YYYY-MM-DD date.
    """
    parts = iso_date.split("-")
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() for p in parts):
        raise ValueError(f"not a date: {iso_date!r}")
    y, m, d = (int(p) for p in parts)
    if not (1 <= m <= 12 and 1 <= d <= 31):
        raise ValueError(f"not a date: {iso_date!r}")
    return y * 10_000 + m * 100 + d


def link_game(params: dict[str, str], today: str) -> tuple[int, str] | None:
    """``(seed, mode)`` a link asks for: ``seed=N`` (0..2^64-1) or ``daily`` (``today``'s seed), with
    ``mode`` classic (default), storm or zen. None when the link names no game or names it wrongly
    (a bad link never starts something else than it says)."""
    mode = params.get("mode", "classic") or "classic"
    if mode not in MODES:
        return None
    if "daily" in params:
        return daily_seed(today), mode
    text = params.get("seed", "").strip()
    if not (text.isascii() and text.isdigit()):
        return None
    seed = int(text)
    return (seed, mode) if seed <= MAX_SEED else None


def link_query(seed: int, mode: str) -> str:
    """The query of a challenge link for ``seed`` and ``mode`` (``?seed=N&mode=storm``)."""
    return f"?seed={seed}" + ("" if mode == "classic" else f"&mode={mode}")
