"""One frame from first hits to pixels: face tables, the dynamic set followed from frame to frame, and the passes
of a frame on each engine.

Passes (DESIGN.md "Backends and scale"; the lighting model of :mod:`interactiveworld.render.shading`):

* Embree on the CPU: per row band, pass 1 = primary rays (Warp kernel) -> dynamic triangles by screen
  rectangles -> Embree static first hits, each ray traced only up to its dynamic hit -> shadow pass 1
  (lighting, origins, dynamic shadow rays in one kernel) -> Embree static shadow rays for the rays still
  unblocked; pass 2 = edge shadow rays (kernel, dynamic inline) -> Embree static -> shading. Without shadows, pass 1 ends with the shading kernel and there is no pass 2.
* Warp (CUDA, or its CPU device): pass 1 = rays and first hits in one kernel -> shadow pass 1 with every mesh
  traced inline; pass 2 = edge shadow rays and shading in one kernel.

Pass 2 reads pass 1 of the next tile row, so every band finishes pass 1 before any starts pass 2. On the CPU the
bands run on a pool of threads (both Embree's traversal and Warp's CPU launches release the GIL); each pixel's
arithmetic is the same whatever the banding. Face ids follow :mod:`interactiveworld.render.engines`.
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
import warp as wp

from interactiveworld.kernels import init_warp
from interactiveworld.kernels import raycast as kr
from interactiveworld.kernels import shading as ks

from ...world.geometry import VisualMesh
from ..camera import Camera, camera_grid
from ..screen import triangle_pixel_rects
from ..shading import ENCODE_LUT, texture_to_linear

BANDS_PER_THREAD = 2
"""Row bands per thread on the CPU: the top of a view (background, far walls) is cheaper than the bottom, so a
few bands per thread keep both busy to the end of a pass."""


def validate_mesh(mesh: VisualMesh, i: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(vertices (V, 3) float32, faces (F, 3) int32, face colours (F, 3) float32) of ``mesh``, checked.

    Raises:
        ValueError: inconsistent shapes, face indices out of range, non-finite vertices, a textured face without
            a (H, W, 3) texture and (V, 2) uv.
    """
    name = f"VisualMesh[{i}] (owner {mesh.owner!r})"
    v = np.asarray(mesh.vertices, dtype=np.float32)
    f = np.asarray(mesh.faces)
    c = np.asarray(mesh.face_colors, dtype=np.float32)
    if v.ndim != 2 or v.shape[1] != 3:
        raise ValueError(f"{name}.vertices: expected (V, 3) float32, got {v.shape}")
    if f.ndim != 2 or f.shape[1] != 3:
        raise ValueError(f"{name}.faces: expected (F, 3) int32, got {f.shape}")
    if c.shape != f.shape:
        raise ValueError(f"{name}.face_colors: expected ({len(f)}, 3) float32, got {c.shape}")
    if len(f) and (f.min() < 0 or f.max() >= len(v)):
        raise ValueError(f"{name}.faces: vertex index out of range [0, {len(v)})")
    if not np.all(np.isfinite(v)):
        raise ValueError(f"{name}.vertices: must be finite")
    if mesh.textured_faces is not None:
        tf = np.asarray(mesh.textured_faces)
        if tf.shape != (len(f),):
            raise ValueError(f"{name}.textured_faces: expected ({len(f)},) bool, got {tf.shape}")
        if tf.any():
            if mesh.texture is None or np.asarray(mesh.texture).ndim != 3 or np.asarray(mesh.texture).shape[2] != 3:
                raise ValueError(f"{name}.texture: expected (H, W, 3) uint8 where textured_faces is set")
            if mesh.uv is None or np.shape(mesh.uv) != (len(v), 2):
                raise ValueError(f"{name}.uv: expected ({len(v)}, 2) float32 where textured_faces is set")
    return v, f.astype(np.int32), c


_LINEAR_TEXTURES: dict[int, tuple[np.ndarray, np.ndarray]] = {}


def _linear_texture(texture) -> np.ndarray:
    """:func:`texture_to_linear`, remembered per texture array object: the dynamic set (a held label,
    say) brings the same texture every frame. Textures are treated as immutable once rendered."""
    if not isinstance(texture, np.ndarray):
        return texture_to_linear(texture)
    hit = _LINEAR_TEXTURES.get(id(texture))
    if hit is not None and hit[0] is texture:
        return hit[1]
    lin = texture_to_linear(texture)
    if len(_LINEAR_TEXTURES) >= 64:
        _LINEAR_TEXTURES.pop(next(iter(_LINEAR_TEXTURES)))
    _LINEAR_TEXTURES[id(texture)] = (texture, lin)
    return lin


def face_normals(verts: np.ndarray, faces: np.ndarray) -> np.ndarray:
    """Unit normals (F, 3) float32 of triangles (zero for a degenerate one)."""
    tri = verts[faces]
    normal = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
    norm = np.linalg.norm(normal, axis=1, keepdims=True)
    return np.where(norm > 0, normal / np.maximum(norm, 1e-30), 0.0).astype(np.float32)


def _n_dot_l(normal: np.ndarray, light: np.ndarray) -> np.ndarray:
    return (normal[:, 0] * light[0] + normal[:, 1] * light[1] + normal[:, 2] * light[2]).astype(np.float32)


def _part_bounds(verts: np.ndarray, counts: list[tuple[int, int]]) -> np.ndarray:
    """(M, 2, 3) float64 (min, max) corners of the parts with faces, part k being the next ``counts[k][0]``
    vertices and holding ``counts[k][1]`` faces."""
    nv = np.array([c[0] for c in counts], np.int64).reshape(-1)
    nf = np.array([c[1] for c in counts], np.int64).reshape(-1)
    keep = (nv > 0) & (nf > 0)
    if not keep.any():
        return np.zeros((0, 2, 3))
    starts = (np.cumsum(nv) - nv)[keep]
    v = np.asarray(verts, np.float64)
    # a run up to the next kept start may hold the vertices of a part without faces: a larger box, still enclosing
    return np.stack([np.minimum.reduceat(v, starts), np.maximum.reduceat(v, starts)], axis=1)


@dataclass
class FaceSet:
    """A merged triangle set (static or dynamic): geometry for the engine, owners, and the shading
    table (:class:`interactiveworld.kernels.shading.FaceTable`) on the shading device."""

    vertices: np.ndarray   # (V, 3) float32
    faces: np.ndarray      # (F, 3) int32, into the merged vertices
    owner: np.ndarray      # (F [+1],) int32 index into Renderer.owners, -1 for "" (and the background row)
    shading: object        # kernels.shading.FaceTable
    counts: list           # (vertices, faces) of each input mesh, in order
    parts: np.ndarray      # (M, 2, 3) float64 (min, max) of each input mesh with faces

    @property
    def face_count(self) -> int:
        return len(self.faces)


def build_face_set(meshes, owner_index, light: np.ndarray, device, background=None) -> FaceSet:
    """The :class:`FaceSet` of ``meshes`` (list of VisualMesh); ``owner_index`` maps an owner key to its index;
    ``background`` (3,) linear RGB adds the background row after the faces (static set)."""
    vs, fs, cs, ow, slots, uvs, textures = [], [], [], [], [], [], []
    base = 0
    for i, m in enumerate(meshes):
        v, f, c = validate_mesh(m, i)
        vs.append(v)
        fs.append(f + base)
        cs.append(c)
        ow.append(np.full(len(f), owner_index(m.owner), np.int32))
        tf = np.zeros(len(f), bool) if m.textured_faces is None else np.asarray(m.textured_faces, bool)
        slot = np.full(len(f), -1, np.int32)
        uv = np.zeros((len(f), 3, 2), np.float32)
        if tf.any():
            slot[tf] = len(textures)
            uv[tf] = np.asarray(m.uv, np.float32)[f[tf]]
            textures.append(_linear_texture(m.texture))
        slots.append(slot)
        uvs.append(uv)
        base += len(v)

    def cat(parts, empty):
        return np.concatenate(parts) if parts else empty

    verts = cat(vs, np.zeros((0, 3), np.float32))
    faces = cat(fs, np.zeros((0, 3), np.int32))
    albedo = cat(cs, np.zeros((0, 3), np.float32))
    owner = cat(ow, np.zeros(0, np.int32))
    slot = cat(slots, np.zeros(0, np.int32))
    uv = cat(uvs, np.zeros((0, 3, 2), np.float32))
    normal = face_normals(verts, faces)
    if background is not None:  # one extra row that the miss id points at
        albedo = np.vstack([albedo, np.asarray(background, np.float32)[None]])
        normal = np.vstack([normal, np.zeros((1, 3), np.float32)])
        owner = np.append(owner, np.int32(-1))
        slot = np.append(slot, np.int32(-1))
        uv = np.concatenate([uv, np.zeros((1, 3, 2), np.float32)])
    if len(albedo) == 0:   # Warp needs non-empty arrays even when no face refers to them
        albedo, normal = np.zeros((1, 3), np.float32), np.zeros((1, 3), np.float32)
        slot, uv = np.full(1, -1, np.int32), np.zeros((1, 3, 2), np.float32)
    table = ks.make_face_table(albedo, normal, _n_dot_l(normal, light), slot, uv, textures, device=device)
    counts = [(len(v), len(f)) for v, f in zip(vs, fs)]
    return FaceSet(vertices=verts, faces=faces, owner=owner, shading=table, counts=counts,
                   parts=_part_bounds(verts, counts))


_FIXED = ("faces", "face_colors", "textured_faces", "uv", "texture")


def _fixed_parts(meshes) -> list[tuple]:
    """Per mesh, everything but the vertices: owner, vertex count and copies of the arrays in ``_FIXED``."""
    out = []
    for m in meshes:
        parts = tuple(None if getattr(m, k) is None else np.array(getattr(m, k)) for k in _FIXED)
        out.append((m.owner, np.shape(m.vertices)) + parts)
    return out


def _same_parts(a: list[tuple], meshes) -> bool:
    if len(a) != len(meshes):
        return False
    for rec, m in zip(a, meshes):
        if rec[0] != m.owner or rec[1] != np.shape(m.vertices):
            return False
        for old, k in zip(rec[2:], _FIXED):
            new = getattr(m, k)
            if (old is None) != (new is None) or (old is not None and not np.array_equal(old, new)):
                return False
    return True


class DynamicSet:
    """The dynamic meshes of the current frame as a :class:`FaceSet`. While the meshes keep their owners, faces,
    colours, uv and textures (the body walking, a held object carried, a door swinging), a new frame only moves
    the vertices: normals and bounds are recomputed and the shading table is updated in place (no rebuild)."""

    def __init__(self, owner_index, light: np.ndarray, device) -> None:
        self._owner_index, self._light, self._device = owner_index, light, device
        self._parts: list[tuple] = []
        self.faces = build_face_set([], owner_index, light, device)

    def update(self, meshes) -> FaceSet:
        """The :class:`FaceSet` of ``meshes`` (list of VisualMesh). Raises ValueError as :func:`validate_mesh`."""
        meshes = list(meshes)
        if not _same_parts(self._parts, meshes):
            self.faces = build_face_set(meshes, self._owner_index, self._light, self._device)
            self._parts = _fixed_parts(meshes)
            return self.faces
        vs = [validate_mesh(m, i)[0] for i, m in enumerate(meshes)]
        fs = self.faces
        verts = np.concatenate(vs) if vs else np.zeros((0, 3), np.float32)
        if len(fs.faces):
            normal = face_normals(verts, fs.faces)
            ks.update_face_normals(fs.shading, normal, _n_dot_l(normal, self._light))
        self.faces = FaceSet(vertices=verts, faces=fs.faces, owner=fs.owner, shading=fs.shading, counts=fs.counts,
                             parts=_part_bounds(verts, fs.counts))
        return self.faces


@dataclass(frozen=True)
class View:
    """A camera's size and axes fixed for one frame (a :class:`~..camera.Camera`'s axes are computed properties;
    the band launches read them many times). Axes and eye are (3,) float32."""

    width: int
    height: int
    fov_y_deg: float
    eye: np.ndarray
    right: np.ndarray
    up: np.ndarray
    forward: np.ndarray

    @classmethod
    def of(cls, cam: Camera) -> "View":
        r = cam.rotation().astype(np.float32)   # columns right, up, forward
        return cls(cam.width, cam.height, cam.fov_y_deg, cam.eye.astype(np.float32), r[:, 0].copy(),
                   r[:, 1].copy(), r[:, 2].copy())


@dataclass
class Shading:
    """Per-frame shading options of a renderer (see :class:`~interactiveworld.render.Renderer`)."""

    ambient: float
    diffuse: float
    headlight: float
    shadows: bool
    block: int
    light: np.ndarray      # (3,) float32 unit, toward the light
    shadow_range: float    # [m]
    eps: float             # shadow-ray origin lift [m]


class Frames:
    """Frame buffers (reused from frame to frame), the row bands and the thread pool of one renderer."""

    def __init__(self, engine, width: int, height: int, device, threads: int) -> None:
        init_warp()   # quiet, initialised
        self.engine, self.width, self.height, self.device = engine, int(width), int(height), device
        self.serial_device = wp.get_device(device).is_cpu
        self.threads = max(1, int(threads)) if self.serial_device else 1
        self._pool = ThreadPoolExecutor(self.threads) if self.threads > 1 else None
        self._lut = wp.array(ENCODE_LUT, dtype=wp.uint8, device=device)
        self._bufs: dict = {}
        self._views: dict = {}
        self._host_dynamic = kr.RefitMesh("cpu")

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False)
            self._pool = None

    def buf(self, name: str, dtype=None):
        """A wp buffer of H*W elements on the device, reused across frames (fresh multi-megabyte allocations
        cost page faults every frame)."""
        b = self._bufs.get(name)
        if b is None:
            b = self._bufs[name] = wp.empty(self.width * self.height, dtype=dtype or wp.vec3, device=self.device)
        return b

    def view(self, name: str, dtype=None) -> np.ndarray:
        """The numpy view (no copy) of a host buffer."""
        v = self._views.get(name)
        if v is None:
            v = self._views[name] = self.buf(name, dtype).numpy()
        return v

    def bands(self, block: int) -> list[tuple[int, int]]:
        """Row bands [r0, r1) covering the image, each a whole number of ``block`` rows (one band on a GPU)."""
        if self.threads == 1:
            return [(0, self.height)]
        n = self.threads * BANDS_PER_THREAD
        rows = -(-self.height // n)
        rows = -(-rows // block) * block
        return [(r, min(r + rows, self.height)) for r in range(0, self.height, rows)]

    def run(self, fn, bands) -> None:
        if self._pool is None or len(bands) == 1:
            for b in bands:
                fn(b)
        else:
            list(self._pool.map(fn, bands))   # re-raises the first exception of a band

    def grid(self, cam: Camera):
        """The camera's unit pixel directions in camera axes as a wp array on the host (cached per fov)."""
        key = ("grid", cam.fov_y_deg)
        g = self._bufs.get(key)
        if g is None:
            g = self._bufs[key] = wp.array(camera_grid(cam.width, cam.height, cam.fov_y_deg), dtype=wp.vec3,
                                           device="cpu")
        return g

    # -- one frame ----------------------------------------------------------------------------------------
    def frame(self, cam: Camera, near: float, static: FaceSet, dyn: FaceSet, opt: Shading, *, rgb: bool):
        """Traces (and with ``rgb`` shades) one frame; returns (rgb (N,) vec3ub wp array or None, face (N,) int32
        numpy array, valid until the next frame)."""
        view = View.of(cam)
        if hasattr(self.engine, "trace_camera"):
            return self._frame_warp(view, near, static, dyn, opt, rgb)
        return self._frame_host(cam, view, near, static, dyn, opt, rgb)

    def _hits(self):
        return (self.buf("t", wp.float32), self.buf("face", wp.int32), self.buf("u", wp.float32),
                self.buf("v", wp.float32))

    def _pass1_bufs(self):
        return (self.buf("ndl", wp.float32), self.buf("shadow_origin"), self.buf("need", wp.int8),
                self.buf("blocked", wp.int8))

    def _frame_host(self, cam, view, near, static, dyn, opt, want_rgb):
        w, dev, fs = self.width, self.device, static.face_count
        eng = self.engine
        origins, dirs = self.buf("origins"), self.buf("dirs")
        t, face, u, v = self._hits()
        on, dn = self.view("origins"), self.view("dirs")
        tn, fn, un, vn = (self.view(k, dt) for k, dt in (("t", wp.float32), ("face", wp.int32), ("u", wp.float32),
                                                          ("v", wp.float32)))
        grid = self.grid(cam)
        tris = None
        if dyn.face_count:
            tris = kr.prepare_rect_triangles(dyn.vertices, dyn.faces,
                                             triangle_pixel_rects(cam, dyn.vertices, dyn.faces), view, device=dev)
        shadows = want_rgb and opt.shadows
        rgb = self.buf("rgb", ks.vec3ub) if want_rgb else None
        if shadows:
            dyn_mesh = self._host_dynamic.update(dyn.vertices, dyn.faces)
            rays = ks.shadow_rays(None, dyn_mesh, opt.light, opt.shadow_range, opt.eps, w, self.height, opt.block,
                                  device=dev, dyn_parts=dyn.parts)
            ndl, so, need, blocked = self._pass1_bufs()
            need2, blocked2 = self.buf("need2", wp.int8), self.buf("blocked2", wp.int8)
            son = self.view("shadow_origin")

        def static_shadows(need_name: str, blocked_name: str, i0: int, i1: int) -> None:
            nd, bl = self.view(need_name, wp.int8)[i0:i1], self.view(blocked_name, wp.int8)[i0:i1]
            sel = np.flatnonzero(nd > bl)   # traced, not yet blocked by the dynamic set
            if len(sel):
                bl[sel] = eng.static_occluded(son[i0:i1][sel], opt.light, opt.shadow_range)

        def pass1(band):
            i0, i1 = band[0] * w, band[1] * w
            kr.camera_rays(view, device=dev, near=near, out=(origins, dirs), grid=grid, rows=band,
                           clear=(t, face, u, v, fs))
            # the dynamic set first: Embree then traces each ray only as far as its dynamic hit
            if tris is not None:
                kr.rect_first_hit_rows(tris, near, dirs, fs + 1, t, face, u, v, rows=band)
            eng.static_hits_into(on[i0:i1], dn[i0:i1], tn[i0:i1], fn[i0:i1], un[i0:i1], vn[i0:i1])
            if shadows:
                ks.shadow_prepare(static.shading, dyn.shading, fs, face, t, dirs, view.eye, near, rays, device=dev,
                                  out=(ndl, so, need, blocked), rows=band)
                static_shadows("need", "blocked", i0, i1)
            elif want_rgb:
                ks.shade(static.shading, dyn.shading, fs, face, u, v, dirs, None, opt.ambient, opt.diffuse,
                         opt.headlight, self._lut, device=dev, out=rgb, width=w, rows=band)

        def pass2(band):
            i0, i1 = band[0] * w, band[1] * w
            ks.shadow_refine(face, ndl, need, blocked, so, rays, device=dev, out=(need2, blocked2), rows=band)
            static_shadows("need2", "blocked2", i0, i1)
            ks.shade_shadowed(static.shading, dyn.shading, fs, face, u, v, dirs, ndl, need, blocked, need2, blocked2,
                              w, opt.block, opt.ambient, opt.diffuse, opt.headlight, self._lut, device=dev, out=rgb,
                              rows=band)

        bands = self.bands(opt.block)
        self.run(pass1, bands)
        if shadows:
            self.run(pass2, bands)
        return rgb, fn

    def _frame_warp(self, view, near, static, dyn, opt, want_rgb):
        dev, fs, eng = self.device, static.face_count, self.engine
        dirs = self.buf("dirs")
        t, face, u, v = self._hits()
        shadows = want_rgb and opt.shadows
        rgb = self.buf("rgb", ks.vec3ub) if want_rgb else None
        if shadows:
            rays = ks.shadow_rays(eng.static_mesh, eng.dynamic_mesh, opt.light, opt.shadow_range, opt.eps,
                                  self.width, self.height, opt.block, device=dev, dyn_parts=dyn.parts)
            ndl, so, need, blocked = self._pass1_bufs()

        def pass1(band):
            eng.trace_camera(view, near, dirs=dirs, out=(t, face, u, v), rows=band)
            if shadows:
                ks.shadow_prepare(static.shading, dyn.shading, fs, face, t, dirs, view.eye, near, rays, device=dev,
                                  out=(ndl, so, need, blocked), rows=band)
            elif want_rgb:
                ks.shade(static.shading, dyn.shading, fs, face, u, v, dirs, None, opt.ambient, opt.diffuse,
                         opt.headlight, self._lut, device=dev, out=rgb, width=self.width, rows=band)

        def pass2(band):
            ks.shade_refined(static.shading, dyn.shading, fs, face, u, v, dirs, ndl, need, blocked, so, rays,
                             opt.ambient, opt.diffuse, opt.headlight, self._lut, device=dev, out=rgb, rows=band)

        bands = self.bands(opt.block)
        self.run(pass1, bands)
        if shadows:
            self.run(pass2, bands)
        return rgb, face.numpy()
