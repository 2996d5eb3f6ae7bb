"""Floodline page: real-time loop, input mapping, layout, drawing, sounds, progress."""

from __future__ import annotations

import json
from typing import Any

from gwweb.floodline import hud, screens
from gwweb.floodline import mesh as M
from gwweb.floodline.campaign import COUNT, Progress, endless_level, level, record, unlocked
from gwweb.floodline.iso import VIEW_NAMES
from gwweb.floodline.model import Run
from gwweb.floodline.render import JsMesh, WorldView, tilt_angle
from gwweb.floodline.strings import TABLES
from gwweb.shared.canvas import Gfx

from engine.floodline import parse_move

BINDINGS = {
    "KeyA": "left",
    "KeyD": "right",
    "KeyW": "away",
    "KeyS": "near",
    "ArrowLeft": "left",
    "ArrowRight": "right",
    "ArrowUp": "away",
    "ArrowDown": "near",
    "KeyQ": "yawL",
    "KeyE": "yawR",
    "KeyR": "pitchU",
    "KeyF": "pitchD",
    "KeyZ": "rollL",
    "KeyC": "rollR",
    "ControlLeft": "soft",
    "ControlRight": "soft",
    "KeyX": "soft",
    "Space": "hard",
    "ShiftLeft": "hold",
    "ShiftRight": "hold",
    "Digit1": "tilt1",
    "Digit2": "tilt2",
    "Digit3": "tilt3",
    "Digit4": "tilt4",
    "KeyV": "stabilize",
    "KeyG": "freeze",
    "KeyP": "drain",
    "F1": "view1",
    "F2": "view2",
    "F3": "view3",
    "F4": "view4",
    "BracketLeft": "cutDown",
    "BracketRight": "cutUp",
    "Escape": "pause",
    "KeyM": "mute",
    "Enter": "confirm",
}
TIP_TICKS = 60 * 12


class App:
    realtime = True

    def __init__(self, shell: Any) -> None:
        self.shell = shell
        shell.i18n.tables = TABLES
        shell.bindings(BINDINGS)
        self.t = shell.i18n.t
        self.progress = shell.storage.load("progress", Progress) or Progress()
        self.run: Run | None = None
        self.paused = False
        self.view = 0
        self.cut: int | None = None
        self.world = WorldView()
        self.tilt_anim: tuple[str, str, int] | None = None
        self.touch = False
        self.pad: list[tuple[str, str, float, float, float, float]] = []
        self.pad_down: dict[int, str] = {}
        self.recorded = False
        self.endless_seed = 0
        self.hud_layer: Gfx | None = None
        self.hud_key: tuple[Any, ...] = ()
        self.hud_redraws = 0
        self.tip_cache: tuple[Any, ...] = ()
        self.alt = False
        self.dyn_key: tuple[Any, ...] = ()
        self.dyn_meshes: list[JsMesh] = []
        self.preview: dict[str, Any] | None = None

    # -- runs ----------------------------------------------------------------------------
    def start(self, n: int) -> None:
        if n == 0:
            self.endless_seed = 7919 * (self.progress.endless_runs + 1) % 100_000
            self.progress.endless_runs += 1
            self.run = Run(endless_level(self.endless_seed), 0)
        else:
            self.progress.last = n
            self.run = Run(level(n), n)
        self.save_progress()
        self.run.view = self.view
        self.paused = False
        self.cut = None
        self.recorded = False
        self.tilt_anim = None

    def save_progress(self) -> None:
        self.shell.storage.save("progress", self.progress)
        self.shell.take_storage_notices()

    def finish(self) -> None:
        """Record stars / best score once when the run ends."""
        run = self.run
        if run is None or self.recorded or run.state.outcome is None:
            return
        self.recorded = True
        o = run.state.outcome
        if run.n == 0:
            self.progress.endless_best = max(self.progress.endless_best, int(o.score))
        elif o.status.value == "WON":
            record(self.progress, run.n, int(o.stars))
        self.save_progress()

    # -- loop ----------------------------------------------------------------------------
    def tick(self) -> None:
        run = self.run
        if run is None or self.paused or run.state.outcome is not None:
            return
        run.tick()
        if run.state.outcome is not None:
            self.finish()

    def handle(self, ev: Any) -> None:
        if ev.kind == "key" and ev.name in ("AltLeft", "AltRight"):
            self.alt = ev.down
            if not ev.down:
                self.preview = None
        elif ev.kind == "action":
            self.action(ev.name, ev.down)
        elif ev.kind == "pointer":
            self.pointer(ev)

    def action(self, name: str, down: bool) -> None:
        run = self.run
        if name.startswith("view") and down:
            self.set_view((self.view + 1) % 4 if name == "viewNext" else int(name[4]) - 1)
            return
        if not down and run is not None:
            run.key(name, False)
            return
        if not down:
            return
        if name == "mute":
            self.shell.set_muted(not self.shell.audio.muted)
        elif name == "pause" and run is not None and run.state.outcome is None:
            self.paused = not self.paused
            run.release_all()
        elif name == "confirm":
            if run is None:
                self.start(self.progress.last)
            elif run.state.outcome is not None:
                self.on_button(
                    "next" if run.state.outcome.status.value == "WON" and 0 < run.n < COUNT else "restart"
                )
        elif name in ("cutDown", "cutUp") and run is not None:
            h = run.state.board.sy
            cur = h if self.cut is None else self.cut
            cur = max(1, min(h, cur + (1 if name == "cutUp" else -1)))
            self.cut = None if cur >= h else cur
        elif name.startswith("tilt") and self.alt and run is not None and run.state.outcome is None:
            pv = run.preview(name)
            cur = {(tuple(c["pos"]), c["type"]) for c in run.board_cells}
            moved = [
                c["pos"]
                for c in pv.get("cells", [])
                if c["type"] in ("SOLID", "WATER", "ICE") and (tuple(c["pos"]), c["type"]) not in cur
            ]
            self.preview = {**pv, "board": run.board_version, "moved": moved}
        elif run is not None and not self.paused and run.state.outcome is None:
            self.preview = None
            run.key(name, True)

    def set_view(self, v: int) -> None:
        self.view = v
        if self.run is not None:
            self.run.view = v

    def pointer(self, ev: Any) -> None:
        if ev.pointer_type == "touch" and not self.touch:
            self.touch = True
        run = self.run
        if ev.name == "down":
            for action, _, bx, by, bw, bh in self.pad:
                if bx <= ev.x <= bx + bw and by <= ev.y <= by + bh:
                    self.pad_down[ev.pointer_id] = action
                    self.action(action, True)
                    return
        elif ev.name in ("up", "cancel"):
            action = self.pad_down.pop(ev.pointer_id, None)
            if action is not None and run is not None:
                run.key(action, False)

    def on_button(self, bid: str) -> None:
        if bid.startswith("lv:"):
            n = int(bid[3:])
            if unlocked(self.progress, n):
                self.start(n)
        elif bid == "endless":
            self.start(0)
        elif bid == "lang":
            self.shell.set_lang("ru" if self.shell.i18n.lang == "en" else "en")
        elif bid == "mute":
            self.shell.set_muted(not self.shell.audio.muted)
        elif bid == "pause":
            self.action("pause", True)
        elif bid == "resume":
            self.paused = False
        elif bid == "restart" and self.run is not None:
            self.start(self.run.n)
        elif bid == "levels":
            self.run = None
            self.paused = False
        elif bid == "next" and self.run is not None:
            self.start(min(COUNT, self.run.n + 1))
        elif bid == "view":
            self.set_view((self.view + 1) % 4)
        elif bid in ("cutUp", "cutDown"):
            self.action(bid, True)

    # -- sounds --------------------------------------------------------------------------
    def sounds(self, run: Run) -> None:
        a = self.shell.audio
        for e in run.events:
            if e == "lock":
                a.tone(180, 0.08, "triangle", 0.2)
            elif e == "drop":
                a.tone(260, 0.12, "square", 0.08, glide_to=110)
            elif e == "rotate":
                a.tone(660, 0.04, "sine", 0.08)
            elif e == "hold":
                a.tone(520, 0.06, "sine", 0.1, glide_to=700)
            elif e.startswith("tilt:"):
                a.tone(140, 0.35, "sawtooth", 0.06, glide_to=70)
                old = e[5:]
                self.tilt_anim = (old, run.state.gravity.value, 0)
            elif e == "collapse":
                a.noise(0.25, 0.12)
            elif e == "drain":
                a.tone(420, 0.25, "sine", 0.1, glide_to=160)
            elif e == "freeze":
                a.tone(1200, 0.2, "triangle", 0.08, glide_to=1800)
            elif e == "won":
                for i, f in enumerate((523, 659, 784, 1046)):
                    a.tone(f, 0.18, "triangle", 0.14, delay=i * 0.11)
            elif e == "lost":
                for i, f in enumerate((392, 330, 262)):
                    a.tone(f, 0.22, "sine", 0.14, delay=i * 0.14)
        run.events.clear()

    # -- drawing -------------------------------------------------------------------------
    def draw(self, g: Gfx) -> None:
        w, h = g.width, g.height
        self.pad = []
        if self.run is None:
            screens.level_select(g, self.t, self.progress)
            self.corner_buttons(g, w)
            self.draw_notices(g)
            return
        run = self.run
        self.sounds(run)
        g.clear(screens.BG)
        phone = w < 700 or h > w * 1.15
        show_pad = self.touch or w < 700
        top = 44
        self.top_bar(g, run, w)
        if phone:
            hud_h = 128
            pad_h = min(210.0, h * 0.27) if show_pad else 0
            board = (0.0, top + hud_h, w, h - top - hud_h - pad_h)
            self.hud_panel(g, run, (0, top, w, hud_h), True)
            if show_pad:
                self.pad = hud.pad_layout(4, h - pad_h, w - 8, pad_h - 4)
        else:
            pw = min(300.0, max(230.0, w * 0.28))
            pad_h = min(180.0, h * 0.25) if show_pad else 0
            board = (0.0, top, w - pw, h - top - pad_h)
            self.hud_panel(g, run, (w - pw, top, pw, h - top - pad_h), False)
            if show_pad:
                self.pad = hud.pad_layout(4, h - pad_h, w - 8, pad_h - 4)
        self.draw_board(g, run, board)
        if self.pad:
            hud.draw_pad(g, self.pad, set(self.pad_down.values()))
        o = run.state.outcome
        if o is not None:
            best = self.progress.endless_best if run.n == 0 else None
            outcome = {"status": o.status.value, "reason": o.reason.value, "stars": o.stars, "score": o.score}
            screens.results(
                g, self.t, outcome, run.n, run.n < COUNT and unlocked(self.progress, run.n + 1), best
            )
        elif self.paused:
            screens.pause(g, self.t, self.t("keys_help"))
        self.draw_notices(g)

    def hud_panel(self, g: Gfx, run: Run, rect: tuple[float, float, float, float], compact: bool) -> None:
        """The HUD is drawn on its own layer, redrawn only when what it shows changes."""
        x, y, w, h = rect
        key = (id(run), w, h, compact, self.shell.i18n.lang, self.view, hud.signature(run))
        if key != self.hud_key or self.hud_layer is None:
            self.hud_key = key
            if self.hud_layer is None or self.hud_layer.width != w or self.hud_layer.height != h:
                self.hud_layer = g.layer(w, h)
            lg = self.hud_layer
            lg.fit()
            lg.ctx.clearRect(0, 0, w, h)
            hud.panel(lg, self.t, run, 0, 0, w, h, compact)
            self.hud_redraws += 1
        g.blit(self.hud_layer, x, y)

    def top_bar(self, g: Gfx, run: Run, w: float) -> None:
        g.rect(0, 0, w, 44, "rgba(10,16,24,0.9)")
        g.button("levels", 6, 6, 44, 32, "☰", size=18)
        g.button("pause", 54, 6, 44, 32, "Ⅱ", size=16)
        title = run.level["meta"].get("title", "")
        name = f"{run.n}. {title}" if run.n else self.t("endless_title", seed=self.endless_seed)
        right = self.corner_buttons(g, w)
        vx = right - 56
        g.button("view", vx, 6, 52, 32, VIEW_NAMES[self.view], size=14)
        avail = vx - 112
        if avail > 40:
            g.text(106, 27, name, hud.INK, g.fit_text(name, avail, 16, True, min_size=11), True)

    def corner_buttons(self, g: Gfx, w: float) -> float:
        """Language and mute toggles at the top right; returns their left edge."""
        g.button("lang", w - 96, 6, 42, 32, self.t("lang"), size=13)
        g.button("mute", w - 50, 6, 44, 32, "♪ ×" if self.shell.audio.muted else "♪", size=15)
        return w - 100

    def draw_board(self, g: Gfx, run: Run, rect: tuple[float, float, float, float]) -> None:
        s = run.state
        p = self.world.place(self.view, [s.board.sx, s.board.sy, s.board.sz], rect)
        key = (id(run), run.board_version, self.view, self.cut, rect[2], rect[3], s.height_limit)
        self.world.ensure(g, key, run.board_cells, s.height_limit, self.cut, None)
        tilt = 0.0
        if self.tilt_anim is not None:
            old, new, f = self.tilt_anim
            tilt = tilt_angle(p, old, new, f / 14)
            self.tilt_anim = (old, new, f + 1) if f < 14 else None
        self.world.blit(g, tilt)
        ghost = run.ghost()
        cells = run.active_cells()
        pv = self.preview
        pv_on = pv is not None and pv.get("board") == run.board_version
        mat = s.active.material.value if s.active is not None else ""
        dkey = (self.world.key, str(cells), str(ghost), mat, id(pv) if pv_on else 0)
        if dkey != self.dyn_key:
            self.dyn_key = dkey
            parts = []
            if pv_on and pv is not None and pv.get("moved"):
                parts.append(M.piece_mesh(p, pv["moved"], "PREVIEW", M.PREVIEW_EDGE))
            if ghost:
                bad = run.ghost_overflow(ghost) or run.ghost_on_water(ghost)
                parts.append(M.piece_mesh(p, ghost, "GHOST", M.BAD_EDGE if bad else M.GHOST_EDGE))
            if cells:
                look = {"HEAVY": "ACTIVE_HEAVY", "REINFORCED": "ACTIVE_REINFORCED"}.get(mat, "ACTIVE")
                parts.append(M.piece_mesh(p, cells, look, M.ACTIVE_EDGE))
            self.dyn_meshes = [JsMesh(m) for m in parts]
        parts = self.dyn_meshes
        self.world.draw_dynamic(g, parts)
        x, y, w, h = rect
        if cells and ghost:
            self.drop_line(g, p, x, y, cells, ghost)
        g.button("cutDown", x + w - 72, y + 8, 30, 30, "▾", size=14)
        g.button("cutUp", x + w - 38, y + 8, 30, 30, "▴", size=14)
        cut = self.t("slice_off") if self.cut is None else self.t("slice", n=self.cut)
        g.text(x + w - 40, y + 54, cut, hud.ACCENT if self.cut is not None else hud.DIM, 12, align="center")
        if pv_on and pv is not None:
            self.preview_label(g, pv, x + w / 2, y + 24)
        r = max(18.0, min(30.0, w * 0.05))
        hud.gravity_badge(g, self.t, run, p, x + r + 12, y + r + 12, r)
        hud.warnings(g, self.t, run, x + 2 * r + 34, y + 10, ghost)
        tip = self.t(f"tip_{run.n}") if run.n else ""
        if tip.startswith("tip_"):
            tip = ""
        if tip and s.tick < TIP_TICKS:
            if self.tip_cache[:2] != (tip, w):
                self.tip_cache = (tip, w, g.wrap(tip, min(w - 24, 520), 13))
            lines = self.tip_cache[2]
            bh = 10 + 17 * len(lines)
            by = y + h - bh - 8
            g.rect(x + 12, by, min(w - 24, 540), bh, "rgba(10,16,24,0.82)")
            for i, line in enumerate(lines):
                g.text(x + 22, by + 18 + i * 17, line, hud.ACCENT, 13)

    def drop_line(
        self, g: Gfx, p: Any, x: float, y: float, cells: list[list[int]], ghost: list[list[int]]
    ) -> None:
        """A thin guide from the falling piece to where it lands (depth cue)."""
        n = len(cells)
        a = [sum(c[i] for c in cells) / n + 0.5 for i in range(3)]
        b = [sum(c[i] for c in ghost) / n + 0.5 for i in range(3)]
        x1, y1 = p.world(a[0], a[1], a[2])
        x2, y2 = p.world(b[0], b[1], b[2])
        g.line(x + x1, y + y1, x + x2, y + y2, "rgba(255,255,255,0.35)", 1)

    def preview_label(self, g: Gfx, pv: dict[str, Any], cx: float, cy: float) -> None:
        if not pv.get("allowed"):
            text = self.t("pv_refused")
        elif pv.get("rejected"):
            text = self.t("pv_rejected")
        else:
            text = self.t("pv_result", d=self.t(pv["target"]), s=pv["shift"], l=pv["lost"])
        w = g.measure(text, 14, True) + 20
        g.rect(cx - w / 2, cy - 16, w, 24, "rgba(120,50,30,0.9)")
        g.text(cx, cy + 1, text, "#fff", 14, True, align="center")

    def draw_notices(self, g: Gfx) -> None:
        notes = self.shell.notices[-2:]
        for i, text in enumerate(notes):
            g.rect(8, g.height - 34 - i * 30, g.width - 16, 26, "rgba(120,40,30,0.9)")
            g.text(16, g.height - 16 - i * 30, text[:140], "#fff", 12)

    def animating(self) -> bool:
        return False

    # -- hooks ---------------------------------------------------------------------------
    def state_hash(self) -> str:
        return "" if self.run is None else self.run.session.state_hash()

    def save_json(self) -> str:
        return "{}" if self.run is None else self.run.session.save_json()

    def test_hooks(self) -> dict[str, Any]:
        def info(*_a: Any) -> str:
            run = self.run
            if run is None:
                return json.dumps({"screen": "menu", "progress": self.progress.model_dump()})
            s = run.state
            return json.dumps(
                {
                    "screen": "play",
                    "level": run.n,
                    "tick": s.tick,
                    "gravity": s.gravity.value,
                    "pieces": s.metrics["piecesUsed"],
                    "active": run.active_cells(),
                    "outcome": None if s.outcome is None else s.outcome.status.value,
                    "paused": self.paused,
                    "view": self.view,
                    "worldRedraws": self.world.redraws,
                    "hudRedraws": self.hud_redraws,
                }
            )

        def start_level(n: Any, *_a: Any) -> None:
            self.start(int(n))

        def feed(texts: Any, *_a: Any) -> str:
            if self.run is not None:
                for text in list(texts):
                    if self.run.state.outcome is not None:
                        break
                    self.run.play(parse_move(str(text)))
                self.finish()
            return self.state_hash()

        def buttons(*_a: Any) -> str:
            regions = self.shell.gfx.regions
            return json.dumps([{"id": r.id, "x": r.x, "y": r.y, "w": r.w, "h": r.h} for r in regions])

        return {
            "floodlineInfo": info,
            "floodlineStart": start_level,
            "floodlineFeed": feed,
            "buttons": buttons,
        }


def create(shell: Any) -> App:
    return App(shell)
