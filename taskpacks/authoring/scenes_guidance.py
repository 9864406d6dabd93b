"""Scenes of the Guidance tasks that the shared scenes in :mod:`scenes` do not cover.

Conventions as in :mod:`scenes` (z up, metres, radians; a fixture's front faces the room; doors start open).

Scenes: ``grocery`` (a shop floor with a three-slot promotion bay and a stock cart), ``dispatch_room`` (a stock
counter, a long packing bench and a desk), ``tea_bar`` (a cafe bar with a
tea station, a fridge, a dry cupboard and a cloth shelf), ``it_office`` (an office with a work desk, an IT return desk, secure
and return lockers, a staff locker and a visitor table, and a break corner with a fridge).
"""
from __future__ import annotations

from interactiveworld.world.layouts import SceneBuilder

from scenes import E, N, S, W, board


def grocery(*, slots: tuple[str, str, str] = ("HIGH", "LOW", "MID")) -> SceneBuilder:
    """A shop floor (0..8 x 0..6 m): a promotion bay of three promo tables along the north wall, each under a
    sign naming its price slot (``slots``, left to right seen from the room), a wheeled stock cart (``rack``), a
    drink shelf, a checkout counter and a door to the street on the south wall."""
    b = SceneBuilder("grocery")
    b.add_room("shop_floor", (0, 0, 8, 6))
    for x, slot in zip((1.8, 4.0, 6.2), slots):   # against the wall, far apart: a stance stands in front
        b.add_fixture("table", name="promo_table", at=(x, 5.64), params={"width": 0.8, "depth": 0.6,
                                                                          "height": 0.8})
        board(b, "sign", name="slot_sign", at=(x, 5.94), yaw=N, text=f"{slot}\nPRICE", width=0.6, height=0.35,
              mount_z=1.25)
    b.add_fixture("rack", name="cart", at=(4.0, 3.2), yaw=S, params={"width": 0.9, "depth": 0.5, "height": 1.1,
                                                                     "shelves": 2})
    b.add_fixture("shelf", name="drink_shelf", at=(0.25, 2.5), yaw=W, params={"width": 1.2, "height": 1.4})
    b.add_fixture("counter", name="checkout_counter", at=(6.5, 0.4), yaw=S, params={"width": 1.4})
    return b


def dispatch_room() -> SceneBuilder:
    """A dispatch room (0..7 x 0..5 m): a long stock counter on the east wall, a long packing bench against the
    south wall (boxes stand well back from its front edge), an office desk in the north-west corner and a wall
    board above the bench."""
    b = SceneBuilder("dispatch_room")
    b.add_room("dispatch_room", (0, 0, 7, 5))
    b.add_fixture("counter", name="stock_counter", at=(6.65, 2.6), yaw=E, params={"width": 2.2})
    b.add_fixture("table", name="packing_bench", at=(3.2, 0.45), yaw=S, params={"width": 2.4, "depth": 0.8,
                                                                        "height": 0.8})
    b.add_fixture("desk", at=(1.0, 4.6), yaw=N, params={"width": 1.2, "depth": 0.6})
    b.add_fixture("chair", at=(1.0, 3.9), yaw=S)
    return b


def tea_bar() -> SceneBuilder:
    """A cafe bar (0..7 x 0..5 m): the tea station (a counter) on the north wall with a cloth shelf beside it, a
    fridge and a dry-goods cupboard on the west wall, a mug rack (open shelf) and a bin, and a service table."""
    b = SceneBuilder("tea_bar")
    b.add_room("bar", (0, 0, 7, 5))
    b.add_fixture("counter", name="tea_station", at=(3.0, 4.65), yaw=N, params={"width": 1.4})
    b.add_fixture("shelf", name="cloth_shelf", at=(4.3, 4.8), yaw=N, params={"width": 0.5, "depth": 0.3,
                                                                           "height": 1.1, "shelves": 2})
    b.add_fixture("fridge", at=(0.45, 3.8), yaw=W)
    b.add_fixture("cabinet", name="dry_cupboard", at=(0.35, 2.2), yaw=W, params={"width": 0.8, "height": 1.2,
                                                                                "door_color": (0.45, 0.3, 0.2)})
    b.add_fixture("shelf", name="mug_rack", at=(5.6, 4.8), yaw=N, params={"width": 0.8, "depth": 0.3,
                                                                        "height": 1.3, "shelves": 3})
    b.add_fixture("bin", at=(6.6, 2.0), yaw=E)
    b.add_fixture("table", name="service_table", at=(3.5, 1.6), params={"width": 1.2, "depth": 0.8})
    return b


def it_office() -> SceneBuilder:
    """An office (0..7 x 0..6 m): a work desk and the IT return desk along the north wall, a secure
    locker and a return locker (grey) on the east wall, a green staff locker on the west wall, a visitor table in
    the middle, a supply counter on the south wall and a small fridge in the break corner."""
    b = SceneBuilder("it_office")
    b.add_room("office", (0, 0, 7, 6))
    b.add_fixture("desk", at=(1.8, 5.6), yaw=N, params={"width": 1.2, "depth": 0.6})
    b.add_fixture("chair", at=(1.8, 4.9), yaw=S)
    b.add_fixture("desk", name="return_desk", at=(4.2, 5.6), yaw=N, params={"width": 1.2, "depth": 0.6})
    b.add_fixture("locker", name="secure_locker", at=(6.7, 4.6), yaw=E, params={"color": (0.3, 0.32, 0.38),
                                                                              "door_color": (0.3, 0.32, 0.38)})
    b.add_fixture("locker", name="return_locker", at=(6.7, 3.4), yaw=E, params={"color": (0.6, 0.62, 0.65),
                                                                              "door_color": (0.6, 0.62, 0.65)})
    b.add_fixture("locker", name="staff_locker", at=(0.3, 3.0), yaw=W, params={"color": (0.25, 0.55, 0.3),
                                                                             "door_color": (0.25, 0.55, 0.3)})
    b.add_fixture("table", name="visitor_table", at=(3.5, 3.0), params={"width": 1.4, "depth": 0.8})
    b.add_fixture("counter", name="supply_counter", at=(3.5, 0.35), yaw=S, params={"width": 1.6})
    b.add_fixture("fridge", at=(0.4, 0.9), yaw=W, params={"width": 0.6, "depth": 0.6, "height": 1.2, "shelves": 2})
    return b


SCENES = {"grocery": grocery, "dispatch_room": dispatch_room, "tea_bar": tea_bar, "it_office": it_office}
