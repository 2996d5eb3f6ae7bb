"""numpy aggregation helpers shared by the game modules of the lab."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def quartiles(values: Sequence[float]) -> dict[str, float]:
    """25th, 50th and 75th percentiles (linear interpolation); NaN for an empty input."""
    a = np.asarray(values, dtype=float)
    if a.size == 0:
        return {"p25": float("nan"), "median": float("nan"), "p75": float("nan")}
    p25, p50, p75 = np.percentile(a, [25, 50, 75])
    return {"p25": float(p25), "median": float(p50), "p75": float(p75)}


def percentiles(values: Sequence[float], ps: Sequence[float] = (50, 95, 100)) -> list[float]:
    """The given percentiles of ``values`` (NaN for each if empty)."""
    a = np.asarray(values, dtype=float)
    if a.size == 0:
        return [float("nan")] * len(ps)
    return [float(x) for x in np.percentile(a, list(ps))]


def share(flags: Sequence[bool]) -> float:
    """Fraction of true flags (NaN for an empty input)."""
    a = np.asarray(flags, dtype=bool)
    return float(a.mean()) if a.size else float("nan")


def pad_series(series: Sequence[Sequence[float]], length: int, carry: bool = False) -> np.ndarray:
    """Stack per-game series into a (games, length) array; missing turns are NaN or the last value."""
    out = np.full((len(series), length), np.nan)
    for i, s in enumerate(series):
        s = list(s)[:length]
        out[i, : len(s)] = s
        if carry and s:
            out[i, len(s) :] = s[-1]
    return out


def quartiles_by_turn(series: Sequence[Sequence[float]], length: int, carry: bool = False) -> np.ndarray:
    """(3, length) array of p25/median/p75 at each turn over the games still having a value."""
    arr = pad_series(series, length, carry)
    out = np.full((3, length), np.nan)
    for t in range(length):
        col = arr[:, t]
        col = col[~np.isnan(col)]
        if col.size:
            out[:, t] = np.percentile(col, [25, 50, 75])
    return out


def survival(lengths: Sequence[int], horizon: int) -> np.ndarray:
    """Fraction of games still running after each turn 0..horizon (a game of length L survives t < L)."""
    a = np.asarray(lengths, dtype=float)
    t = np.arange(horizon + 1)
    if a.size == 0:
        return np.full(horizon + 1, np.nan)
    return (a[None, :] > t[:, None]).mean(axis=1)


def counts(values: Sequence[object]) -> dict[str, int]:
    """How many times each value occurs, keys as strings, most common first."""
    keys, n = np.unique(np.asarray([str(v) for v in values], dtype=object), return_counts=True)
    order = np.argsort(-n, kind="stable")
    return {str(keys[i]): int(n[i]) for i in order}


def first_index(series: Sequence[bool]) -> int | None:
    """Index of the first true value, or None."""
    a = np.flatnonzero(np.asarray(series, dtype=bool))
    return int(a[0]) if a.size else None


def median_or_none(values: Sequence[float | None]) -> float | None:
    """Median of the non-None values, None if there are none."""
    a = np.asarray([v for v in values if v is not None], dtype=float)
    return float(np.median(a)) if a.size else None
