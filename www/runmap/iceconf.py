"""ICE servers for the device link: none unless the player opted in to STUN (pure, testable)."""

from __future__ import annotations

STUN_URL = "stun:stun.l.google.com:19302"


def ice_servers(stun: bool) -> list[dict[str, str]]:
    """No ICE server by default (host candidates: one network, nothing outside contacted);
    the public STUN server only when the player turned on "across networks"."""
    return [{"urls": STUN_URL}] if stun else []
