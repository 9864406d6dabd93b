"""Scenes of the Prevention tasks (paper Table 11): the shared scenes of :mod:`scenes` with the fixtures a
household routine needs added (a chemical cabinet, a towel shelf and laundry basket, a dishwasher, a window
and a front door, a cleaning shelf). Same conventions as :mod:`scenes`: z up, metres, radians; a fixture's
front faces the room.

Wall space used in ``kitchen_house`` (kitchen 0..6 x 0..5 m, living room 6..11 x 0..5 m): the kitchen's east
wall between the bin (y < 0.55) and the door (y 2.05..2.95) and above it up to the sink (y < 4.35); its south
wall; the living room's south wall east of the side table and its east wall between bookshelf and sideboard.
"""
from __future__ import annotations

from interactiveworld.world.layouts import SceneBuilder

from scenes import E, S, hotel_suite, kitchen_house

LAUNDRY_STAND = 0.3
"""Height [m] of the stand a laundry basket sits on: a flat cloth is dropped into it from waist height, as the
body cannot bend far enough to lay one on the floor of a basket standing on the floor."""


def chemical_kitchen(*, cabinet: str = "chemical_cabinet", open_cabinet: bool = False,
                     recipe: str | None = None) -> SceneBuilder:
    """``kitchen_house`` with a cleaning-products cabinet on the kitchen's east wall (y 0.95..1.65 m), named
    ``cabinet`` (door open when ``open_cabinet``)."""
    b = kitchen_house(recipe=recipe)
    b.add_fixture("cabinet", name=cabinet, at=(5.7, 1.3), yaw=E,
                  params={"width": 0.7, "height": 1.1, "door_color": (0.75, 0.2, 0.15)},
                  state={"open": 1.0} if open_cabinet else None)
    return b


def linen_kitchen() -> SceneBuilder:
    """``kitchen_house`` with an open towel shelf (three shelves) on the kitchen's south wall and a laundry
    basket for used towels on the east wall (y 3.1..3.5 m)."""
    b = kitchen_house()
    b.add_fixture("shelf", name="towel_shelf", at=(1.6, 0.2), yaw=S,
                  params={"width": 1.0, "depth": 0.35, "height": 1.3, "shelves": 3, "color": (0.9, 0.9, 0.88)})
    b.add_fixture("bin", name="laundry_basket", at=(5.72, 3.3), yaw=E, z=LAUNDRY_STAND,
                  params={"width": 0.5, "depth": 0.4, "height": 0.5, "color": (0.72, 0.6, 0.42)})
    return b


def dishwasher_kitchen() -> SceneBuilder:
    """``kitchen_house`` with a dishwasher on the kitchen's east wall (y 3.3..3.9 m)."""
    b = kitchen_house()
    b.add_fixture("dishwasher", at=(5.7, 3.6), yaw=E)
    return b


def departure_house() -> SceneBuilder:
    """``kitchen_house`` with a window on the kitchen's south wall (x 3.7..4.7 m, sill 1.0 m), a front door in
    the living room's east wall (y 2.15..3.05 m) and a console table beside it."""
    b = kitchen_house()
    b.add_fixture("window", at=(4.2, 0.05), yaw=S)
    b.add_door(at=(11.0, 2.6), name="front_door")
    b.add_fixture("table", name="console", at=(9.6, 0.25), yaw=S,
                  params={"width": 0.9, "depth": 0.4, "height": 0.85})
    return b


def housekeeping_suite() -> SceneBuilder:
    """``hotel_suite`` with a cleaning shelf (sponges, sprays) and a laundry basket in the bathroom."""
    b = hotel_suite()
    b.add_fixture("shelf", name="cleaning_shelf", at=(5.25, 3.2), yaw=0.0,
                  params={"width": 0.8, "depth": 0.35, "height": 1.2, "shelves": 3, "color": (0.85, 0.85, 0.82)})
    b.add_fixture("bin", name="laundry_basket", at=(8.2, 0.9), yaw=E, z=LAUNDRY_STAND,
                  params={"width": 0.5, "depth": 0.4, "height": 0.5, "color": (0.72, 0.6, 0.42)})
    return b


def closing_kitchen() -> SceneBuilder:
    """``chemical_kitchen`` with a cleaning cabinet, a prep table against the kitchen's south wall (x 1.2..2.4 m)
    and a records counter beside it (x 3.7..4.7 m); the living-room side table is the sign-off table."""
    b = chemical_kitchen(cabinet="cleaning_cabinet")
    b.add_fixture("table", name="prep_table", at=(1.8, 0.4), yaw=S, params={"width": 1.2, "depth": 0.6})
    b.add_fixture("counter", name="records_counter", at=(4.2, 0.35), yaw=S, params={"width": 1.0})
    return b
