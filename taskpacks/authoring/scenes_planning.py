"""Scenes of the Planning TaskPacks that the shared scenes (``scenes.py``) do not cover, built with
:class:`~interactiveworld.world.builder.SceneBuilder` under the same conventions (z up, metres, radians; a
fixture's front faces the room; doors between rooms start open).

Scenes: ``five_room_house`` (entry, kitchen, living room, bathroom, bedroom on a ring of open doors),
``grocery_aisle`` (three signed aisle shelves and a checkout counter), ``office_floor`` (six office rooms),
``two_lounge_house`` (kitchen, dining room and two living rooms).
"""
from __future__ import annotations

from scenes import E, N, S, W, board
from interactiveworld.world.layouts import SceneBuilder

HOUSE_MAP = "HOUSE MAP\nKITCHEN  LIVING\nENTRY  BATH  BED\nentry doors:\nkitchen, bath"
"""The plan for a board on the entry wall of :func:`five_room_house`: its two rows of rooms and the entry's
two doors."""


def five_room_house() -> SceneBuilder:
    """Five rooms on a 10 x 8 m plan: kitchen (0..5 x 4..8 m: counter, fridge, table) and living room
    (5..10 x 4..8 m: sofa, coffee table, bookshelf) in the north row; entry (0..3 x 0..4 m: console table,
    coat locker), bathroom (3..6 x 0..4 m: sink, towel shelf) and bedroom (6..10 x 0..4 m: bed, nightstand,
    desk) in the south row. Open doors make a ring: entry-kitchen, kitchen-living room, living room-bedroom,
    bedroom-bathroom, bathroom-entry."""
    b = SceneBuilder("five_room_house")
    b.add_room("kitchen", (0, 4, 5, 8))
    b.add_room("living_room", (5, 4, 10, 8), walls=("south", "east", "north"))
    b.add_room("entry", (0, 0, 3, 4), walls=("south", "west", "east"))
    b.add_room("bathroom", (3, 0, 6, 4), walls=("south", "east"))
    b.add_room("bedroom", (6, 0, 10, 4), walls=("south", "east"))
    for at in ((1.5, 4.0), (5.0, 6.0), (8.0, 4.0), (6.0, 2.0), (3.0, 2.0)):
        b.add_door(at=at, open=True)
    b.add_fixture("counter", at=(2.5, 7.65), yaw=N)
    b.add_fixture("fridge", at=(0.45, 7.0), yaw=W)
    b.add_fixture("table", at=(3.0, 5.6), params={"width": 1.0, "depth": 0.7})
    b.add_fixture("sofa", at=(7.5, 7.5), yaw=N)
    b.add_fixture("coffee_table", at=(7.5, 6.2))
    b.add_fixture("shelf", name="bookshelf", at=(9.75, 5.2), yaw=E)
    b.add_fixture("table", name="console", at=(0.35, 1.6), yaw=W, params={"width": 0.9, "depth": 0.4, "height": 0.8})
    b.add_fixture("locker", name="coat_locker", at=(2.65, 0.35), yaw=S)
    b.add_fixture("sink", at=(4.5, 0.35), yaw=S)
    b.add_fixture("shelf", name="towel_shelf", at=(5.75, 3.0), yaw=E, params={"width": 0.8, "height": 1.4,
                                                                             "shelves": 3})
    b.add_fixture("bench", name="bed", at=(9.1, 1.6), yaw=E, params={"width": 1.4, "depth": 1.4, "seat_height": 0.5,
                                                                    "color": (0.85, 0.85, 0.9)})
    b.add_fixture("table", name="nightstand", at=(9.7, 3.3), params={"width": 0.45, "depth": 0.45, "height": 0.55})
    b.add_fixture("desk", at=(7.0, 0.4), yaw=S, params={"width": 1.0, "depth": 0.6})
    return b


def grocery_aisle(signs: tuple[str, str, str]) -> SceneBuilder:
    """A grocery aisle (0..8 x 0..5 m): three aisle shelves against the north wall at x = 1.8, 4.0 and 6.2 m
    (``aisle_shelf#1..3``, three shelves each), each under a wall sign carrying its ``signs`` text, and a
    checkout counter by the south wall."""
    b = SceneBuilder("grocery_aisle")
    b.add_room("aisle", (0, 0, 8, 5))
    for i, (x, text) in enumerate(zip((1.8, 4.0, 6.2), signs), start=1):
        b.add_fixture("shelf", name="aisle_shelf", at=(x, 4.75), yaw=N, params={"width": 1.2, "height": 1.4,
                                                                               "shelves": 3})
        board(b, "sign", name="aisle_sign", at=(x, 4.94), yaw=N, width=0.8, height=0.3, mount_z=1.6, text=text)
    b.add_fixture("counter", name="checkout_counter", at=(4.0, 0.4), yaw=S, params={"width": 1.6})
    return b


OFFICE_MAP = "FLOOR MAP\nMEETING  OFFICE  COPY\nRECEPTION  KITCHEN  BATH"
"""The plan for a board in the open office of :func:`office_floor`: its two rows of rooms."""


def office_floor() -> SceneBuilder:
    """Six 4 x 4 m rooms on a 12 x 8 m office floor: meeting room (meeting table), open office (desk) and copy
    room (copier counter) in the north row; reception (reception desk), kitchenette (counter) and bathroom
    (sink, shelf) in the south row. Open doors: reception-meeting room, meeting room-open office, open
    office-copy room, open office-kitchenette, reception-kitchenette, kitchenette-bathroom."""
    b = SceneBuilder("office_floor")
    b.add_room("meeting_room", (0, 4, 4, 8))
    b.add_room("open_office", (4, 4, 8, 8), walls=("south", "east", "north"))
    b.add_room("copy_room", (8, 4, 12, 8), walls=("south", "east", "north"))
    b.add_room("reception", (0, 0, 4, 4), walls=("south", "west", "east"))
    b.add_room("kitchenette", (4, 0, 8, 4), walls=("south", "east"))
    b.add_room("bathroom", (8, 0, 12, 4), walls=("south", "east"))
    for at in ((2.0, 4.0), (4.0, 6.0), (8.0, 6.0), (6.0, 4.0), (4.0, 2.0), (8.0, 2.0)):
        b.add_door(at=at, open=True)
    b.add_fixture("table", name="meeting_table", at=(2.0, 6.2), params={"width": 1.4, "depth": 0.8})
    b.add_fixture("desk", at=(6.0, 7.6), yaw=N, params={"width": 1.2, "depth": 0.6})
    b.add_fixture("counter", name="copier_counter", at=(10.0, 7.65), yaw=N)
    b.add_fixture("counter", name="reception_desk", at=(1.5, 0.4), yaw=S, params={"width": 1.4})
    b.add_fixture("counter", name="kitchen_counter", at=(6.0, 0.35), yaw=S)
    b.add_fixture("sink", at=(10.0, 0.35), yaw=S)
    b.add_fixture("shelf", name="bath_shelf", at=(11.75, 2.4), yaw=E, params={"width": 0.8, "height": 1.4,
                                                                             "shelves": 3})
    return b


def two_lounge_house() -> SceneBuilder:
    """Four 5 x 4 m rooms on a 10 x 8 m plan: kitchen (0..5 x 0..4 m: counter, fridge, table) and dining room
    (5..10 x 0..4 m: dining table, a low sideboard) in the south row; living room (0..5 x 4..8 m: sofa, coffee
    table, desk with a computer and chair) and a second living room (5..10 x 4..8 m: sofa, coffee table) in the
    north row. Open doors: kitchen-dining room, kitchen-living room, living room-second living room, dining
    room-second living room."""
    b = SceneBuilder("two_lounge_house")
    b.add_room("kitchen", (0, 0, 5, 4))
    b.add_room("dining_room", (5, 0, 10, 4), walls=("south", "east", "north"))
    b.add_room("living_room", (0, 4, 5, 8), walls=("west", "north", "east"))
    b.add_room("second_living_room", (5, 4, 10, 8), walls=("east", "north"))
    for at in ((5.0, 2.0), (2.5, 4.0), (5.0, 6.0), (7.5, 4.0)):
        b.add_door(at=at, open=True)
    b.add_fixture("counter", at=(2.5, 0.35), yaw=S, params={"width": 1.6})
    b.add_fixture("fridge", at=(0.45, 1.2), yaw=W)
    b.add_fixture("table", at=(2.0, 2.2), params={"width": 1.0, "depth": 0.7})
    b.add_fixture("table", name="dining_table", at=(7.5, 2.0), params={"width": 1.4, "depth": 0.9})
    b.add_fixture("table", name="sideboard", at=(9.7, 2.0), yaw=E, params={"width": 1.0, "depth": 0.45,
                                                                           "height": 0.85})
    b.add_fixture("sofa", at=(1.5, 7.5), yaw=N)
    b.add_fixture("coffee_table", at=(1.5, 6.2), yaw=S)    # long side to the sofa
    b.add_fixture("desk", at=(4.3, 7.5), yaw=N, params={"width": 1.0, "depth": 0.6})
    b.add_fixture("computer", on="desk#1", spot=(0.3, 0.6))
    b.add_fixture("chair", at=(4.3, 6.8), yaw=S)
    b.add_fixture("sofa", at=(8.5, 7.5), yaw=N)
    b.add_fixture("coffee_table", at=(8.5, 6.2), yaw=S)
    return b
