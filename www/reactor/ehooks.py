"""Level editor test hooks (``gridworks.editorInfo()`` / ``editorHook(op, arg)``)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from engine.reactor.presentation import LAYERS

from .eissues import problem_tag
from .eui import EditorUi


class EditorHooks:
    """Mixin of ``Editor``: reads its state for the e2e tests."""

    doc: Any
    app: Any
    lay: Any
    ui: EditorUi  # the cursor, tool and panel (``eui``)
    paint_ms: list[float]
    validate_ms: list[float]

    if TYPE_CHECKING:  # provided by EditorFiles

        def import_from(self, text: str) -> bool: ...

    solver: Any  # the editor's LiveSolver

    def info(self) -> dict[str, Any]:
        return {
            "layer": self.ui.layer,
            "tool": self.ui.tool,
            "cursor": list(self.ui.selected) if self.ui.selected is not None else None,
            "errors": [problem_tag(e[0]) for e in self.doc.errors],
            "warnings": [problem_tag(w[0]) for w in self.doc.warnings],
            "msg": self.ui.msg[0],
            "id": self.doc.data["meta"]["id"],
            "size": [self.doc.w, self.doc.h],
            "paint_ms": self.paint_ms[-20:],
            "validate_ms": self.validate_ms[-20:],
            "layers_available": list(LAYERS),
            "tab": self.ui.tab,
            "confirm": self.ui.confirm,
            "saved": sorted(self.app.ui.custom.levels),
            "solver": [*self.solver.status(), round(self.solver.ms, 1)],  # live verdict, ms spent
            "solver_worst": [  # the longest step and when; the longest cycle collection (ms, generation)
                round(self.solver.worst[0], 1),
                self.solver.worst[1],
                *((round(self.solver.gc.worst[0], 1), self.solver.gc.worst[1]) if self.solver.gc else ()),
            ],
            "solver_slice": round(self.solver.longest, 1),  # the longest frame's search share (ms)
        }

    def hook(self, op: Any = "", arg: Any = "", *_a: Any) -> str:
        """Test driver: ``export`` returns the level JSON, ``import`` loads text, ``cell`` gives a centre."""
        op, arg = str(op), str(arg)
        if op == "export":
            return self.doc.export_json()
        if op == "import":
            return json.dumps(self.import_from(arg))
        if op == "play" and self.app.ui.run is not None:  # what the play-test is running with
            st = self.app.ui.run.state
            w = st.grid.width
            blocks = {
                e: [[i % w, i // w, int(n)] for i, n in enumerate(a) if n] for e, a in st.blocks.items()
            }
            return json.dumps(
                {
                    "difficulty": st.difficulty,
                    "inventory": dict(st.inventory),
                    "capacity": st.balance.inventory_capacity,
                    "heat_immunity": st.heat_immunity,
                    "blocks": {e: v for e, v in blocks.items() if v},
                }
            )
        if op == "cell" and self.lay is not None:
            x, y = (int(v) for v in arg.split(","))
            px, py = self.lay.xy(x, y)
            return json.dumps([px + self.lay.cell / 2, py + self.lay.cell / 2])
        return ""
