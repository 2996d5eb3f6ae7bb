"""Underground changes during a cascade in the all-seeing-eye view: which cells are framed (solid:
surface/props, dashed: underground only), filtered by the eye's layer, and only with the eye on."""

from __future__ import annotations

from reactor_web_kit import tutorial_cable_cascade as cascade

from www.reactor.cascade import under_by_carrier


def test_network_stage_frames_the_powered_cable_dashed_in_the_eye_view() -> None:
    c, p = cascade(eye=True)
    net = [s.label for s in c.stages].index("network")
    solid, under = c.framed(net)
    g = p.state.grid
    cable = {g.cell(x, 2) for x in range(0, 7)}  # the cable from the wall at x=0 to the consumer at x=6
    assert set(under) | set(solid) >= cable - {g.cell(1, 2)}
    assert set(under) <= cable and not set(under) & set(solid)
    assert c.under[net].keys() == {"electricity"}
    # the values drawn for those cells are the stage's own (the network ran: voltage on the cable)
    before = c.before.layers["electricity"]
    after = c.stages[net].state.layers["electricity"]
    assert all(before.amount[i] == 0.0 < after.amount[i] for i in under)
    # the eye showing only the fuel layer frames no electricity cell; the electricity layer all of them
    assert c.framed(net, "fuel")[1] == ()
    assert c.framed(net, "electricity")[1] == under


def test_integrity_stage_frames_the_worn_cable_end() -> None:
    c, p = cascade(eye=True)
    k = [s.label for s in c.stages].index("integrity")
    _, under = c.framed(k)
    wall_end = p.state.grid.cell(0, 2)
    assert under == (wall_end,)
    prev = c.stages[k - 1].state.layers["electricity"]
    now = c.stages[k].state.layers["electricity"]
    assert now.integrity[wall_end] < prev.integrity[wall_end]


def test_without_the_eye_nothing_underground_is_framed() -> None:
    eye, _ = cascade(eye=True)
    plain, _ = cascade(eye=False)
    for k in range(len(plain.stages)):
        assert plain.framed(k)[1] == ()
        assert plain.framed(k)[0] == eye.framed(k)[0]  # surface/prop frames are the same either way
        assert set(plain.cells[k]) <= set(eye.cells[k])
    assert any(eye.framed(k)[1] for k in range(len(eye.stages)))


def test_under_by_carrier_splits_cells_by_layer() -> None:
    c, _ = cascade(eye=True)
    net = [s.label for s in c.stages].index("network")
    st = c.stages[net]
    prev = c.stages[net - 1].state
    split = under_by_carrier(prev, st.state, st.under_cells)
    assert sorted(i for cells in split.values() for i in cells) == sorted(set(st.under_cells))
    assert under_by_carrier(prev, prev, st.under_cells) == {}
