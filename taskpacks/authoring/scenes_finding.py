"""Scenes of the Finding tasks (paper Table 12) that the shared scenes of ``scenes.py`` do not cover.

Same conventions as ``scenes.py``: z up, metres, radians; a fixture's front (+x of the asset) faces the room
(yaw -pi/2 against the north wall, 0 against the west wall, pi against the east wall, pi/2 against the south
wall); doors between rooms start open.

``cold_kitchen`` (two identical cold units, a delivery counter), ``apartment`` (kitchen, bathroom and utility
room with two identical low cabinets each), ``garden_house`` (the kitchen house with a fenced garden),
``infirmary`` (a ward with two beds and their bedside cabinets), ``staff_room`` (a bank of five identical low
cabinets), ``cleaning_store`` (a store room with a cabinet and a hall with two tables).
"""
from __future__ import annotations

from interactiveworld.world.layouts import SceneBuilder

from scenes import E, N, S, W, kitchen_house

LOW_CABINET = {"width": 0.6, "depth": 0.5, "height": 0.9, "shelves": 1}
"""The identical low cabinets of the search tasks."""


def cold_kitchen(*, signs: tuple[str, str] | None = None) -> SceneBuilder:
    """A deli kitchen (0..6 x 0..5 m): two identical cold units side by side against the north wall
    (``cold_unit#1`` left, ``cold_unit#2`` right, seen from the room), each with a wall sign above it when
    ``signs`` gives their texts; a delivery counter on the east wall, a prep table and a bin."""
    b = SceneBuilder("cold_kitchen")
    b.add_room("kitchen", (0, 0, 6, 5))
    for i, x in enumerate((2.1, 3.3)):
        b.add_fixture("fridge", name="cold_unit", at=(x, 4.6), yaw=N,
                      params={"width": 0.7, "height": 1.3, "shelves": 2, "hinge": "left"})
        if signs:
            b.add_fixture("sign", name="unit_sign", at=(x, 4.94), yaw=N,
                          params={"width": 0.6, "height": 0.3, "mount_z": 1.45},
                          labels=[{"text": signs[i], "face": "front"}])
    b.add_fixture("counter", name="delivery_counter", at=(5.65, 2.0), yaw=E, params={"width": 1.6})
    b.add_fixture("table", name="prep_table", at=(2.7, 1.6), params={"width": 1.4, "depth": 0.8})
    b.add_fixture("bin", at=(0.35, 0.35), yaw=W)
    return b


def apartment() -> SceneBuilder:
    """Three rooms along a hall, each with two identical low cabinets (``low_cabinet#1``..``#6``): a kitchen
    (0..5 x 0..4 m, #1 left and #2 right of the counter), a bathroom (5..9 x 0..4 m, #3 and #4 by the sink) and
    a utility room (9..13 x 0..4 m, #5 and #6 by the washer); open doors at x = 5 and x = 9. A result counter
    stands in the kitchen."""
    b = SceneBuilder("apartment")
    b.add_room("kitchen", (0, 0, 5, 4))
    b.add_room("bathroom", (5, 0, 9, 4), walls=("south", "east", "north"))
    b.add_room("utility_room", (9, 0, 13, 4), walls=("south", "east", "north"))
    b.add_door(at=(5.0, 1.2), open=True)
    b.add_door(at=(9.0, 1.2), open=True)
    # kitchen: counter between its two low cabinets on the north wall
    b.add_fixture("cabinet", name="low_cabinet", at=(1.2, 3.7), yaw=N, params=LOW_CABINET)
    b.add_fixture("counter", at=(2.4, 3.65), yaw=N, params={"width": 1.6})
    b.add_fixture("cabinet", name="low_cabinet", at=(3.6, 3.7), yaw=N, params=LOW_CABINET)
    b.add_fixture("table", at=(2.4, 1.4), params={"width": 1.0, "depth": 0.7})
    # bathroom: sink between its two low cabinets
    b.add_fixture("cabinet", name="low_cabinet", at=(6.2, 3.7), yaw=N, params=LOW_CABINET)
    b.add_fixture("sink", at=(7.0, 3.65), yaw=N)
    b.add_fixture("cabinet", name="low_cabinet", at=(7.8, 3.7), yaw=N, params=LOW_CABINET)
    # utility room: washer between its two low cabinets
    b.add_fixture("cabinet", name="low_cabinet", at=(10.2, 3.7), yaw=N, params=LOW_CABINET)
    b.add_fixture("washer", at=(11.0, 3.65), yaw=N)
    b.add_fixture("cabinet", name="low_cabinet", at=(11.8, 3.7), yaw=N, params=LOW_CABINET)
    b.add_fixture("shelf", at=(12.75, 1.2), yaw=E, params={"width": 0.9, "height": 1.2, "shelves": 2})
    return b


def garden_house() -> SceneBuilder:
    """``kitchen_house`` with a fenced garden (0..6 x -5..0 m, a 1 m fence) through an open door in the kitchen's
    south wall at x = 2; an outdoor table and a bench in the garden."""
    b = kitchen_house()
    b.add_room("garden", (0, -5, 6, 0), walls=("east", "south", "west"), wall_height=1.0)
    b.add_door(at=(2.0, 0.0), open=True)
    b.add_fixture("table", name="outdoor_table", at=(3.5, -2.8), params={"width": 1.2, "depth": 0.8,
                                                                         "color": (0.9, 0.9, 0.88)})
    b.add_fixture("bench", at=(3.5, -4.5), yaw=S)
    return b


def infirmary() -> SceneBuilder:
    """A school infirmary (0..6 x 0..5 m): two beds with their heads against the north wall, each with an
    identical bedside cabinet on its right (``bedside_cabinet#1`` left, ``#2`` right, seen from the room), the
    infirmary desk with a chair against the south wall, a medicine shelf and a bin."""
    b = SceneBuilder("infirmary")
    b.add_room("infirmary", (0, 0, 6, 5))
    for x in (1.2, 3.6):
        b.add_fixture("bench", name="bed", at=(x, 3.9), yaw=N, params={"width": 0.9, "depth": 2.0,
                                                                    "seat_height": 0.5, "color": (0.9, 0.9, 0.95)})
        b.add_fixture("cabinet", name="bedside_cabinet", at=(x + 1.0, 4.7), yaw=N,
                      params={"width": 0.5, "height": 1.1})
    b.add_fixture("desk", name="infirmary_desk", at=(4.0, 0.35), yaw=S, params={"width": 1.2, "depth": 0.6})
    b.add_fixture("chair", at=(4.0, 1.05), yaw=N)
    b.add_fixture("shelf", name="medicine_shelf", at=(5.75, 2.4), yaw=E, params={"width": 0.9, "height": 1.4})
    b.add_fixture("bin", at=(0.35, 0.35), yaw=W)
    return b


def staff_room() -> SceneBuilder:
    """A staff room (0..7 x 0..5 m): a bank of five identical low cabinets in a row against the south wall
    (``low_cabinet#1``..``#5`` from left to right, seen from the room), a worktop counter on the north wall, a
    table with chairs, a fridge."""
    b = SceneBuilder("staff_room")
    b.add_room("staff_room", (0, 0, 7, 5))
    for i in range(5):
        b.add_fixture("cabinet", name="low_cabinet", at=(5.3 - 0.85 * i, 0.3), yaw=S, params=LOW_CABINET)
    b.add_fixture("counter", name="worktop", at=(3.0, 4.65), yaw=N, params={"width": 1.8})
    b.add_fixture("table", at=(3.2, 2.6), params={"width": 1.2, "depth": 0.8})
    b.add_fixture("chair", at=(3.2, 3.3), yaw=N)
    b.add_fixture("fridge", at=(0.45, 4.2), yaw=W)
    return b


def cleaning_store() -> SceneBuilder:
    """A cleaning store room (0..4 x 0..5 m: a tall supply cabinet, a work table, a wall shelf) and, through an
    open door at x = 4, a hall (4..10 x 0..5 m) with a window table (north) and a door table (south)."""
    b = SceneBuilder("cleaning_store")
    b.add_room("store_room", (0, 0, 4, 5))
    b.add_room("hall", (4, 0, 10, 5), walls=("south", "east", "north"))
    b.add_door(at=(4.0, 2.5), open=True)
    b.add_fixture("cabinet", name="supply_cabinet", at=(0.35, 3.4), yaw=W,
                  params={"width": 0.8, "depth": 0.5, "height": 1.2, "shelves": 2})
    b.add_fixture("table", name="work_table", at=(2.0, 1.0), params={"width": 1.2, "depth": 0.7})
    b.add_fixture("shelf", at=(2.0, 4.75), yaw=N, params={"width": 1.0, "height": 1.4, "shelves": 3})
    b.add_fixture("table", name="window_table", at=(7.5, 4.3), params={"width": 1.2, "depth": 0.7})
    b.add_fixture("table", name="door_table", at=(7.5, 0.7), params={"width": 1.2, "depth": 0.7})
    return b
