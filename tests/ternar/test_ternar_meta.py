"""Telemetry (13.2/19.5), career profile and guardrail (10.3), display rules (1.4, 3.3, 16.5), bot, CLI."""

import json

import pytest
from ternar_util import field

from engine.ternar import Route, Termination, apply, apply_with_events, initial
from engine.ternar.__main__ import main
from engine.ternar.bot import count_routes, greedy_route, hint, iter_routes
from engine.ternar.display import (
    fall_paths,
    fall_time_ms,
    format_number,
    line_style,
    node_color,
    node_label,
)
from engine.ternar.model import Outcome
from engine.ternar.rules import SINGULARITY, check_route
from engine.ternar.telemetry import Profile, live_best, options_for, record_session, session_id, telemetry


def test_telemetry_has_exactly_the_19_5_shape():
    s = apply(field({(7, 0): 3, (7, 1): 3, (7, 2): 9, (6, 4): 3}), Route.parse("38-39-40"))
    t = telemetry(s).model_dump(mode="json")
    assert set(t) == {"meta", "stats", "termination"}
    assert set(t["meta"]) == {"sessionId", "seed", "mode"}
    assert set(t["stats"]) == {
        "turns",
        "maxValue",
        "totalScore",
        "avgChainLength",
        "ghostsSpawned",
        "singularitiesCreated",
    }
    assert set(t["termination"]) == {"reason", "lastGridDensity"}
    assert t["stats"]["turns"] == 1 and t["stats"]["avgChainLength"] == 3.0 and t["stats"]["maxValue"] == 27
    assert t["stats"]["totalScore"] == 18  # (3+3+9) * 1.2
    assert t["termination"]["reason"] == "user_exit"
    assert t["termination"]["lastGridDensity"] == round(s.occupied() / 44, 2)
    assert t["meta"]["mode"] == "classic"
    sid = t["meta"]["sessionId"]
    assert (
        len(sid) == 36
        and sid.count("-") == 4
        and sid == session_id(s.seed, s.options.model_dump(mode="json"))
    )


def test_telemetry_reports_the_game_over_reason():
    s = field({(7, 0): 3, (7, 2): 9}).model_copy(
        update={"outcome": Outcome(reason=Termination.WINDOW_LOCK, turns=0)}
    )
    assert telemetry(s).termination.reason == "window_lock"


_SEEDS = iter(range(1, 10**6))


def _ended(turns, mode="classic", score=100, seed=None):
    """A finished session (a fresh seed each time unless given: one session is recorded once)."""
    return initial(next(_SEEDS) if seed is None else seed, {"mode": mode}).model_copy(
        update={
            "turns": turns,
            "score": score,
            "outcome": Outcome(reason=Termination.NO_MATCHES, turns=turns),
        }
    )


def test_guardrail_after_three_short_defeats_until_a_long_session():
    p = Profile()
    for _ in range(3):
        assert not p.guardrail
        p = record_session(p, _ended(49))
    assert p.guardrail and p.short_losses == 3
    assert options_for(p, "classic") == {"mode": "classic", "guardrail": True}
    assert options_for(p, "zen")["guardrail"] is False
    p = record_session(p, _ended(60))  # a longer defeat does not lift it
    assert p.guardrail
    p = record_session(p, _ended(101))  # the first session over 100 turns does
    assert not p.guardrail and p.short_losses == 0


def test_streak_must_be_consecutive():
    p = Profile()
    p = record_session(p, _ended(10))
    p = record_session(p, _ended(10))
    p = record_session(p, _ended(70))
    p = record_session(p, _ended(10))
    assert not p.guardrail and p.short_losses == 1


def test_best_is_kept_per_mode_and_never_for_zen():
    p = record_session(Profile(), _ended(10, score=500))
    p = record_session(p, _ended(10, score=300))
    assert p.best_classic == 500
    p2 = record_session(p, _ended(10, mode="zen", score=10**6))
    assert p2 == p
    assert live_best(p, _ended(5, score=900)) == 900
    assert live_best(p, _ended(5, mode="zen", score=900)) is None


def test_best_belongs_to_the_engine_across_undo_reload_and_game_over():
    """Issue 15: Best never keeps the points of an undone move, and "New best!" means above the old
    record, also when the card is drawn again after a reload."""
    from engine.core.session import Session
    from engine.ternar import GAME, SoftUndo
    from engine.ternar.bot import greedy_route
    from engine.ternar.telemetry import best_view

    p = record_session(Profile(), _ended(10, score=50))
    s = Session(GAME, 4, {"mode": "classic"})
    while s.state.score <= 50:
        s.play(greedy_route(s.state, 40, 800))
    high = s.state.score
    assert best_view(p, s.state) == best_view(p, s.state).model_copy(update={"best": high, "new_best": True})
    s.play(SoftUndo())
    v = best_view(p, s.state)
    assert v.best == max(50, s.state.score) < high  # the undone points are gone from Best
    assert v.new_best == (s.state.score > 50)
    reloaded = Session.load(GAME, s.save_json())
    assert best_view(p, reloaded.state) == v
    # game over below the record: no "New best!", Best stays
    low = _ended(30, score=20)
    p2 = record_session(p, low)
    assert best_view(p2, low) == best_view(p2, low).model_copy(update={"best": 50, "new_best": False})
    assert record_session(p2, low) == p2  # a reload records nothing twice
    # game over above the record: the card says so before and after recording (and after reload)
    top = _ended(30, score=80)
    assert best_view(p2, top).new_best and best_view(p2, top).best == 80
    p3 = record_session(p2, top)
    assert p3.best_classic == 80 and best_view(p3, top).new_best and best_view(p3, top).best == 80
    assert record_session(p3, top) == p3
    assert not best_view(Profile(), top).new_best  # the very first game sets Best, it beats nothing


def test_guardrail_option_changes_generation():
    s = initial(1, {"guardrail": True})
    assert s.options.guardrail


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (0, "0"),
        (9999, "9999"),
        (10000, "10K"),
        (19600, "19.6K"),
        (59000, "59K"),
        (59049, "59.04K"),
        (12345, "12.34K"),
        (999999, "999.99K"),
        (4782969, "4.78M"),
        (2_000_000_000, "2B"),
        (3 * 10**12, "3T"),
        (1_250_000_000_000_000, "1.25Q"),
    ],
)
def test_number_format(n, text):
    assert format_number(n) == text


def test_labels_colours_lines_timings():
    assert node_label(SINGULARITY) == "" and node_label(0) == "" and node_label(3**14) == "4.78M"
    assert node_color(SINGULARITY) == "#000000"
    assert node_color(3) == "#D1EAFF" and node_color(3**7) == "#D1EAFF" and node_color(9) == "#D1F2EB"
    assert line_style(2) == (2, False, False) and line_style(3) == (2, False, False)
    assert line_style(4) == (4, True, False) and line_style(6) == (4, True, False)
    assert line_style(7) == (6, True, True) and line_style(7, stage=1) == (6, False, False)
    assert fall_time_ms(1) == 300 and fall_time_ms(3) == 240 and fall_time_ms(7) == 120


def test_fall_paths_chain_passes():
    s = field({(7, 0): 3, (7, 1): 3, (0, 3): 9})
    new, evs = apply_with_events(s, Route.parse("38-39"))
    paths = fall_paths(evs)
    # the 9 from the top falls down its column to the bottom row
    assert (3, 8, 14, 19, 25, 30, 36, 41) in paths
    for p in paths:
        assert new.values[p[-1]] != 0


def test_greedy_bot_takes_the_best_route():
    cells = {(7, 0): 3, (7, 1): 3, (7, 2): 9, (7, 3): 27, (6, 4): 3, (6, 3): 3}
    s = field(cells)
    best = greedy_route(s)
    assert best is not None and check_route(s.values, best.nodes).ok
    everything = list(iter_routes(s.values, 10**6, 10**6))
    assert max(score for _, score in everything) == max(score for r, score in everything if r == best.nodes)
    assert best.nodes == (38, 39, 40, 41)  # 42 * 1.5 = 63 beats every other route
    assert hint(s) is not None
    assert greedy_route(field({(7, 0): 3, (7, 2): 3})) is None


def test_route_search_is_bounded_on_a_field_of_equal_values():
    s = field({(r, c): 3 for r in range(8) for c in range(6 if r % 2 else 5)})
    assert count_routes(s.values, per_start=50, total=2000) <= 2000 + 200
    move = greedy_route(s, per_start=50, total=2000)
    assert move is not None and len(move.nodes) >= 12  # long plateau chains found


def test_cli_bot_and_replay(tmp_path, capsys):
    save = tmp_path / "g.json"
    assert main(["bot", "--seed", "3", "--mode", "storm", "--turns", "12", "--save", str(save)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["meta"]["seed"] == 3 and out["meta"]["mode"] == "storm" and out["stats"]["turns"] == 12
    assert main(["replay", str(save)]) == 0
    h = capsys.readouterr().out.strip()
    assert len(h) == 64
    moves = ",".join(json.loads(save.read_text())["moves"])
    assert main(["hash", "--seed", "3", "--mode", "storm", "--moves", moves]) == 0
    assert capsys.readouterr().out.strip() == h
    assert main(["bothash", "--seed", "3", "--mode", "storm", "--turns", "12"]) == 0
    assert capsys.readouterr().out.strip() == h
    assert main(["show", "--seed", "3"]) == 0
    assert "window [3, 9, 27]" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "ternar", "version": 1, "seed": 1, "moves": ["0-1"]}')
    assert main(["replay", str(bad)]) == 2


def test_state_view_and_route_preview():
    from engine.ternar.view import route_preview, state_view

    s = field({(7, 0): 3, (7, 1): 3, (7, 2): 9, (7, 3): 27, (7, 4): 27, (7, 5): SINGULARITY}, ghosts=(38,))
    v = state_view(s)
    assert len(v["cells"]) == 44 and v["window"] == [3, 9, 27] and v["undo"] == "0/1" and v["phase"] == "IDLE"
    c38 = v["cells"][38]
    assert (c38["r"], c38["q"], c38["type"], c38["alpha"], c38["label"]) == (7, 0, "ghost", 0.6, "3")
    assert v["cells"][43]["type"] == "singularity" and v["cells"][43]["label"] == ""
    p = route_preview(s, [38, 39, 40, 41, 42])
    assert p["valid"] and p["result"] == 81 and p["points"] == 138 and p["width"] == 4 and not p["glow"]
    assert not route_preview(s, [38, 40])["valid"]
    assert route_preview(s.model_copy(update={"turns": 30}), [38, 39, 40, 41])["glow"]


def test_play_with_events_keeps_the_session_in_step():
    from engine.core.session import Session
    from engine.ternar import GAME, dump_events

    s = Session(GAME, 42)
    ref = Session(GAME, 42)
    for _ in range(6):
        move = greedy_route(s.state)
        evs = GAME.play_with_events(s, move)
        ref.play(move)
        assert s.state == ref.state and s.moves == ref.moves
        assert dump_events(evs)[0]["kind"] == "collapse"
    with pytest.raises(ValueError):
        GAME.play_with_events(s, Route.parse("0-1"))
    assert s.state == ref.state and len(s.moves) == 6
    GAME.play_with_events(s, GAME.parse_move("undo"))
    assert s.state.undo_counter == "1/1"


def test_telemetry_log_round_trip_and_limit():
    from engine.core.schema import SchemaError, parse_model
    from engine.ternar.telemetry import LOG_LIMIT, TelemetryLog, append_record

    log = TelemetryLog()
    rec = telemetry(initial(3))
    for _ in range(LOG_LIMIT + 5):
        log = append_record(log, rec)
    assert len(log.records) == LOG_LIMIT
    again = parse_model(TelemetryLog, log.model_dump_json())
    assert again == log
    bad = log.model_dump(mode="json")
    bad["records"][0]["termination"]["reason"] = "crash"
    with pytest.raises(SchemaError):
        parse_model(TelemetryLog, bad)


def test_salvage_profile_keeps_each_valid_field():
    from engine.ternar.telemetry import salvage_profile

    p = salvage_profile({"best_classic": 10, "best_storm": -1, "short_losses": "x"})
    assert p is not None and p.best_classic == 10 and p.best_storm == 0 and p.short_losses == 0
    assert salvage_profile({"best_classic": 0, "best_storm": 0}) is None  # no Best to keep
    assert salvage_profile(["best_classic", 10]) is None
