"""Moves: small frozen values, each sent by a seat, with a text form.

Text forms (``parse_move`` / ``format_move`` round-trip; ``str(move)`` is the text):

=====================  =========================================================
``p0 select 4``        host selects node 4 (must be connected to the current node)
``p0 attack``          rules 1-2: the party attacks (host); rules 3: p0's hero attacks
``p0 defend``          rules 1-2 (host): the party guards this round of the fight
``p0 block``           rules 3: the hero blocks (also ``skill``, ``item``)
``p0 attack h1``       rules 3: p0 (host) acts for hero 1, whose seat is not connected
``p0 buy potion``      host, in a shop: ``potion`` or ``whetstone``
``p0 leave``           host: leave the shop
``p0 choose upgrade``  host, at a shrine: ``blessing``, ``upgrade`` or ``atonement``;
                       at a rest site (rules 3) ``rest`` or ``upgrade``; at an event or
                       trap (rules 3) ``accept`` or ``decline``
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
ShrineOption = Literal["blessing", "upgrade", "atonement", "rest", "accept", "decline"]
FightAction = Literal["attack", "defend", "block", "skill", "item"]

SHOP_ITEMS: tuple[ShopItem, ...] = ("potion", "whetstone")
SHRINE_OPTIONS: tuple[ShrineOption, ...] = ("blessing", "upgrade", "atonement", "rest", "accept", "decline")
FIGHT_ACTIONS: tuple[FightAction, ...] = ("attack", "defend", "block", "skill", "item")


@dataclass(frozen=True)
class Select:
    """Host selects ``node`` on the map."""

    seat: int
    node: int

    def __str__(self) -> str:
        return f"p{self.seat} select {self.node}"


@dataclass(frozen=True)
class Fight:
    """A fight action. Rules 1-2: the host plays the round for the party (``attack``/``defend``).
    Rules 3: ``seat`` chooses ``hero``'s action (``attack``/``block``/``skill``/``item``);
    ``hero`` None means the seat's own hero."""

    seat: int
    action: FightAction
    hero: int | None = None

    @property
    def actor(self) -> int:
        """The hero this action is for."""
        return self.seat if self.hero is None else self.hero

    def __str__(self) -> str:
        tail = "" if self.hero is None or self.hero == self.seat else f" h{self.hero}"
        return f"p{self.seat} {self.action}{tail}"


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
    for action in FIGHT_ACTIONS:
        if verb == action:
            if arg is None:
                return Fight(seat, action)
            if len(arg) == 2 and arg[0] == "h" and arg[1].isdigit() and int(arg[1]) < MAX_PLAYERS:
                hero = int(arg[1])
                return Fight(seat, action, None if hero == seat else hero)
            raise ValueError(f"{verb} takes no argument or a hero h0..h{MAX_PLAYERS - 1}, got {arg!r}")
    if verb in ("leave", "join", "drop"):
        if arg is not None:
            raise ValueError(f"{verb} takes no argument")
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
