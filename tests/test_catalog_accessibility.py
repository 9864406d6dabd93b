"""The asset kinds added for the Accessibility rows (paper Table 9): their size, mass and affordances, and that
each can be picked up and put down by the world's primitives (a world-state read-back)."""
from __future__ import annotations

import numpy as np
import pytest

from interactiveworld.env import Environment
from interactiveworld.world import SceneBuilder, build_asset


@pytest.mark.parametrize("kind, extent, mass", [
    ("kitchen_scale", (0.2, 0.18, 0.035), 1.0),
    ("shoe", (0.28, 0.1, 0.1), 0.35),
    ("cactus", (0.1, 0.1, 0.2), 0.6),   # a cylinder of radius 0.05 m: 0.1 m across
])
def test_accessibility_kinds_have_their_size_and_mass(kind, extent, mass):
    m = build_asset(kind)
    lo, hi = m.bounds
    # the body is the stated size; a label face or a rim may add no more than a millimetre
    np.testing.assert_allclose(hi - lo, extent, atol=2e-3)
    assert m.movable and m.mass == pytest.approx(mass)
    assert build_asset(kind, {"mass": 0.5}).mass == pytest.approx(0.5)


def test_a_shoe_is_carried_from_the_floor_of_a_room_to_a_table():
    b = SceneBuilder("hall")
    b.add_room("hall", (0, 0, 4, 4))
    b.add_fixture("table", at=(2.0, 3.2))
    b.add_fixture("table", at=(2.0, 0.8))
    b.add_object("shoe", on="table#2", spot=(0.0, 0.5))
    b.add_object("cactus", on="table#2", spot=(0.7, 0.5))
    b.set_human((2.0, 2.0), yaw=np.pi / 2)
    env = Environment(render=False)
    env.reset(b.build())
    assert env.execute("[Grab] <shoe> (1)").ok
    assert ("held", "shoe#1") in env.relations()
    assert env.execute("[Put] <shoe> (1) <table> (1)").ok
    rel = env.relations()
    assert ("on", "shoe#1", "table#1") in rel and ("held", "shoe#1") not in rel
    assert ("on", "cactus#1", "table#2") in rel


def test_unknown_parameter_of_a_new_kind_is_named():
    with pytest.raises(ValueError, match="unknown parameter"):
        build_asset("cactus", {"spines": 3})
