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
    try:
        today = str(js.Date.new().toISOString())[:10]
    except Exception:
        today = "1970-01-01"
    return params, today
