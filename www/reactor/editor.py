"""Level editor: layers with the design's opacity rules, layer-aware tools, drag painting,
live validation (errors block Run and Save), play-test and back, storage, JSON file and share code.

The browser's own minimal elements are used only for the file picker, the download, the clipboard
and text entry (``prompt``); everything else is drawn on the canvas.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import js  # type: ignore[import-not-found]
from pydantic import field_validator

from engine.core.schema import Model, SchemaError
from engine.core.session import Session
from engine.reactor import GAME
from engine.reactor.balance import CARRIERS
from engine.reactor.presentation import editor_tools

from ..shared import chrome
from ..shared.app import Record
from . import layout as layout_mod
from .badges import Badges
from .edoc import MAX_SIZE, PROP_KINDS, SUPPLY_ITEMS, Doc, level_id, new_level, normalize
from .efiles import EditorFiles
from .ehooks import EditorHooks
from .eissues import problem_text
from .ekeys import EditorKeys
from .esolve import EditorSolving, LiveSolver
from .estrings import ET
from .eui import EditorUi
from .eview import draw_board
from .model import level_problem
from .screens import THEME
from .stars import PROGRESS_FORMAT, refresh_progress

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx
    from gwweb.shared.input import Event

    from engine.core.schema import Problem
    from engine.reactor.validate import Issue

    from .parts import EditorHost

TEXT, DIM, BAD, WARN, OK = "#ECEFF1", "#90A4AE", "#FF5252", "#FFCA28", "#69F0AE"


class EditorDoc(Model):
    """The level being edited (kept across reloads). A stored draft the engine's level schema
    refuses fails validation, so the storage keeps it aside with a notice instead of the editor
    crashing on it at every reload."""

    data: dict[str, Any]

    @field_validator("data")
    @classmethod
    def _a_level(cls, v: dict[str, Any]) -> dict[str, Any]:
        why = level_problem(v)
        if why:
            raise ValueError(why)
        return v


class Editor(EditorKeys, EditorFiles, EditorHooks, EditorSolving):
    def __init__(self, app: EditorHost) -> None:
        self.app = app
        self.shell = app.shell
        saved = Record(self.shell.storage, "editor", EditorDoc, lambda: EditorDoc(data=new_level()))
        self.doc = Doc(normalize(saved.value.data))  # a damaged draft is kept aside with a notice
        self.solver = LiveSolver(clock=lambda: float(js.performance.now()), watch_gc=True)
        self.solver.restart(self.doc.data if self.doc.ok else None)
        self.ui = EditorUi()  # cursor, tool, layer, panel: what the draft and its undo never keep
        self.badges = Badges(on_load=app.shell.invalidate if hasattr(app, "shell") else None)
        self.lay: layout_mod.Layout | None = None
        self.rows: list[tuple[float, float, float, float, int | None, int | None]] = []
        self.paint_ms: list[float] = []
        self.validate_ms: list[float] = []
        self._file_proxy: Any = None

    def t(self, key: str) -> str:
        return ET[self.shell.i18n.lang].get(key) or ET["en"].get(key, key)

    def issue_text(self, problem: Issue | Problem) -> str:
        """A validation issue (or a schema problem) in the current language."""
        return problem_text(self.shell.i18n.lang, problem)

    # -- lifecycle ------------------------------------------------------------------------------------
    def open(self) -> None:
        self.app.ui.screen = "editor"
        self.shell.invalidate()

    def persist(self) -> None:
        self.shell.storage.save("editor", EditorDoc(data=self.doc.data))
        self.solver.restart(self.doc.data if self.doc.ok else None)  # every edit: search afresh

    def changed(self) -> None:
        t0 = float(js.performance.now())
        self.doc.validate()
        self.validate_ms.append(round(float(js.performance.now()) - t0, 1))
        del self.validate_ms[:-20]
        self.persist()
        self.shell.invalidate()

    def say(self, text: str, color: str = TEXT) -> None:
        self.ui.msg = (text, color)
        self.shell.invalidate()

    # -- tools on cells -------------------------------------------------------------------------------
    def apply(self, x: int, y: int, first: bool) -> None:
        doc, st = self.doc, self.ui.stroke or {}
        if self.ui.outlet_mode and self.ui.selected is not None:
            v = doc.prop(*self.ui.selected)
            if v is not None and v["kind"] == "valve" and first:
                outs = [list(o) for o in v.get("outlets", [])]
                outs = [o for o in outs if o != [x, y]] if [x, y] in outs else outs + [[x, y]]
                v["outlets"] = outs
            return
        tool = self.ui.tool
        if tool == "cursor":
            self.ui.selected = (x, y)
        elif tool == "terrain":
            if first:
                st["value"] = not doc.wall(x, y)
            doc.set_wall(x, y, st["value"])
        elif tool == "robot":
            doc.set_robot(x, y)
        elif tool in ("prop", "consumer", "door") and first:
            kind = self.ui.prop_kind if tool == "prop" else tool
            cur = doc.prop(x, y)
            if cur is not None and cur["kind"] == kind:
                doc.set_prop(x, y, None)
            else:
                prop: dict[str, Any] = {"kind": kind}
                if kind == "supply":
                    prop["item"] = self.ui.supply_item
                if kind == "valve":
                    prop["outlets"] = [list(f) for f in doc.floor_faces(x, y)][:2] or [[x, y]]
                doc.set_prop(x, y, prop)
                self.ui.selected = (x, y)
        elif tool == "hazard":
            doc.add_surface(
                x, y, self.ui.hazard_q, 1.0
            ) if self.ui.hazard_q != "clear" else doc.clear_surface(x, y)
        elif tool == "heat":
            doc.add_surface(x, y, "heat", 1.0)
        elif tool == "network":
            if first:
                st["value"] = doc.under(self.ui.layer, x, y) is None
            doc.set_under(self.ui.layer, x, y, st["value"])
        elif tool == "source" and first:
            cur = doc.prop(x, y)
            if cur is not None and cur["kind"] == "flow" and cur["carrier"] == self.ui.layer:
                doc.set_prop(x, y, None)
            else:
                doc.set_prop(x, y, {"kind": "flow", "carrier": self.ui.layer})

    # -- input ----------------------------------------------------------------------------------------
    def handle(self, ev: Event) -> None:
        if self.ui.confirm is not None:
            if ev.kind == "key" and ev.down and ev.name in ("Enter", "NumpadEnter", "Escape"):
                self.on_button("confirm:no" if ev.name == "Escape" else "confirm:yes")
            return
        if ev.kind == "key" and ev.down:
            if ev.name == "KeyZ" and ev.ctrl and ev.shift or ev.name == "KeyY" and ev.ctrl:
                self.on_button("redo")
            elif ev.name == "KeyZ":
                self.on_button("undo")
            elif ev.name == "Escape":
                self.on_button("levels")
            else:
                self.key(ev.name, ev.shift)
            return
        if ev.kind != "pointer" or self.lay is None:
            return
        lay = self.lay
        if ev.name == "down":
            self.ui.kbd = False
            for rx, ry, rw, rh, x, y in self.rows:
                if rx <= ev.x <= rx + rw and ry <= ev.y <= ry + rh and x is not None and y is not None:
                    self.ui.selected = self.ui.flash = (x, y)
                    self.ui.tool = "cursor"
                    self.shell.invalidate()
                    return
            c = lay.cell_at(ev.x, ev.y)
            if c is None:
                return
            self.ui.flash = None
            if self.ui.tool != "cursor" or self.ui.outlet_mode:
                self.doc.checkpoint()
            self.ui.stroke = {"last": c}
            t0 = float(js.performance.now())
            self.apply(c[0], c[1], True)
            self.paint_ms.append(float(js.performance.now()) - t0)
            self.shell.invalidate()
        elif ev.name == "move" and self.ui.stroke is not None:
            c = lay.cell_at(ev.x, ev.y)
            if c is not None and c != self.ui.stroke.get("hover"):
                self.ui.stroke["hover"] = c  # the drag preview follows the pointer
                self.shell.invalidate()
            if (
                c is not None
                and c != self.ui.stroke["last"]
                and self.ui.tool in ("terrain", "network", "hazard", "heat")
            ):
                self.ui.stroke["last"] = c
                self.apply(c[0], c[1], False)
                self.shell.invalidate()
        elif ev.name in ("up", "cancel") and self.ui.stroke is not None:
            self.ui.stroke = None
            if self.ui.tool != "cursor" or self.ui.outlet_mode:
                self.changed()

    def on_button(self, id: str) -> None:
        doc = self.doc
        if self.ui.confirm is not None and not id.startswith("confirm:"):
            return
        if self.level_button(id):
            self.shell.invalidate()
            return
        if id == "levels":
            self.app.ui.screen = "menu"
        elif id == chrome.HOME:
            chrome.go_home(self.shell)
        elif id == "lang":
            self.shell.set_lang(self.shell.i18n.toggle())
        elif id == "undo":
            if doc.undo():
                self.persist()
        elif id == "redo":
            if doc.redo():
                self.persist()
        elif id.startswith("layer:"):
            self.ui.layer = id[6:]
            if self.ui.tool not in editor_tools(self.ui.layer):
                self.ui.tool = "cursor"
            self.ui.outlet_mode = False
        elif id.startswith("tool:"):
            self.ui.tool = id[5:]
            self.ui.outlet_mode = False
        elif id == "propkind":
            self.ui.prop_kind = PROP_KINDS[(PROP_KINDS.index(self.ui.prop_kind) + 1) % len(PROP_KINDS)]
        elif id == "supplyitem":
            self.ui.supply_item = SUPPLY_ITEMS[
                (SUPPLY_ITEMS.index(self.ui.supply_item) + 1) % len(SUPPLY_ITEMS)
            ]
        elif id == "hazardq":
            order = ("fuel", "coolant", "electricity", "clear")
            self.ui.hazard_q = order[(order.index(self.ui.hazard_q) + 1) % len(order)]
        elif id.startswith("cell:"):
            self.cell_op(id[5:])
        elif id.startswith("req:"):
            c, d = id[4:].split(",")
            doc.checkpoint()
            r = doc.data["requirements"]
            r[c] = max(0, int(r.get(c, 0)) + int(d))
            self.changed()
        elif id.startswith("size:"):
            dw, dh = (int(v) for v in id[5:].split(","))
            doc.checkpoint()
            doc.resize(doc.w + dw, doc.h + dh)
            self.changed()
            if max(doc.w + dw, doc.h + dh) > MAX_SIZE:  # the engine's bound: say why it stops here
                self.say(self.t("size_bound").format(n=MAX_SIZE), WARN)
        elif id == "rename":
            self.rename()
        elif id == "goal":
            meta = doc.data["meta"]
            text = js.window.prompt(self.t("goal_q"), meta.get("description", ""))
            if text is not None:
                doc.checkpoint()
                meta["description"] = str(text).strip()[:2000]
                self.changed()
        elif id == "new":
            doc.checkpoint()
            n = 1
            while f"my-level-{n}" in self.app.ui.custom.levels:
                n += 1
            doc.data = new_level(n=n)
            self.ui.selected = None
            self.changed()
        elif id == "run":
            self.run()
        elif id == "save":
            self.save()
        elif id == "export":
            self.export()
        elif id == "importfile":
            self.import_file()
        elif id == "share":
            self.share()
        elif id == "importcode":
            text = js.window.prompt(self.t("paste"), "")
            if text is not None:
                self.import_from(str(text))
        self.shell.invalidate()

    def level_button(self, id: str) -> bool:
        """Tabs, level properties, surface values, saved levels and the delete confirmation."""
        doc = self.doc
        kind, _, arg = id.partition(":")
        if kind == "tab":
            self.ui.tab = arg
            self.ui.outlet_mode = False
        elif kind == "diff":
            if arg != doc.difficulty:
                doc.checkpoint()
                doc.set_difficulty(arg)
                self.changed()
        elif kind in ("sq", "blk", "inv", "imm"):
            what, _, d = arg.partition(",")
            step = int(d)
            if kind in ("sq", "blk") and (self.ui.selected is None or doc.wall(*self.ui.selected)):
                return True
            doc.checkpoint()
            if kind == "sq":
                doc.add_surface(*self.ui.selected, what, 0.5 * step)  # type: ignore[misc]
            elif kind == "blk":
                doc.add_block(*self.ui.selected, what, step)  # type: ignore[misc]
            elif kind == "imm":
                doc.add_immunity(step)
            elif not doc.add_inventory(what, step):
                doc.undo_stack.pop()
                self.say(
                    self.t("inv_full").format(cap=doc.capacity, d=self.t("diff_" + doc.difficulty)), WARN
                )
                return True
            self.changed()
        elif id == "author":
            meta = doc.data["meta"]
            text = js.window.prompt(self.t("author_q"), meta.get("author", ""))
            if text is not None:
                doc.checkpoint()
                meta["author"] = str(text).strip()[:120]
                self.changed()
        elif kind == "saved":
            self.ui.saved_top = max(0, self.ui.saved_top + 3 * int(arg))
        elif kind == "open" and arg in self.app.ui.custom.levels:
            doc.checkpoint()
            doc.data = normalize(json.loads(json.dumps(self.app.ui.custom.levels[arg])))
            self.ui.selected = None
            self.changed()
            self.say(self.t("opened").format(id=arg), OK)
        elif kind == "relabel" and arg in self.app.ui.custom.levels:
            self.relabel(arg)
        elif kind == "delete" and arg in self.app.ui.custom.levels:
            self.ui.confirm = arg
        elif kind == "confirm":
            lid, self.ui.confirm = self.ui.confirm, None
            if arg == "yes" and lid is not None:
                self.delete_saved(lid)
        else:
            return False
        return True

    def relabel(self, lid: str) -> None:
        """Rename a saved level (its title; the id stays so progress and links keep working)."""
        lv = self.app.ui.custom.levels[lid]
        meta = lv.setdefault("meta", {})
        text = js.window.prompt(self.t("rename_q"), meta.get("title", lid))
        if text is None or not str(text).strip():
            return
        meta["title"] = str(text).strip()[:120]
        if self.doc.data["meta"]["id"] == lid:
            self.doc.checkpoint()
            self.doc.data["meta"]["title"] = meta["title"]
            self.changed()
        ok = self.shell.storage.save("custom", self.app.ui.custom)
        self.say(self.t("renamed").format(t=meta["title"]) if ok else self.t("not_saved"), OK if ok else BAD)

    def delete_saved(self, lid: str) -> None:
        app = self.app
        title = str(app.ui.custom.levels.get(lid, {}).get("meta", {}).get("title", lid))
        app.ui.custom.levels.pop(lid, None)
        ok = self.shell.storage.save("custom", app.ui.custom)
        key = "custom:" + lid
        refresh_progress(self.shell.storage, app.ui.progress)  # another tab's levels and stars stay
        if key in app.ui.progress.completed:
            app.ui.progress.completed.remove(key)
            self.shell.storage.save("progress", app.ui.progress, PROGRESS_FORMAT)
        app.forget_level(key)
        self.say(self.t("deleted").format(t=title) if ok else self.t("not_saved"), OK if ok else BAD)

    def cell_op(self, op: str) -> None:
        if self.ui.selected is None:
            return
        doc = self.doc
        x, y = self.ui.selected
        p = doc.prop(x, y)
        if op == "outlets":
            self.ui.outlet_mode = not self.ui.outlet_mode
            return
        doc.checkpoint()
        if op == "enabled" and p is not None:
            p["enabled"] = not p.get("enabled", True)
        elif op == "open" and p is not None:
            p["open"] = not p.get("open", False)
        elif op == "ratio" and p is not None:
            p["ratio_mode"] = (int(p.get("ratio_mode", 0)) + 1) % doc.ratio_modes
        elif op == "item" and p is not None:
            p["item"] = SUPPLY_ITEMS[(SUPPLY_ITEMS.index(p["item"]) + 1) % len(SUPPLY_ITEMS)]
        elif op == "removeprop":
            doc.set_prop(x, y, None)
        elif op == "clearsurface":
            doc.clear_surface(x, y)
        elif op in ("integ-", "integ+") and self.ui.layer in CARRIERS:
            doc.set_integrity(self.ui.layer, x, y, -1.0 if op == "integ-" else 1.0)
        elif op == "leak" and self.ui.layer in CARRIERS:
            doc.toggle_leak(self.ui.layer, x, y)
        elif op == "face" and self.ui.layer in CARRIERS:
            doc.cycle_face(self.ui.layer, x, y)
        self.changed()

    # -- level operations -----------------------------------------------------------------------------
    def rename(self) -> None:
        meta = self.doc.data["meta"]
        text = js.window.prompt(self.t("rename_q"), meta.get("title", ""))
        if text is None or not str(text).strip():
            return
        self.doc.checkpoint()
        title = str(text).strip()[:120]
        meta["title"] = title
        slug = level_id(title)
        lid, k = slug, 2
        while lid != meta["id"] and lid in self.app.ui.custom.levels:  # never save over another level
            lid, k = f"{slug}-{k}", k + 1
        meta["id"] = lid
        self.changed()

    def run(self) -> None:
        if not self.doc.ok:
            self.say(self.t("blocked"), BAD)
            return
        try:
            session = Session(GAME, 0, {"level": json.dumps(self.doc.data)})
        except (SchemaError, ValueError) as exc:
            self.say(str(exc)[:200], BAD)
            return
        self.app.start("test:" + self.doc.data["meta"]["id"], session)

    def save(self) -> None:
        if not self.doc.ok:
            self.say(self.t("blocked"), BAD)
            return
        lid = self.doc.data["meta"]["id"]
        self.app.ui.custom.levels[lid] = json.loads(self.doc.export_json())
        self.app.ui.custom.pars.pop(lid, None)
        self.note_par()  # the solver's par now, or when it has finished (``draw``)
        ok = self.shell.storage.save("custom", self.app.ui.custom)
        self.say(self.t("saved").format(id=lid) if ok else self.t("not_saved"), OK if ok else BAD)

    # -- frame ----------------------------------------------------------------------------------------
    def animating(self) -> bool:
        return False  # the solver's frames come from ``search_tick`` (they draw only now and then)

    def draw(self, g: Gfx) -> None:
        from .epanel import draw_confirm, draw_panel

        g.clear("#0B1218")
        lay = layout_mod.compute(g.width, g.height, self.doc.w, self.doc.h, panel_min=330.0)
        if not lay.wide:
            lay = layout_mod.compute(g.width, g.height, self.doc.w, self.doc.h)
        self.lay = lay
        draw_board(g, self, lay)
        draw_panel(g, self, lay)
        self.draw_topbar(g)
        if self.ui.confirm is not None:
            draw_confirm(g, self)

    def draw_topbar(self, g: Gfx) -> None:
        """The shared top bar (home to the launcher, none inside a blog post) with the editor's buttons."""
        ok = self.doc.ok
        items = [
            ("levels", self.t("levels"), True),
            ("undo", self.t("undo"), bool(self.doc.undo_stack)),
            ("redo", self.t("redo"), bool(self.doc.redo_stack)),
            ("run", self.t("run"), ok),
            ("save", self.t("save_s") if g.width < 420 else self.t("save"), ok),
            ("lang", self.app.t("lang"), True),
        ]
        home = chrome.shows_home(self.shell)
        n = len(items)
        bw = min(110.0, (g.width - 16 - 6 * (n - 1) - (46 if home else 0)) / n)
        buttons = [chrome.BarButton(bid, label, enabled=en) for bid, label, en in items]
        phone = g.width - n * (bw + 4) < 300
        chrome.top_bar(g, THEME, self.t("editor"), buttons, phone=phone, home=home, bw=bw, h=layout_mod.TOP)
