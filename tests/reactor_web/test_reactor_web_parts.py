"""The Reactor page's parts see each other through small Protocols (#24): no module imports the app
class, only the app's own two mixins (``controls``, ``view``) see its field list, and the UI-only
state is one object (``interpret.Ui``) that the app holds, not fields of the app."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.reactor_web.test_reactor_web_hurry import app  # noqa: F401 - the page fixture
from www.reactor.interpret import Ui

WWW = Path(__file__).resolve().parents[2] / "www" / "reactor"
APP_MIXINS = {"app.py", "controls.py", "view.py"}


def imported(path: Path) -> set[str]:
    """The sibling modules ``path`` imports (``from .x import ...``, also under TYPE_CHECKING)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            out |= {node.module} if node.module else {a.name for a in node.names}
    return out


def test_no_module_imports_the_app_and_only_its_mixins_see_its_fields() -> None:
    for path in sorted(WWW.glob("*.py")):
        mods = imported(path)
        assert "app" not in mods, f"{path.name} imports the app class"
        if path.name not in APP_MIXINS:
            assert "fields" not in mods, f"{path.name} sees the app's whole field list"


def test_the_ui_only_state_is_one_object(app: object) -> None:  # noqa: F811
    ui_fields = set(Ui.__dataclass_fields__)
    assert {"screen", "selected", "eye", "zoom", "pan", "help", "ask", "menu_scroll", "focus"} <= ui_fields
    assert not ui_fields & set(vars(app)), "a UI-only field is kept on the app too"
    assert isinstance(vars(app)["ui"], Ui)
