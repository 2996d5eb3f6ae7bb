"""Orbit Simulator threats (issue 28): the panel names a duel's double move (burn, then fire) with the
hit's damage, the same words the engine's exposure gives; E and a tap on an enemy ship show that
ship's reach alone, and again all enemies; a held railgun's heat says what it will cost (desktop and
phone)."""

from __future__ import annotations

import json
from typing import Any

from e2e.test_orbit import click, frames, info, until
from e2e.util import buttons, canvas_has_pixels, open_game

HOT = {
    "ships": [
        {"ring": 3, "sector": 0, "energy": {"rail": 4}, "heat": 1},
        {"ring": 5, "sector": 60},
    ],
    "rules": 7,
}
"""A charged railgun with 1 heat aboard (rules 7): coasting keeps 1 + 1 new heat, and costs 1 hull now."""

DOUBLE = {
    "ships": [
        {"ring": 3, "sector": 0},
        {"ring": 4, "sector": 11, "energy": {"eng": 2, "thr": 1, "las": 2, "rail": 4, "shd": 1}},
    ],
    "rules": 2,
}


def tap_ship(page: Any, i: int) -> None:
    x, y = json.loads(page.evaluate("(i) => window.gridworks.orbitShipXY(i)", i))
    box = page.locator("canvas").bounding_box()
    page.mouse.click(box["x"] + x, box["y"] + y)


def test_double_move_named_reach_on_tap_heat_and_the_phone_panel(page, site):
    """One boot: desktop first, then the same page turned into a phone (390x844)."""
    open_game(page, site, "orbit")
    page.evaluate(
        "(o) => window.gridworks.startGame(JSON.stringify(['human', 'greedy']), JSON.stringify(o), 1)", DOUBLE
    )
    st = until(page, "s.mode === 'play' && s.planning && s.threat_lines.length > 0")
    # the enemy turns and burns to our ring on its first move and fires its railgun on its second
    assert st["threat_lines"] == ["⚠ Ship 2 moves twice: 2nd: Railgun 5 (up to 5 hull)"]
    page.screenshot(path="e2e-artifacts/orbit-threat-desktop.png")
    page.keyboard.press("KeyE")
    until(page, "s.reach_of === 1")
    assert canvas_has_pixels(page, min_colors=6)
    page.screenshot(path="e2e-artifacts/orbit-threat-enemy.png")
    page.keyboard.press("KeyE")
    until(page, "s.reach_of === null")
    tap_ship(page, 1)
    until(page, "s.reach_of === 1")
    tap_ship(page, 1)
    until(page, "s.reach_of === null")
    # shields take one off the named hit
    click(page, "sub:+:shd")
    click(page, "sub:+:shd")
    st = until(page, "s.threat_lines.length > 0 && s.threat_lines[0].includes('Railgun 4')")
    assert st["threat_lines"] == ["⚠ Ship 2 moves twice: 2nd: Railgun 4 (up to 4 hull)"]
    assert info(page)["planning"]
    check_heat_text(page, phone=False)
    phone_panel(page)


def check_heat_text(page: Any, phone: bool) -> None:
    """A held railgun's heat: the preview says what the heat will cost (two lines on desktop, one on
    the phone), and venting 1 brings it back to the plain line."""
    page.evaluate(
        "(o) => window.gridworks.startGame(JSON.stringify(['human', 'greedy']), JSON.stringify(o), 1)", HOT
    )
    st = until(page, "s.mode === 'play' && s.planning && s.heat_lines.length > 0")
    if phone:
        assert st["heat_lines"] == ["After turn: hull 19 · mass 10 · heat 2 (−2 hull if kept)"]
    else:
        assert st["heat_lines"] == [
            "After turn: hull 19 · heat 2 · mass 10",
            "Next turn: 2 hull lost to heat unless you vent it",
        ]
    page.screenshot(path=f"e2e-artifacts/orbit-heat-{'phone' if phone else 'desktop'}.png")
    click(page, "vent:+")
    st = until(page, "s.heat_lines.length > 0 && s.heat_lines[0].includes('hull 20')")
    assert st["heat_lines"][0].startswith("After turn: hull 20")
    assert "heat 1" in st["heat_lines"][0]


def phone_panel(page: Any) -> None:
    """The phone's panel (the page resized to 390x844): the threat line, 44 px +/- buttons, heat."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => document.querySelector('canvas').getBoundingClientRect().width <= 390")
    frames(page, 3)
    page.evaluate(
        "(o) => window.gridworks.startGame(JSON.stringify(['human', 'greedy']), JSON.stringify(o), 1)", DOUBLE
    )
    until(page, "s.mode === 'play' && s.planning && s.threat_lines.length > 0")
    page.screenshot(path="e2e-artifacts/orbit-threat-phone.png")
    # the phone's +/- buttons are at least 44 px each way: the selected row's, and the vent row's
    for bid in ("sub:+:eng", "sub:-:eng", "vent:-"):
        b = next(b for b in buttons(page) if b["id"] == bid)
        assert b["w"] >= 44 and b["h"] >= 44, b
    click(page, "sel:3")  # another row: tap it, its buttons grow
    page.wait_for_function("() => JSON.parse(window.gridworks.buttons()).some((b) => b.id === 'sub:+:las')")
    b = next(b for b in buttons(page) if b["id"] == "sub:+:las")
    assert b["w"] >= 44 and b["h"] >= 44, b
    click(page, "sub:+:las")
    until(page, "s.plan_words.includes('allocate 1')")
    check_heat_text(page, phone=True)
