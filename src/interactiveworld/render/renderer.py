"""The egocentric renderer: first hits from a pluggable engine, shared shading, owner maps.

Scene input is a list of :class:`~interactiveworld.world.geometry.VisualMesh` in world coordinates
(z-up, metres). Static meshes go into an acceleration structure built once (:meth:`Renderer.set_static`);
dynamic meshes (the body, held or moving objects, opened doors) are passed to every
:meth:`Renderer.render` call and rebuilt per frame; on the host (Embree) path their first hits come
from a kernel that tests each dynamic triangle against the rays of its own screen rectangle
(:func:`interactiveworld.kernels.raycast.rect_first_hit`). Shading follows :mod:`.shading`.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from ..world.geometry import VisualMesh
from .camera import Camera, _camera_grid
from .engines import make_engine
from .shading import ENCODE_LUT, texture_to_linear

DEFAULT_LIGHT_DIR = (0.35, 0.25, 1.0)   # toward the light: high and slightly oblique, like ceiling lamps
DEFAULT_AMBIENT = 0.35
DEFAULT_BACKGROUND = (0.55, 0.60, 0.65)  # linear RGB of rays that leave the scene
SHADOW_RANGE_M = 1.5
SHADOW_EPS_M = 2e-3
HEADLIGHT = 0.4
NEAR_M = 0.08   # rays start 8 cm ahead of the eye: clears the inside of the head mesh around the camera


def _validate(mesh: VisualMesh, i: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
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


@dataclass
class _FaceTable:
    """A merged triangle set (static or dynamic): geometry for the engine, owners, and the shading
    table (:class:`interactiveworld.kernels.shading.FaceTable`) on the shading device."""

    vertices: np.ndarray   # (V, 3) float32
    faces: np.ndarray      # (F, 3) int32, into the merged vertices
    owner: np.ndarray      # (F [+1],) int32 index into Renderer.owners, -1 for "" (and the background row)
    shading: object        # kernels.shading.FaceTable
    boxes: np.ndarray      # (M, 2, 3) float64 axis-aligned bounds (min, max) of each non-empty input mesh

    @property
    def face_count(self) -> int:
        return len(self.faces)


def _build_table(meshes, owner_index, light: np.ndarray, device, background=None) -> _FaceTable:
    from interactiveworld.kernels.shading import make_face_table

    vs, fs, cs, ow, slots, uvs, textures, boxes = [], [], [], [], [], [], [], []
    base = 0
    for i, m in enumerate(meshes):
        v, f, c = _validate(m, i)
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
        if len(f):
            used = v[f.ravel()]
            boxes.append((used.min(axis=0), used.max(axis=0)))
        base += len(v)

    def cat(parts, empty):
        return np.concatenate(parts) if parts else empty

    verts = cat(vs, np.zeros((0, 3), np.float32))
    faces = cat(fs, np.zeros((0, 3), np.int32))
    albedo = cat(cs, np.zeros((0, 3), np.float32))
    owner = cat(ow, np.zeros(0, np.int32))
    slot = cat(slots, np.zeros(0, np.int32))
    uv = cat(uvs, np.zeros((0, 3, 2), np.float32))
    tri = verts[faces]
    normal = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
    norm = np.linalg.norm(normal, axis=1, keepdims=True)
    normal = np.where(norm > 0, normal / np.maximum(norm, 1e-30), 0.0).astype(np.float32)
    if background is not None:  # one extra row that the miss id points at
        albedo = np.vstack([albedo, np.asarray(background, np.float32)[None]])
        normal = np.vstack([normal, np.zeros((1, 3), np.float32)])
        owner = np.append(owner, np.int32(-1))
        slot = np.append(slot, np.int32(-1))
        uv = np.concatenate([uv, np.zeros((1, 3, 2), np.float32)])
    if len(albedo) == 0:   # Warp needs non-empty arrays even when no face refers to them
        albedo, normal = np.zeros((1, 3), np.float32), np.zeros((1, 3), np.float32)
        slot, uv = np.full(1, -1, np.int32), np.zeros((1, 3, 2), np.float32)
    n_dot_l = (normal[:, 0] * light[0] + normal[:, 1] * light[1] + normal[:, 2] * light[2]).astype(np.float32)
    table = make_face_table(albedo, normal, n_dot_l, slot, uv, textures, device=device)
    box_arr = np.asarray(boxes, np.float64).reshape(-1, 2, 3)
    return _FaceTable(vertices=verts, faces=faces, owner=owner, shading=table, boxes=box_arr)


def segment_hits_boxes(origins: np.ndarray, direction: np.ndarray, length: float, boxes: np.ndarray,
                       pad: float = 1e-3) -> np.ndarray:
    """Whether each segment ``origins + s * direction``, ``s`` in [0, ``length``], meets any of the boxes.

    Args:
        origins: (N, 3) segment starts [m]; direction: (3,) unit vector; length [m].
        boxes: (M, 2, 3) axis-aligned boxes (min corner, max corner) [m], grown by ``pad`` [m].

    Returns:
        (N,) bool; the slab test (Kay and Kajiya 1986), conservative by ``pad``.
    """
    o = np.asarray(origins, np.float32)
    hit = np.zeros(len(o), bool)
    d = np.asarray(direction, np.float64)
    with np.errstate(divide="ignore"):
        inv = np.where(np.abs(d) > 1e-12, 1.0 / np.where(d == 0, 1.0, d), np.inf)
    for lo, hi in np.asarray(boxes, np.float64).reshape(-1, 2, 3):
        t0 = np.zeros(len(o), np.float32)
        t1 = np.full(len(o), np.float32(length))
        inside = np.ones(len(o), bool)
        for k in range(3):
            if np.isinf(inv[k]):   # parallel to the slab: inside it or never
                inside &= (o[:, k] >= lo[k] - pad) & (o[:, k] <= hi[k] + pad)
                continue
            a = (np.float32(lo[k] - pad) - o[:, k]) * np.float32(inv[k])
            b = (np.float32(hi[k] + pad) - o[:, k]) * np.float32(inv[k])
            np.maximum(t0, np.minimum(a, b), out=t0)
            np.minimum(t1, np.maximum(a, b), out=t1)
        hit |= inside & (t0 <= t1)
    return hit


def triangle_pixel_rects(camera: Camera, vertices: np.ndarray, faces: np.ndarray) -> np.ndarray:
    """Conservative screen bounding rectangles of triangles: (F, 4) int32 rows (col0, col1, row0, row1),
    inclusive, clipped to the image; a triangle out of view gets an empty rectangle (col1 < col0).

    Each triangle is clipped against the plane 1 mm in front of the eye before projecting, so a
    triangle crossing the eye plane (the wearer's body around the camera) is bounded correctly.
    """
    w, h = camera.width, camera.height
    rects = np.tile(np.array([0, -1, 0, -1], np.int32), (len(faces), 1))
    if len(faces) == 0:
        return rects
    rel = np.asarray(vertices, np.float64) - camera.eye
    # camera coordinates without a BLAS call (BLAS threads contend with Embree's on a small CPU)
    pc = np.stack([rel[:, 0] * a[0] + rel[:, 1] * a[1] + rel[:, 2] * a[2]
                   for a in (camera.right, camera.up, camera.forward)], axis=1)[faces]   # (F, 3, 3)
    eps = 1e-3
    z = pc[..., 2]
    front = z >= eps
    nxt = np.roll(pc, -1, axis=1)
    zn = nxt[..., 2]
    crossing = front != (zn >= eps)
    with np.errstate(divide="ignore", invalid="ignore"):
        s = np.where(crossing, (eps - z) / (zn - z), 0.0)
    clip = pc + s[..., None] * (nxt - pc)
    pts = np.concatenate([pc, clip], axis=1)
    valid = np.concatenate([front, crossing], axis=1)
    zz = np.where(valid, np.maximum(pts[..., 2], eps), 1.0)
    t = np.tan(np.radians(camera.fov_y_deg) / 2.0)
    col = (pts[..., 0] / zz / (t * w / h) + 1.0) / 2.0 * w
    row = (1.0 - pts[..., 1] / zz / t) / 2.0 * h
    keep = valid.any(axis=1)
    cmin = np.where(valid, col, np.inf).min(axis=1)
    cmax = np.where(valid, col, -np.inf).max(axis=1)
    rmin = np.where(valid, row, np.inf).min(axis=1)
    rmax = np.where(valid, row, -np.inf).max(axis=1)
    on = keep & (cmax >= -1) & (cmin <= w + 1) & (rmax >= -1) & (rmin <= h + 1)
    # pixel centres at +0.5; one pixel of margin on each side
    rects[on, 0] = np.clip(np.floor(cmin[on] - 1), 0, w - 1)
    rects[on, 1] = np.clip(np.floor(cmax[on] + 1), 0, w - 1)
    rects[on, 2] = np.clip(np.floor(rmin[on] - 1), 0, h - 1)
    rects[on, 3] = np.clip(np.floor(rmax[on] + 1), 0, h - 1)
    return rects


def dynamic_pixel_mask(camera: Camera, vertices: np.ndarray, faces: np.ndarray, *, tile: int = 8) -> np.ndarray:
    """Pixels whose primary rays may hit the given triangles: (H*W,) bool, conservative.

    The union of the triangles' :func:`triangle_pixel_rects`, rounded out to ``tile`` x ``tile``
    pixel tiles.
    """
    w, h = camera.width, camera.height
    tw, th = -(-w // tile), -(-h // tile)
    rects = triangle_pixel_rects(camera, vertices, faces)
    rects = rects[rects[:, 1] >= rects[:, 0]]
    if len(rects) == 0:
        return np.zeros(w * h, bool)
    c0, c1, r0, r1 = (rects[:, k] // tile for k in range(4))
    diff = np.zeros((th + 1, tw + 1), np.int32)
    np.add.at(diff, (r0, c0), 1)
    np.add.at(diff, (r0, c1 + 1), -1)
    np.add.at(diff, (r1 + 1, c0), -1)
    np.add.at(diff, (r1 + 1, c1 + 1), 1)
    cover = diff.cumsum(axis=0).cumsum(axis=1)[:th, :tw] > 0
    return cover[np.arange(h) // tile][:, np.arange(w) // tile].ravel()


class Renderer:
    """Ray-cast renderer of the egocentric view (paper section 2.1; DESIGN.md "Backends and scale").

    First hits come from the engine (Embree on the CPU, Warp on CUDA or Warp's CPU device); shading
    is shared: the Warp kernels of :mod:`interactiveworld.kernels.shading`, run on the engine's
    device (Warp's CPU device for Embree), so every engine shades identically.

    Args:
        engine: ``"auto"`` (Warp on CUDA when available, else Embree), ``"embree"``, ``"warp"``,
            ``"warp-cpu"`` or ``"warp-cuda"``.
        width, height: frame size [px]; a camera's own size is overridden by these.
        shading: ``"lambert"`` (directional light + ambient) or ``"flat"`` (albedo only, no light).
        shadows: contact shadows (range ``shadow_range`` [m]): one shadow ray per ``shadow_block`` x
            ``shadow_block`` pixel tile of a face, plus one for every lit pixel whose face differs from
            its tile's first pixel or near which the traced tile corners disagree (shadow edges stay at
            full resolution). ``shadow_block=1`` traces one shadow ray per lit pixel.
        light_dir: direction toward the light, shape (3,) (normalised).
        ambient: ambient fraction in [0, 1]; the directional light contributes ``1 - ambient``.
        background: linear RGB of rays that leave the scene.
        near: rays start this far [m] in front of the eye (default 8 cm), so the inside of the wearer's
            head mesh around the camera is not seen; held objects come no closer than ~15 cm.

    Raises:
        ValueError: an unknown engine or shading mode, a bad light direction or ambient.
    """

    def __init__(self, *, engine: str = "auto", width: int = 640, height: int = 480, shading: str = "lambert",
                 shadows: bool = True, light_dir=DEFAULT_LIGHT_DIR, ambient: float = DEFAULT_AMBIENT,
                 background=DEFAULT_BACKGROUND, shadow_range: float = SHADOW_RANGE_M, near: float = NEAR_M,
                 shadow_block: int = 2) -> None:
        if shading not in ("lambert", "flat"):
            raise ValueError(f"Renderer: unknown shading {shading!r}, expected 'lambert' or 'flat'")
        if not 0.0 <= ambient <= 1.0:
            raise ValueError(f"Renderer: ambient must be in [0, 1], got {ambient}")
        light = np.asarray(light_dir, np.float64).reshape(-1)
        if light.shape != (3,) or not np.isfinite(light).all() or np.linalg.norm(light) < 1e-9:
            raise ValueError(f"Renderer: light_dir must be a finite non-zero (3,) vector, got {light_dir}")
        if width < 1 or height < 1:
            raise ValueError(f"Renderer: expected positive width and height, got {width}x{height}")
        if int(shadow_block) < 1:
            raise ValueError(f"Renderer: shadow_block must be >= 1, got {shadow_block}")
        self.shadow_block = int(shadow_block)
        if near < 0 or shadow_range <= 0:
            raise ValueError(f"Renderer: need near >= 0 and shadow_range > 0, got {near}, {shadow_range}")
        self.engine = make_engine(engine)
        from .engines.warp_engine import _warp

        self._wp = _warp()
        self._device = getattr(self.engine, "device", "cpu")   # where shading runs
        self._lut = self._wp.array(ENCODE_LUT, dtype=self._wp.uint8, device=self._device)
        self.width, self.height = int(width), int(height)
        self.shading = shading
        self.shadows = bool(shadows) and shading == "lambert"
        self.light_dir = (light / np.linalg.norm(light)).astype(np.float32)
        lambert = shading == "lambert"
        self.ambient = float(ambient) if lambert else 1.0
        self.diffuse = 1.0 - self.ambient if lambert else 0.0
        self.headlight = HEADLIGHT if lambert else 0.0
        self.background = np.asarray(background, np.float32).reshape(3)
        self.shadow_range = float(shadow_range)
        self.near = float(near)
        self.owners: list[str] = []
        self._owner_ids: dict[str, int] = {}
        self._static: _FaceTable | None = None
        self._bufs: dict = {}
        self._empty_dynamic = _build_table([], self.owner_index, self.light_dir, self._device)
        self.set_static([])

    # -- scene -------------------------------------------------------------------------------------------
    def owner_index(self, owner: str) -> int:
        """Index of an owner key in :attr:`owners` (added on first use); -1 for the anonymous ``""``."""
        if not owner:
            return -1
        idx = self._owner_ids.get(owner)
        if idx is None:
            idx = self._owner_ids[owner] = len(self.owners)
            self.owners.append(owner)
        return idx

    def set_static(self, meshes: list[VisualMesh]) -> None:
        """Build the acceleration structure of the geometry that does not move (once per scene).

        Raises:
            ValueError: a mesh with inconsistent shapes or out-of-range face indices.
        """
        # the background row has a zero normal, so shading gives albedo * ambient * (1 - headlight):
        # store the background colour divided by that factor
        bg = self.background / max(self.ambient * (1.0 - self.headlight), 1e-6)
        self._static = _build_table(list(meshes), self.owner_index, self.light_dir, self._device, background=bg)
        self.engine.build_static(self._static.vertices, self._static.faces)

    def _set_dynamic(self, dynamic) -> _FaceTable:
        dynamic = list(dynamic)
        table = _build_table(dynamic, self.owner_index, self.light_dir, self._device) if dynamic \
            else self._empty_dynamic
        self.engine.build_dynamic(table.vertices, table.faces)
        return table

    def _camera(self, camera: Camera) -> Camera:
        if camera.width == self.width and camera.height == self.height:
            return camera
        return dataclasses.replace(camera, width=self.width, height=self.height)

    # -- tracing -----------------------------------------------------------------------------------------
    def _near(self, cam: Camera) -> float:
        """Where primary rays start [m]: the camera's own near distance when it sets one."""
        return self.near if cam.near is None else cam.near

    def _trace(self, camera: Camera, dynamic):
        """First hits as wp arrays on the shading device: (camera, dynamic table, dirs, t, face, u, v)."""
        cam = self._camera(camera)
        dyn = self._set_dynamic(dynamic)
        if hasattr(self.engine, "trace_camera"):
            return (cam, dyn) + tuple(self.engine.trace_camera(cam, self._near(cam)))
        from interactiveworld.kernels.raycast import camera_rays, rect_first_hit

        origins_wp, dirs_wp = camera_rays(cam, device="cpu", near=self._near(cam),
                                          out=(self._buf("origins"), self._buf("dirs")), grid=self._grid(cam))
        origins, dirs = origins_wp.numpy(), dirs_wp.numpy()
        # the static scene through the engine; the few hundred dynamic triangles by a kernel that tests
        # each triangle against the rays of its own screen rectangle only (no per-frame BVH traversal)
        hits = self.engine.intersect(origins, dirs, include_dynamic=False)
        wp = self._wp

        def view(a, dtype):   # zero-copy views of the host arrays for the CPU shading kernels
            return wp.array(np.ascontiguousarray(a), dtype=dtype, device="cpu", copy=False)

        t, face, u, v = view(hits.t, float), view(hits.face, wp.int32), view(hits.u, float), view(hits.v, float)
        if dyn.face_count:
            rect_first_hit(dyn.vertices, dyn.faces, triangle_pixel_rects(cam, dyn.vertices, dyn.faces), cam,
                           self._near(cam), dirs_wp, self._static.face_count + 1, t, face, u, v, device="cpu")
        return cam, dyn, dirs_wp, t, face, u, v

    def _owner_map(self, face: np.ndarray, dyn: _FaceTable) -> np.ndarray:
        fs = self._static.face_count
        out = self._static.owner[np.minimum(face, fs)]
        m = face > fs
        if m.any():
            out[m] = dyn.owner[face[m] - (fs + 1)]
        return out.reshape(self.height, self.width)

    def render(self, camera: Camera, dynamic=()) -> np.ndarray:
        """The frame seen by ``camera``: (H, W, 3) uint8 sRGB, row 0 at the top.

        Args:
            camera: the head camera (its size is replaced by the renderer's).
            dynamic: meshes that move between frames (rebuilt for this call).
        """
        return self._shade(*self._trace(camera, dynamic))

    def render_ids(self, camera: Camera, dynamic=()) -> np.ndarray:
        """Per-pixel owner index into :attr:`owners`, (H, W) int32; -1 for a miss or an anonymous mesh."""
        _, dyn, _, _, face, _, _ = self._trace(camera, dynamic)
        return self._owner_map(face.numpy(), dyn)

    def render_with_ids(self, camera: Camera, dynamic=()) -> tuple[np.ndarray, np.ndarray]:
        """Both :meth:`render` and :meth:`render_ids` from one trace."""
        traced = self._trace(camera, dynamic)
        return self._shade(*traced), self._owner_map(traced[4].numpy(), traced[1])

    # -- shading -----------------------------------------------------------------------------------------
    def _shade(self, cam: Camera, dyn: _FaceTable, dirs, t, face, u, v) -> np.ndarray:
        from interactiveworld.kernels import shading as ks

        fs = self._static.face_count
        dev = self._device
        out = self._buf("rgb", ks.vec3ub)
        if self.shadows:
            blk, i8 = self.shadow_block, self._wp.int8
            ndl, shadow_origin, need = ks.shadow_prepare(
                self._static.shading, dyn.shading, fs, face, t, dirs, cam.eye, self._near(cam), SHADOW_EPS_M,
                self.width, blk, device=dev,
                out=(self._buf("ndl", self._wp.float32), self._buf("shadow_origin"), self._buf("need", i8)))
            blocked = self._trace_shadows(shadow_origin, need, dyn, "blocked")
            need2 = ks.shadow_refine(face, ndl, need, blocked, self.width, self.height, blk, device=dev,
                                     out=self._buf("need2", i8))
            blocked2 = self._trace_shadows(shadow_origin, need2, dyn, "blocked2")
            rgb = ks.shade_shadowed(self._static.shading, dyn.shading, fs, face, u, v, dirs, ndl, need, blocked,
                                    need2, blocked2, self.width, blk, self.ambient, self.diffuse, self.headlight,
                                    self._lut, device=dev, out=out)
        else:
            rgb = ks.shade(self._static.shading, dyn.shading, fs, face, u, v, dirs, None, self.ambient, self.diffuse,
                           self.headlight, self._lut, device=dev, out=out)
        # a copy: the buffer is reused by the next frame
        return rgb.numpy().reshape(self.height, self.width, 3).copy()

    def _trace_shadows(self, origins, need, dyn: _FaceTable, buf: str):
        """Shadow rays toward the light from wp ``origins`` where int8 ``need`` is set; int8 blocked flags.

        On the host path, a ray is tested against the dynamic set only when its segment (length
        ``shadow_range``) passes through the bounding box of one of the dynamic meshes.
        """
        if hasattr(self.engine, "shadow"):
            return self.engine.shadow(origins, self.light_dir, self.shadow_range, need)
        out = self._buf(buf, self._wp.int8)
        blocked = out.numpy()
        blocked[:] = 0
        rays = np.flatnonzero(need.numpy())
        if len(rays):
            p = origins.numpy()[rays]
            near_dynamic = segment_hits_boxes(p, self.light_dir, self.shadow_range, dyn.boxes)
            blocked[rays] = self.engine.occluded(p, np.broadcast_to(self.light_dir, p.shape), self.shadow_range,
                                                 dynamic_mask=near_dynamic)
        return out
    def _grid(self, cam: Camera):
        """The camera's unit pixel directions in camera axes as a wp array on the host (cached per fov)."""
        key = ("grid", cam.fov_y_deg)
        g = self._bufs.get(key)
        if g is None or g.shape[0] != cam.width * cam.height:
            g = self._bufs[key] = self._wp.array(_camera_grid(cam.width, cam.height, cam.fov_y_deg),
                                                 dtype=self._wp.vec3, device="cpu")
        return g

    def _buf(self, name: str, dtype=None):
        """A per-renderer wp buffer of H*W elements on the shading device, reused across frames
        (fresh multi-megabyte allocations cost page faults every frame)."""
        wp = self._wp
        dtype = dtype or wp.vec3
        n = self.width * self.height
        b = self._bufs.get(name)
        if b is None or b.shape[0] != n:
            b = self._bufs[name] = wp.empty(n, dtype=dtype, device=self._device)
        return b


def visible_owners(renderer: Renderer, camera: Camera, dynamic=(), *, min_pixels: int = 20,
                   ids: np.ndarray | None = None) -> dict[str, int]:
    """Entities in view: owner key -> pixel count, for owners covering at least ``min_pixels`` pixels.

    Counts first hits only (occluded parts do not count). Includes ``"body"`` when the wearer's own
    body is in view; anonymous meshes (owner ``""``) are left out. Ordered by decreasing count.
    ``ids`` may pass the owner map of a frame already traced (from :meth:`Renderer.render_with_ids`)
    to skip tracing again.
    """
    if ids is None:
        ids = renderer.render_ids(camera, dynamic)
    ids = np.asarray(ids).ravel()
    counts = np.bincount(ids[ids >= 0], minlength=len(renderer.owners))
    order = np.argsort(-counts, kind="stable")
    return {renderer.owners[i]: int(counts[i]) for i in order if counts[i] >= min_pixels}
