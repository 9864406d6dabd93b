"""The benchmark's rooms, built with :class:`~interactiveworld.world.builder.SceneBuilder`.

Each function returns a builder holding the architecture and the fixtures of one scene; a task
script adds its own movable objects, labels and the human's start pose, then calls ``build()``.
Conventions: z up, metres, radians; a fixture's front (+x of the asset) faces the room, so a
fixture against the north wall has yaw -pi/2, against the west wall 0, against the east wall pi,
against the south wall pi/2. Doors between rooms start open so routes between rooms exist.

Scenes: ``kitchen_house`` (kitchen + living room), ``hotel_suite`` (bedroom + bathroom with
laundry), ``office`` (open office + meeting room), ``shop`` (sales floor + back room),
``classroom`` (one room, three pupil desks), ``cafe`` (service counter + pastry stock room).
"""
from __future__ import annotations

import math

from interactiveworld.world.layouts import SceneBuilder

N, S, E, W = -math.pi / 2, math.pi / 2, math.pi, 0.0  # yaw of a fixture standing against that wall

PAPER = (0.97, 0.97, 0.95)


def board(b: SceneBuilder, kind: str, *, at, yaw: float, text: str, name: str | None = None,
          width: float = 0.9, height: float = 0.7, mount_z: float = 1.15) -> str:
    """A wall-mounted sign/board carrying ``text`` on its front face (large, short lines)."""
    return b.add_fixture(kind, name=name, at=at, yaw=yaw, params={"width": width, "height": height,
                                                                   "mount_z": mount_z},
                         labels=[{"text": text, "face": "front"}])


def kitchen_house(*, recipe: str | None = None, living: bool = True) -> SceneBuilder:
    """Kitchen (0..6 x 0..5 m) with fridge, counters, cooktop, built-in oven, sink, pantry cabinet, table and bin;
    an open door at x = 6 to a living room (6..11 x 0..5 m) with sofa, coffee table, bookshelf,
    sideboard cabinet and a side table. ``recipe``: text of a board above the counter."""
    b = SceneBuilder("kitchen_house")
    b.add_room("kitchen", (0, 0, 6, 5))
    if living:
        b.add_room("living_room", (6, 0, 11, 5), walls=("south", "east", "north"))
        b.add_door(at=(6.0, 2.5), open=True)
    b.add_fixture("fridge", at=(0.45, 4.0), yaw=W)
    b.add_fixture("counter", at=(1.75, 4.65), yaw=N)            # counter#1, left of the cooktop
    b.add_fixture("cooktop", at=(2.75, 4.65), yaw=N)
    b.add_fixture("oven", at=(3.45, 4.65), yaw=N, z=0.35)          # built in at waist height
    b.add_fixture("counter", at=(4.4, 4.65), yaw=N)             # counter#2, right of the oven
    b.add_fixture("sink", at=(5.45, 4.65), yaw=N)
    b.add_fixture("cabinet", name="pantry_cabinet", at=(0.35, 1.4), yaw=W, params={"width": 0.8, "height": 1.2})
    b.add_fixture("table", at=(3.0, 2.0))
    b.add_fixture("chair", at=(3.0, 1.3), yaw=S)
    b.add_fixture("bin", at=(5.7, 0.35), yaw=E)
    if recipe:
        board(b, "wall_board", name="recipe_board", at=(1.75, 4.94), yaw=N, text=recipe, mount_z=1.35,
              height=0.6)
    if living:
        b.add_fixture("sofa", at=(8.5, 4.5), yaw=N)
        b.add_fixture("coffee_table", at=(8.5, 3.2))
        b.add_fixture("shelf", name="bookshelf", at=(10.75, 1.6), yaw=E)
        b.add_fixture("cabinet", name="sideboard", at=(10.7, 3.6), yaw=E, params={"width": 1.0})
        b.add_fixture("table", name="side_table", at=(7.2, 0.6), params={"width": 0.8, "depth": 0.6})
    return b


def hotel_suite() -> SceneBuilder:
    """Bedroom (0..5 x 0..4.5 m: bed, two nightstands, desk with chair, wardrobe locker, two bedside
    cabinets) and, through an open door at x = 5, a bathroom with laundry (5..8.5 x 0..4.5 m: sink,
    towel shelf, cabinet, washer and dryer on pedestals, bin)."""
    b = SceneBuilder("hotel_suite")
    b.add_room("bedroom", (0, 0, 5, 4.5))
    b.add_room("bathroom", (5, 0, 8.5, 4.5), walls=("south", "east", "north"))
    b.add_door(at=(5.0, 1.2), open=True)
    b.add_fixture("bench", name="bed", at=(1.1, 2.6), yaw=W, params={"width": 1.6, "depth": 2.0,
                                                                    "seat_height": 0.5, "color": (0.85, 0.85, 0.9)})
    b.add_fixture("table", name="nightstand", at=(0.35, 1.15), params={"width": 0.45, "depth": 0.45, "height": 0.55})
    b.add_fixture("desk", at=(3.2, 4.1), yaw=N, params={"width": 1.2, "depth": 0.6})
    b.add_fixture("chair", at=(3.2, 3.4), yaw=S)
    b.add_fixture("locker", name="wardrobe", at=(4.65, 3.3), yaw=E, params={"width": 0.8, "depth": 0.55})
    b.add_fixture("cabinet", name="bedside_cabinet", at=(1.6, 0.35), yaw=S, params={"width": 0.5, "height": 1.1})
    b.add_fixture("cabinet", name="bedside_cabinet", at=(2.6, 0.35), yaw=S, params={"width": 0.5, "height": 1.1})
    b.add_fixture("sink", at=(6.4, 4.15), yaw=N)
    b.add_fixture("shelf", name="towel_shelf", at=(8.15, 3.2), yaw=E, params={"width": 0.9})
    b.add_fixture("cabinet", name="bath_cabinet", at=(8.2, 1.8), yaw=E)
    b.add_fixture("washer", at=(7.6, 0.35), yaw=S, z=0.35)        # laundry pair on pedestals
    b.add_fixture("dryer", at=(6.9, 0.35), yaw=S, z=0.35)
    b.add_fixture("bin", at=(5.4, 4.2), yaw=N)
    return b


def office() -> SceneBuilder:
    """Open office (0..6 x 0..5 m: two desks with a computer, file cabinet, archive cabinet, storage locker,
    shelf, whiteboard) and, through an open door at x = 6, a meeting/break room (6..10 x 0..5 m: meeting
    table, chairs, counter, whiteboard)."""
    b = SceneBuilder("office")
    b.add_room("office", (0, 0, 6, 5))
    b.add_room("meeting_room", (6, 0, 10, 5), walls=("south", "east", "north"))
    b.add_door(at=(6.0, 2.5), open=True)
    b.add_fixture("desk", at=(1.5, 4.3), yaw=N)
    b.add_fixture("computer", on="desk#1", spot=(0.3, 0.6))
    b.add_fixture("chair", at=(1.5, 3.5), yaw=S)
    b.add_fixture("desk", at=(4.0, 4.3), yaw=N)
    b.add_fixture("chair", at=(4.0, 3.5), yaw=S)
    b.add_fixture("cabinet", name="file_cabinet", at=(0.35, 1.1), yaw=W, params={"width": 0.7, "height": 1.1, "shelves": 2})
    b.add_fixture("cabinet", name="archive_cabinet", at=(0.35, 2.4), yaw=W, params={"height": 1.1, "shelves": 2,
                                                                                   "door_color": (0.3, 0.3, 0.35)})
    b.add_fixture("locker", name="storage_locker", at=(5.7, 0.4), yaw=E)
    b.add_fixture("shelf", at=(3.0, 0.25), yaw=S, params={"width": 1.2, "height": 1.4})
    b.add_fixture("table", name="meeting_table", at=(8.0, 2.5), params={"width": 1.6, "depth": 0.9})
    b.add_fixture("chair", at=(8.0, 1.7), yaw=S)
    b.add_fixture("chair", at=(8.0, 3.3), yaw=N)
    b.add_fixture("counter", name="break_counter", at=(9.65, 4.3), yaw=E)
    return b


def shop() -> SceneBuilder:
    """Sales floor (0..7 x 0..5 m: refrigerated shelf, two product shelves, checkout counter, display
    table) and, through an open door at x = 7, a back room (7..11 x 0..5 m: stock counter, packing table,
    approval desk, stock shelf)."""
    b = SceneBuilder("shop")
    b.add_room("sales_floor", (0, 0, 7, 5))
    b.add_room("back_room", (7, 0, 11, 5), walls=("south", "east", "north"))
    b.add_door(at=(7.0, 2.5), open=True)
    b.add_fixture("fridge_shelf", at=(0.3, 3.3), yaw=W, params={"width": 1.2, "depth": 0.45})
    b.add_fixture("shelf", name="drink_shelf", at=(2.4, 4.75), yaw=N, params={"width": 1.2, "height": 1.4,
                                                                             "shelves": 3})
    b.add_fixture("shelf", name="snack_shelf", at=(4.4, 4.75), yaw=N, params={"width": 1.2, "height": 1.4,
                                                                             "shelves": 3})
    b.add_fixture("counter", name="checkout_counter", at=(3.5, 0.4), yaw=S, params={"width": 1.6})
    b.add_fixture("table", name="display_table", at=(3.4, 2.4), params={"width": 1.2, "depth": 0.8})
    b.add_fixture("counter", name="stock_counter", at=(10.65, 3.4), yaw=E, params={"width": 1.4})
    b.add_fixture("table", name="packing_table", at=(9.0, 1.0), params={"width": 1.2, "depth": 0.7})
    b.add_fixture("desk", name="approval_desk", at=(8.2, 4.5), yaw=N, params={"width": 1.0, "depth": 0.6})
    b.add_fixture("shelf", name="stock_shelf", at=(10.75, 1.2), yaw=E, params={"width": 1.0, "height": 1.4,
                                                                              "shelves": 3})
    return b


def classroom() -> SceneBuilder:
    """A classroom (0..8 x 0..6 m): three pupil desks A/B/C in a row, the teacher's desk, a supply table,
    a shelf and a whiteboard."""
    b = SceneBuilder("classroom")
    b.add_room("classroom", (0, 0, 8, 6))
    for x in (1.8, 4.0, 6.2):
        b.add_fixture("desk", name="pupil_desk", at=(x, 3.0), params={"width": 1.0, "depth": 0.6})
    b.add_fixture("desk", name="teacher_desk", at=(4.0, 5.3), yaw=N, params={"width": 1.4})
    b.add_fixture("table", name="supply_table", at=(0.6, 1.0), params={"width": 0.8, "depth": 1.0})
    b.add_fixture("shelf", at=(7.75, 1.2), yaw=E, params={"width": 1.0, "height": 1.2, "shelves": 2})
    return b


def cafe() -> SceneBuilder:
    """A cafe (0..6 x 0..5 m: service table, supply counter, pastry shelf, display fridge shelf, bin) with a
    stock room (6..9 x 0..5 m) through an open door at x = 6 (stock table, shelf)."""
    b = SceneBuilder("cafe")
    b.add_room("cafe", (0, 0, 6, 5))
    b.add_room("stock_room", (6, 0, 9, 5), walls=("south", "east", "north"))
    b.add_door(at=(6.0, 2.5), open=True)
    b.add_fixture("table", name="service_table", at=(3.0, 2.2), params={"width": 1.2, "depth": 0.8})
    b.add_fixture("counter", name="supply_counter", at=(2.0, 4.65), yaw=N, params={"width": 1.6})
    b.add_fixture("shelf", name="pastry_shelf", at=(4.4, 4.75), yaw=N, params={"width": 1.0, "height": 1.4,
                                                                              "shelves": 3})
    b.add_fixture("fridge_shelf", at=(0.3, 1.6), yaw=W)
    b.add_fixture("bin", at=(5.6, 0.4), yaw=E)
    b.add_fixture("table", name="stock_table", at=(7.5, 4.3), params={"width": 1.2, "depth": 0.7})
    b.add_fixture("shelf", name="stock_shelf", at=(8.75, 1.5), yaw=E, params={"width": 1.0, "height": 1.4})
    return b


SCENES = {"kitchen_house": kitchen_house, "hotel_suite": hotel_suite, "office": office, "shop": shop,
          "classroom": classroom, "cafe": cafe}
