"""Build states by hand (tests, debugging, puzzles): ``state_from_rows``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.ternar.engine import parse_options
from engine.ternar.model import State
from engine.ternar.rand import seed_state
from engine.ternar.topology import N_NODES, ROW_WIDTHS, ROWS, node_id


def values_from_rows(rows: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Flatten ``grid[row][col]`` values (8 rows of 5/6) into the 44-tuple; ValueError on a bad shape."""
    if len(rows) != ROWS:
        raise ValueError(f"expected {ROWS} rows")
    out = [0] * N_NODES
    for r, row in enumerate(rows):
        if len(row) != ROW_WIDTHS[r]:
            raise ValueError(f"row {r} needs {ROW_WIDTHS[r]} values")
        for c, v in enumerate(row):
            out[node_id(r, c)] = v
    return tuple(out)


def state_from_rows(
    rows: Sequence[Sequence[int]], seed: int = 1, options: dict[str, Any] | None = None, **fields: Any
) -> State:
    """A validated state with the given field; other fields default (window [3, 9, 27], turn 0)."""
    data: dict[str, Any] = {
        "options": parse_options(options),
        "seed": seed,
        "rng": seed_state(seed),
        "values": values_from_rows(rows),
    }
    data.update(fields)
    return State.model_validate(data)


def empty_rows() -> list[list[int]]:
    """Eight rows of zeros (5/6 wide) to fill in."""
    return [[0] * w for w in ROW_WIDTHS]


def state_to_json(state: State) -> str:
    """The whole state as JSON (14.2 'snapshot of the whole state', e.g. for localStorage)."""
    return state.model_dump_json()


def state_from_json(text: str | bytes | dict[str, Any]) -> State:
    """Validate a stored state; raises ``SchemaError`` naming the bad field."""
    from engine.core.schema import parse_model

    return parse_model(State, text, "Ternar state")
