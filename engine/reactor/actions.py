"""Player actions (the Session moves), their text forms, and how they are applied.

Quick actions (never pulse): ``move n|e|s|w``, ``inspect X Y``, ``view``.
Lengthy actions (one pulse each): ``interact``, ``repair [CARRIER]``, ``remedy ELEMENT``,
``shield``, ``activate``. A refused action raises ``IllegalMoveError`` with the reason and the
given state is never mutated (every change happens on a clone).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import engine.reactor.forecast as forecast
import engine.reactor.network as network
from engine.core.session import IllegalMoveError
from engine.reactor.balance import CARRIERS
from engine.reactor.pulse import (
    LOST,
    REASON_ACTIVATED,
    REASON_ROBOT_HAZARD,
    WON,
    RuntimeInvalid,
    robot_hazard,
    run_pulse,
)
from engine.reactor.pulse import level_state as derive_level_state
from engine.reactor.state import DIRS, ELEMENTS, INTACT, ITEM_FOR, LEAKING, Leak, Outcome, ReactorState
from engine.reactor.surface import door_axis, run_step

if TYPE_CHECKING:
    from engine.reactor.hook import StageHook

QUICK = ("move", "inspect", "view")
LENGTHY = ("interact", "repair", "remedy", "shield", "activate")
_DIR_INDEX = {name.lower(): i for i, (name, _, _) in enumerate(DIRS)}


@dataclass(frozen=True)
class Action:
    """One player action. ``arg`` is a direction, carrier or element; ``x``/``y`` for inspect."""

    kind: str
    arg: str = ""
    x: int = -1
    y: int = -1

    def __str__(self) -> str:
        return format_action(self)

    def __repr__(self) -> str:
        return f"parse_action({format_action(self)!r})"

    @property
    def lengthy(self) -> bool:
        return self.kind in LENGTHY


def parse_action(text: str) -> Action:
    """Parse the text form; ``ValueError`` if malformed."""
    if not isinstance(text, str) or len(text) > 40:
        raise ValueError("action text must be a short string")
    parts = text.strip().lower().split()
    if not parts:
        raise ValueError("empty action")
    kind, rest = parts[0], parts[1:]
    if kind == "move":
        if len(rest) != 1 or rest[0] not in _DIR_INDEX:
            raise ValueError("move needs one direction: n, e, s or w")
        return Action("move", rest[0])
    if kind == "inspect":
        if len(rest) != 2 or not all(p.isdigit() and len(p) <= 3 for p in rest):
            raise ValueError("inspect needs two non-negative integers X Y")
        return Action("inspect", "", int(rest[0]), int(rest[1]))
    if kind in ("view", "interact", "shield", "activate"):
        if rest:
            raise ValueError(f"{kind} takes no arguments")
        return Action(kind)
    if kind == "repair":
        if len(rest) > 1 or (rest and rest[0] not in CARRIERS):
            raise ValueError("repair takes an optional carrier: fuel, coolant or electricity")
        return Action("repair", rest[0] if rest else "")
    if kind == "remedy":
        if len(rest) != 1 or rest[0] not in ELEMENTS:
            raise ValueError("remedy needs an element: fuel, coolant or electricity")
        return Action("remedy", rest[0])
    raise ValueError(f"unknown action {kind!r}")


def format_action(a: Action) -> str:
    """The text form of an action (round-trips through ``parse_action``)."""
    if a.kind == "inspect":
        return f"inspect {a.x} {a.y}"
    return f"{a.kind} {a.arg}" if a.arg else a.kind


def can_view_underground(st: ReactorState) -> bool:
    """All-seeing-eye viewing: robot on a terminal, or access activated at a terminal earlier."""
    p = st.props.get(st.robot)
    return st.eye_access or (p is not None and p.kind == "terminal")


class Refusal(IllegalMoveError):
    """A refused action: ``code`` (stable, see ``REFUSAL_CODES``; the glue owns the words),
    ``params`` (e.g. the missing item) and an English message (``str(exc)``)."""

    def __init__(self, code: str, message: str, **params: str) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


REFUSAL_CODES = (
    "out_of_bounds",
    "wall",
    "no_prop",
    "door_invalid",
    "eye_active",
    "supply_depleted",
    "inventory_full",
    "valve_dry",
    "use_activate",
    "no_leak",
    "several_leaks",
    "no_item",
    "not_at_reactor",
    "reactor_not_ready",
    "malformed",
    "level_over",
    "eye_needed",
    "runtime_invalid",
)


def _refuse(code: str, reason: str, **params: str) -> Refusal:
    return Refusal(code, reason, **params)


def _move(st: ReactorState, a: Action) -> ReactorState:
    g = st.grid
    nb = g.step(st.robot, _DIR_INDEX[a.arg])
    if nb is None:
        raise _refuse("out_of_bounds", "cannot move out of bounds")
    if g.walls[nb]:
        raise _refuse("wall", "cannot move into a wall")
    new = st.clone()
    new.robot = nb
    hz = robot_hazard(new)  # immunity left before this step protects the step that spends it
    if new.heat_immunity > 0:
        new.heat_immunity -= 1
    if hz:
        new.outcome = Outcome(LOST, REASON_ROBOT_HAZARD)
        new.events = (f"robot destroyed by {hz}",)
        new.forecasts = ()
    else:
        new.events = ()
        forecast.refresh_forecasts(new)
    new.level_state = derive_level_state(new)
    return new


def _interact_prop(st: ReactorState) -> None:
    p = st.props.get(st.robot)
    if p is None:
        raise _refuse("no_prop", "there is no prop here")
    if p.kind in ("flow", "consumer"):
        p.enabled = not p.enabled
    elif p.kind == "junction":
        p.ratio_mode = (p.ratio_mode + 1) % len(st.balance.junction_ratio_modes)
    elif p.kind == "door":
        if network_door_invalid(st, p.cell):
            raise _refuse("door_invalid", "this door has no valid corridor axis")
        p.open = not p.open
    elif p.kind == "terminal":
        if st.eye_access:
            raise _refuse("eye_active", "all-seeing-eye access is already active")
        st.eye_access = True
    elif p.kind == "supply":
        if p.depleted:
            raise _refuse("supply_depleted", "this supply is depleted")
        if st.inventory_total() >= st.balance.inventory_capacity:
            raise _refuse("inventory_full", "inventory is full")
        st.inventory[ITEM_FOR[p.item]] += 1
        p.depleted = True
    elif p.kind == "valve":
        if not network.valve_has_coolant(st, p.cell):
            raise _refuse("valve_dry", "no coolant pressure at this valve")
        p.discharging = True
    else:
        raise _refuse("use_activate", "use activate at a reactor control")


def network_door_invalid(st: ReactorState, cell: int) -> bool:
    """A door without exactly one opposing wall pair (cannot happen in a validated level)."""
    return door_axis(st, cell) is None


def _leaks_here(st: ReactorState) -> list[Leak]:
    return [lk for lk in st.leaks if not lk.repaired and lk.access == st.robot]


def _repair(st: ReactorState, carrier: str) -> None:
    here = _leaks_here(st)
    if carrier:
        here = [lk for lk in here if lk.carrier == carrier]
    if not here:
        raise _refuse(
            "no_leak", "no reachable leak here" + (f" for {carrier}" if carrier else ""), carrier=carrier
        )
    if len(here) > 1:
        raise _refuse(
            "several_leaks",
            "several leaks are reachable here; name the carrier (repair fuel|coolant|electricity)",
        )
    lk = here[0]
    lay = st.layers[lk.carrier]
    lay.state[lk.cell] = INTACT
    lay.integrity[lk.cell] = st.balance.max_structural_integrity
    lk.repaired = True


def _remedy(st: ReactorState, element: str) -> None:
    item = ITEM_FOR[element]
    if st.inventory[item] <= 0:
        raise _refuse("no_item", f"no {item.replace('_', ' ')} in inventory", item=item)
    st.inventory[item] -= 1
    st.surface[element][st.robot] = 0.0
    st.blocks[element][st.robot] = st.balance.remedy_duration


def _shield(st: ReactorState) -> None:
    if st.inventory["heat_shield"] <= 0:
        raise _refuse("no_item", "no heat shield in inventory", item="heat_shield")
    st.inventory["heat_shield"] -= 1
    st.heat_immunity = st.balance.heat_immunity_steps
    st.shield_raised = True


def _activate(st: ReactorState) -> None:
    p = st.props.get(st.robot)
    if p is None or p.kind != "reactor":
        raise _refuse("not_at_reactor", "the robot is not at a reactor control")
    if st.robot not in st.ready:
        raise _refuse("reactor_not_ready", "the reactor is not ready")
    p.activated = True
    st.outcome = Outcome(WON, REASON_ACTIVATED)


def apply_action(st: ReactorState, a: Action, on_stage: StageHook | None = None) -> ReactorState:
    """The state after ``a``; raises ``IllegalMoveError`` (with the reason) if refused.

    ``on_stage`` (lengthy actions only) is called after every pulse stage (``engine.reactor.stages``).
    """
    try:
        wellformed = parse_action(format_action(a)) == a
    except ValueError:
        wellformed = False
    if not wellformed:
        raise _refuse("malformed", f"malformed action {a!r}")
    if st.outcome is not None and a.kind != "inspect":
        raise _refuse("level_over", f"the level is over ({st.outcome.result})", result=st.outcome.result)
    if a.kind == "move":
        return _move(st, a)
    if a.kind == "inspect":
        if not st.grid.inside(a.x, a.y):
            raise _refuse("out_of_bounds", "inspect target is out of bounds")
        return st
    if a.kind == "view":
        if not can_view_underground(st):
            raise _refuse("eye_needed", "visit an all-seeing-eye terminal to view the underground")
        return st
    new = st.clone()
    try:
        if a.kind == "interact":
            _interact_prop(new)
        elif a.kind == "repair":
            _repair(new, a.arg)
        elif a.kind == "remedy":
            _remedy(new, a.arg)
        elif a.kind == "shield":
            _shield(new)
        elif a.kind == "activate":
            _activate(new)
        else:
            raise _refuse("malformed", f"unknown action {a.kind!r}")
        run_pulse(new, None, forecast.refresh_forecasts, on_stage=on_stage)
    except RuntimeInvalid as exc:
        raise _refuse("runtime_invalid", f"refused: {exc}", detail=str(exc)) from None
    return new


__all__ = [
    "Action",
    "advance_pulse",
    "advance_step",
    "apply_action",
    "can_view_underground",
    "format_action",
    "parse_action",
    "LEAKING",
]


def advance_pulse(st: ReactorState, on_stage: StageHook | None = None) -> ReactorState:
    """Debug/test/editor tool: one pulse with no player mutation (not a player action)."""
    if st.outcome is not None:
        raise _refuse("level_over", f"the level is over ({st.outcome.result})", result=st.outcome.result)
    new = st.clone()
    try:
        run_pulse(new, None, forecast.refresh_forecasts, on_stage=on_stage)
    except RuntimeInvalid as exc:
        raise _refuse("runtime_invalid", f"refused: {exc}", detail=str(exc)) from None
    return new


def advance_step(st: ReactorState) -> ReactorState:
    """Debug/test/editor tool: one isolated surface step (no network, integrity or safety stages)."""
    new = st.clone()
    run_step(new, None)
    return new


def action_options(st: ReactorState) -> dict[str, bool]:
    """Which lengthy actions the robot can play where it stands (the cheap preconditions of the
    refusals above; a pulse's runtime validation can still refuse an enabled one)."""
    over = st.outcome is not None
    p = st.props.get(st.robot)
    interact = p is not None and p.kind != "reactor"
    if p is not None:
        if p.kind == "terminal" and st.eye_access:
            interact = False
        elif p.kind == "supply" and (p.depleted or st.inventory_total() >= st.balance.inventory_capacity):
            interact = False
        elif p.kind == "valve" and not network.valve_has_coolant(st, p.cell):
            interact = False
    out = {
        "interact": interact,
        "repair": bool(_leaks_here(st)),
        "activate": p is not None and p.kind == "reactor" and st.robot in st.ready,
        "shield": st.inventory["heat_shield"] > 0,
    }
    for e in ELEMENTS:
        out[f"remedy {e}"] = st.inventory[ITEM_FOR[e]] > 0
    return {k: v and not over for k, v in out.items()}
