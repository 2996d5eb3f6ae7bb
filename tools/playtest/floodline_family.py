"""Floodline's family of cheap strategies (issue #26): each one PLAYS every campaign level it is scored on.

No strategy returns a loss without playing: a level that needs a tilt is played with the strategy's
tilts, a level without a drain with the strategy's drain placement (greedy ones), and a strategy that
cannot do something (a refused tilt) just goes on playing.  Every play ends with the engine's own
outcome, or after ``max_pieces`` pieces ("stuck").

* ``random``     — random legal play: random turns, taps, hard drops, a random allowed tilt every few
  pieces (``engine.floodline.bot``), a random hold now and then.
* ``drop``       — drop-only: hard drop where the piece spawns, every piece.
* ``tilt_drop``  — "tilt, drop, tilt back, then drop only": the first piece is hard-dropped under a
  sideways gravity, the world tilted back down, then hard drops only.  Played once per allowed
  sideways direction; the best play counts.
* ``greedy``     — tilt-blind greedy stacking (every orientation × column hard drop, scored by an
  objective heuristic that knows nothing about tilts; orientations within ``TURNS`` quarter turns),
  performing each tilt an objective needs as "tilt out and straight back" as soon as the structure
  stands; places a drain when it has the ability.
* ``wall``       — greedy stacking against a wall or an immovable cell: as ``greedy``, but placements
  are scored for touching walls, drains, ice, posts, the box's closed sides (what survives a tilt).

* ``tilt_greedy`` — tilt once and stay: each allowed sideways gravity is tried for ``PROBE`` pieces, the
  most promising one is played on (greedy placements under that gravity).
* ``tilt_stay``  — "tilt, stay, tilt back once": as ``tilt_greedy``, but the world is tilted back down
  once, after the piece whose tilt back scores best (tried on a copy after each piece), then the play
  goes on as ``greedy`` (Lv20's near miss, session 10).
* ``park``       — "park": every piece at the highest spot a tilt loses nothing from (session 9's draft
  Lv8 fell to it).  Played once per allowed sideways direction ``g`` (the tilt "loses nothing" is judged
  for ``g``; a level without tilts: simply the highest placement), each tilt an objective needs done as
  ``g`` out and straight back as soon as the structure stands; the best play counts.
* ``solver``     — the greedy solver that wrote the committed solutions
  (``tools/floodline/solve_levels.py``): every orientation x column, out-and-back tilts, abilities.

All nine (``FAMILY``) play every one of the 30 levels (session 6 ran the last two on Lv13-14 only,
a lab defect by the guide's rule).

Each play records the objective progress at its END (``end_progress``, 0..1: the weakest
objective's ``value/target`` from the engine's ``objective_progress``, a structure that must survive
tilts counted half by its tilts; 1 on a win) — the lab's near-miss measure, how close the strategy
got — and the best progress seen during the play (``progress``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.rng import Lcg32
from engine.floodline.board import Board, Kind
from engine.floodline.campaign import level as level_data
from engine.floodline.geometry import Gravity, is_perpendicular
from engine.floodline.level import Level, parse_level
from engine.floodline.moves import IDLE, TickInput
from engine.floodline.rules import initial_state, step
from engine.floodline.scoring import objective_progress, tilts_needed
from engine.floodline.state import State, Status

TURNS = 2  # greedy placements: orientations within two quarter turns of the spawn one (cost)
NEAR = 0.8  # a lost play that reached this much of its objectives is a near miss
STRATEGIES = ("random", "drop", "tilt_drop", "greedy", "wall")
PROBE = 6  # tilt_greedy, tilt_stay: pieces each sideways direction is tried before one is played on
STAY_PATIENCE = 8  # tilt_stay: pieces stayed tilted without a better tilt back before it tilts back
_IMMOVABLE = (int(Kind.WALL), int(Kind.BEDROCK), int(Kind.DRAIN), int(Kind.ICE))


def progress_of(s: State) -> float:
    """0..1: the weakest objective's share of its target (1 on a win)."""
    if s.outcome is not None and s.outcome.status == Status.WON:
        return 1.0
    worst = 1.0
    for row in objective_progress(s):
        target = max(1, int(row["target"]))  # type: ignore[call-overload]
        frac = min(1.0, int(row["value"]) / target)  # type: ignore[call-overload]
        need = int(row.get("tiltsNeeded", 0))  # type: ignore[call-overload]
        if need:
            frac *= 0.5 + 0.5 * min(1.0, int(row.get("tilts", 0)) / need)  # type: ignore[call-overload]
        worst = min(worst, frac)
    return round(worst * (0.99 if s.outcome is None or s.outcome.status != Status.WON else 1.0), 3)


class Play:
    """One play in progress: the state, the best progress seen, tick count guard."""

    def __init__(self, lv: Level, seed: int) -> None:
        self.s = initial_state(lv, seed)
        self.best = progress_of(self.s)
        self.ticks = 0

    def run(self, ticks: list[TickInput]) -> None:
        for t in ticks:
            for _ in range(t.repeat):
                if self.s.outcome is not None:
                    break
                self.s = step(self.s, t.once())
                self.ticks += 1
        self.best = max(self.best, progress_of(self.s))  # also when the play ended inside the list

    @property
    def pieces(self) -> int:
        return int(self.s.metrics["piecesUsed"])

    def over(self, max_pieces: int) -> bool:
        return (
            self.s.outcome is not None
            or self.s.active is None
            or self.pieces >= max_pieces
            or self.ticks > 200_000
        )

    def result(self, **extra: Any) -> dict[str, Any]:
        o = self.s.outcome
        won = o is not None and o.status == Status.WON
        return {
            "won": won,
            "stars": o.stars if won and o is not None else 0,
            "pieces": self.pieces,
            "tilts": int(self.s.metrics["rotations"]),
            "reason": "stuck" if o is None else o.reason.value,
            "progress": self.best,
            "end_progress": 1.0 if won else progress_of(self.s),
            **extra,
        }


def _sideways(lv: Level) -> list[Gravity]:
    return [g for g in lv.rotation.allowed if g != Gravity.DOWN and is_perpendicular(g, Gravity.DOWN)]


def play_random(lv: Level, seed: int, max_pieces: int, variant: int = 0) -> dict[str, Any]:
    from engine.floodline.bot import bot_piece_moves

    p = Play(lv, seed)
    rng = Lcg32(seed * 7919 + 1 + 104729 * variant)
    while not p.over(max_pieces):
        before = p.pieces
        if lv.abilities.hold and rng.next_below(8) == 0:
            p.run([TickInput(hold=True)])
        p.run(bot_piece_moves(p.s, rng, tilt_every=3 if _sideways(lv) else 0))
        if p.pieces == before and p.s.outcome is None:  # a hold swap without a lock: drop it
            p.run([TickInput(hard=True)])
    return p.result()


def play_drop(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    p = Play(lv, seed)
    while not p.over(max_pieces):
        p.run([TickInput(hard=True)])
    return p.result()


def _tilt_back(s: State) -> list[TickInput]:
    return [IDLE] * s.cooldown + [TickInput(tilt=Gravity.DOWN)]


def play_tilt_drop(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    best: dict[str, Any] | None = None
    for g in _sideways(lv) or [Gravity.DOWN]:
        p = Play(lv, seed)
        if g != Gravity.DOWN:
            p.run([TickInput(tilt=g), TickInput(hard=True)])
            p.run(_tilt_back(p.s))
        while not p.over(max_pieces):
            if p.s.gravity != Gravity.DOWN:  # the tilt back was refused: try again before each drop
                p.run(_tilt_back(p.s))
            p.run([TickInput(hard=True)])
        r = p.result(direction=g.value)
        if best is None or (r["won"], r["stars"], r["progress"]) > (
            best["won"],
            best["stars"],
            best["progress"],
        ):
            best = r
    assert best is not None
    return best


def wall_contact(b: Board) -> int:
    """Solid voxels face-touching an immovable cell or a closed side face of the box."""
    f = b.frame
    open_faces = {str(getattr(x, "value", x)) for x in b.open_faces}
    n = 0
    for i in b.indices(Kind.SOLID):
        x, y, z = f.xs[i], f.ys[i], f.zs[i]
        sides = {"WEST": x == 0, "EAST": x == b.sx - 1, "NORTH": z == 0, "SOUTH": z == b.sz - 1}
        if any(on and face not in open_faces for face, on in sides.items()):
            n += 1
            continue
        for dx, dy, dz in ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)):
            c = (x + dx, y + dy, z + dz)
            if b.in_bounds(c) and int(b.at(c)) in _IMMOVABLE:
                n += 1
                break
    return n


def _structure_stands(s: State) -> bool:
    """Every objective holds except for tilts still to survive (SURVIVE_ROTATIONS: from the start)."""
    for row, cond in zip(objective_progress(s), s.level.objectives, strict=True):
        if cond.type == "SURVIVE_ROTATIONS":
            continue
        if not row["holds"]:
            return False
    return True


def _out_and_back(p: Play) -> bool:
    """The tilts the objectives need, each as "tilt out and straight back"; the best direction first
    (fewest voxels lost, then most progress).  False when no tilt was possible."""
    from tools.floodline.solve_levels import _run

    s = p.s
    options = []
    for g in _sideways(s.level):
        ticks = [*([IDLE] * s.cooldown), TickInput(tilt=g)]
        s1 = _run(s, ticks)
        if s1.gravity != g:
            continue
        back = _tilt_back(s1)
        s2 = _run(s1, back)
        key = (s2.outcome is not None and s2.outcome.status == Status.WON, -s2.metrics["lostVoxelsTotal"])
        options.append((key, progress_of(s2), ticks + back))
    if not options:
        return False
    options.sort(key=lambda o: (o[0], o[1]), reverse=True)
    p.run(options[0][2])
    return True


def _greedy(lv: Level, seed: int, max_pieces: int, wall: bool) -> dict[str, Any]:
    p = Play(lv, seed)
    _greedy_run(p, lv, max_pieces, wall)
    return p.result()


def _greedy_run(p: Play, lv: Level, max_pieces: int, wall: bool) -> None:
    """Tilt-blind (or wall) greedy stacking from the play's current state to its end."""
    import tools.floodline.solve_levels as sv

    sv.STAR_SHAPING = False
    old = sv.TILT_AWARE
    sv.TILT_AWARE = wall  # the tilt-blind stacker scores no tilt losses, the wall stacker does
    try:
        windy = any(h.enabled for h in lv.hazards)
        tilts_done = 0
        while not p.over(max_pieces):
            ready = tilts_needed(p.s) > 0 and _structure_stands(p.s) and tilts_done < 12
            if ready and wall and p.pieces < max_pieces // 2:  # the wall stacker tilts once nothing is loose
                ready = sv.loose_voxels(p.s.board) == 0
            if ready:
                if _out_and_back(p):
                    tilts_done += 1
                    continue
            if windy:
                s2, waited = sv.think(p.s)
                p.run(waited)
                if p.over(max_pieces):
                    break
            cands = sv.placements(p.s, max_turns=TURNS)
            if p.s.charges["drain"] > 0:
                cands += sv.drain_options(p.s)
            cands.sort(key=lambda c: -c[0])
            if wall:  # the best 40 by the objective, re-ranked for touching walls / immovable cells
                cands = sorted(
                    ((sc + 8.0 * wall_contact(st.board), t, st) for sc, t, st in cands[:40]),
                    key=lambda c: -c[0],
                )
            before = p.pieces
            for _sc, ticks, _pred in cands[:12]:
                real = sv._run(p.s, ticks)
                if real.outcome is not None and real.outcome.status != Status.WON:
                    continue
                p.run(ticks)
                break
            else:
                p.run([TickInput(hard=True)])  # every placement loses: take the spawn drop and go on
            if p.pieces == before and p.s.outcome is None:
                p.run([TickInput(hard=True)])
    finally:
        sv.TILT_AWARE = old


def play_greedy(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    return _greedy(lv, seed, max_pieces, wall=False)


def play_wall(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    return _greedy(lv, seed, max_pieces, wall=True)


def _tilt_greedy_run(p: Play, max_pieces: int) -> None:
    import tools.floodline.solve_levels as sv
    from tools.floodline.plan_solver import placements

    while not p.over(max_pieces):
        cands = placements(p.s, sv.heuristic, TURNS)
        before = p.pieces
        for _sc, ticks, _pred in cands[:12]:
            real = sv._run(p.s, ticks)
            if real.outcome is not None and real.outcome.status != Status.WON:
                continue
            p.run(ticks)
            break
        if p.pieces == before and p.s.outcome is None:
            p.run([TickInput(hard=True)])


def _rank(r: dict[str, Any]) -> tuple[bool, int, float, int]:
    return (r["won"], r["stars"], r["end_progress"], r["pieces"])


def play_tilt_greedy(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    """Tilt once and stay: greedy placements under the tilted gravity, scored by the generic
    objective heuristic.  Each allowed sideways direction is played for ``PROBE`` pieces (a player
    trying the four ways the box can lie); the most promising one (won, stars, progress at the end of
    the probe) is played on to ``max_pieces``.  A direction whose probe already ended is final."""
    plays: list[tuple[Play, Gravity]] = []
    for g in _sideways(lv):
        p = Play(lv, seed)
        p.run([TickInput(tilt=g)])
        _tilt_greedy_run(p, min(PROBE, max_pieces))
        plays.append((p, g))
    if not plays:
        return play_drop(lv, seed, max_pieces)
    p, g = max(plays, key=lambda pg: _rank(pg[0].result()))
    _tilt_greedy_run(p, max_pieces)
    return p.result(direction=g.value)


def _back_trial(s: State) -> State | None:
    """The state after tilting ``s`` back down (cooldown waited out); None when the tilt is refused."""
    from tools.floodline.solve_levels import _run

    if s.outcome is not None or s.gravity == Gravity.DOWN:
        return None
    back = _run(s, _tilt_back(s))
    return back if back.gravity == Gravity.DOWN else None


def mean_progress(s: State) -> float:
    """0..1: the objectives' mean share of their targets (``progress_of`` takes the weakest)."""
    rows = objective_progress(s)
    if not rows:
        return 0.0
    fr = [min(1.0, int(r["value"]) / max(1, int(r["target"]))) for r in rows]  # type: ignore[call-overload]
    return sum(fr) / len(fr)


def _stay_rank(s: State) -> tuple[bool, int, float, float]:
    """A tilt back's worth: won, stars, the weakest objective's share, then the mean share (so that
    draining more counts while the height is still the weakest, Lv20)."""
    won = s.outcome is not None and s.outcome.status == Status.WON
    alive = s.outcome is None or won
    stars = s.outcome.stars if won and s.outcome is not None else 0
    return (won, stars, progress_of(s) if alive else -1.0, mean_progress(s) if alive else -1.0)


def _stay_phase(p: Play, max_pieces: int, budget: int) -> tuple[State | None, int]:
    """Greedy placements under the tilted gravity for at most ``budget`` more pieces; after each one the
    tilt back is tried on a copy.  Returns the best tilted-back state seen (None: never possible) and
    how many pieces the phase placed.  Stops at once when a tilt back wins, or when the best has not
    improved for ``STAY_PATIENCE`` pieces."""
    best: State | None = _back_trial(p.s)
    since = 0
    start = p.pieces
    while not p.over(max_pieces) and p.pieces - start < budget:
        if best is not None and best.outcome is not None and best.outcome.status == Status.WON:
            break
        if since >= STAY_PATIENCE:
            break
        _tilt_greedy_run(p, p.pieces + 1)
        trial = _back_trial(p.s)
        since += 1
        if trial is not None and (best is None or _stay_rank(trial) > _stay_rank(best)):
            best, since = trial, 0
    return best, p.pieces - start


def play_tilt_stay(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    """ "Tilt, stay, tilt back once" (session 11): tilt to a sideways ``g``, stack greedily while tilted
    (``tilt_greedy``'s placements), then tilt back down ONCE, at the moment after which the tilt back
    scores best (won, stars, objective progress; tried on a copy after every piece), and go on as the
    tilt-blind ``greedy`` (whose out-and-back does any further tilt an objective needs).  Each allowed
    ``g`` is probed for ``PROBE`` pieces; the most promising (its best tilt back) is stayed in for up to
    ``max_pieces``, ending early when a tilt back wins or ``STAY_PATIENCE`` pieces bring nothing better."""
    plays: list[tuple[Play, Gravity, State | None]] = []
    for g in _sideways(lv):
        p = Play(lv, seed)
        p.run([TickInput(tilt=g)])
        best, _n = _stay_phase(p, max_pieces, PROBE)
        plays.append((p, g, best))
    if not plays:
        return play_greedy(lv, seed, max_pieces)

    def rank(item: tuple[Play, Gravity, State | None]) -> tuple[bool, int, float, float]:
        return _stay_rank(item[2]) if item[2] is not None else (False, 0, -2.0, -2.0)

    p, g, best = max(plays, key=rank)
    more, _n = _stay_phase(p, max_pieces, max_pieces)
    if more is not None and (best is None or _stay_rank(more) > _stay_rank(best)):
        best = more
    if best is None:  # never able to tilt back: the tilted play is the result
        return p.result(direction=g.value, back_at=None)
    p.s = best  # the tilt back, made once, at its best moment
    p.best = max(p.best, progress_of(p.s))
    back_at = p.pieces
    if p.s.outcome is None:
        _greedy_run(p, lv, max_pieces, wall=False)
    return p.result(direction=g.value, back_at=back_at)


def _tilt_out_back(p: Play, g: Gravity) -> bool:
    """Tilt to ``g`` and straight back down (the cooldowns waited out); False when ``g`` was refused."""
    s1 = p.s
    p.run([*([IDLE] * s1.cooldown), TickInput(tilt=g)])
    if p.s.gravity != g:
        return False
    if p.s.outcome is None:
        p.run(_tilt_back(p.s))
    return True


def _park_choice(p: Play, g: Gravity | None) -> list[TickInput] | None:
    """The ticks of the placement ``park`` takes: a winning one if any; else the highest (top voxel,
    then the objective heuristic) whose ``g`` tilt loses nothing more; else the best by the heuristic."""
    import tools.floodline.solve_levels as sv

    s = p.s
    f = s.board.frame
    before = set(s.board.indices(Kind.SOLID))
    lost0 = s.metrics["lostVoxelsTotal"]
    safe: list[tuple[int, float, list[TickInput]]] = []
    rest: list[tuple[float, list[TickInput]]] = []
    for sc, ticks, res in sv.placements(s, max_turns=TURNS):
        o = res.outcome
        if o is not None and o.status == Status.WON:
            return ticks
        if o is not None:
            continue
        rest.append((sc, ticks))
        new = set(res.board.indices(Kind.SOLID)) - before
        if not new:
            continue
        if g is not None:
            tilted = sv._run(res, [*([IDLE] * res.cooldown), TickInput(tilt=g)])
            if tilted.gravity != g or tilted.metrics["lostVoxelsTotal"] > lost0:
                continue
            if tilted.outcome is not None and tilted.outcome.status != Status.WON:
                continue
        safe.append((max(f.ys[i] for i in new), sc, ticks))
    if safe:
        return max(safe, key=lambda c: (c[0], c[1]))[2]
    if rest:
        return max(rest, key=lambda c: c[0])[1]
    return None


def play_park(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    """Park: each piece at the highest spot a ``g`` tilt loses nothing from, for each allowed sideways
    ``g`` (one play each; the best counts); the tilts an objective needs as ``g`` out and back once the
    structure stands.  A level without sideways tilts is played once, highest placement first."""
    dirs: list[Gravity | None] = [*_sideways(lv)] or [None]
    best: dict[str, Any] | None = None
    for g in dirs:
        p = Play(lv, seed)
        tilts_done = 0
        while not p.over(max_pieces):
            if g is not None and tilts_needed(p.s) > 0 and _structure_stands(p.s) and tilts_done < 12:
                tilts_done += 1
                if _tilt_out_back(p, g):
                    continue
            if p.s.gravity != Gravity.DOWN:  # a refused tilt back: try again before placing
                p.run(_tilt_back(p.s))
                if p.s.gravity != Gravity.DOWN:
                    p.run([TickInput(hard=True)])
                    continue
            before = p.pieces
            ticks = _park_choice(p, g)
            p.run(ticks if ticks is not None else [TickInput(hard=True)])
            if p.pieces == before and p.s.outcome is None:
                p.run([TickInput(hard=True)])
        r = p.result(direction=g.value if g is not None else "none")
        if best is None or _rank(r) > _rank(best):
            best = r
    assert best is not None
    return best


def play_solver(lv: Level, seed: int, max_pieces: int) -> dict[str, Any]:
    """The greedy solver that wrote most committed solutions (``solve_levels.solve``: every
    orientation x column, a tilt where the level allows one, abilities, objective heuristic).  Where a
    committed solution exists this solver is itself a cheap strategy that wins (issue #26).  Where
    ``solve`` stops because every move it knows loses, the play goes on with hard drops to the
    engine's own end (a strategy that stops is not a loss, session 10)."""
    from tools.floodline.solve_levels import solve

    s, _ticks = solve(lv, seed, max_pieces=max_pieces)
    p = Play(lv, seed)
    p.s = s
    while not p.over(max_pieces):  # the solver stops where every move it knows loses: play it out
        p.run([TickInput(hard=True)])
    return p.result()


EXTRA = ("tilt_greedy", "tilt_stay", "park", "solver")
FAMILY = (*STRATEGIES, *EXTRA)  # every one plays every level
PLAYERS: dict[str, Callable[[Level, int, int], dict[str, Any]]] = {
    "solver": play_solver,
    "tilt_greedy": play_tilt_greedy,
    "tilt_stay": play_tilt_stay,
    "park": play_park,
    "random": play_random,
    "drop": play_drop,
    "tilt_drop": play_tilt_drop,
    "greedy": play_greedy,
    "wall": play_wall,
}


def play(
    strategy: str, n: int, seed: int, max_pieces: int, lv: Level | None = None, variant: int = 0
) -> dict[str, Any]:
    """Strategy ``strategy`` plays campaign level ``n`` (or ``lv``) with bag seed ``seed``
    (``variant`` seeds random play's choices)."""
    lv = lv or parse_level(level_data(n))
    if strategy == "random":
        return play_random(lv, seed, max_pieces, variant)
    return PLAYERS[strategy](lv, seed, max_pieces)
