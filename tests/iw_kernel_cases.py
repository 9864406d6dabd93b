"""Valid calls of every public host function of ``interactiveworld.kernels`` and their mutations (one argument at a
time replaced by a wrong shape, dtype, length, device-less array, NaN, inf, out-of-range index, None or empty
value), run in a child interpreter by tests/test_kernel_mutations.py.

    python tests/iw_kernel_cases.py START   # runs cases START.. and prints one line per case

Output per case: ``BEGIN <i>`` before the call, ``END <i> <outcome>`` after it (``ok`` or the exception type), so a
case that kills the interpreter is the last one begun and not ended. ``COUNT <n>`` comes first.
"""
from __future__ import annotations

import sys
from types import SimpleNamespace

import numpy as np


def _skeleton():
    parents = np.array([-1, 0, 1, 2, 0, 4, 5, 0, 7, 8, 0, 10, 11, 0, 13, 14], np.int32)
    rest = np.zeros((16, 3))
    rest[1:, 0] = np.arange(1, 16) * 0.02
    rest[1:, 1] = (np.arange(1, 16) - 1) // 3 * 0.02
    return parents, rest, np.eye(3)


def _tetra():
    v = np.array([[0, 0, 0], [0.1, 0, 0], [0, 0.1, 0], [0, 0, 0.1]], np.float32)
    f = np.array([[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]], np.int32)
    return v, f


def calls():
    """(name, function, valid positional args, valid keyword args) of every public Warp host function."""
    import warp as wp

    from interactiveworld.kernels import collision, fk, grasp, raycast, sdf, shading
    from interactiveworld.render.camera import Camera
    from interactiveworld.render.shading import ENCODE_LUT

    parents, rest, up = _skeleton()
    J = len(parents)
    rig = SimpleNamespace(joint_a=np.array([0, 1]), joint_b=np.array([1, 2]), offset_a=np.zeros((2, 3)),
                          offset_b=np.zeros((2, 3)), radii=np.array([0.05, 0.04]))
    poses = np.zeros((2, 3 * J))
    trans = np.array([[0.0, 0.0, 1.0], [0.5, 0.0, 1.0]])
    box_t = np.eye(4)[None].repeat(2, 0)
    box_t[1, :3, 3] = (3.0, 0.0, 0.0)
    box_h = np.full((2, 3), 0.2)
    sdf_v = np.linspace(-0.1, 0.2, 64, dtype=np.float32).reshape(4, 4, 4)
    v, f = _tetra()
    grid, origin = sdf.build_voxel_sdf(v, f, 0.05, 0.05)
    cam = Camera.look_at((0.3, -0.4, 0.2), (0.03, 0.03, 0.03), width=8, height=6)
    n = 48
    mesh = raycast.build_mesh(v, f, device="cpu")
    dyn = raycast.build_mesh(v + 0.2, f, device="cpu")
    origins, dirs = raycast.camera_rays(cam, device="cpu", near=0.05)
    o_np, d_np = origins.numpy(), dirs.numpy()
    hits = [wp.zeros(n, dtype=dt) for dt in (wp.float32, wp.int32, wp.float32, wp.float32)]
    light = np.array([0.0, 0.0, 1.0], np.float32)
    fs = len(f)
    albedo = np.full((fs + 1, 3), 0.5, np.float32)
    normal = np.tile(np.array([[0.0, 0.0, 1.0]], np.float32), (fs + 1, 1))
    tex = np.full((4, 4, 3), 0.5, np.float32)
    slot = np.array([0] + [-1] * fs, np.int32)
    uv = np.zeros((fs + 1, 3, 2), np.float32)
    st = shading.make_face_table(albedo, normal, normal[:, 2].copy(), slot, uv, [tex], device="cpu")
    dt = shading.make_face_table(albedo[:fs], normal[:fs], normal[:fs, 2].copy(), slot[:fs] * 0 - 1, uv[:fs], [],
                                 device="cpu")
    rays = shading.shadow_rays(mesh, dyn, light, 1.0, 1e-3, 8, 6, 2, device="cpu")
    # A lit-model table (corner light, one material) for update_face_light, which refuses a Lambert table.
    corner = np.tile(np.array([0.0, 0.0, 1.0], np.float32), (fs, 3, 1))
    lit = {"corner_n": corner, "corner_e": corner * 0.5, "corner_d": corner * 0.25, "mat": np.zeros(fs, np.int32),
           "rough": np.full(1, 0.5, np.float32), "metal": np.zeros(1, np.float32),
           "opacity": np.ones(1, np.float32), "emissive": np.zeros((1, 3), np.float32)}
    lt = shading.make_face_table(albedo[:fs], normal[:fs], normal[:fs, 2].copy(), slot[:fs] * 0 - 1, uv[:fs], [],
                                 device="cpu", lit=lit)
    lut = wp.array(ENCODE_LUT, dtype=wp.uint8)
    raycast.first_hit_eye(mesh, dyn, fs, cam.eye, 0.05, dirs, device="cpu", out=hits)
    i8 = [wp.zeros(n, dtype=wp.int8) for _ in range(4)]
    ndl, so = wp.zeros(n, dtype=wp.float32), wp.zeros(n, dtype=wp.vec3)
    rgb = wp.zeros(n, dtype=shading.vec3ub)
    rgb_aa = wp.zeros(n, dtype=shading.vec3ub)
    rects = np.array([[0, 7, 0, 5]] * fs, np.int32)
    tris = raycast.prepare_rect_triangles(v, f, rects, cam, device="cpu")
    refit = raycast.RefitMesh("cpu")
    wrists = np.eye(4)[None].repeat(2, 0)
    fj = np.arange(1, 16).reshape(5, 3)
    t, face, u, vv = hits
    return [
        ("fk.forward_kinematics", fk.forward_kinematics, (parents, rest, up, poses, trans), {}),
        ("collision.check_poses", collision.check_poses, (parents, rest, up, rig, poses, trans),
         dict(box_transforms=box_t, box_half_extents=box_h, sdf_values=sdf_v, sdf_origin=np.zeros(3),
              sdf_voxel=0.1, tolerance=0.0)),
        ("sdf.build_voxel_sdf", sdf.build_voxel_sdf, (v, f, 0.05, 0.05), {}),
        ("sdf.query_voxel_sdf", sdf.query_voxel_sdf, (grid, origin, 0.05, np.zeros((3, 3))), {}),
        ("sdf.mesh_signed_distance", sdf.mesh_signed_distance, (v, f, np.zeros((3, 3))), dict(max_dist=1.0)),
        ("grasp.finger_clearance_table", grasp.finger_clearance_table,
         (rest, parents, np.zeros(3 * J), wrists, fj, np.tile([0.0, 0.0, 1.0], (5, 1)), np.full((5, 3), 0.01),
          np.full(5, 0.008), sdf_v, np.zeros(3), 0.1, np.eye(4)), dict(step=0.2, max_angle=1.0)),
        ("raycast.build_mesh", raycast.build_mesh, (v, f), dict(device="cpu")),
        ("raycast.RefitMesh.update", refit.update, (v, f), {}),
        ("raycast.first_hit", raycast.first_hit, (mesh, dyn, fs, o_np, d_np), dict(device="cpu", max_t=10.0)),
        ("raycast.any_hit", raycast.any_hit, (mesh, dyn, o_np, d_np, 1.0), dict(device="cpu")),
        ("raycast.camera_rays", raycast.camera_rays, (cam,),
         dict(device="cpu", near=0.05, out=(origins, dirs), rows=(1, 3))),
        ("raycast.first_hit_eye", raycast.first_hit_eye, (mesh, dyn, fs, cam.eye, 0.05, dirs),
         dict(device="cpu", out=hits)),
        ("raycast.camera_first_hit", raycast.camera_first_hit, (mesh, dyn, fs, cam, 0.05),
         dict(device="cpu", dirs=dirs, out=hits, rows=(0, 6))),
        ("raycast.prepare_rect_triangles", raycast.prepare_rect_triangles, (v, f, rects, cam), dict(device="cpu")),
        ("raycast.rect_first_hit_rows", raycast.rect_first_hit_rows, (tris, 0.05, dirs, fs + 1, t, face, u, vv),
         dict(rows=(0, 6))),
        ("raycast.rect_first_hit", raycast.rect_first_hit, (v, f, rects, cam, 0.05, dirs, fs + 1, t, face, u, vv),
         dict(device="cpu")),
        ("shading.make_face_table", shading.make_face_table, (albedo, normal, normal[:, 2].copy(), slot, uv, [tex]),
         dict(device="cpu")),
        ("shading.update_face_normals", shading.update_face_normals, (dt, normal[:fs], normal[:fs, 2].copy()), {}),
        ("shading.update_face_light", shading.update_face_light, (lt, corner, corner * 0.5, corner * 0.25), {}),
        ("shading.shadow_rays", shading.shadow_rays, (mesh, dyn, light, 1.0, 1e-3, 8, 6, 2), dict(device="cpu")),
        ("shading.shade", shading.shade, (st, dt, fs, face, u, vv, dirs, i8[0], 0.3, 0.7, 0.4, lut),
         dict(device="cpu", out=rgb, width=8, rows=(0, 6))),
        ("shading.shadow_prepare", shading.shadow_prepare, (st, dt, fs, face, t, dirs, cam.eye, 0.05, rays),
         dict(device="cpu", out=(ndl, so, i8[0], i8[1]), rows=(0, 6))),
        ("shading.shadow_refine", shading.shadow_refine, (face, ndl, i8[0], i8[1], so, rays),
         dict(device="cpu", out=(i8[2], i8[3]), rows=(2, 4))),
        ("shading.shade_shadowed", shading.shade_shadowed,
         (st, dt, fs, face, u, vv, dirs, ndl, i8[0], i8[1], i8[2], i8[3], 8, 2, 0.3, 0.7, 0.4, lut),
         dict(device="cpu", out=rgb, rows=(0, 6))),
        ("shading.shade_refined", shading.shade_refined,
         (st, dt, fs, face, u, vv, dirs, ndl, i8[0], i8[1], so, rays, 0.3, 0.7, 0.4, lut),
         dict(device="cpu", out=rgb, rows=(0, 6))),
        ("shading.edge_aa", shading.edge_aa, (rgb, face, t, 8), dict(device="cpu", out=rgb_aa, rows=(0, 6))),
    ]


def mutations(value):
    """Wrong versions of one valid argument."""
    import warp as wp

    out = [None, "x"]
    if isinstance(value, wp.array):
        out += [value.numpy(), wp.zeros(max(value.shape[0] - 1, 0), dtype=value.dtype),
                wp.zeros(value.shape[0], dtype=wp.float64 if value.dtype != wp.float64 else wp.int32)]
    elif isinstance(value, np.ndarray) and np.issubdtype(value.dtype, np.integer):
        out += [value + 1000, value - 1007, value.astype(float) + 0.5, value[..., :-1], value[:0],
                np.full(value.shape, -5, value.dtype)]
    elif isinstance(value, np.ndarray):
        out += [np.full(value.shape, np.nan, value.dtype), np.full(value.shape, np.inf, value.dtype), value[..., :-1],
                value[None], value[:0], np.full(value.shape, "a")]
    elif isinstance(value, (bool, np.bool_)):
        out += [2.5]
    elif isinstance(value, (int, np.integer)):
        out += [-1, 10**9, 2.5]
    elif isinstance(value, (float, np.floating)):
        out += [float("nan"), float("inf"), -1.0]
    elif isinstance(value, tuple) and len(value) == 2 and all(isinstance(x, int) for x in value):
        out += [(value[1], value[0] - 1), (-1, value[1]), (0, 10**6), ("a", 1)]
    elif isinstance(value, (tuple, list)):
        out += [tuple(value)[:-1], [None] * len(value)]
    elif isinstance(value, SimpleNamespace):
        for k, a in vars(value).items():
            for bad in mutations(a)[2:]:
                out.append(SimpleNamespace(**{**vars(value), k: bad}))
    elif hasattr(value, "eye") and hasattr(value, "forward"):   # a camera
        out += [SimpleNamespace(width=8, height=6, fov_y_deg=60.0, eye=np.full(3, np.nan), right=np.eye(3)[0],
                                up=np.eye(3)[2], forward=np.eye(3)[1]),
                SimpleNamespace(width=0, height=6, fov_y_deg=60.0, eye=np.zeros(3), right=np.eye(3)[0],
                                up=np.eye(3)[2], forward=np.eye(3)[1]),
                SimpleNamespace(width=8, height=6, fov_y_deg=200.0, eye=np.zeros(3), right=np.eye(3)[0],
                                up=np.eye(3)[2], forward=np.eye(3)[1])]
    return out


def cases():
    """(label, function, args, kwargs) of every mutated call, in a fixed order."""
    out = []
    for name, fn, args, kwargs in calls():
        for i, a in enumerate(args):
            for k, bad in enumerate(mutations(a)):
                out.append((f"{name} arg {i} mutation {k}", fn, args[:i] + (bad,) + args[i + 1:], kwargs))
        for key, a in kwargs.items():
            if key == "device":
                continue
            for k, bad in enumerate(mutations(a)):
                out.append((f"{name} {key}= mutation {k}", fn, args, {**kwargs, key: bad}))
    return out


def main(start: int) -> None:
    all_cases = cases()
    print("COUNT", len(all_cases), flush=True)
    for i in range(start, len(all_cases)):
        label, fn, args, kwargs = all_cases[i]
        print("BEGIN", i, label, flush=True)
        try:
            fn(*args, **kwargs)
            outcome = "ok"
        except Exception as e:  # the parent judges the type
            outcome = type(e).__name__
        print("END", i, outcome, flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
