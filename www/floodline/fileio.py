"""Browser file export/import: a download link and the file picker (the only DOM elements used)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]


def download(name: str, text: str) -> None:
    blob = js.Blob.new([text], js.Object.fromEntries([["type", "application/json"]]))
    url = js.URL.createObjectURL(blob)
    a = js.document.createElement("a")
    a.href = url
    a.download = name
    a.click()
    js.setTimeout(create_once_callable(lambda *_: js.URL.revokeObjectURL(url)), 1000)


def pick_text(on_text: Callable[[str], None]) -> None:
    """Open the file picker; ``on_text`` gets the chosen file's text (queued by the caller)."""
    inp = js.document.createElement("input")
    inp.type = "file"
    inp.accept = ".json,application/json"

    def picked(_e: Any) -> None:
        files = inp.files
        if files is not None and files.length:
            files.item(0).text().then(create_once_callable(lambda text: on_text(str(text))))

    inp.addEventListener("change", create_once_callable(picked))
    inp.click()
