"""Mesh kit core: the :class:`MeshPiece` every asset builder returns, the welded :class:`RawMesh` builders work
on, normals with a crease angle, merging, rigid and affine transforms, subdivided planes and edge subdivision.

Conventions (shared by :mod:`.meshkit_shapes`, :mod:`.meshkit_organic` and :mod:`.meshkit_packaging`):

* Entity-local frame, z-up, metres. Outputs are deterministic: the same arguments give the same bytes.
* Faces wind counter-clockwise seen from outside, so the geometric normal ``(v1 - v0) x (v2 - v0)`` points out of
  a closed solid (its signed volume is positive).
* Shading normals are smooth where the surface is smooth and split at creases: a corner takes the angle-weighted
  mean of the normals of the faces around its vertex that lie within ``crease_deg`` of its own face's normal
  (Thuermer and Wuethrich 1998, "Computing vertex normals from polygonal facets"). A vertex is duplicated where
  its corners disagree in normal or UV (UV seams, creases).
* UV: in metres for tiling materials (a texture tile of 1 m repeats once per metre) unless a builder documents a
  unit layout (labels and printed artwork, ``[0, 1]`` with (0, 0) the bottom-left of the image).
* A piece names the material *slot* of each face (``slots[face_slot[f]]``), e.g. ``"glass"``, ``"label"``; the
  slot-to-material table lives with the asset families, not here.

Builders assemble a :class:`RawMesh` (welded positions, faces, per-corner UV and slots), may deform its positions
(noise, dents), then call :meth:`RawMesh.finish` to get a :class:`MeshPiece` with split vertices and normals.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import trimesh

__all__ = [
    "DEFAULT_CREASE_DEG", "MeshPiece", "RawMesh", "merge", "merge_raw", "transform", "translate", "rotate", "scale",
    "rotation_matrix", "grid_plane", "subdivide_long_edges", "signed_volume", "corner_normals",
]

DEFAULT_CREASE_DEG = 50.0   # above the 22.5-30 deg between facets of a 12-16 sided circle, below a box's 90 deg


# --------------------------------------------------------------------------------------------------------------
# input checks shared by the kit
# --------------------------------------------------------------------------------------------------------------

def checked_array(fn: str, arg: str, value, shape: tuple, *, min_rows: int = 0) -> np.ndarray:
    """``value`` as a finite float64 array of ``shape`` (-1 = any length), else ValueError naming ``arg``."""
    try:
        a = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{fn}: {arg} must be numeric, got {value!r}") from exc
    if a.ndim != len(shape) or any(s != -1 and s != n for s, n in zip(shape, a.shape)):
        want = "(" + ", ".join("N" if s == -1 else str(s) for s in shape) + ")"
        raise ValueError(f"{fn}: {arg} must have shape {want}, got {a.shape}")
    if len(shape) and a.shape[0] < min_rows:
        raise ValueError(f"{fn}: {arg} needs at least {min_rows} rows, got {a.shape[0]}")
    if not np.isfinite(a).all():
        raise ValueError(f"{fn}: {arg} must be finite")
    return a


def checked_positive(fn: str, arg: str, value, *, allow_zero: bool = False) -> float:
    try:
        x = float(value)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{fn}: {arg} must be a number, got {value!r}") from exc
    if not math.isfinite(x) or x < 0 or (x == 0 and not allow_zero):
        raise ValueError(f"{fn}: {arg} must be {'>= 0' if allow_zero else '> 0'}, got {value!r}")
    return x


def checked_count(fn: str, arg: str, value, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise ValueError(f"{fn}: {arg} must be a whole number >= {minimum}, got {value!r}")
    return int(value)


def _crease(fn: str, crease_deg) -> float:
    c = float(crease_deg)
    if not (0.0 <= c < 90.0):
        raise ValueError(f"{fn}: crease_deg must be in [0, 90), got {crease_deg!r}")
    return c


def checked_slot_name(fn: str, arg: str, name) -> str:
    if not isinstance(name, str) or not name:
        raise ValueError(f"{fn}: {arg} must be a non-empty string, got {name!r}")
    return name


# --------------------------------------------------------------------------------------------------------------
# the finished piece
# --------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class MeshPiece:
    """A finished triangle mesh with shading normals, UV and material slots (entity-local, z-up, metres).

    Attributes:
        vertices: [m], shape (V, 3), float32.
        faces: vertex indices, counter-clockwise seen from outside, shape (F, 3), int32.
        normals: unit shading normals, shape (V, 3), float32.
        uv: texture coordinates, shape (V, 2), float32 (metres for tiling slots, [0, 1] for documented label
            layouts).
        slots: material slot names; ``face_slot`` indexes them.
        face_slot: slot index per face, shape (F,), int32.
    """

    vertices: np.ndarray
    faces: np.ndarray
    normals: np.ndarray
    uv: np.ndarray
    slots: tuple[str, ...]
    face_slot: np.ndarray

    def __post_init__(self) -> None:
        v, f = self.vertices, self.faces
        if v.dtype != np.float32 or v.ndim != 2 or v.shape[1] != 3:
            raise ValueError(f"MeshPiece.vertices: expected (V, 3) float32, got {v.shape} {v.dtype}")
        if f.dtype != np.int32 or f.ndim != 2 or f.shape[1] != 3:
            raise ValueError(f"MeshPiece.faces: expected (F, 3) int32, got {f.shape} {f.dtype}")
        if self.normals.shape != v.shape or self.uv.shape != (len(v), 2) or self.face_slot.shape != (len(f),):
            raise ValueError("MeshPiece: normals (V, 3), uv (V, 2) and face_slot (F,) must match the mesh")
        if len(f) and (f.min() < 0 or f.max() >= len(v)):
            raise ValueError("MeshPiece.faces: vertex index out of range")
        if len(f) and (self.face_slot.min() < 0 or self.face_slot.max() >= len(self.slots)):
            raise ValueError("MeshPiece.face_slot: slot index out of range")

    @property
    def material(self) -> str:
        """The slot name when the piece has exactly one slot.

        Raises:
            ValueError: the piece has several slots (use :attr:`slots` and :attr:`face_slot`).
        """
        if len(self.slots) != 1:
            raise ValueError(f"MeshPiece.material: the piece has {len(self.slots)} slots {self.slots}")
        return self.slots[0]

    @property
    def bounds(self) -> np.ndarray:
        """Axis-aligned bounds [m], shape (2, 3): min row then max row."""
        return np.stack([self.vertices.min(axis=0), self.vertices.max(axis=0)])

    def slot_mask(self, name: str) -> np.ndarray:
        """Faces of slot ``name``, (F,) bool (all False when the slot is absent)."""
        if name not in self.slots:
            return np.zeros(len(self.faces), bool)
        return self.face_slot == self.slots.index(name)

    def with_material(self, name: str) -> MeshPiece:
        """The same mesh with every face in one slot ``name``."""
        name = checked_slot_name("MeshPiece.with_material", "name", name)
        return MeshPiece(self.vertices, self.faces, self.normals, self.uv, (name,),
                         np.zeros(len(self.faces), np.int32))

    def renamed(self, mapping: dict[str, str]) -> MeshPiece:
        """Slots renamed by ``mapping`` (names not in it are kept); slots that end up equal are joined."""
        names = [mapping.get(s, s) for s in self.slots]
        for n in names:
            checked_slot_name("MeshPiece.renamed", "mapping", n)
        joined = list(dict.fromkeys(names))
        remap = np.array([joined.index(n) for n in names], np.int32)
        return MeshPiece(self.vertices, self.faces, self.normals, self.uv, tuple(joined), remap[self.face_slot])

    def split_slot(self, name: str) -> MeshPiece:
        """The faces of slot ``name`` alone (unused vertices dropped).

        Raises:
            ValueError: ``name`` is not a slot of the piece.
        """
        if name not in self.slots:
            raise ValueError(f"MeshPiece.split_slot: no slot {name!r} in {self.slots}")
        f = self.faces[self.slot_mask(name)]
        used, inv = np.unique(f.ravel(), return_inverse=True)
        return MeshPiece(self.vertices[used], inv.reshape(-1, 3).astype(np.int32), self.normals[used],
                         self.uv[used], (name,), np.zeros(len(f), np.int32))

    def uv_scaled(self, factor) -> MeshPiece:
        """UV multiplied by ``factor`` (scalar or (2,)), e.g. metres to texture tiles of ``1 / factor`` m."""
        k = np.asarray(factor, np.float64).reshape(-1)
        return MeshPiece(self.vertices, self.faces, self.normals, (self.uv * k).astype(np.float32), self.slots,
                         self.face_slot)

    def to_trimesh(self):
        """A ``trimesh.Trimesh`` of the positions welded (seams and creases joined), for volume and
        watertightness checks; normals and UV are left out."""
        pos, inv = np.unique(self.vertices.astype(np.float64), axis=0, return_inverse=True)
        return trimesh.Trimesh(pos, inv.reshape(-1)[self.faces], process=False)

    # transforms as methods, for chaining
    def transformed(self, matrix) -> MeshPiece:
        return transform(self, matrix)

    def translated(self, offset) -> MeshPiece:
        return translate(self, offset)

    def rotated(self, axis, angle: float, *, about=(0.0, 0.0, 0.0)) -> MeshPiece:
        return rotate(self, axis, angle, about=about)

    def scaled(self, factors) -> MeshPiece:
        return scale(self, factors)


# --------------------------------------------------------------------------------------------------------------
# the welded mesh builders work on
# --------------------------------------------------------------------------------------------------------------

@dataclass
class RawMesh:
    """A welded mesh under construction: shared positions, faces, UV per face corner and a slot per face.

    Attributes:
        positions: [m], shape (P, 3), float64; a position is shared by every face that touches it.
        faces: indices into ``positions``, shape (F, 3), int64.
        corner_uv: UV of each face corner, shape (F, 3, 2), float64 (seams are corners that differ).
        face_slot: slot index per face, shape (F,), int32.
        slots: slot names.
    """

    positions: np.ndarray
    faces: np.ndarray
    corner_uv: np.ndarray
    face_slot: np.ndarray
    slots: tuple[str, ...]

    @staticmethod
    def single(positions, faces, corner_uv, slot: str) -> RawMesh:
        """A raw mesh whose faces all use one slot."""
        f = np.asarray(faces, np.int64).reshape(-1, 3)
        return RawMesh(np.asarray(positions, np.float64).reshape(-1, 3), f,
                       np.asarray(corner_uv, np.float64).reshape(len(f), 3, 2), np.zeros(len(f), np.int32),
                       (slot,))

    def signed_volume(self) -> float:
        """Signed enclosed volume [m^3] (divergence theorem); positive when faces wind outward."""
        p = self.positions[self.faces]
        return float(np.einsum("ij,ij->i", p[:, 0], np.cross(p[:, 1], p[:, 2])).sum() / 6.0)

    def flipped(self) -> RawMesh:
        """Faces wound the other way (corner UV follows its corners)."""
        return RawMesh(self.positions, self.faces[:, [0, 2, 1]], self.corner_uv[:, [0, 2, 1]], self.face_slot,
                       self.slots)

    def set_slot(self, mask, name: str) -> RawMesh:
        """Faces in ``mask`` ((F,) bool) moved to slot ``name`` (added when new)."""
        slots = self.slots if name in self.slots else (*self.slots, name)
        fs = self.face_slot.copy()
        fs[np.asarray(mask, bool)] = slots.index(name)
        return RawMesh(self.positions, self.faces, self.corner_uv, fs, slots)

    def finish(self, *, crease_deg: float = DEFAULT_CREASE_DEG, closed: bool = False) -> MeshPiece:
        """Split vertices by normal and UV and compute shading normals (module docstring).

        Args:
            crease_deg: faces meeting at more than this angle [deg] get a sharp edge, in [0, 90).
            closed: the mesh encloses a volume; faces are flipped if they wind inward, so the result's signed
                volume is positive.

        Returns:
            The :class:`MeshPiece`, vertices ordered by (position, normal, UV).

        Raises:
            ValueError: a crease angle outside [0, 90), face indices out of range.
        """
        crease = _crease("RawMesh.finish", crease_deg)
        raw = self
        if len(raw.faces) and (raw.faces.min() < 0 or raw.faces.max() >= len(raw.positions)):
            raise ValueError("RawMesh.finish: face index out of range")
        if closed and raw.signed_volume() < 0:
            raw = raw.flipped()
        normals = corner_normals(raw.positions, raw.faces, crease)
        pid = raw.faces.reshape(-1)
        uv = raw.corner_uv.reshape(-1, 2)
        # round the keys so corners that agree up to arithmetic noise share a vertex
        key = np.concatenate([pid[:, None].astype(np.float64), np.round(normals, 6), np.round(uv, 9)], axis=1)
        _, first, inv = np.unique(key, axis=0, return_index=True, return_inverse=True)
        inv = inv.reshape(-1)
        return MeshPiece(
            vertices=raw.positions[pid[first]].astype(np.float32),
            faces=inv.reshape(-1, 3).astype(np.int32),
            normals=normals[first].astype(np.float32),
            uv=uv[first].astype(np.float32),
            slots=tuple(raw.slots),
            face_slot=raw.face_slot.astype(np.int32).copy(),
        )


def corner_normals(positions: np.ndarray, faces: np.ndarray, crease_deg: float) -> np.ndarray:
    """Shading normal of every face corner, (3F, 3) float64 unit, in face-major order.

    Each corner averages the unit normals of the faces around its position that lie within ``crease_deg`` of its
    own face's normal, weighted by their corner angle at that position (Thuermer and Wuethrich 1998). A corner of
    a degenerate face takes the mean over all faces at its position.
    """
    p = positions[faces]                                   # (F, 3, 3)
    fn = np.cross(p[:, 1] - p[:, 0], p[:, 2] - p[:, 0])
    length = np.linalg.norm(fn, axis=1)
    good = length > 1e-20
    fnu = np.where(good[:, None], fn / np.where(good, length, 1.0)[:, None], 0.0)
    # corner angles
    e1 = np.roll(p, -1, axis=1) - p
    e2 = np.roll(p, 1, axis=1) - p
    num = np.linalg.norm(np.cross(e1, e2), axis=2)
    den = np.einsum("fck,fck->fc", e1, e2)
    angle = np.arctan2(num, den).reshape(-1)               # (3F,)
    corner_face = np.repeat(np.arange(len(faces)), 3)
    cv = faces.reshape(-1)
    order = np.argsort(cv, kind="stable")
    counts = np.bincount(cv, minlength=len(positions))
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    deg = counts[cv]                                       # partners per corner (itself included)
    c_rep = np.repeat(np.arange(len(cv)), deg)
    offs = np.arange(len(c_rep)) - np.repeat(np.cumsum(deg) - deg, deg)
    partner = order[starts[cv][c_rep] + offs]
    fa, fb = corner_face[c_rep], corner_face[partner]
    cos_limit = math.cos(math.radians(crease_deg))
    dots = np.einsum("ij,ij->i", fnu[fa], fnu[fb])
    same = dots >= cos_limit - 1e-12
    w = np.where(same, angle[partner], 0.0)
    acc = np.zeros((len(cv), 3))
    for k in range(3):
        acc[:, k] = np.bincount(c_rep, weights=w * fnu[fb, k], minlength=len(cv))
    n = np.linalg.norm(acc, axis=1)
    bad = n < 1e-12
    if bad.any():   # degenerate face: mean over every face at the position
        allw = angle[partner] * good[fb]
        for k in range(3):
            acc[bad, k] = np.bincount(c_rep, weights=allw * fnu[fb, k], minlength=len(cv))[bad]
        n = np.linalg.norm(acc, axis=1)
        still = n < 1e-12
        acc[still] = (0.0, 0.0, 1.0)
        n[still] = 1.0
    return acc / n[:, None]


def signed_volume(piece: MeshPiece) -> float:
    """Signed volume [m^3] enclosed by a piece's faces (positive when they wind outward)."""
    p = piece.vertices.astype(np.float64)[piece.faces]
    return float(np.einsum("ij,ij->i", p[:, 0], np.cross(p[:, 1], p[:, 2])).sum() / 6.0)


def merge_raw(raws: list[RawMesh]) -> RawMesh:
    """Raw meshes concatenated (positions are not welded across them); slots joined by name.

    Raises:
        ValueError: an empty list.
    """
    if not raws:
        raise ValueError("merge_raw: raws must not be empty")
    slots: list[str] = []
    pos, faces, uvs, fslots = [], [], [], []
    base = 0
    for r in raws:
        remap = []
        for s in r.slots:
            if s not in slots:
                slots.append(s)
            remap.append(slots.index(s))
        pos.append(r.positions)
        faces.append(r.faces + base)
        uvs.append(r.corner_uv)
        fslots.append(np.asarray(remap, np.int32)[r.face_slot] if len(r.face_slot) else r.face_slot)
        base += len(r.positions)
    return RawMesh(np.concatenate(pos), np.concatenate(faces), np.concatenate(uvs),
                   np.concatenate(fslots).astype(np.int32), tuple(slots))


def merge(pieces) -> MeshPiece:
    """Pieces concatenated into one (vertices are not welded across pieces); slots joined by name in order of
    first appearance.

    Raises:
        ValueError: an empty sequence or an item that is not a :class:`MeshPiece`.
    """
    pieces = list(pieces)
    if not pieces:
        raise ValueError("merge: pieces must not be empty")
    slots: list[str] = []
    vs, fs, ns, uvs, sl = [], [], [], [], []
    base = 0
    for i, p in enumerate(pieces):
        if not isinstance(p, MeshPiece):
            raise ValueError(f"merge: pieces[{i}] is {type(p).__name__}, expected MeshPiece")
        remap = []
        for s in p.slots:
            if s not in slots:
                slots.append(s)
            remap.append(slots.index(s))
        vs.append(p.vertices)
        fs.append(p.faces + base)
        ns.append(p.normals)
        uvs.append(p.uv)
        sl.append(np.asarray(remap, np.int32)[p.face_slot])
        base += len(p.vertices)
    return MeshPiece(np.concatenate(vs).astype(np.float32), np.concatenate(fs).astype(np.int32),
                     np.concatenate(ns).astype(np.float32), np.concatenate(uvs).astype(np.float32), tuple(slots),
                     np.concatenate(sl).astype(np.int32))


# --------------------------------------------------------------------------------------------------------------
# transforms
# --------------------------------------------------------------------------------------------------------------

def rotation_matrix(axis, angle: float) -> np.ndarray:
    """Rotation by ``angle`` [rad] about ``axis`` (right hand), (3, 3) float64 (Rodrigues' formula).

    Raises:
        ValueError: a zero or non-finite axis.
    """
    a = checked_array("rotation_matrix", "axis", axis, (3,))
    n = np.linalg.norm(a)
    if n < 1e-12:
        raise ValueError("rotation_matrix: axis must be non-zero")
    x, y, z = a / n
    c, s = math.cos(angle), math.sin(angle)
    k = np.array([[0, -z, y], [z, 0, -x], [-y, x, 0]])
    return np.eye(3) + s * k + (1 - c) * (k @ k)


def transform(piece: MeshPiece, matrix) -> MeshPiece:
    """A piece moved by an affine ``matrix`` (4, 4) or linear (3, 3); normals by its inverse transpose; winding
    reversed when the matrix mirrors. UV is kept as it is (regenerate it if the size changes the tiling).

    Raises:
        ValueError: a matrix that is not (3, 3) or (4, 4), singular or non-finite.
    """
    m = np.asarray(matrix, np.float64)
    if m.shape == (3, 3):
        m = np.block([[m, np.zeros((3, 1))], [np.zeros((1, 3)), np.ones((1, 1))]])
    if m.shape != (4, 4) or not np.isfinite(m).all():
        raise ValueError(f"transform: matrix must be a finite (4, 4) or (3, 3) array, got shape {m.shape}")
    lin = m[:3, :3]
    det = np.linalg.det(lin)
    if abs(det) < 1e-15:
        raise ValueError("transform: matrix is singular")
    v = piece.vertices.astype(np.float64) @ lin.T + m[:3, 3]
    n = piece.normals.astype(np.float64) @ np.linalg.inv(lin)
    n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-20)
    faces = piece.faces[:, [0, 2, 1]] if det < 0 else piece.faces
    return MeshPiece(v.astype(np.float32), np.ascontiguousarray(faces, np.int32), n.astype(np.float32), piece.uv,
                     piece.slots, piece.face_slot)


def translate(piece: MeshPiece, offset) -> MeshPiece:
    """A piece moved by ``offset`` [m], shape (3,)."""
    m = np.eye(4)
    m[:3, 3] = checked_array("translate", "offset", offset, (3,))
    return transform(piece, m)


def rotate(piece: MeshPiece, axis, angle: float, *, about=(0.0, 0.0, 0.0)) -> MeshPiece:
    """A piece rotated by ``angle`` [rad] about ``axis`` through the point ``about`` [m]."""
    r = rotation_matrix(axis, angle)
    c = checked_array("rotate", "about", about, (3,))
    m = np.eye(4)
    m[:3, :3] = r
    m[:3, 3] = c - r @ c
    return transform(piece, m)


def scale(piece: MeshPiece, factors) -> MeshPiece:
    """A piece scaled about the origin by ``factors`` (scalar or (3,), non-zero; negative mirrors).

    Raises:
        ValueError: a zero or non-finite factor.
    """
    f = np.broadcast_to(np.asarray(factors, np.float64).reshape(-1), (3,)) if np.ndim(factors) == 0 \
        else checked_array("scale", "factors", factors, (3,))
    if not np.isfinite(f).all() or np.any(f == 0):
        raise ValueError(f"scale: factors must be finite and non-zero, got {factors!r}")
    return transform(piece, np.diag(f))


# --------------------------------------------------------------------------------------------------------------
# planes and subdivision
# --------------------------------------------------------------------------------------------------------------

def grid_plane(size, max_edge: float, *, material: str = "default") -> MeshPiece:
    """A flat rectangle in the z = 0 plane facing +z, centred on the origin, split into a grid of squares-ish
    cells whose sides are at most ``max_edge``.

    Args:
        size: (x, y) extent [m], both > 0.
        max_edge: longest cell side [m] (> 0); the cell diagonal is up to sqrt(2) times it.
        material: slot name.

    Returns:
        A :class:`MeshPiece`; uv in metres from the (-x, -y) corner: uv = (x + size_x / 2, y + size_y / 2).

    Raises:
        ValueError: a non-positive size or edge, or more than 4 million cells.
    """
    s = checked_array("grid_plane", "size", size, (2,))
    if np.any(s <= 0):
        raise ValueError(f"grid_plane: size must be positive, got {size!r}")
    e = checked_positive("grid_plane", "max_edge", max_edge)
    nx, ny = (int(math.ceil(s[0] / e - 1e-9)), int(math.ceil(s[1] / e - 1e-9)))
    if nx * ny > 4_000_000:
        raise ValueError(f"grid_plane: {nx} x {ny} cells is too many; raise max_edge")
    xs = np.linspace(-s[0] / 2, s[0] / 2, nx + 1)
    ys = np.linspace(-s[1] / 2, s[1] / 2, ny + 1)
    gx, gy = np.meshgrid(xs, ys, indexing="ij")
    pos = np.stack([gx.ravel(), gy.ravel(), np.zeros(gx.size)], axis=1)
    idx = np.arange((nx + 1) * (ny + 1)).reshape(nx + 1, ny + 1)
    a, b, c, d = idx[:-1, :-1].ravel(), idx[1:, :-1].ravel(), idx[1:, 1:].ravel(), idx[:-1, 1:].ravel()
    faces = np.concatenate([np.stack([a, b, c], 1), np.stack([a, c, d], 1)])
    uv = pos[:, :2] + s / 2
    checked_slot_name("grid_plane", "material", material)
    return RawMesh.single(pos, faces, uv[faces], material).finish(crease_deg=0.0)


def _to_raw(piece: MeshPiece) -> RawMesh:
    pos, inv = np.unique(piece.vertices.astype(np.float64), axis=0, return_inverse=True)
    faces = inv.reshape(-1)[piece.faces].astype(np.int64)
    return RawMesh(pos, faces, piece.uv.astype(np.float64)[piece.faces], piece.face_slot.copy(), piece.slots)


def subdivide_raw(raw: RawMesh, max_edge: float, *, max_rounds: int = 24) -> RawMesh:
    """:func:`subdivide_long_edges` on a raw mesh (positions stay welded; corner UV interpolated)."""
    e = checked_positive("subdivide_long_edges", "max_edge", max_edge)
    pos, faces, cuv, fslot = raw.positions, raw.faces, raw.corner_uv, raw.face_slot
    for _ in range(max_rounds):
        p = pos[faces]
        ln = np.linalg.norm(np.roll(p, -1, axis=1) - p, axis=2)     # edge k joins corner k and k+1
        long_ = ln > e
        if not long_.any():
            break
        # one midpoint per long welded edge
        a = faces
        b = np.roll(faces, -1, axis=1)
        lo, hi = np.minimum(a, b)[long_], np.maximum(a, b)[long_]
        keys, inv = np.unique(np.stack([lo, hi], 1), axis=0, return_inverse=True)
        mid_id = np.full(faces.shape, -1, np.int64)
        mid_id[long_] = len(pos) + inv.reshape(-1)
        pos = np.concatenate([pos, (pos[keys[:, 0]] + pos[keys[:, 1]]) * 0.5])
        mu = (cuv + np.roll(cuv, -1, axis=1)) * 0.5                 # (F, 3, 2) edge-midpoint UV
        vv = np.concatenate([faces, mid_id], axis=1)                # (F, 6): corners then midpoints
        uu = np.concatenate([cuv, mu], axis=1)
        code = long_ @ np.array([1, 2, 4])
        new_f, new_uv, new_s = [], [], []
        for c in range(8):   # one sub-triangle pattern per set of split edges
            sel = np.flatnonzero(code == c)
            if not len(sel):
                continue
            tris = _split_pattern(np.array([c & 1, c & 2, c & 4], bool))
            new_f.append(vv[sel][:, tris].reshape(-1, 3))
            new_uv.append(uu[sel][:, tris].reshape(-1, 3, 2))
            new_s.append(np.repeat(fslot[sel], len(tris)))
        faces = np.concatenate(new_f)
        cuv = np.concatenate(new_uv)
        fslot = np.concatenate(new_s).astype(np.int32)
    else:
        raise ValueError(f"subdivide_long_edges: edges still longer than {e} m after {max_rounds} rounds")
    return RawMesh(pos, faces, cuv, fslot, raw.slots)


def _split_pattern(mask: np.ndarray) -> np.ndarray:
    """Sub-triangles of a triangle (corners 0-2, edge midpoints 3-5, midpoint 3+k on edge k->k+1) whose edges
    ``mask`` are split; counter-clockwise like the parent."""
    k = int(mask.sum())
    if k == 0:
        return np.array([[0, 1, 2]])
    if k == 3:
        return np.array([[0, 3, 5], [3, 1, 4], [5, 4, 2], [3, 4, 5]])
    if k == 1:
        i = int(np.argmax(mask))
        a, b, c = i, (i + 1) % 3, (i + 2) % 3
        return np.array([[a, 3 + i, c], [3 + i, b, c]])
    j = int(np.argmin(mask))            # the edge not split: j -> j+1
    a, b, c = j, (j + 1) % 3, (j + 2) % 3
    mb, mc = 3 + b, 3 + c               # midpoints on edges b->c and c->a
    return np.array([[a, b, mb], [a, mb, mc], [mb, c, mc]])


def subdivide_long_edges(piece: MeshPiece, max_edge: float, *, crease_deg: float = DEFAULT_CREASE_DEG) -> MeshPiece:
    """Edges longer than ``max_edge`` split at their midpoints until none is (1-to-2, 1-to-3 or 1-to-4 per
    triangle, so neighbours stay conforming and a watertight piece stays watertight). UV is interpolated; normals
    are recomputed with ``crease_deg``.

    Args:
        piece: the mesh to refine.
        max_edge: longest allowed edge [m] (> 0).

    Raises:
        ValueError: a non-positive ``max_edge`` or one needing more than 24 halvings.
    """
    return subdivide_raw(_to_raw(piece), max_edge).finish(crease_deg=crease_deg)
