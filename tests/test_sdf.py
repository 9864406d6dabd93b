"""Exact mesh distances and voxel SDFs against trimesh.proximity.signed_distance."""
import numpy as np
import pytest
import trimesh

from interactiveworld import _core


def _meshes():
    cup = trimesh.creation.annulus(r_min=0.035, r_max=0.042, height=0.10, sections=24)
    box = trimesh.creation.box((0.12, 0.08, 0.05))
    box.apply_transform(trimesh.transformations.rotation_matrix(0.4, [1, 1, 0]))
    return {"sphere": trimesh.creation.icosphere(2, radius=0.1), "box": box, "cup": cup,
            "capsule": trimesh.creation.capsule(height=0.2, radius=0.05, count=[12, 12])}


@pytest.mark.parametrize("name", ["sphere", "box", "cup", "capsule"])
def test_exact_distance_matches_trimesh(name):
    mesh = _meshes()[name]
    assert mesh.is_watertight
    rng = np.random.default_rng(0)
    lo, hi = mesh.bounds
    pts = rng.uniform(lo - 0.05, hi + 0.05, (400, 3))
    ref = -trimesh.proximity.signed_distance(mesh, pts)  # trimesh: positive inside
    md = _core.MeshDistance(mesh.vertices, mesh.faces)
    # trimesh solves the closest point through a least-squares barycentric step: ~1e-8 m round-off.
    np.testing.assert_allclose(md.signed_distance(pts), ref, atol=1e-7)


@pytest.mark.parametrize("name", ["sphere", "box", "cup"])
def test_voxel_sdf_within_a_voxel(name):
    mesh = _meshes()[name]
    voxel = 0.005
    md = _core.MeshDistance(mesh.vertices, mesh.faces)
    sdf = _core.VoxelSDF.build(md, voxel, 0.02)
    rng = np.random.default_rng(1)
    lo, hi = mesh.bounds
    pts = rng.uniform(lo - 0.02, hi + 0.02, (500, 3))
    ref = -trimesh.proximity.signed_distance(mesh, pts)
    err = np.abs(sdf.query(pts) - ref)
    assert err.max() <= voxel, err.max()
    # Grid samples are exact distances (float32 storage).
    origin = np.array(sdf.origin)
    idx = np.array([[0, 0, 0], [3, 5, 2], [7, 4, 9]])
    np.testing.assert_allclose(sdf.values[tuple(idx.T)], md.signed_distance(origin + idx * voxel), atol=1e-6)


def test_outside_grid_grows_with_distance():
    mesh = _meshes()["sphere"]
    sdf = _core.VoxelSDF.build(_core.MeshDistance(mesh.vertices, mesh.faces), 0.01, 0.02)
    far = sdf.query(np.array([[1.0, 0.0, 0.0], [2.0, 0.0, 0.0]]))
    assert far[1] - far[0] == pytest.approx(1.0, abs=1e-9)
    assert far[0] > 0.8


def test_non_watertight_is_rejected():
    mesh = trimesh.creation.box((0.1, 0.1, 0.1))
    open_faces = mesh.faces[:-1]
    with pytest.raises(ValueError, match="not watertight"):
        _core.MeshDistance(mesh.vertices, open_faces)
    md = _core.MeshDistance(mesh.vertices, open_faces, require_watertight=False)
    assert not md.watertight
    assert md.signed_distance(np.zeros((1, 3)))[0] == pytest.approx(0.05)  # unsigned


def test_bad_input():
    mesh = trimesh.creation.box((0.1, 0.1, 0.1))
    with pytest.raises(ValueError, match=r"expected \(V, 3\)"):
        _core.MeshDistance(mesh.vertices[:, :2], mesh.faces)
    with pytest.raises(IndexError, match="refers to vertex"):
        _core.MeshDistance(mesh.vertices, mesh.faces + 100)
    v = mesh.vertices.copy()
    v[0, 0] = np.nan
    with pytest.raises(ValueError, match="not finite"):
        _core.MeshDistance(v, mesh.faces)
    with pytest.raises(ValueError, match="no vertices or no faces"):
        _core.MeshDistance(np.zeros((0, 3)), np.zeros((0, 3), np.int32))
    md = _core.MeshDistance(mesh.vertices, mesh.faces)
    with pytest.raises(ValueError, match="voxel size must be positive"):
        _core.VoxelSDF.build(md, 0.0, 0.01)
    with pytest.raises(ValueError, match="too large"):
        _core.VoxelSDF.build(md, 1e-5, 0.01)
    with pytest.raises(ValueError, match=r"expected \(N, 3\)"):
        md.signed_distance(np.zeros(3))


def test_narrow_band_matches_full_grid_near_the_surface():
    mesh = _meshes()["cup"]
    md = _core.MeshDistance(mesh.vertices, mesh.faces)
    full = _core.VoxelSDF.build(md, 0.004, 0.05)
    band = 0.02
    nb = _core.VoxelSDF.build(md, 0.004, 0.05, band=band)
    a, b = full.values, nb.values
    near = np.abs(a) <= band
    np.testing.assert_array_equal(b[near], a[near])  # exact inside the band
    np.testing.assert_array_equal(np.sign(b), np.sign(a))  # far regions keep their side
    assert np.all(np.abs(b) <= np.abs(a) + 1e-7)  # a lower bound beyond it
    far = b != a  # voxels beyond every triangle's box + band hold exactly +-band
    assert far.sum() > 1000 and (np.abs(b[far]) == np.float32(band)).all()
    with pytest.raises(ValueError, match="band"):
        _core.VoxelSDF.build(md, 0.004, 0.05, band=0.0)
