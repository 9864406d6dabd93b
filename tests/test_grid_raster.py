"""Rasterising collision geometry into the navigation grid: height bands, floor support, exact box/triangle tests."""
import math

import numpy as np
import pytest
import shapely.geometry as sg
import trimesh

from interactiveworld import _core
from interactiveworld.actions.navigation import (
    LAYER_DOOR,
    LAYER_FURNITURE,
    LAYER_NO_FLOOR,
    LAYER_WALL,
    NavigationMap,
)
from interactiveworld.world.geometry import CollisionGeometry, SurfaceTag


def box_tf(center, yaw=0.0):
    T = np.eye(4)
    c, s = math.cos(yaw), math.sin(yaw)
    T[:3, :3] = [[c, -s, 0], [s, c, 0], [0, 0, 1]]
    T[:3, 3] = center
    return T


def make_geometry(boxes, meshes=(), owners=()):
    """boxes: (center (3,), half (3,), yaw, tag, owner); meshes: (trimesh, tag, owner)."""
    tfs = [box_tf(c, y) for c, _, y, _, _ in boxes]
    verts, faces, ftags, fown, off = [], [], [], [], 0
    for m, tag, own in meshes:
        verts.append(m.vertices)
        faces.append(m.faces + off)
        off += len(m.vertices)
        ftags += [tag] * len(m.faces)
        fown += [own] * len(m.faces)
    return CollisionGeometry(
        box_transforms=np.array(tfs).reshape(-1, 4, 4),
        box_half_extents=np.array([h for _, h, _, _, _ in boxes]).reshape(-1, 3),
        box_tags=np.array([t for *_, t, _ in boxes], np.uint8),
        box_owner=np.array([o for *_, o in boxes], np.int32),
        mesh_vertices=np.concatenate(verts) if verts else np.zeros((0, 3)),
        mesh_faces=np.concatenate(faces).astype(np.int32) if faces else np.zeros((0, 3), np.int32),
        mesh_face_tags=np.array(ftags, np.uint8),
        mesh_face_owner=np.array(fown, np.int32),
        owners=list(owners),
    )


FLOOR = ((2.0, 2.0, -0.05), (2.0, 2.0, 0.05), 0.0, SurfaceTag.FLOOR, -1)  # top at z = 0, covers [0, 4]^2
BOUNDS = (0.0, 0.0, 4.0, 4.0)


def test_wall_box_marks_exact_cells():
    wall = ((1.05, 2.0, 1.0), (0.05, 1.0, 1.0), 0.0, SurfaceTag.WALL, -1)  # x in [1.0, 1.1], y in [1.0, 3.0]
    m = NavigationMap.from_geometry(make_geometry([FLOOR, wall]), bounds=BOUNDS)
    assert m.shape == (40, 40)
    expected = np.zeros((40, 40), bool)
    expected[10:30, 10] = True  # faces on cell boundaries do not spill into the neighbours
    np.testing.assert_array_equal(m.layers & LAYER_WALL > 0, expected)
    np.testing.assert_array_equal(m.blocked, expected.astype(np.uint8))
    assert m.floor.all()
    np.testing.assert_allclose(m.floor_height, 0.0, atol=1e-12)


@pytest.mark.parametrize(
    "z_lo, z_hi, tag, blocks",
    [
        (0.0, 0.04, SurfaceTag.FURNITURE, False),  # a rug below the 0.05 m furniture band
        (0.0, 0.06, SurfaceTag.FURNITURE, True),
        (1.95, 2.2, SurfaceTag.FURNITURE, False),  # a shelf above head height
        (1.85, 2.2, SurfaceTag.FURNITURE, True),
        (0.0, 0.15, SurfaceTag.WALL, False),  # a low curb below the 0.20 m wall band
        (0.0, 0.25, SurfaceTag.WALL, True),
        (0.0, 1.0, SurfaceTag.OBJECT, False),  # movable objects never block the grid
    ],
)
def test_height_bands(z_lo, z_hi, tag, blocks):
    box = ((2.05, 2.05, 0.5 * (z_lo + z_hi)), (0.2, 0.2, 0.5 * (z_hi - z_lo)), 0.0, tag, -1)
    m = NavigationMap.from_geometry(make_geometry([FLOOR, box]), bounds=BOUNDS)
    assert bool(m.blocked[20, 20]) == blocks


def test_band_follows_local_floor_and_support():
    platform = ((1.0, 1.0, 0.15), (0.5, 0.5, 0.15), 0.0, SurfaceTag.FLOOR, -1)  # top at 0.30 m on [0.5, 1.5]^2
    too_high = ((3.0, 3.0, 0.55), (0.5, 0.5, 0.05), 0.0, SurfaceTag.FLOOR, -1)   # top at 0.60 m: not floor
    low_box = ((1.0, 1.0, 0.32), (0.1, 0.1, 0.02), 0.0, SurfaceTag.FURNITURE, -1)  # 0.30-0.34: below band there
    floor = ((2.0, 1.0, -0.05), (2.0, 1.0, 0.05), 0.0, SurfaceTag.FLOOR, -1)  # only y in [0, 2]
    m = NavigationMap.from_geometry(make_geometry([floor, platform, too_high, low_box]), bounds=BOUNDS)
    np.testing.assert_allclose(m.floor_height[10, 10], 0.30, atol=1e-12)
    assert not m.blocked[10, 10]
    assert m.floor[5, 30] and not m.floor[30, 30] and not m.floor[25, 5]
    assert m.layers[30, 30] & LAYER_NO_FLOOR and m.blocked[30, 30]


@pytest.mark.parametrize("seed", range(5))
def test_rotated_box_matches_footprint_polygon(seed):
    rng = np.random.default_rng(seed)
    yaw = rng.uniform(0, math.pi)
    c = (rng.uniform(1.5, 2.5), rng.uniform(1.5, 2.5), 0.5)
    h = (rng.uniform(0.05, 0.8), rng.uniform(0.05, 0.8), 0.5)
    box = (c, h, yaw, SurfaceTag.FURNITURE, -1)
    m = NavigationMap.from_geometry(make_geometry([FLOOR, box]), bounds=BOUNDS)
    corners = np.array([[sx * h[0], sy * h[1]] for sx, sy in ((1, 1), (-1, 1), (-1, -1), (1, -1))])
    R = np.array([[math.cos(yaw), -math.sin(yaw)], [math.sin(yaw), math.cos(yaw)]])
    poly = sg.Polygon(corners @ R.T + c[:2])
    expected = np.zeros(m.shape, bool)
    for i in range(m.shape[0]):
        for j in range(m.shape[1]):
            cell = sg.box(j * 0.1, i * 0.1, (j + 1) * 0.1, (i + 1) * 0.1)
            expected[i, j] = poly.intersection(cell).area > 1e-12
    np.testing.assert_array_equal(m.layers & LAYER_FURNITURE > 0, expected)


def test_triangle_mesh_matches_box_and_mesh_floor():
    table = trimesh.creation.box(extents=(0.8, 0.5, 0.75), transform=box_tf((2.0, 2.0, 0.375), 0.4))
    as_box = ((2.0, 2.0, 0.375), (0.4, 0.25, 0.375), 0.4, SurfaceTag.FURNITURE, -1)
    floor_mesh = trimesh.Trimesh(vertices=[[0, 0, 0], [4, 0, 0], [4, 4, 0], [0, 4, 0]], faces=[[0, 1, 2], [0, 2, 3]])
    m_mesh = NavigationMap.from_geometry(
        make_geometry([], [(table, SurfaceTag.FURNITURE, -1), (floor_mesh, SurfaceTag.FLOOR, -1)]), bounds=BOUNDS)
    m_box = NavigationMap.from_geometry(make_geometry([FLOOR, as_box]), bounds=BOUNDS)
    assert m_mesh.floor.all()  # the diagonal shared by the two floor triangles leaves no gap
    np.testing.assert_array_equal(m_mesh.blocked, m_box.blocked)
    assert m_box.blocked.sum() > 20


def test_door_leaf_layer_opens_and_closes():
    leaf = ((2.05, 2.0, 1.0), (0.05, 0.45, 1.0), 0.0, SurfaceTag.DOOR_LEAF, 0)
    anon = ((0.55, 0.55, 1.0), (0.05, 0.05, 1.0), 0.0, SurfaceTag.DOOR_LEAF, -1)
    m = NavigationMap.from_geometry(make_geometry([FLOOR, leaf, anon], owners=["door#1"]), bounds=BOUNDS)
    assert set(m.door_cells) == {"door#1"}
    cells = np.unravel_index(m.door_cells["door#1"], m.shape)
    assert np.all(m.layers[cells] & LAYER_DOOR) and len(cells[0]) == 10  # y in [1.55, 2.45]: rows 15..24
    assert m.blocked[5, 5] and m.layers[5, 5] & LAYER_WALL  # an anonymous leaf stays shut like a wall
    d_closed = m.clearance[20, 25]
    m.set_door_open("door#1", True)
    assert not np.any(m.blocked[cells]) and m.clearance[20, 25] > d_closed
    assert m.doorway[cells].all()
    m.set_door_open("door#1", False)
    assert np.all(m.blocked[cells]) and m.clearance[20, 25] == d_closed
    with pytest.raises(KeyError, match="door#2"):
        m.set_door_open("door#2", True)


def test_raster_bad_input():
    g = make_geometry([FLOOR])
    args = (g.box_transforms, g.box_half_extents, g.mesh_vertices, g.mesh_faces, None, None, (0.0, 0.0))
    with pytest.raises(ValueError, match="resolution"):
        _core.grid_rasterise_floor(*args, -0.1, 10, 10, 0.5)
    with pytest.raises(ValueError, match="shape"):
        _core.grid_rasterise_floor(*args, 0.1, 0, 10, 0.5)
    with pytest.raises(ValueError, match="box_transforms"):
        _core.grid_rasterise_floor(np.zeros((1, 3, 3)), *args[1:], 0.1, 10, 10, 0.5)
    bad = g.box_transforms.copy()
    bad[0, 0, 3] = np.nan
    with pytest.raises(ValueError, match="non-finite"):
        _core.grid_rasterise_floor(bad, *args[1:], 0.1, 10, 10, 0.5)
    with pytest.raises(IndexError, match="out of range"):
        _core.grid_rasterise_floor(*args[:2], np.zeros((2, 3)), np.array([[0, 1, 5]], np.int32), None, None,
                                   (0.0, 0.0), 0.1, 10, 10, 0.5)
    fh = np.zeros((10, 10))
    with pytest.raises(ValueError, match="out"):
        _core.grid_rasterise_band(*args, 0.1, fh, 0.2, 1.9, 1, np.zeros((5, 5), np.uint8))
    with pytest.raises(ValueError, match="out"):  # written in place: a bool array would be silently copied
        _core.grid_rasterise_band(*args, 0.1, fh, 0.2, 1.9, 1, np.zeros((10, 10), bool))
    with pytest.raises(ValueError, match="band"):
        _core.grid_rasterise_band(*args, 0.1, fh, 1.9, 0.2, 1, np.zeros((10, 10), np.uint8))
    with pytest.raises(ValueError, match="bounds"):
        NavigationMap.from_geometry(g, bounds=(0, 0, -1, 1))
    with pytest.raises(ValueError, match="empty"):
        NavigationMap.from_geometry(CollisionGeometry())


def test_tall_furniture_mesh_is_blocked_inside():
    # A 2.2 m wardrobe: its surface misses the 0.05-1.90 m columns in the middle, which must still be blocked.
    wardrobe = trimesh.creation.box(extents=(1.0, 0.6, 2.2), transform=box_tf((2.0, 2.0, 1.1), 0.3))
    as_box = ((2.0, 2.0, 1.1), (0.5, 0.3, 1.1), 0.3, SurfaceTag.FURNITURE, -1)
    m_mesh = NavigationMap.from_geometry(make_geometry([FLOOR], [(wardrobe, SurfaceTag.FURNITURE, 0)],
                                                       owners=["wardrobe#1"]), bounds=BOUNDS)
    m_box = NavigationMap.from_geometry(make_geometry([FLOOR, as_box]), bounds=BOUNDS)
    assert m_box.blocked[20, 20]
    np.testing.assert_array_equal(m_mesh.blocked, m_box.blocked)
