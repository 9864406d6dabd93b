"""Scenes of Decision tasks that none of the shared scenes (``scenes.py``) hold: a gym with a changing room, a
daycare playroom with a staff room, and a flat's entryway with its bathroom.

Same conventions as ``scenes.py``: z up, metres, radians; a fixture's front faces the room (yaw -pi/2 against the
north wall, 0 west, pi east, pi/2 south); doors between rooms start open.
"""
from __future__ import annotations

from interactiveworld.world.layouts import SceneBuilder

from scenes import E, N, S, W, board

__all__ = ["gym", "daycare", "flat"]


def gym(*, plan: str) -> SceneBuilder:
    """A gym hall (0..8 x 0..6 m: parallel bars ``apparatus#1``, balance beam ``apparatus#2``, a bench, a ball
    shelf) and, through an open door at x = 8, a changing room (8..11 x 0..6 m: a bench, lockers, a wall board
    carrying ``plan``)."""
    b = SceneBuilder("gym")
    b.add_room("gym_hall", (0, 0, 8, 6))
    b.add_room("changing_room", (8, 0, 11, 6), walls=("south", "east", "north"))
    b.add_door(at=(8.0, 3.0), open=True)
    b.add_fixture("parallel_bars", name="apparatus", at=(2.2, 3.6))   # neutral names: the plan names it
    b.add_fixture("balance_beam", name="apparatus", at=(5.6, 3.6))
    b.add_fixture("bench", at=(4.0, 0.35), yaw=S, params={"width": 1.6})
    b.add_fixture("shelf", name="ball_shelf", at=(0.25, 1.2), yaw=W, params={"width": 1.0, "height": 1.2,
                                                                             "shelves": 2})
    b.add_fixture("bench", name="changing_bench", at=(9.5, 0.35), yaw=S, params={"width": 1.4})
    b.add_fixture("locker", at=(10.7, 4.6), yaw=E)
    b.add_fixture("locker", at=(10.7, 5.2), yaw=E)
    board(b, "wall_board", name="plan_board", at=(9.5, 5.94), yaw=N, text=plan)
    return b


def daycare() -> SceneBuilder:
    """A daycare playroom (0..7 x 0..5 m: three cubbies A/B/C along the north wall, a play table, a wall board
    over the cubbies) and, through an open door at x = 7, a staff room (7..10 x 0..5 m: a supply table, a desk,
    a wall board)."""
    b = SceneBuilder("daycare")
    b.add_room("playroom", (0, 0, 7, 5))
    b.add_room("staff_room", (7, 0, 10, 5), walls=("south", "east", "north"))
    b.add_door(at=(7.0, 2.5), open=True)
    for x in (2.4, 3.4, 4.4):   # cubby#1..3, left to right seen from the room
        b.add_fixture("shelf", name="cubby", at=(x, 4.75), yaw=N, params={"width": 0.6, "depth": 0.4,
                                                                          "height": 0.6, "shelves": 1,
                                                                          "color": (0.85, 0.75, 0.55)})
    b.add_fixture("table", name="play_table", at=(3.4, 1.8), params={"width": 1.2, "depth": 0.8, "height": 0.55})
    b.add_fixture("table", name="supply_table", at=(9.6, 1.2), yaw=E, params={"width": 1.6, "depth": 0.6})
    b.add_fixture("desk", at=(8.5, 4.6), yaw=N, params={"width": 1.0, "depth": 0.6})
    return b


def flat() -> SceneBuilder:
    """A flat's entryway (0..4 x 0..3.5 m: the front door wall, an entryway cabinet, a shoe bench, a coat
    shelf) and, through an open door at x = 4, its bathroom (4..7 x 0..3.5 m: sink, a bathroom shelf, a
    cabinet, a bin)."""
    b = SceneBuilder("flat")
    b.add_room("entryway", (0, 0, 4, 3.5))
    b.add_room("bathroom", (4, 0, 7, 3.5), walls=("south", "east", "north"))
    b.add_door(at=(4.0, 1.0), open=True)
    b.add_door(name="front_door", at=(0.0, 1.75), open=False)
    b.add_fixture("cabinet", name="entryway_cabinet", at=(1.6, 3.2), yaw=N, params={"width": 0.9, "height": 0.9})
    b.add_fixture("bench", name="shoe_bench", at=(1.8, 0.25), yaw=S, params={"width": 1.2})
    b.add_fixture("shelf", name="coat_shelf", at=(3.75, 2.6), yaw=E, params={"width": 0.8, "height": 1.6})
    b.add_fixture("sink", at=(5.2, 3.2), yaw=N)
    b.add_fixture("shelf", name="bath_shelf", at=(6.8, 1.9), yaw=E, params={"width": 1.0, "height": 1.4,
                                                                           "shelves": 3})
    b.add_fixture("cabinet", name="bath_cabinet", at=(6.75, 0.6), yaw=E)
    b.add_fixture("bin", at=(4.4, 0.3), yaw=S)
    return b
