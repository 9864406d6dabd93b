"""GPU check: the Warp CUDA renderer's frames per second at 640 x 480 and batched pose checks per second, each
beside the CPU path on the same inputs (whose results the GPU must reproduce).

Runs only where Warp sees a CUDA device; elsewhere it says so and exits 0 without measuring anything. Not part of
the test suite (the file name keeps pytest away); run it by hand on a machine with a GPU:

    .venv/bin/python benchmarks/gpu_check.py [--frames 200] [--poses 65536] [--json OUT]

Frames: the benchmark kitchen of benchmarks/bench_render.py (~100 k static triangles with label quads; an open
fridge door, the wearer's arm and a held carton as the dynamic set, refitted every frame), contact shadows on,
Renderer(engine="warp-cuda"); the owner map must match Embree's on the CPU (at most 0.1% of pixels differ, rays
grazing an edge). Pose checks: ``kernels.collision.check_poses`` on ``cuda:0`` for a batch of perturbed standing
poses of the built-in body against a table box, verdicts compared with the same call on the CPU device.
Printed: one line per measure and, with ``--json``, the figures in a file.
"""
from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np


def _cuda() -> bool:
    from interactiveworld.render.engines.warp_engine import cuda_available

    return cuda_available()


def frames_per_second(n_frames: int) -> dict:
    """Mean frames per second of the CUDA renderer over ``n_frames`` (after two warm-up frames)."""
    from interactiveworld.render import Camera, Renderer, scenes
    from interactiveworld.render.gallery import held_carton

    static, door = scenes.kitchen(open_fraction=0.7, detail_faces=95_000)
    cam = Camera.look_at((1.5, 0.8, 1.6), (3.4, 3.6, 1.0), width=640, height=480)
    held, arm, _, _ = held_carton(cam.eye, cam.forward)
    dynamic = [door, arm] + held
    out = {}
    for engine in ("warp-cuda", "embree"):
        r = Renderer(engine=engine, width=640, height=480)
        r.set_static(static)
        img, ids = r.render_with_ids(cam, dynamic)
        r.render(cam, dynamic)
        count = n_frames if engine == "warp-cuda" else max(5, n_frames // 20)
        t0 = time.perf_counter()
        for _ in range(count):
            r.render(cam, dynamic)   # each returns a host image: the device work is complete
        dt = time.perf_counter() - t0
        out[engine] = {"fps": count / dt, "ms_per_frame": dt / count * 1e3,
                       "names": np.array(r.owners + [""])[ids]}
    differ = float((out["warp-cuda"]["names"] != out["embree"]["names"]).mean())
    assert differ <= 1e-3, f"CUDA owner map differs from Embree's in {differ:.3%} of pixels"
    return {"cuda_fps": out["warp-cuda"]["fps"], "cuda_ms_per_frame": out["warp-cuda"]["ms_per_frame"],
            "cpu_embree_fps": out["embree"]["fps"], "owner_pixels_differing": differ}


def pose_checks_per_second(n_poses: int) -> dict:
    """Batched capsule-rig pose checks per second on ``cuda:0`` and on the CPU device."""
    from interactiveworld.body import Y_UP_TO_Z_UP, BodyModel, CapsuleRig, standing_pose
    from interactiveworld.kernels import collision

    model = BodyModel.builtin()
    rig = CapsuleRig.for_model(model)
    rng = np.random.default_rng(0)
    p0, t0 = standing_pose(model, (0.0, 0.0), 0.0)
    P = np.tile(p0, (n_poses, 1))
    P[:, 3:66] += rng.normal(0, 0.3, (n_poses, 63))
    T = np.tile(t0, (n_poses, 1))
    T[:, 0] += rng.uniform(-0.3, 0.1, n_poses)
    box = np.eye(4)
    box[:3, 3] = [0.45, 0.0, 0.45]
    halves = np.array([[0.3, 0.5, 0.45]])
    rates, verdicts = {}, {}
    for device, n in (("cuda:0", n_poses), ("cpu", min(n_poses, 4096))):
        args = (model.parents, model.rest_joints, Y_UP_TO_Z_UP, rig, P[:n], T[:n])
        kw = dict(box_transforms=box[None], box_half_extents=halves, exact=False, device=device)
        collision.check_poses(*args, **kw)   # warm-up: module load, allocations
        t = time.perf_counter()
        _, ok = collision.check_poses(*args, **kw)
        rates[device] = n / (time.perf_counter() - t)
        verdicts[device] = ok
    m = len(verdicts["cpu"])
    agree = float(np.mean(verdicts["cuda:0"][:m] == verdicts["cpu"]))
    assert agree >= 0.99, f"CUDA pose verdicts agree with the CPU on only {agree:.2%}"
    return {"cuda_poses_per_s": rates["cuda:0"], "cpu_poses_per_s": rates["cpu"], "verdicts_agree": agree,
            "batch": n_poses}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--frames", type=int, default=200, help="frames timed on the GPU (default 200)")
    ap.add_argument("--poses", type=int, default=65536, help="poses per batch on the GPU (default 65536)")
    ap.add_argument("--json", help="write the figures to this file")
    args = ap.parse_args(argv)
    if not _cuda():
        print("gpu_check: Warp sees no CUDA device here; nothing measured.")
        return 0
    figures = {"render_640x480": frames_per_second(args.frames), "pose_checks": pose_checks_per_second(args.poses)}
    r, p = figures["render_640x480"], figures["pose_checks"]
    print(f"render 640x480, shadows, warp-cuda: {r['cuda_fps']:.1f} fps ({r['cuda_ms_per_frame']:.2f} ms/frame); "
          f"Embree on the CPU {r['cpu_embree_fps']:.1f} fps; owner maps differ in {r['owner_pixels_differing']:.4%}")
    print(f"pose checks, batch {p['batch']}: cuda {p['cuda_poses_per_s']:.0f} poses/s, cpu "
          f"{p['cpu_poses_per_s']:.0f} poses/s; verdicts agree on {p['verdicts_agree']:.2%}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(figures, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
