"""Orbit Simulator play by link (issue 28): a link game survives reload on both devices, the menu
offers it with Continue while another game is on screen, its link can be copied again, a newer link
opened in an open tab continues it, the Copy button copies the current link, the friend's menu
lists the game too, a tampered link says why in a banner that stays until closed,
a device that never had the game refuses a link whose turns for it were played by the host, and the
page's openLink refuses a tampered or older link (this file took over test_orbit.py's two-device
link test in session 16: one boot, the same checks)."""

from __future__ import annotations

from e2e.test_orbit import click, info, replay_cpython, settle_link, uncover, until
from e2e.util import buttons, open_game, save_json, state_hash, wait_ready
from engine.orbit.link import encode


def copied_link(page, reset: str | None = None) -> str:  # noqa: ANN001
    """What the page last put on the clipboard (the clipboard is stubbed: headless has none)."""
    if reset is not None:
        page.evaluate(
            """() => { window.__orbitCopied = '';
                const clip = { writeText: (t) => { window.__orbitCopied = t; return Promise.resolve(); } };
                Object.defineProperty(navigator, 'clipboard', { value: clip, configurable: true }); }"""
        )
    return str(page.evaluate("() => window.__orbitCopied"))


def test_link_game_reload_menu_newer_link_and_refusals(page, browser, guard, site):
    from e2e.conftest import new_context

    open_game(page, site, "orbit")
    click(page, "preset:link")
    until(page, "s.menu.preset === 'link'")
    click(page, "start")
    uncover(page, 0)
    page.keyboard.press("Enter")  # coast
    settle_link(page, 1)
    code1 = page.evaluate("() => window.gridworks.orbitLink()")
    assert code1.startswith("orb1.")
    # reload: the link game is back, waiting for the friend, its link can be copied again
    page.reload()
    wait_ready(page)
    st = until(page, "s.mode === 'play' && s.link_me === 0")
    assert st["turns"] == 1 and not st["planning"]
    page.wait_for_function("() => JSON.parse(window.gridworks.buttons()).some((b) => b.id === 'share')")
    # ... and the Copy button copies the link of the game as it stands (not an older turn)
    copied_link(page, "")
    click(page, "share")
    page.wait_for_function("() => window.__orbitCopied !== ''")
    copied = copied_link(page)
    assert copied.startswith(f"{site}orbit/") and copied.endswith(f"#g={code1}")
    # another game on screen: the menu lists the link game with its own Continue
    page.evaluate("() => window.gridworks.startGame(JSON.stringify(['human', 'random']), '{}', 5)")
    until(page, "s.link_me === null && s.mode === 'play'")
    click(page, "menu")
    st = until(page, "s.mode === 'menu' && s.link_stored")
    page.wait_for_function(
        "() => JSON.parse(window.gridworks.buttons()).some((b) => b.id === 'continue:link')"
    )
    click(page, "continue:link")
    st = until(page, "s.link_me === 0 && s.mode === 'play'")
    assert st["turns"] == 1
    session = save_json(page)["session"]
    friend_ctx = new_context(browser, guard)
    try:
        friend = friend_ctx.new_page()
        friend.goto(f"{site}orbit/#g={code1}")
        wait_ready(friend)
        # the friend's device: ship 2 to play; rules 2 give a duel A B | B A, so ship 2 moves twice
        st = uncover(friend, 1)
        assert st["link_me"] == 1 and st["active"] == 1 and st["turns"] == 1
        friend.keyboard.press("Enter")
        uncover(friend, 2)
        friend.keyboard.press("Enter")
        settle_link(friend, 3)
        code2 = friend.evaluate("() => window.gridworks.orbitLink()")
        assert "#g=" not in friend.url  # the address no longer re-opens an old turn on reload
        friend.reload()  # the friend's device keeps the game too
        wait_ready(friend)
        st = until(friend, "s.mode === 'play' && s.link_me === 1")
        assert st["turns"] == 3
        # the friend's menu also lists the link game with Continue while another game is on screen
        friend.evaluate("() => window.gridworks.startGame(JSON.stringify(['human', 'random']), '{}', 5)")
        until(friend, "s.link_me === null && s.mode === 'play'")
        click(friend, "menu")
        until(friend, "s.mode === 'menu' && s.link_stored")
        click(friend, "continue:link")
        st = until(friend, "s.link_me === 1 && s.mode === 'play'")
        assert st["turns"] == 3
        # a third device that never had the game: the host played the guest's turns itself
        forged = encode(session["seed"], session["options"], ["host", "guest"], ["coast"] * 4)
        stranger = new_context(browser, guard, viewport={"width": 390, "height": 844})
        try:
            sp = stranger.new_page()
            sp.goto(f"{site}orbit/#g={forged}")
            wait_ready(sp)
            st = until(sp, "s.link_error !== null")
            assert "never saw" in st["link_error"] and st["link_me"] is None
            sp.screenshot(path="e2e-artifacts/orbit-link-refused-phone.png")
            # the banner hides no menu button: the presets start below its close button
            shown = {b["id"]: b for b in buttons(sp)}
            close, first = shown["linkerr"], shown["preset:hotseat"]
            assert first["y"] >= close["y"] + close["h"], (close, first)
        finally:
            stranger.close()
    finally:
        friend_ctx.close()
    # the host's open tab: the friend's newer link opened in the address continues the game
    page.evaluate("(c) => { location.hash = '#g=' + c; }", code2)
    st = until(page, "s.turns === 3 && s.link_me === 0")
    st = uncover(page, 3)
    assert st["active"] == 0
    h = state_hash(page)
    # a tampered link: refused, the reason stays on screen until closed, nothing changes
    bad = code2[:-12] + ("A" if code2[-12] != "A" else "B") + code2[-11:]
    page.evaluate("(c) => { location.hash = '#g=' + c; }", bad)
    st = until(page, "s.link_error !== null")
    assert "checksum" in st["link_error"] and state_hash(page) == h
    page.keyboard.press("KeyM")
    page.keyboard.press("KeyM")
    until(page, "s.link_error !== null")
    page.wait_for_function("() => JSON.parse(window.gridworks.buttons()).some((b) => b.id === 'linkerr')")
    page.screenshot(path="e2e-artifacts/orbit-link-tampered.png")
    click(page, "linkerr")
    until(page, "s.link_error === null")
    assert info(page)["turns"] == 3
    # the page's openLink (what the address change above called, accepting code2): a tampered link
    # and an older one are refused and change nothing
    assert page.evaluate("(c) => window.gridworks.openLink(c)", bad) is False
    assert info(page)["turns"] == 3 and state_hash(page) == h
    assert page.evaluate("(c) => window.gridworks.openLink(c)", code1) is False  # older
    assert info(page)["turns"] == 3
    save = save_json(page)
    assert state_hash(page) == replay_cpython(save).state_hash()
