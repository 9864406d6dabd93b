"""Scenes of the Accessibility rows that the shared scenes do not cover, built like those of ``scenes.py``
(z up, metres, radians; a fixture's front faces the room).

``lab``: a teaching laboratory (0..8 x 0..6 m) in three regions -- the window bench (west), the sink bench
(north) and the island bench (centre) -- with the instructor's desk by the south wall, a document cabinet and a
glassware cabinet on the east wall and a waste bin.
``catering``: a catering room (0..7 x 0..5 m) with a stock shelf and a stock counter along the north wall and the
conference table the order is set out on.
"""
from __future__ import annotations

from interactiveworld.world.layouts import SceneBuilder

from scenes import E, N, S, W


def lab() -> SceneBuilder:
    """The teaching laboratory (see the module docstring)."""
    b = SceneBuilder("lab")
    b.add_room("lab", (0, 0, 8, 6))
    b.add_fixture("counter", name="window_bench", at=(0.35, 3.0), yaw=W, params={"width": 1.8, "depth": 0.7})
    b.add_fixture("counter", name="sink_bench", at=(3.0, 5.6), yaw=N, params={"width": 1.8, "depth": 0.7})
    b.add_fixture("sink", at=(4.4, 5.65), yaw=N)
    b.add_fixture("table", name="island_bench", at=(3.6, 3.0), params={"width": 1.6, "depth": 0.9,
                                                                       "height": 0.9})
    b.add_fixture("desk", name="instructor_desk", at=(3.6, 0.45), yaw=S, params={"width": 1.4, "depth": 0.7})
    b.add_fixture("cabinet", name="document_cabinet", at=(7.7, 4.2), yaw=E, params={"width": 0.8, "height": 1.1})
    b.add_fixture("cabinet", name="glassware_cabinet", at=(7.7, 2.6), yaw=E, params={"width": 0.8, "height": 1.1})
    b.add_fixture("bin", at=(7.6, 0.4), yaw=E)
    return b


def catering() -> SceneBuilder:
    """The catering room (see the module docstring)."""
    b = SceneBuilder("catering")
    b.add_room("catering", (0, 0, 7, 5))
    b.add_fixture("shelf", name="stock_shelf", at=(2.0, 4.75), yaw=N, params={"width": 1.6, "height": 1.4,
                                                                           "shelves": 3})
    b.add_fixture("counter", name="stock_counter", at=(4.6, 4.65), yaw=N, params={"width": 1.8})
    b.add_fixture("table", name="conference_table", at=(3.5, 1.6), params={"width": 1.8, "depth": 0.9})
    return b
