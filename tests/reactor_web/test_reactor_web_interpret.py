"""The play screen's ``interpret(ui, state, ev) -> move | None`` (#14), in CPython: keys, panel
buttons and clicks give the engine's moves; UI-only input changes ``Ui`` and gives ``None``."""

from __future__ import annotations

from engine.core.session import Session
from engine.reactor import GAME
from engine.reactor.walk import plan_walk
from www.reactor.interpret import In, Ui, Walk, interpret

CELL = 10.0


class Grid:
    """A board drawn with ``CELL`` px cells from the canvas origin (the ``Board`` of a frame)."""

    def __init__(self, gw: int, gh: int) -> None:
        self.gw, self.gh = gw, gh

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        cx, cy = int(x // CELL), int(y // CELL)
        return (cx, cy) if 0 <= cx < self.gw and 0 <= cy < self.gh else None


def tutorial() -> Session:
    return Session(GAME, 0, {"level": "tutorial"})


def ui_for(s: Session) -> Ui:
    return Ui(board=Grid(s.state.grid.width, s.state.grid.height))


def click(cell: tuple[int, int]) -> In:
    return In("click", x=cell[0] * CELL + 5, y=cell[1] * CELL + 5)


def test_walking_and_acting_keys_are_engine_moves() -> None:
    s = tutorial()
    ui = Ui()
    want = {"up": "move n", "right": "move e", "down": "move s", "left": "move w"}
    for name, move in want.items():
        assert interpret(ui, s.state, In("action", name)) == move
    for name in ("interact", "shield", "activate", "remedy fuel", "remedy coolant", "remedy electricity"):
        assert interpret(ui, s.state, In("action", name)) == name
    assert interpret(ui, s.state, In("action", "repair")) == "repair"  # no second leak here to name
    # the moves are the engine's: the session accepts the walking ones
    s.play(GAME.parse_move(str(interpret(ui, s.state, In("action", "right")))))
    assert s.moves and str(s.moves[-1]) == "move e"


def test_page_commands_and_ui_only_input_are_no_move() -> None:
    s = tutorial()
    ui = Ui()
    for name in ("eye", "undo", "menu", "focus", "nonsense"):
        assert interpret(ui, s.state, In("action", name)) is None
    for bid in ("help", "undo", "zoom", "eye", "level:campaign:power_on"):
        assert interpret(ui, s.state, In("button", bid)) is None
    assert interpret(ui, s.state, In("wheel")) is None
    assert ui == Ui()  # nothing of that is UI state of the play screen either


def test_panel_act_buttons_are_engine_moves() -> None:
    s = tutorial()
    ui = Ui()
    assert interpret(ui, s.state, In("button", "act:interact")) == "interact"
    assert interpret(ui, s.state, In("button", "act:repair")) == "repair"
    assert interpret(ui, s.state, In("button", "act:shield")) == "shield"


def test_first_click_selects_second_click_walks() -> None:
    s = tutorial()
    ui = ui_for(s)
    rx, ry = s.state.grid.xy(s.state.robot)
    target = (rx + 2, ry)
    assert interpret(ui, s.state, click(target)) is None  # UI only: the cell is selected
    assert ui.selected == target
    walk = interpret(ui, s.state, click(target))
    assert isinstance(walk, Walk)
    plan = plan_walk(s.state, *target)
    assert walk.moves == tuple(plan.moves) and walk.moves == ("move e", "move e")
    assert walk.code == plan.code == ""
    for m in walk.moves:
        s.play(GAME.parse_move(m))
    assert s.state.grid.xy(s.state.robot) == target


def test_click_elsewhere_moves_the_selection_and_off_board_is_nothing() -> None:
    s = tutorial()
    ui = ui_for(s)
    assert interpret(ui, s.state, click((1, 1))) is None and ui.selected == (1, 1)
    assert interpret(ui, s.state, click((2, 1))) is None and ui.selected == (2, 1)
    assert interpret(ui, s.state, In("click", x=-50, y=-50)) is None and ui.selected == (2, 1)
    assert interpret(Ui(), s.state, click((1, 1))) is None  # no frame drawn yet: no cell


def test_walk_into_a_wall_is_the_engines_refusal() -> None:
    s = tutorial()
    ui = ui_for(s)
    grid = s.state.grid
    wall = next(
        (x, y) for y in range(grid.height) for x in range(grid.width) if grid.walls[y * grid.width + x]
    )
    interpret(ui, s.state, click(wall))
    walk = interpret(ui, s.state, click(wall))
    assert isinstance(walk, Walk) and walk.moves == () and walk.code == plan_walk(s.state, *wall).code != ""


def test_repair_names_the_first_carrier_when_two_leaks_share_the_robots_cell() -> None:
    from types import SimpleNamespace

    def leak(carrier: str, access: int, repaired: bool = False) -> SimpleNamespace:
        return SimpleNamespace(carrier=carrier, access=access, repaired=repaired)

    two = SimpleNamespace(robot=5, leaks=[leak("coolant", 5), leak("fuel", 5), leak("fuel", 9)])
    assert interpret(Ui(), two, In("action", "repair")) == "repair coolant"  # type: ignore[arg-type]
    one = SimpleNamespace(robot=5, leaks=[leak("coolant", 5, repaired=True), leak("fuel", 5)])
    assert interpret(Ui(), one, In("button", "act:repair")) == "repair"  # type: ignore[arg-type]
