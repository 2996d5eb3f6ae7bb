"""Diagnostics page: runs ``engine.core.selfcheck`` in the browser and draws the comparison.

Each row shows a reference computation, its hash here, and whether it equals
the hash CPython computed at build time (``gridworksBoot.build.selfcheck``).
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

import js  # type: ignore[import-not-found]

from engine.core import selfcheck
from engine.core.hashing import state_hash
from engine.core.schema import Model

if TYPE_CHECKING:
    from gwweb.shared.canvas import Gfx
    from gwweb.shared.input import Event
    from gwweb.shared.shell import Shell


class Visits(Model):
    """Stored visit counter: exercises storage round-trips and quarantine."""

    count: int


STRINGS = {
    "en": {
        "title": "Gridworks self-check",
        "ok": "All {n} checks match the reference build.",
        "bad": "{n} check(s) differ from the reference build!",
        "lang": "Русский",
    },
    "ru": {
        "title": "Самопроверка Gridworks",
        "ok": "Все {n} проверок совпадают с эталоном.",
        "bad": "Расхождений с эталоном: {n}!",
        "lang": "English",
    },
}


class SelfCheckApp:
    realtime = False

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        shell.i18n.tables = STRINGS
        shell.i18n.set_lang(shell.i18n.lang)
        if "crash=start" in str(js.location.search):
            raise RuntimeError("deliberate start-up failure requested by ?crash=start")
        previous = shell.storage.load("visits", Visits)
        self.visits = (previous.count if previous else 0) + 1
        shell.storage.save("visits", Visits(count=self.visits))
        self.results = selfcheck.run()
        expected = json.loads(js.JSON.stringify(shell.boot.build.selfcheck))
        self.rows: list[tuple[str, str | None, str | None]] = [
            (k, v, expected.get(k)) for k, v in self.results.items()
        ]
        self.rows += [(k, None, v) for k, v in expected.items() if k not in self.results]
        self.failures = sum(1 for _, got, exp in self.rows if got != exp)

    def handle(self, ev: Event) -> None:
        if ev.kind == "key" and ev.down and ev.name == "KeyX" and ev.shift:
            raise RuntimeError("deliberate failure during play (Shift+X)")

    def on_button(self, id: str) -> None:
        if id == "lang":
            self.shell.set_lang(self.shell.i18n.toggle())

    def animating(self) -> bool:
        return False

    def draw(self, g: Gfx) -> None:
        t = self.shell.i18n.t
        g.clear("#3E2723")
        g.text(16, 34, t("title"), "#FFE0B2", 22, bold=True)
        g.button("lang", g.width - 116, 12, 100, 32, t("lang"))
        ok = self.failures == 0
        msg = t("ok", n=len(self.rows)) if ok else t("bad", n=self.failures)
        g.text(16, 66, msg, "#A5D6A7" if ok else "#FF8A65", 16, bold=True)
        g.text(
            16, 88, f"Python {sys.version.split()[0]} · {sys.platform} · visit {self.visits}", "#BCAAA4", 12
        )
        y = 116
        for notice in self.shell.notices[-3:]:
            for line in g.wrap(notice, g.width - 32, 13):
                g.text(16, y, line, "#FFCC80", 13)
                y += 18
            y += 6
        for name, got, exp in self.rows:
            good = got == exp
            g.text(16, y, "✓" if good else "✗", "#A5D6A7" if good else "#FF8A65", 14, bold=True)
            g.text(36, y, name, "#FFE0B2", 13)
            g.text(min(260, g.width * 0.45), y, (got or "missing")[:16], "#FFE0B2" if good else "#FF8A65", 13)
            y += 20

    def state_hash(self) -> str:
        return state_hash(self.results)

    def save_json(self) -> str:
        return json.dumps(self.results, sort_keys=True)

    def test_hooks(self) -> dict[str, Any]:
        return {
            "selfcheck": lambda *a: json.dumps(self.results, sort_keys=True),
            "visits": lambda *a: self.visits,
            "bench": lambda game, *a: run_engine_bench(str(game)),
        }


def run_engine_bench(game: str) -> str:
    """Run ``python -m engine.<game>.bench`` inside this page and return what it printed."""
    import contextlib
    import importlib
    import io

    if game not in selfcheck.engines():
        return f"unknown game {game!r}"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        importlib.import_module(f"engine.{game}.bench").main()
    return out.getvalue()


def create(shell: Shell) -> SelfCheckApp:
    return SelfCheckApp(shell)
