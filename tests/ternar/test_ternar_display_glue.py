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
