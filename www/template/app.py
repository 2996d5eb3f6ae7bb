"""Template game page — copy this folder to start a game's glue (see docs/adding-a-game.md).

The whole app shape in one file: a UI-state object, ``interpret(ui, state, ev) -> move | None``,
``draw(g, ui, state, t)``, and ``TurnApp`` (session, save, restore, undo) from the shell. Rules
(the goal, par, when it is over) come from ``engine.template``; what the page's chrome shows (help
pages, results lines) from ``engine.template.chrome``, drawn by ``gwweb.shared.chrome`` (top bar with
the way home, help overlay, results card, keyboard focus). This file only draws the board and listens.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gwweb.shared import chrome
from gwweb.shared.app import TurnApp
from gwweb.shared.canvas import Gfx, Region
from gwweb.shared.clock import new_seed, now_ms
from gwweb.shared.input import Event

from engine.template import GAME, SIZE, State, Step, par
from engine.template.chrome import CHROME, result_lines

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
    "KeyH": "help",
    "Tab": "focus",
    "Enter": "press",
    chrome.HOME_KEY: "home",
}

TABLES = {
    "en": {
        "title": "Template",
        "goal": "Walk to the gold square: arrows or WASD, or tap a neighbouring square.",
        "keys": "Arrows or WASD walk, Z undoes, N starts a new game, H opens this help, ` goes to the games.",
        "help_goal": "Goal",
        "help_keys": "Keys",
        "steps": "Steps {n} · par {par}",
        "over": "Reached!",
        "won": "Reached in {n} steps.",
        "par": "Par is {par}.",
        "star": "Reached in {n} steps — par! ★",
        "best": "Best {n}",
        "undo": "Undo",
        "new": "New",
        "help": "Help",
        "lang": "RU",
        "prev": "Prev",
        "next": "Next",
        "close": "Close",
    },
    "ru": {
        "title": "Шаблон",
        "goal": "Дойдите до золотой клетки: стрелки или WASD, или коснитесь соседней клетки.",
        "keys": "Стрелки или WASD — шаг, Z — отмена, N — новая игра, H — эта справка, ` — к играм.",
        "help_goal": "Цель",
        "help_keys": "Клавиши",
        "steps": "Шагов {n} · норма {par}",
        "over": "Дошли!",
        "won": "Дошли за {n} шагов.",
        "par": "Норма — {par}.",
        "star": "Дошли за {n} шагов — в норму! ★",
        "best": "Рекорд {n}",
        "undo": "Отмена",
        "new": "Заново",
        "help": "Справка",
        "lang": "EN",
        "prev": "Назад",
        "next": "Далее",
        "close": "Закрыть",
    },
}

THEME = chrome.Theme(fg="#FFE0B2", bar="#2B1B17", backdrop="#3E2723", card="rgba(43,27,23,0.94)", radius=8.0)


@dataclass
class Ui:
    """Everything on screen that undo should not restore."""

    board: tuple[float, float, float] = (0.0, 0.0, 1.0)  # x, y, cell size of the last frame
    help: chrome.HelpState = field(default_factory=chrome.HelpState)
    focus: str | None = None  # the keyboard ring's button (None: no ring)


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


def draw(
    g: Gfx, ui: Ui, state: State, t: float, text: Any = None, best: int | None = None, home: bool = True
) -> None:
    """The shared top bar, the board, the token and the goal; help or the results card over them."""
    tr = text or (lambda k, **f: k)
    g.clear("#3E2723")
    phone = g.width < 560
    bar = [
        chrome.BarButton("undo", tr("undo"), "↶"),
        chrome.BarButton("new", tr("new"), "+"),
        chrome.BarButton("help", tr("help"), "?", active=ui.help.open),
        chrome.BarButton("lang", tr("lang")),
    ]
    status = tr("steps", n=state.steps, par=par(state))
    top = chrome.top_bar(g, THEME, tr("title"), bar, phone=phone, status=status, home=home, focused=ui.focus)
    if best is not None:
        g.text(16, top + 22, tr("best", n=best), "#BCAAA4", 13)
    if ui.help.open:
        chrome.help_overlay(g, THEME, tr, CHROME.help, ui.help, top=top, focused=ui.focus)
        return
    cs = max(16.0, min((g.width - 32) / SIZE, (g.height - top - 140) / SIZE))
    bx, by = (g.width - cs * SIZE) / 2, top + 40
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
    if state.outcome is None:
        for k, line in enumerate(g.wrap(tr("goal"), g.width - 32, 14)[:3]):
            g.text(16, by + cs * SIZE + 28 + 20 * k, line, "#FFE0B2", 14)
        return
    buttons = [chrome.CardButton("new", tr("new"), bold=True), chrome.CardButton("undo", tr("undo"))]
    lines = chrome.worded(tr, result_lines(state))
    chrome.results_card(
        g, THEME, tr("over"), lines, buttons, area=(0, top, g.width, g.height - top), focused=ui.focus
    )


class TemplateApp(TurnApp[State, Step, Ui]):
    def __init__(self, shell: Any) -> None:
        shell.i18n.tables = TABLES
        shell.i18n.set_lang(shell.i18n.lang)
        shell.bindings(BINDINGS)
        self.t = shell.i18n.t
        self.regions: list[Region] = []
        super().__init__(shell, GAME, Ui(), interpret, self._draw, new_seed, clock=now_ms)

    def _draw(self, g: Gfx, ui: Ui, state: State, t: float) -> None:
        draw(g, ui, state, t, self.t, self.shell.progress.best(), chrome.shows_home(self.shell))
        self.regions = list(g.regions)  # the buttons the keyboard ring walks
        self.shell.toasts.draw(g, g.width / 2, g.height - 24)

    def handle(self, ev: Event) -> None:
        if ev.kind == "key":
            return  # bound keys come again as actions
        if ev.kind == "action" and ev.down:
            if self._chrome_key(ev):
                self.shell.invalidate()
                return
        if ev.kind == "pointer" and ev.name == "down":
            self.ui.focus = None  # a pointer user does not see the keyboard ring
        if self.ui.help.open or self.state.outcome is not None:
            return  # the overlay takes the screen: only its buttons act
        super().handle(ev)

    def _chrome_key(self, ev: Event) -> bool:
        """A key for the chrome (focus ring, help pages, undo/new/help/home): True when taken."""
        ui = self.ui
        regions = self.regions
        code = {
            "focus": "Tab",
            "press": "Enter",
            "U": "ArrowUp",
            "D": "ArrowDown",
            "L": "ArrowLeft",
            "R": "ArrowRight",
        }
        if ev.name in ("focus", "press") or (
            ev.name in code and (ui.focus or ui.help.open or self.state.outcome)
        ):
            if ui.help.open and ev.name in ("L", "R") and ui.focus is None:
                return ui.help.key(code[ev.name], len(CHROME.help))
            ui.focus, pressed = chrome.focus_key(
                regions, ui.focus, code[ev.name], ev.shift, ("new", chrome.help.NEXT)
            )
            if pressed is not None:
                self.on_button(pressed)
            return True
        if ev.name in ("undo", "redo", "new", "help", "home"):
            self.on_button(ev.name)
            return True
        return False

    def on_button(self, id: str) -> None:
        ui = self.ui
        if id == chrome.HOME:
            chrome.go_home(self.shell)
            return
        if id == "lang":
            self.shell.set_lang(self.shell.i18n.toggle())
            return
        if id == "help":
            if ui.help.open:
                ui.help.open = False
            else:
                ui.help.show()
            self.shell.invalidate()
            return
        if ui.help.press(id, len(CHROME.help)):
            self.shell.invalidate()
            return
        ui.help.open = False
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
            self.shell.announce(" ".join(ln.text for ln in chrome.worded(self.t, result_lines(st))))
        else:
            self.shell.announce(self.t("steps", n=st.steps, par=par(st)))
        progress.set_current(st.outcome is None)

    def refused(self, why: str) -> None:
        self.shell.toasts.push(why)

    def animating(self) -> bool:
        return self.shell.toasts.active()


def create(shell: Any) -> TemplateApp:
    return TemplateApp(shell)
