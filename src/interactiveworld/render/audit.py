"""The entity-id buffer of a head-camera frame and the frame audit built on it (DESIGN.md "Frames").

The id buffer casts the camera's primary rays (the same pixel-centre rays as :meth:`Camera.rays`, starting
``near`` ahead of the eye like the renderer's) through the Embree first-hit engine and maps each pixel's first hit
to the entity that owns the face: an index into :attr:`FrameAuditor.owners`, ``-1`` where the ray leaves the scene
or meets the anonymous architecture (floors, walls). The wearer's own body is the owner ``"body"``.

The audit of one frame reads, from that buffer and a sphere of rays cast from the eye:

* **eye clearance**: the distance [m] from the eye to the nearest surface other than the wearer's body, and
  whether the eye is *inside* geometry (most rays from the eye meet a surface from its back side, as from inside a
  closed mesh). A person's eye is never inside a cabinet, and rarely within :data:`EYE_CLEARANCE_M` of one.
* **body share**: the fraction of pixels that are the wearer's own body (an arm across the view is normal; a torso
  filling it is not; limit :data:`MAX_BODY_SHARE`).
* **target pixels**: how many pixels each named entity covers (a command's target in its result frame).
* **blank**: one surface covers more than :data:`BLANK_SHARE` of the view. A surface is one entity, or one plane of
  the anonymous architecture (a wall, the floor), or the background.

Conventions: world frame z-up, metres; image row 0 is the top.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ..world.geometry import VisualMesh
from .camera import Camera
from .engines.embree import EmbreeEngine

BODY = "body"
"""Owner key of the wearer's own body mesh."""
EYE_CLEARANCE_M = 0.05
"""An eye nearer than this [m] to any surface (other than the wearer's body) is flagged: the issue's "within 5 cm"."""
INSIDE_BACKFACE_SHARE = 0.5
"""The eye is inside geometry when more than this share of the rays cast from it first meet a back face."""
MAX_BODY_SHARE = 0.35
"""Most of a frame [share of pixels] the wearer's own body may cover."""
BLANK_SHARE = 0.85
"""A frame where one surface covers more than this share of the pixels is blank: it carries no information."""
MIN_TARGET_PIXELS = 100
"""A target is *in view* of a 640 x 480 frame when it covers at least this many pixels (a 10 x 10 px patch: a cup
2.5 m away); scaled by the pixel count for other frame sizes."""
EYE_RAYS = 256
"""Rays cast from the eye (a Fibonacci sphere) to measure clearance and inside-ness. Neighbouring rays are about 13
degrees apart, so the clearance to a plane is overestimated by at most 1/cos(6.5 deg) - 1, under 1 %; a surface
smaller than the gap between two rays at its distance can be missed."""
PLANE_STEP_M = 0.05
"""Architecture faces whose planes agree to this offset [m] (and 0.05 in the unit normal) are one surface."""


def fibonacci_sphere(n: int) -> np.ndarray:
    """``n`` unit directions spread evenly over the sphere (the Fibonacci lattice), shape (n, 3), float32.

    Raises:
        ValueError: ``n < 1``.
    """
    if n < 1:
        raise ValueError(f"fibonacci_sphere: n must be >= 1, got {n}")
    i = np.arange(n, dtype=np.float64) + 0.5
    z = 1.0 - 2.0 * i / n
    r = np.sqrt(np.maximum(0.0, 1.0 - z * z))
    phi = np.pi * (1.0 + 5.0 ** 0.5) * i
    return np.stack([r * np.cos(phi), r * np.sin(phi), z], axis=1).astype(np.float32)


def _merge(meshes: Sequence[VisualMesh], owner_index) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(vertices (V, 3) float32, faces (F, 3) int32, owner index per face (F,) int32) of ``meshes``."""
    vs, fs, os_ = [], [], []
    base = 0
    for m in meshes:
        v = np.asarray(m.vertices, np.float32).reshape(-1, 3)
        f = np.asarray(m.faces, np.int64).reshape(-1, 3)
        if len(f) and (f.min() < 0 or f.max() >= len(v)):
            raise ValueError(f"FrameAuditor: mesh of owner {m.owner!r} has face indices outside its {len(v)} vertices")
        if not np.isfinite(v).all():
            raise ValueError(f"FrameAuditor: mesh of owner {m.owner!r} has non-finite vertices")
        vs.append(v)
        fs.append((f + base).astype(np.int32))
        os_.append(np.full(len(f), owner_index(m.owner), np.int32))
        base += len(v)
    if not vs:
        return np.zeros((0, 3), np.float32), np.zeros((0, 3), np.int32), np.zeros(0, np.int32)
    return np.concatenate(vs), np.concatenate(fs), np.concatenate(os_)


def _normals_and_planes(v: np.ndarray, f: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Unit face normals (F, 3) float64 (zero for degenerate faces) and plane offsets ``n . p`` (F,) [m]."""
    if len(f) == 0:
        return np.zeros((0, 3)), np.zeros(0)
    p = v[f].astype(np.float64)
    n = np.cross(p[:, 1] - p[:, 0], p[:, 2] - p[:, 0])
    ln = np.linalg.norm(n, axis=1, keepdims=True)
    n = np.where(ln > 1e-12, n / np.maximum(ln, 1e-12), 0.0)
    return n, np.einsum("ij,ij->i", n, p[:, 0])


@dataclass
class FrameAudit:
    """What one frame shows (see the module docstring).

    Attributes:
        eye_clearance_m: distance [m] from the eye to the nearest surface other than the body (inf: none).
        eye_inside: the eye is inside geometry.
        body_share: share of pixels that are the wearer's body, in [0, 1].
        largest_surface: the surface covering most pixels (an entity key, ``"architecture"`` or ``"background"``).
        largest_share: its share of the pixels, in [0, 1].
        pixels: entity key -> pixels it covers (every owner in view, the body included).
        size: (width, height) of the id buffer [px].
    """

    eye_clearance_m: float
    eye_inside: bool
    body_share: float
    largest_surface: str
    largest_share: float
    pixels: dict[str, int] = field(default_factory=dict)
    size: tuple[int, int] = (640, 480)

    @property
    def eye_near(self) -> bool:
        """The eye is inside geometry or within :data:`EYE_CLEARANCE_M` of it."""
        return self.eye_inside or self.eye_clearance_m < EYE_CLEARANCE_M

    @property
    def blank(self) -> bool:
        """One surface covers more than :data:`BLANK_SHARE` of the frame."""
        return self.largest_share > BLANK_SHARE

    def min_pixels(self) -> int:
        """:data:`MIN_TARGET_PIXELS` scaled to this frame's size."""
        return max(1, int(round(MIN_TARGET_PIXELS * self.size[0] * self.size[1] / (640 * 480))))

    def shows(self, key: str) -> bool:
        """Whether entity ``key`` covers at least :meth:`min_pixels` pixels."""
        return self.pixels.get(key, 0) >= self.min_pixels()


class FrameAuditor:
    """Entity-id buffers and frame audits of head-camera frames over one scene's geometry.

    Args:
        static_meshes: the geometry that does not move (built into an Embree scene once).
        near: primary rays start this far [m] ahead of the eye (the renderer's near distance; the head camera of
            :class:`~interactiveworld.env.Environment` uses 0.12 m).

    Raises:
        ValueError: a mesh with out-of-range face indices or non-finite vertices, or a negative ``near``.
    """

    def __init__(self, static_meshes: Sequence[VisualMesh], *, near: float = 0.12) -> None:
        if not (np.isfinite(near) and near >= 0):
            raise ValueError(f"FrameAuditor: near must be a finite distance >= 0, got {near}")
        self.near = float(near)
        self.owners: list[str] = []
        self._ids: dict[str, int] = {}
        v, f, o = _merge(list(static_meshes), self.owner_index)
        self._static_v, self._static_f, self._static_owner = v, f, o
        self._static_n, d = _normals_and_planes(v, f)
        self._static_surface = self._surfaces(o, self._static_n, d)
        self._engine = EmbreeEngine()
        self._engine.build_static(v, f)
        self._sphere = fibonacci_sphere(EYE_RAYS)

    def owner_index(self, owner: str) -> int:
        """Index of ``owner`` in :attr:`owners` (added on first use); -1 for the anonymous ``""``."""
        if not owner:
            return -1
        i = self._ids.get(owner)
        if i is None:
            i = self._ids[owner] = len(self.owners)
            self.owners.append(owner)
        return i

    @staticmethod
    def _surfaces(owner: np.ndarray, normals: np.ndarray, offsets: np.ndarray) -> np.ndarray:
        """A surface key per face (int64): the owner index for entity faces; for anonymous faces a key of the
        quantised plane (normal to 0.05, offset to :data:`PLANE_STEP_M`), offset past every owner index."""
        out = owner.astype(np.int64)
        anon = owner < 0
        if anon.any():
            q = np.round(normals[anon] / 0.05).astype(np.int64) + 32
            k = np.round(offsets[anon] / PLANE_STEP_M).astype(np.int64) + 100000
            out[anon] = -(1 + ((q[:, 0] * 64 + q[:, 1]) * 64 + q[:, 2]) * 1000000 + k)
        return out

    def _dynamic(self, dynamic: Sequence[VisualMesh]):
        v, f, o = _merge(list(dynamic), self.owner_index)
        n, d = _normals_and_planes(v, f)
        self._engine.build_dynamic(v, f)
        return f, o, n, d

    def _trace(self, origins: np.ndarray, dirs: np.ndarray, dyn) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(t (N,), owner index (N,) -1 for anonymous or a miss, face normal (N, 3)) of the first hits."""
        hits = self._engine.intersect(np.ascontiguousarray(origins, np.float32), np.ascontiguousarray(dirs, np.float32))
        fs = len(self._static_f)
        face = hits.face.astype(np.int64)
        owner = np.full(len(face), -1, np.int32)
        normal = np.zeros((len(face), 3))
        st = face < fs
        owner[st] = self._static_owner[face[st]]
        normal[st] = self._static_n[face[st]]
        dy = face > fs
        if dy.any():
            j = face[dy] - (fs + 1)
            owner[dy] = dyn[1][j]
            normal[dy] = dyn[2][j]
        t = np.where(face == fs, np.inf, hits.t.astype(np.float64))
        return t, owner, normal

    def id_buffer(self, camera: Camera, dynamic: Sequence[VisualMesh] = ()) -> np.ndarray:
        """The entity-id buffer of ``camera``'s frame: (H, W) int32 indices into :attr:`owners`, -1 for the
        background and the anonymous architecture. ``dynamic``: the meshes that move (the body among them,
        owner ``"body"``)."""
        return self._ids_and_surfaces(camera, self._dynamic(dynamic))[0]

    def _ids_and_surfaces(self, camera: Camera, dyn) -> tuple[np.ndarray, np.ndarray]:
        o, d = camera.rays()
        start = camera.near if camera.near is not None else self.near
        o = o + d * np.float32(start)
        hits = self._engine.intersect(np.ascontiguousarray(o), d)
        fs = len(self._static_f)
        face = hits.face.astype(np.int64)
        owner = np.full(len(face), -1, np.int32)
        surface = np.full(len(face), np.iinfo(np.int64).min, np.int64)   # the background
        st = face < fs
        owner[st] = self._static_owner[face[st]]
        surface[st] = self._static_surface[face[st]]
        dy = face > fs
        if dy.any():
            j = face[dy] - (fs + 1)
            owner[dy] = dyn[1][j]
            surface[dy] = self._surfaces(dyn[1][j], dyn[2][j], dyn[3][j])
        return owner.reshape(camera.height, camera.width), surface

    def eye_clearance(self, eye, dynamic: Sequence[VisualMesh] = ()) -> tuple[float, bool]:
        """(distance [m] from ``eye`` to the nearest surface other than the body, whether the eye is inside
        geometry), from :data:`EYE_RAYS` rays cast from the eye over the whole sphere.

        Raises:
            ValueError: ``eye`` is not a finite (3,) point.
        """
        eye = np.asarray(eye, np.float64).reshape(-1)
        if eye.shape != (3,) or not np.isfinite(eye).all():
            raise ValueError(f"eye_clearance: eye must be a finite (3,) point, got {eye}")
        dyn = self._dynamic([m for m in dynamic if m.owner != BODY])
        return self._clearance(eye, dyn)

    def _clearance(self, eye: np.ndarray, dyn) -> tuple[float, bool]:
        dirs = self._sphere
        t, _, normal = self._trace(np.broadcast_to(eye.astype(np.float32), dirs.shape), dirs, dyn)
        hit = np.isfinite(t)
        back = hit & (np.einsum("ij,ij->i", normal, dirs.astype(np.float64)) > 0.0)
        return (float(t[hit].min()) if hit.any() else float("inf")), bool(back.mean() > INSIDE_BACKFACE_SHARE)

    def audit(self, camera: Camera, dynamic: Sequence[VisualMesh] = ()) -> FrameAudit:
        """The :class:`FrameAudit` of ``camera``'s frame with the moving meshes ``dynamic`` (the body included)."""
        dynamic = list(dynamic)
        clear, inside = self._clearance(camera.eye, self._dynamic([m for m in dynamic if m.owner != BODY]))
        ids, surface = self._ids_and_surfaces(camera, self._dynamic(dynamic))
        flat = ids.ravel()
        n = flat.size
        counts = np.bincount(flat[flat >= 0], minlength=len(self.owners))
        pixels = {self.owners[i]: int(c) for i, c in enumerate(counts) if c}
        keys, sc = np.unique(surface, return_counts=True)
        k = int(np.argmax(sc))
        top = int(keys[k])
        if top == np.iinfo(np.int64).min:
            name = "background"
        elif top < 0:
            name = "architecture"
        else:
            name = self.owners[top]
        return FrameAudit(eye_clearance_m=clear, eye_inside=inside, body_share=pixels.get(BODY, 0) / n,
                          largest_surface=name, largest_share=float(sc[k]) / n, pixels=pixels,
                          size=(camera.width, camera.height))


__all__ = ["FrameAuditor", "FrameAudit", "fibonacci_sphere", "BODY", "EYE_CLEARANCE_M", "MAX_BODY_SHARE",
           "BLANK_SHARE", "MIN_TARGET_PIXELS", "EYE_RAYS", "INSIDE_BACKFACE_SHARE", "PLANE_STEP_M"]
