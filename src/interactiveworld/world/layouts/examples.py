"""Small example scenes (used by the tests, the benchmarks and as a starting point for TaskPack scenes)."""
from __future__ import annotations

import math

from .builder import SceneBuilder


def kitchen(*, carton_on_counter: bool = True) -> dict:
    """A 5 x 4 m kitchen with a hall behind a door: fridge, counter, table, chair, cooktop, sink, bin."""
    b = SceneBuilder("kitchen")
    b.add_room("kitchen", (0, 0, 5, 4))
    b.add_room("hall", (5, 0, 8, 4), walls=("south", "east", "north"))
    b.add_door(at=(5.0, 2.0))
    b.add_fixture("fridge", at=(0.45, 3.0), yaw=0.0)
    b.add_fixture("counter", at=(2.5, 3.65), yaw=-math.pi / 2)
    b.add_fixture("table", at=(2.5, 1.5))
    b.add_fixture("chair", at=(2.5, 0.7), yaw=math.pi / 2)
    if carton_on_counter:
        b.add_object("milk_carton", on="counter#1", spot=(-0.5, 0.3), labels=[{"text": "1 L", "face": "front"}])
    b.add_object("mug", on="table#1", spot=(0.5, 0.5))
    b.add_object("tomato", on="fridge#1", region="shelf_2")
    b.set_human((2.5, 0.3), yaw=math.pi / 2)
    return b.build()


def lab() -> dict:
    """A 6 x 5 m kitchen-office with a hall behind a door: every fixture kind the executor tests need.

    Fixtures: fridge, counter, cooktop (pan on it), oven, sink, table, two chairs, desk with a computer,
    movable rack (box on it), cabinet, drawer, bin, wall board with a price list. Objects: milk carton, knife,
    tomato, bowl, bottle of water, sponge, mug, phone, flat panel with a connector and a leg.
    """
    b = SceneBuilder("lab")
    b.add_room("lab", (0, 0, 6, 5))
    b.add_room("hall", (6, 0, 9, 5), walls=("south", "east", "north"))
    b.add_door(at=(6.0, 2.5))
    b.add_fixture("fridge", at=(0.45, 4.0))
    b.add_fixture("counter", at=(2.0, 4.65), yaw=-math.pi / 2)
    b.add_fixture("cooktop", at=(3.0, 4.65), yaw=-math.pi / 2)
    b.add_fixture("oven", at=(3.9, 4.65), yaw=-math.pi / 2)
    b.add_fixture("sink", at=(4.8, 4.65), yaw=-math.pi / 2)
    b.add_fixture("table", at=(2.5, 2.0))
    b.add_fixture("chair", at=(3.35, 2.0), yaw=math.pi)
    b.add_fixture("desk", at=(5.6, 0.8), yaw=math.pi, params={"width": 1.2, "depth": 0.7})
    b.add_fixture("computer", on="desk#1", spot=(0.0, 0.5))
    b.add_fixture("chair", at=(4.95, 0.8), yaw=0.0)
    b.add_fixture("rack", at=(1.0, 0.6), yaw=math.pi / 2)
    b.add_fixture("cabinet", at=(0.3, 2.4))
    b.add_fixture("drawer", at=(0.3, 3.1), z=0.5)
    b.add_fixture("bin", at=(5.7, 3.6))
    b.add_fixture("bench", at=(7.5, 2.5), yaw=math.pi)
    b.add_fixture("wall_board", at=(2.5, 0.05), yaw=math.pi / 2,
                  labels=[{"text": "PRICES\nVAN $3\nCHOC $4", "face": "front"}])
    b.add_object("milk_carton", on="counter#1", spot=(-0.6, 0.3), labels=[{"text": "1 L", "face": "front"}])
    b.add_object("knife", on="counter#1", spot=(-0.2, 0.3))
    b.add_object("tomato", on="counter#1", spot=(0.1, 0.3))
    b.add_object("bowl", on="counter#1", spot=(0.5, 0.3))
    b.add_object("pan", on="cooktop#1")
    b.add_object("bottle", on="table#1", spot=(-0.5, 0.3), state={"contents": "water"})
    b.add_object("sponge", on="table#1", spot=(0.0, 0.2))
    b.add_object("mug", on="table#1", spot=(0.5, 0.3))
    b.add_object("phone", on="table#1", spot=(0.3, 0.7))
    b.add_object("box", on="rack#1", surface="shelf_2")
    b.add_fixture("table", name="workbench", at=(4.65, 2.6), params={"width": 1.0, "depth": 0.7, "height": 0.8})
    # the socket sits at the panel's base edge: raised, the attached leg lies along the floor as a foot
    b.add_object("panel", on="workbench#1", spot=(-0.4, 0.5),
                 params={"connectors": [{"name": "socket", "position": [-0.28, 0.0, 0.02]}]})
    b.add_object("leg", on="workbench#1", spot=(0.8, 0.5))
    b.set_human((4.0, 3.2), yaw=math.pi / 2)
    return b.build()
