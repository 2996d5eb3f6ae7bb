"""The "co-op between devices" dialog: host or join, and the two codes to swap.

Drawn on the canvas like every dialog; the codes live in one DOM ``<textarea>`` (a canvas
cannot take pasted text), placed over the dialog's code box while a code is shown or asked for.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import js  # type: ignore[import-not-found]
from gwweb.shared.canvas import Gfx, Region
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from engine.runmap.peer import PeerRefusal

from . import layout
from .dialog_box import BOX, box, dim
from .screens import INK, MUTED, title

if TYPE_CHECKING:
    from .app_face import AppFace
    from .rtc import RtcHub

AREA_ID = "runmap-code"
CODE_STAGES = ("invite", "paste_answer", "paste_invite", "answer")
EDITABLE = ("paste_answer", "paste_invite")


class DevicesUI:
    """Stages: choose -> (host) making, invite, paste_answer | (guest) paste_invite, making, answer."""

    def __init__(self, app: AppFace) -> None:
        self.app = app
        self.stage: str | None = None
        self.code = ""
        self.area: Any = None  # the DOM <textarea> (a JS object)
        self.hub: RtcHub | None = None
        self._box: tuple[float, float, float, float] | None = None
        self._field_keys = create_proxy(self._on_field_key)

    # ------------------------------------------------------------ flow
    @property
    def open(self) -> bool:
        return self.stage is not None

    def show(self) -> None:
        coop = self.app.coop
        hosting = coop.is_host() and coop.transport == "devices"
        self.stage = "choose" if not hosting else "making"
        if hosting:
            asyncio.ensure_future(self._invite())
        self.app.shell.invalidate()

    def close(self) -> None:
        self.stage = None
        self._place(None)
        self.app.shell.invalidate()

    def connected(self) -> None:
        """A guest joined (host) or the run arrived (guest): the dialog has done its job, and a host
        that invited from the menu is back on its run's map."""
        if self.stage is not None and self.stage != "choose":
            self.close()
            if self.app.has_run:
                self.app.ui.screen = "run"

    def on_button(self, bid: str) -> None:
        app = self.app
        if bid == "dev:close":
            self.close()
        elif bid == "dev:stun":
            app.prefs.stun = not app.prefs.stun
            app.shell.storage.save("prefs", app.prefs)
        elif bid == "dev:host":
            self.hub = app.coop.host_devices(app.prefs.seed, app.options_now(), app.prefs.stun)
            self.stage = "making"
            asyncio.ensure_future(self._invite())
        elif bid == "dev:join":
            self.hub = app.coop.join_devices(app.prefs.stun)
            self.code = ""
            self.stage = "paste_invite"
        elif bid == "dev:copy":
            self._copy()
        elif bid == "dev:next":
            self.code = ""
            self.stage = "paste_answer"
        elif bid == "dev:back":
            self.stage = "invite"
            self.code = self._hub_code
        elif bid == "dev:accept":
            asyncio.ensure_future(self._accept(self._typed()))
        elif bid == "dev:answer":
            asyncio.ensure_future(self._answer(self._typed()))
        app.shell.invalidate()

    _hub_code = ""

    def _link(self) -> RtcHub:
        """The data-channel hub this dialog opened (hosting or joining)."""
        if self.hub is None:
            raise ValueError("no co-op connection: host or join first")
        return self.hub

    async def _invite(self) -> None:
        try:
            self._hub_code = self.code = await self._link().invite()
            self.stage = "invite"
        except Exception as exc:  # noqa: BLE001 - shown to the player
            self._fail(exc)
        self.app.shell.invalidate()

    async def _accept(self, code: str) -> None:
        self.stage = "linking"  # before awaiting: the channel may open (and close this) meanwhile
        try:
            await self._link().accept(code)
        except (PeerRefusal, ValueError) as exc:
            self.stage = "paste_answer"
            self.app.notify(self.app.t("code_bad", why=str(exc)))
        except Exception as exc:  # noqa: BLE001
            self._fail(exc)
        self.app.shell.invalidate()

    async def _answer(self, code: str) -> None:
        try:
            self.stage = "making"
            self.app.shell.invalidate()
            self.code = await self._link().answer(code)
            self.stage = "answer"
        except (PeerRefusal, ValueError) as exc:
            self.stage = "paste_invite"
            self.app.notify(self.app.t("code_bad", why=str(exc)))
        except Exception as exc:  # noqa: BLE001
            self._fail(exc)
        self.app.shell.invalidate()

    def _fail(self, exc: BaseException) -> None:
        self.stage = "choose"
        self.app.notify(self.app.t("rtc_failed", why=f"{type(exc).__name__}: {exc}"[:120]))

    def _typed(self) -> str:
        return "" if self.area is None else str(self.area.value)

    def _copy(self) -> None:
        try:
            js.navigator.clipboard.writeText(self.code)
            self.app.notify(self.app.t("code_copied"))
        except Exception:  # noqa: BLE001 - no clipboard: the code is selected for a manual copy
            if self.area is not None:
                self.area.select()

    # ------------------------------------------------------------ the text field
    def _on_field_key(self, e: Any) -> None:
        """Keys typed in the code field stay there; Enter sends the pasted code (the step's main
        button), Escape hands the keyboard back to the canvas and its focus ring."""
        e.stopPropagation()
        key = str(e.key)
        try:
            if key == "Enter" and not (e.shiftKey or e.ctrlKey or e.altKey):
                e.preventDefault()
                main = {"paste_answer": "dev:accept", "paste_invite": "dev:answer"}.get(self.stage or "")
                if main is not None:
                    self.on_button(main)
            elif key == "Escape":
                e.preventDefault()
                self.app.ui.keyboard = True
                self.app.shell.input.focus()
                self.app.shell.invalidate()
        except Exception as exc:  # noqa: BLE001 - a DOM listener must not die; shown to the player
            self._fail(exc)

    def _ensure_area(self) -> Any:
        if self.area is None:
            a = js.document.createElement("textarea")
            a.id = AREA_ID
            a.spellcheck = False
            a.readOnly = True  # made editable (and focused) by the step that asks for a code
            a.setAttribute("autocomplete", "off")
            a.setAttribute("aria-label", "co-op code")
            a.style.cssText = (
                "position:fixed;display:none;z-index:5;resize:none;box-sizing:border-box;"
                "font:12px ui-monospace,monospace;background:#1F1411;color:#FFE0B2;"
                "border:1px solid #8D6E63;border-radius:4px;padding:6px;word-break:break-all"
            )
            a.addEventListener("keydown", self._field_keys)
            js.document.body.appendChild(a)
            self.area = a
        return self.area

    def _place(self, rect: tuple[float, float, float, float] | None, editable: bool = False) -> None:
        if rect is None:
            if self.area is not None and self._box is not None:
                self.area.style.display = "none"
            self._box = None
            return
        a = self._ensure_area()
        if rect != self._box:
            c = js.document.querySelector("canvas").getBoundingClientRect()
            x, y, w, h = rect
            a.style.left = f"{float(c.left) + x}px"
            a.style.top = f"{float(c.top) + y}px"
            a.style.width = f"{w}px"
            a.style.height = f"{h}px"
            a.style.display = "block"
            self._box = rect
        ro = not editable
        if bool(a.readOnly) != ro:
            a.readOnly = ro
            a.value = "" if editable else self.code
            if editable:
                a.focus()  # ready for the paste (Ctrl+V); Enter sends it, Escape returns to the canvas
        elif ro and str(a.value) != self.code:
            a.value = self.code

    # ------------------------------------------------------------ drawing
    def draw(self, g: Gfx, f: layout.Frame, centered: bool = False) -> None:
        """The dialog over the map view (or, ``centered``, over the whole menu screen)."""
        t = self.app.t
        st = self.stage
        if st is None:
            return
        r = layout.modal_rect(f, 460, 390)
        if centered:
            r = layout.Rect((f.w - r.w) / 2, r.y, r.w, r.h)
        g.regions.append(Region("dev:none", 0, 0, f.w, f.h))  # the dialog is modal: nothing beneath it
        dim(g, f)
        box(g, r)
        y = title(g, layout.Rect(r.x + 40, r.y, r.w - 80, r.h), r.y + 34, t("dev_title"))
        g.button("dev:close", r.x + r.w - 40, r.y + 8, 32, 32, "×", size=18)
        x, w = r.x + 16, r.w - 32
        text = {
            "choose": t("dev_intro"),
            "making": t("dev_making"),
            "invite": t("dev_invite"),
            "paste_answer": t("dev_paste_answer"),
            "paste_invite": t("dev_paste_invite"),
            "answer": t("dev_answer"),
            "linking": t("dev_linking"),
        }[st]
        for line in g.wrap(text, w, 14)[:5]:
            g.text(x, y + 4, line, INK, 14)
            y += 19
        y += 6
        if st in CODE_STAGES:
            g.rect(x, y, w, 120, BOX)
            self._place((x, y, w, 120), st in EDITABLE)
            y += 130
        else:
            self._place(None)
        by = r.y + r.h - 54
        half = (w - 8) / 2
        if st == "choose":
            g.button("dev:host", x, y, half, 44, t("dev_host"), bg="#8D3B2F", size=15)
            g.button("dev:join", x + half + 8, y, half, 44, t("dev_join"), bg="#37474F", size=15)
            y += 56
            stun = self.app.prefs.stun
            g.text(x, y + 24, t("dev_stun"), MUTED, g.fit_text(t("dev_stun"), w - 100, 13, min_size=9))
            g.button("dev:stun", x + w - 90, y, 90, 36, t("on") if stun else t("off"), active=stun)
            y += 44
            for line in g.wrap(t("dev_stun_note"), w, 12)[:3]:
                g.text(x, y + 12, line, MUTED, 12)
                y += 16
            g.button("dev:close", x, by, w, 40, t("cancel"))
        elif st == "invite":
            g.button("dev:copy", x, by, half, 40, t("copy"))
            g.button("dev:next", x + half + 8, by, half, 40, t("dev_next"), bg="#8D3B2F")
        elif st == "paste_answer":
            g.button("dev:back", x, by, half, 40, t("back"))
            g.button("dev:accept", x + half + 8, by, half, 40, t("dev_connect"), bg="#8D3B2F")
        elif st == "paste_invite":
            g.button("dev:close", x, by, half, 40, t("cancel"))
            g.button("dev:answer", x + half + 8, by, half, 40, t("dev_make_answer"), bg="#8D3B2F")
        elif st == "answer":
            g.button("dev:copy", x, by, half, 40, t("copy"))
            g.button("dev:close", x + half + 8, by, half, 40, t("cancel"))
        else:
            g.button("dev:close", x, by, w, 40, t("cancel"))
