"""The world model: asset catalog, scene dict round trip, collision geometry, settling numbers."""
from __future__ import annotations

import json
import math

import numpy as np
import pytest

from interactiveworld.world import (CATALOG, FLOOR_KEY, PlacementError, Scene, SceneBuilder, SceneFormatError,
                                    SceneValidationError, SurfaceTag, build_asset, describe_catalog, place_object,
                                    read_relations, world_of)
from interactiveworld.world.assets import joint_transform
from interactiveworld.world.mjcf import TIMESTEP
from interactiveworld.world.physics import GRAVITY, MAX_PENETRATION, PACKING_SEPARATION, STEP_HZ, SUBSTEPS
from interactiveworld.world.placement import penetration
from interactiveworld.world.relations import riders
from interactiveworld.world.scene import yaw_pose

from interactiveworld.world.layouts.examples import kitchen


def test_every_catalog_kind_builds_with_consistent_bounds():
    for kind, spec in CATALOG.items():
        m = build_asset(kind)
        lo, hi = m.bounds
        assert np.all(hi > lo), kind
        assert m.movable == spec.movable
        for part in m.parts:
            np.testing.assert_allclose(part.mesh.bounds[0], part.box_center - part.box_half, atol=1e-9)
        for r in m.regions:  # every region has its floor as a surface of the same name
            assert m.surface(r.name) is not None
    text = describe_catalog()
    assert "fridge" in text and "shelf_1" in text


def test_unknown_kind_and_parameter_are_named():
    with pytest.raises(KeyError, match="unknown asset kind 'toaster_x'"):
        build_asset("toaster_x")
    with pytest.raises(ValueError, match="unknown parameter"):
        build_asset("fridge", {"colour": (1, 0, 0)})


def test_hinge_opens_outward_by_ninety_degrees():
    m = build_asset("fridge")
    j = m.joints[0]
    h0 = m.handle
    h1 = (joint_transform(j, 1.0) @ np.r_[h0, 1.0])[:3]
    # Hand-worked: hinge on the viewer's left edge (y = -w/2) at the front (x = d/2); a 90 deg outward swing
    # maps the handle offset (dx, dy) from the hinge to (dy, -dx).
    hinge = j.origin
    dx, dy = h0[0] - hinge[0], h0[1] - hinge[1]
    np.testing.assert_allclose(h1[:2], hinge[:2] + [dy, -dx], atol=1e-9)
    assert h1[0] > h0[0]


def test_scene_round_trip_is_exact_and_geometry_identical():
    d = kitchen()
    s1 = Scene.from_dict(d)
    c1 = s1.to_dict()
    json.loads(json.dumps(c1))  # JSON-compatible
    s2 = Scene.from_dict(c1)
    assert s2.to_dict() == c1
    g1, g2 = s1.collision_geometry(), s2.collision_geometry()
    np.testing.assert_array_equal(g1.box_transforms, g2.box_transforms)
    np.testing.assert_array_equal(g1.box_half_extents, g2.box_half_extents)
    assert g1.owners == g2.owners
    assert read_relations(s1) == read_relations(s2)


def test_scene_format_errors_name_the_field():
    d = kitchen()
    with pytest.raises(SceneFormatError, match="format"):
        Scene.from_dict({**d, "format": "x"})
    bad = kitchen()
    bad["entities"][0].pop("kind")
    with pytest.raises(SceneFormatError, match="kind"):
        Scene.from_dict(bad)
    bad = kitchen()
    bad["entities"][-1]["in"]["container"] = "oven#9"
    with pytest.raises(SceneFormatError, match="oven#9"):
        Scene.from_dict(bad)


def test_collision_geometry_tags_and_owners():
    s = Scene.from_dict(kitchen())
    g = s.collision_geometry()
    tags = set(g.box_tags.tolist())
    assert {SurfaceTag.FLOOR, SurfaceTag.WALL, SurfaceTag.FURNITURE, SurfaceTag.DOOR_LEAF, SurfaceTag.OBJECT} <= tags
    door = g.owners.index("door#1")
    assert np.all(g.box_tags[g.box_owner == door] == SurfaceTag.DOOR_LEAF)
    mug = g.owners.index("mug#1")
    assert np.all(g.box_tags[g.box_owner == mug] == SurfaceTag.OBJECT)
    # the door cuts an opening: no wall box covers the door centre below the lintel
    for t, h in zip(g.box_transforms[g.box_tags == SurfaceTag.WALL], g.box_half_extents[g.box_tags == SurfaceTag.WALL]):
        local = t[:3, :3].T @ (np.array([5.0, 2.0, 1.0]) - t[:3, 3])
        assert np.any(np.abs(local) > h)


def test_visual_meshes_split_static_and_dynamic():
    s = Scene.from_dict(kitchen(carton_on_counter=False))
    static = s.static_visual_meshes()
    dynamic = s.dynamic_visual_meshes()
    owners_dyn = {m.owner for m in dynamic}
    assert {"mug#1", "tomato#1", "fridge#1", "door#1"} <= owners_dyn
    assert "counter#1" in {m.owner for m in static} and "counter#1" not in owners_dyn
    for m in static + dynamic:
        assert m.vertices.dtype == np.float32 and m.faces.dtype == np.int32
        assert m.face_colors.shape == (len(m.faces), 3)


def test_free_fall_matches_hand_integrated_semi_implicit_euler():
    """Before touching the table, a dropped mug falls as semi-implicit Euler integrates gravity at the MuJoCo
    step dt: after n steps the drop is g dt^2 n (n + 1) / 2 (hand-worked sum of v_k dt with v_k = g dt k)."""
    s = Scene.from_dict(kitchen(carton_on_counter=False))
    mug = s.entity("mug#1")
    z0 = mug.pose[2, 3] + 0.2
    mug.pose = yaw_pose(mug.pose[0, 3], mug.pose[1, 3], z0, 0.0)
    r = world_of(s).settle()
    dt = TIMESTEP
    falling = 0
    for k, frame in enumerate(r.frames, start=1):
        n = SUBSTEPS * k
        drop = GRAVITY * dt * dt * n * (n + 1) / 2
        if z0 - drop <= 0.75 + 1e-3:
            break
        np.testing.assert_allclose(frame["mug#1"][2, 3], z0 - drop, atol=1e-9)
        falling += 1
    # free fall lasts while n (n + 1) < 2 x 0.199 / (g dt^2) = 2336.9, i.e. n <= 47 steps: 11 whole frames
    assert falling == 47 // SUBSTEPS == 11
    assert r.at_rest and r.moved == {"mug#1"}  # the rest of the kitchen slept through it
    assert s.entity("mug#1").pose[2, 3] == pytest.approx(0.75, abs=1e-3)
    assert ("on", "mug#1", "table#1") in read_relations(s)


def test_settle_falls_to_floor_when_nothing_below():
    s = Scene.from_dict(kitchen(carton_on_counter=False))
    s.entity("mug#1").pose = yaw_pose(1.5, 0.5, 0.6, 0.0)
    r = world_of(s).settle()
    assert r.at_rest and "mug#1" in r.moved
    assert s.entity("mug#1").pose[2, 3] == pytest.approx(0.0, abs=1e-3)
    assert ("on", "mug#1", FLOOR_KEY) in read_relations(s)


def test_penetration_gate_both_sides():
    """The box gate measures how deep an object sits in a wall; the physics pushes a shallow one out and the
    reset rejects a scene whose objects start deeper than 5 cm in something, naming them."""
    assert MAX_PENETRATION == 0.05
    s = Scene.from_dict(kitchen(carton_on_counter=False))
    mug = s.entity("mug#1")
    lo_x = mug.model.bounds[0][0]
    # push the mug into the west wall (inner face x = 0.05) standing on the floor
    for depth in (0.04, 0.06):
        mug.pose = yaw_pose(0.05 - depth - lo_x, 1.0, 0.0, 0.0)
        got, owner = penetration(s, "mug#1")
        np.testing.assert_allclose(got, depth, atol=1e-9)
        assert owner == "wall"
    d = kitchen(carton_on_counter=False)
    for depth, ok in ((0.04, True), (0.07, False)):
        s = Scene.from_dict(d)
        s.entity("mug#1").pose = yaw_pose(0.05 - depth - lo_x, 1.0, 0.0, 0.0)
        if ok:
            world_of(s).settle_at_reset()
            assert penetration(s, "mug#1")[0] < 2e-3  # pushed back out of the wall
        else:
            with pytest.raises(SceneValidationError, match="mug#1 into"):
                world_of(s).settle_at_reset()


def test_placement_packs_objects_two_centimetres_apart():
    b = SceneBuilder("t")
    b.add_room("r", (0, 0, 3, 3))
    b.add_fixture("table", at=(1.5, 1.5), params={"width": 0.3, "depth": 0.3})
    for _ in range(2):
        b.add_object("toy_block", on="table#1")
    s = Scene.from_dict(b.build())
    a, c = s.entity("toy_block#1").pose[:3, 3], s.entity("toy_block#2").pose[:3, 3]
    gap = np.abs(a - c)[:2].max() - 0.06
    assert gap >= 0.02 - 1e-9
    # keep packing until the table is full: every pair stays >= 2 cm apart (axis-aligned blocks)
    with pytest.raises(PlacementError, match="no free spot"):
        for _ in range(40):
            place_object(s, _add_block(s), "table#1")
    placed = [e for e in s if e.name == "toy_block" and e.pose[2, 3] < 1.0]
    assert len(placed) >= 9
    for i, a in enumerate(placed):
        for c in placed[i + 1:]:
            assert np.abs(a.pose[:2, 3] - c.pose[:2, 3]).max() - 0.06 >= 0.02 - 1e-9
        assert abs(a.pose[0, 3] - 1.5) <= 0.15 - 0.03 + 1e-9 and abs(a.pose[1, 3] - 1.5) <= 0.12 + 1e-9


def _add_block(s: Scene) -> str:
    from interactiveworld.world.scene import Entity
    n = max((e.index for e in s if e.name == "toy_block"), default=0) + 1
    e = Entity("toy_block", n, "toy_block", {}, build_asset("toy_block"), yaw_pose(0, 0, 5, 0))
    s.entities[e.key] = e
    return e.key


def test_placement_refuses_unknown_surface_and_too_tall():
    s = Scene.from_dict(kitchen(carton_on_counter=False))
    key = _add_block(s)
    with pytest.raises(PlacementError, match="no surface or region 'shelf_9'"):
        place_object(s, key, "fridge#1", "shelf_9")
    b = SceneBuilder("t")
    b.add_room("r", (0, 0, 3, 3))
    b.add_fixture("shelf", at=(1.5, 1.5), params={"height": 0.5, "shelves": 4})
    b.add_object("bottle", at=(1.0, 1.0))
    s = Scene.from_dict(b.build())
    with pytest.raises(PlacementError, match="does not fit"):
        place_object(s, "bottle#1", "shelf#1", "shelf_1")


def test_carried_contents_and_drawer_contents_follow():
    b = SceneBuilder("t")
    b.add_room("r", (0, 0, 3, 3))
    b.add_fixture("table", at=(1.5, 1.5))
    b.add_fixture("drawer", at=(0.3, 1.0), z=0.5)
    b.add_object("bowl", on="table#1")
    b.add_object("egg", on="bowl#1", region="interior")
    b.add_object("keys", on="drawer#1", region="drawer")
    s = Scene.from_dict(b.build())
    assert ("inside", "egg#1", "bowl#1") in read_relations(s)
    assert riders(s, "bowl#1") == ["egg#1"] and riders(s, "drawer#1") == ["keys#1"]
    wrist = np.eye(4)
    wrist[:3, 3] = s.entity("bowl#1").pose[:3, 3] + [0, 0, 0.1]
    s.grasp("bowl#1", wrist, np.linalg.inv(wrist) @ s.entity("bowl#1").pose, riders=riders(s, "bowl#1"))
    rel = s.entity("egg#1").pose[:3, 3] - s.entity("bowl#1").pose[:3, 3]
    moved = wrist.copy()
    moved[:3, 3] += [0.3, -0.2, 0.25]
    s.set_wrist(moved)
    np.testing.assert_allclose(s.entity("egg#1").pose[:3, 3] - s.entity("bowl#1").pose[:3, 3], rel, atol=1e-12)
    assert ("inside", "egg#1", "bowl#1") in read_relations(s)
    k0 = s.entity("keys#1").pose[:3, 3].copy()
    s.set_open("drawer#1", 1.0, riders=["keys#1"])
    np.testing.assert_allclose(s.entity("keys#1").pose[:3, 3] - k0, [0.8 * 0.5, 0, 0], atol=1e-12)
    assert ("inside", "keys#1", "drawer#1") in read_relations(s)
    assert math.isclose(s.entity("drawer#1").opening, 1.0)


def test_penetration_prefilter_matches_full_sat():
    from interactiveworld.world.boxes import obb_penetration, penetration_depths
    rng = np.random.default_rng(0)
    for _ in range(20):
        t = yaw_pose(*rng.uniform(-1, 1, 3), rng.uniform(-3, 3))
        h = rng.uniform(0.05, 0.5, 3)
        tb = np.array([yaw_pose(*rng.uniform(-1.5, 1.5, 3), rng.uniform(-3, 3)) for _ in range(30)])
        hb = rng.uniform(0.05, 0.5, (30, 3))
        np.testing.assert_allclose(penetration_depths(t, h, tb, hb), obb_penetration(t, h, tb, hb), atol=1e-12)
    # hand-worked: two unit cubes offset by 0.7 along x overlap by 0.3
    np.testing.assert_allclose(obb_penetration(np.eye(4), np.full(3, 0.5), yaw_pose(0.7, 0, 0, 0)[None],
                                               np.full((1, 3), 0.5)), [0.3], atol=1e-12)


def test_round_trip_with_held_object_attachment_and_states():
    s = Scene.from_dict(kitchen())
    mug = s.entity("mug#1")
    wrist = mug.pose.copy()
    wrist[2, 3] += 0.3
    s.grasp("mug#1", wrist, np.linalg.inv(wrist) @ mug.pose)
    s.set_open("fridge#1", 0.6)
    s.entity("tomato#1").state.update(cut=True, note="for the salad")
    s.human.sitting, s.human.posture = "chair#1", "sit"
    d = s.to_dict()
    s2 = Scene.from_dict(json.loads(json.dumps(d)))
    assert s2.to_dict() == d
    assert s2.human.held == "mug#1"
    np.testing.assert_allclose(s2.human.wrist, wrist, atol=1e-12)
    assert read_relations(s2) == read_relations(s)


@pytest.mark.parametrize("field", ["rooms", "walls", "doors", "entities", "attachments"])
def test_scene_list_fields_name_the_field_at_fault(field):
    from interactiveworld.world.serialize import scene_from_dict

    data = kitchen()
    data[field] = None
    with pytest.raises(SceneFormatError, match=f"{field}: expected a list, got null"):
        scene_from_dict(data)


def test_cut_object_is_drawn_as_closed_slices():
    """A cut tomato is drawn as three capped slices, set apart (cut faces split off in the flesh colour); capping
    needs a triangulation engine (mapbox-earcut, a declared dependency), so this also guards the install."""
    import trimesh
    from interactiveworld.world.assets import build_asset
    from interactiveworld.world.assets.looks import sliced_parts

    model = build_asset("tomato")
    slices = sliced_parts(model)
    whole = trimesh.util.concatenate([p.mesh for p in slices])
    whole.merge_vertices()
    assert whole.is_watertight
    pieces = whole.split(only_watertight=True)
    # a dressed part may hold several bodies (the fruit, its stem, open calyx leaves), each cut where a plane
    # crosses it: the slices together hold exactly the volume of the welded closed bodies and of the open ones'
    # convex hulls, in at least three pieces
    bodies = [b for p in model.parts for b in trimesh.Trimesh(p.mesh.vertices, p.mesh.faces).split(
        only_watertight=False)]
    assert any(not b.is_watertight for b in bodies)  # the calyx leaves are open sheets
    assert len(pieces) >= 3
    np.testing.assert_allclose(sum(p.volume for p in pieces),
                               sum(b.volume if b.is_watertight else b.convex_hull.volume for b in bodies), rtol=1e-6)
    # the pieces lie apart: the middle one's neighbours are at least 1.5 cm away along the cut axis
    axis = 0 if np.ptp(whole.vertices[:, 0]) >= np.ptp(whole.vertices[:, 1]) else 1
    fruit = sorted(pieces, key=lambda p: p.volume)[-3:]  # the three slices of the fruit itself (not stem, leaves)
    spans = sorted((float(p.bounds[0][axis]), float(p.bounds[1][axis])) for p in fruit)
    gaps = [b[0] - a[1] for a, b in zip(spans, spans[1:])]
    assert min(gaps) > 0.015 - 1e-9


def test_a_hand_sets_an_object_down_closer_than_a_generator_packs():
    """find_spot keeps 2 cm to the neighbours (paper B.1.2) for a generated scene; a placement by hand falls back to
    TIGHT_SEPARATION when no spot keeps that much (the second piece on a small plate)."""
    from interactiveworld.world.placement import TIGHT_SEPARATION, find_spot
    b = SceneBuilder("t")
    b.add_room("r", (0, 0, 3, 3))
    b.add_fixture("table", at=(1.5, 1.5), params={"width": 0.2, "depth": 0.2})
    b.add_object("toy_block", on="table#1")
    s = Scene.from_dict(b.build())
    key = _add_block(s)
    with pytest.raises(PlacementError, match="no free spot"):
        find_spot(s, key, "table#1")
    pose = find_spot(s, key, "table#1", separations=(PACKING_SEPARATION, TIGHT_SEPARATION))
    gap = np.abs(pose[:2, 3] - s.entity("toy_block#1").pose[:2, 3]).max() - 0.06
    assert TIGHT_SEPARATION - 1e-9 <= gap < PACKING_SEPARATION
