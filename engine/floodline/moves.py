"""Moves: the set of inputs pressed on one tick (Input §2), with a compact text form.

Text form: comma-separated tokens, optional ``*N`` suffix repeating the tick N times.

===========  ===================================================
``.``        idle tick (no input)
``tN`` …     world rotate so gravity becomes N/S/E/W/D (DOWN)
``h``        hold
``v``        stabilize (arm / cancel)
``f3.0.4``   freeze targeting cell (3,0,4)
``p``        drain placement (ability)
``rx+`` …    piece quarter-turn about board axis x/y/z, + or -
``mx+`` …    piece move held toward +x/-x/+y/-y/+z/-z (DAS/ARR)
``s``        soft drop held
``d``        hard drop
===========  ===================================================

Example: ``mx+,s*12`` holds +x and soft drop for 12 ticks; ``.*300`` waits 5 seconds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.floodline.geometry import Gravity, Vec

TILT_CODES = {"N": Gravity.NORTH, "S": Gravity.SOUTH, "E": Gravity.EAST, "W": Gravity.WEST, "D": Gravity.DOWN}
TILT_CHAR = {g: c for c, g in TILT_CODES.items()}
TURNS = ("x+", "x-", "y+", "y-", "z+", "z-")
MOVE_VEC: dict[str, Vec] = {
    "x+": (1, 0, 0),
    "x-": (-1, 0, 0),
    "y+": (0, 1, 0),
    "y-": (0, -1, 0),
    "z+": (0, 0, 1),
    "z-": (0, 0, -1),
}
MAX_REPEAT = 100_000


@dataclass(frozen=True, slots=True)
class TickInput:
    """Everything pressed or held during one tick (``repeat`` consecutive identical ticks)."""

    tilt: Gravity | None = None
    hold: bool = False
    stabilize: bool = False
    freeze: Vec | None = None
    drain: bool = False
    rotations: tuple[str, ...] = ()
    move: str | None = None
    soft: bool = False
    hard: bool = False
    repeat: int = 1

    def __post_init__(self) -> None:
        if self.tilt is not None and self.tilt not in TILT_CHAR:
            raise ValueError(f"cannot tilt to {self.tilt}")
        for r in self.rotations:
            if r not in TURNS:
                raise ValueError(f"unknown rotation {r!r}")
        if self.move is not None and self.move not in MOVE_VEC:
            raise ValueError(f"unknown move direction {self.move!r}")
        if not 1 <= self.repeat <= MAX_REPEAT:
            raise ValueError(f"repeat must be 1..{MAX_REPEAT}")

    def text(self) -> str:
        return format_move(self)

    def once(self) -> TickInput:
        """The same input for a single tick."""
        return self if self.repeat == 1 else replace(self, repeat=1)

    def __repr__(self) -> str:
        return f"parse_move({format_move(self)!r})"


IDLE = TickInput()


def wait(ticks: int) -> TickInput:
    """``ticks`` idle ticks as one move."""
    return TickInput(repeat=ticks)


def format_move(m: TickInput) -> str:
    """Canonical text: tokens in the canonical processing order, then ``*N`` if repeated."""
    toks: list[str] = []
    if m.tilt is not None:
        toks.append("t" + TILT_CHAR[m.tilt])
    if m.hold:
        toks.append("h")
    if m.stabilize:
        toks.append("v")
    if m.freeze is not None:
        toks.append("f" + ".".join(str(v) for v in m.freeze))
    if m.drain:
        toks.append("p")
    toks.extend("r" + r for r in m.rotations)
    if m.move is not None:
        toks.append("m" + m.move)
    if m.soft:
        toks.append("s")
    if m.hard:
        toks.append("d")
    body = ",".join(toks) or "."
    return body if m.repeat == 1 else f"{body}*{m.repeat}"


def parse_move(text: str) -> TickInput:
    """Parse the text form; raises ``ValueError`` naming the bad token."""
    if not isinstance(text, str):
        raise ValueError("a move must be a string")
    s = text.strip()
    repeat = 1
    if "*" in s:
        s, _, rep = s.rpartition("*")
        if not rep.isdigit():
            raise ValueError(f"bad repeat count {rep!r} in {text!r}")
        repeat = int(rep)
    if not s:
        raise ValueError("empty move")
    kw: dict[str, object] = {}
    rotations: list[str] = []
    if s != ".":
        for tok in s.split(","):
            tok = tok.strip()
            if tok.startswith("t") and len(tok) == 2 and tok[1] in TILT_CODES and "tilt" not in kw:
                kw["tilt"] = TILT_CODES[tok[1]]
            elif tok in ("h", "v", "p", "s", "d"):
                key = {"h": "hold", "v": "stabilize", "p": "drain", "s": "soft", "d": "hard"}[tok]
                if key in kw:
                    raise ValueError(f"token {tok!r} repeated in {text!r}")
                kw[key] = True
            elif tok.startswith("f") and "freeze" not in kw:
                parts = tok[1:].split(".")
                if len(parts) != 3 or not all(p.lstrip("-").isdigit() for p in parts):
                    raise ValueError(f"bad freeze target {tok!r}")
                kw["freeze"] = (int(parts[0]), int(parts[1]), int(parts[2]))
            elif tok.startswith("r") and tok[1:] in TURNS:
                rotations.append(tok[1:])
            elif tok.startswith("m") and tok[1:] in MOVE_VEC and "move" not in kw:
                kw["move"] = tok[1:]
            else:
                raise ValueError(f"unknown or repeated token {tok!r} in move {text!r}")
    return TickInput(rotations=tuple(rotations), repeat=repeat, **kw)  # type: ignore[arg-type]


def compress(moves: list[TickInput]) -> list[TickInput]:
    """Run-length encode consecutive identical ticks (what saves and replays store)."""
    out: list[TickInput] = []
    for m in moves:
        if out and out[-1].once() == m.once() and out[-1].repeat + m.repeat <= MAX_REPEAT:
            out[-1] = replace(out[-1], repeat=out[-1].repeat + m.repeat)
        else:
            out.append(m)
    return out


def expand(moves: list[TickInput]) -> list[TickInput]:
    """One entry per tick."""
    out: list[TickInput] = []
    for m in moves:
        out.extend([m.once()] * m.repeat)
    return out
