"""The Floodline page's chrome around the board: the shared top bar (``look.bar``), the HUD panel and the
touch pad, each cached on its own layer and redrawn only when what it shows changes."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from gwweb.floodline import hud, look
from gwweb.floodline.model import Run
from gwweb.floodline.strings import title_for
from gwweb.shared.canvas import Gfx, Region
from gwweb.shared.chrome import BAR_H, shows_home

if TYPE_CHECKING:
    from gwweb.floodline.ui import Ui
    from gwweb.shared.shell import Shell


class AppChrome:
    """Base of ``drawstate.DrawState``: the chrome's layers and caches; the UI state comes as an
    argument (``ui``: the run on screen, the view, the pad laid out this frame)."""

    shell: Shell
    pad_key: tuple[object, ...]
    pad_layer: Gfx | None
    hud_rect: tuple[float, float, float, float]
    bar_layer: Gfx | None
    bar_key: tuple[object, ...]
    bar_regions: list[Region]
    hud_key: tuple[object, ...]
    hud_layer: Gfx | None
    hud_redraws: int
    hud_ms: float
    heavy: bool
    stages: list[str]
    fmt_key: tuple[object, ...]
    t: Callable[..., str]

    def hints(self, ui: Ui) -> dict[str, str]:  # DrawState
        raise NotImplementedError

    def draw_pad(self, g: Gfx, ui: Ui) -> None:
        """Touch pad from a cached layer (redrawn when its size or pressed buttons change)."""
        pad = ui.pad
        x0, y0 = pad[0][2] - 3, pad[0][3] - 3
        x1 = max(b[2] + b[4] for b in pad) + 3
        y1 = max(b[3] + b[5] for b in pad) + 3
        held = frozenset(ui.pad_down.values())
        blocked, cool = self.tilt_state(ui)
        key = (x0, y0, x1, y1, held, ui.peek, tuple(b[1] for b in pad), blocked, cool)
        if key != self.pad_key or self.pad_layer is None:
            self.pad_key = key
            if self.pad_layer is None or self.pad_layer.width != x1 - x0 or self.pad_layer.height != y1 - y0:
                self.pad_layer = g.layer(x1 - x0, y1 - y0)
            lg = self.pad_layer
            lg.fit()
            lg.clear_rect(0, 0, x1 - x0, y1 - y0)
            local = [(a, lbl, bx - x0, by - y0, bw, bh) for a, lbl, bx, by, bw, bh in pad]
            hud.draw_pad(lg, local, set(held), ui.peek, blocked, cool)
        g.blit(self.pad_layer, x0, y0)

    def tilt_state(self, ui: Ui) -> tuple[frozenset[str], float]:
        """Pad buttons the rules refuse now (tilts: engine ``rotation_allowed``; hold once per drop) and
        the tilt cooldown left, in 1/8s."""
        run = ui.run
        if run is None or run.state.outcome is not None or ui.watching:
            return frozenset(), 0.0
        s = run.state
        blocked = frozenset(k for k in ("tilt1", "tilt2", "tilt3", "tilt4") if not run.tilt_ok(k))
        if s.hold_used:  # hold is once per drop
            blocked |= {"hold"}
        if len(s.level.rotation.allowed) < 2:  # a level without tilts: nothing to preview
            blocked |= {"peek"}
        total = max(1, int(s.level.rotation.cooldown_ticks))
        return blocked, round(8 * min(1.0, s.cooldown / total)) / 8

    def hud_panel(
        self, g: Gfx, ui: Ui, run: Run, rect: tuple[float, float, float, float], compact: bool
    ) -> None:
        """The HUD is drawn on its own layer, redrawn only when what it shows changes."""
        x, y, w, h = rect
        self.hud_rect = rect
        keys = self.hints(ui)
        key = (id(run), w, h, compact, self.shell.i18n.lang, ui.view, self.fmt_key, hud.signature(run))
        stale = key != self.hud_key
        if (self.hud_layer is None or self.hud_key[:1] != (id(run),)) and self.heavy:
            return  # a run's first frame: the panel comes on the next one
        if self.hud_layer is None or (stale and not self.heavy):  # else next frame (issue #20)
            self.heavy = self.heavy or stale
            self.hud_key = key
            if self.hud_layer is None or self.hud_layer.width != w or self.hud_layer.height != h:
                self.hud_layer = g.layer(w, h)
            lg = self.hud_layer
            lg.fit()
            lg.clear_rect(0, 0, w, h)
            t0 = time.perf_counter()
            hud.panel(lg, self.t, run, 0, 0, w, h, compact, keys)
            self.hud_redraws += 1
            self.hud_ms = (time.perf_counter() - t0) * 1000
            self.stages.append(f"hud {self.hud_ms:.0f}")
        g.blit(self.hud_layer, x, y)

    def top_bar(self, g: Gfx, ui: Ui, run: Run, w: float) -> None:
        """The shared top bar over the board (home, title, the level's name, Levels, Pause, view,
        help, language, mute), from a cached layer redrawn only when what it shows changes; its
        buttons are registered every frame."""
        title = title_for(self.t, run.n, run.level)
        name = f"{run.n}. {title}" if run.n else self.t("endless_title", seed=ui.endless_seed)
        key = (w, name, self.shell.i18n.lang, ui.view, self.shell.audio.muted)
        lg = self.bar_layer
        if key != self.bar_key or lg is None:
            self.bar_key = key
            if lg is None or lg.width != w:
                lg = self.bar_layer = g.layer(w, BAR_H)
            lg.fit()
            lg.clear_rect(0, 0, w, BAR_H)
            lg.regions.clear()
            self._top_bar(lg, name, ui.view)
            self.bar_regions = list(lg.regions)
        g.blit(lg, 0, 0)
        g.regions.extend(self.bar_regions)

    def prewarm_bar(self) -> None:
        """The top bar drawn once off screen in idle time (its layer made, the fonts of its glyphs
        loaded), so a level's first frame does not pay for them (issue #20: ~10-35 ms)."""
        w = float(self.shell.gfx.width)
        lg = self.bar_layer
        if lg is None or lg.width != w:
            lg = self.bar_layer = self.shell.gfx.layer(w, BAR_H)
        self._top_bar(lg, "1. Floodline", 0)
        lg.regions.clear()
        self.bar_key = ()  # the real bar is drawn over it on the level's first frame

    def _top_bar(self, g: Gfx, name: str, view: int) -> None:
        look.bar(g, self.t, name, muted=bool(self.shell.audio.muted), home=shows_home(self.shell), view=view)
