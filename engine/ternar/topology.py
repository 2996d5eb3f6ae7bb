"""The Ternar field (spec ch. 2): an 8-row hex pyramid of 44 nodes in even-r offset coordinates.

Rows are numbered 0..7 from the top (the spec's rows 1..8). Rows 0, 2, 4, 6 (spec rows 1, 3, 5, 7)
hold five nodes and are drawn shifted right by half a node width; rows 1, 3, 5, 7 hold six. Storage is
``grid[row][col]``; a node id is the row-major index 0..43. Two nodes are neighbours when their hexes
share an edge (up to six neighbours, no diagonals).
"""

from __future__ import annotations

ROWS = 8
ROW_WIDTHS: tuple[int, ...] = (5, 6, 5, 6, 5, 6, 5, 6)
ROW_OFFSETS: tuple[int, ...] = tuple(sum(ROW_WIDTHS[:r]) for r in range(ROWS))
N_NODES = sum(ROW_WIDTHS)  # 44

DOWN = 1
UP = -1


def node_id(row: int, col: int) -> int:
    """Id of the node at ``grid[row][col]``; ValueError if outside the field."""
    if not (0 <= row < ROWS and 0 <= col < ROW_WIDTHS[row]):
        raise ValueError(f"no node at row {row}, col {col}")
    return ROW_OFFSETS[row] + col


def in_field(row: int, col: int) -> bool:
    """True when ``(row, col)`` is a node of the field."""
    return 0 <= row < ROWS and 0 <= col < ROW_WIDTHS[row]


def _rc(nid: int) -> tuple[int, int]:
    for r in range(ROWS - 1, -1, -1):
        if nid >= ROW_OFFSETS[r]:
            return r, nid - ROW_OFFSETS[r]
    raise ValueError(nid)  # pragma: no cover


COORDS: tuple[tuple[int, int], ...] = tuple(_rc(i) for i in range(N_NODES))


def coords(nid: int) -> tuple[int, int]:
    """``(row, col)`` of node ``nid``; ValueError for an unknown id."""
    if not 0 <= nid < N_NODES:
        raise ValueError(f"no node with id {nid}")
    return COORDS[nid]


def _row_neighbour_cols(row: int, col: int, other_row: int) -> tuple[int, int]:
    """Columns (left, right) of the two hexes in ``other_row`` (row +-1) touching ``(row, col)``.

    Even rows are shifted right (even-r), so their vertical neighbours are ``col`` and ``col + 1``;
    odd rows touch ``col - 1`` and ``col``.
    """
    if row % 2 == 0:
        return col, col + 1
    return col - 1, col


def _build_vertical(direction: int) -> tuple[tuple[int | None, int | None], ...]:
    out: list[tuple[int | None, int | None]] = []
    for nid in range(N_NODES):
        r, c = COORDS[nid]
        rr = r + direction
        left: int | None = None
        right: int | None = None
        if 0 <= rr < ROWS:
            lc, rc = _row_neighbour_cols(r, c, rr)
            if in_field(rr, lc):
                left = node_id(rr, lc)
            if in_field(rr, rc):
                right = node_id(rr, rc)
        out.append((left, right))
    return tuple(out)


# (left, right) neighbours one row down: the 7 o'clock (SW) and 5 o'clock (SE) cells.
BELOW: tuple[tuple[int | None, int | None], ...] = _build_vertical(DOWN)
# (left, right) neighbours one row up: the 11 o'clock (NW) and 1 o'clock (NE) cells.
ABOVE: tuple[tuple[int | None, int | None], ...] = _build_vertical(UP)


def _build_neighbours() -> tuple[tuple[int, ...], ...]:
    out = []
    for nid in range(N_NODES):
        r, c = COORDS[nid]
        ns: list[int] = []
        if in_field(r, c - 1):
            ns.append(node_id(r, c - 1))
        if in_field(r, c + 1):
            ns.append(node_id(r, c + 1))
        for pair in (ABOVE[nid], BELOW[nid]):
            ns.extend(x for x in pair if x is not None)
        out.append(tuple(sorted(ns)))
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = _build_neighbours()
NEIGHBOUR_SETS: tuple[frozenset[int], ...] = tuple(frozenset(n) for n in NEIGHBOURS)


def neighbours(nid: int) -> tuple[int, ...]:
    """Ids of the (up to six) edge-sharing neighbours of ``nid``, ascending."""
    coords(nid)
    return NEIGHBOURS[nid]


def adjacent(a: int, b: int) -> bool:
    """True when nodes ``a`` and ``b`` share an edge."""
    return 0 <= a < N_NODES and b in NEIGHBOUR_SETS[a]


HEX_RADIUS = 0.5773502691896257  # centre-to-corner of a pointy-top hex one unit wide (1/sqrt 3)
ROW_STEP = 0.8660254037844386  # vertical distance between row centres (sqrt 3 / 2)
FIELD_WIDTH = 6.0  # the field's bounding box in node-width units (16.1: fixed aspect ratio)
FIELD_HEIGHT = (ROWS - 1) * ROW_STEP + 2 * HEX_RADIUS


def center(nid: int) -> tuple[float, float]:
    """Centre of node ``nid`` in node-width units inside a FIELD_WIDTH x FIELD_HEIGHT box.

    Pointy-top hexes one unit wide; even rows are shifted right by half a width (even-r). The glue
    multiplies by its cell size (16.1: cellSize from min(screen width, height)).
    """
    r, c = coords(nid)
    x = c + 0.5 + (0.5 if r % 2 == 0 else 0.0)
    y = r * ROW_STEP + HEX_RADIUS
    return x, y


def row_ids(row: int) -> tuple[int, ...]:
    """Ids of the nodes of ``row`` from left to right."""
    return tuple(range(ROW_OFFSETS[row], ROW_OFFSETS[row] + ROW_WIDTHS[row]))


def sources(nid: int, direction: int) -> tuple[int | None, int | None]:
    """Cells from which a node can fall into ``nid`` (left, right) under gravity ``direction``.

    For downward gravity these are the upper-left node (moving along 5 o'clock) and the upper-right
    node (moving along 7 o'clock).
    """
    return ABOVE[nid] if direction == DOWN else BELOW[nid]


def targets(nid: int, direction: int) -> tuple[int | None, int | None]:
    """Cells (left, right) a node at ``nid`` can fall into under gravity ``direction``."""
    return BELOW[nid] if direction == DOWN else ABOVE[nid]


def same_column(a: int, b: int) -> bool:
    """True when ``a`` and ``b`` have the same column index (the straight storage link)."""
    return COORDS[a][1] == COORDS[b][1]
