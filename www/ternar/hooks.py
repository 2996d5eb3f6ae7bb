"""Test hooks published on ``window.gridworks``: read-only views and a new-game driver always; the
GreedyBot drivers (``autoplay``, ``botGame``) only in a test build of the page, i.e. with ``?test=1``
in the address (17.10: the bot is cut from the release)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.core.session import Session
from engine.ternar import GAME

if TYPE_CHECKING:
    from .page import TernarPage

Hook = Callable[..., str]


def hooks(app: TernarPage) -> dict[str, object]:
    def anim_left() -> float:
        """Milliseconds the running turn animation still has (0 when none runs)."""
        t = app.anim_ms()
        return app.move_anim.total - t if t is not None and app.move_anim is not None else 0.0

    def info(*_a: object) -> str:
        st = app.state
        ui = app.ui
        lay = ui.lay
        return json.dumps(
            {
                "values": list(st.values),
                "ghosts": list(st.ghosts),
                "score": st.score,
                "best": app.best.best,
                "new_best": app.best.new_best,
                "ruleset": st.options.ruleset,
                "lock_ms": app.move_anim.total if app.move_anim is not None else 0.0,
                "tutorial": app.tutorial.step if app.tutorial is not None else None,
                "turns": st.turns,
                "mode": st.options.mode,
                "window": list(st.window),
                "outcome": None if st.outcome is None else st.outcome.reason.value,
                "undo": st.undo_counter,
                "route": list(ui.route),
                "animating": app.move_anim is not None,
                "anim_left_ms": anim_left(),
                "early_finishes": app.early_finishes,
                "replay": [app.replay.done, len(app.replay.moves)] if app.replay is not None else None,
                # the last turn's nodes that flowed in: [node, value, "normal"|"ghost", window then]
                "arrivals": [[n, v, k, list(w)] for n, v, k, w in app.arrivals],
                "busy": app.busy(),
                "dialog": ui.dialog,
                "dialog_mode": ui.dialog_mode,
                "dialog_daily": ui.dialog_daily,
                "cursor": ui.cursor.nid if ui.show_cursor else None,
                "keyboard": ui.keyboard,
                "lang": app.shell.i18n.lang,
                "muted": bool(app.shell.audio.muted),
                "notices": list(app.shell.notices),
                "dismissed": app.dismissed,
                "toasts": app.shell.toasts.texts(),
                "wide": bool(lay.wide) if lay else None,
                "cell": lay.cell if lay else None,
            }
        )

    def node_center(nid: object, *_a: object) -> str:
        lay = app.ui.lay
        if lay is None:
            return "null"
        n = int(str(nid))
        return json.dumps([lay.cx[n], lay.cy[n]])

    def new_game(seed: object = None, mode: object = "classic", *_a: object) -> str:
        app.start_new(str(mode or "classic"), None if seed is None else int(str(seed)))
        return app.state_hash()

    def bot_game(seed: object, mode: object = "classic", turns: object = 60, *_a: object) -> str:
        """GreedyBot plays a whole game in the page's engine (no UI); returns the final state hash."""
        from engine.ternar.bot import greedy_route

        s = Session(GAME, int(str(seed)), {"mode": str(mode)})
        for _ in range(int(str(turns))):
            if s.state.outcome is not None:
                break
            r = greedy_route(s.state)
            if r is None:
                break
            s.play(r)
        return json.dumps({"hash": s.state_hash(), "turns": s.state.turns, "save": s.save_json()})

    def autoplay(n: object = 1, per_start: object = None, total: object = None, *_a: object) -> str:
        """Play ``n`` GreedyBot moves in the current game without animation (screenshots, benchmarks);
        ``per_start``/``total`` narrow the bot's search (a cheaper bot for tests that only need turns)."""
        from engine.ternar.bot import PER_START, TOTAL, greedy_route

        narrow = (
            PER_START if per_start in (None, "undefined") else int(str(per_start)),
            TOTAL if total in (None, "undefined") else int(str(total)),
        )
        for _ in range(int(str(n))):
            if app.state.outcome is not None:
                break
            r = greedy_route(app.state, *narrow)
            if r is None:
                break
            app.session.play(r)
        app.move_anim = None
        app.save()
        app.shell.invalidate()
        return app.state_hash()

    out: dict[str, Hook] = {
        "ternarInfo": info,
        "nodeCenter": node_center,
        "newGame": new_game,
        "telemetry": lambda *_a: app.telemetry_json(),
    }

    def freeze_clock(on: object = 1, *_a: object) -> str:
        """Test build: stop (1) or restart (0) the clock turn animations run on, so a test can press
        while an animation is surely still running, however slow the machine."""
        from gwweb.shared.clock import now_ms

        if str(on) not in ("0", "false", "False", ""):
            t = now_ms()
            app.clock = lambda: t
        else:
            app.clock = now_ms
        return "ok"

    def first_run(*_a: object) -> str:
        """Test build: the first-run check again, as a boot makes it (a test that removed the stored
        tutorial mark sees the tutorial open without paying for a reload)."""
        app.first_run_tutorial()
        app.shell.invalidate()
        return "ok" if app.tutorial is not None else "seen"

    if test_build():
        out.update(
            {"autoplay": autoplay, "botGame": bot_game, "freezeClock": freeze_clock, "firstRun": first_run}
        )
    return dict(out)


def test_build() -> bool:
    """The page was opened as a test build (``?test=1``): only then may a bot play moves."""
    from urllib.parse import parse_qs

    import js  # type: ignore[import-not-found]

    return parse_qs(str(js.location.search).lstrip("?")).get("test", [""])[0] == "1"
