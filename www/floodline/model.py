"""One run: the engine Session (each tick's ``TickInput`` played through it, the engine's events
taken from it), and the view-model (everything the renderer and HUD read). No ``js`` here; rules
stay in the engine; the keys become moves in ``interpret``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gwweb.floodline.interpret import TILT_KEYS
from gwweb.floodline.iso import tilt_for
from gwweb.floodline.saves import MoveLog

from engine.core.session import IllegalMoveError, Session
from engine.floodline import GAME, Gravity, State, TickInput
from engine.floodline.conditions import resting_on_water, stack_height
from engine.floodline.endless import status as endless_status
from engine.floodline.events import Event
from engine.floodline.pieces import offsets
from engine.floodline.preview import danger, over_line, tilt_refusal, tilt_unsafe
from engine.floodline.progress import constraints
from engine.floodline.rules import rotation_allowed
from engine.floodline.scoring import objective_progress
from engine.floodline.view import (
    basin_preview,
    drain_zones,
    ghost_cells,
    ghost_over_water,
    next_gust,
    preview_tilt,
    unsupported_cells,
)


class Run:
    """A level being played (campaign number ``n`` or 0 for endless)."""

    def __init__(
        self,
        level: dict[str, Any],
        n: int,
        seed: int | None = None,
        defer: bool = False,
        session: Session[State, TickInput] | None = None,
    ) -> None:
        """``defer``: the view-model is read on the first ``sync`` (a later frame or step), not now.
        ``session``: a stored run restored through the app (it goes on from its last move)."""
        self.level = level
        self.n = n
        seed = int(level["meta"]["seed"]) if seed is None else seed
        if session is None:
            session = Session(GAME, seed, {"level": level}, keep_events=True)
        self.session: Session[State, TickInput] = session
        self.view = 0
        self.events: list[Event] = []  # the engine's events not yet sounded/animated (lock, tilt, ...)
        self.board_cells: list[dict[str, Any]] = []
        self.objectives: list[dict[str, Any]] = []
        self.limits: list[dict[str, Any]] = []
        self.endless: dict[str, Any] | None = None
        self._board_ref: Any = None
        self.board_version = 0
        self.water_under: bool = False
        self.unsupported: set[tuple[int, int, int]] = set()
        self.top_cells: list[list[int]] = []
        self.drain_scope: list[list[int]] = []
        self.wet = False  # water, ice or drains on the board: the basin preview has something to show
        self._basin: tuple[int, dict[str, Any]] | None = None
        self.water_units = 0
        self.danger = 0.0
        self._ghost: tuple[Any, list[list[int]]] = (None, [])
        self.log = MoveLog()  # the moves, run-length encoded as played (the stored run)
        for mv in session.moves:  # a restored run's moves so far
            self.log.add(mv)
        self.stale = False  # the board changed since the last refresh (done on a later frame, see sync)
        self.busy = False  # this frame's ticks changed the board (a lock, tilt, thaw: heavy engine work)
        self.locked: tuple[list[list[int]], str] = ([], "")  # the last piece that locked (cells, material)
        self.locked_at = -1  # board_version before that lock
        self.refusal: dict[str, Any] | None = None  # why the last tilt was refused (engine tilt_refusal)
        self.refusals = 0  # counts refused tilts (the app shows each one)
        if defer:
            self.stale = True
        else:
            self.refresh()

    @property
    def state(self) -> State:
        return self.session.state

    # -- ticking --------------------------------------------------------------------
    def play(self, inp: TickInput) -> None:
        """Apply one tick through the session and take the engine's events (``engine.floodline.events``)."""
        board = self.state.board
        try:
            self.session.play(inp)
        except IllegalMoveError:
            return
        self.log.add(inp)
        for e in self.session.last_events:
            if e.kind == "refused":
                self.refused(e.why)
                continue
            if e.kind in ("lock", "drop"):  # drawn over the old world layer until the new one is ready
                self.locked = ([list(c) for c in e.cells], e.material)
                self.locked_at = self.board_version
            self.events.append(e)
        if self.state.board is not board:
            self.stale = self.busy = True  # refreshed on the next frame (issue #20: split the lock work)

    def sync(self) -> None:
        """Bring the view-model up to the engine state now (tests, previews, freeze aiming)."""
        if self.stale:
            self.stale = False
            self.refresh()

    def refused(self, why: Mapping[str, Any] | None) -> None:
        if why is not None:
            self.refusal = dict(why)
            self.refusals += 1
            self.events.append(Event("refused", self.state.tick, why=why))

    def refresh(self) -> None:
        """Re-read the settled world after the board changed (lock, tilt, thaw, wind)."""
        s = self.state
        self.stale = False
        if s.board is self._board_ref:
            return
        self._board_ref = s.board
        v = {
            "cells": s.board.cell_list(),
            "objectives": objective_progress(s),
        }  # what refresh needs of view()
        self.water_units = sum(1 for c in v["cells"] if c["type"] == "WATER")
        self.danger = danger(s) / 100  # 0..1: how near the overflow / flood line (music)
        self.board_cells = v["cells"]
        self.objectives = v["objectives"]
        self.limits = constraints(s)  # every limit in play (engine progress.constraints)
        self.endless = endless_status(s) if s.level.mutators else None  # rain, flood, lakes, layers
        self.board_version += 1
        self.water_under = resting_on_water(s.board, s.gravity)  # §10.2 'Resting on water' (Rules §10.4)
        self.unsupported = unsupported_cells(s)
        self.drain_scope = [c for d in drain_zones(s.board, s.gravity) for c in d["cells"]]
        self.wet = bool(self.drain_scope) or any(c["type"] in ("WATER", "ICE") for c in self.board_cells)
        top = max((c["pos"][1] for c in self.board_cells if c["type"] == "SOLID"), default=-1)
        self.top_cells = [
            list(c["pos"]) for c in self.board_cells if c["type"] == "SOLID" and c["pos"][1] == top
        ][:8]

    # -- view-model -----------------------------------------------------------------
    def basins(self) -> dict[str, Any]:
        """Part I §10.3 basin preview (engine ``basin_preview``), computed once per board."""
        if self._basin is None or self._basin[0] != self.board_version:
            self._basin = (self.board_version, basin_preview(self.state.board, self.state.gravity))
        return self._basin[1]

    def active_cells(self) -> list[list[int]]:
        a = self.state.active
        return [] if a is None else [list(c) for c in a.cells()]

    def ghost(self) -> list[list[int]]:
        """Where the piece would land (engine ``ghost_cells``), kept until the piece or board changes."""
        s = self.state
        a = s.active
        key = None if a is None else (a.piece_id, a.rot, a.origin, s.board, s.gravity)
        if key != self._ghost[0] or key is None:
            self._ghost = (key, ghost_cells(s))
        return self._ghost[1]

    def ghost_on_water(self, ghost: list[list[int]]) -> bool:
        """§10.2 "Resting on water" for the landing piece: the engine decides (view.ghost_over_water)."""
        return ghost_over_water(self.state, ghost)

    def ghost_overflow(self, ghost: list[list[int]]) -> bool:
        """The landing piece would lock over the overflow line (engine ``preview.over_line``)."""
        return over_line(self.state, ghost)

    def preview(self, key: str) -> dict[str, Any]:
        """Part I §10.3 rotation preview for a tilt key (computed by the engine, no state change)."""
        self.sync()
        target = tilt_for(self.view, self.state.gravity.value, TILT_KEYS[key])
        if target is None:
            return {"allowed": False, "target": None, **(tilt_refusal(self.state, None) or {})}
        out = dict(preview_tilt(self.state, Gravity(target)))
        out["target"] = target
        return out

    def warning_keys(self, ghost: list[list[int]]) -> list[str]:
        """Part I §10.2 warnings that apply now (string keys), from the engine's conditions."""
        out = []
        if self.ghost_on_water(ghost) or self.water_under:
            out.append("warn_water")
        if self.unsupported:
            out.append("warn_unsupported")
        if self.overflow_risk() or self.ghost_overflow(ghost):
            out.append("warn_overflow")
        elif self.tilt_unsafe():
            out.append("warn_tilt_high")
        return out

    def tilt_unsafe(self) -> bool:
        """The piece is over the red line while a tilt can happen (engine ``preview.tilt_unsafe``)."""
        return tilt_unsafe(self.state)

    def height(self) -> int:
        """Layers from the box floor to the top of the stack (engine ``stack_height``)."""
        return stack_height(self.state.board)

    def overflow_risk(self) -> bool:
        """The engine's height-limit constraint says danger (one step from the overflow line)."""
        return any(c["key"] == "heightLimit" and c["danger"] for c in self.limits)

    def wind(self) -> dict[str, Any] | None:
        return next_gust(self.state)

    def tilt_ok(self, key: str) -> bool:
        target = tilt_for(self.view, self.state.gravity.value, TILT_KEYS[key])
        return target is not None and rotation_allowed(self.state, Gravity(target))

    def bar(self, k: int) -> float:
        """Bar fill (0..1) of objective ``k``: the engine's count of it, in the unit a player counts
        (``objective_progress`` ``value`` of ``target``: layers for a height, RULES.md 32)."""
        if k >= len(self.objectives):
            return 0.0
        row = self.objectives[k]
        value, target = int(row["value"]), int(row["target"])
        return max(0.0, min(1.0, value / max(1, target)))

    def next_pieces(self) -> list[tuple[str, str, list[list[int]]]]:
        return [(p, m.value, [list(v) for v in offsets(p, 0)]) for p, m in self.state.queue]

    def hold_piece(self) -> tuple[str, str, list[list[int]]] | None:
        h = self.state.hold
        return None if h is None else (h[0], h[1].value, [list(v) for v in offsets(h[0], 0)])
