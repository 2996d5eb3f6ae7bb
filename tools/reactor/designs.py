"""ASCII drawings of the Reactor levels designed for issue #27 (built by ``tools.reactor.author``)."""

from __future__ import annotations

from typing import Any

DESIGNS: dict[str, dict[str, Any]] = {}

# Session 16: the same puzzle (spray the corridor, the coolant consumer counts only on a pulse without a
# spray, power past the fire) with four junctions already set right: the coolant T under the valve
# (nothing to its dead end), one on the consumer's line, one each side of the power source. A press
# starves its line and costs six more; random + undo earned more than one star in 7.7 % of games,
# now 0.9 % (tools.playtest.reactor_undo_odds). Par 4 kept.
DESIGNS["bleed"] = {
    "id": "bleed",
    "title": "Bleed the Line",
    "description": "Fire fills the corridor to the reactor room. Get through and bring both services online.",
    "map": [
        "################",
        "#.....#######.c#",
        "#.....#######.G#",
        "#@kJv.........E#",
        "#.....#######.H#",
        "#.CI..#######.R#",
        "################",
    ],
    "props": {
        "k": {"kind": "flow", "carrier": "coolant"},
        "v": {"kind": "valve", "outlets": [(x, 3) for x in range(6, 13)]},
        "J": {"kind": "junction", "ratio_mode": 6},
        "I": {"kind": "junction", "ratio_mode": 6},
        "C": {"kind": "consumer", "enabled": False},
        "E": {"kind": "flow", "carrier": "electricity", "enabled": False},
        "G": {"kind": "junction", "ratio_mode": 5},
        "H": {"kind": "junction", "ratio_mode": 5},
        "c": {"kind": "consumer"},
        "R": {"kind": "reactor"},
    },
    "coolant": [
        "................",
        "................",
        "...x............",
        "..xxx...........",
        "...x............",
        "..xxx...........",
    ],
    "electricity": [
        "................",
        "..............x.",
        ".............xx.",
        "..............x.",
        ".............xx.",
        "..............x.",
    ],
    "heat": [
        "................",
        "................",
        "................",
        "......XXXXXXX...",
    ],
    "requirements": {"coolant": 1, "electricity": 1},
}

# Session 16: Sprinkler Test (was drawn in its level file) gets a junction already set right on each line
# (all to the consumer, a dead end after it: one press starves the line, two more bring half back).
# Par 3 kept, same solution idea (power on, spray, cross). Random + undo earned more than one star in
# 8.7 % of games, now 3.9 %: still over the 1 % line (par 3 with two commuting presses is ~2 % at 3
# stars whatever the decoys; the par-4 variant with the consumer off is 2.5 %).
DESIGNS["sprinkler_test"] = {
    "id": "sprinkler_test",
    "title": "Sprinkler Test",
    "description": "A coolant and an electricity consumer must produce, and the reactor is past a burning corridor.",
    "map": [
        "#############",
        "#...#####...#",
        "#EGa#####...#",
        "#@.c.......R#",
        "#kJv#####...#",
        "#...#####...#",
        "#############",
    ],
    "props": {
        "E": {"kind": "flow", "carrier": "electricity", "enabled": False},
        "G": {"kind": "junction", "ratio_mode": 5},
        "a": {"kind": "consumer"},
        "k": {"kind": "flow", "carrier": "coolant"},
        "J": {"kind": "junction", "ratio_mode": 5},
        "v": {"kind": "valve", "outlets": [(x, 3) for x in range(4, 9)]},
        "c": {"kind": "consumer"},
        "R": {"kind": "reactor"},
    },
    "coolant": [
        ".............",
        ".............",
        ".............",
        "...x.........",
        ".xxx.........",
        "..x..........",
    ],
    "electricity": [
        ".............",
        ".............",
        ".xxx.........",
        "..x..........",
    ],
    "heat": [
        ".............",
        ".............",
        ".............",
        "....XXXXX....",
    ],
    "requirements": {"coolant": 1, "electricity": 1},
}

# Session 11: Relief Valve gets its own device (it shared the "live breaker beside the reactor's
# junction" with three other late levels). A fuel pool floods the corridor, fed by a leaking fuel
# line while the pump runs; the power cable in the corridor's far wall is worn to the leak
# threshold (4), so it breaks and spills current into the pool the first pulse power flows (it
# cannot be repaired beforehand: it is not leaking yet). Fuel with any current ignites, and the fire
# never lets the robot back through. So the corridor is doused (coolant junction turned to the
# sprinkler line, valve) before the near breaker goes on (coolant x power). The breaker starts off:
# switching it on raises production at once, which is what one-step players do first.
DESIGNS["relief"] = {
    "id": "relief",
    "title": "Relief Valve",
    "description": "Fuel floods the corridor and a cracked cable in its far wall sparks once power flows. Bring "
    "coolant and power online without setting the fuel alight.",
    "map": [
        "#################",
        "#..v..#####E....#",
        "#@sJ.c.....KF...#",
        "#p.e..#####.R...#",
        "#################",
    ],
    "props": {
        "s": {"kind": "flow", "carrier": "coolant"},
        "J": {"kind": "junction", "ratio_mode": 6},
        "v": {"kind": "valve", "outlets": [(x, 2) for x in range(6, 11)]},
        "c": {"kind": "consumer", "enabled": False},
        "p": {"kind": "flow", "carrier": "fuel", "enabled": True},
        "e": {"kind": "flow", "carrier": "electricity", "enabled": False},
        "K": {"kind": "junction", "ratio_mode": 5},
        "E": {"kind": "consumer"},
        "F": {"kind": "consumer", "enabled": False},
        "R": {"kind": "reactor"},
    },
    "coolant": [
        ".................",
        "...x.............",
        "..xxxx...........",
    ],
    "fuel": [
        ".................",
        ".................",
        "........l........",
        ".xxxxxxxx........",
    ],
    "electricity": [
        ".................",
        "...........x.....",
        "..........xxxx...",
        "...xxxxxxx4..x...",
    ],
    "fuel_spill": [
        ".................",
        ".................",
        "......99999......",
    ],
    "requirements": {"coolant": 1, "electricity": 2},
}

DESIGNS["arc_flash"] = {
    "id": "arc_flash",
    "title": "Arc Flash",
    "description": "Heat is pouring through an open fire door and the reactor's cable is cracked. Get fuel and "
    "power online without letting full pressure reach the reactor.",
    "map": [
        "################",
        "####...#########",
        "####...#########",
        "#####D##########",
        "#@..........E..#",
        "#f..#####eK....#",
        "#.C.#####..R...#",
        "################",
    ],
    "props": {
        "f": {"kind": "flow", "carrier": "fuel"},
        "C": {"kind": "consumer", "enabled": False},
        "D": {"kind": "door", "open": True},
        "e": {"kind": "flow", "carrier": "electricity", "enabled": False},
        "K": {"kind": "junction", "ratio_mode": 5},
        "E": {"kind": "consumer"},
        "R": {"kind": "reactor"},
    },
    "fuel": [
        "................",
        "................",
        "................",
        "................",
        "................",
        ".x..............",
        ".xx.............",
    ],
    "electricity": [
        "................",
        "................",
        "................",
        "................",
        "..........xxx...",
        ".........xx.....",
        "..........xz....",
    ],
    "heat": [
        "................",
        "....XXX.........",
        "....XXX.........",
        ".....h..........",
        "....hhhhh.......",
    ],
    "requirements": {"fuel": 1, "electricity": 1},
}

DESIGNS["shield_run"] = {
    "id": "shield_run",
    "title": "Shield Run",
    "description": "The reactor room lies past a burning corridor and the reactor's cable is cracked. Bring fuel "
    "and power online without ever putting full pressure on the reactor.",
    "map": [
        "#################",
        "#C+C###.....E...#",
        "#J@........eK...#",
        "#f..###.....R...#",
        "#################",
    ],
    "props": {
        "+": {"kind": "supply", "item": "heat"},
        "f": {"kind": "flow", "carrier": "fuel"},
        "J": {"kind": "junction", "ratio_mode": 5},
        "C": {"kind": "consumer"},
        "e": {"kind": "flow", "carrier": "electricity", "enabled": True},  # session 9: starts live
        "K": {"kind": "junction", "ratio_mode": 5},
        "E": {"kind": "consumer"},
        "R": {"kind": "reactor"},
    },
    "fuel": [
        ".................",
        ".x.x.............",
        ".xxx.............",
        ".x...............",
    ],
    "electricity": [
        ".................",
        "............x....",
        "...........xx....",
        "............z....",
    ],
    "heat": [
        ".................",
        ".................",
        "....XXX..........",
    ],
    "requirements": {"fuel": 2, "electricity": 1},
}

DESIGNS["last_light"] = {
    "id": "last_light",
    "title": "Last Light",
    "description": "Heat pours through an open fire door, a second corridor burns, and the reactor's cable is "
    "cracked. Bring coolant and power online and start the reactor.",
    "map": [
        "######################",
        "####...###############",
        "####...###############",
        "#####D################",
        "#@.................EF#",
        "#s..#####...######eK.#",
        "#.v.#####..c######.R.#",
        "######################",
    ],
    "props": {
        "D": {"kind": "door", "open": True},
        "s": {"kind": "flow", "carrier": "coolant"},
        "v": {"kind": "valve", "outlets": [(x, 4) for x in range(12, 18)]},
        "c": {"kind": "consumer", "enabled": False},
        "e": {"kind": "flow", "carrier": "electricity", "enabled": True},  # session 9: starts live
        "K": {"kind": "junction", "ratio_mode": 5},
        "E": {"kind": "consumer"},
        "F": {"kind": "consumer", "enabled": False},
        "R": {"kind": "reactor"},
    },
    "coolant": [
        "......................",
        "......................",
        "......................",
        "......................",
        "......................",
        ".xxxxxxxxxx...........",
        "..x.......xx..........",
    ],
    "electricity": [
        "......................",
        "......................",
        "......................",
        "......................",
        "...................xx.",
        "..................xx..",
        "...................z..",
    ],
    "heat": [
        "......................",
        "....XXX...............",
        "....XXX...............",
        ".....h................",
        "....hhhhh...XXXXXX....",
    ],
    "requirements": {"coolant": 1, "electricity": 2},
}

DESIGNS["hot_corridor"] = {
    "id": "hot_corridor",
    "title": "Hot Corridor",
    "description": "Both electricity consumers must produce, and the reactor is past a corridor too hot to walk "
    "(heat 5 kills); a cracked cable runs in its wall.",
    "map": [
        "#############",
        "#.+.###..E..#",
        "#@.......e.R#",
        "#bC.###.....#",
        "#############",
    ],
    "props": {
        "+": {"kind": "supply", "item": "heat"},
        "b": {"kind": "flow", "carrier": "electricity", "enabled": False},
        "C": {"kind": "consumer"},
        "e": {"kind": "flow", "carrier": "electricity", "enabled": False},
        "E": {"kind": "consumer"},
        "R": {"kind": "reactor"},
    },
    "electricity": [
        ".............",
        ".........x...",
        ".........xxx.",
        ".xxxxl.......",
    ],
    "heat": [
        ".............",
        ".............",
        "....XXX......",
    ],
    "requirements": {"electricity": 2},
}

# Session 7: Live Water keeps its idea (a breaker in water under a charged niche; water carries
# current) and adds what beats the whole cheap family: the wet breaker cell turns lethal after one
# pulse unless the charge drains through the hatch, the neutraliser only buys three pulses (the
# obvious first move of greedy and probe-with-undo, then the breaker pulse four pulses on kills),
# two cracked wall cables beside the breaker spill onto it once it is on, and the reactor's cable
# survives one pulse of the breaker, so every consumer goes on before it.
# Session 13: a second, dry breaker (f) stands beside the reactor on its cracked cable. It is the
# easy way to power the consumers, and it breaches the cable in its first pulse: the device-aware
# player of the lab ("every consumer and door on, breakers last", reactor_family_more.breakers_last)
# switched on every breaker and won at par before; the par solution never touches it.
DESIGNS["live_water"] = {
    "id": "live_water",
    "title": "Live Water",
    "description": "Power the electricity consumers. The breaker stands in water, and water carries current: "
    "one pulse on the wet breaker could kill. The reactor's own cable is cracked, right beside the dry breaker.",
    "map": [
        "##########",
        "####.#####",
        "####b#####",
        "####D#####",
        "#@.......#",
        "#.c.d.e.C#",
        "#.....Rf.#",
        "##########",
    ],
    "props": {
        "b": {"kind": "flow", "carrier": "electricity", "enabled": False},
        "f": {"kind": "flow", "carrier": "electricity", "enabled": False},
        "D": {"kind": "door"},
        "c": {"kind": "consumer", "enabled": False},
        "d": {"kind": "consumer", "enabled": False},
        "e": {"kind": "consumer", "enabled": False},
        "C": {"kind": "consumer"},
        "R": {"kind": "reactor"},
    },
    "electricity": [
        "..........",
        "..........",
        "...3x3....",
        "....x.....",
        "..xxxxxxx.",
        "..x.x.x.x.",
        "......zx..",
    ],
    "electricity_spill": [
        "..........",
        "....X.....",
        "....3.....",
    ],
    "water": [
        "..........",
        "..........",
        "....2.....",
        "....3.....",
    ],
    "requirements": {"electricity": 4},
    "inventory": {"electricity_neutralizer": 1},
}

# Session 8: Cracked Cable gets its own idea (the moved solutions of levels 1, 5 and 3 won the old
# map: a breaker, a junction twice, the breaker again). Two junctions in series: the first decides
# how much the second has to share. The second passes too little to its consumer unless the first
# leans its way, and full pressure down the cracked reactor cable breaches it once the first sends
# everything. Both junctions need two settings each, so no earlier solution moved onto the map wins
# (only one earlier level cycles a junction twice).
# Session 14: the upper junction starts one setting further (mode 1, leaning up): it needs one press
# and the lower two, so the device-aware "breakers last" player (one press count for every junction,
# breaker off around it) loses; it won in 7 pulses over par 5. Par 4 (the par dip before three 4s goes).
# Session 16: two junctions already set right (all to their consumer's line) sit on plain pipe cells
# with a dead-end branch each; a press starves the line and six more are needed to come back. The
# upper junction now needs two presses (start [1, 1]), the lower two: par 4 -> 5. Random + undo earns
# more than one star in 0.49 % of games (was 5.2 %); breakers last presses every junction alike and
# breaks the two set right.
DESIGNS["cracked_cable"] = {
    "id": "cracked_cable",
    "title": "Cracked Cable",
    "description": "Power both electricity consumers and feed the reactor. The cable under the reactor is "
    "cracked: more than 6 volts breaches it. The upper junction decides how much the lower one shares out; "
    "two junctions already send everything where it is needed.",
    "map": [
        "##########",
        "#........#",
        "#........#",
        "#.CM.....#",
        "#..K.e...#",
        "#.@Q.....#",
        "#..LD....#",
        "#.TR.....#",
        "##########",
    ],
    "props": {
        "e": {"kind": "flow", "carrier": "electricity"},
        "K": {"kind": "junction", "ratio_mode": 0},
        "M": {"kind": "junction", "ratio_mode": 6},
        "Q": {"kind": "junction", "ratio_mode": 5},
        "L": {"kind": "junction", "ratio_mode": 5},
        "C": {"kind": "consumer"},
        "D": {"kind": "consumer"},
        "T": {"kind": "terminal"},
        "R": {"kind": "reactor"},
    },
    "electricity": [
        "..........",
        "..........",
        "...x......",
        "..xx......",
        "...xxx....",
        "..xx......",
        "...xx.....",
        "...z......",
        "..........",
    ],
    "requirements": {"electricity": 2},
}

# Session 10: Dead Man's Switch gets its own map (it was Final Exam with Two Services pasted below,
# and its lower hall's consumer press won in 6 of 7 places). One coolant junction holds the
# sprinklers and the coolant consumer: the far sprinkler, past the first burning corridor, only
# sprays while the junction sends everything down the sprinkler line, and the junction can only go
# forward through its settings. So the far corridor must be doused before the junction is turned to
# the consumer (valve x junction: that swap leaves the far sprinkler dry and the power junction
# behind the fire). The fuel pump stands past the first corridor, and the fuel line leaks into it.
DESIGNS["dead_mans_switch"] = {
    "id": "dead_mans_switch",
    "title": "Dead Man's Switch",
    "description": "Fuel, coolant and two power consumers must produce. The power junction lies past two burning "
    "corridors. Both sprinklers hang on the coolant consumer's junction, and the far one only sprays when that "
    "junction sends it everything.",
    "map": [
        "############################",
        "#@.....F.#######f..####E...#",
        "#.sJ....v..........D..DKG..#",
        "#........#######.w.####....#",
        "#.....R..#######e..####....#",
        "#..C.....#######...####....#",
        "############################",
    ],
    "props": {
        "s": {"kind": "flow", "carrier": "coolant"},
        "J": {"kind": "junction", "ratio_mode": 5},
        "v": {"kind": "valve", "outlets": [(x, 2) for x in range(9, 16)]},
        "w": {"kind": "valve", "outlets": [(x, 2) for x in range(19, 23)]},
        "C": {"kind": "consumer"},
        "D": {"kind": "door", "open": False},
        "f": {"kind": "flow", "carrier": "fuel", "enabled": False},
        "F": {"kind": "consumer"},
        "e": {"kind": "flow", "carrier": "electricity", "enabled": False},
        "K": {"kind": "junction", "ratio_mode": 6},
        "E": {"kind": "consumer"},
        "G": {"kind": "consumer"},
        "R": {"kind": "reactor"},
    },
    "coolant": [
        "............................",
        "............................",
        "..xxxxxxxxxxxxxxxx..........",
        "...x.............x..........",
        "...x........................",
        "...xxxxx....................",
    ],
    "fuel": [
        "............................",
        ".......xx.......x...........",
        "........xlxxlxxxx...........",
    ],
    "electricity": [
        "............................",
        ".......................x....",
        ".......................xx...",
        "........xxxxxxxxxxxxxxxx....",
        "......xxx.......x...........",
    ],
    "heat": [
        "............................",
        "............................",
        ".........XXXXXXX...XXXX.....",
    ],
    "requirements": {"fuel": 1, "coolant": 1, "electricity": 2},
}
