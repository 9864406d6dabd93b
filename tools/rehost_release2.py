"""Re-host release-1 TaskPacks in generated layouts (InteractiveBench release 2): regenerates every byte of
taskpacks/release2/<id>.json from the release-1 file and the layout generator.

    python tools/rehost_release2.py [ID ...]        # the whole batch when no id is given

For each TaskPack of BATCH: a layout of the named environment type is planned with its host room the size of the
TaskPack's first room; the host room's own furniture is replaced by that room's entities, moved so the two rooms'
north-west corners meet (the TaskPack's layout, the positions the oracle's wording relies on, is kept); the
host room's door is moved where it blocks none of them; entities of the TaskPack's other rooms are left out (a
TaskPack whose text names one of them cannot be re-hosted this way and is refused). Layout entities whose keys
the TaskPack uses are renumbered. Then the whole layout is cluttered (stage 3) except the supports the TaskPack
names, look-alikes of the task objects are set on an unnamed support of the host room, and the scene is settled
and written in its canonical form (explicit poses, so a reset places nothing). Scenario, evidence, goals,
prohibitions, oracle, controls and capability points are copied unchanged; the hash is recomputed.
"""
from __future__ import annotations

import copy
import json
import re
import sys
from pathlib import Path

import numpy as np

from interactiveworld.bench.taskpack import rehash_file
from interactiveworld.world import Scene
from interactiveworld.world.layouts.clutter import add_lookalikes, place_clutter
from interactiveworld.world.layouts.generator import (asset_bounds, build_scene, interior, plan_layout,
                                                      plan_reachability)
from interactiveworld.world.layouts.grid import footprint, overlaps
from interactiveworld.world.layouts.library import failing_key

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "taskpacks"
TARGET = ROOT / "taskpacks" / "release2"
BATCH = {
    # id: (environment type, layout seed, host room type); the first goal's object gets two look-alikes
    "accessibility-01": ("flat", 101, "kitchen"),
    "decision-10": ("house", 102, "kitchen"),
    "finding-12": ("flat", 103, "kitchen"),
    "guidance-05": ("house", 104, "kitchen"),
}


def _named_keys(tp: dict) -> set[str]:
    """Entity keys the TaskPack's text names (everything but its scene)."""
    text = json.dumps({k: v for k, v in tp.items() if k != "scene"})
    return set(re.findall(r"([a-z][a-z0-9_]*#\d+)", text)) | {
        f"{name}#{int(idx)}" for name, idx in re.findall(r"<([a-z][a-z0-9_]*)> \((\d+)\)", text)}


def rehost(task_id: str) -> dict:
    env, seed, host_type = BATCH[task_id]
    tp = json.loads((SOURCE / f"{task_id}.json").read_text())
    scene = tp["scene"]
    kinds = {f"{e['name']}#{e['index']}": e["kind"] for e in scene["entities"]}
    goal_keys = re.findall(r"([a-z][a-z0-9_]*#\d+)", json.dumps(tp["completion"].get("goals", [])))
    lookalike = next((kinds[k] for k in goal_keys if k in kinds), None)
    named = _named_keys(tp)
    x0, y0, x1, y1 = scene["rooms"][0]["rect"]
    plan = plan_layout(env, seed, name=f"{env}-{task_id}", sizes={host_type: (x1 - x0, y1 - y0)})
    host = next(r for r in plan["rooms"] if r["type"] == host_type)
    hx0, _, _, hy1 = host["rect"]
    dx, dy = hx0 - x0, hy1 - y1
    task_box = scene["rooms"][0]["rect"]

    def in_task_room(xy) -> bool:
        return task_box[0] <= xy[0] <= task_box[2] and task_box[1] <= xy[1] <= task_box[3]

    # the TaskPack's first-room fixtures and their riders; the rest left out (refused when named)
    keep, left_out = [], []
    placed_on = {}
    for e in scene["entities"]:
        key = f"{e['name']}#{e['index']}"
        if "at" in e:
            (keep if in_task_room(e["at"]["xy"]) else left_out).append(e)
        else:
            sup = (e.get("on") or e.get("in") or {}).get("support") or (e.get("in") or {}).get("container")
            placed_on[key] = sup
            (keep if sup in {f"{k['name']}#{k['index']}" for k in keep} else left_out).append(e)
    bad = sorted(named & {f"{e['name']}#{e['index']}" for e in left_out})
    if bad:
        raise ValueError(f"{task_id}: names entities outside its first room: {bad}")
    task_keys = {f"{e['name']}#{e['index']}" for e in keep}
    task_names = {e["name"] for e in keep}
    # the host room's own furniture goes; layout keys the TaskPack uses are renumbered
    plan["furniture"] = [i for i in plan["furniture"] if i["room"] != host["name"]]
    for item in plan["furniture"]:
        name, idx = item["key"].split("#")
        if name in task_names:
            item["key"] = f"{name}#{int(idx) + 50}"
    for e in keep:
        if "at" in e:
            e["at"] = {**e["at"], "xy": [round(e["at"]["xy"][0] + dx, 4), round(e["at"]["xy"][1] + dy, 4)]}
            plan["furniture"].append({"key": f"{e['name']}#{e['index']}", "kind": e["kind"], "room": host["name"],
                                      "at": e["at"]["xy"], "yaw": e["at"].get("yaw", 0.0), "z": e["at"].get("z"),
                                      "params": e.get("params", {}), "task": True})
    # the host door where it blocks no task fixture and no hub furniture
    fps = [footprint(*asset_bounds(i["kind"], i["params"]), *i["at"], i["yaw"]) for i in plan["furniture"]
           if i["kind"] not in ("whiteboard", "wall_board", "poster", "sign")]
    door = next(d for d in plan["doors"] if host["name"] in d["rooms"] and not d.get("entrance"))
    lo, hi = interior(host["rect"])[0] + 0.75, interior(host["rect"])[2] - 0.75
    for x in sorted(np.arange(lo, hi, 0.05), key=lambda v: abs(v - door["at"][0])):
        zone = (x - 0.6, door["at"][1] - 1.0, x + 0.6, door["at"][1] + 1.0)
        if not any(overlaps(zone, f) for f in fps):
            door["at"] = [round(float(x), 2), door["at"][1]]
            break
    else:
        raise ValueError(f"{task_id}: no place for the {host['name']} door")
    # windows of the host room that a tall task fixture (a fridge, a tall cupboard) would stand in front of go
    tall = [f for f, i in zip(fps, [i for i in plan["furniture"] if i["kind"] not in ("whiteboard", "wall_board",
                                                                                     "poster", "sign")])
            if i.get("task") and asset_bounds(i["kind"], i["params"])[1][2] + float(i.get("z") or 0.0) > 1.2]
    keep_windows = []
    for w in plan["windows"]:
        half = w["width"] / 2 + 0.1
        span = (w["at"][0] - half, w["at"][1] - 0.3, w["at"][0] + half, w["at"][1] + 0.3) \
            if w["side"] in ("north", "south") else (w["at"][0] - 0.3, w["at"][1] - half, w["at"][0] + 0.3,
                                                     w["at"][1] + half)
        if not (w["room"] == host["name"] and any(overlaps(span, f) for f in tall)):
            keep_windows.append(w)
    plan["windows"] = keep_windows
    h = scene["human"]
    plan["human"] = {"xy": [h["xy"][0] + dx, h["xy"][1] + dy], "yaw": h["yaw"]}
    check = plan_reachability(plan)
    if check["rooms_unreached"]:
        raise ValueError(f"{task_id}: rooms not reachable: {check['rooms_unreached']}")
    place_clutter(plan)
    plan["clutter"] = [o for o in plan["clutter"] if o["support"] not in named]
    free = [i["key"] for i in plan["furniture"] if i.get("task") and i["key"] not in named
            and i["kind"] in ("counter", "table", "shelf", "cabinet")]
    if lookalike and free:
        add_lookalikes(plan, lookalike, free[0], count=2)
    # keys of clutter that the TaskPack's own objects use are renumbered too
    for obj in plan["clutter"] + plan["floor_items"]:
        name, idx = obj["key"].split("#")
        if name in task_names:
            obj["key"] = f"{name}#{int(idx) + 50}"
    task_fixtures = [i["key"] for i in plan["furniture"] if i.get("task")]
    drop: list[str] = []
    while True:
        d = build_scene(plan, drop=drop)
        # the TaskPack's own entities as written (labels, states, descriptions), fixtures replaced in place
        ents = []
        for e in d["entities"]:
            key = f"{e['name']}#{e['index']}"
            ents.append(copy.deepcopy(next(k for k in keep if f"{k['name']}#{k['index']}" == key))
                        if key in task_fixtures else e)
        ents += [copy.deepcopy(e) for e in keep if "at" not in e]
        d["entities"] = ents
        d["name"] = f"{scene['name']} in {plan['name']}"
        try:
            loaded = Scene.from_dict(d)
            break
        except Exception as exc:  # an object the settle could not rest: leave it out (never a task object)
            key = failing_key(str(exc))
            if key is None or key in task_keys or key in drop:
                raise
            drop.append(key)
    out = copy.deepcopy(tp)
    out["scene"] = loaded.to_dict()
    out["scene"]["attributes"] = {**out["scene"].get("attributes", {}),
                                  "release": 2, "rehosted_from": tp["hash"]}
    out["version"] = "2.0.0"
    out.pop("hash", None)
    return out


def main(argv: list[str]) -> int:
    TARGET.mkdir(parents=True, exist_ok=True)
    for task_id in argv or list(BATCH):
        out = rehost(task_id)
        path = TARGET / f"{task_id}.json"
        path.write_text(json.dumps(out, indent=1) + "\n")
        rehash_file(path)  # validates, then writes the hash
        n = sum(1 for e in out["scene"]["entities"] if "pose" in e)
        print(f"{path}: {n} entities, {path.stat().st_size // 1024} KB", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
