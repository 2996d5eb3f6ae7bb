"""The pulse-stage hook type (``apply_action(..., on_stage=...)``), apart from ``stages`` so the rules
modules that take a hook need not import the trace recorder that plays their actions."""

from __future__ import annotations

from collections.abc import Callable

from engine.reactor.state import ReactorState

StageHook = Callable[[str, int, ReactorState], None]
"""Called after each stage of a pulse with (stage name, step, the state after it)."""
