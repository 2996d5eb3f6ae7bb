"""Two tabs, one browser: records merged at write time and games in progress never replaced silently
(``www/shared/merge.py``, ``storage.py``, ``progress.py``), run in CPython."""

from __future__ import annotations

import json

from pydantic import BaseModel, Field

from tests.core.test_web_storage import _load

storage = _load("storage")
merge = _load("merge")
progress = _load("progress")


class Rec(BaseModel):
    stars: dict[str, int] = Field(default_factory=dict)
    best: int = 0
    fewest: int = 99
    done: list[str] = Field(default_factory=list)
    last: int = 1


RULES = {"stars": "max_map", "best": "max", "fewest": "min", "done": "union"}
MERGE = merge.rules_merge(RULES)


def test_max_keeps_the_higher_at_the_boundary():
    for stored, mine, want in ((5, 4, 5), (5, 5, 5), (5, 6, 6)):  # lower, equal, higher
        assert MERGE(Rec(best=stored), Rec(best=mine)).best == want
    for stored, mine, want in ((5, 4, 4), (5, 5, 5), (5, 6, 5)):
        assert MERGE(Rec(fewest=stored), Rec(fewest=mine)).fewest == want


def test_stars_per_level_by_maximum_and_levels_by_union():
    stored = Rec(stars={"lv01": 3, "lv02": 1}, done=["a", "b"], last=4)
    mine = Rec(stars={"lv02": 2, "lv03": 1, "lv01": 2}, done=["c", "a"], last=2)
    got = MERGE(stored, mine)
    assert got.stars == {"lv01": 3, "lv02": 2, "lv03": 1}
    assert got.done == ["a", "b", "c"]
    assert got.last == 2  # no rule: this tab's value
    assert mine.stars == {"lv02": 2, "lv03": 1, "lv01": 2} and stored.done == ["a", "b"]  # unchanged
    assert MERGE(Rec(stars={"lv01": 2}), Rec(stars={"lv01": 2})).stars == {"lv01": 2}  # equal stays


def test_adopt_copies_in_place():
    target = Rec(best=1)
    alias = target
    merge.adopt(target, Rec(best=9, done=["x"]))
    assert alias.best == 9 and alias.done == ["x"]


def test_update_merges_with_what_is_stored_now_not_what_was_loaded():
    be = storage.MemoryBackend()
    tab_a, tab_b = storage.Storage("g", be), storage.Storage("g", be)
    stale = tab_b.load("p", Rec) or Rec()  # tab B loads before A plays
    a = tab_a.update("p", Rec(stars={"lv01": 3}, best=471), MERGE)
    assert a.stars == {"lv01": 3}
    stale.last = 5  # B merely starts a level
    b = tab_b.update("p", stale, MERGE)
    assert b.stars == {"lv01": 3} and b.best == 471 and b.last == 5
    assert json.loads(be.data["gridworks:g:p"])["data"]["stars"] == {"lv01": 3}
    assert tab_b.merged("p", Rec(best=117), MERGE).best == 471  # a refresh reads, merges...
    assert json.loads(be.data["gridworks:g:p"])["data"]["best"] == 471  # ...and writes nothing


def test_update_of_a_corrupt_record_keeps_it_aside_and_writes_mine():
    be = storage.MemoryBackend()
    be.setItem("gridworks:g:p", "junk")
    st = storage.Storage("g", be, clock=lambda: 3)
    assert st.update("p", Rec(best=2), MERGE).best == 2
    assert be.getItem("gridworks:g:p:corrupt:3") == "junk" and st.take_notices()


def test_scores_merge_keeps_every_tabs_stars_and_bests():
    be = storage.MemoryBackend()
    a = progress.Progress(storage.Storage("floodline", be))
    b = progress.Progress(storage.Storage("floodline", be))  # stale: loaded before A played
    assert a.record_stars("lv01", 3, stars_max=90)
    a.record_best(471, "classic")
    b.sync(stars={}, in_progress=True, level=2, levels=30)  # B starts a level with empty stars
    data = json.loads(be.getItem("gridworks:floodline:scores"))["data"]
    assert data["stars"] == {"lv01": 3} and data["best"] == {"classic": 471} and data["stars_max"] == 90
    assert data["level"] == 2 and data["in_progress"]  # the game in progress: as B says
    assert not b.record_best(117, "classic")  # not a "new best" against A's 471
    assert b.best("classic") == 471 and not b.record_stars("lv01", 1)
    assert b.record_best(472, "classic")  # one above the boundary is a new best


def test_scores_merge_lower_better_keeps_the_fewest():
    be = storage.MemoryBackend()
    a = progress.Progress(storage.Storage("template", be))
    b = progress.Progress(storage.Storage("template", be))
    a.record_best(7, lower_better=True)
    assert not b.record_best(7, lower_better=True) and not b.record_best(8, lower_better=True)
    assert b.record_best(6, lower_better=True) and a.best() == 7
    a.refresh()
    assert a.best() == 6


class Game(BaseModel):
    moves: list[str] = Field(default_factory=list)


def _tabs(be):
    calls: list[str] = []
    tabs = []
    for name in ("A", "B"):
        st = storage.Storage("g", be, tab=name)
        st.guard("game")
        st.on_conflict = lambda n, who=name: calls.append(f"{who}:{n}")
        tabs.append(st)
    return tabs, calls


def test_a_stale_tab_does_not_replace_the_game_in_progress():
    be = storage.MemoryBackend()
    (a, b), calls = _tabs(be)
    assert a.load("game", Game) is None and b.load("game", Game) is None
    assert a.save("game", Game(moves=["1"]))
    assert a.save("game", Game(moves=["1", "2"]))  # its own writes are no conflict
    assert stamp(be) == "A.2"
    assert not b.save("game", Game(moves=["x"]))  # B started from nothing: A's game is kept
    assert calls == ["B:game"] and b.pending
    assert json.loads(be.data["gridworks:g:game"])["data"]["moves"] == ["1", "2"]
    b.take_over()  # the player keeps B's game
    assert json.loads(be.data["gridworks:g:game"])["data"]["moves"] == ["x"] and not b.pending
    assert b.save("game", Game(moves=["x", "y"]))  # B goes on freely
    assert not a.save("game", Game(moves=["1", "2", "3"]))  # now A is the stale one
    assert calls == ["B:game", "A:game"]


def test_the_storage_event_flags_a_replaced_game_at_once():
    be = storage.MemoryBackend()
    (a, b), calls = _tabs(be)
    a.save("game", Game(moves=["1"]))
    assert b.load("game", Game) == Game(moves=["1"])  # B reads A's game
    assert b.changed("gridworks:g:game") == "game" and calls == []  # nothing new yet
    a.save("game", Game(moves=["1", "2"]))
    assert b.changed("gridworks:g:game") == "game" and calls == ["B:game"]
    assert b.changed("gridworks:other:game") is None


def test_a_reloaded_tab_reads_the_latest_and_is_not_in_conflict():
    be = storage.MemoryBackend()
    (a, _b), calls = _tabs(be)
    a.save("game", Game(moves=["1"]))
    c = storage.Storage("g", be, tab="C")
    c.guard("game")
    assert c.load("game", Game) is not None and c.save("game", Game(moves=["1", "2"]))
    c.remove("game")  # a finished game removed: nobody's game is replaced by a new one
    assert a.save("game", Game(moves=["9"])) and calls == []


def test_unguarded_records_stay_byte_identical():
    be = storage.MemoryBackend()
    st = storage.Storage("g", be, tab="A")
    st.save("prefs", Rec())
    assert be.data["gridworks:g:prefs"].startswith('{"v":1,"data":')


def stamp(be) -> str | None:
    return storage.stamp_of(be.data.get("gridworks:g:game"))


def _stored_moves(be) -> list[str]:
    return json.loads(be.data["gridworks:g:game"])["data"]["moves"]


def test_keep_playing_here_after_the_storage_event_stores_the_game_this_tab_last_wrote():
    """A conflict found from the ``storage`` event has no refused write waiting: "keep playing
    here" still stores this tab's game (the one it last wrote) and its next write goes through."""
    be = storage.MemoryBackend()
    (a, b), calls = _tabs(be)
    assert a.save("game", Game(moves=["1"]))
    assert b.load("game", Game) is not None and b.save("game", Game(moves=["1", "b"]))
    assert a.changed("gridworks:g:game") == "game" and calls == ["A:game"]  # A's own game replaced
    assert not a.pending  # nothing refused: the dialog came from the event
    a.take_over()
    assert _stored_moves(be) == ["1"] and stamp(be) == "A.2"
    assert a.save("game", Game(moves=["1", "2"])) and calls == ["A:game"]  # no second question
    assert not b.save("game", Game(moves=["1", "b", "c"]))  # now B is the stale one
    assert calls == ["A:game", "B:game"]


def test_keep_playing_here_stores_the_game_a_tab_only_read():
    """B read A's game and played no move; A played on; B's player keeps B's game: the game B
    shows (the one it read) replaces A's."""
    be = storage.MemoryBackend()
    (a, b), calls = _tabs(be)
    a.save("game", Game(moves=["1"]))
    b.load("game", Game)
    a.save("game", Game(moves=["1", "2"]))
    assert b.changed("gridworks:g:game") == "game" and calls == ["B:game"]
    b.take_over()
    assert _stored_moves(be) == ["1"] and stamp(be) == "B.1"
    assert b.save("game", Game(moves=["1", "x"])) and calls == ["B:game"]


def test_keep_playing_here_stores_the_game_as_the_page_holds_it_now():
    """With ``guard(name, latest)`` the game on screen is stored, not the last one written."""
    be = storage.MemoryBackend()
    (a, _b), calls = _tabs(be)
    on_screen = Game(moves=["1", "2", "3"])
    a.guard("game", lambda: (on_screen.model_dump(mode="json"), 4))
    a.save("game", Game(moves=["1"]))
    other = storage.Storage("g", be, tab="C")
    other.guard("game")
    other.load("game", Game)
    assert other.save("game", Game(moves=["c"]))
    a.changed("gridworks:g:game")
    assert not a.save("game", Game(moves=["1", "2"]))  # refused while the player is asked
    assert _stored_moves(be) == ["c"]
    a.take_over()  # the refused write wins over ``latest`` (it is what the page asked to store)
    assert _stored_moves(be) == ["1", "2"]
    other.changed("gridworks:g:game")
    other.take_over()
    assert _stored_moves(be) == ["c"]  # C's last write
    a.changed("gridworks:g:game")
    a.take_over()  # nothing refused: the game as A holds it now, with its version
    assert _stored_moves(be) == ["1", "2", "3"] and json.loads(be.data["gridworks:g:game"])["v"] == 4


def test_keep_playing_here_with_no_game_of_its_own_stores_nothing_and_writes_next():
    be = storage.MemoryBackend()
    (a, b), calls = _tabs(be)
    a.save("game", Game(moves=["1"]))
    b.load("game", Game)
    b.remove("game")  # B ended the game it read (nothing of B's is left to keep)
    b._seen["game"] = "A.1"  # ...but still takes A's record for the one it knew
    a.save("game", Game(moves=["1", "2"]))
    assert b.changed("gridworks:g:game") == "game"
    b.take_over()
    assert _stored_moves(be) == ["1", "2"]  # nothing of B's to store: A's stays
    assert b.save("game", Game(moves=["new"])) and _stored_moves(be) == ["new"]


def test_a_record_read_again_after_the_event_is_taken_in_not_contested():
    """Loading the other tab's game (reading it again) ends the conflict: nothing is written back."""
    be = storage.MemoryBackend()
    (a, b), calls = _tabs(be)
    a.save("game", Game(moves=["1"]))
    b.load("game", Game)
    a.save("game", Game(moves=["1", "2"]))
    b.changed("gridworks:g:game")
    assert b.load("game", Game) == Game(moves=["1", "2"])
    b.take_over()
    assert stamp(be) == "A.2"
    assert b.save("game", Game(moves=["1", "2", "b"])) and calls == ["B:game"]


def test_keep_playing_here_never_writes_over_a_newer_builds_game():
    be = storage.MemoryBackend()
    (a, b), calls = _tabs(be)
    a.save("game", Game(moves=["1"]))
    b.load("game", Game)
    be.data["gridworks:g:game"] = '{"by":"N.1","v":9,"data":{"moves":[]}}'
    assert b.changed("gridworks:g:game") == "game"
    b.hold("game", "record version 9")
    b.take_over()
    assert stamp(be) == "N.1"
