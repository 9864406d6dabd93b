"""The egocentric renderer: first hits from a pluggable engine, shared shading, owner maps.

Scene input is a list of :class:`~interactiveworld.world.geometry.VisualMesh` in world coordinates
(z-up, metres). Static meshes go into an acceleration structure built once (:meth:`Renderer.set_static`);
dynamic meshes (the body, held or moving objects, opened doors) are passed to every
:meth:`Renderer.render` call and rebuilt per frame. Shading follows :mod:`.shading`.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from ..world.geometry import VisualMesh
from .camera import Camera
from .engines import Hits, make_engine
from .shading import encode_frame, sample_texture_bilinear, texture_to_linear

DEFAULT_LIGHT_DIR = (0.35, 0.25, 1.0)   # toward the light: high and slightly oblique, like ceiling lamps
DEFAULT_AMBIENT = 0.35
DEFAULT_BACKGROUND = (0.55, 0.60, 0.65)  # linear RGB of rays that leave the scene
SHADOW_RANGE_M = 1.5
SHADOW_EPS_M = 2e-3
HEADLIGHT = 0.4


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


@dataclass
class _FaceTable:
    """Per-face data of a merged triangle set (static or dynamic)."""

    vertices: np.ndarray   # (V, 3) float32
    faces: np.ndarray      # (F, 3) int32, into the merged vertices
    albedo: np.ndarray     # (F, 3) float32 linear RGB
    normal: np.ndarray     # (F, 3) float32 unit (zero for degenerate faces)
    n_dot_l: np.ndarray    # (F,) float32
    owner: np.ndarray      # (F,) int32 index into Renderer.owners, -1 for ""
    mesh: np.ndarray       # (F,) int32 index into the table's mesh list
    textured: np.ndarray   # (F,) bool
    uv: np.ndarray         # (F, 3, 2) float32 (zeros where not textured)
    textures: list         # per mesh: linear texture (H, W, 3) float32 or None

    @property
    def face_count(self) -> int:
        return len(self.faces)


def _build_table(meshes, owner_index, light: np.ndarray, background=None) -> _FaceTable:
    vs, fs, cs, ow, mi, tx, uvs, textures = [], [], [], [], [], [], [], []
    base = 0
    for i, m in enumerate(meshes):
        v, f, c = _validate(m, i)
        vs.append(v)
        fs.append(f + base)
        cs.append(c)
        ow.append(np.full(len(f), owner_index(m.owner), np.int32))
        mi.append(np.full(len(f), i, np.int32))
        tf = np.zeros(len(f), bool) if m.textured_faces is None else np.asarray(m.textured_faces, bool)
        tx.append(tf)
        uv = np.zeros((len(f), 3, 2), np.float32)
        if tf.any():
            uv[tf] = np.asarray(m.uv, np.float32)[f[tf]]
            textures.append(texture_to_linear(m.texture))
        else:
            textures.append(None)
        uvs.append(uv)
        base += len(v)
    verts = np.concatenate(vs) if vs else np.zeros((0, 3), np.float32)
    faces = np.concatenate(fs) if fs else np.zeros((0, 3), np.int32)
    albedo = np.concatenate(cs) if cs else np.zeros((0, 3), np.float32)
    tri = verts[faces]
    normal = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
    norm = np.linalg.norm(normal, axis=1, keepdims=True)
    normal = np.where(norm > 0, normal / np.maximum(norm, 1e-30), 0.0).astype(np.float32)
    table = _FaceTable(vertices=verts, faces=faces, albedo=albedo, normal=normal,
                       n_dot_l=(normal @ light).astype(np.float32),
                       owner=np.concatenate(ow) if ow else np.zeros(0, np.int32),
                       mesh=np.concatenate(mi) if mi else np.zeros(0, np.int32),
                       textured=np.concatenate(tx) if tx else np.zeros(0, bool),
                       uv=np.concatenate(uvs) if uvs else np.zeros((0, 3, 2), np.float32),
                       textures=textures)
    if background is not None:  # one extra row: the miss id points at it
        table.albedo = np.vstack([table.albedo, np.asarray(background, np.float32)[None]])
        table.normal = np.vstack([table.normal, np.zeros((1, 3), np.float32)])
        table.n_dot_l = np.append(table.n_dot_l, np.float32(0.0))
        table.owner = np.append(table.owner, np.int32(-1))
        table.mesh = np.append(table.mesh, np.int32(-1))
        table.textured = np.append(table.textured, False)
        table.uv = np.concatenate([table.uv, np.zeros((1, 3, 2), np.float32)])
    return table


class Renderer:
    """Ray-cast renderer of the egocentric view (paper section 2.1; DESIGN.md "Backends and scale").

    Args:
        engine: ``"auto"`` (Warp on CUDA when available, else Embree), ``"embree"``, ``"warp"``,
            ``"warp-cpu"`` or ``"warp-cuda"``.
        width, height: frame size [px]; a camera's own size is overridden by these.
        shading: ``"lambert"`` (directional light + ambient) or ``"flat"`` (albedo only, no light).
        shadows: cast one contact-shadow ray per lit pixel (range ``shadow_range`` [m]).
        light_dir: direction toward the light, shape (3,) (normalised).
        ambient: ambient fraction in [0, 1]; the directional light contributes ``1 - ambient``.
        background: linear RGB of rays that leave the scene.
        near: rays start this far [m] in front of the eye, so the wearer's own head is not seen.

    Raises:
        ValueError: an unknown engine or shading mode, a bad light direction or ambient.
    """

    def __init__(self, *, engine: str = "auto", width: int = 640, height: int = 480, shading: str = "lambert",
                 shadows: bool = True, light_dir=DEFAULT_LIGHT_DIR, ambient: float = DEFAULT_AMBIENT,
                 background=DEFAULT_BACKGROUND, shadow_range: float = SHADOW_RANGE_M, near: float = 0.0) -> None:
        if shading not in ("lambert", "flat"):
            raise ValueError(f"Renderer: unknown shading {shading!r}, expected 'lambert' or 'flat'")
        if not 0.0 <= ambient <= 1.0:
            raise ValueError(f"Renderer: ambient must be in [0, 1], got {ambient}")
        light = np.asarray(light_dir, np.float64).reshape(-1)
        if light.shape != (3,) or not np.isfinite(light).all() or np.linalg.norm(light) < 1e-9:
            raise ValueError(f"Renderer: light_dir must be a finite non-zero (3,) vector, got {light_dir}")
        if width < 1 or height < 1:
            raise ValueError(f"Renderer: expected positive width and height, got {width}x{height}")
        self.engine = make_engine(engine)
        self.width, self.height = int(width), int(height)
        self.shading = shading
        self.shadows = bool(shadows) and shading == "lambert"
        self.light_dir = (light / np.linalg.norm(light)).astype(np.float32)
        self.ambient = float(ambient) if shading == "lambert" else 1.0
        self.diffuse = 1.0 - self.ambient
        self.background = np.asarray(background, np.float32).reshape(3)
        self.shadow_range = float(shadow_range)
        self.near = float(near)
        self.owners: list[str] = []
        self._owner_ids: dict[str, int] = {}
        self._static = None
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
        # the background row has a zero normal, so shading gives albedo * ambient * (1 - HEADLIGHT):
        # store the background colour divided by that factor
        bg = self.background
        if self.shading == "lambert":
            bg = bg / max(self.ambient * (1.0 - HEADLIGHT), 1e-6)
        self._static = _build_table(list(meshes), self.owner_index, self.light_dir, background=bg)
        self.engine.build_static(self._static.vertices, self._static.faces)

    def _set_dynamic(self, dynamic) -> _FaceTable | None:
        dynamic = list(dynamic)
        if not dynamic:
            self.engine.build_dynamic(np.zeros((0, 3), np.float32), np.zeros((0, 3), np.int32))
            return None
        table = _build_table(dynamic, self.owner_index, self.light_dir)
        self.engine.build_dynamic(table.vertices, table.faces)
        return table

    def _camera(self, camera: Camera) -> Camera:
        if camera.width == self.width and camera.height == self.height:
            return camera
        return dataclasses.replace(camera, width=self.width, height=self.height)

    # -- tracing -----------------------------------------------------------------------------------------
    def _trace(self, camera: Camera, dynamic) -> tuple[np.ndarray, np.ndarray, Hits, _FaceTable | None]:
        dyn = self._set_dynamic(dynamic)
        origins, dirs = self._camera(camera).rays()
        if self.near > 0:
            origins = origins + self.near * dirs
        return origins, dirs, self.engine.intersect(origins, dirs), dyn

    def _gather(self, name: str, face: np.ndarray, dyn: _FaceTable | None) -> np.ndarray:
        static = getattr(self._static, name)
        fs = self._static.face_count
        if dyn is None:
            return static[face]
        out = static[np.minimum(face, fs)]
        m = face > fs
        if m.any():
            out[m] = getattr(dyn, name)[face[m] - (fs + 1)]
        return out

    def render(self, camera: Camera, dynamic=()) -> np.ndarray:
        """The frame seen by ``camera``: (H, W, 3) uint8 sRGB, row 0 at the top.

        Args:
            camera: the head camera (its size is replaced by the renderer's).
            dynamic: meshes that move between frames (rebuilt for this call).
        """
        origins, dirs, hits, dyn = self._trace(camera, dynamic)
        return self._shade(origins, dirs, hits, dyn).reshape(self.height, self.width, 3)

    def render_ids(self, camera: Camera, dynamic=()) -> np.ndarray:
        """Per-pixel owner index into :attr:`owners`, (H, W) int32; -1 for a miss or an anonymous mesh."""
        _, _, hits, dyn = self._trace(camera, dynamic)
        return self._gather("owner", hits.face, dyn).reshape(self.height, self.width)

    def render_with_ids(self, camera: Camera, dynamic=()) -> tuple[np.ndarray, np.ndarray]:
        """Both :meth:`render` and :meth:`render_ids` from one trace."""
        origins, dirs, hits, dyn = self._trace(camera, dynamic)
        rgb = self._shade(origins, dirs, hits, dyn).reshape(self.height, self.width, 3)
        return rgb, self._gather("owner", hits.face, dyn).reshape(self.height, self.width)

    # -- shading -----------------------------------------------------------------------------------------
    def _shade(self, origins, dirs, hits: Hits, dyn: _FaceTable | None) -> np.ndarray:
        face = hits.face
        albedo = self._gather("albedo", face, dyn)
        textured = self._gather("textured", face, dyn)
        if textured.any():
            self._apply_textures(albedo, np.flatnonzero(textured), hits, dyn)
        if self.shading == "flat":
            return encode_frame(albedo)
        normal = self._gather("normal", face, dyn)
        # two-sided faces: use the normal on the camera's side
        n_dot_d = np.einsum("ij,ij->i", normal, dirs)
        facing = n_dot_d < 0
        ndl = self._gather("n_dot_l", face, dyn)
        ndl = np.where(facing, ndl, -ndl)
        np.maximum(ndl, 0.0, out=ndl)
        if self.shadows:
            lit = np.flatnonzero(ndl > 0)
            if len(lit):
                n_side = np.where(facing[lit, None], normal[lit], -normal[lit])
                p = origins[lit] + hits.t[lit, None] * dirs[lit] + SHADOW_EPS_M * n_side
                d = np.broadcast_to(self.light_dir, p.shape)
                blocked = self.engine.occluded(np.ascontiguousarray(p, np.float32),
                                               np.ascontiguousarray(d, np.float32), self.shadow_range)
                ndl[lit[blocked]] = 0.0
        # ambient modulated by a weak headlight term (|n.d|) so that shadowed or enclosed surfaces keep shape cues
        light = self.ambient * (1.0 - HEADLIGHT + HEADLIGHT * np.abs(n_dot_d)) + self.diffuse * ndl
        return encode_frame(albedo * light[:, None])

    def _apply_textures(self, albedo: np.ndarray, pix: np.ndarray, hits: Hits, dyn: _FaceTable | None) -> None:
        face = hits.face[pix]
        fs = self._static.face_count
        is_dyn = face > fs
        for table, sel, local in ((self._static, ~is_dyn, face), (dyn, is_dyn, face - (fs + 1))):
            if table is None or not sel.any():
                continue
            p, f = pix[sel], local[sel]
            u, v = hits.u[p, None], hits.v[p, None]
            tri_uv = table.uv[f]
            uv = (1.0 - u - v) * tri_uv[:, 0] + u * tri_uv[:, 1] + v * tri_uv[:, 2]
            mesh = table.mesh[f]
            for m in np.unique(mesh):
                k = mesh == m
                albedo[p[k]] = sample_texture_bilinear(table.textures[m], uv[k])


def visible_owners(renderer: Renderer, camera: Camera, dynamic=(), *, min_pixels: int = 20) -> dict[str, int]:
    """Entities in view: owner key -> pixel count, for owners covering at least ``min_pixels`` pixels.

    Counts first hits only (occluded parts do not count). Includes ``"body"`` when the wearer's own
    body is in view; anonymous meshes (owner ``""``) are left out. Ordered by decreasing count.
    """
    ids = renderer.render_ids(camera, dynamic).ravel()
    counts = np.bincount(ids[ids >= 0], minlength=len(renderer.owners))
    order = np.argsort(-counts, kind="stable")
    return {renderer.owners[i]: int(counts[i]) for i in order if counts[i] >= min_pixels}
