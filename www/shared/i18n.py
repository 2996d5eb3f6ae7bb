"""String tables with Russian and English; language from navigator.language, switchable."""

from __future__ import annotations

SUPPORTED = ("ru", "en")


def pick_language(browser_lang: str | None, stored: str | None = None, default: str = "en") -> str:
    """The stored choice if valid, else the browser's language if supported, else ``default``."""
    if stored in SUPPORTED:
        return stored
    code = (browser_lang or "").split("-")[0].lower()
    return code if code in SUPPORTED else default


class I18n:
    """``t(key, **fmt)`` looks up the current language, falling back to English, then the key."""

    def __init__(self, tables: dict[str, dict[str, str]], lang: str = "en") -> None:
        self.tables = tables
        self.lang = lang if lang in tables else "en"

    def set_lang(self, lang: str) -> None:
        if lang in self.tables:
            self.lang = lang

    def toggle(self) -> str:
        langs = [lang for lang in SUPPORTED if lang in self.tables]
        self.lang = langs[(langs.index(self.lang) + 1) % len(langs)] if self.lang in langs else langs[0]
        return self.lang

    def t(self, key: str, **fmt: object) -> str:
        text = self.tables.get(self.lang, {}).get(key) or self.tables.get("en", {}).get(key) or key
        return text.format(**fmt) if fmt else text
