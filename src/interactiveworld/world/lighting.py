"""Ceilings and the lights of a scene: a ceiling slab over every room with a grid of ceiling lamps, and the
daylight of each window, derived from the rooms, walls and window fixtures alone, so every layout has them.

A lamp is a thin emissive panel under the ceiling (drawn, and glowing in view) and an :class:`AreaLight` of the
same rectangle pointing down (what the renderer lights the room with); a window is an :class:`AreaLight` over its
clear opening pointing into the room (its frame and panes are the window fixture's own parts). Lamps sit on a grid
of about one per ``LAMP_SPACING_M`` x ``LAMP_SPACING_M`` cell of a room, centred in the cells (office and kitchen
ceiling layouts put luminaires 2.5-3.5 m apart; EN 12464-1 asks ~300-500 lx at a work plane, which the radiance
below gives, in the renderer's relative units, as an irradiance of about 1 under a lamp).
"""
from __future__ import annotations

import math
from typing import Iterable

import numpy as np

from .geometry import AreaLight, Material, VisualMesh

OUTDOOR_WORDS = ("garden", "yard", "patio", "terrace", "outdoor", "street")
"""A room whose name holds one of these is open to the sky: no ceiling and no lamps."""
CEILING_THICKNESS_M = 0.05
DEFAULT_CEILING_M = 2.5            # above the floor, when no wall says otherwise
LAMP_SPACING_M = 3.0
LAMP_SIZE_M = 0.6                  # square diffuser panel
LAMP_DEPTH_M = 0.02                # hangs this far below the ceiling
LAMP_RADIANCE = (5.6, 5.3, 4.8)   # warm white (about 3500 K), relative units: E ~ 0.3 per lamp on the floor 2.5 m below
WINDOW_RADIANCE = (2.6, 3.0, 3.3)   # overcast daylight, bluish
CEILING_COLOR = (0.80, 0.80, 0.78)
CEILING_MATERIAL = Material("ceiling_paint", base_color=CEILING_COLOR, roughness=0.9)
LAMP_MATERIAL = Material("lamp_diffuser", base_color=(0.9, 0.9, 0.88), roughness=0.5, emissive=(2.6, 2.5, 2.3))
"""The lamp as seen: a bright diffuser (emissive radiance is what the eye sees; the light it casts is
:data:`LAMP_RADIANCE`, larger because the renderer's tone curve compresses what a lamp face shows)."""


def _box(center, half) -> tuple[np.ndarray, np.ndarray]:
    """(vertices (24, 3), faces (12, 3)) of an axis-aligned box, 4 vertices per side (flat sides), outward winding."""
    c, h = np.asarray(center, float), np.asarray(half, float)
    verts, faces = [], []
    for axis in range(3):
        a, b = (axis + 1) % 3, (axis + 2) % 3
        for sign in (-1.0, 1.0):
            quad = []
            for du, dv in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                p = np.zeros(3)
                p[axis], p[a], p[b] = sign * h[axis], du * h[a], dv * h[b]
                quad.append(c + p)
            k = len(verts) * 4
            verts.append(quad)
            faces.extend([[k, k + 1, k + 2], [k, k + 2, k + 3]] if sign > 0 else [[k, k + 2, k + 1], [k, k + 3, k + 2]])
    return np.asarray(verts).reshape(-1, 3), np.asarray(faces, np.int32)


def indoor(rooms) -> list:
    """The rooms that get a ceiling (names without an :data:`OUTDOOR_WORDS` word)."""
    return [r for r in rooms if not any(w in r.name.lower() for w in OUTDOOR_WORDS)]


def room_height(rect, floor_z: float, walls: Iterable) -> float:
    """Ceiling height above the floor [m] of a room: the tallest wall with an end on or near the room's edge
    (within 0.3 m of the rectangle), else :data:`DEFAULT_CEILING_M`."""
    x0, y0, x1, y1 = rect
    best = 0.0
    for w in walls:
        for p in (w.start, w.end):
            if x0 - 0.3 <= p[0] <= x1 + 0.3 and y0 - 0.3 <= p[1] <= y1 + 0.3:
                best = max(best, float(w.height) + float(w.floor_z) - float(floor_z))
    return best if best > 0.5 else DEFAULT_CEILING_M


def lamp_grid(rect) -> list[tuple[float, float]]:
    """Lamp centres (x, y) [m] of a room rectangle: ``ceil(side / LAMP_SPACING_M)`` per side, cell-centred."""
    x0, y0, x1, y1 = rect
    nx = max(1, math.ceil((x1 - x0) / LAMP_SPACING_M - 0.25))
    ny = max(1, math.ceil((y1 - y0) / LAMP_SPACING_M - 0.25))
    return [(x0 + (i + 0.5) * (x1 - x0) / nx, y0 + (j + 0.5) * (y1 - y0) / ny) for i in range(nx) for j in range(ny)]


def ceiling_mesh(rooms, walls) -> list[VisualMesh]:
    """The ceiling slabs of ``rooms`` (objects with ``name``, ``rect`` = (x0, y0, x1, y1) [m] and ``floor_z``)
    at :func:`room_height`, and their lamp panels, as two anonymous meshes (owner ``""``): the slabs in
    :data:`CEILING_MATERIAL`, the lamps in the emissive :data:`LAMP_MATERIAL`. Empty list for no rooms."""
    walls = list(walls)
    slabs, lamps = [], []
    for room in indoor(rooms):
        x0, y0, x1, y1 = room.rect
        top = room.floor_z + room_height(room.rect, room.floor_z, walls)
        slabs.append(_box(((x0 + x1) / 2, (y0 + y1) / 2, top + CEILING_THICKNESS_M / 2),
                          ((x1 - x0) / 2, (y1 - y0) / 2, CEILING_THICKNESS_M / 2)))
        for x, y in lamp_grid(room.rect):
            lamps.append(_box((x, y, top - LAMP_DEPTH_M / 2), (LAMP_SIZE_M / 2, LAMP_SIZE_M / 2, LAMP_DEPTH_M / 2)))
    out = []
    for boxes, mat in ((slabs, CEILING_MATERIAL), (lamps, LAMP_MATERIAL)):
        if not boxes:
            continue
        verts = np.concatenate([b[0] for b in boxes]).astype(np.float32)
        faces = np.concatenate([b[1] + 24 * k for k, b in enumerate(boxes)]).astype(np.int32)
        out.append(VisualMesh(verts, faces, np.tile(mat.mean_color, (len(faces), 1)).astype(np.float32), owner="",
                              materials=(mat,), face_material=np.zeros(len(faces), np.int32)))
    return out


def ceiling_lights(rooms, walls) -> list[AreaLight]:
    """One downward :class:`AreaLight` per lamp of :func:`ceiling_mesh` (its lower face)."""
    walls = list(walls)
    out = []
    for room in indoor(rooms):
        top = room.floor_z + room_height(room.rect, room.floor_z, walls) - LAMP_DEPTH_M
        for x, y in lamp_grid(room.rect):
            out.append(AreaLight((x, y, top), (0.0, 0.0, -1.0), (LAMP_SIZE_M / 2, 0, 0), (0, LAMP_SIZE_M / 2, 0),
                                 LAMP_RADIANCE, kind="ceiling", room=room.name))
    return out


def window_light(pose: np.ndarray, backing_vertices: np.ndarray, room: str = "") -> AreaLight | None:
    """The daylight of a window fixture: its opening (the bounds of the part that backs the opening, in the
    fixture's frame, front +x toward the room) lifted 3 cm into the room, pointing along the fixture's +x.

    Args:
        pose: world-from-fixture transform (4, 4).
        backing_vertices: (V, 3) vertices [m] of the backing part in the fixture's frame.
        room: the room the window opens into.

    Returns None for a backing without extent (fewer than 3 vertices or a degenerate rectangle).
    """
    v = np.asarray(backing_vertices, float).reshape(-1, 3)
    if len(v) < 3:
        return None
    lo, hi = v.min(axis=0), v.max(axis=0)
    if hi[1] - lo[1] < 1e-3 or hi[2] - lo[2] < 1e-3:
        return None
    r, t = np.asarray(pose, float)[:3, :3], np.asarray(pose, float)[:3, 3]
    c = np.array([hi[0] + 0.03, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2])
    return AreaLight(r @ c + t, r[:, 0] / np.linalg.norm(r[:, 0]), r @ [0, (hi[1] - lo[1]) / 2, 0],
                     r @ [0, 0, (hi[2] - lo[2]) / 2], WINDOW_RADIANCE, kind="window", room=room)
