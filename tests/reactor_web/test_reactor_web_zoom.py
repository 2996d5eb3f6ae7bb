"""Phone boards: tiny cells zoom to finger-sized ones with every number drawn; taps outside the
visible part of the board hit nothing; the view centres on the robot and stays on the board."""

from __future__ import annotations

from engine.reactor.campaign import entries
from www.reactor import layout


def test_every_campaign_board_on_a_phone_is_readable_zoomed() -> None:
    for e in entries():
        gw, gh = e.level["width"], e.level["height"]
        fit = layout.compute(390, 844, gw, gh)
        lay = layout.compute(390, 844, gw, gh, zoom=True, centre=(gw / 2, gh / 2))
        if fit.cell < layout.AUTO_ZOOM_BELOW:
            assert lay.zoomed and lay.cell >= 38  # numbers are drawn from 38 px; no 15 px tap targets
        else:
            assert not lay.zoomed and lay.cell == fit.cell


def test_zoomed_view_clamps_to_the_board_and_hides_cells_outside() -> None:
    lay = layout.compute(390, 844, 25, 8, zoom=True, centre=(0.5, 0.5))
    vx, vy, vw, vh = lay.view
    assert lay.ox == vx  # centred on a corner cell: the board's edge stays at the view's edge
    assert lay.cell_at(vx + 5, vy + 5) == (0, 0)
    assert lay.cell_at(vx + vw + 2, vy + 5) is None  # beyond the view: no cell, even if the board goes on
    far = layout.compute(390, 844, 25, 8, zoom=True, centre=(24.5, 7.5))
    assert far.ox + far.cell * 25 == far.view[0] + far.view[2]  # the other edge clamps too
    bx, by, bw, bh = far.board_rect
    assert bw <= vw + 0.01 and bh <= vh + 0.01
