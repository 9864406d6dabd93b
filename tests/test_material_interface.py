"""Materials on parts reach the renderer's VisualMesh: normals rotate with the link, face indices offset per part,
and face colours fall back to each material's mean colour."""
import numpy as np
import pytest
import trimesh

from interactiveworld.world import Material
from interactiveworld.world.assets.model import Part
from interactiveworld.world.scene import merge_part_visuals


def _srgb_to_linear(x):
    return ((x + 0.055) / 1.055) ** 2.4 if x > 0.04045 else x / 12.92


def _box(name, color=(0.2, 0.3, 0.4), **kw):
    m = trimesh.creation.box(extents=(1, 1, 1))
    m = trimesh.Trimesh(m.vertices, m.faces, process=False)
    return Part(name, m, color, np.zeros(3), np.full(3, 0.5), **kw)


def test_material_mean_colour_is_base_times_linear_albedo():
    albedo = np.zeros((2, 2, 3), np.uint8)
    albedo[0, 0] = (255, 128, 0)
    albedo[1, 1] = (64, 64, 64)
    m = Material("test", base_color=(0.5, 1.0, 1.0), albedo=albedo)
    want = [0.5 * (1.0 + _srgb_to_linear(64 / 255)) / 4, (_srgb_to_linear(128 / 255) + _srgb_to_linear(64 / 255)) / 4,
            _srgb_to_linear(64 / 255) / 4]
    np.testing.assert_allclose(m.mean_color, want, rtol=1e-5)


@pytest.mark.parametrize("kw, field", [
    ({"base_color": (1.2, 0, 0)}, "base_color"), ({"roughness": -0.1}, "roughness"), ({"opacity": 0.0}, "opacity"),
    ({"emissive": (1, 1)}, "emissive"), ({"albedo": np.zeros((4, 4), np.uint8)}, "albedo"),
    ({"metallic": 2.0}, "metallic"),
])
def test_material_rejects_bad_fields_by_name(kw, field):
    with pytest.raises(ValueError, match=field):
        Material("bad", **kw)


def test_part_checks_its_per_vertex_and_per_face_arrays():
    with pytest.raises(ValueError, match="normals"):
        _box("a", normals=np.zeros((3, 3)))
    with pytest.raises(ValueError, match="face_material"):
        _box("a", materials=(Material("m"),), face_material=np.full(12, 1))
    with pytest.raises(ValueError, match="face_material per face"):
        _box("a", materials=(Material("m"), Material("n")))


def test_merged_mesh_carries_normals_uv_and_offset_material_indices():
    red, blue, green = Material("red", (1, 0, 0)), Material("blue", (0, 0, 1)), Material("green", (0, 1, 0))
    flat = _box("flat")                                           # no normals, no material: NaN normals, -1
    n = np.tile([[0.0, 0.0, 1.0]], (8, 1))
    fm = np.array([0] * 6 + [1] * 6, np.int32)
    rich = _box("rich", normals=n, uv=np.ones((8, 2)), materials=(red, blue), face_material=fm)
    one = _box("one", materials=(green,))
    quarter = np.eye(4)
    quarter[:3, :3] = [[1, 0, 0], [0, 0, -1], [0, 1, 0]]          # +90 deg about x: +z goes to -y
    mesh = merge_part_visuals([flat, rich, one], {None: quarter}, "thing#1")
    assert mesh.owner == "thing#1" and mesh.faces.shape == (36, 3) and mesh.faces.max() == 23
    assert np.isnan(mesh.normals[:8]).all()
    np.testing.assert_allclose(mesh.normals[8:16], np.tile([0, -1, 0], (8, 1)), atol=1e-6)
    assert mesh.materials == (red, blue, green)
    np.testing.assert_array_equal(mesh.face_material, [-1] * 12 + [0] * 6 + [1] * 6 + [2] * 12)
    np.testing.assert_allclose(mesh.face_colors[0], (0.2, 0.3, 0.4))
    np.testing.assert_allclose(mesh.face_colors[12], (1, 0, 0))
    np.testing.assert_allclose(mesh.face_colors[20], (0, 0, 1))
    np.testing.assert_allclose(mesh.face_colors[30], (0, 1, 0))


def test_plain_parts_give_a_plain_mesh():
    mesh = merge_part_visuals([_box("a"), _box("b")], {None: np.eye(4)}, "")
    assert mesh.normals is None and mesh.face_material is None and mesh.materials == ()


def test_part_from_piece_keeps_vertex_order_normals_uv_and_slots():
    from interactiveworld.world.assets.meshkit_shapes import revolve
    from interactiveworld.world.assets.parts import part_from_piece

    piece = revolve([(0.0, 0.0), (0.04, 0.0), (0.04, 0.1), (0.0, 0.1)], segments=16, material="glaze")
    glaze = Material("glaze", (0.9, 0.9, 0.85), roughness=0.2)
    part = part_from_piece("mug_body", piece, {"glaze": glaze})
    np.testing.assert_array_equal(part.mesh.vertices, piece.vertices.astype(np.float64))
    np.testing.assert_array_equal(part.normals, piece.normals)
    assert part.materials == (glaze,) and part.face_material is None
    np.testing.assert_allclose(part.box_half, [0.04, 0.04, 0.05], atol=1e-3)
    with pytest.raises(KeyError, match="glaze"):
        part_from_piece("mug_body", piece, {})


def test_the_asset_sheet_draws_a_model_with_the_scene_materials():
    """A recognition sheet shows what a frame shows: the sheet's mesh of a glass keeps the shading normals, the UV
    and the see-through material of the glass's parts (the sheet once flattened them into untextured colour)."""
    from interactiveworld.render.asset_sheet import model_visuals
    from interactiveworld.world.assets import build_asset

    model = build_asset("glass")
    (mesh,) = model_visuals(model)
    assert len(mesh.faces) == sum(len(p.mesh.faces) for p in model.parts)
    assert mesh.normals is not None and mesh.uv is not None and mesh.face_material is not None
    assert any(m.opacity < 1.0 for m in mesh.materials)
    assert np.allclose(mesh.vertices, np.concatenate([np.asarray(p.mesh.vertices) for p in model.parts]), atol=1e-6)
