"""Per-tick simulation (Input §2): world rotate, hold, abilities, piece rotate, move, wind, drop, lock."""

from __future__ import annotations

from engine.core.rng import XorShift128Plus
from engine.floodline.bag import draw, new_bag
from engine.floodline.board import MASS, Kind, Material
from engine.floodline.geometry import GRAVITY_VEC, Gravity, Vec, add, is_perpendicular
from engine.floodline.level import Level, seconds_to_ticks
from engine.floodline.moves import MOVE_VEC, TickInput
from engine.floodline.pieces import DRAIN_PIECE, KICKS, rotate_index
from engine.floodline.placement import (  # noqa: F401 - re-exported: rules.ghost_cells etc. stay public
    build_board,
    can_advance,
    ghost_cells,
    piece_cells_idx,
    piece_fits,
    spawn_origin,
    try_shift,
)
from engine.floodline.resolve import ResolveReport, resolve_phase, tilt_resolve
from engine.floodline.scoring import evaluate, final_score, initial_streaks
from engine.floodline.solids import TiltBlocked
from engine.floodline.state import METRIC_KEYS, ActivePiece, Outcome, Reason, State, Status
from engine.floodline.wind import WIND_DIRS, WIND_STREAM, gust_direction, wind, wind_active  # noqa: F401


# -- initial state -------------------------------------------------------------------------------
def initial_state(level: Level, seed: int) -> State:
    """Level start: prebuilt board settled once (no metrics), bag and preview filled, first spawn."""
    board = build_board(level)
    resolve_phase(board, level.gravity, None, drains=False, ice_tick=False)
    wind_rng = XorShift128Plus(seed ^ WIND_STREAM)
    wind_next = -1
    wind = next((h for h in level.hazards if h.enabled), None)
    if wind is not None:
        interval = max(1, seconds_to_ticks(wind.params.interval_seconds))
        if wind.params.first_gust_offset_seconds is not None:
            wind_next = seconds_to_ticks(wind.params.first_gust_offset_seconds)
        else:
            wind_next = wind_rng.next_below(interval)
    ab = level.abilities
    st = State(
        level=level,
        board=board,
        gravity=level.gravity,
        tick=0,
        active=None,
        hold=None,
        hold_used=False,
        queue=(),
        bag=new_bag(seed),
        das_dir=None,
        das_timer=0,
        cooldown=0,
        charges={
            "stabilize": ab.stabilize_charges,
            "freeze": ab.freeze_charges,
            "drain": ab.drain_placement_charges,
        },
        metrics=dict.fromkeys(METRIC_KEYS, 0),
        streaks=initial_streaks(level),
        wind_rng=wind_rng.get_state(),
        wind_next=wind_next,
        gusts=0,
        height_limit=level.board.limit,
    )
    _fill_queue(st)
    _spawn_next(st)
    return st


def _fill_queue(s: State) -> None:
    want = s.level.timing.preview_count
    q = list(s.queue)
    while len(q) < want:
        item, s.bag = draw(s.level.bag, s.bag)
        if item is None:
            break
        q.append(item)
    s.queue = tuple(q)


def _spawn(s: State, piece_id: str, material: Material) -> None:
    origin = spawn_origin(s.board, piece_id, s.gravity, s.height_limit)
    if not piece_fits(s.board, piece_id, 0, origin):
        s.active = None
        _end(s, Status.LOST, Reason.TOP_OUT)
        return
    s.active = ActivePiece(piece_id, material, 0, origin)


def _spawn_next(s: State) -> None:
    if s.queue:
        (piece, mat), s.queue = s.queue[0], s.queue[1:]
    else:
        item, s.bag = draw(s.level.bag, s.bag)
        if item is None:
            s.active = None
            _end(s, Status.LOST, Reason.OUT_OF_PIECES)
            return
        piece, mat = item
    _fill_queue(s)
    _spawn(s, piece, mat)


def _end(s: State, status: Status, reason: Reason, stars: int = 0) -> None:
    if s.outcome is None:
        if s.win_pending and status == Status.LOST:  # RULES.md 36b: a secured win is not taken back
            stars, s.win_pending = s.win_pending, 0
            s.outcome = Outcome(Status.WON, Reason.OBJECTIVES_MET, s.tick, stars, final_score(s))
            return
        s.outcome = Outcome(status, reason, s.tick, stars, s.metrics["score"])


# -- the tick ------------------------------------------------------------------------------------
def step(state: State, inp: TickInput) -> State:
    """Advance one tick with ``inp`` (its ``repeat`` is ignored here); returns a new state."""
    s = state.copy()
    if inp.tilt is not None:
        _world_rotate(s, inp.tilt)
    if inp.hold and s.outcome is None:
        _hold(s)
    if inp.stabilize:
        _stabilize(s)
    if inp.freeze is not None:
        _freeze(s, inp.freeze)
    if inp.drain:
        _drain_place(s)
    for turn in inp.rotations:
        _rotate_piece(s, turn)
    _das(s, inp.move)
    wind(s)
    locked = False
    if s.active is not None and s.outcome is None:
        locked = _fall(s, inp.soft, inp.hard)
    if not locked and s.active is not None and s.outcome is None:
        _lock_delay(s)
    s.tick += 1
    if s.cooldown > 0:
        s.cooldown -= 1
    return s


def rotation_allowed(s: State, target: Gravity) -> bool:
    """Rules §3.3 constraints: a 90° snap to an allowed direction, off cooldown, within count/budget."""
    rules = s.level.rotation
    if s.outcome is not None or target == s.gravity or not is_perpendicular(s.gravity, target):
        return False
    if target not in rules.allowed or target == Gravity.UP or s.cooldown > 0:
        return False
    done = s.metrics["rotations"]
    if rules.max_rotations is not None and done >= rules.max_rotations:
        return False
    return not (rules.tilt_budget is not None and done >= rules.tilt_budget)


def _world_rotate(s: State, target: Gravity) -> bool:
    """Rules §3: snap 90°, constraints, Tilt Resolve with rollback; ignored when not allowed."""
    if not rotation_allowed(s, target):
        return False
    rules = s.level.rotation
    done = s.metrics["rotations"]
    board = s.board.copy()
    piece = frozenset(piece_cells_idx(board, s.active)) if s.active is not None else frozenset()
    try:
        rep = tilt_resolve(board, target, piece)
    except TiltBlocked:
        return False
    for i, a in enumerate(board.anchor):  # Part VI §2.3: temporary anchors count successful rotations
        if a > 0:
            board.anchor[i] = a - 1
    s.board = board
    s.gravity = target
    s.metrics["rotations"] = done + 1
    s.cooldown = rules.cooldown_ticks
    _account(s, rep, placed=0)
    evaluate(s, after_tilt=True)
    return True


def _hold(s: State) -> None:
    a = s.active
    if not s.level.abilities.hold or s.hold_used or a is None or a.piece_id == DRAIN_PIECE:
        return
    held = s.hold
    s.hold = (a.piece_id, a.material)
    s.hold_used = True
    s.metrics["holdsUsed"] += 1
    if held is None:
        _spawn_next(s)
    else:
        _spawn(s, held[0], held[1])


def _stabilize(s: State) -> None:
    a = s.active
    if a is None or s.outcome is not None:
        return
    if a.armed:
        s.active = a.moved(armed=False)  # cancel: no refund (Part VI §2.2)
    elif s.charges["stabilize"] > 0:
        s.charges["stabilize"] -= 1
        s.metrics["stabilizesUsed"] += 1
        s.active = a.moved(armed=True)


def _freeze(s: State, target: Vec) -> None:
    from engine.floodline.water import freeze_cells

    ab = s.level.abilities
    if s.outcome is not None or s.charges["freeze"] <= 0 or not s.board.in_bounds(target):
        return
    r = ab.freeze_radius
    f = s.board.frame
    under_piece = set(piece_cells_idx(s.board, s.active)) if s.active is not None else set()
    cells = []
    for y in range(target[1] - r, target[1] + r + 1):
        for z in range(target[2] - r, target[2] + r + 1):
            for x in range(target[0] - r, target[0] + r + 1):
                j = f.index_or_none(x, y, z)
                if j is not None and s.board.kind[j] == Kind.WATER and j not in under_piece:
                    cells.append(j)  # water the active piece overlaps is not frozen (one occupant per cell)
    if not cells:
        return
    board = s.board.copy()
    freeze_cells(board, cells, ab.freeze_duration_resolves)
    s.board = board
    s.charges["freeze"] -= 1
    s.metrics["freezesUsed"] += 1


def _drain_place(s: State) -> None:
    a = s.active
    if a is None or s.outcome is not None or s.charges["drain"] <= 0 or a.piece_id == DRAIN_PIECE:
        return
    origin = spawn_origin(s.board, DRAIN_PIECE, s.gravity, s.height_limit)
    if not piece_fits(s.board, DRAIN_PIECE, 0, origin):
        return
    s.charges["drain"] -= 1
    s.queue = ((a.piece_id, a.material),) + s.queue
    s.active = ActivePiece(DRAIN_PIECE, Material.STANDARD, 0, origin)


def _rotate_piece(s: State, turn: str) -> None:
    """Part VII §3: rotate offsets about the pivot, then try the kicks in their fixed order."""
    a = s.active
    if a is None or s.outcome is not None:
        return
    rot = rotate_index(a.rot, turn)
    for k in KICKS:
        o = add(a.origin, k)
        if piece_fits(s.board, a.piece_id, rot, o):
            s.active = a.moved(rot=rot, origin=o)
            return


def _das(s: State, move: str | None) -> None:
    """Input §3.1: first press moves at once; held, it repeats after DAS ticks every ARR ticks."""
    t = s.level.timing
    if move is None:
        s.das_dir, s.das_timer = None, 0
        return
    fire = False
    if move != s.das_dir:
        s.das_dir, s.das_timer = move, 0
        fire = True
    else:
        s.das_timer += 1
        fire = s.das_timer >= t.das and (s.das_timer - t.das) % t.arr == 0
    if fire and s.active is not None and s.outcome is None:
        d = MOVE_VEC[move]
        if is_perpendicular(s.gravity, _vec_gravity(d)):
            try_shift(s, d)


def _vec_gravity(d: Vec) -> Gravity:
    from engine.floodline.geometry import VEC_GRAVITY

    return VEC_GRAVITY[d]


def _fall(s: State, soft: bool, hard: bool) -> bool:
    """Gravity step (soft drop: every tick), then hard drop; returns True if the piece locked."""
    a = s.active
    assert a is not None
    g = s.gravity
    gv = GRAVITY_VEC[g]
    timer = a.gravity_timer + 1
    if soft or timer >= s.level.timing.gravity_ticks:
        timer = 0
        if can_advance(s.board, a, g):
            a = a.moved(origin=add(a.origin, gv))
    s.active = a.moved(gravity_timer=timer)
    if hard:
        a = s.active
        while can_advance(s.board, a, g):
            a = a.moved(origin=add(a.origin, gv))
        s.active = a
        _lock(s)
        return True
    return False


def _lock_delay(s: State) -> None:
    """Input §4: 12 grounded ticks lock; grounded→ungrounded resets the timer at most 4 times."""
    a = s.active
    assert a is not None
    t = s.level.timing
    grounded = not can_advance(s.board, a, s.gravity)
    if grounded:
        timer = 0 if a.lock_timer < 0 else a.lock_timer + 1
        s.active = a.moved(lock_timer=timer, grounded=True)
        if timer >= t.lock_delay_ticks:
            _lock(s)
        return
    if a.grounded:
        if a.lock_resets < t.max_lock_resets:
            s.active = a.moved(lock_timer=-1, lock_resets=a.lock_resets + 1, grounded=False)
        else:
            s.active = a.moved(grounded=False)  # resets exhausted: the timer keeps its count


def _account(s: State, rep: ResolveReport, placed: int) -> None:
    m = s.metrics
    sc = s.level.scoring
    m["shiftVoxelsTotal"] += rep.shift
    m["lostVoxelsTotal"] += rep.lost
    m["waterRemovedTotal"] += rep.drained
    m["waterOverflowTotal"] += rep.water_overflow
    m["lastShift"], m["lastLost"] = rep.shift, rep.lost
    m["lastDrained"], m["lastDisplaced"] = rep.drained, rep.displaced
    m["resolves"] += 1
    if rep.shift >= s.level.constraints.major_collapse_shift:
        m["majorCollapses"] += 1
    m["score"] += (
        placed * sc.per_voxel
        + rep.drained * sc.per_water_unit
        - rep.shift * sc.shift_penalty
        - rep.lost * sc.lost_penalty
    )
    s.last_resolve = rep.as_dict()


def _lock(s: State) -> None:
    """Lock the active piece and run the Resolve Phase, objectives, then spawn the next piece."""
    from engine.floodline.endless import after_lock

    a = s.active
    assert a is not None
    board = s.board.copy()
    cells = piece_cells_idx(board, a)
    s.last_lock = tuple(a.cells())
    placed = 0
    if a.piece_id == DRAIN_PIECE:
        ab = s.level.abilities
        displaced = [i for i in cells if board.kind[i] == Kind.WATER]  # squeezed out, like a solid
        for c in a.cells():
            board.set_drain(c, ab.drain_rate, ab.drain_scope)
        rep = resolve_phase(board, s.gravity, None, displaced=displaced)
        s.metrics["drainsPlaced"] += 1
    else:
        anchor = s.level.abilities.stabilize_anchor_rotations if a.armed else 0
        rep = resolve_phase(board, s.gravity, cells, a.material, anchor)
        placed = len(cells)
        s.metrics["piecesUsed"] += 1
        s.metrics["massPlaced"] += MASS[a.material] * placed
    s.board = board
    s.active = None
    s.hold_used = False
    _account(s, rep, placed)
    after_lock(s)
    evaluate(s, after_tilt=False)
    if s.outcome is None:
        _spawn_next(s)
