"""One frame from first hits to pixels: face tables, the dynamic set followed from frame to frame, and the passes
of a frame on each engine.

Passes (DESIGN.md "Backends and scale"; the lighting model of :mod:`interactiveworld.render.shading`):

* Embree on the CPU: per row band, pass 1 = primary rays (Warp kernel) -> dynamic triangles by screen
  rectangles -> Embree static first hits, each ray traced only up to its dynamic hit -> shadow pass 1
  (lighting, origins, dynamic shadow rays in one kernel) -> Embree static shadow rays for the rays still
  unblocked; pass 2 = edge shadow rays (kernel, dynamic inline) -> Embree static -> shading. Without shadows, pass 1 ends with the shading kernel and there is no pass 2.
* Warp (CUDA, or its CPU device): pass 1 = rays and first hits in one kernel -> shadow pass 1 with every mesh
  traced inline; pass 2 = edge shadow rays and shading in one kernel.

With the lit model the static set's light is baked (no shadow rays against it: pass 1 traces the moving meshes'
shadow rays only), and a last pass over the bands anti-aliases silhouettes (:func:`~interactiveworld.kernels.
shading.edge_aa`, reading the rows around each band).

Pass 2 reads pass 1 of the next tile row, so every band finishes pass 1 before any starts pass 2. On the CPU the
bands run on a pool of threads (both Embree's traversal and Warp's CPU launches release the GIL); each pixel's
arithmetic is the same whatever the banding. Face ids follow :mod:`interactiveworld.render.engines`.
"""
from __future__ import annotations

import hashlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np
import warp as wp

from interactiveworld.kernels import init_warp
from interactiveworld.kernels import raycast as kr
from interactiveworld.kernels import shading as ks

from ...world.geometry import VisualMesh
from ..camera import Camera, camera_grid
from ..screen import triangle_pixel_rects
from ..lightbake import AMBIENT, AO_FLOOR, bake_lightmap, direct_unshadowed, probe
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
    corner_n: np.ndarray | None = None   # (F, 3, 3) corner shading normals (lit model)

    @property
    def face_count(self) -> int:
        return len(self.faces)


def build_face_set(meshes, owner_index, light: np.ndarray, device, background=None, *, lit=None) -> FaceSet:
    """The :class:`FaceSet` of ``meshes`` (list of VisualMesh); ``owner_index`` maps an owner key to its index;
    ``background`` (3,) linear RGB adds the background row after the faces (static set). ``lit`` (the lit model):
    a :class:`LitSetup`; the static set (``background`` given) is baked once into a lightmap per face
    (:func:`interactiveworld.render.lightbake.bake_lightmap`), a dynamic set is lit per frame by
    :func:`dynamic_light`."""
    static = background is not None
    vs, fs, cs, ow, slots, uvs, textures, wraps, mats, cns, vns = [], [], [], [], [], [], [], [], [], [], []
    materials: list = []
    mat_ids: dict[int, int] = {}
    tex_ids: dict[int, int] = {}
    base = 0
    for i, m in enumerate(meshes):
        v, f, c = validate_mesh(m, i)
        nf = len(f)
        tf = np.zeros(nf, bool) if m.textured_faces is None else np.asarray(m.textured_faces, bool)
        fm = np.full(nf, -1, np.int32) if (lit is None or m.face_material is None) else \
            np.asarray(m.face_material, np.int32).reshape(-1)
        if fm.shape != (nf,) or (nf and fm.max() >= len(m.materials)):
            raise ValueError(f"VisualMesh[{i}] (owner {m.owner!r}).face_material: expected ({nf},) int32 indices "
                             f"into {len(m.materials)} materials")
        if lit is not None:
            vn = np.full((len(v), 3), np.nan, np.float32) if m.normals is None else np.asarray(m.normals, np.float32)
            vuv = np.zeros((len(v), 2), np.float32) if m.uv is None else np.asarray(m.uv, np.float32)
            if vn.shape != (len(v), 3) or vuv.shape != (len(v), 2):
                raise ValueError(f"VisualMesh[{i}] (owner {m.owner!r}): normals (V, 3) and uv (V, 2) expected, got "
                                 f"{vn.shape}, {vuv.shape}")
            fn = face_normals(v, f)
            cn = vn[f]
            bad = ~np.isfinite(cn).all(axis=2)
            cn = np.where(bad[:, :, None], fn[:, None, :], cn)
            cns.append(cn.astype(np.float32))
            vns.append(vn)
        else:
            vuv = None if m.uv is None else np.asarray(m.uv, np.float32)
        vs.append(v)
        fs.append(f + base)
        ow.append(np.full(len(f), owner_index(m.owner), np.int32))
        slot = np.full(len(f), -1, np.int32)
        uv = np.zeros((len(f), 3, 2), np.float32)
        gm = np.full(len(f), -1, np.int32)
        col = c.copy()
        if lit is not None:
            for k in np.unique(fm[fm >= 0]):
                mat = m.materials[int(k)]
                g = mat_ids.get(id(mat))
                if g is None:
                    g = mat_ids[id(mat)] = len(materials)
                    materials.append(mat)
                sel = fm == k
                gm[sel] = g
                col[sel] = np.asarray(mat.base_color, np.float32)
                if mat.albedo is not None:
                    ts = tex_ids.get(id(mat.albedo))
                    if ts is None:
                        ts = tex_ids[id(mat.albedo)] = len(textures)
                        textures.append(_linear_texture(mat.albedo))
                        wraps.append(True)
                    slot[sel] = ts
                    uv[sel] = vuv[f[sel]]
        if tf.any():
            slot[tf] = len(textures)
            uv[tf] = vuv[f[tf]]
            gm[tf] = -1
            col[tf] = c[tf]
            textures.append(_linear_texture(m.texture))
            wraps.append(False)
        cs.append(col)
        slots.append(slot)
        uvs.append(uv)
        mats.append(gm)
        base += len(v)

    def cat(parts, empty):
        return np.concatenate(parts) if parts else empty

    verts = cat(vs, np.zeros((0, 3), np.float32))
    faces = cat(fs, np.zeros((0, 3), np.int32))
    albedo = cat(cs, np.zeros((0, 3), np.float32))
    owner = cat(ow, np.zeros(0, np.int32))
    slot = cat(slots, np.zeros(0, np.int32))
    uv = cat(uvs, np.zeros((0, 3, 2), np.float32))
    mat = cat(mats, np.zeros(0, np.int32))
    normal = face_normals(verts, faces)
    lit_arrays = None
    if lit is not None:
        cn = cat(cns, np.zeros((0, 3, 3), np.float32))
        vn_all = cat(vns, np.zeros((0, 3), np.float32))
        if static:
            lit_arrays = bake_lightmap(verts, faces, vn_all, lit.lights)
        else:
            e, d = dynamic_light(verts, faces, cn, lit, [(len(v), len(f)) for v, f in zip(vs, fs)], vn_all)
            lit_arrays = {"corner_e": e, "corner_d": d}
        lit_arrays.update(corner_n=cn, mat=mat)
    if background is not None:  # one extra row that the miss id points at
        albedo = np.vstack([albedo, np.asarray(background, np.float32)[None]])
        normal = np.vstack([normal, np.zeros((1, 3), np.float32)])
        owner = np.append(owner, np.int32(-1))
        slot = np.append(slot, np.int32(-1))
        uv = np.concatenate([uv, np.zeros((1, 3, 2), np.float32)])
        if lit_arrays is not None:   # static: a lightmap; the background row gets one cell of zeros
            lit_arrays["corner_n"] = np.concatenate([lit_arrays["corner_n"], np.zeros((1, 3, 3), np.float32)])
            p = len(lit_arrays["lm_e"])
            lit_arrays["lm_n"] = np.append(lit_arrays["lm_n"], np.int32(1))
            lit_arrays["lm_off"] = np.append(lit_arrays["lm_off"], np.int32(p))
            for k in ("lm_e", "lm_d"):
                lit_arrays[k] = np.concatenate([lit_arrays[k], np.zeros((3, 3), np.float32)])
            lit_arrays["mat"] = np.append(lit_arrays["mat"], np.int32(-2))
    if len(albedo) == 0:   # Warp needs non-empty arrays even when no face refers to them
        albedo, normal = np.zeros((1, 3), np.float32), np.zeros((1, 3), np.float32)
        slot, uv = np.full(1, -1, np.int32), np.zeros((1, 3, 2), np.float32)
        if lit_arrays is not None:
            lit_arrays = {k: np.zeros((1, 3, 3), np.float32) for k in ("corner_n", "corner_e", "corner_d")}
            lit_arrays["mat"] = np.full(1, -1, np.int32)
    if lit_arrays is not None:
        mrow = materials or [None]
        lit_arrays["rough"] = np.array([0.7 if m is None else m.roughness for m in mrow], np.float32)
        lit_arrays["metal"] = np.array([0.0 if m is None else m.metallic for m in mrow], np.float32)
        lit_arrays["opacity"] = np.array([1.0 if m is None else m.opacity for m in mrow], np.float32)
        lit_arrays["emissive"] = np.array([(0, 0, 0) if m is None else m.emissive for m in mrow], np.float32)
    table = ks.make_face_table(albedo, normal, _n_dot_l(normal, light), slot, uv, textures, device=device,
                               lit=lit_arrays, tex_wrap=wraps)
    counts = [(len(v), len(f)) for v, f in zip(vs, fs)]
    return FaceSet(vertices=verts, faces=faces, owner=owner, shading=table, counts=counts,
                   parts=_part_bounds(verts, counts), corner_n=lit_arrays["corner_n"] if lit_arrays else None)


@dataclass
class LitSetup:
    """What the lit model lights with: the scene's area lights and, for the meshes that move, the occluder of the
    static set (light probes; None before a static set exists) and the light of each moving mesh as last
    computed, by a hash of its vertices (a mesh that did not move since keeps its light: the same numbers)."""

    lights: list
    occluder: object = None
    cache: dict = field(default_factory=dict)


def _mesh_light(verts: np.ndarray, faces: np.ndarray, corner_n: np.ndarray, vnormals: np.ndarray | None,
                lit: LitSetup):
    nf = len(faces)
    vis_l, ao = probe(lit.occluder, verts, lit.lights)
    if vnormals is not None:   # smooth mesh: light each vertex once
        pts, nrm = verts.astype(np.float64), vnormals.astype(np.float64)
    else:
        pts, nrm = verts[faces].reshape(-1, 3).astype(np.float64), corner_n.reshape(-1, 3).astype(np.float64)
    e, d = direct_unshadowed(pts, nrm, lit.lights, vis_l)
    hemi = 0.75 + 0.25 * nrm[:, 2:3]     # surfaces facing down see the dark floor, not the ceiling
    e = e + AMBIENT * (AO_FLOOR + (1 - AO_FLOOR) * ao) * hemi
    if vnormals is not None:
        e, d = e[faces], d[faces]
    return e.reshape(nf, 3, 3).astype(np.float32), d.reshape(nf, 3, 3).astype(np.float32)


def dynamic_light(verts: np.ndarray, faces: np.ndarray, corner_n: np.ndarray, lit: LitSetup, counts=None,
                  vnormals=None):
    """Corner irradiance and direct light (F, 3, 3) of meshes that move, mesh by mesh (``counts``: (vertices,
    faces) of each, in order; default one mesh): the lights' unshadowed contribution at each vertex, each light
    scaled by its visibility from a probe at the mesh's centre, plus the ambient term scaled by the probe's
    ambient occlusion (:func:`interactiveworld.render.lightbake.probe`). ``vnormals`` (V, 3) with NaN rows for
    flat parts: a mesh without NaN is lit per vertex."""
    nf = len(faces)
    e_out = np.zeros((nf, 3, 3), np.float32)
    d_out = np.zeros((nf, 3, 3), np.float32)
    counts = [(len(verts), nf)] if counts is None else counts
    v0 = f0 = 0
    for nv, nfm in counts:
        if nfm:
            mv = verts[v0:v0 + nv]
            mf = faces[f0:f0 + nfm] - v0
            mn = None if vnormals is None else vnormals[v0:v0 + nv]
            if mn is not None and not np.isfinite(mn).all():
                mn = None
            h = hashlib.blake2b(np.ascontiguousarray(mv).tobytes(), digest_size=16)
            h.update(np.ascontiguousarray(mf).tobytes())
            key = (v0, f0, h.hexdigest())
            hit = lit.cache.get(key)
            if hit is None:
                hit = _mesh_light(mv, mf, corner_n[f0:f0 + nfm], mn, lit)
            e_out[f0:f0 + nfm], d_out[f0:f0 + nfm] = hit
            lit.cache[key] = hit
        v0 += nv
        f0 += nfm
    while len(lit.cache) > 4 * max(len(counts), 1) + 16:   # forget meshes long gone
        lit.cache.pop(next(iter(lit.cache)))
    return e_out, d_out


_FIXED = ("faces", "face_colors", "textured_faces", "uv", "texture", "face_material")


def _fixed_parts(meshes) -> list[tuple]:
    """Per mesh, everything but the vertices: owner, vertex count and copies of the arrays in ``_FIXED``."""
    out = []
    for m in meshes:
        parts = tuple(None if getattr(m, k) is None else np.array(getattr(m, k)) for k in _FIXED)
        out.append((m.owner, np.shape(m.vertices), tuple(id(x) for x in m.materials)) + parts)
    return out


def _same_parts(a: list[tuple], meshes) -> bool:
    if len(a) != len(meshes):
        return False
    for rec, m in zip(a, meshes):
        if rec[0] != m.owner or rec[1] != np.shape(m.vertices) or rec[2] != tuple(id(x) for x in m.materials):
            return False
        for old, k in zip(rec[3:], _FIXED):
            new = getattr(m, k)
            if (old is None) != (new is None) or (old is not None and not np.array_equal(old, new)):
                return False
    return True


class DynamicSet:
    """The dynamic meshes of the current frame as a :class:`FaceSet`. While the meshes keep their owners, faces,
    colours, uv and textures (the body walking, a held object carried, a door swinging), a new frame only moves
    the vertices: normals, bounds and (lit model) corner light are recomputed and the shading table is updated in
    place (no rebuild)."""

    def __init__(self, owner_index, light: np.ndarray, device, lit: LitSetup | None = None) -> None:
        self._owner_index, self._light, self._device, self.lit = owner_index, light, device, lit
        self._parts: list[tuple] = []
        self.faces = build_face_set([], owner_index, light, device, lit=lit)

    def _normals(self, meshes, vs, fs):
        """(face normals (F, 3), corner shading normals (F, 3, 3)) of the set, mesh by mesh; a mesh whose vertices
        and normals are those of the frame before keeps its arrays (the same numbers, not recomputed)."""
        cache = getattr(self, "_normal_cache", {})
        fresh, normals, corners = {}, [], []
        v0 = f0 = 0
        for k, (m, v, (nv, nf)) in enumerate(zip(meshes, vs, fs.counts)):
            h = hashlib.blake2b(np.ascontiguousarray(v).tobytes(), digest_size=16)
            if m.normals is not None:
                h.update(np.ascontiguousarray(m.normals, np.float32).tobytes())
            key = (k, h.hexdigest())
            hit = cache.get(key)
            if hit is None:
                f = fs.faces[f0:f0 + nf] - v0
                fn = face_normals(v, f)
                if m.normals is None:
                    cn = np.repeat(fn[:, None], 3, axis=1)
                else:
                    cn = np.asarray(m.normals, np.float32)[f]
                    bad = ~np.isfinite(cn).all(axis=2)
                    cn = np.where(bad[:, :, None], fn[:, None, :], cn).astype(np.float32)
                hit = (fn, cn)
            fresh[key] = hit
            normals.append(hit[0])
            corners.append(hit[1])
            v0 += nv
            f0 += nf
        self._normal_cache = fresh
        return np.concatenate(normals), np.concatenate(corners).astype(np.float32)

    def update(self, meshes) -> FaceSet:
        """The :class:`FaceSet` of ``meshes`` (list of VisualMesh). Raises ValueError as :func:`validate_mesh`."""
        meshes = list(meshes)
        if not _same_parts(self._parts, meshes):
            self.faces = build_face_set(meshes, self._owner_index, self._light, self._device, lit=self.lit)
            self._parts = _fixed_parts(meshes)
            return self.faces
        vs = [validate_mesh(m, i)[0] for i, m in enumerate(meshes)]
        fs = self.faces
        verts = np.concatenate(vs) if vs else np.zeros((0, 3), np.float32)
        cn = None
        if len(fs.faces) and self.lit is None:
            normal = face_normals(verts, fs.faces)
            ks.update_face_normals(fs.shading, normal, _n_dot_l(normal, self._light))
        elif len(fs.faces):
            normal, cn = self._normals(meshes, vs, fs)
            ks.update_face_normals(fs.shading, normal, _n_dot_l(normal, self._light))
            vn = np.concatenate([np.full((len(m.vertices), 3), np.nan, np.float32) if m.normals is None
                                 else np.asarray(m.normals, np.float32) for m in meshes])
            e, d = dynamic_light(verts, fs.faces, cn, self.lit, fs.counts, vn)
            ks.update_face_light(fs.shading, cn, e, d)
        self.faces = FaceSet(vertices=verts, faces=fs.faces, owner=fs.owner, shading=fs.shading, counts=fs.counts,
                             parts=_part_bounds(verts, fs.counts), corner_n=cn)
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
    static_shadows: bool = True   # trace shadow rays against the static set (False: its shadows are baked)
    antialias: bool = False       # the silhouette anti-aliasing pass (kernels.shading.edge_aa)


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
            if not opt.static_shadows:
                return
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
        return self._antialias(rgb, face, t, opt, bands), fn

    def _frame_warp(self, view, near, static, dyn, opt, want_rgb):
        dev, fs, eng = self.device, static.face_count, self.engine
        dirs = self.buf("dirs")
        t, face, u, v = self._hits()
        shadows = want_rgb and opt.shadows
        rgb = self.buf("rgb", ks.vec3ub) if want_rgb else None
        if shadows:
            rays = ks.shadow_rays(eng.static_mesh if opt.static_shadows else None, eng.dynamic_mesh, opt.light,
                                  opt.shadow_range, opt.eps, self.width, self.height, opt.block, device=dev,
                                  dyn_parts=dyn.parts)
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
        return self._antialias(rgb, face, t, opt, bands), face.numpy()

    def _antialias(self, rgb, face, t, opt: Shading, bands):
        """The anti-aliased copy of ``rgb`` (a third pass over the bands: it reads the rows around each)."""
        if rgb is None or not opt.antialias:
            return rgb
        out = self.buf("rgb_aa", ks.vec3ub)
        self.run(lambda band: ks.edge_aa(rgb, face, t, self.width, device=self.device, out=out, rows=band), bands)
        return out
