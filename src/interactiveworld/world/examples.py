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
