"""The page address a challenge link or the daily seed comes in by (``?seed=N&mode=…``, ``?daily``;
issue #30). Read once at start; ``engine.ternar.seeds.link_game`` decides what it means."""

from __future__ import annotations


def page_link() -> tuple[dict[str, str], str]:
    """The page address's query (and ``#`` part) as a dict, and today's UTC date (YYYY-MM-DD)."""
    from urllib.parse import parse_qsl

    import js  # type: ignore[import-not-found]

    loc = js.location
    params = dict(parse_qsl(str(getattr(loc, "hash", "")).lstrip("#"), keep_blank_values=True))
    params.update(parse_qsl(str(getattr(loc, "search", "")).lstrip("?"), keep_blank_values=True))
    return params, today_utc()


def today_utc() -> str:
    """Today's UTC date (YYYY-MM-DD) by the browser's clock: the daily seed's day (issue #30)."""
    import js  # type: ignore[import-not-found]

    try:
        return str(js.Date.new().toISOString())[:10]
    except Exception:
        return "1970-01-01"
