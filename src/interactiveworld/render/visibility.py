"""Which entities the wearer sees: one definition for rendered and state-only runs (DESIGN.md "Visibility";
paper appendix C.2.1 step 6, "structured visibility", and C.2.2).

An entity is *visible* from a head camera when at least :data:`VISIBLE_MIN_FRACTION` of its surface samples

1. lie inside the camera's view frustum (the image rectangle, in front of the near distance),
2. lie within ``max_distance`` of the eye (:data:`MAX_VISIBLE_DISTANCE_M`), and
3. are reached by the ray from the eye: the first hit along the ray toward the sample belongs to the entity
   itself, or nothing is hit before the sample.

The rays are cast with Embree on the CPU against the same visual geometry the renderer draws (floors and walls,
fixtures with their doors at the current opening, objects at their current poses, label quads, the wearer's
body), so walls, closed doors and closed containers occlude what lies behind or inside them, and a held object
hides what it covers. Nothing here depends on image resolution or on whether frames are rendered, so a
``--no-render`` run and a rendered one see the same entities.

Surface samples (:func:`surface_samples`) are spread over an entity's triangles in proportion to their area
from a generator seeded by the entity key, so the same entity in the same pose always gets the same samples.

Conventions: world frame z-up, metres.
"""
from __future__ import annotations

import math
import zlib
from collections.abc import Mapping, Sequence

import numpy as np

from ..world.geometry import VisualMesh
from .camera import Camera
from .engines.embree import EmbreeEngine

SAMPLES_PER_ENTITY = 64
"""Surface samples per entity (area-weighted over its triangles)."""
VISIBLE_MIN_FRACTION = 0.10
"""An entity is visible when at least this fraction of its samples passes the three tests."""
MAX_VISIBLE_DISTANCE_M = 8.0
"""Samples farther than this from the eye [m] do not count (a room's length; beyond it a label or small object
is a few pixels at the head camera's resolution)."""
HIT_TOLERANCE_M = 2e-3
"""A first hit no nearer than this [m] short of the sample counts as reaching it (float32 ray precision)."""


def entity_seed(key: str) -> int:
    """The sampling seed of an entity key (CRC-32 of its UTF-8 bytes): stable across runs and processes."""
    return zlib.crc32(key.encode("utf-8"))


def surface_samples(vertices: np.ndarray, faces: np.ndarray, count: int = SAMPLES_PER_ENTITY, *,
                    seed: int = 0) -> np.ndarray:
    """Points spread over a triangle mesh's surface in proportion to triangle area.

    Args:
        vertices: (V, 3) positions [m]; faces: (F, 3) vertex indices.
        count: number of samples.
        seed: generator seed (use :func:`entity_seed`).

    Returns:
        (count, 3) float64 points on the surface; the vertex mean repeated when the mesh has no area, and
        (0, 3) for a mesh without faces.

    Raises:
        ValueError: bad shapes, a face index out of range, or ``count < 1``.
    """
    v = np.asarray(vertices, np.float64)
    f = np.asarray(faces)
    if v.ndim != 2 or v.shape[1] != 3:
        raise ValueError(f"surface_samples: vertices: expected (V, 3), got {v.shape}")
    if f.ndim != 2 or f.shape[1] != 3:
        raise ValueError(f"surface_samples: faces: expected (F, 3), got {f.shape}")
    if count < 1:
        raise ValueError(f"surface_samples: count must be >= 1, got {count}")
    if len(f) == 0:
        return np.zeros((0, 3))
    if f.min() < 0 or f.max() >= len(v):
        raise ValueError(f"surface_samples: face index out of range [0, {len(v)})")
    tri = v[f]
    area = 0.5 * np.linalg.norm(np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0]), axis=1)
    total = float(area.sum())
    if not total > 0.0:
        return np.repeat(v[f.ravel()].mean(axis=0)[None], count, axis=0)
    rng = np.random.default_rng(seed)
    pick = rng.choice(len(f), size=count, p=area / total)
    r1, r2 = rng.random(count), rng.random(count)
    s = np.sqrt(r1)   # uniform on a triangle (Osada et al. 2002, eq. 1)
    a, b, c = tri[pick, 0], tri[pick, 1], tri[pick, 2]
    return (1.0 - s)[:, None] * a + (s * (1.0 - r2))[:, None] * b + (s * r2)[:, None] * c


def samples_by_owner(meshes: Sequence[VisualMesh], owners: set[str] | None = None,
                     count: int = SAMPLES_PER_ENTITY) -> dict[str, np.ndarray]:
    """Surface samples of every owner of ``meshes`` (all meshes of one owner pooled; anonymous meshes and
    owners outside ``owners``, when given, are skipped): owner key -> (count, 3) float64 [m]."""
    grouped: dict[str, list[VisualMesh]] = {}
    for m in meshes:
        if m.owner and (owners is None or m.owner in owners):
            grouped.setdefault(m.owner, []).append(m)
    out = {}
    for key, ms in grouped.items():
        verts, faces, base = [], [], 0
        for m in ms:
            verts.append(np.asarray(m.vertices, np.float64))
            faces.append(np.asarray(m.faces, np.int64) + base)
            base += len(m.vertices)
        pts = surface_samples(np.concatenate(verts), np.concatenate(faces), count, seed=entity_seed(key))
        if len(pts):
            out[key] = pts
    return out


def _merge(meshes: Sequence[VisualMesh], owner_ids: dict[str, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Merged (vertices (V, 3) float32, faces (F, 3) int32, face owner (F,) int32; -1 anonymous)."""
    vs, fs, ow = [], [], []
    base = 0
    for i, m in enumerate(meshes):
        f = np.asarray(m.faces, np.int32)
        v = np.asarray(m.vertices, np.float32)
        if v.ndim != 2 or v.shape[1] != 3 or f.ndim != 2 or f.shape[1] != 3:
            raise ValueError(f"VisualMesh[{i}] (owner {m.owner!r}): expected (V, 3) vertices and (F, 3) faces, "
                             f"got {v.shape} and {f.shape}")
        if len(f) and (f.min() < 0 or f.max() >= len(v)):
            raise ValueError(f"VisualMesh[{i}] (owner {m.owner!r}): face index out of range [0, {len(v)})")
        vs.append(v)
        fs.append(f + base)
        ow.append(np.full(len(f), owner_ids.setdefault(m.owner, len(owner_ids)) if m.owner else -1, np.int32))
        base += len(m.vertices)
    if not fs:
        return np.zeros((0, 3), np.float32), np.zeros((0, 3), np.int32), np.zeros(0, np.int32)
    return np.concatenate(vs), np.concatenate(fs), np.concatenate(ow)


class OcclusionScene:
    """The visual geometry as Embree scenes for rays from the eye: the static part is built once
    (:meth:`set_static`), the dynamic part (objects, articulated fixtures, the body) per query.

    Raises:
        ValueError: from :meth:`set_static` or :meth:`first_hits` on malformed meshes.
    """

    def __init__(self) -> None:
        self._engine = EmbreeEngine()
        self._owner_ids: dict[str, int] = {}
        self._static_owner = np.zeros(0, np.int32)

    def set_static(self, meshes: Sequence[VisualMesh]) -> None:
        """Build the static scene (floors, walls, fixtures that never move)."""
        v, f, ow = _merge(list(meshes), self._owner_ids)
        self._engine.build_static(v, f)
        self._static_owner = ow

    MISS = -2
    """Owner code of a ray that hits nothing (:meth:`first_hits`)."""
    ANONYMOUS = -1
    """Owner code of geometry without an owner (floors, walls)."""

    def owner_code(self, key: str) -> int:
        """The integer code :meth:`first_hits` reports for hits on ``key`` (assigned on first use)."""
        return self._owner_ids.setdefault(key, len(self._owner_ids))

    def first_hits(self, origins: np.ndarray, dirs: np.ndarray,
                   dynamic: Sequence[VisualMesh]) -> tuple[np.ndarray, np.ndarray]:
        """First hits of unit rays against the static scene plus ``dynamic``.

        Args:
            origins, dirs: (N, 3) ray starts [m] and unit directions.
            dynamic: the meshes that move, at their current poses.

        Returns:
            (t (N,) float64 distance from the origin [m], ``inf`` on a miss; owner (N,) int64: the
            :meth:`owner_code` of the entity hit, :data:`ANONYMOUS` or :data:`MISS`).
        """
        v, f, ow = _merge(list(dynamic), self._owner_ids)
        self._engine.build_dynamic(v, f)
        o = np.ascontiguousarray(origins, np.float32).reshape(-1, 3)
        d = np.ascontiguousarray(dirs, np.float32).reshape(-1, 3)
        hits = self._engine.intersect(o, d)
        fs = len(self._static_owner)
        face = np.asarray(hits.face, np.int64)
        owner = np.full(len(face), self.MISS, np.int64)
        st = face < fs
        owner[st] = self._static_owner[face[st]]
        dy = face > fs
        owner[dy] = ow[face[dy] - (fs + 1)]
        t = np.where(face == fs, np.inf, np.asarray(hits.t, np.float64))
        return t, owner


def reached_fractions(eye: np.ndarray, samples: Mapping[str, np.ndarray], occlusion: OcclusionScene,
                      dynamic: Sequence[VisualMesh], *, max_distance: float, near: float = 0.0,
                      camera: Camera | None = None) -> dict[str, float]:
    """For each entity, the fraction of its samples within ``max_distance`` of ``eye``, inside ``camera``'s
    frustum when a camera is given, and reached unobstructed by the ray from the eye.

    Args:
        eye: (3,) ray origin [m] (the camera centre).
        samples: entity key -> (S, 3) surface samples [m] (:func:`samples_by_owner`).
        occlusion: the scene's geometry; ``dynamic`` its moving meshes now.
        max_distance: samples farther from the eye do not count [m].
        near: rays start this far ahead of the eye [m] (the renderer's near distance: the eye sits in the
            head mesh); samples nearer than that do not count.
        camera: the view whose frustum (field of view and aspect ratio) the samples must lie in; None for no
            frustum test (what the wearer could touch around them).

    Returns:
        key -> fraction in [0, 1] (keys of ``samples``).

    Raises:
        ValueError: a non-finite eye or a negative distance.
    """
    eye = np.asarray(eye, np.float64).reshape(3)
    if not np.all(np.isfinite(eye)):
        raise ValueError(f"reached_fractions: eye must be finite, got {eye}")
    if not (max_distance >= 0 and near >= 0):
        raise ValueError(f"reached_fractions: need max_distance >= 0 and near >= 0, got {max_distance}, {near}")
    keys = list(samples)
    if not keys:
        return {}
    pts = np.concatenate([np.asarray(samples[k], np.float64) for k in keys])
    owner = np.repeat(np.arange(len(keys)), [len(samples[k]) for k in keys])
    rel = pts - eye
    dist = np.linalg.norm(rel, axis=1)
    ok = (dist <= max_distance) & (dist > near)
    if camera is not None:
        z = rel @ camera.forward
        ty = math.tan(math.radians(camera.fov_y_deg) / 2.0)
        tx = ty * camera.width / camera.height
        ok &= (z > 0) & (np.abs(rel @ camera.right) <= tx * z) & (np.abs(rel @ camera.up) <= ty * z)
    idx = np.flatnonzero(ok)
    reached = np.zeros(len(pts), bool)
    if len(idx):
        d = rel[idx] / dist[idx, None]
        t, hit = occlusion.first_hits(eye + near * d, d, dynamic)
        codes = np.array([occlusion.owner_code(k) for k in keys], np.int64)[owner[idx]]
        reached[idx] = (hit == OcclusionScene.MISS) | (hit == codes) | (near + t >= dist[idx] - HIT_TOLERANCE_M)
    counts = np.bincount(owner, minlength=len(keys))
    passed = np.bincount(owner[reached], minlength=len(keys))
    return {k: float(passed[i] / counts[i]) if counts[i] else 0.0 for i, k in enumerate(keys)}


def visible_entities(camera: Camera, samples: Mapping[str, np.ndarray], occlusion: OcclusionScene,
                     dynamic: Sequence[VisualMesh], *, near: float, max_distance: float = MAX_VISIBLE_DISTANCE_M,
                     min_fraction: float = VISIBLE_MIN_FRACTION) -> set[str]:
    """Keys of the entities visible from ``camera`` (see the module docstring): at least ``min_fraction`` of
    their samples in the frustum, within ``max_distance`` [m] and unoccluded from ``camera.eye``."""
    fr = reached_fractions(camera.eye, samples, occlusion, dynamic, max_distance=max_distance, near=near,
                           camera=camera)
    return {k for k, f in fr.items() if f >= min_fraction and f > 0.0}


__all__ = ["SAMPLES_PER_ENTITY", "VISIBLE_MIN_FRACTION", "MAX_VISIBLE_DISTANCE_M", "OcclusionScene",
           "entity_seed", "surface_samples", "samples_by_owner", "reached_fractions", "visible_entities"]
