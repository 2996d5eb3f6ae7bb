"""Turn plans: the move of Orbit Simulator, a small frozen value with a text round-trip.

A plan is the player's pending state for one "Execute Turn": the energy wanted in the subsystems it
changes, heat to vent, whether to rotate, coast or burn (with a +-1 sector adjustment), the fuel scoop,
and fire orders. Text form (tokens in this canonical order, separated by spaces)::

    eng=3 las=2 vent=1 rotate burn=heavy adj=-1 fire=las:1,2 fire=mis:3
    scp=1 coast scoop

``<sub>=<n>`` for eng thr scp las rail mis shd (pending energy), ``vent=<n>``, ``rotate``, ``coast`` or
``burn=light|medium|heavy`` (+ optional ``adj=+1|-1``), ``scoop``, ``fire=<las|rail|mis>:<ship ids>``.
Ship ids are 0-based. ``parse_plan`` raises ``ValueError`` on malformed text; whether a plan is legal
for a state is ``engine.orbit.turn.validate``'s business.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.orbit.rules import SUB_INDEX, SUBSYSTEMS, WEAPONS, Burn, Subsystem, Weapon

MAX_NUMBER = 99


@dataclass(frozen=True, slots=True)
class FireOrder:
    """Fire ``weapon`` at the ships ``targets`` (ids, ascending, no repeats)."""

    weapon: Weapon
    targets: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.weapon, Weapon):
            object.__setattr__(self, "weapon", Weapon(self.weapon))
        targets = tuple(sorted(int(t) for t in self.targets))
        if not targets:
            raise ValueError(f"fire={self.weapon.value}: at least one target is needed")
        if len(set(targets)) != len(targets):
            raise ValueError(f"fire={self.weapon.value}: a target is named twice")
        if any(t < 0 or t > 3 for t in targets):
            raise ValueError(f"fire={self.weapon.value}: ship ids are 0..3")
        object.__setattr__(self, "targets", targets)

    def text(self) -> str:
        return f"fire={self.weapon.value}:" + ",".join(str(t) for t in self.targets)


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """One turn's orders. Construct directly, with ``TurnPlan.parse(text)``, or ``plan(...)``.

    ``alloc`` lists (subsystem, pending energy) only for subsystems the plan changes; the others keep
    their committed energy. The fields are normalised to canonical order on construction.
    """

    alloc: tuple[tuple[Subsystem, int], ...] = ()
    vent: int = 0
    rotate: bool = False
    burn: Burn | None = None
    adjust: int = 0
    scoop: bool = False
    fire: tuple[FireOrder, ...] = field(default=())

    def __post_init__(self) -> None:
        seen: dict[Subsystem, int] = {}
        for sub, n in self.alloc:
            sub = Subsystem(sub)
            if sub in seen:
                raise ValueError(f"{sub.value} is set twice")
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_NUMBER:
                raise ValueError(f"{sub.value}={n!r}: energy must be a whole number 0..{MAX_NUMBER}")
            seen[sub] = n
        object.__setattr__(self, "alloc", tuple(sorted(seen.items(), key=lambda kv: SUB_INDEX[kv[0]])))
        if not isinstance(self.vent, int) or isinstance(self.vent, bool) or not 0 <= self.vent <= MAX_NUMBER:
            raise ValueError(f"vent={self.vent!r}: must be a whole number 0..{MAX_NUMBER}")
        if self.burn is not None and not isinstance(self.burn, Burn):
            object.__setattr__(self, "burn", Burn(self.burn))
        if self.adjust not in (-1, 0, 1):
            raise ValueError(f"adj={self.adjust!r}: the sector adjustment is -1, 0 or +1")
        if self.adjust and self.burn is None:
            raise ValueError("adj needs a burn (the adjustment applies to a transfer)")
        if self.scoop and self.burn is not None:
            raise ValueError("scoop only while coasting, not with a burn")
        weapons = [f.weapon for f in self.fire]
        if len(set(weapons)) != len(weapons):
            raise ValueError("a weapon can fire once per turn")
        object.__setattr__(self, "fire", tuple(sorted(self.fire, key=lambda f: WEAPONS.index(f.weapon))))

    # -- text ------------------------------------------------------------------------------------------
    def text(self) -> str:
        """Canonical text form (round-trips through ``parse_plan``)."""
        out = [f"{s.value}={n}" for s, n in self.alloc]
        if self.vent:
            out.append(f"vent={self.vent}")
        if self.rotate:
            out.append("rotate")
        if self.burn is None:
            out.append("coast")
        else:
            out.append(f"burn={self.burn.value}")
            if self.adjust:
                out.append(f"adj={self.adjust:+d}")
        if self.scoop:
            out.append("scoop")
        out.extend(f.text() for f in self.fire)
        return " ".join(out)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"TurnPlan.parse({self.text()!r})"

    @staticmethod
    def parse(text: str) -> TurnPlan:
        return parse_plan(text)

    # -- helpers ---------------------------------------------------------------------------------------
    def pending(self, committed: tuple[int, ...]) -> tuple[int, ...]:
        """The pending allocation: ``committed`` with this plan's changes applied."""
        out = list(committed)
        for sub, n in self.alloc:
            out[SUB_INDEX[sub]] = n
        return tuple(out)

    def fire_order(self, weapon: Weapon) -> FireOrder | None:
        for f in self.fire:
            if f.weapon is weapon:
                return f
        return None


COAST = TurnPlan()
"""The plan that changes nothing: coast (always legal)."""


def _int(token: str, value: str) -> int:
    if not value or not (value.isdigit() or (value[0] in "+-" and value[1:].isdigit())):
        raise ValueError(f"{token!r}: expected a whole number")
    return int(value)


def parse_plan(text: str) -> TurnPlan:
    """Parse the text form of a plan; ``ValueError`` names the bad token."""
    if not isinstance(text, str):
        raise ValueError("a plan is text")
    if len(text) > 400:
        raise ValueError("plan text too long")
    tokens = text.strip().lower().split()
    if not tokens:
        raise ValueError("empty plan (use 'coast' to do nothing)")
    alloc: list[tuple[Subsystem, int]] = []
    vent: int | None = None
    rotate = scoop = coast = False
    burn: Burn | None = None
    adjust: int | None = None
    fire: list[FireOrder] = []
    subs = {s.value: s for s in SUBSYSTEMS}
    for tok in tokens:
        key, eq, value = tok.partition("=")
        if not eq:
            if tok == "rotate" and not rotate:
                rotate = True
            elif tok == "scoop" and not scoop:
                scoop = True
            elif tok == "coast" and not coast:
                coast = True
            else:
                raise ValueError(f"unknown or repeated token {tok!r}")
            continue
        if key in subs:
            alloc.append((subs[key], _int(tok, value)))
        elif key == "vent" and vent is None:
            vent = _int(tok, value)
        elif key == "burn" and burn is None:
            try:
                burn = Burn(value)
            except ValueError:
                raise ValueError(f"{tok!r}: burn is light, medium or heavy") from None
        elif key == "adj" and adjust is None:
            adjust = _int(tok, value)
        elif key == "fire":
            wname, colon, ids = value.partition(":")
            try:
                weapon = Weapon(wname)
            except ValueError:
                raise ValueError(f"{tok!r}: weapons are las, rail and mis") from None
            if not colon or not ids:
                raise ValueError(f"{tok!r}: expected fire=<weapon>:<ship id>[,<ship id>...]")
            fire.append(FireOrder(weapon, tuple(_int(tok, i) for i in ids.split(","))))
        else:
            raise ValueError(f"unknown or repeated token {tok!r}")
    if coast and burn is not None:
        raise ValueError("coast and burn are mutually exclusive")
    return TurnPlan(
        alloc=tuple(alloc),
        vent=vent or 0,
        rotate=rotate,
        burn=burn,
        adjust=adjust or 0,
        scoop=scoop,
        fire=tuple(fire),
    )


def plan(
    energy: dict[str, int] | None = None,
    *,
    vent: int = 0,
    rotate: bool = False,
    burn: str | None = None,
    adjust: int = 0,
    scoop: bool = False,
    fire: dict[str, list[int] | int] | None = None,
) -> TurnPlan:
    """Convenience constructor from plain values (for the browser glue and tests).

    ``plan({"eng": 3}, burn="heavy", adjust=-1, fire={"las": [1, 2]})``.
    """
    orders = []
    for w, t in (fire or {}).items():
        orders.append(FireOrder(Weapon(w), tuple(t) if isinstance(t, list) else (t,)))
    return TurnPlan(
        alloc=tuple((Subsystem(k), v) for k, v in (energy or {}).items()),
        vent=vent,
        rotate=rotate,
        burn=Burn(burn) if burn is not None else None,
        adjust=adjust,
        scoop=scoop,
        fire=tuple(orders),
    )
