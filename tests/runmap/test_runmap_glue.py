"""Run Map's page glue in CPython (issue #14): ``interpret(ui, state, ev)`` turns keys and buttons
into the engine's moves for the right seat and only moves the UI otherwise; the keyboard focus
ring walks the dialog's buttons by direction; the idle warm-up is small steps that end."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.core.session import Session
from engine.runmap import GAME, Fight, Leave, Phase, Select, bot_move, current_options
from tests.gwstub import glue_modules


@pytest.fixture(scope="module")
def glue() -> Iterator[dict[str, Any]]:
    """The glue modules imported as ``gwweb.runmap.*`` with the browser modules stubbed out."""
    names = ("runmap.interpret", "runmap.ring", "runmap.ui", "runmap.warmup", "shared.input", "shared.canvas")
    with glue_modules(names) as mods:
        yield mods


def key(glue: dict[str, Any], name: str) -> Any:
    return glue["shared.input"].Event("action", name, True)


def test_keys_become_moves_for_the_speaking_seat(glue: dict[str, Any]) -> None:
    it, ui_mod = glue["runmap.interpret"], glue["runmap.ui"]
    s = Session(GAME, 4243, current_options({"preset": "slice", "players": 2})).state
    assert s.phase == Phase.COMBAT  # layer 0 is chosen at the start
    ui = ui_mod.Ui(screen="run")
    assert it.interpret(ui, s, key(glue, "attack")) == Fight(0, "attack")
    assert it.interpret(ui, s, key(glue, "d2")) == Fight(0, "block")
    assert it.interpret(ui, s, key(glue, "d3")) == Fight(0, "skill")
    assert it.interpret(ui, s, key(glue, "d4")) == Fight(0, "item")
    ui.seat = 1  # co-op: this screen speaks for seat 1 (the engine decides whether it may)
    assert it.interpret(ui, s, key(glue, "d1")) == Fight(1, "attack")  # not joined: the engine refuses
    ui.card = object()  # an outcome card on screen: the keys belong to it
    assert it.interpret(ui, s, key(glue, "attack")) is None
    assert it.button_move(ui_mod.Ui(screen="run"), s, "fight:block") == Fight(0, "block")
    old = Session(GAME, 4243, {"rules": 2, "preset": "slice"}).state  # a rules-2 save plays on
    assert it.button_move(ui_mod.Ui(screen="run"), old, "fight:block") == Fight(0, "defend")
    intro = ui_mod.Ui(screen="run", intro=True)  # a new run's map first: the keys wait for Enter
    assert it.interpret(intro, s, key(glue, "attack")) is None
    assert it.interpret(intro, s, key(glue, "ok")) is None and not intro.intro
    assert it.button_move(ui_mod.Ui(screen="run"), s, "leave") == Leave(0)
    assert it.button_move(ui_mod.Ui(screen="run"), s, "fight:dance") is None
    assert it.interpret(ui_mod.Ui(screen="menu"), s, key(glue, "attack")) is None


def test_map_arrows_move_the_focus_and_enter_goes(glue: dict[str, Any]) -> None:
    it, ui_mod = glue["runmap.interpret"], glue["runmap.ui"]
    session = Session(GAME, 4243, current_options({"preset": "slice", "players": 1}))
    while session.state.phase != Phase.MAP or len(session.state.available_nodes()) < 2:
        move = bot_move(session.state)
        assert move is not None
        session.play(move)
    s = session.state
    order = it.sorted_avail(s)
    assert len(order) >= 2
    ui = ui_mod.Ui(screen="run", focus=order[0])
    assert it.interpret(ui, s, key(glue, "right")) is None and ui.focus == order[1]
    assert it.interpret(ui, s, key(glue, "left")) is None and ui.focus == order[0]
    assert it.interpret(ui, s, key(glue, "left")) is None and ui.focus == order[-1]  # wraps around
    assert it.interpret(ui, s, key(glue, "ok")) == Select(0, order[-1])
    assert it.interpret(ui, s, key(glue, "d1")) == Select(0, order[0])


def test_focus_ring_moves_by_direction(glue: dict[str, Any]) -> None:
    ring, Region = glue["runmap.ring"], glue["shared.canvas"].Region
    # a 2 x 2 grid and a wide button under it
    rs = [
        Region("a", 0, 0, 40, 20),
        Region("b", 50, 0, 40, 20),
        Region("c", 0, 30, 40, 20),
        Region("d", 50, 30, 40, 20),
        Region("start", 0, 60, 90, 20),
    ]
    assert ring.step(rs, None, "down") == "start"  # the first arrow lands on the main action
    assert ring.step(rs, "a", "right") == "b"
    assert ring.step(rs, "a", "down") == "c"
    assert ring.step(rs, "d", "down") == "start"
    assert ring.step(rs, "start", "up") in ("c", "d")
    assert ring.step(rs, "b", "right") == "c"  # no button to the right: the next one in order
    assert ring.step(rs, "a", "up") == "a"  # nothing above: stays


def test_idle_warm_up_is_small_steps_that_end(glue: dict[str, Any]) -> None:
    now = Session(GAME, 4243, current_options({"preset": "slice", "players": 1})).state
    before = now.model_dump_json()
    steps = list(glue["runmap.warmup"].steps(now))
    assert len(steps) > 10  # one engine move per idle callback, not one long task
    assert now.model_dump_json() == before  # the next moves were tried on the run, which is unchanged
    later: list[Any] = []
    t = [0.0]

    def clock() -> float:  # every step "takes" 5 ms: two steps fit in the 8 ms budget of a callback
        t[0] += 5.0
        return t[0]

    glue["runmap.warmup"].schedule(later.append, now, clock)
    ran = 0
    while later:
        later.pop()()
        ran += 1
    assert ran == len(steps) // 2 + 1  # every step ran, two per callback, then the chain stopped


def test_the_fight_screen_says_what_the_rules_5_guard_does_and_what_comes_next() -> None:
    """Rules 5: a guard halves hits (no number to show) and the next intent of a pattern is shown;
    rules 4's text is unchanged. The words come from strings3, the facts from the engine."""
    from engine.runmap import fight3 as F  # noqa: PLC0415

    with glue_modules(("runmap.screens3", "runmap.strings3")) as mods:
        sc, st = mods["runmap.screens3"], mods["runmap.strings3"]

        def t(key: str, **kw: object) -> str:
            return str(st.EN3[key].format(**kw))

        s5 = GAME.initial(5, {"preset": "slice"})
        s4 = GAME.initial(5, {"preset": "slice", "rules": 4})
        assert s5.combat is not None and s4.combat is not None
        halves5, halves4 = F.fight_rules(5).guard_halves, F.fight_rules(4).guard_halves
        assert (
            sc.intent_text(t, "guard", 50, halves5, F.next_intent(s5, 0)) == "◈ guards: half damage · next ⚔"
        )
        assert sc.intent_text(t, "guard", 10, halves4, F.next_intent(s4, 0)) == "◈ guards 10"
        e = s5.combat.enemies[0]
        assert sc.intent_text(t, e.intent, e.intent_value, halves5, "heavy").endswith(" · next ⚔⚔")
