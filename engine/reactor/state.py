"""Runtime state of a Reactor Maintenance level and its conversion to/from the level schema.

Cells are indexed ``y * width + x``. Underground layers and surface quantities are stored in
``array('f')`` (single precision: every stored value is a C# ``float``).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field, replace
from typing import Any

from engine.reactor.balance import CARRIERS, QUANTITIES, Balance
from engine.reactor.f32 import f32, zeros
from engine.reactor.schema import (
    Blocks,
    ConsumerPropM,
    DoorPropM,
    DynamicM,
    FlowPropM,
    InventoryM,
    JunctionPropM,
    Layers,
    LeakM,
    LevelM,
    Meta,
    PropM,
    ReactorPropM,
    Requirements,
    RobotM,
    ServiceM,
    SupplyPropM,
    SurfaceCellM,
    TerminalPropM,
    UnderCell,
    ValvePropM,
    WarningM,
)

ABSENT, INTACT, LEAKING = 0, 1, 2
STRUCT_NAMES = ("absent", "intact", "leaking")
DIRS: tuple[tuple[str, int, int], ...] = (("N", 0, -1), ("E", 1, 0), ("S", 0, 1), ("W", -1, 0))
ELEMENTS = ("fuel", "coolant", "electricity")  # elements with neutralisers and re-entry blocks
ITEM_FOR: dict[str, str] = {
    "fuel": "fuel_neutralizer",
    "coolant": "coolant_neutralizer",
    "electricity": "electricity_neutralizer",
    "heat": "heat_shield",
}
ITEMS: tuple[str, ...] = tuple(ITEM_FOR.values())


@dataclass(frozen=True)
class Grid:
    """Static terrain and adjacency (shared between states)."""

    width: int
    height: int
    walls: tuple[bool, ...]
    neighbors: tuple[tuple[tuple[int, int], ...], ...]  # per cell: (direction index, neighbour cell), N E S W
    floor_cells: tuple[int, ...]
    floor_pairs: tuple[tuple[int, int], ...]  # each unordered adjacent floor pair once (east, south)
    cell_pairs: tuple[tuple[tuple[int, int], ...], ...]  # per cell: the floor pairs it belongs to

    @classmethod
    def build(cls, width: int, height: int, terrain: list[str]) -> Grid:
        walls = tuple(
            (y >= len(terrain) or x >= len(terrain[y]) or terrain[y][x] == "#")
            for y in range(height)
            for x in range(width)
        )
        nbrs = []
        for y in range(height):
            for x in range(width):
                row = []
                for d, (_, dx, dy) in enumerate(DIRS):
                    nx, ny = x + dx, y + dy
                    if 0 <= nx < width and 0 <= ny < height:
                        row.append((d, ny * width + nx))
                nbrs.append(tuple(row))
        floor = tuple(i for i, w in enumerate(walls) if not w)
        pairs = []
        for i in floor:
            x, y = i % width, i // width
            if x + 1 < width and not walls[i + 1]:
                pairs.append((i, i + 1))
            if y + 1 < height and not walls[i + width]:
                pairs.append((i, i + width))
        per_cell: list[list[tuple[int, int]]] = [[] for _ in walls]
        for a, c in pairs:
            per_cell[a].append((a, c))
            per_cell[c].append((a, c))
        return cls(width, height, walls, tuple(nbrs), floor, tuple(pairs), tuple(tuple(p) for p in per_cell))

    def xy(self, cell: int) -> tuple[int, int]:
        return cell % self.width, cell // self.width

    def cell(self, x: int, y: int) -> int:
        return y * self.width + x

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def step(self, cell: int, direction: int) -> int | None:
        """The neighbour of ``cell`` in direction index ``direction`` (N E S W), or None at the edge."""
        for d, n in self.neighbors[cell]:
            if d == direction:
                return n
        return None


@dataclass(slots=True)
class Prop:
    """A surface prop (mutable inside one apply; states are cloned before mutation)."""

    kind: str
    cell: int
    carrier: str = ""
    enabled: bool = True
    ratio_mode: int = 0
    open: bool = False
    item: str = ""
    depleted: bool = False
    outlets: tuple[int, ...] = ()
    activated: bool = False
    discharging: bool = False


@dataclass(slots=True)
class Leak:
    """A leak: carrier, underground cell, floor access cell, repair state."""

    carrier: str
    cell: int
    access: int
    repaired: bool = False


class Layer:
    """One carrier's underground cells: structural state, amount, intensity, integrity."""

    __slots__ = ("state", "amount", "intensity", "integrity")

    def __init__(self, n: int) -> None:
        self.state = bytearray(n)
        self.amount = zeros(n)
        self.intensity = zeros(n)
        self.integrity = zeros(n)

    def clone(self) -> Layer:
        other = Layer.__new__(Layer)
        other.state = bytearray(self.state)
        other.amount = array("f", self.amount)
        other.intensity = array("f", self.intensity)
        other.integrity = array("f", self.integrity)
        return other


@dataclass(frozen=True)
class ForecastWarning:
    """A forecast/status warning; ``pulse`` is the offset shown as "Pulse +N"."""

    kind: str
    pulse: int
    cell: int | None = None
    subject: str = ""
    message: str = ""

    def label(self) -> str:
        return f"Pulse +{self.pulse}"


@dataclass(frozen=True)
class Outcome:
    """End of the level: result "won" or "lost" and the reason."""

    result: str
    reason: str


@dataclass
class ReactorState:
    """Everything the engine simulates; treat as immutable outside ``apply`` (use ``clone``)."""

    meta: Meta
    balance: Balance
    difficulty: str
    grid: Grid
    layers: dict[str, Layer]
    surface: dict[str, array]
    blocks: dict[str, array]
    props: dict[int, Prop]
    leaks: list[Leak]
    robot: int
    heat_immunity: int
    inventory: dict[str, int]
    required: dict[str, int]
    eye_access: bool = False
    shield_raised: bool = False  # a shield was raised in the pulse running now (stage 9 spares it)
    pulse: int = 0
    outcome: Outcome | None = None
    services: dict[int, dict[str, str]] = field(default_factory=dict)
    ready: tuple[int, ...] = ()
    level_state: str = "Stable"
    forecasts: tuple[ForecastWarning, ...] = ()
    events: tuple[str, ...] = ()
    pressure_drop: dict[int, float] = field(default_factory=dict)
    present: dict[str, tuple[int, ...]] = field(default_factory=dict)  # static: present cells per carrier
    prop_cells: dict[str, tuple[int, ...]] = field(default_factory=dict)  # static: prop cells per kind
    trace: object = None  # cached robot-independent forecast trace (engine.reactor.forecast.Trace)

    def clone(self) -> ReactorState:
        """A deep copy of every mutable part (static parts are shared)."""
        return replace(
            self,
            layers={c: layer.clone() for c, layer in self.layers.items()},
            surface={q: array("f", a) for q, a in self.surface.items()},
            blocks={e: array("h", a) for e, a in self.blocks.items()},
            props={c: replace(p) for c, p in self.props.items()},
            leaks=[replace(lk) for lk in self.leaks],
            inventory=dict(self.inventory),
            required=dict(self.required),
            services={c: dict(s) for c, s in self.services.items()},
            pressure_drop=dict(self.pressure_drop),
        )

    # -- convenience -----------------------------------------------------------------------------
    def props_of(self, kind: str) -> list[Prop]:
        """Props of one kind in cell order (props never move, so the cell lists are static)."""
        cells = self.prop_cells.get(kind)
        if cells is None:
            cells = tuple(c for c in sorted(self.props) if self.props[c].kind == kind)
            self.prop_cells[kind] = cells
        return [self.props[c] for c in cells]

    def carriers_at(self, cell: int) -> list[str]:
        """Carriers with a present underground cell at ``cell`` (fuel, coolant, electricity order)."""
        return [c for c in CARRIERS if self.layers[c].state[cell] != ABSENT]

    def leak_at(self, carrier: str, cell: int) -> Leak | None:
        for lk in self.leaks:
            if lk.carrier == carrier and lk.cell == cell:
                return lk
        return None

    def inventory_total(self) -> int:
        return sum(self.inventory.values())


# -- level model -> state -------------------------------------------------------------------------
def state_from_level(level: LevelM, balance: Balance, difficulty: str) -> ReactorState:
    """Build runtime state from a (validated) level; values are rounded to single precision."""
    grid = Grid.build(level.width, level.height, level.terrain)
    n = level.width * level.height
    cell = grid.cell
    layers = {c: Layer(n) for c in CARRIERS}
    for c in CARRIERS:
        lay = layers[c]
        for uc in getattr(level.layers, c):
            i = cell(uc.x, uc.y)
            lay.state[i] = LEAKING if uc.state == "leaking" else INTACT
            integ = balance.max_structural_integrity if uc.integrity is None else uc.integrity
            lay.integrity[i] = min(f32(integ), balance.max_structural_integrity)
            lay.amount[i] = uc.amount
            lay.intensity[i] = uc.intensity
    surface = {q: zeros(n) for q in QUANTITIES}
    blocks = {e: array("h", bytes(2 * n)) for e in ELEMENTS}
    for sc in level.surface:
        i = cell(sc.x, sc.y)
        for q in QUANTITIES:
            surface[q][i] = getattr(sc, q)
        for e in ELEMENTS:
            blocks[e][i] = getattr(sc.blocks, e)
    props: dict[int, Prop] = {}
    for pm in level.props:
        i = cell(pm.x, pm.y)
        p = Prop(kind=pm.kind, cell=i)
        if isinstance(pm, FlowPropM):
            p.carrier, p.enabled = pm.carrier, pm.enabled
        elif isinstance(pm, ConsumerPropM):
            p.enabled = pm.enabled
        elif isinstance(pm, JunctionPropM):
            p.ratio_mode = pm.ratio_mode % len(balance.junction_ratio_modes)
        elif isinstance(pm, DoorPropM):
            p.open = pm.open
        elif isinstance(pm, SupplyPropM):
            p.item, p.depleted = pm.item, pm.depleted
        elif isinstance(pm, ValvePropM):
            p.outlets = tuple(cell(x, y) for x, y in pm.outlets)
        elif isinstance(pm, ReactorPropM):
            p.activated = pm.activated
        props[i] = p
    leaks = [Leak(lm.carrier, cell(lm.x, lm.y), cell(*lm.access), lm.repaired) for lm in level.leaks]
    st = ReactorState(
        meta=level.meta,
        balance=balance,
        difficulty=difficulty,
        grid=grid,
        layers=layers,
        surface=surface,
        blocks=blocks,
        props=props,
        leaks=leaks,
        robot=cell(level.robot.x, level.robot.y),
        heat_immunity=level.robot.heat_immunity,
        inventory={k: getattr(level.inventory, k) for k in ITEMS},
        required={c: getattr(level.requirements, c) for c in CARRIERS},
    )
    st.present = {c: tuple(i for i, v in enumerate(layers[c].state) if v != ABSENT) for c in CARRIERS}
    dyn = level.dynamic
    if dyn is not None:
        st.pulse = dyn.pulse
        st.outcome = Outcome(dyn.outcome, dyn.reason) if dyn.outcome else None
        st.services = {cell(s.x, s.y): {str(k): str(v) for k, v in s.services.items()} for s in dyn.services}
        st.forecasts = tuple(
            ForecastWarning(
                w.kind, w.pulse, None if w.x is None or w.y is None else cell(w.x, w.y), w.subject, w.message
            )
            for w in level.forecasts
        )
    return st


# -- state -> level model -------------------------------------------------------------------------
def _prop_model(st: ReactorState, p: Prop) -> PropM:
    x, y = st.grid.xy(p.cell)
    if p.kind == "flow":
        return FlowPropM(kind="flow", x=x, y=y, carrier=p.carrier, enabled=p.enabled)  # type: ignore[arg-type]
    if p.kind == "consumer":
        return ConsumerPropM(kind="consumer", x=x, y=y, enabled=p.enabled)
    if p.kind == "junction":
        return JunctionPropM(kind="junction", x=x, y=y, ratio_mode=p.ratio_mode)
    if p.kind == "door":
        return DoorPropM(kind="door", x=x, y=y, open=p.open)
    if p.kind == "terminal":
        return TerminalPropM(kind="terminal", x=x, y=y)
    if p.kind == "supply":
        return SupplyPropM(kind="supply", x=x, y=y, item=p.item, depleted=p.depleted)  # type: ignore[arg-type]
    if p.kind == "valve":
        return ValvePropM(kind="valve", x=x, y=y, outlets=[st.grid.xy(o) for o in p.outlets])
    return ReactorPropM(kind="reactor", x=x, y=y, activated=p.activated)


def level_from_state(st: ReactorState, dynamic: bool = True) -> LevelM:
    """Serialize a state back into the level schema (with dynamic play state when ``dynamic``)."""
    g = st.grid
    terrain = [
        "".join("#" if g.walls[y * g.width + x] else "." for x in range(g.width)) for y in range(g.height)
    ]
    layer_lists: dict[str, list[UnderCell]] = {}
    for c in CARRIERS:
        lay = st.layers[c]
        cells = []
        for i, s in enumerate(lay.state):
            if s == ABSENT:
                continue
            x, y = g.xy(i)
            cells.append(
                UnderCell(
                    x=x,
                    y=y,
                    state="leaking" if s == LEAKING else "intact",
                    integrity=lay.integrity[i],
                    amount=lay.amount[i],
                    intensity=lay.intensity[i],
                )
            )
        layer_lists[c] = cells
    surface = []
    n = g.width * g.height
    for i in range(n):
        vals = {q: st.surface[q][i] for q in QUANTITIES}
        blk = {e: int(st.blocks[e][i]) for e in ELEMENTS}
        if any(vals.values()) or any(blk.values()):
            x, y = g.xy(i)
            surface.append(SurfaceCellM(x=x, y=y, blocks=Blocks(**blk), **vals))
    dyn = None
    forecasts: list[WarningM] = []
    if dynamic:
        dyn = DynamicM(
            pulse=st.pulse,
            outcome=st.outcome.result if st.outcome else None,  # type: ignore[arg-type]
            reason=st.outcome.reason if st.outcome else "",
            services=[
                ServiceM(x=g.xy(c)[0], y=g.xy(c)[1], services=dict(s))  # type: ignore[arg-type]
                for c, s in sorted(st.services.items())
            ],
        )
        for w in st.forecasts:
            wx, wy = g.xy(w.cell) if w.cell is not None else (None, None)
            forecasts.append(
                WarningM(kind=w.kind, pulse=w.pulse, x=wx, y=wy, subject=w.subject, message=w.message)
            )
    rx, ry = g.xy(st.robot)
    return LevelM(
        meta=st.meta.model_copy(update={"difficulty": st.difficulty}),
        width=g.width,
        height=g.height,
        terrain=terrain,
        layers=Layers(**layer_lists),
        props=[_prop_model(st, st.props[c]) for c in sorted(st.props)],
        requirements=Requirements(**st.required),
        leaks=[
            LeakM(
                carrier=lk.carrier,
                x=g.xy(lk.cell)[0],
                y=g.xy(lk.cell)[1],
                access=g.xy(lk.access),  # type: ignore[arg-type]
                repaired=lk.repaired,
            )
            for lk in st.leaks
        ],
        surface=surface,
        robot=RobotM(x=rx, y=ry, heat_immunity=st.heat_immunity),
        inventory=InventoryM(**st.inventory),
        forecasts=forecasts,
        dynamic=dyn,
    )


def snapshot(st: ReactorState) -> dict[str, Any]:
    """JSON-ready view of everything that matters for identity (used for state hashes)."""
    return {
        "level": st.meta.id,
        "difficulty": st.difficulty,
        "layers": {
            c: {
                "state": list(lay.state),
                "amount": list(lay.amount),
                "intensity": list(lay.intensity),
                "integrity": list(lay.integrity),
            }
            for c, lay in st.layers.items()
        },
        "surface": {q: list(a) for q, a in st.surface.items()},
        "blocks": {e: list(a) for e, a in st.blocks.items()},
        "props": [
            [p.kind, p.cell, p.carrier, p.enabled, p.ratio_mode, p.open, p.item, p.depleted, p.activated]
            for _, p in sorted(st.props.items())
        ],
        "leaks": [[lk.carrier, lk.cell, lk.access, lk.repaired] for lk in st.leaks],
        "robot": [st.robot, st.heat_immunity],
        "inventory": st.inventory,
        "eye_access": st.eye_access,
        "pulse": st.pulse,
        "outcome": [st.outcome.result, st.outcome.reason] if st.outcome else None,
        "services": {str(c): s for c, s in sorted(st.services.items())},
        "ready": list(st.ready),
        "level_state": st.level_state,
        "forecasts": [[w.kind, w.pulse, w.cell, w.subject] for w in st.forecasts],
    }
