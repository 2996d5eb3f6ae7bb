"""The pulse cascade: after an accepted lengthy action the page plays the engine's recorded pulse
stages (``engine.reactor.stages``) one after another, in the engine's order, easing the values of
the cells that changed and framing them, with the stage named on the board and in the panel; the
forecast panel updates when the last stage has played.

Timing: the design wants the pulse the same for every lengthy action ("must not vary by action
type, forecast outcome, or current danger level"), so every cascade lasts ``TOTAL_MS`` of its mode,
shared among the stages by fixed weights (surface steps and the action itself get the most; a
stage that changes nothing visible still gets its slot and says so in the panel). Any input
finishes the cascade at once and is then applied (nothing is lost); a cascade started soon after
a skip made by a move or an action (a player pressing on) plays fast; other skips (the eye view,
a menu button, inspecting a cell) do not hurry the next one. Modes: full, fast, off (a setting in the panel). No rules here: every
value drawn is a recorded engine state.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

from engine.reactor.pulse import REASON_ROBOT_HAZARD
from engine.reactor.stages import PulseStage, PulseTrace

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx

    from engine.reactor.state import ReactorState

MODES = ("full", "fast", "off")
TOTAL_MS = {"full": 1320.0, "fast": 440.0}
WEIGHT = {
    "mutation": 1.4,
    "network": 1.2,
    "integrity": 1.0,
    "step": 1.2,
    "safety": 0.8,
    "readiness": 1.0,
    "durations": 0.6,
    "forecast": 0.6,
}
EASE = 0.6  # share of a stage spent easing values from the previous stage; the rest holds
HURRY_MS = 1500.0  # a cascade started this soon after a hurried skip plays fast
# inputs that mean "the player is pressing on": moves and actions (the page's bound action names)
HURRY_ACTIONS = frozenset(
    {"up", "down", "left", "right", "interact", "repair", "activate", "shield"}
    | {"remedy fuel", "remedy coolant", "remedy electricity"}
)
STAGE_COL = {
    "mutation": "#FFFFFF",
    "network": "#4DD0E1",
    "integrity": "#FF7043",
    "step": "#FFEA00",
    "safety": "#FF1744",
    "readiness": "#00E676",
    "durations": "#B39DDB",
    "forecast": "#90A4AE",
}
TEXT = {
    "en": {
        "mutation": "1 Action",
        "network": "2–4 Networks, consumers",
        "integrity": "5 Structural integrity",
        "step": "6 Surface step {k}/{n}",
        "safety": "7 Robot safety",
        "readiness": "8 Reactor readiness",
        "durations": "9 Timers: remedies, shield, valves",
        "forecast": "10 Forecast",
        "cascade": "Cascade",
        "full": "full",
        "fast": "fast",
        "off": "off",
        "skip": "any key skips",
        "pulse": "Pulse {n}",
        "quiet": "no visible change",
        "title": "Pulse {n}: cascade",
        "m_flow_on": "source on",
        "m_flow_off": "source off",
        "m_cons_on": "consumer on",
        "m_cons_off": "consumer off",
        "m_door_open": "door opens",
        "m_door_closed": "door closes",
        "m_valve": "valve discharges",
        "m_junction": "junction {w}",
        "m_supply": "supply picked up",
        "m_reactor": "reactor activated",
        "m_repair": "leak repaired",
        "m_remedy": "neutralizer applied",
        "m_shield": "heat shield on",
        "m_eye": "all-seeing eye",
    },
    "ru": {
        "mutation": "1 Действие",
        "network": "2–4 Сети, потребители",
        "integrity": "5 Целостность",
        "step": "6 Шаг поверхности {k}/{n}",
        "safety": "7 Безопасность робота",
        "readiness": "8 Готовность реактора",
        "durations": "9 Таймеры: средства, щит, клапаны",
        "forecast": "10 Прогноз",
        "cascade": "Каскад",
        "full": "полный",
        "fast": "быстрый",
        "off": "выкл",
        "skip": "любая клавиша — пропуск",
        "pulse": "Импульс {n}",
        "quiet": "без видимых изменений",
        "title": "Импульс {n}: каскад",
        "m_flow_on": "источник вкл",
        "m_flow_off": "источник выкл",
        "m_cons_on": "потребитель вкл",
        "m_cons_off": "потребитель выкл",
        "m_door_open": "дверь открыта",
        "m_door_closed": "дверь закрыта",
        "m_valve": "клапан сбрасывает воду",
        "m_junction": "развилка {w}",
        "m_supply": "запас взят",
        "m_reactor": "реактор запущен",
        "m_repair": "утечка устранена",
        "m_remedy": "нейтрализатор применён",
        "m_shield": "теплощит включён",
        "m_eye": "всевидящее око",
    },
}


def text(lang: str, key: str, **fmt: Any) -> str:
    s = TEXT.get(lang, TEXT["en"]).get(key, key)
    return s.format(**fmt) if fmt else s


def mutation_text(lang: str, before: ReactorState, after: Any) -> str:
    """What the player's action changed (read from the two states), e.g. "door opens"; "" if unclear."""
    c = after.robot
    p0, p1 = before.props.get(c), after.props.get(c)
    if p0 is not None and p1 is not None and p0 != p1:
        k = p1.kind
        if k == "flow":
            return text(lang, "m_flow_on" if p1.enabled else "m_flow_off")
        if k == "consumer":
            return text(lang, "m_cons_on" if p1.enabled else "m_cons_off")
        if k == "door":
            return text(lang, "m_door_open" if p1.open else "m_door_closed")
        if k == "junction":
            w = ":".join(str(int(v)) for v in after.balance.junction_ratio_modes[p1.ratio_mode])
            return text(lang, "m_junction", w=w)
        if k in ("valve", "supply", "reactor"):
            return text(lang, "m_" + k)
    if [lk.repaired for lk in before.leaks] != [lk.repaired for lk in after.leaks[: len(before.leaks)]]:
        return text(lang, "m_repair")
    if after.heat_immunity > before.heat_immunity:
        return text(lang, "m_shield")
    if after.inventory_total() < before.inventory_total():
        return text(lang, "m_remedy")
    if after.eye_access and not before.eye_access:
        return text(lang, "m_eye")
    return ""


def stage_text(lang: str, st: PulseStage, steps: int, action: str = "") -> str:
    if st.name == "step":
        return text(lang, st.name, k=st.step, n=steps)
    if st.name == "mutation" and action:
        return f"1 {action}"
    return text(lang, st.name)


def hurry_input(kind: str, name: str, bindings: dict[str, str] | None = None) -> bool:
    """True when an input that skips a cascade is a move or an action (the player pressing on).

    ``kind``/``name`` are the shell's event kind and name: a bound action (``"action"``, e.g.
    ``"interact"``), a raw key (``"key"``, a ``KeyboardEvent.code`` looked up in ``bindings``) or a
    panel button (``"button"``: ``act:...`` ids are actions). The eye view, undo, menus, help,
    language and pointer presses that only select do not count.
    """
    if kind == "action":
        return name in HURRY_ACTIONS
    if kind == "key":
        return (bindings or {}).get(name, "") in HURRY_ACTIONS
    if kind == "button":
        return name.startswith("act:")
    if kind == "walk":  # a pointer press that starts a walk to a cell
        return True
    return False


def under_by_carrier(
    old: ReactorState, new: ReactorState, cells: tuple[int, ...]
) -> dict[str, tuple[int, ...]]:
    """The underground cells among ``cells`` that changed between two states, per carrier layer."""
    out: dict[str, tuple[int, ...]] = {}
    for c, lay in new.layers.items():
        o = old.layers[c]
        if o is lay or not cells:
            continue
        ch = tuple(
            i
            for i in cells
            if o.state[i] != lay.state[i]
            or o.amount[i] != lay.amount[i]
            or o.intensity[i] != lay.intensity[i]
            or o.integrity[i] != lay.integrity[i]
        )
        if ch:
            out[c] = ch
    return out


class Cascade:
    """One pulse being played. ``view(t)`` gives the state to draw, ``surface(t)`` its values.
    It is the move's ``Animation`` for ``TurnApp`` (``total`` ms), ``skippable``: a press cuts it."""

    skippable = True

    def __init__(
        self,
        before: ReactorState,
        trace: PulseTrace,
        t0: float,
        mode: str,
        underground: bool,
        action: str = "",
    ) -> None:
        self.before = before
        self.action = action  # the player's action as shown in stage 1 (localised label)
        self.stages = list(trace.stages)
        if self.stages:
            what = {lg: mutation_text(lg, before, self.stages[0].state) for lg in TEXT}
            self.actions = {lg: f"{action}: {w}" if w and action else (w or action) for lg, w in what.items()}
        else:
            self.actions = {}
        self.final = trace.final
        self.t0 = t0
        self.mode = mode
        self.steps = before.balance.pulse_steps
        self.underground = underground  # the eye view was on: underground changes are framed too
        self.cells: list[tuple[int, ...]] = []
        self.eased: list[tuple[int, ...]] = []
        self.under: list[dict[str, tuple[int, ...]]] = []  # per stage: changed underground cells by layer
        prev = before
        for s in self.stages:
            self.cells.append(s.changed(underground))
            self.eased.append(s.surface_cells)
            self.under.append(under_by_carrier(prev, s.state, s.under_cells) if underground else {})
            prev = s.state
        weights = [WEIGHT.get(s.name, 1.0) for s in self.stages]
        unit = TOTAL_MS[mode] / max(1e-9, sum(weights))
        self.durs = [w * unit for w in weights]
        self.starts: list[float] = []
        acc = 0.0
        for d in self.durs:
            self.starts.append(acc)
            acc += d
        self.total = TOTAL_MS[mode]  # the same for every lengthy action (acc equals it up to rounding)
        self.index = 0
        self.frac = 0.0
        self.shown = self.stages[0].state if self.stages else self.final
        self.frames = 0
        self.fits: dict[tuple[str, float, float, bool], float] = {}  # label sizes (saves measureText calls)
        self.sounded = 0  # the last stage whose sound has played (the action's own sound covers stage 1)

    def fit(self, g: Gfx, label: str, max_w: float, size: float, bold: bool) -> float:
        key = (label, max_w, size, bold)
        fs = self.fits.get(key)
        if fs is None:
            fs = self.fits[key] = g.fit_text(label, max_w, size, bold, 8)
        return fs

    def at(self, t: float) -> bool:
        """Move to time ``t``; False once the last stage has played."""
        el = t - self.t0
        if el >= self.total or not self.stages:
            self.index, self.frac = len(self.stages) - 1, 1.0
            self.shown = self.final
            return False
        k = self.index if self.starts[self.index] <= el else 0
        while k + 1 < len(self.stages) and el >= self.starts[k] + self.durs[k]:
            k += 1
        self.index = k
        self.frac = min(1.0, (el - self.starts[k]) / self.durs[k]) if self.durs[k] > 0 else 1.0
        self.shown = self.stages[k].state
        return True

    def surface(self) -> dict[str, Any]:
        """Surface values of the current stage; changed cells ease from the previous stage's values."""
        st = self.shown
        if self.frac >= EASE or not self.stages or st is self.final:
            return st.surface
        prev = self.stages[self.index - 1].state if self.index > 0 else self.before
        k = self.frac / EASE
        k = k * k * (3 - 2 * k)
        out: dict[str, Any] = {}
        cells = self.eased[self.index]
        for q, arr in st.surface.items():
            old = prev.surface[q]
            if not cells:
                out[q] = arr
                continue
            vals = array("f", arr)
            for i in cells:
                vals[i] = old[i] + (arr[i] - old[i]) * k
            out[q] = vals
        return out

    def framed(self, k: int, layer: str = "all") -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Cells stage ``k`` frames: (surface/prop cells: solid frames, underground-only cells of the
        shown eye layer(s): dashed frames). Underground cells only when the eye view was on."""
        st = self.stages[k]
        solid = tuple(sorted(set(st.surface_cells) | set(st.prop_cells)))
        under: set[int] = set()
        for c, cells in self.under[k].items():
            if layer in ("all", c):
                under.update(cells)
        return solid, tuple(sorted(under - set(solid)))

    def sound_for(self, k: int) -> str | None:
        """The sound of stage ``k``: ``"danger"`` (the robot's cell grew into the caution band of a
        quantity that can hurt it, or the robot was lost), ``"integrity"`` (structural integrity fell
        where the player can see it: eye view, or a new leak), ``"change"`` (anything else visible
        changed) or None (a quiet stage)."""
        if not self.cells[k]:
            return None
        st = self.stages[k]
        new = st.state
        prev = self.stages[k - 1].state if k > 0 else self.before
        if new.outcome is not None and prev.outcome is None and new.outcome.result == "lost":
            if new.outcome.reason == REASON_ROBOT_HAZARD:
                return "danger"
        r = new.robot
        b = new.balance
        if r in st.surface_cells:
            for q, limit in b.robot_unsafe.items():
                if limit is None or (q == "heat" and new.heat_immunity > 0):
                    continue
                v = new.surface[q][r]
                if v >= min(limit, b.thresholds[q].caution) and v > prev.surface[q][r] + 1e-4:
                    return "danger"
        if st.name == "integrity":
            for c, lay in new.layers.items():
                old = prev.layers[c].integrity
                if any(lay.integrity[i] < old[i] for i in st.under_cells):
                    return "integrity"
        return "change"

    def take_sounds(self) -> tuple[str, int] | None:
        """The sound to play now for the stages reached since the last call (the most urgent one when
        a slow frame passed several): (kind, stage index) or None."""
        best: tuple[str, int] | None = None
        rank = {"change": 0, "integrity": 1, "danger": 2}
        for k in range(self.sounded + 1, self.index + 1):
            kind = self.sound_for(k)
            if kind is not None and (best is None or rank[kind] >= rank[best[0]]):
                best = (kind, k)
        self.sounded = max(self.sounded, self.index)
        return best

    def current(self) -> PulseStage | None:
        return self.stages[self.index] if self.stages else None

    def summary(self) -> dict[str, Any]:
        """What the page played: stage labels in the engine's order, their times, changed cells."""
        return {
            "pulse": self.final.pulse,
            "mode": self.mode,
            "stages": [s.label for s in self.stages],
            "ms": [round(d, 1) for d in self.durs],
            "cells": [len(c) for c in self.cells],
            "total_ms": round(self.total, 1),
            "current": self.stages[self.index].label if self.stages else None,
        }


class CascadePlayer:
    """Mode setting (kept in the shared preferences), hurry after skips, and the log for tests."""

    PREF = "reactor:cascade"

    def __init__(self, shell: Any) -> None:
        self.shell = shell
        raw = None
        try:
            raw = shell.prefs.read_raw(self.PREF)
        except Exception:  # noqa: BLE001 - preferences are optional
            raw = None
        self.mode = raw if raw in MODES else "full"
        self.log: list[dict[str, Any]] = []
        self.last_skip = -1e9  # when a cascade was last skipped by a move or an action
        self.pulse_ms: list[float] = []

    def cycle_mode(self) -> None:
        self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        self.shell.set_pref(self.PREF, self.mode)

    def start(
        self, before: ReactorState, trace: PulseTrace | None, t: float, underground: bool, action: str = ""
    ) -> Cascade | None:
        if trace is None or not trace.stages or self.mode == "off":
            return None
        mode = "fast" if self.mode == "fast" or t - self.last_skip < HURRY_MS else "full"
        return Cascade(before, trace, t, mode, underground, action)

    def end(self, c: Cascade, t: float, skipped: bool, hurry: bool = True) -> None:
        """Log a finished cascade; a skip by a move/action (``hurry``) makes the next one fast."""
        played = t - c.t0
        if skipped and hurry:
            self.last_skip = t
        self.pulse_ms.append(round(played, 1))
        del self.pulse_ms[:-40]
        entry = c.summary()
        entry.update(
            {
                "played_ms": round(played, 1),
                "skipped": skipped,
                "hurry": skipped and hurry,
                "frames": c.frames,
            }
        )
        self.log.append(entry)
        del self.log[:-10]


def play_sound(audio: Any, kind: str, k: int) -> None:
    """A short soft WebAudio tone per cascade stage (synthesised, no downloads; silent when muted):
    a quiet tick rising with the stage for a change, a low falling creak for integrity damage, a
    double blip for robot danger."""
    if audio is None or getattr(audio, "muted", False):
        return
    if kind == "danger":
        audio.tone(740, 0.07, "triangle", 0.07)
        audio.tone(740, 0.07, "triangle", 0.07, delay=0.1)
    elif kind == "integrity":
        audio.tone(210, 0.2, "triangle", 0.07, glide_to=140)
    else:
        audio.tone(440 * 2 ** (min(k, 12) / 24), 0.06, "sine", 0.035)
