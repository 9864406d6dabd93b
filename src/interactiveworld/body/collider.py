"""The shared collision world of the body: scene geometry as exact boxes and padded voxel SDFs, and pose checks.

Paper appendix B.1.2. Boxes use their exact signed distance; triangle meshes are grouped by owner and turned into
padded voxel signed distance fields (unsigned where a group is not watertight). A pose check samples spheres
along every capsule of the :class:`CapsuleRig` at the requested pose, refines the worst contact by golden-section
search along the capsule axis, and reports the deepest offending pair with its penetration depth [m].
Distances are negative inside geometry.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import trimesh

from .. import _core
from ..world.geometry import CollisionGeometry, SurfaceTag
from .capsules import CapsuleRig
from .model import BodyModel, as_pose_batch
from .skeleton import JOINT_INDEX

#: Narrow band of exact distances in scene SDFs [m]: above the largest capsule radius (0.11 m) plus a margin.
SCENE_SDF_BAND = 0.15

#: Contact region around the commanded target that the reach test may exclude [m] (B.1.2, DESIGN.md "Stance").
CONTACT_REGION_RADIUS = 0.22


@dataclass
class CollisionReport:
    """Result of a pose check.

    Attributes:
        ok: True when no contact deeper than the tolerance was found.
        segment: offending body part (capsule name, or "held_object"); "" when ok.
        owner: the other side: an entity key, "scene" for anonymous geometry, or "body:<capsule>" for a
            self-contact; "" when ok.
        depth: penetration depth [m] (>= 0; 0 when ok).
        clearance: worst signed clearance found [m] (inf when nothing is near; when ok, an upper bound, as pairs
            proven clear by sphere tracing are not refined).
    """

    ok: bool
    segment: str = ""
    owner: str = ""
    depth: float = 0.0
    clearance: float = float("inf")

    def describe(self) -> str:
        """Plain-language account of the contact."""
        if self.ok:
            return "no collision"
        return f"{self.segment.replace('_', ' ')} hits {self.owner} ({self.depth * 1000:.0f} mm deep)"


@dataclass
class HeldObject:
    """A grasped object's collision points riding a wrist (B.1.2, "Carried objects").

    Attributes:
        key: the object's entity key (its own geometry is allow-listed while held).
        hand: "left" or "right".
        points: surface points in the wrist frame [m], shape (K, 3).
    """

    key: str
    hand: str
    points: np.ndarray

    def __post_init__(self) -> None:
        """Raises ValueError for a hand other than "left"/"right" or points that are not finite (K, 3)."""
        if self.hand not in ("left", "right"):
            raise ValueError(f"hand must be 'left' or 'right', got {self.hand!r}")
        pts = np.asarray(self.points, dtype=np.float64)
        if pts.ndim != 2 or pts.shape[1] != 3:
            raise ValueError(f"points: expected (K, 3) float64 in the wrist frame [m], got {pts.shape}")
        if not np.all(np.isfinite(pts)):
            bad = int(np.flatnonzero(~np.all(np.isfinite(pts), axis=1))[0])
            raise ValueError(f"points: row {bad} is not finite")
        self.points = pts

    @classmethod
    def from_mesh(cls, key: str, hand: str, mesh: trimesh.Trimesh, object_in_wrist, *, count: int = 256,
                  seed: int = 0) -> "HeldObject":
        """Sample ``count`` surface points of ``mesh`` (object-local) and express them in the wrist frame.

        Raises ValueError for a hand other than "left"/"right", a count outside [1, 1e6] or a non-finite transform.
        """
        if hand not in ("left", "right"):
            raise ValueError(f"hand must be 'left' or 'right', got {hand!r}")
        if isinstance(count, bool) or not isinstance(count, (int, np.integer)) or not 1 <= count <= 1_000_000:
            raise ValueError(f"count must be a whole number in [1, 1000000], got {count!r}")
        T = np.asarray(object_in_wrist, dtype=np.float64)
        if T.shape != (4, 4) or not np.all(np.isfinite(T)):
            raise ValueError(f"object_in_wrist: expected a finite (4, 4) transform, got {T.shape}")
        # Area-weighted sampling returns exactly ``count`` points (the even variant may return fewer and logs it).
        pts, _ = trimesh.sample.sample_surface(mesh, count, seed=seed)
        return cls(key=key, hand=hand, points=pts @ T[:3, :3].T + T[:3, 3])


@dataclass
class SceneCollider:
    """Scene geometry prepared for pose checks.

    Attributes:
        native: the ``_core.CollisionScene``.
        owners: entity keys indexed by the owner ids the native scene reports.
        fields: per mesh group (owner key, ``_core.VoxelSDF``, signed: bool).
        voxel: SDF voxel size [m].
    """

    native: object
    owners: list[str]
    voxel: float
    fields: list[tuple[str, object, bool]] = field(default_factory=list)

    @classmethod
    def from_geometry(cls, geometry: CollisionGeometry, *, voxel: float = 0.02, padding: float | None = None,
                      band: float = SCENE_SDF_BAND) -> "SceneCollider":
        """Build from :class:`CollisionGeometry`: exact boxes, and one padded voxel SDF per mesh owner.

        Args:
            geometry: world collision geometry.
            voxel: SDF voxel size [m] (> 0).
            padding: grid margin around each mesh group [m]; default 4 voxels.
            band: exact distances are computed within this distance of the surface [m]; beyond it the field
                holds +-band, so penetration depths are reported up to ``band`` (a room-sized mesh then costs
                its surface area, not its volume).
        Raises:
            ValueError: voxel <= 0, a grid would be too large, or non-finite / non-rigid geometry (a box
                transform or half extent, a mesh vertex: the message names it).
        """
        if not (voxel > 0 and np.isfinite(voxel)):
            raise ValueError(f"voxel must be a positive size [m], got {voxel}")
        pad = 4 * voxel if padding is None else float(padding)
        scene = _core.CollisionScene()
        g = geometry
        if g.face_count and not np.all(np.isfinite(g.mesh_vertices)):
            bad = int(np.flatnonzero(~np.all(np.isfinite(g.mesh_vertices), axis=1))[0])
            raise ValueError(f"mesh vertex {bad} is not finite: {g.mesh_vertices[bad].tolist()}")
        if g.box_count:
            scene.add_boxes(g.box_transforms, g.box_half_extents, g.box_owner.astype(np.int32),
                            (g.box_tags == SurfaceTag.FLOOR).astype(np.uint8))
        fields = []
        if g.face_count:
            floor = (g.mesh_face_tags == SurfaceTag.FLOOR)
            groups = np.stack([g.mesh_face_owner.astype(np.int64), floor.astype(np.int64)], 1)
            for owner, is_floor in np.unique(groups, axis=0):
                faces = g.mesh_faces[(groups[:, 0] == owner) & (groups[:, 1] == is_floor)]
                used, inverse = np.unique(faces, return_inverse=True)
                verts = g.mesh_vertices[used]
                faces = inverse.reshape(-1, 3).astype(np.int32)
                md = _core.MeshDistance(verts, faces, require_watertight=False)
                sdf = _core.VoxelSDF.build(md, voxel, pad, band=band)
                scene.add_field(sdf, verts.min(0), verts.max(0), int(owner), bool(is_floor))
                key = g.owners[owner] if 0 <= owner < len(g.owners) else "scene"
                fields.append((key, sdf, md.watertight))
        return cls(native=scene, owners=list(g.owners), voxel=voxel, fields=fields)

    def owner_ids(self, keys) -> list[int]:
        """Owner indices of entity keys (unknown keys are ignored)."""
        index = {k: i for i, k in enumerate(self.owners)}
        return [index[k] for k in keys if k in index]

    def owner_name(self, owner: int) -> str:
        return self.owners[owner] if 0 <= owner < len(self.owners) else "scene"


def _region(allow_region):
    if allow_region is None:
        return None, 0.0
    if isinstance(allow_region, tuple) and len(allow_region) == 2 and np.ndim(allow_region[0]) == 1:
        centre, radius = allow_region
    else:
        centre, radius = allow_region, CONTACT_REGION_RADIUS
    centre = np.asarray(centre, dtype=np.float64).reshape(-1)
    if centre.shape != (3,) or not np.all(np.isfinite(centre)) or not (float(radius) >= 0):
        raise ValueError("allow_region: expected a centre (3,) [m] or (centre, radius >= 0)")
    return tuple(centre), float(radius)


def check_poses(model: BodyModel, poses, translations, scene: SceneCollider, *, allow_owners=(), allow_region=None,
                held: HeldObject | None = None, tolerance: float = 0.0, self_collision: bool = True,
                threads: int = 0) -> list[CollisionReport]:
    """Batched :func:`check_pose`: poses (B, 156) [rad], translations (B, 3) [m] -> B reports (threads split B)."""
    p, t, _ = as_pose_batch(poses, translations)
    rig = CapsuleRig.for_model(model)
    keys = list(allow_owners) + ([held.key] if held is not None else [])
    centre, radius = _region(allow_region)
    held_joint = JOINT_INDEX[f"{held.hand}_wrist"] if held is not None else -1
    ok, cap, other, other_cap, clear = _core.check_poses(
        model.skeleton, rig.native, scene.native, p, t, allowed_owners=scene.owner_ids(keys), region_centre=centre,
        region_radius=radius, tolerance=tolerance, self_collision=self_collision, held_joint=held_joint,
        held_points=None if held is None else np.asarray(held.points, np.float64), threads=threads)
    reports = []
    for i in range(len(p)):
        c = float(clear[i])
        if ok[i]:
            reports.append(CollisionReport(True, clearance=c if c < 1e299 else float("inf")))
            continue
        seg = "held_object" if cap[i] < 0 else rig.names[cap[i]]
        owner = f"body:{rig.names[other_cap[i]]}" if other[i] == -2 else scene.owner_name(int(other[i]))
        reports.append(CollisionReport(False, seg, owner, max(0.0, -c), c))
    return reports


def check_pose(model: BodyModel, pose, translation, scene: SceneCollider, *, allow_owners=(), allow_region=None,
               held: HeldObject | None = None, tolerance: float = 0.0, self_collision: bool = True) -> CollisionReport:
    """Check one body pose against the scene (B.1.2, "Shared collision world").

    Args:
        model: the body; pose (156,) [rad]; translation (3,) [m].
        scene: the :class:`SceneCollider`.
        allow_owners: entity keys whose contacts are allowed (the grasp contact, the commanded target).
        allow_region: a contact-region centre (3,) [m] (radius 0.22 m) or (centre, radius): contacts whose
            scene point lies inside are allowed.
        held: the held object, checked against the scene at the wrist pose (its own key is allowed).
        tolerance: contacts shallower than this [m] are accepted (manipulation uses ~0.002).
        self_collision: also check non-adjacent capsule pairs against each other.
    Returns:
        :class:`CollisionReport` with the deepest offending pair and its depth [m].
    Raises:
        ValueError: wrong shapes, non-finite pose/translation, |pose| > 1e6 rad or |translation| > 1e6 m (absurd
            values whose arithmetic would be meaningless).
    """
    pose = np.asarray(pose, dtype=np.float64)
    if pose.ndim != 1:
        raise ValueError(f"pose: expected (156,) float64, got {pose.shape}; use check_poses for batches")
    return check_poses(model, pose[None], np.asarray(translation, dtype=np.float64).reshape(1, -1), scene,
                       allow_owners=allow_owners, allow_region=allow_region, held=held, tolerance=tolerance,
                       self_collision=self_collision)[0]
