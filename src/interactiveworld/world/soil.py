"""Surface soil (grime, spills) and hidden mould: entity states that the frames show and, for soil, the scorer reads.

**Soil.** A surface carries soil in its state, ``state["soil"] = {kind: {"spot": [u, v], "radius": m,
"surface": name}}`` with ``kind`` one of :data:`SOIL_KINDS`; ``spot`` follows the placement convention of
:func:`~interactiveworld.world.placement.find_spot` (``u`` in [-1, 1] left to right, ``v`` in [0, 1] front to back
over the surface, default the centre), ``radius`` is the patch radius [m] (default 0.12) and ``surface`` the
entity's support surface (default ``"top"``, else its first). Soil is set by the scene or by a scripted event
(:mod:`interactiveworld.world.events`) and is removed by ``[Wipe] <tool> <surface>`` only when the tool's kind
cleans it (:data:`CLEANED_BY`): the abrasive sponge lifts dried grime, which a soft cloth only smears; a cloth or
towel soaks a liquid spill up, which a sponge only pushes around. Each kind present is the relation
``("soiled", key, kind)`` (:func:`soil_relations`), so the scorer reads the surface's physical state, not the
command history; each patch is drawn as a flat disc just above the surface (:func:`soil_meshes`).

**Mould.** ``state["mouldy"] = True`` on a cuttable food is invisible from outside: the object is drawn as any
other until it is cut; then its slices are drawn tinted towards :data:`MOULD_COLOR` with their cut faces in that
colour (:func:`mouldy_slices`), so only someone who sees the frames can tell. It is no relation: the Human's
text never states it and the scorer reads what was done with the object by its handle.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol

import numpy as np
import trimesh

from .assets.model import AssetModel
from .geometry import VisualMesh

__all__ = ["SoilBearer", "SOIL_KINDS", "CLEANED_BY", "SOIL_COLORS", "SOIL_DEFAULT_RADIUS", "SOIL_LIFT",
           "MOULD_COLOR", "MOULD_TINT", "soils", "soil_relations", "wipe_soil", "soil_meshes", "soil_patch_center",
           "mouldy_slices", "validate_soil"]

SOIL_KINDS = ("grime", "spill")
"""The soil kinds a surface may carry: dried ``grime`` and a wet ``spill``."""
CLEANED_BY: dict[str, frozenset[str]] = {"grime": frozenset({"sponge"}), "spill": frozenset({"cloth"})}
"""Soil kind -> the asset kinds of wiping tool that remove it (a towel is a ``cloth``)."""
SOIL_COLORS: dict[str, tuple[float, float, float]] = {"grime": (0.28, 0.2, 0.12), "spill": (0.25, 0.45, 0.8)}
"""Linear RGB of each kind's patch: dark brown grime, a blue liquid sheen."""
SOIL_DEFAULT_RADIUS = 0.12
"""Patch radius [m] when the state gives none."""
SOIL_LIFT = 0.002
"""The patch is a disc this thick [m] lying on the surface (drawn over it, never a collider)."""
MOULD_COLOR = (0.22, 0.42, 0.25)
"""Linear RGB of mould: the cut faces of a mouldy object."""
MOULD_TINT = 0.6
"""Blend of a mouldy slice's own colour towards :data:`MOULD_COLOR` (0 none, 1 all mould)."""


class SoilBearer(Protocol):
    """What soil reads of an entity: a :class:`~interactiveworld.world.scene.Entity` is one. This module lies below
    the scene (the scene draws soil and mould with it), so it names the entity's shape instead of importing it."""

    key: str
    state: dict[str, Any]
    model: AssetModel
    pose: np.ndarray

    def link_transform(self, joint_name: str | None) -> np.ndarray: ...


def soils(e: SoilBearer) -> dict[str, dict[str, Any]]:
    """The soil kinds on ``e`` now: kind -> patch (``spot``, ``radius``, ``surface``); empty when clean."""
    s = e.state.get("soil")
    return {k: v for k, v in s.items() if k in SOIL_KINDS} if isinstance(s, dict) else {}


def soil_relations(e: SoilBearer) -> set[tuple[str, str, str]]:
    """``("soiled", key, kind)`` for each soil kind on ``e``."""
    return {("soiled", e.key, k) for k in soils(e)}


def validate_soil(value: Any, where: str) -> None:
    """Raise ``ValueError`` naming ``where`` when ``value`` is not a soil state (module docstring)."""
    if not isinstance(value, dict):
        raise ValueError(f"{where}: soil is an object kind -> patch, got {type(value).__name__}")
    for kind, patch in value.items():
        if kind not in SOIL_KINDS:
            raise ValueError(f"{where}: unknown soil kind {kind!r} (kinds: {', '.join(SOIL_KINDS)})")
        if not isinstance(patch, dict) or set(patch) - {"spot", "radius", "surface"}:
            raise ValueError(f"{where}.{kind}: a patch is an object with 'spot', 'radius', 'surface'")
        spot = patch.get("spot", [0.0, 0.5])
        if (not isinstance(spot, (list, tuple)) or len(spot) != 2 or not -1.0 <= float(spot[0]) <= 1.0
                or not 0.0 <= float(spot[1]) <= 1.0):
            raise ValueError(f"{where}.{kind}.spot: [u, v] with u in [-1, 1] and v in [0, 1], got {spot!r}")
        if not 0.0 < float(patch.get("radius", SOIL_DEFAULT_RADIUS)) <= 1.0:
            raise ValueError(f"{where}.{kind}.radius: a radius in (0, 1] m, got {patch.get('radius')!r}")


def wipe_soil(target: SoilBearer, tool_kind: str) -> list[str]:
    """Remove from ``target`` the soil kinds that a wiping tool of asset kind ``tool_kind`` cleans
    (:data:`CLEANED_BY`); returns the kinds removed, in :data:`SOIL_KINDS` order. Other kinds stay."""
    present = soils(target)
    gone = [k for k in SOIL_KINDS if k in present and tool_kind in CLEANED_BY[k]]
    if gone:
        left = {k: v for k, v in target.state["soil"].items() if k not in gone}
        if left:
            target.state["soil"] = left
        else:
            del target.state["soil"]
    return gone


def _surface(e: SoilBearer, name: str | None):
    surfaces = e.model.surfaces
    if not surfaces:
        return None
    return next((s for s in surfaces if s.name == (name or "top")), None if name else surfaces[0])


def soil_patch_center(e: SoilBearer, patch: dict[str, Any], pose: np.ndarray | None = None) -> np.ndarray | None:
    """World centre [m], (3,), of a soil patch of ``e`` (lying on the surface, at entity pose ``pose``, default
    its current one), or None when the entity has no such surface."""
    s = _surface(e, patch.get("surface"))
    if s is None:
        return None
    pose = e.link_transform(s.joint) if pose is None else pose
    u, v = (float(x) for x in patch.get("spot", (0.0, 0.5)))
    local = np.array([s.center[0] + s.half_xy[0] * (1 - 2 * v), s.center[1] + s.half_xy[1] * u, s.center[2]])
    return pose[:3, :3] @ local + pose[:3, 3]


def soil_meshes(e: SoilBearer, pose: np.ndarray | None = None) -> list[VisualMesh]:
    """One flat disc (24 segments, :data:`SOIL_LIFT` thick) per soil kind on ``e``, in its colour, lying on its
    surface at entity pose ``pose`` (default the current one). The discs are anonymous meshes (owner ``""``):
    they are no entity, so the visibility sampling of ``e`` is unchanged."""
    out = []
    for kind, patch in sorted(soils(e).items()):
        c = soil_patch_center(e, patch, pose)
        if c is None:
            continue
        r = float(patch.get("radius", SOIL_DEFAULT_RADIUS))
        disc = trimesh.creation.cylinder(radius=r, height=SOIL_LIFT, sections=24)
        rot = (e.pose if pose is None else pose)[:3, :3]
        v = disc.vertices @ rot.T + c + rot @ np.array([0.0, 0.0, SOIL_LIFT / 2 + 1e-4])
        out.append(VisualMesh(v.astype(np.float32), np.asarray(disc.faces, np.int32),
                              np.repeat(np.asarray(SOIL_COLORS[kind], np.float32)[None], len(disc.faces), axis=0)))
    return out


def mouldy_slices(parts: list, axis: int, cut_planes: np.ndarray) -> list:
    """The slice parts of a mouldy cut object: each slice tinted :data:`MOULD_TINT` towards :data:`MOULD_COLOR`,
    and its faces lying in an inner cut plane (``cut_planes``: coordinates along ``axis`` [m], before the slices
    are spread apart) split off as a part in :data:`MOULD_COLOR`."""
    out = []
    mould = np.asarray(MOULD_COLOR, float)
    for part in parts:
        m = part.mesh
        tint = tuple(float(x) for x in (1 - MOULD_TINT) * np.asarray(part.color, float) + MOULD_TINT * mould)
        normals = np.asarray(m.face_normals)
        centers = np.asarray(m.triangles_center)
        on_cut = (np.abs(normals[:, axis]) > 0.99) & np.any(
            np.abs(centers[:, axis][:, None] - np.asarray(cut_planes)[None]) < 1e-5, axis=1)
        if on_cut.any():
            out.append(replace(part, mesh=m.submesh([np.nonzero(on_cut)[0]], append=True), color=MOULD_COLOR))
        if (~on_cut).any():
            out.append(replace(part, mesh=m.submesh([np.nonzero(~on_cut)[0]], append=True), color=tint))
    return out
