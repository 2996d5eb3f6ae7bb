"""Template game page — copy this folder to start a game's glue (see docs/adding-a-game.md).

The whole app shape in one file: a UI-state object, ``interpret(ui, state, ev) -> move | None``,
``draw(g, ui, state, t)``, and ``TurnApp`` (session, save, restore, undo) from the shell. Rules
(the goal, par, when it is over) come from ``engine.template``; this file only draws and listens.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gwweb.shared.app import TurnApp
from gwweb.shared.canvas import Gfx
from gwweb.shared.clock import new_seed, now_ms
from gwweb.shared.input import Event

from engine.template import GAME, SIZE, Outcome, State, Step, par

BINDINGS = {
    "ArrowUp": "U",
    "KeyW": "U",
    "ArrowDown": "D",
    "KeyS": "D",
    "ArrowLeft": "L",
    "KeyA": "L",
    "ArrowRight": "R",
    "KeyD": "R",
    "KeyZ": "undo",
    "KeyY": "redo",
    "KeyN": "new",
}

TABLES = {
    "en": {
        "title": "Template",
        "goal": "Walk to the gold square: arrows or WASD, or tap a neighbouring square.",
        "steps": "Steps {n} · par {par}",
        "won": "Reached in {n} steps.",
        "star": "Reached in {n} steps — par! ★",
        "best": "Best {n}",
        "undo": "Undo",
        "new": "New",
        "lang": "RU",
    },
    "ru": {
        "title": "Шаблон",
        "goal": "Дойдите до золотой клетки: стрелки или WASD, или коснитесь соседней клетки.",
        "steps": "Шагов {n} · норма {par}",
        "won": "Дошли за {n} шагов.",
        "star": "Дошли за {n} шагов — в норму! ★",
        "best": "Рекорд {n}",
        "undo": "Отмена",
        "new": "Заново",
        "lang": "EN",
    },
}


@dataclass
class Ui:
    """Everything on screen that undo should not restore."""

    board: tuple[float, float, float] = (0.0, 0.0, 1.0)  # x, y, cell size of the last frame


def interpret(ui: Ui, state: State, ev: Event) -> Step | None:
    """What the player meant: a step, or nothing (UI-only input)."""
    if ev.kind == "action" and ev.down and ev.name in ("U", "D", "L", "R"):
        return Step(d=ev.name)
    if ev.kind == "pointer" and ev.name == "down":
        bx, by, cs = ui.board
        cx, cy = int((ev.x - bx) // cs), int((ev.y - by) // cs)
        for d, (dx, dy) in {"U": (0, -1), "D": (0, 1), "L": (-1, 0), "R": (1, 0)}.items():
            if (state.x + dx, state.y + dy) == (cx, cy):
                return Step(d=d)
    return None


def draw(g: Gfx, ui: Ui, state: State, t: float, text: Any = None, best: int | None = None) -> None:
    """The board, the token, the goal and the HUD."""
    tr = text or (lambda k, **f: k)
    g.clear("#3E2723")
    g.text(16, 30, tr("title"), "#FFE0B2", 20, bold=True)
    g.text(16, 52, tr("steps", n=state.steps, par=par(state)), "#FFE0B2", 14)
    if best is not None:
        g.text(16, 72, tr("best", n=best), "#BCAAA4", 13)
    cs = max(16.0, min((g.width - 32) / SIZE, (g.height - 180) / SIZE))
    bx, by = (g.width - cs * SIZE) / 2, 90.0
    ui.board = (bx, by, cs)
    for y in range(SIZE):
        for x in range(SIZE):
            color = "#FFB74D" if (x, y) == state.goal else "#5D4037"
            g.round_rect(bx + x * cs + 2, by + y * cs + 2, cs - 4, cs - 4, 6, fill=color)
    g.circle(
        bx + (state.x + 0.5) * cs,
        by + (state.y + 0.5) * cs,
        cs * 0.3,
        fill="#FFE0B2",
        stroke="#3E2723",
        width=2,
    )
    msg = tr("goal") if state.outcome is None else _result(state.outcome, state, tr)
    for k, line in enumerate(g.wrap(msg, g.width - 32, 14)[:3]):
        g.text(16, by + cs * SIZE + 28 + 20 * k, line, "#FFE0B2", 14)
    by2 = g.height - 52
    g.button("undo", 16, by2, 100, 36, tr("undo"))
    g.button("new", 124, by2, 100, 36, tr("new"))
    g.button("lang", g.width - 66, 12, 50, 32, tr("lang"))


def _result(outcome: Outcome, state: State, tr: Any) -> str:
    return tr("star" if outcome.steps <= par(state) else "won", n=outcome.steps)


class TemplateApp(TurnApp[State, Step, Ui]):
    def __init__(self, shell: Any) -> None:
        shell.i18n.tables = TABLES
        shell.i18n.set_lang(shell.i18n.lang)
        shell.bindings(BINDINGS)
        self.t = shell.i18n.t
        super().__init__(shell, GAME, Ui(), interpret, self._draw, new_seed, clock=now_ms)

    def _draw(self, g: Gfx, ui: Ui, state: State, t: float) -> None:
        draw(g, ui, state, t, self.t, self.shell.progress.best())
        self.shell.toasts.draw(g, g.width / 2, g.height - 64)

    def handle(self, ev: Event) -> None:
        if ev.kind == "action" and ev.down and ev.name in ("undo", "redo", "new"):
            self.on_button(ev.name)
            return
        super().handle(ev)

    def on_button(self, id: str) -> None:
        if id == "lang":
            self.shell.set_lang(self.shell.i18n.toggle())
            return
        super().on_button(id)
        self.shell.progress.set_current(self.state.outcome is None and self.state.steps > 0)

    def on_events(self, events: list[Any]) -> None:
        """Results are spoken and shown; the best score and the star are kept for the launcher."""
        st = self.state
        progress = self.shell.progress
        if "reached" in events and st.outcome is not None:
            progress.record_best(st.outcome.steps, lower_better=True)
            if st.outcome.steps <= par(st):
                progress.record_stars(f"seed{self.session.seed}", 1)
            self.shell.toasts.push(_result(st.outcome, st, self.t))
        else:
            self.shell.announce(self.t("steps", n=st.steps, par=par(st)))
        progress.set_current(st.outcome is None)

    def refused(self, why: str) -> None:
        self.shell.toasts.push(why)

    def animating(self) -> bool:
        return self.shell.toasts.active()


def create(shell: Any) -> TemplateApp:
    return TemplateApp(shell)
