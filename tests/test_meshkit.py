"""Mesh kit (world/assets/meshkit*.py): closed pieces are watertight with outward winding and shading normals that agree
with it; lathe, extrusion, sweep and rounded-box volumes match analytic values; UV ranges and label layouts are as
documented; outputs are byte-identical for the same arguments; bad input raises ValueError naming the argument."""
from __future__ import annotations

import math

import numpy as np
import pytest

from interactiveworld.world.assets import meshkit as mk
from interactiveworld.world.assets import meshkit_organic as mo
from interactiveworld.world.assets import meshkit_packaging as mp
from interactiveworld.world.assets import meshkit_shapes as ms

ELLIPSE = [(0.03 * math.cos(a), 0.02 * math.sin(a)) for a in np.linspace(0, 2 * math.pi, 32, endpoint=False)]
L_SHAPE = [(0, 0), (0.10, 0), (0.10, 0.02), (0.03, 0.02), (0.03, 0.06), (0, 0.06)]   # area 0.1*0.02 + 0.03*0.04

CLOSED = {
    "revolve_cylinder": lambda: ms.revolve([(0.05, 0), (0.05, 0.1)], 48),
    "revolve_cup": lambda: ms.revolve([(0, 0), (0.04, 0), (0.045, 0.09)], 40, thickness=0.004),
    "revolve_tube": lambda: ms.revolve([(0.05, 0), (0.05, 0.1)], 32, thickness=0.003),
    "revolve_torus": lambda: ms.revolve([(0.1 + 0.02 * math.cos(a), 0.02 * math.sin(a))
                                         for a in np.linspace(0, 2 * math.pi, 16, endpoint=False)], 32,
                                        closed_loop=True),
    "extrude_l": lambda: ms.extrude(L_SHAPE, 0.01),
    "extrude_bevel": lambda: ms.extrude(L_SHAPE, 0.01, bevel=0.002),
    "extrude_dish": lambda: ms.extrude(ELLIPSE, 0.002, dish=0.008, bevel=0.0005, max_edge=0.006),
    "sweep_handle": lambda: ms.sweep(ms.bezier([(0, 0, 0), (0.05, 0, 0), (0.05, 0, 0.08), (0, 0, 0.08)], 16),
                                     radius=0.006),
    "sweep_ring": lambda: ms.sweep([(0.1 * math.cos(a), 0.1 * math.sin(a), 0.0)
                                    for a in np.linspace(0, 2 * math.pi, 24, endpoint=False)], radius=0.01,
                                   closed=True),
    "sweep_section": lambda: ms.sweep([(0, 0, 0), (0, 0.05, 0.02), (0, 0.1, 0.0)], radius=[0.01, 0.02, 0.01],
                                      section=[(-1, -0.5), (1, -0.5), (1, 0.5), (-1, 0.5)]),
    "box": lambda: ms.rounded_box((0.3, 0.2, 0.1)),
    "rounded_box": lambda: ms.rounded_box((0.3, 0.2, 0.1), 0.02, 4),
    "rounded_box_full": lambda: ms.rounded_box((0.2, 0.2, 0.2), 0.1, 6),
    "rounded_box_grid": lambda: ms.rounded_box((0.3, 0.2, 0.1), 0.01, 3, max_edge=0.05),
    "superellipsoid": lambda: mo.superellipsoid((0.1, 0.06, 0.04), (0.3, 0.5)),
    "blob": lambda: mo.blob((0.05, 0.04, 0.03), noise=0.1, seed=2),
    "apple": lambda: mo.apple(seed=1), "pear": lambda: mo.pear(seed=1), "orange": lambda: mo.orange(),
    "lemon": lambda: mo.lemon(), "tomato": lambda: mo.tomato(), "carrot": lambda: mo.carrot(),
    "banana": lambda: mo.banana(), "potato": lambda: mo.potato(), "bread_loaf": lambda: mo.bread_loaf(),
    "cheese_wedge": lambda: mo.cheese_wedge(), "cushion": lambda: mo.cushion(),
    "stem": lambda: mo.stem(),
    "can": lambda: mp.can(), "bottle": lambda: mp.bottle(), "gable_carton": lambda: mp.gable_carton(),
    "pillow_bag": lambda: mp.pillow_bag(),
}


def _face_normals(p: mk.MeshPiece) -> np.ndarray:
    v = p.vertices.astype(np.float64)[p.faces]
    return np.cross(v[:, 1] - v[:, 0], v[:, 2] - v[:, 0])


def _check_piece(p: mk.MeshPiece) -> None:
    assert p.vertices.dtype == np.float32 and p.normals.dtype == np.float32 and p.uv.dtype == np.float32
    assert p.faces.dtype == np.int32 and p.face_slot.dtype == np.int32
    np.testing.assert_allclose(np.linalg.norm(p.normals, axis=1), 1.0, atol=1e-5)
    fn = _face_normals(p)
    area = np.linalg.norm(fn, axis=1)
    good = area > 1e-12 * area.max()
    # every corner's shading normal lies on the outer side of its face
    dots = np.einsum("fcj,fj->fc", p.normals.astype(np.float64)[p.faces], fn / np.maximum(area, 1e-30)[:, None])
    assert dots[good].min() > 0.0


@pytest.mark.parametrize("name", sorted(CLOSED))
def test_closed_pieces_are_watertight_and_outward(name):
    p = CLOSED[name]()
    _check_piece(p)
    tm = p.to_trimesh()
    assert tm.is_watertight, name
    assert tm.is_winding_consistent, name
    assert mk.signed_volume(p) > 0, name


def test_open_leaf_is_a_valid_surface():
    p = mo.leaf()
    _check_piece(p)
    assert not p.to_trimesh().is_watertight     # an open, two-sided blade
    assert p.uv.min() >= 0 and p.uv.max() <= 1


# ---------------------------------------------------------------------------------------------------------------
# volumes against analytic values
# ---------------------------------------------------------------------------------------------------------------

def test_revolve_cylinder_volume():
    R, H = 0.05, 0.12
    p = ms.revolve([(R, 0), (R, H)], 64)
    assert mk.signed_volume(p) == pytest.approx(math.pi * R * R * H, rel=0.01)


def test_revolve_frustum_volume():
    r1, r2, H = 0.04, 0.015, 0.1
    p = ms.revolve([(r1, 0), (r2, H)], 64)
    assert mk.signed_volume(p) == pytest.approx(math.pi * H / 3 * (r1 * r1 + r1 * r2 + r2 * r2), rel=0.01)


def test_revolve_vessel_volume_is_outer_minus_inner_plus_rim():
    R, H, t = 0.05, 0.1, 0.004
    p = ms.revolve([(0, 0), (R, 0), (R, H)], 96, thickness=t, rim_segments=12)
    # wall and floor, plus the half-disc rim (area pi (t/2)^2 / 2 at radius R - t/2, by Pappus)
    expect = math.pi * R * R * H - math.pi * (R - t) ** 2 * (H - t) + 2 * math.pi * (R - t / 2) * math.pi * t * t / 8
    assert mk.signed_volume(p) == pytest.approx(expect, rel=0.01)


def test_extrude_volume_is_area_times_depth():
    p = ms.extrude(L_SHAPE, 0.01)
    assert mk.signed_volume(p) == pytest.approx((0.1 * 0.02 + 0.03 * 0.04) * 0.01, rel=1e-6)


def test_dished_extrusion_keeps_its_volume_and_sinks_in_the_middle():
    flat = ms.extrude(ELLIPSE, 0.002)
    dished = ms.extrude(ELLIPSE, 0.002, dish=0.008)
    # a vertical shear of the slab: the volume stays area x depth
    assert mk.signed_volume(dished) == pytest.approx(mk.signed_volume(flat), rel=0.02)
    v = dished.vertices.astype(np.float64)
    rho2 = (v[:, 0] / 0.03) ** 2 + (v[:, 1] / 0.02) ** 2      # the outline approximates this ellipse
    lift = v[:, 2] + 0.008 * (1 - rho2)                         # undo the paraboloid: back to the flat slab
    near = rho2 < 0.25                                          # where the 32-gon and the ellipse agree closely
    assert np.all(np.minimum(np.abs(lift[near]), np.abs(lift[near] - 0.002)) < 2e-4)
    assert v[:, 2].min() == pytest.approx(-0.008, abs=1e-4)


def test_rounded_box_volume():
    a, b, c, r = 0.3, 0.2, 0.1, 0.02
    p = ms.rounded_box((a, b, c), r, 8)
    i, j, k = a - 2 * r, b - 2 * r, c - 2 * r   # inner box, slabs, quarter cylinders, corner eighths
    expect = i * j * k + 2 * r * (i * j + j * k + i * k) + math.pi * r * r * (i + j + k) + 4 / 3 * math.pi * r ** 3
    assert mk.signed_volume(p) == pytest.approx(expect, rel=0.01)
    np.testing.assert_allclose(p.bounds, [[-a / 2, -b / 2, -c / 2], [a / 2, b / 2, c / 2]], atol=1e-6)


def test_sweep_volumes():
    r, L = 0.01, 0.2
    straight = ms.sweep([(0, 0, 0), (0, 0, L / 2), (0, 0, L)], radius=r, segments=48)
    assert mk.signed_volume(straight) == pytest.approx(math.pi * r * r * L, rel=0.01)
    R = 0.1
    ring = ms.sweep([(R * math.cos(a), R * math.sin(a), 0) for a in np.linspace(0, 2 * math.pi, 96, endpoint=False)],
                    radius=r, segments=48, closed=True)
    assert mk.signed_volume(ring) == pytest.approx(2 * math.pi ** 2 * R * r * r, rel=0.01)


def test_sweep_frames_do_not_twist_on_a_planar_curve():
    path = ms.bezier([(0, 0, 0), (0.1, 0, 0), (0.1, 0.1, 0), (0.2, 0.1, 0)], 20)
    p = ms.sweep(path, section=[(-1, -0.2), (1, -0.2), (1, 0.2), (-1, 0.2)], radius=0.01, up=(0, 0, 1), caps=False)
    # a flat ribbon kept in the curve's plane: every vertex stays within the section's half thickness of z = 0
    assert np.abs(p.vertices[:, 2]).max() == pytest.approx(0.01, rel=1e-3)


# ---------------------------------------------------------------------------------------------------------------
# normals, UV and layouts
# ---------------------------------------------------------------------------------------------------------------

def test_cylinder_normals_smooth_around_and_sharp_at_the_caps():
    p = ms.revolve([(0.05, 0), (0.05, 0.1)], 32)
    side = np.abs(p.normals[:, 2]) < 1e-6
    radial = p.vertices[side, :2] / np.linalg.norm(p.vertices[side, :2], axis=1, keepdims=True)
    np.testing.assert_allclose(p.normals[side, :2], radial, atol=1e-5)     # smooth: the true surface normal
    caps = ~side
    np.testing.assert_allclose(np.abs(p.normals[caps, 2]), 1.0, atol=1e-6)  # flat caps
    # the rim positions carry both a side and a cap normal (split at the crease)
    rim = np.isclose(p.vertices[:, 2], 0.1) & np.isclose(np.linalg.norm(p.vertices[:, :2], axis=1), 0.05)
    assert side[rim].any() and caps[rim].any()


def test_crease_zero_gives_flat_faces():
    p = ms.revolve([(0.05, 0), (0.05, 0.1)], 12, crease_deg=0.0)
    fn = _face_normals(p)
    fn /= np.linalg.norm(fn, axis=1, keepdims=True)
    np.testing.assert_allclose(p.normals[p.faces], np.repeat(fn[:, None], 3, axis=1), atol=1e-5)


def test_sphere_normals_are_radial():
    p = mo.superellipsoid((0.1, 0.1, 0.1), (1.0, 1.0), 16)
    radial = p.vertices / np.linalg.norm(p.vertices, axis=1, keepdims=True)
    assert np.einsum("ij,ij->i", p.normals, radial).min() > 0.99


def test_revolve_uv_layouts():
    prof = [(0, 0), (0.04, 0), (0.04, 0.1), (0, 0.1)]
    unit = ms.revolve(prof, 24, uv="unit")
    assert unit.uv.min() >= 0 and unit.uv.max() <= 1 + 1e-6
    metres = ms.revolve(prof, 24)
    assert metres.uv[:, 0].max() == pytest.approx(2 * math.pi * 0.04, rel=1e-5)     # around, at the max radius
    assert metres.uv[:, 1].max() == pytest.approx(0.04 + 0.1 + 0.04, rel=1e-5)      # arc length of the profile
    seam = unit.uv[:, 0] == 0
    assert np.all(unit.vertices[seam & (np.linalg.norm(unit.vertices[:, :2], axis=1) > 0), 0] < 0)   # seam at -x


@pytest.mark.parametrize("maker", [mp.can, mp.bottle])
def test_label_band_layout(maker):
    p = maker()
    lab = p.split_slot("label")
    assert lab.uv.min() >= -1e-6 and lab.uv.max() <= 1 + 1e-6
    front = lab.vertices[:, 0] > 0.999 * lab.vertices[:, 0].max()
    np.testing.assert_allclose(lab.uv[front, 0], 0.5, atol=1e-6)          # the image's centre faces +x
    z = lab.vertices[:, 2]
    np.testing.assert_allclose(lab.uv[:, 1], (z - z.min()) / (z.max() - z.min()), atol=1e-5)


def test_carton_print_layout_matches_the_walls():
    w, d = 0.07, 0.06
    p = mp.gable_carton(w, d, 0.19)
    lay = mp.carton_label_layout(w, d)
    walls = p.split_slot("print")
    fn = _face_normals(walls)
    fn /= np.linalg.norm(fn, axis=1, keepdims=True)
    for name, normal in (("front", (1, 0, 0)), ("right", (0, 1, 0)), ("back", (-1, 0, 0)), ("left", (0, -1, 0))):
        faces = walls.faces[fn @ np.asarray(normal, float) > 0.99]
        u = walls.uv[faces.ravel(), 0]
        assert u.min() == pytest.approx(lay[name][0], abs=1e-6) and u.max() == pytest.approx(lay[name][1], abs=1e-6)
        # u grows to the right as seen from outside: right = up x outward normal
        right = np.cross((0, 0, 1), normal)
        pos = walls.vertices[faces.ravel()] @ right
        assert np.corrcoef(pos, u)[0, 1] > 0.99
    assert lay["front"][0] == 0 and lay["left"][1] == pytest.approx(1.0)
    assert lay["front"][1] == pytest.approx(w / (2 * (w + d)))


def test_pillow_bag_front_and_back_halves():
    p = mp.pillow_bag()
    front = (p.normals[:, 0] > 0.3) & (np.abs(p.vertices[:, 0]) > 0.005)
    back = (p.normals[:, 0] < -0.3) & (np.abs(p.vertices[:, 0]) > 0.005)
    assert p.uv[front, 0].max() <= 0.5 + 1e-6 and p.uv[back, 0].min() >= 0.5 - 1e-6
    assert np.corrcoef(p.vertices[front, 1], p.uv[front, 0])[0, 1] > 0.99       # read left to right from +x
    assert np.corrcoef(p.vertices[back, 1], p.uv[back, 0])[0, 1] < -0.99        # and from -x


def test_rounded_box_side_uv_runs_up_with_z():
    p = ms.rounded_box((0.3, 0.2, 0.1))
    side = np.abs(p.normals[:, 2]) < 1e-6
    np.testing.assert_allclose(p.uv[side, 1], p.vertices[side, 2], atol=1e-7)


def test_grid_plane_cells_and_uv():
    p = mk.grid_plane((1.0, 0.5), 0.2)
    assert len(p.faces) == 2 * 5 * 3
    np.testing.assert_allclose(p.uv, p.vertices[:, :2] + (0.5, 0.25), atol=1e-7)
    np.testing.assert_allclose(p.normals, np.tile((0, 0, 1), (len(p.vertices), 1)))


# ---------------------------------------------------------------------------------------------------------------
# subdivision, transforms, merging, triangulation
# ---------------------------------------------------------------------------------------------------------------

def test_subdivide_long_edges_keeps_the_solid():
    box = ms.rounded_box((0.3, 0.2, 0.1))
    fine = mk.subdivide_long_edges(box, 0.03)
    v = fine.vertices[fine.faces]
    assert np.linalg.norm(np.roll(v, -1, axis=1) - v, axis=2).max() <= 0.03 + 1e-6
    assert fine.to_trimesh().is_watertight
    assert mk.signed_volume(fine) == pytest.approx(0.3 * 0.2 * 0.1, rel=1e-5)
    np.testing.assert_allclose(fine.uv[np.abs(fine.normals[:, 2]) < 1e-6, 1],
                               fine.vertices[np.abs(fine.normals[:, 2]) < 1e-6, 2], atol=1e-6)


def test_transforms_keep_pieces_outward():
    p = mp.can()
    vol = mk.signed_volume(p)
    r = mk.rotate(p, (1, 1, 0), 1.1, about=(0.1, 0, 0))
    assert mk.signed_volume(r) == pytest.approx(vol, rel=1e-5)
    m = mk.scale(p, (-1, 2, 1))                     # a mirror: winding flips back outward
    assert mk.signed_volume(m) == pytest.approx(2 * vol, rel=1e-5)
    _check_piece(m)
    t = mk.translate(p, (1, 2, 3))
    np.testing.assert_allclose(t.bounds, p.bounds + (1, 2, 3), atol=1e-5)
    np.testing.assert_array_equal(t.uv, p.uv)


def test_merge_joins_slots_by_name():
    a, b = mp.can(), mp.bottle()
    m = mk.merge([a, b])
    assert m.slots == ("metal", "label", "glass", "cap")
    assert len(m.faces) == len(a.faces) + len(b.faces)
    assert m.slot_mask("label").sum() == a.slot_mask("label").sum() + b.slot_mask("label").sum()
    assert mk.signed_volume(m) == pytest.approx(mk.signed_volume(a) + mk.signed_volume(b), rel=1e-6)
    r = m.renamed({"glass": "metal", "cap": "lid"})
    assert r.slots == ("metal", "label", "lid")
    assert r.slot_mask("metal").sum() == m.slot_mask("metal").sum() + m.slot_mask("glass").sum()
    assert np.array_equal(r.slot_mask("lid"), m.slot_mask("cap"))


def test_triangulate_concave_polygon():
    tri = ms.triangulate_polygon(L_SHAPE)
    p = np.asarray(L_SHAPE, float)
    areas = [ms.polygon_area(p[t]) for t in tri]
    assert len(tri) == len(p) - 2 and min(areas) > 0
    assert sum(areas) == pytest.approx(0.1 * 0.02 + 0.03 * 0.04)


# ---------------------------------------------------------------------------------------------------------------
# determinism and errors
# ---------------------------------------------------------------------------------------------------------------

def _bytes(p: mk.MeshPiece) -> bytes:
    return b"".join(a.tobytes() for a in (p.vertices, p.faces, p.normals, p.uv, p.face_slot)) + repr(p.slots).encode()


@pytest.mark.parametrize("name", ["apple", "extrude_dish", "sweep_ring", "rounded_box", "pillow_bag", "blob"])
def test_same_arguments_same_bytes(name):
    assert _bytes(CLOSED[name]()) == _bytes(CLOSED[name]())


def test_seed_changes_organic_forms():
    assert _bytes(mo.apple(seed=1)) != _bytes(mo.apple(seed=2))
    assert _bytes(mo.potato(seed=1)) != _bytes(mo.potato(seed=2))


@pytest.mark.parametrize("call, arg", [
    (lambda: ms.revolve([[1, 2, 3]], 8), "profile"),
    (lambda: ms.revolve([(0.05, 0), (0.05, 0.1)], 2), "segments"),
    (lambda: ms.revolve([(0.05, 0), (0, 0.05), (0.05, 0.1)], 8), "axis"),
    (lambda: ms.revolve([(0, 0), (0.01, 0), (0.01, 0.1)], 8, thickness=0.02), "thickness"),
    (lambda: ms.revolve([(0.05, 0), (0.05, 0.1)], 8, slots=["a"] * 3), "slots"),
    (lambda: ms.revolve([(0.05, 0), (0.05, 0.1)], 8, uv="degrees"), "uv"),
    (lambda: ms.extrude([(0, 0), (1, 0)], 0.1), "polygon"),
    (lambda: ms.extrude(L_SHAPE, -1), "depth"),
    (lambda: ms.extrude(L_SHAPE, 0.01, bevel=0.006), "bevel"),
    (lambda: ms.extrude([(0, 0), (1, 1), (1, 0), (0, 1)], 0.1), "polygon"),
    (lambda: ms.sweep([(0, 0, 0), (0, 0, 1)]), "radius"),
    (lambda: ms.sweep([(0, 0, 0), (0, 0, 0)], radius=0.1), "path"),
    (lambda: ms.rounded_box((0.1, 0.1, 0.1), 0.06), "radius"),
    (lambda: ms.rounded_box((0.1, -0.1, 0.1)), "size"),
    (lambda: mk.grid_plane((1, 1), 0), "max_edge"),
    (lambda: mk.subdivide_long_edges(ms.rounded_box((0.1, 0.1, 0.1)), -1), "max_edge"),
    (lambda: mk.merge([]), "pieces"),
    (lambda: mk.rotate(ms.rounded_box((0.1, 0.1, 0.1)), (0, 0, 0), 1.0), "axis"),
    (lambda: mk.scale(ms.rounded_box((0.1, 0.1, 0.1)), 0), "factors"),
    (lambda: mo.apple(-0.07), "diameter"),
    (lambda: mo.blob((0.1, 0.1, 0.1), noise=0.9), "noise"),
    (lambda: mo.superellipsoid((0.1, 0.1, 0.1), (0, 1)), "exponents"),
    (lambda: mp.bottle(label=(0.6, 0.2)), "label"),
    (lambda: mp.pillow_bag(crimp=0.2), "crimp"),
    (lambda: mp.gable_carton(width=0), "width"),
    (lambda: ms.revolve([(0.05, 0), (0.05, 0.1)], 8, crease_deg=95), "crease_deg"),
])
def test_bad_input_names_the_argument(call, arg):
    with pytest.raises(ValueError, match=arg):
        call()
