"""The generator families: the catalog's breadth (categories and models), every family kind builds textured at
its table size, variants differ and are deterministic, and ``iw-eval assets`` lists the catalog."""
from __future__ import annotations

import numpy as np
import pytest

from interactiveworld.cli import main
from interactiveworld.world.assets import CATALOG, build_asset
from interactiveworld.world.assets.families import FAMILY_OF, VARIANTS_OF, catalog_rows, is_textured
from interactiveworld.world.assets.family_tables import FAMILY_ROWS


def test_breadth_is_at_least_400_categories_and_1500_models():
    movable = [k for k, s in CATALOG.items() if s.movable]
    models = sum(VARIANTS_OF.get(k, 1) for k in movable)
    assert len(movable) >= 400 and models >= 1500, (len(movable), models)
    assert len({r["kind"] for r in FAMILY_ROWS}) == len(FAMILY_ROWS) == len(FAMILY_OF)


def test_every_family_kind_builds_textured_at_its_table_size():
    for row in FAMILY_ROWS:
        m = build_asset(row["kind"])
        lo, hi = m.bounds
        want = np.asarray(row["size"], float)
        if row["family"] == "vessel" and row.get("lying"):
            want = want[[2, 0, 1]]            # laid along x
        np.testing.assert_allclose(hi - lo, want, rtol=2e-3, atol=1e-4, err_msg=row["kind"])
        assert is_textured(m), row["kind"]
        assert m.movable and "movable" in m.affordances


@pytest.mark.parametrize("kind", ["teacup", "wine_bottle", "soda_can", "cereal_box", "orange_juice_carton",
                                  "paprika_crisps", "pear", "bagel", "hammer", "tv_remote", "paperback",
                                  "t_shirt", "football"])
def test_variants_differ_and_rebuild_identically(kind):
    spec = CATALOG[kind]

    def build(v):
        return spec.build({**spec.defaults, "variant": v, **spec.fixed, "_kind": kind})

    a, b, c = build(0), build(0), build(3)
    assert [p.mesh.vertices.tobytes() for p in a.parts] == [p.mesh.vertices.tobytes() for p in b.parts]
    assert all(np.array_equal(x.albedo, y.albedo) for pa, pb in zip(a.parts, b.parts)
               for x, y in zip(pa.materials, pb.materials))
    same_shape = [p.mesh.vertices.tobytes() for p in a.parts] == [p.mesh.vertices.tobytes() for p in c.parts]
    same_look = all(np.array_equal(x.albedo, y.albedo) for pa, pc in zip(a.parts, c.parts)
                    for x, y in zip(pa.materials, pc.materials))
    assert not (same_shape and same_look), kind


def test_a_variant_out_of_range_is_refused():
    with pytest.raises(ValueError, match="variant must be an integer in"):
        build_asset("teacup", {"variant": 9})


def test_open_vessels_are_containers_with_an_interior():
    m = build_asset("salad_bowl")
    assert {"container", "pour_target"} <= m.affordances
    r = m.region("interior")
    assert r is not None and m.surface("interior") is not None
    assert r.half[0] < 0.14 and r.center[2] + r.half[2] <= 0.1 + 1e-9


def test_catalog_listing_names_family_and_variants(capsys):
    rows = {r.kind: r for r in catalog_rows(check_textures=False)}
    assert rows["teacup"].family == "vessel" and rows["teacup"].variants == 5
    assert rows["fork"].family == "objects" and rows["fork"].variants == 1
    assert rows["fridge"].movable is False
    assert main(["assets", "--movable", "--no-check"]) == 0
    out = capsys.readouterr().out
    assert "teacup" in out and "fridge" not in out
    n = sum(1 for s in CATALOG.values() if s.movable)
    assert f"{n} movable categories" in out
