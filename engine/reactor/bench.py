"""Benchmark: pulses, forecast refreshes and actions on the 24x16 ``control_room`` level.

``pulse_ms`` is a pulse without stage capture, ``pulse_hook_noop_ms`` with an empty ``on_stage``
hook, ``pulse_captured_ms`` with a ``PulseTrace`` (a state clone and a diff after each stage).

Run as ``python -m engine.reactor.bench`` (also importable in Pyodide: ``run()`` returns the figures).
"""

from __future__ import annotations

import time

from engine.reactor.actions import advance_pulse, apply_action, parse_action
from engine.reactor.forecast import compute_forecasts
from engine.reactor.game import builtin_level, load_level
from engine.reactor.pulse import run_pulse
from engine.reactor.stages import PulseTrace


def _timeit(fn: object, n: int) -> float:
    t0 = time.process_time()
    for _ in range(n):
        fn()  # type: ignore[operator]
    return (time.process_time() - t0) / n * 1000.0


def run(n: int = 20) -> dict[str, float]:
    """CPU milliseconds per operation on the 24x16 sample level (a few pulses in, hazards active)."""
    st = load_level(builtin_level("control_room"))
    for _ in range(3):
        st = advance_pulse(st)

    def one_pulse() -> None:
        s = st.clone()
        run_pulse(s)

    def noop(_name: str, _step: int, _st: object) -> None:
        return None

    def pulse_hook_noop() -> None:
        s = st.clone()
        run_pulse(s, on_stage=noop)

    def pulse_captured() -> None:
        s = st.clone()
        run_pulse(s, on_stage=PulseTrace(st))

    def forecast() -> None:
        compute_forecasts(st)

    def lengthy() -> None:
        advance_pulse(st)

    move = parse_action("move e")

    def quick() -> None:
        apply_action(st, move)

    def load() -> None:
        load_level(builtin_level("control_room"))

    return {
        "pulse_ms": _timeit(one_pulse, n),
        "pulse_hook_noop_ms": _timeit(pulse_hook_noop, n),
        "pulse_captured_ms": _timeit(pulse_captured, n),
        "forecast_refresh_ms": _timeit(forecast, max(1, n // 4)),
        "lengthy_action_ms": _timeit(lengthy, max(1, n // 4)),
        "move_action_ms": _timeit(quick, max(1, n // 4)),
        "level_load_ms": _timeit(load, max(1, n // 4)),
    }


def main() -> None:
    figures = run()
    for k, v in figures.items():
        print(f"{k:22s} {v:8.2f}")
    print(f"{'pulses_per_s':22s} {1000.0 / figures['pulse_ms']:8.1f}")


if __name__ == "__main__":
    main()
