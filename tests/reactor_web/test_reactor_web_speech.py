"""Screen readers hear the Reactor page (#24, as Floodline's): after each pulse its number, the
reactor's state and the warnings the panel lists; after a win the stars against par and the best
pulses (the toast says "Level complete!" itself); a move (no pulse) says nothing. Through the page."""

from __future__ import annotations

from typing import Any

from engine.reactor.campaign import entries
from tests.reactor_web.test_reactor_web_hurry import app  # noqa: F401 - the page fixture


def test_a_pulse_and_a_win_are_spoken_and_a_move_is_not(app: Any) -> None:  # noqa: F811
    e = entries()[0]
    app.start_now(e.key)
    said = app.shell.said
    assert app.play("move n") and said == []  # a move: no pulse, nothing said
    assert app.play("move n") and app.play("interact")
    assert said == ["Pulse 1: REACTOR READY. Pulse +1: Reactor ready (7,3)"]
    for m in e.solution[3:]:
        app.cut_animation("test")
        assert app.play(m), m
    assert app.state.outcome is not None and app.state.outcome.result == "won"
    assert said[-1] == f"3 of 3 stars: {e.par} pulses, undone ones too · par {e.par} best {e.par} pulses"
    assert said[-2] == "Level complete!"  # the toast, spoken
    assert said[-3].startswith(f"Pulse {e.par}: REACTOR ONLINE")


def test_russian_words(app: Any) -> None:  # noqa: F811
    from www.reactor.speech import pulse_words, won_words
    from www.reactor.strings import TABLES

    def t(key: str, **fmt: Any) -> str:
        return TABLES["ru"][key].format(**fmt)

    assert won_words(t, 2, 5, 4, 5) == "Звёзд: 2 из 3: импульсов: 5, с отменёнными · норма 4 лучшее: 5 имп."
    assert won_words(t, None, 5, None, None) == ""  # a level without par, never won before: nothing
    app.start_now(entries()[0].key)
    assert pulse_words(t, "ru", app.state).startswith("Импульс 0: ")
