"""Layout generator, clutter placer and library: determinism, validity, counts."""
from __future__ import annotations

import json
import math
import statistics

import numpy as np
import pytest

from interactiveworld.world import Scene
from interactiveworld.world.assets import build_asset
from interactiveworld.world.layouts.clutter import add_lookalikes, place_clutter, spot_for
from interactiveworld.world.physics import world_of
from interactiveworld.world.relations import supporters
from interactiveworld.world.layouts.generator import (WALL_MOUNTED, LayoutError, asset_bounds, build_scene,
                                                      plan_layout, plan_reachability)
from interactiveworld.world.layouts.grid import OccupancyGrid, footprint, overlaps
from interactiveworld.world.layouts.library import (CATEGORIES, failing_key, layout_category, layout_names,
                                                    layout_plan, plan_digest, read_manifest,
                                                    validate_layout_scene)
from interactiveworld.world.layouts.programmes import ENVIRONMENTS


def test_plan_is_deterministic_and_seeded():
    a = place_clutter(plan_layout("flat", 3))
    b = place_clutter(plan_layout("flat", 3))
    assert json.dumps(a) == json.dumps(b)
    assert build_scene(a) == build_scene(b)
    c = plan_layout("flat", 4)
    assert json.dumps(c["furniture"]) != json.dumps(a["furniture"])


def test_unknown_environment_is_named():
    with pytest.raises(LayoutError, match="unknown environment type 'castle'"):
        plan_layout("castle", 1)
    with pytest.raises(KeyError, match="unknown layout"):
        layout_category("flat-99")


def test_fifty_layouts_across_every_category():
    names = layout_names()
    assert len(names) >= 50 and len(set(names)) == len(names)
    by_cat = {c: sum(layout_category(n) == c for n in names) for c in CATEGORIES}
    assert all(v >= 5 for v in by_cat.values()), by_cat
    assert {e["category"] for e in ENVIRONMENTS.values()} == set(CATEGORIES)


def test_occupancy_grid_two_rooms_through_a_door():
    # two 2 x 2 m rooms side by side, joined only by a 0.9 m opening in the wall at x = 2
    floors = [(0.05, 0.05, 1.95, 1.95), (2.05, 0.05, 3.95, 1.95), (1.9, 0.55, 2.1, 1.45)]
    g = OccupancyGrid((0.0, 0.0, 4.0, 2.0), floors)
    mask = g.reachable((0.5, 1.0))
    assert g.any_in(mask, (2.05, 0.05, 3.95, 1.95))
    g.block((1.9, 0.5, 2.1, 1.5))                     # the door blocked: the second room is cut off
    mask = g.reachable((0.5, 1.0))
    assert not g.any_in(mask, (2.05, 0.05, 3.95, 1.95))
    # a 1.9 x 1.9 m floor, shrunk by the 0.2 m body radius on each side: 1.5 x 1.5 m of centres, 15 x 15 cells
    g2 = OccupancyGrid((0.0, 0.0, 2.0, 2.0), [(0.05, 0.05, 1.95, 1.95)])
    assert int(g2.reachable((1.0, 1.0)).sum()) == 15 * 15


@pytest.mark.parametrize("env", ["house", "grocery", "school", "gym"])
def test_plan_validity(env):
    plan = place_clutter(plan_layout(env, 2))
    # every room opens onto the hub by a door (plus the entrance)
    assert len(plan["doors"]) == len(plan["rooms"])
    check = plan_reachability(plan)
    assert check["rooms_unreached"] == [] and check["pieces_unreached"] == []
    # floor-standing pieces do not overlap (recomputed from the catalog's boxes)
    boxes = []
    for item in plan["furniture"]:
        if item["kind"] in WALL_MOUNTED or item.get("z") is not None:
            continue
        m = build_asset(item["kind"], item["params"])
        boxes.append((item["key"], footprint(m.bounds[0], m.bounds[1], *item["at"], item["yaw"])))
        room = next(r for r in plan["rooms"] if r["name"] == item["room"])
        fp = boxes[-1][1]
        assert room["rect"][0] <= fp[0] and fp[2] <= room["rect"][2] and room["rect"][1] <= fp[1] \
            and fp[3] <= room["rect"][3], item
    for i, (ka, a) in enumerate(boxes):
        for kb, b in boxes[i + 1:]:
            assert not overlaps(a, b, -0.005), (ka, kb)
    # clutter rests on fixtures that exist, on surfaces they have
    keys = {i["key"]: i for i in plan["furniture"]}
    for obj in plan["clutter"]:
        sup = keys[obj["support"]]
        assert obj["surface"] in [s.name for s in build_asset(sup["kind"], sup["params"]).surfaces]
        assert -1 <= obj["spot"][0] <= 1 and 0 <= obj["spot"][1] <= 1


def test_instances_per_layout_median_at_least_150_and_manifest_current():
    manifest = read_manifest()
    counts = []
    for name in layout_names():
        plan = layout_plan(name)
        counts.append(len(plan["clutter"]) + len(plan["floor_items"]))
        entry = manifest[name]
        # the recorded drops belong to this very plan (else: python tools/build_layouts.py)
        assert entry["plan"] == plan_digest(plan), \
            f"{name}: plan changed since the build: python tools/build_layouts.py"
        keys = {o["key"] for o in plan["clutter"] + plan["floor_items"]}
        assert set(entry["drop"]) <= keys
        assert entry["penetration_ok"] and entry["max_penetration_m"] <= 0.05
        assert not entry["rooms_unreached"] and not entry["pieces_unreached"]
    assert min(counts) >= 100 and statistics.median(counts) >= 150, (min(counts), statistics.median(counts))
    loaded = [manifest[n]["instances"] for n in layout_names()]
    assert statistics.median(loaded) >= 150


def test_spot_for_puts_the_centre_where_planned():
    # a table, and a book planned with its footprint centre 10 cm in from the front-left corner region
    lo, hi = asset_bounds("book")
    hx, hy = 0.4, 0.6   # the default table's top half sizes [m]
    cx, cy = 0.4 - 0.01 - (hi[0] - lo[0]) / 2, -0.3
    u, v = spot_for("book", hx, hy, cx, cy)
    d = {"format": "interactiveworld.scene/1", "name": "t", "rooms": [{"name": "r", "rect": [0, 0, 4, 4]}],
         "entities": [{"name": "table", "index": 1, "kind": "table", "at": {"xy": [2.0, 2.0], "yaw": 0.0}},
                      {"name": "book", "index": 1, "kind": "book", "on": {"support": "table#1", "spot": [u, v]}}],
         "human": {"xy": [0.5, 0.5], "yaw": 0.0}}
    scene = Scene.from_dict(d)
    t, _ = scene.entities["book#1"].obb()
    np.testing.assert_allclose(t[:2, 3], [2.0 + cx, 2.0 + cy], atol=0.011)


def test_failing_key_reads_both_messages():
    assert failing_key("entities[47] (book#4): no free spot for book#4 on shelf_3") == "book#4"
    assert failing_key("bowl#4 cannot be placed on cabinet#1: it fell to the floor") == "bowl#4"
    assert failing_key("something else") is None


def test_smallest_layout_loads_settled_and_reachable():
    name = "studio_flat-01"
    plan = layout_plan(name)
    drop = read_manifest().get(name, {}).get("drop", [])
    counter = next(i["key"] for i in plan["furniture"] if i["kind"] == "counter")
    distractors = add_lookalikes(plan, "milk_carton", counter, count=3)
    assert [k.split("#")[0] for k in distractors] == ["milk_carton", "juice_carton", "carton"]
    scene = Scene.from_dict(build_scene(plan, drop=drop))
    for k in distractors:   # each look-alike rests on the counter it was set on
        assert counter in supporters(scene, k), k
    check = validate_layout_scene(plan, scene)
    assert check["penetration_ok"] and not check["rooms_unreached"] and not check["pieces_unreached"]
    # stable under MuJoCo: the settled scene, reloaded by explicit pose and settled again, stays put
    settled = scene.to_dict()
    again = Scene.from_dict(settled)
    world_of(again).settle(record=False)
    drift = max(float(np.abs(again.entities[k].pose[:3, 3] - scene.entities[k].pose[:3, 3]).max())
                for k in scene.entities if scene.entities[k].movable)
    assert drift < 0.005, drift
    drop = set(drop)
    planned = {o["key"] for o in plan["clutter"] + plan["floor_items"]} - drop
    assert planned <= set(scene.entities)
    # every clutter object rests at the height of a surface of its support (none fell)
    for obj in plan["clutter"]:
        if obj["key"] in drop or obj["support"] in drop:
            continue
        z = scene.entities[obj["key"]].pose[2, 3]
        assert z > 0.3 or obj["support"].startswith(("shelf", "cabinet", "rack", "fridge", "locker")), obj
