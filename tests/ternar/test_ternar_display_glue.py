"""The page draws with the engine's display values (issue 15): the glue's pure view helpers return
exactly what ``engine.ternar.display`` says, so the engine's display tests test what players see."""

from engine.ternar import display
from engine.ternar.rules import SINGULARITY
from www.ternar import view


def test_fill_rim_and_text_colours_are_the_engines():
    for e in range(1, 16):
        v = 3**e
        assert view.fill_for(v) == display.node_color(v)
        assert view.rim_for(v) == display.node_rim(v)
    assert view.fill_for(SINGULARITY) == display.SINGULARITY_COLOR == "#000000"
    assert view.RING is display.PALETTE and view.INVALID == display.INVALID_TINT == "#FFCDD2"
    assert view.TEXT == display.TEXT_COLOR and view.BELL_HZ == display.BELL_HZ == 432


def test_colour_follows_the_place_in_the_power_cycle_and_rims_are_darker_twins():
    assert display.node_color(3) == display.node_color(3**7) == "#D1EAFF"  # 1.3: (exp - 1) mod 6
    assert display.node_rim(9) == display.RIM_PALETTE[1] and len(display.RIM_PALETTE) == len(display.PALETTE)


def test_two_values_of_one_colour_always_differ_by_their_rings():
    """Issue #30 readability: same pastel (exponents 6 apart) -> a different number of inner rings."""
    values = [3**e for e in range(1, 15)]
    for a in values:
        for b in values:
            if a != b and display.node_color(a) == display.node_color(b):
                assert display.cycle_rings(a) != display.cycle_rings(b), (a, b)
    edges = [(3**6, 0), (3**7, 1), (3**12, 1), (3**13, 2), (3**14, 2), (SINGULARITY, 0), (0, 0)]
    assert [display.cycle_rings(v) for v, _ in edges] == [r for _, r in edges]
