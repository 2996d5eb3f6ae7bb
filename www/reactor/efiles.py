"""Level editor file and clipboard I/O: JSON export (download), import (file picker or text) and the
share code. The browser's own minimal elements are used: a download link, a hidden file input, the
clipboard and ``prompt``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from engine.core.schema import SchemaError

from .edoc import import_text
from .eissues import problems_text
from .eui import EditorUi
from .links import link_for

BAD, OK = "#FF5252", "#69F0AE"


class EditorFiles:
    """Mixin of ``Editor``: uses its ``doc``, ``shell``, ``say``, ``t``, ``changed`` and ``selected``."""

    doc: Any
    shell: Any
    ui: EditorUi  # the cursor, tool and panel (``eui``)
    last_code: str
    _file_proxy: Any
    solver: Any  # the editor's LiveSolver (``esolve``)

    if TYPE_CHECKING:  # provided by Editor

        def say(self, text: str, color: str = ...) -> None: ...
        def t(self, key: str) -> str: ...
        def changed(self) -> None: ...

    def export(self) -> None:
        try:
            text = self.doc.export_json()
        except SchemaError as exc:
            self.say(str(exc)[:200], BAD)
            return
        blob = js.Blob.new([text], js.Object.fromEntries([["type", "application/json"]]))
        url = js.URL.createObjectURL(blob)
        a = js.document.createElement("a")
        a.href = url
        a.download = self.doc.data["meta"]["id"] + ".json"
        js.document.body.appendChild(a)
        a.click()
        a.remove()
        js.URL.revokeObjectURL(url)
        self.say(self.t("exported"), OK)

    def import_file(self) -> None:
        inp = js.document.createElement("input")
        inp.type = "file"
        inp.accept = ".json,application/json"
        inp.style.display = "none"
        js.document.body.appendChild(inp)

        def got_text(text: Any) -> None:
            self.import_from(str(text))
            self.shell.invalidate()

        def on_change(_e: Any) -> None:
            files = inp.files
            if files is not None and files.length > 0:
                files.item(0).text().then(self._proxy(got_text))
            inp.remove()

        inp.addEventListener("change", self._proxy(on_change))
        inp.click()

    def _proxy(self, fn: Any) -> Any:
        p = create_proxy(fn)
        self._file_proxy = (self._file_proxy or []) + [p]  # kept alive; a handful per session
        return p

    def import_from(self, text: str) -> bool:
        try:
            data = import_text(text)
        except SchemaError as exc:
            problems = problems_text(self.shell.i18n.lang, exc.details[:4])
            if len(problems) > 360:
                problems = problems[:359] + "…"
            self.say(self.t("bad_import") + " " + problems, BAD)
            return False
        self.doc.checkpoint()
        self.doc.data = data
        self.ui.selected = None
        self.changed()
        self.say(self.t("imported"), OK)
        return True

    def share(self) -> None:
        """The share code, only for a level that validates and that the solver has won (#27)."""
        if not self.doc.ok:
            self.say(self.t("blocked"), BAD)
            return
        code_, args = self.solver.status()
        if code_ != "solvable":
            self.say(self.t("share_wait" if code_ == "searching" else "share_unsolved").format(**args), BAD)
            return
        try:
            code = self.doc.share()
        except SchemaError as exc:
            self.say(str(exc)[:200], BAD)
            return
        self.last_code = code
        link = link_for(str(js.window.location.href), code)  # one tap opens it straight into play
        try:
            js.navigator.clipboard.writeText(link)
        except Exception:  # noqa: BLE001 - clipboard may be unavailable; the prompt still shows it
            pass
        self.say(self.t("code_copied"), OK)
        js.window.prompt(self.t("code"), link)
