"""Key rebinding screen: pick an action, press a key; saved in the shell's per-game key prefs."""

from __future__ import annotations

from typing import Any

from gwweb.floodline.hints import key_label
from gwweb.floodline.hud import ACCENT, DIM, INK
from gwweb.floodline.keys import BINDINGS, MODIFIERS
from gwweb.shared.canvas import Gfx

ACTIONS = (
    "left",
    "right",
    "away",
    "near",
    "yawL",
    "yawR",
    "pitchU",
    "pitchD",
    "rollL",
    "rollR",
    "soft",
    "hard",
    "hold",
    "tilt1",
    "tilt2",
    "tilt3",
    "tilt4",
    "stabilize",
    "freeze",
    "drain",
    "basins",
    "pause",
)
KEEP = ("Arrow", "F1", "F2", "F3", "F4")  # alternates and views are not replaced


class Rebinder:
    def __init__(self, shell: Any) -> None:
        self.shell = shell
        self.waiting: str | None = None
        self.refused: str | None = None  # a modifier key the player tried (shown under the list)
        self.overrides: dict[str, str] = {}
        raw = shell._pref(f"keys:{shell.game}")
        if raw:
            import json

            try:
                data = json.loads(raw)
                if isinstance(data, dict):
                    self.overrides = {str(k): str(v) for k, v in data.items()}
            except ValueError:
                pass

    def keys_for(self, action: str) -> list[str]:
        return [k for k, a in self.shell.input.bindings.items() if a == action and not k.startswith(KEEP)]

    def press(self, code: str) -> bool:
        """A raw key while waiting: bind it; Escape cancels. True if the key was consumed."""
        if self.waiting is None:
            return False
        if code in MODIFIERS:  # Ctrl/Alt/Meta: browser shortcuts (Ctrl+W closes the tab); keep waiting
            self.refused = code
            return True
        action, self.waiting = self.waiting, None
        self.refused = None
        if code == "Escape":
            return True
        for k in self.keys_for(action):
            self.overrides[k] = ""
        self.overrides[code] = action
        self.apply()
        return True

    def reset(self) -> None:
        self.overrides = {}
        self.apply()

    def apply(self) -> None:
        self.shell.save_bindings(self.overrides)
        self.shell.bindings(BINDINGS)

    def draw(self, g: Gfx, t: Any, lang: str = "en") -> None:
        w, h = g.width, g.height
        g.clear("#15202b")
        g.text(w / 2, 34, t("keys_title"), ACCENT, 22, True, align="center")
        cols = 2 if w >= 560 else 1
        cw = min(380.0, (w - 30) / cols)
        x0 = (w - cw * cols) / 2
        rows = (len(ACTIONS) + cols - 1) // cols
        rh = max(24.0, min(34.0, (h - 150) / rows))
        for i, action in enumerate(ACTIONS):
            c, r = divmod(i, rows)
            x, y = x0 + c * cw, 56 + r * rh
            g.text(x + 6, y + rh * 0.65, t("a_" + action), INK, 13)
            keys = ", ".join(dict.fromkeys(key_label(k, lang) for k in self.keys_for(action))) or "—"
            label = t("press_key") if self.waiting == action else keys
            g.button(
                f"bind:{action}",
                x + cw * 0.55,
                y + 2,
                cw * 0.43,
                rh - 4,
                label,
                size=12,
                active=self.waiting == action,
            )
        y = 56 + rows * rh + 12
        g.button("keys_reset", w / 2 - 160, y, 150, 34, t("keys_reset"), size=13)
        g.button("keys_done", w / 2 + 10, y, 150, 34, t("keys_done"), size=13)
        note = t("keys_modifier", k=key_label(self.refused, lang)) if self.refused else t("keys_note")
        for i, line in enumerate(g.wrap(note, w - 30, 12)):
            g.text(w / 2, y + 54 + i * 16, line, ACCENT if self.refused else DIM, 12, align="center")
