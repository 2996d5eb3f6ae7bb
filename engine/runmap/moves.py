"""Moves: small frozen values, each sent by a seat, with a text form.

Text forms (``parse_move`` / ``format_move`` round-trip; ``str(move)`` is the text):

=====================  =========================================================
``p0 select 4``        host selects node 4 (must be connected to the current node)
``p0 attack``          host: the party attacks this round of the fight
``p0 defend``          host: the party guards this round of the fight
``p0 buy potion``      host, in a shop: ``potion`` or ``whetstone``
``p0 leave``           host: leave the shop
``p0 choose upgrade``  host, at a shrine: ``blessing``, ``upgrade`` or ``atonement``
``p1 join``            seat 1 connects (becomes host if nobody is)
``p1 drop``            seat 1 disconnects (host passes to the lowest connected seat)
=====================  =========================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from engine.runmap.config import MAX_PLAYERS

ShopItem = Literal["potion", "whetstone"]
ShrineOption = Literal["blessing", "upgrade", "atonement"]
FightAction = Literal["attack", "defend"]

SHOP_ITEMS: tuple[ShopItem, ...] = ("potion", "whetstone")
SHRINE_OPTIONS: tuple[ShrineOption, ...] = ("blessing", "upgrade", "atonement")


@dataclass(frozen=True)
class Select:
    """Host selects ``node`` on the map."""

    seat: int
    node: int

    def __str__(self) -> str:
        return f"p{self.seat} select {self.node}"


@dataclass(frozen=True)
class Fight:
    """Host plays one round of the skirmish: ``attack`` or ``defend``."""

    seat: int
    action: FightAction

    def __str__(self) -> str:
        return f"p{self.seat} {self.action}"


@dataclass(frozen=True)
class Buy:
    """Host buys ``item`` in a shop."""

    seat: int
    item: ShopItem

    def __str__(self) -> str:
        return f"p{self.seat} buy {self.item}"


@dataclass(frozen=True)
class Leave:
    """Host leaves the shop."""

    seat: int

    def __str__(self) -> str:
        return f"p{self.seat} leave"


@dataclass(frozen=True)
class Choose:
    """Host takes one shrine ``option``."""

    seat: int
    option: ShrineOption

    def __str__(self) -> str:
        return f"p{self.seat} choose {self.option}"


@dataclass(frozen=True)
class Join:
    """Seat connects."""

    seat: int

    def __str__(self) -> str:
        return f"p{self.seat} join"


@dataclass(frozen=True)
class Drop:
    """Seat disconnects."""

    seat: int

    def __str__(self) -> str:
        return f"p{self.seat} drop"


Move = Select | Fight | Buy | Leave | Choose | Join | Drop

_RE = re.compile(r"p([0-9]) ([a-z]+)(?: ([a-z0-9]+))?")


def parse_move(text: str) -> Move:
    """Parse a move's text form; ``ValueError`` names what is malformed."""
    if not isinstance(text, str):
        raise ValueError("a move must be text")
    m = _RE.fullmatch(text.strip())
    if m is None:
        raise ValueError(f"malformed move {text!r} (expected e.g. 'p0 select 3')")
    seat, verb, arg = int(m.group(1)), m.group(2), m.group(3)
    if seat >= MAX_PLAYERS:
        raise ValueError(f"seat p{seat} does not exist (p0..p{MAX_PLAYERS - 1})")
    if verb == "select":
        if arg is None or not arg.isdigit() or len(arg) > 4:
            raise ValueError(f"select needs a node index, got {arg!r}")
        return Select(seat, int(arg))
    if verb in ("attack", "defend", "leave", "join", "drop"):
        if arg is not None:
            raise ValueError(f"{verb} takes no argument")
        if verb == "attack":
            return Fight(seat, "attack")
        if verb == "defend":
            return Fight(seat, "defend")
        if verb == "leave":
            return Leave(seat)
        if verb == "join":
            return Join(seat)
        return Drop(seat)
    if verb == "buy":
        for item in SHOP_ITEMS:
            if arg == item:
                return Buy(seat, item)
        raise ValueError(f"buy needs one of {', '.join(SHOP_ITEMS)}")
    if verb == "choose":
        for option in SHRINE_OPTIONS:
            if arg == option:
                return Choose(seat, option)
        raise ValueError(f"choose needs one of {', '.join(SHRINE_OPTIONS)}")
    raise ValueError(f"unknown move verb {verb!r}")


def format_move(move: Move) -> str:
    """The text form of ``move``."""
    return str(move)
