"""Wind (Part V): the gust schedule, its direction and the push on the falling piece."""

from __future__ import annotations

from engine.core.rng import XorShift128Plus
from engine.floodline.board import Material
from engine.floodline.geometry import Vec
from engine.floodline.level import seconds_to_ticks
from engine.floodline.placement import try_shift
from engine.floodline.state import State

WIND_STREAM = 0x57494E44  # "WIND": the wind's separate xorshift128+ stream (Part V §3.1)
WIND_DIRS: dict[str, Vec] = {"EAST": (1, 0, 0), "WEST": (-1, 0, 0), "NORTH": (0, 0, -1), "SOUTH": (0, 0, 1)}


def wind_active(s: State) -> bool:
    """Wind is scheduled and no Endless WIND mutator still holds it back."""
    if s.wind_next < 0:
        return False
    for m in s.level.mutators:
        if m.type == "WIND" and s.metrics["piecesUsed"] < m.every_pieces:
            return False
    return True


def gust_direction(s: State) -> tuple[str, tuple[int, int] | None]:
    """The direction of the next gust (Part V: alternate E/W, fixed, or seeded random) and the wind PRNG
    state after drawing it (``None`` when no draw was made). The one place this rule is written: the
    gust itself (``wind``) and its telegraph (``view.next_gust``) both ask here."""
    p = next(h for h in s.level.hazards if h.enabled).params
    if p.direction_mode == "ALTERNATE_EW":
        return ("EAST" if s.gusts % 2 == 0 else "WEST"), None
    if p.direction_mode == "FIXED":
        return p.fixed_direction, None
    rng = XorShift128Plus(0)
    rng.set_state(s.wind_rng)
    choices = ["EAST", "WEST", "NORTH", "SOUTH"] if p.include_north_south else ["EAST", "WEST"]
    return choices[rng.next_below(len(choices))], rng.get_state()


def wind(s: State) -> None:
    """Part V: gusts at offset + k·interval push the active piece (Heavy: floor(push / 2) steps)."""
    if s.wind_next < 0 or s.tick != s.wind_next:
        return
    hz = next(h for h in s.level.hazards if h.enabled)
    p = hz.params
    s.wind_next = s.tick + max(1, seconds_to_ticks(p.interval_seconds))
    name, rng_state = gust_direction(s)
    s.gusts += 1
    if rng_state is not None:
        s.wind_rng = rng_state
    if s.active is None or s.outcome is not None or not wind_active(s):
        return
    factor = 2 if s.active.material == Material.HEAVY else 1
    for _ in range(p.push_strength // factor):
        if not try_shift(s, WIND_DIRS[name]):
            break
