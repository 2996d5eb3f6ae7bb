"""Bounded search for the fewest pulses that win a level (par) and the mechanics a win uses.

A search node is the state after a pulse. Its children are *macro actions*: a safe walk (the walk
planner's reachable cells, with the heat immunity left on arrival) followed by one lengthy action
there. Walking is free (quick actions never pulse), so only the cell and the immunity matter.
Iterative deepening on the pulse count with a transposition table; forecasts are skipped (they
never change an outcome). The search is exhaustive up to ``proved_below`` pulses: no win exists
with fewer pulses than that.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field

from engine.core.session import IllegalMoveError
from engine.reactor import actions, network
from engine.reactor.balance import CARRIERS
from engine.reactor.pulse import WON, RuntimeInvalid, run_pulse
from engine.reactor.state import ABSENT, ELEMENTS, ITEM_FOR, ReactorState
from engine.reactor.walk import plan_walk, safe_cells

# The editor's live check (issue #27): how far the search looks for a win of a custom level.
AUTHOR_MAX_PULSES = 14
AUTHOR_BUDGET = 5000  # pulses simulated; the campaign's hardest level needs 3220 (Dead Man's Switch)

# Mechanics a lengthy action uses (what a level can claim to teach).
MECHANICS = (
    "flow",
    "consumer",
    "junction",
    "door",
    "terminal",
    "supply",
    "valve",
    "repair",
    "remedy",
    "shield",
)


@dataclass(frozen=True)
class Macro:
    """Walk to ``cell`` (arriving with ``immunity``) and play ``action`` (a lengthy action text)."""

    cell: int
    immunity: int
    action: str
    mechanic: str


@dataclass
class SearchResult:
    """Fewest pulses found (``pulses``, None if no win was found), the winning macros, whether the
    search finished (``complete``: no win has fewer pulses), and how many pulses it ran."""

    pulses: int | None = None
    plan: list[Macro] = field(default_factory=list)
    proved_below: int = 0  # no win with fewer pulses than this exists
    nodes: int = 0
    complete: bool = False

    def mechanics(self) -> list[str]:
        """Mechanics the found win uses, in MECHANICS order (activation excluded)."""
        used = {m.mechanic for m in self.plan}
        return [m for m in MECHANICS if m in used]


def mechanic_of(st: ReactorState, cell: int, action: str) -> str:
    """The mechanic a lengthy action at ``cell`` exercises ("" for activation)."""
    kind = action.split()[0]
    if kind in ("repair", "remedy", "shield"):
        return kind
    if kind == "activate":
        return ""
    p = st.props.get(cell)
    return p.kind if p is not None else ""


def macros(st: ReactorState) -> Iterator[Macro]:
    """Every lengthy action worth trying from ``st`` (terminal access is information, never needed)."""
    reach = safe_cells(st)
    heat_lethal = st.balance.robot_unsafe["heat"]
    hot = heat_lethal is not None and any(st.surface["heat"][i] >= heat_lethal for i in st.grid.floor_cells)
    for cell in sorted(reach):
        imm = reach[cell]
        p = st.props.get(cell)
        if p is not None:
            if p.kind == "reactor":
                if cell in st.ready:
                    yield Macro(cell, imm, "activate", "")
            elif p.kind == "terminal":
                pass
            elif p.kind == "supply":
                if not p.depleted and st.inventory_total() < st.balance.inventory_capacity:
                    yield Macro(cell, imm, "interact", "supply")
            else:
                yield Macro(cell, imm, "interact", p.kind)
        here = [lk for lk in st.leaks if not lk.repaired and lk.access == cell]
        for lk in here:
            yield Macro(cell, imm, f"repair {lk.carrier}" if len(here) > 1 else "repair", "repair")
        for e in ELEMENTS:
            if st.inventory[ITEM_FOR[e]] > 0:
                t = st.balance.thresholds[e].safe
                if st.surface[e][cell] >= t or any(lk.carrier == e and not lk.repaired for lk in here):
                    yield Macro(cell, imm, f"remedy {e}", "remedy")
        if hot and st.inventory["heat_shield"] > 0 and imm == 0:
            near_heat = any(
                not st.grid.walls[n] and st.surface["heat"][n] >= heat_lethal
                for _, n in st.grid.neighbors[cell]
            )
            if near_heat:
                yield Macro(cell, imm, "shield", "shield")


def play_macro(st: ReactorState, m: Macro) -> ReactorState | None:
    """The state after walking to ``m.cell`` and playing ``m.action`` (no forecasts); None if refused."""
    new = st.clone()
    new.robot = m.cell
    new.heat_immunity = m.immunity
    try:
        a = actions.parse_action(m.action)
        if a.kind == "interact":
            actions._interact_prop(new)
        elif a.kind == "repair":
            actions._repair(new, a.arg)
        elif a.kind == "remedy":
            actions._remedy(new, a.arg)
        elif a.kind == "shield":
            actions._shield(new)
        elif a.kind == "activate":
            actions._activate(new)
        run_pulse(new, None, None)
    except (IllegalMoveError, RuntimeInvalid, ValueError):
        return None
    return new


def state_key(st: ReactorState) -> tuple[object, ...]:
    """Everything that can change an outcome (forecasts and the pulse counter left out)."""
    props = tuple(
        (c, p.enabled, p.ratio_mode, p.open, p.depleted, p.activated) for c, p in sorted(st.props.items())
    )
    return (
        st.robot,
        st.heat_immunity,
        tuple(bytes(st.surface[q]) for q in sorted(st.surface)),
        tuple(bytes(st.blocks[e]) for e in sorted(st.blocks)),
        tuple((bytes(st.layers[c].state), bytes(st.layers[c].integrity)) for c in CARRIERS),
        props,
        tuple(lk.repaired for lk in st.leaks),
        tuple(sorted(st.inventory.items())),
    )


def won(st: ReactorState) -> bool:
    return st.outcome is not None and st.outcome.result == WON


_SHARED: OrderedDict[tuple[object, ...], Relaxed] = OrderedDict()  # ``Relaxed.shared``
Inferred = tuple[dict[int, network.JunctionInfo], str]  # junctions and the runtime problem they make


class Relaxed:
    """An admissible lower bound on the pulses still needed: the fewest network switches (flow and
    consumer toggles, junction cycles) that make a reactor ready when hazards, heat and valves are
    ignored, plus the activation. Every switch costs a pulse in the real game and nothing else makes
    a reactor ready, so the bound never overestimates. Precomputed over every switch setting when
    there are at most ``MAX_CONFIGS`` of them (otherwise the bound is the trivial 1 or 2)."""

    MAX_CONFIGS = 20000
    SHARED = 4  # bounds ``shared`` keeps (one per network: a few MB at most)
    BFS_CHUNK = 64  # settings the backward pass settles between two yields (a setting is ~10 lookups)

    def __init__(self, st: ReactorState, lazy: bool = False) -> None:
        """``lazy``: leave the precompute to ``build`` (a generator the caller runs a slice at a
        time: the editor's live solver); otherwise it is done here."""
        self.toggles = [c for c, p in sorted(st.props.items()) if p.kind in ("flow", "consumer")]
        self.juncs = [c for c, p in sorted(st.props.items()) if p.kind == "junction"]
        self.modes = len(st.balance.junction_ratio_modes)
        self.size = 2 ** len(self.toggles) * self.modes ** len(self.juncs)
        self.dist: dict[tuple[int, ...], int] | None = None
        self.checked = 0  # steps of the precompute so far (``build``)
        self._st = st
        if not lazy:
            for _ in self.build():
                pass

    def build(self) -> Iterator[int]:
        """Precompute the bound, yielding the steps done so far after each one (a page runs this a
        few milliseconds a frame: up to ``MAX_CONFIGS`` propagations must not block a frame). A step
        is one setting checked (one network propagation), then ``BFS_CHUNK`` settings settled by the
        backward pass that turns the ready settings into distances."""
        if self.size <= self.MAX_CONFIGS:
            self.dist = yield from self._distances(self._st)

    @staticmethod
    def network_key(st: ReactorState) -> tuple[object, ...]:
        """Everything the bound of ``st`` depends on besides the switch settings: the map, which
        cells carry which network, the props (kind, carrier, place), the balance and the required
        production. States of one level share it (props never move; pipes never vanish), so their
        bounds are the same table."""
        return (
            st.grid.width,
            st.grid.height,
            st.grid.walls,
            tuple(
                bytes(st.layers[c].state[i] != ABSENT for i in range(len(st.layers[c].state)))
                for c in CARRIERS
            ),
            tuple((c, p.kind, p.carrier) for c, p in sorted(st.props.items())),
            tuple(sorted(st.required.items())),
            st.balance.model_dump_json(),
        )

    @classmethod
    def shared(cls, st: ReactorState) -> Relaxed:
        """The bound of ``st``, built once for every state with the same ``network_key`` (the last
        ``SHARED`` networks are kept): the one-shot ``search`` and the lab's tools search one level
        many times (Control Room's table: 12,544 settings)."""
        key = cls.network_key(st)
        got = _SHARED.get(key)
        if got is None:
            got = _SHARED[key] = cls(st)
            while len(_SHARED) > cls.SHARED:
                _SHARED.popitem(last=False)
        else:
            _SHARED.move_to_end(key)
        return got

    def config(self, st: ReactorState) -> tuple[int, ...]:
        return tuple(int(st.props[c].enabled) for c in self.toggles) + tuple(
            st.props[c].ratio_mode % self.modes for c in self.juncs
        )

    def _ready(self, base: ReactorState, cfg: tuple[int, ...]) -> bool:
        """Whether switch setting ``cfg`` on ``base`` readies a reactor (hazards, heat, valves
        ignored), checked on a fresh copy of ``base``."""
        return self._check(base.clone(), cfg, {})

    def _check(
        self, sim: ReactorState, cfg: tuple[int, ...], known: dict[tuple[bool, ...], Inferred]
    ) -> bool:
        """``_ready`` on ``sim``, a copy reused for every setting: each check sets every switch,
        every valve and everything the propagation writes afresh (layers' amount and intensity,
        pressure drops, services), so nothing of an earlier setting is left. ``known`` keeps the
        inferred junctions by the flow props' on/off (inference reads nothing else that changes)."""
        for c, v in zip(self.toggles + self.juncs, cfg):
            if c in self.toggles:
                sim.props[c].enabled = bool(v)
            else:
                sim.props[c].ratio_mode = v
        for p in sim.props_of("valve"):
            p.discharging = False
        flows = tuple(p.enabled for p in sim.props_of("flow"))
        if flows not in known:
            jinfo = network.junctions(sim)
            known[flows] = (jinfo, network.runtime_problem(sim, jinfo))
        jinfo, problem = known[flows]
        if problem:
            return False
        network.propagate(sim, jinfo)
        network.resolve_consumers(sim, in_pulse=True)
        counts = network.producing_counts(sim)
        if any(counts[c] < sim.required[c] for c in CARRIERS):
            return False
        return any(network.reactor_fed(sim, p.cell) for p in sim.props_of("reactor"))

    def _distances(self, st: ReactorState) -> Generator[int, None, dict[tuple[int, ...], int]]:
        import itertools

        ranges = [range(2)] * len(self.toggles) + [range(self.modes)] * len(self.juncs)
        dist: dict[tuple[int, ...], int] = {}
        sim, known = st.clone(), dict[tuple[bool, ...], Inferred]()
        for cfg in itertools.product(*ranges):
            if self._check(sim, cfg, known):
                dist[cfg] = 0
            self.checked += 1
            yield self.checked
        todo = deque(dist)
        nt = len(self.toggles)
        settled = 0
        while todo:  # backwards: a toggle is its own inverse; a junction cycle goes mode -> mode + 1
            cfg = todo.popleft()
            d = dist[cfg] + 1
            for k in range(len(cfg)):
                prev = list(cfg)
                prev[k] = 1 - cfg[k] if k < nt else (cfg[k] - 1) % self.modes
                t = tuple(prev)
                if t not in dist:
                    dist[t] = d
                    todo.append(t)
            settled += 1
            if settled % self.BFS_CHUNK == 0:  # up to MAX_CONFIGS settings: never one long block
                self.checked += 1
                yield self.checked
        return dist

    def bound(self, st: ReactorState) -> int:
        """Pulses still needed at least (a large number when no switch setting readies a reactor)."""
        if st.ready:
            return 1
        if self.dist is None:
            return 2
        d = self.dist.get(self.config(st))
        if d is None:
            return 10**6
        return max(1, d) + 1


def search(st: ReactorState, max_pulses: int = 12, budget: int = 20000) -> SearchResult:
    """Iterative deepening over pulse counts 1..``max_pulses`` within ``budget`` pulses simulated."""
    run = search_iter(st, max_pulses, budget, Relaxed.shared(st))
    while True:
        try:
            next(run)
        except StopIteration as done:
            result: SearchResult = done.value
            return result


def search_iter(
    st: ReactorState, max_pulses: int = 12, budget: int = 20000, relaxed: Relaxed | None = None
) -> Generator[int, None, SearchResult]:
    """``search`` as a generator, so a page can run it a few milliseconds a frame (the editor's live
    "solvable in N pulses"). It yields the steps done so far after each one: first the bound's
    precompute (``Relaxed.build``: every switch setting checked, then the backward pass in chunks),
    then every pulse simulated. No stretch between two yields is longer than one pulse (or one
    setting's propagation, or one chunk of the backward pass). Its return value
    (``StopIteration.value``) is the ``SearchResult`` (``nodes`` counts the pulses only)."""
    res = SearchResult()
    if relaxed is None:  # built here, a step at a time (``relaxed``: one built before, same network)
        relaxed = Relaxed(st, lazy=True)
        yield from relaxed.build()
    base = relaxed.checked
    for limit in range(1, max_pulses + 1):
        if relaxed.bound(st) > limit:
            res.proved_below = limit + 1
            continue
        seen: dict[tuple[object, ...], int] = {}
        plan: list[Macro] = []
        out = yield from _dfs(st, limit, plan, seen, res, budget, relaxed, base)
        if out is True:
            res.pulses = limit
            res.plan = list(plan)
            res.proved_below = limit
            res.complete = True
            return res
        if out is None:  # budget ran out inside this depth
            return res
        res.proved_below = limit + 1
    return res


def _dfs(
    st: ReactorState,
    left: int,
    plan: list[Macro],
    seen: dict[tuple[object, ...], int],
    res: SearchResult,
    budget: int,
    relaxed: Relaxed,
    base: int = 0,
) -> Generator[int, None, bool | None]:
    """True: a win within ``left`` pulses (``plan`` holds it); False: none; None: budget spent.
    Yields ``base`` + the pulses simulated after each one."""
    if left <= 0:
        return False
    if left == 1:  # only an activation can win in the last pulse
        for r in st.ready:
            if r in safe_cells(st):
                m = Macro(r, 0, "activate", "")
                plan.append(m)
                return True
        return False
    for m in macros(st):
        if res.nodes >= budget:
            return None
        res.nodes += 1
        nxt = play_macro(st, m)
        yield base + res.nodes
        if nxt is None or (nxt.outcome is not None and not won(nxt)):
            continue
        plan.append(m)
        if won(nxt):
            return True
        if relaxed.bound(nxt) > left - 1:
            plan.pop()
            continue
        key = state_key(nxt)
        if seen.get(key, -1) >= left - 1:
            plan.pop()
            continue
        seen[key] = left - 1
        out = yield from _dfs(nxt, left - 1, plan, seen, res, budget, relaxed, base)
        if out is True:
            return True
        plan.pop()
        if out is None:
            return None
    return False


def expand_plan(st: ReactorState, plan: list[Macro]) -> list[str]:
    """The full action list (walks included) of a found plan, replayed through the real rules."""
    out: list[str] = []
    cur = st
    for m in plan:
        x, y = cur.grid.xy(m.cell)
        w = plan_walk(cur, x, y) if m.cell != cur.robot else None
        for mv in w.moves if w is not None else ():
            cur = actions.apply_action(cur, actions.parse_action(mv))
            out.append(mv)
        cur = actions.apply_action(cur, actions.parse_action(m.action))
        out.append(m.action)
    return out
