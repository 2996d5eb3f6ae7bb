"""Co-op between devices without a server: WebRTC data channels, signalled by copy-paste codes.

The host makes one ``RTCPeerConnection`` per guest (a star): its invite code is the offer, the
guest's answer code the answer (``engine.runmap.peer.encode_signal``). Only host candidates are
used unless the player opted in to a STUN server, so by default nothing outside the local network
is ever contacted. The hub has the link interface of ``net.TabLink``: ``send``, ``close``, and
inbound text goes straight to ``on_text`` from the channel's event listener (hidden pages too).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

from engine.runmap.peer import MAX_PEER_MESSAGE, decode_signal, encode_signal

from .iceconf import ice_servers
from .net import Message, OnText, new_id

GATHER_S = 4.0


def _obj(d: dict[str, Any]) -> Any:
    return to_js(d, dict_converter=js.Object.fromEntries)


@dataclass
class Peer:
    pc: Any
    ch: Any = None
    proxies: list[Any] = field(default_factory=list)


class RtcHub:
    """The data channels of this device: to every guest (host) or to the host (guest)."""

    kind = "devices"

    def __init__(self, on_text: OnText, stun: bool = False) -> None:
        self.me = new_id()
        self.on_text = on_text
        self.ice = ice_servers(stun)
        self.peers: dict[str, Peer] = {}
        self.seat_of: dict[str, int] = {}
        self.pending: str | None = None  # the host's invite waiting for its answer
        self.on_open: Callable[[str], None] = lambda _k: None
        self.on_close: Callable[[str, int | None], None] = lambda _k, _s: None

    # ------------------------------------------------------------ signalling
    def _pc(self, key: str) -> Peer:
        pc = js.RTCPeerConnection.new(_obj({"iceServers": [_obj(s) for s in self.ice]}))
        peer = Peer(pc)
        self.peers[key] = peer
        return peer

    async def _gathered(self, pc: Any) -> None:
        waited = 0.0
        while str(pc.iceGatheringState) != "complete" and waited < GATHER_S:
            await asyncio.sleep(0.05)
            waited += 0.05

    async def invite(self) -> str:
        """Host: a new connection and its invite code."""
        key = new_id()
        peer = self._pc(key)
        self._wire(key, peer, peer.pc.createDataChannel("gridworks-runmap"))
        await peer.pc.setLocalDescription(await peer.pc.createOffer())
        await self._gathered(peer.pc)
        self.pending = key
        return encode_signal("offer", str(peer.pc.localDescription.sdp))

    async def accept(self, code: str) -> None:
        """Host: the guest's answer code completes the pending invite (``PeerRefusal`` if bad)."""
        sig = decode_signal(code, "answer")
        if self.pending is None or self.pending not in self.peers:
            raise ValueError("make an invite first")
        pc = self.peers[self.pending].pc
        await pc.setRemoteDescription(_obj({"type": "answer", "sdp": sig.sdp}))
        self.pending = None

    async def answer(self, code: str) -> str:
        """Guest: the host's invite code in, this device's answer code out."""
        sig = decode_signal(code, "offer")
        key = new_id()
        peer = self._pc(key)
        on_channel = create_proxy(lambda e: self._wire(key, peer, e.channel))
        peer.proxies.append(on_channel)
        peer.pc.addEventListener("datachannel", on_channel)
        await peer.pc.setRemoteDescription(_obj({"type": "offer", "sdp": sig.sdp}))
        await peer.pc.setLocalDescription(await peer.pc.createAnswer())
        await self._gathered(peer.pc)
        return encode_signal("answer", str(peer.pc.localDescription.sdp))

    def _wire(self, key: str, peer: Peer, ch: Any) -> None:
        peer.ch = ch

        def message(e: Any) -> None:
            data = e.data
            text = data if isinstance(data, str) else ""
            if len(text) > MAX_PEER_MESSAGE:
                text = text[: MAX_PEER_MESSAGE + 1]  # refused as too large, without holding it all
            self.on_text(text if isinstance(data, str) else "<binary>", key, self.seat_of.get(key))

        handlers = {
            "open": lambda _e: self.on_open(key),
            "message": message,
            "close": lambda _e: self._closed(key),
        }
        for name, fn in handlers.items():
            proxy = create_proxy(fn)
            peer.proxies.append(proxy)
            ch.addEventListener(name, proxy)

    def _closed(self, key: str) -> None:
        if key in self.peers:
            self.on_close(key, self.seat_of.get(key))

    # ------------------------------------------------------------ link interface
    def send(self, msg: Message, peer: str | None = None) -> None:
        text = json.dumps({**msg, "from": self.me}, separators=(",", ":"))
        self.send_raw(text, peer)

    def send_raw(self, text: str, peer: str | None = None) -> None:
        for key in [peer] if peer is not None else list(self.peers):
            p = self.peers.get(key)
            if p is not None and p.ch is not None and str(p.ch.readyState) == "open":
                p.ch.send(text)

    def seated(self, peer: str, seat: int | None) -> None:
        if seat is not None:
            self.seat_of[peer] = seat

    def unseated(self, seat: int) -> None:
        for key in [k for k, s in self.seat_of.items() if s == seat]:
            self._drop(key)

    def open_count(self) -> int:
        return sum(1 for p in self.peers.values() if p.ch is not None and str(p.ch.readyState) == "open")

    def _drop(self, key: str) -> None:
        p = self.peers.pop(key, None)
        self.seat_of.pop(key, None)
        if p is not None:
            try:
                p.pc.close()
            except Exception:  # noqa: BLE001 - already closed
                pass

    def close(self) -> None:
        for key in list(self.peers):
            self._drop(key)
