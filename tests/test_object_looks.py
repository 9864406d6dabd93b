"""Dressed movable kinds: every surface has a material, and dressing keeps each kind's size, collision boxes and
shapes, surfaces, regions, label faces, affordances, mass and friction (recorded in
tests/data/movable_kinds_geometry.json from the primitive-built kinds); building is deterministic."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from interactiveworld.world.assets import CATALOG, build_asset
from interactiveworld.world.assets.catalog import resolved_params
from interactiveworld.world.assets.dress import dressed_part, fit, skin
from interactiveworld.world.assets.objectkit import rbox
from interactiveworld.world.assets.parts import box

REF = json.loads((Path(__file__).parent / "data" / "movable_kinds_geometry.json").read_text())


def _r(a):
    return np.asarray(a, float).ravel()


@pytest.mark.parametrize("kind", sorted(REF))
def test_dressed_kind_keeps_its_geometry_and_is_fully_textured(kind):
    m = build_asset(kind)
    ref = REF[kind]
    np.testing.assert_allclose(np.concatenate(m.bounds), ref["bounds"], atol=2e-6)
    colliders = [p for p in m.parts if p.collide]
    assert [p.name for p in colliders] == [c[0] for c in ref["colliders"]]
    for p, (name, centre, half, shape, joint) in zip(colliders, ref["colliders"]):
        np.testing.assert_allclose(p.box_center, centre, atol=2e-6)
        np.testing.assert_allclose(p.box_half, half, atol=2e-6)
        assert (p.shape[0] if p.shape else None) == (shape[0] if shape else None)
        np.testing.assert_allclose(_r(p.shape[1:]), shape[1:], atol=1e-6)
        assert p.joint == joint
    for got, want in ((m.surfaces, ref["surfaces"]), (m.regions, ref["regions"])):
        assert [g.name for g in got] == [w[0] for w in want]
        for g, (_, centre, half) in zip(got, want):
            np.testing.assert_allclose(g.center, centre, atol=1e-6)
            np.testing.assert_allclose(getattr(g, "half_xy", getattr(g, "half", None)), half, atol=1e-6)
    assert [lf.name for lf in m.label_faces] == [lf[0] for lf in ref["labels"]]
    assert sorted(m.affordances) == ref["affordances"]
    assert (m.mass, m.friction) == (ref["mass"], ref["friction"])
    for p in m.parts:     # every face of every part draws in a material with an albedo texture
        assert p.materials and all(mat.albedo is not None for mat in p.materials), (kind, p.name)
        assert np.all(p.face_materials() >= 0), (kind, p.name)
        assert p.normals is not None and p.uv is not None


def test_every_movable_kind_is_dressed():
    movable = {k for k, s in CATALOG.items() if s.movable and k in REF}
    assert movable == set(REF)


def test_dressing_is_deterministic():
    spec = CATALOG["juice_carton"]
    a = spec.build({**resolved_params("juice_carton"), **spec.fixed, "_kind": "juice_carton"})
    b = spec.build({**resolved_params("juice_carton"), **spec.fixed, "_kind": "juice_carton"})
    for pa, pb in zip(a.parts, b.parts):
        assert pa.mesh.vertices.tobytes() == pb.mesh.vertices.tobytes()
        assert all(np.array_equal(x.albedo, y.albedo) for x, y in zip(pa.materials, pb.materials))


def test_fit_scales_a_piece_onto_a_box():
    # a 2 x 4 x 6 cm rounded box fitted into [0, 1] x [0, 2] x [0, 3] cm: scale (0.5, 0.5, 0.5), no offset left
    piece = rbox((0.02, 0.04, 0.06), 0.005, "main")
    out = fit(piece, (0.0, 0.0, 0.0), (0.01, 0.02, 0.03))
    np.testing.assert_allclose(out.bounds, [[0, 0, 0], [0.01, 0.02, 0.03]], atol=1e-7)
    np.testing.assert_allclose(out.vertices, (piece.vertices - piece.bounds[0]) * 0.5, atol=1e-7)
    with pytest.raises(ValueError, match="hi > lo"):
        fit(piece, (0, 0, 0), (0.01, 0.0, 0.03))


def test_dressed_part_keeps_name_box_shape_and_colour():
    old = box("body", (0.1, 0.2, 0.3), (0.0, 0.0, 0.15), (0.5, 0.25, 0.125))
    old.shape = ("cylinder", 0.05, 0.15)
    part = dressed_part(old, rbox((1.0, 1.0, 1.0), 0.2, "main"), {"main": skin("plastic", (0.5, 0.25, 0.125))})
    assert part.name == "body" and part.color == old.color and part.shape == old.shape
    np.testing.assert_allclose(part.box_center, (0, 0, 0.15), atol=1e-7)
    np.testing.assert_allclose(part.box_half, (0.05, 0.1, 0.15), atol=1e-7)
    with pytest.raises(KeyError, match="no skin for slot"):
        dressed_part(old, rbox((1.0, 1.0, 1.0), 0.2, "other"), {"main": skin("plastic", (0.5, 0.5, 0.5))})
    with pytest.raises(ValueError, match="unknown surface kind"):
        skin("velvet", (0.5, 0.5, 0.5))


def test_every_shipped_asset_file_has_a_provenance_row_and_the_data_stays_small():
    """Dressed kinds use procedural textures, printed artwork and the shipped texture files only: every file
    under world/assets/data is a manifest row's file, the manifest, or a licence it names; under 60 MB in all."""
    import json
    from interactiveworld.world.assets import texturekit_files

    root = Path(texturekit_files.__file__).with_name("data")
    rows = json.loads((root / "textures" / "PROVENANCE.json").read_text())
    named = {"textures/PROVENANCE.json"} | {f"textures/{r['file']}" for r in rows} | {
        f"textures/{r['license_file']}" for r in rows}
    files = [p for p in root.rglob("*") if p.is_file()]
    assert {p.relative_to(root).as_posix() for p in files} <= named
    assert sum(p.stat().st_size for p in files) < 60 * 2 ** 20


def test_a_cooked_dressed_object_darkens_its_materials():
    from interactiveworld.world.assets.looks import BROWN, BROWN_BLEND, browned

    part = build_asset("steak").parts[0]
    cooked = browned([part])[0]

    def tone(c):  # looks.browned: 80 % of the colour moved BROWN_BLEND of the way to BROWN
        return (1 - BROWN_BLEND) * np.asarray(c) * 0.8 + BROWN_BLEND * np.asarray(BROWN)

    for raw, done in zip(part.materials, cooked.materials):
        np.testing.assert_allclose(done.base_color, tone(raw.base_color), rtol=1e-6)
    np.testing.assert_allclose(cooked.color, tone(part.color), rtol=1e-6)
    assert len(cooked.materials) == len(part.materials) > 0

PACKAGING_PRINTS = ("product_label", "carton_print", "bag_print", "box_front", "price_tag", "text_page")


def test_labelled_taskpack_entities_print_no_product_words(monkeypatch):
    """Every entity a built-in TaskPack labels itself ("RUM 300 mL" on a bottle) is dressed without a packaging
    print that names a brand, product or quantity (the wrap would contradict the authored label); a kind whose name
    is the product (olive_oil_bottle) still prints its words, which shows the spy sees such prints."""
    import interactiveworld.world.assets.families as fa
    import interactiveworld.world.assets.object_looks as ol
    import interactiveworld.world.assets.texturekit_print as tp
    from interactiveworld.bench.taskpack import builtin_taskpacks

    import interactiveworld.world.assets.dress as dr

    printed: list[tuple] = []

    def spy(name):
        real = getattr(tp, name) if hasattr(tp, name) else getattr(dr, name)

        def call(*a, **k):
            if k.get("words", True):
                printed.append((name, a[:5], k.get("detail")))
            return real(*a, **k)
        return call

    for mod in (ol, fa):
        for name in PACKAGING_PRINTS:
            if hasattr(mod, name):
                monkeypatch.setattr(mod, name, spy(name))

    def build(kind, params):
        spec = CATALOG[kind]   # built afresh: build_asset's cache would skip the looks
        spec.build({**resolved_params(kind, params), **spec.fixed, "_kind": kind})

    kinds, bad = set(), []
    for tid, path in sorted(builtin_taskpacks().items()):
        for e in json.loads(Path(path).read_text())["scene"]["entities"]:
            if not e.get("labels"):
                continue
            kinds.add(e["kind"])
            printed.clear()
            build(e["kind"], e.get("params"))
            if printed:
                bad.append((tid, e["name"], e["kind"], printed[0]))
    assert {"bottle", "carton", "milk_carton", "juice_carton", "water_bottle", "card", "document"} <= kinds
    assert not bad, f"{len(bad)} labelled entities print product words, e.g. {bad[:3]}"
    printed.clear()
    build("olive_oil_bottle", None)
    assert any("Olive Oil" in c[1] for c in printed), printed
