"""Mutated levels either load or raise SchemaError — never another exception."""

from __future__ import annotations

import copy
from typing import Any

from engine.core.rng import Lcg32
from engine.core.schema import SchemaError
from engine.core.session import IllegalMoveError
from engine.reactor import apply_action, builtin_level, builtin_levels, load_level, parse_action


def mutate(d: dict[str, Any], rng: Lcg32) -> dict[str, Any]:
    d = copy.deepcopy(d)
    carriers = ["fuel", "coolant", "electricity"]
    for _ in range(1 + rng.next_below(3)):
        k = rng.next_below(7)
        if k == 0 and d["props"]:
            p = d["props"][rng.next_below(len(d["props"]))]
            p["x" if rng.next_below(2) else "y"] = rng.next_below(30)
            if p["kind"] == "valve":
                p["outlets"] = [[rng.next_below(30), rng.next_below(30)]]
        elif k == 1:
            d["layers"][carriers[rng.next_below(3)]].append(
                {
                    "x": rng.next_below(30),
                    "y": rng.next_below(20),
                    "integrity": float(rng.next_below(12)),
                    "state": "leaking" if rng.next_below(2) else "intact",
                }
            )
        elif k == 2:
            d["leaks"].append(
                {
                    "carrier": carriers[rng.next_below(3)],
                    "x": rng.next_below(25),
                    "y": rng.next_below(17),
                    "access": [rng.next_below(25), rng.next_below(17)],
                    "repaired": rng.next_below(3) == 0,
                }
            )
        elif k == 3:
            d["surface"].append(
                {
                    "x": rng.next_below(25),
                    "y": rng.next_below(17),
                    "heat": float(rng.next_below(12)),
                    "electricity": float(rng.next_below(12)),
                }
            )
        elif k == 4:
            d["robot"] = {"x": rng.next_below(25), "y": rng.next_below(17)}
        elif k == 5:
            y = rng.next_below(len(d["terrain"]))
            row = list(d["terrain"][y])
            row[rng.next_below(len(row))] = "#" if rng.next_below(2) else "."
            d["terrain"][y] = "".join(row)
        else:
            d["props"].append(
                {
                    "kind": ["junction", "door", "consumer", "terminal"][rng.next_below(4)],
                    "x": rng.next_below(25),
                    "y": rng.next_below(17),
                }
            )
    return d


def test_mutated_levels_load_or_explain() -> None:
    rng = Lcg32(2024)
    bases = [builtin_level(n).model_dump(mode="json") for n in builtin_levels()]
    loaded = refused = 0
    for _ in range(150):
        d = mutate(bases[rng.next_below(len(bases))], rng)
        try:
            st = load_level(d)
        except SchemaError as exc:
            assert exc.problems
            refused += 1
            continue
        loaded += 1
        for text in ["interact", "move n", "repair", "interact", "move e", "shield"]:
            try:
                st = apply_action(st, parse_action(text))
            except IllegalMoveError:
                pass
    assert loaded > 10 and refused > 10
