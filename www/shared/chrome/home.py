"""The way back to the launcher from every screen (an installed app has no address bar)."""

from __future__ import annotations

from typing import Any

HOME = "home"  # the top bar's button id
HOME_KEY = "Backquote"  # no game binds it; Alt+Home is the browser's own


def launcher_url(href: str) -> str:
    """The launcher's address for a game page at ``href`` (``.../<game>/?q#h`` -> ``.../``)."""
    base = href.split("#")[0].split("?")[0]
    if base.endswith("/"):
        base = base[:-1]
    return base.rsplit("/", 1)[0] + "/"


def shows_home(shell: Any) -> bool:
    """Inside a blog post (``shell.embed``) the game is a guest: the blog is its home, no button."""
    return not bool(getattr(shell, "embed", False))


def go_home(shell: Any) -> None:
    """Open the launcher in this tab (the game is already saved after each move)."""
    if not shows_home(shell):
        return
    import js  # type: ignore[import-not-found]

    js.window.location.assign(launcher_url(str(js.window.location.href)))


__all__ = ["HOME", "HOME_KEY", "go_home", "launcher_url", "shows_home"]
