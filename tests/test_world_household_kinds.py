"""Asset kinds of the household routines (window, doughnut, laptop, sock, deli and bakery items, dish rack) and
the sink basin: geometry worked by hand from the catalog defaults, and the relations read back in a scene."""
from __future__ import annotations

import numpy as np
import pytest

from interactiveworld.world import Scene, SceneBuilder, build_asset, read_relations
from interactiveworld.world.assets import joint_transform


def test_window_sash_slides_over_the_fixed_pane_by_half_the_clear_width():
    m = build_asset("window")  # width 1.0 m, frame bars 0.05 m: clear width 0.9 m, each pane 0.45 m wide
    (j,) = m.joints
    assert (j.name, j.kind) == ("sash", "slide")
    np.testing.assert_allclose(joint_transform(j, 1.0)[:3, 3], [0.0, -0.45, 0.0], atol=1e-12)
    sash = next(p for p in m.parts if p.name == "sash")
    fixed = next(p for p in m.parts if p.name == "pane_fixed")
    # closed: the sash covers the right half (y 0..0.45); open: it lies over the fixed left pane
    np.testing.assert_allclose(sash.box_center[1], 0.225, atol=1e-12)
    np.testing.assert_allclose(sash.box_center[1] - 0.45, fixed.box_center[1], atol=1e-12)
    assert "openable" in m.affordances and not m.movable


def test_window_closes_in_a_scene_and_reads_back_closed():
    b = SceneBuilder("window_room")
    b.add_room("room", (0, 0, 4, 4))
    b.add_fixture("window", at=(2.0, 0.05), yaw=np.pi / 2, state={"open": 1.0})
    world = Scene.from_dict(b.build())
    rel = read_relations(world)
    assert ("open", "window#1") in rel and ("closed", "window#1") not in rel
    world.entities["window#1"].state["open"] = 0.0
    assert ("closed", "window#1") in read_relations(world)


def test_donut_collides_as_an_open_ring_of_its_tube():
    m = build_asset("donut")  # major radius 0.04 m, tube radius 0.017 m
    (part,) = m.parts
    assert part.shape[0] == "ring"
    np.testing.assert_allclose(part.shape[1:], (0.023, 0.057, 0.017), atol=1e-12)
    lo, hi = m.bounds
    np.testing.assert_allclose(hi[:2], (0.057, 0.057), atol=2e-3)  # mesh tessellation
    np.testing.assert_allclose((lo[2], hi[2]), (0.0, 0.034), atol=1e-9)


@pytest.mark.parametrize("kind, size", [("laptop", (0.24, 0.33, 0.025)), ("sock", (0.22, 0.08, 0.02)),
                                        ("cold_cuts", (0.16, 0.11, 0.03)), ("brownie", (0.07, 0.07, 0.035))])
def test_box_shaped_household_objects_have_their_catalog_size(kind, size):
    m = build_asset(kind)
    np.testing.assert_allclose(m.bounds[1] - m.bounds[0], size, atol=1e-9)
    assert m.movable


def test_a_cloth_lying_on_the_basin_floor_is_inside_the_sink():
    b = SceneBuilder("sink_room")
    b.add_room("room", (0, 0, 4, 4))
    b.add_fixture("sink", at=(2.0, 3.65), yaw=-np.pi / 2)
    b.add_object("cloth", on="sink#1", region="basin")
    world = Scene.from_dict(b.build())
    rel = read_relations(world)
    assert ("inside", "cloth#1", "sink#1") in rel
    # a 1 cm cloth rests on the basin floor, the top of the base box (0.9 - 0.18 m)
    z = world.entities["cloth#1"].pose[2, 3]
    assert 0.72 - 1e-3 <= z <= 0.72 + 0.02
