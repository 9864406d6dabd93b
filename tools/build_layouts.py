"""Build the layout library: load every generated layout, drop the objects the loader cannot rest where planned,
check the scene, and record the drops and the measured numbers in the manifest.

    python tools/build_layouts.py [NAME ...]        # all layouts when no name is given

Writes src/interactiveworld/world/layouts/data/manifest.json (entries of other layouts are kept). The load time
recorded is a second, clean load of the final scene (wall clock, this machine).
"""
from __future__ import annotations

import json
import sys
import time

from interactiveworld.world import Scene
from interactiveworld.world.layouts.generator import build_scene
from interactiveworld.world.layouts.library import (MANIFEST_PATH, build_layout, layout_category, layout_names,
                                                    plan_digest, read_manifest, validate_layout_scene)


def main(argv: list[str]) -> int:
    names = argv or layout_names()
    manifest = read_manifest()
    for name in names:
        t0 = time.perf_counter()
        plan, scene, drop = build_layout(name, start=[])  # a fresh build finds the drops again
        build_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        scene = Scene.from_dict(build_scene(plan, drop=drop))
        load_s = time.perf_counter() - t0
        check = validate_layout_scene(plan, scene)
        manifest[name] = {"category": layout_category(name), "plan": plan_digest(plan), "drop": drop,
                          "rooms": len(plan["rooms"]),
                          "doors": len(plan["doors"]), "windows": len(plan["windows"]),
                          "fixtures": len(plan["furniture"]) + len(plan["windows"]), **check,
                          "load_s": round(load_s, 2)}
        print(f"{name}: {check['instances']} instances, {len(drop)} dropped, load {load_s:.1f} s "
              f"(build {build_s:.1f} s), deepest {check['max_penetration_m'] * 100:.1f} cm, "
              f"unreached {check['rooms_unreached'] + check['pieces_unreached']}", flush=True)
        MANIFEST_PATH.parent.mkdir(parents=True, exist_ok=True)
        tmp = MANIFEST_PATH.with_suffix(".tmp")
        tmp.write_text(json.dumps(dict(sorted(manifest.items())), indent=1) + "\n")
        tmp.replace(MANIFEST_PATH)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
