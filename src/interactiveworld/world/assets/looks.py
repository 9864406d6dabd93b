"""State looks: the visual-only parts through which an entity's state shows in the frames.

A predicate or a TaskPack's evidence may read an entity's state (``running``, ``cut``, ``cooked``, ``contents``;
``open`` moves the joints). A person tells these states apart by sight: burner rings glow, a display lights up and
shows a time or a programme, water runs from a tap and collects in the basin, fan blades blur into a disc, a washer's
drum turns behind its window, a cut loaf lies in separated pieces, cooked food is browned, a glass shows what it
holds. :func:`state_look` gives, for a built :class:`~.model.AssetModel` and a state dict, the parts to draw:

* ``base``: the model's own parts, or for a movable object its cut pieces (:func:`sliced_parts`) and browned
  colours (:func:`browned`); the collision boxes and the physics never see these (they read ``model.parts``);
* ``overlays``: visual-only parts (``collide=False``) laid just over the model's surfaces (glowing rings, windows,
  water, steam, blades), each riding on the joint of the surface it covers;
* ``screens``: textured quads (displays, monitor screens) drawn like label quads, with textures from
  :mod:`.texturekit_screens` (cached, so a frame brings the same array each time and the renderer's texture cache
  hits).

Every look is drawn in both states (an unlit display is drawn dark, still blades are drawn as blades), so a state
change repaints the same areas. Frames and units as in :mod:`.model` (entity-local, z up, metres, front +x).
Colours are linear RGB; lit parts carry a :class:`~interactiveworld.world.geometry.Material` with ``emissive`` set
and a bright ``base_color``, so a renderer that ignores emission still draws them bright.

:func:`state_space` lists the states an entity can take that change its look (the state-pair test renders every
pair); ``mouldy`` shows only once the object is cut (:mod:`interactiveworld.world.soil`), so it is a value of the
``cut`` dimension, not a dimension of its own.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Callable

import numpy as np
import trimesh

from ..geometry import Material
from .model import AssetModel, Part
from .parts import mesh_part
from .texturekit_screens import control_panel, lcd_display, screen_desktop

__all__ = ["Screen", "Look", "LIQUID_COLORS", "CUT_GAP_FRACTION", "FLESH", "FLESH_BLEND", "BROWN", "BROWN_BLEND", "state_look",
           "state_space", "state_variants", "has_state_look", "STEAM_KINDS", "steam_parts", "sliced_parts", "browned", "glow_material"]

LIFT = 0.0015
"""Overlays lie this far [m] in front of the surface they cover, so they win the depth test without floating."""

LIQUID_COLORS: dict[str, tuple[float, float, float]] = {
    "water": (0.32, 0.52, 0.78), "milk": (0.9, 0.9, 0.86), "juice": (0.95, 0.5, 0.06), "coffee": (0.2, 0.1, 0.04),
    "tea": (0.45, 0.2, 0.05), "soy sauce": (0.12, 0.05, 0.02), "vinegar": (0.75, 0.6, 0.35),
    "vodka": (0.7, 0.8, 0.88), "oil": (0.85, 0.7, 0.15), "rice": (0.93, 0.92, 0.86), "soup": (0.75, 0.4, 0.12),
    "wine": (0.35, 0.02, 0.06),
}
"""Contents name -> linear RGB of what a vessel shows at its fill level (unknown names: the ``water`` colour)."""

CUT_GAP_FRACTION = 0.12
"""Gap between the pieces of a cut object, as a fraction of its length along the cut axis (at least 1.5 cm): the
pieces lie clearly apart, as a person lays out slices on a board."""

BROWN = (0.36, 0.17, 0.05)
"""Linear RGB that cooked food turns towards (a toasted crust, a seared steak)."""
BROWN_BLEND = 0.55
"""Fraction of the way from the food's own colour to :data:`BROWN` when cooked."""

FLESH = (0.93, 0.86, 0.66)
"""Linear RGB that the inside of a cut food tends to (crumb, flesh): its cut faces are drawn :data:`FLESH_BLEND` of
the way from its skin colour to this."""
FLESH_BLEND = 0.65

FILL_FRACTION = 0.8
"""Height of the contents in an open vessel, as a fraction of its inner height."""


@dataclass(frozen=True)
class Screen:
    """A display face: a textured quad at ``center`` (entity-local [m]) facing ``normal``, text-up ``up``, of
    ``width`` x ``height`` [m], riding on ``joint`` (None: the body)."""

    name: str
    center: tuple[float, float, float]
    normal: tuple[float, float, float]
    up: tuple[float, float, float]
    width: float
    height: float
    texture: np.ndarray = field(compare=False, repr=False)
    joint: str | None = None


@dataclass
class Look:
    """What :func:`state_look` gives: ``base`` parts (the model's own, or cut and browned ones), visual-only
    ``overlays`` and ``screens`` (module docstring)."""

    base: list[Part]
    overlays: list[Part] = field(default_factory=list)
    screens: list[Screen] = field(default_factory=list)

    @property
    def parts(self) -> list[Part]:
        """``base`` then ``overlays``, as one list."""
        return list(self.base) + list(self.overlays)


def glow_material(name: str, color, strength: float = 2.0) -> Material:
    """A lit surface: ``base_color`` ``color`` (linear RGB in [0, 1]) and ``emissive`` ``strength`` x ``color``."""
    c = tuple(float(x) for x in color)
    return Material(name, base_color=c, emissive=tuple(strength * x for x in c), roughness=0.4)


def _part(name: str, mesh: trimesh.Trimesh, color, joint: str | None = None, material: Material | None = None) -> Part:
    p = mesh_part(name, mesh, tuple(float(x) for x in color), joint=joint, collide=False)
    if material is not None:
        p.materials = (material,)
        p.color = tuple(float(x) for x in material.mean_color)
    return p


def _flat_ring(radius: float, inner: float, sections: int) -> trimesh.Trimesh:
    """A flat disc (``inner`` 0) or ring in the z = 0 plane facing +z: one sheet of triangles, no thickness (an
    overlay lying on a surface needs only the side that is seen)."""
    a = np.linspace(0.0, 2 * math.pi, sections, endpoint=False)
    outer = np.stack([radius * np.cos(a), radius * np.sin(a), np.zeros(sections)], 1)
    k = np.arange(sections)
    nxt = (k + 1) % sections
    if inner <= 0:
        v = np.vstack([outer, [[0.0, 0.0, 0.0]]])
        f = np.stack([np.full(sections, sections), k, nxt], 1)
    else:
        v = np.vstack([outer, outer * (inner / radius)])
        f = np.concatenate([np.stack([k, nxt, nxt + sections], 1), np.stack([k, nxt + sections, k + sections], 1)])
    return trimesh.Trimesh(v, f, process=False)


def _disc_x(radius: float, x: float, y: float, z: float, thick: float = 0.002, inner: float = 0.0,
            sections: int = 24) -> trimesh.Trimesh:
    """A disc (or ring from ``inner``) facing +x at (x, y, z) (``thick`` is kept for the call sites' spacing)."""
    m = _flat_ring(radius, inner, sections)
    m.apply_transform(trimesh.transformations.rotation_matrix(math.pi / 2, (0, 1, 0)))
    m.apply_translation((x, y, z))
    return m


def _disc_z(radius: float, x: float, y: float, z: float, thick: float = 0.002, inner: float = 0.0,
            sections: int = 20) -> trimesh.Trimesh:
    """A horizontal disc (or ring from ``inner``) facing up at height ``z``."""
    m = _flat_ring(radius, inner, sections)
    m.apply_translation((x, y, z))
    return m


def _slab_x(y0: float, y1: float, z0: float, z1: float, x: float, thick: float = 0.002) -> trimesh.Trimesh:
    """A thin rectangle facing +x over y in [y0, y1], z in [z0, z1], its front at ``x``."""
    m = trimesh.creation.box(extents=(thick, y1 - y0, z1 - z0))
    m.apply_translation((x - thick / 2, (y0 + y1) / 2, (z0 + z1) / 2))
    return m


def _part_named(model: AssetModel, name: str) -> Part | None:
    return next((p for p in model.parts if p.name == name), None)


# ------------------------------------------------------------------------------------------- cached textures

@lru_cache(maxsize=64)
def _panel_texture(appliance: str, display: str, programme: str | None, on: bool) -> np.ndarray:
    if not on:   # an unlit panel: dark glass with the faint unlit segments of its display
        img = np.full((128, 512, 3), 22, np.uint8)
        img[:, :, 2] = 26
        seg = lcd_display(display, on=False, size=(150, 70))
        img[32:102, 200:350] = seg
        return img
    # a light control strip with the display lit (the seed is one whose panel is drawn on a light face)
    return control_panel(appliance, display=display, programme=programme, on=True, seed=_light_seed(appliance))


@lru_cache(maxsize=16)
def _light_seed(appliance: str) -> int:
    for seed in range(32):
        img = control_panel(appliance, display="0", on=True, seed=seed)
        if img[1, 1].mean() > 128:
            return seed
    return 0


@lru_cache(maxsize=16)
def _lcd_texture(text: str, on: bool) -> np.ndarray:
    return lcd_display(text, on=on, colour=(120, 240, 140), size=(192, 96))


@lru_cache(maxsize=4)
def _desktop_texture(on: bool) -> np.ndarray:
    return screen_desktop(on=on, seed=3, size=(400, 240))


def _screen_x(name: str, y0, y1, z0, z1, x, texture, joint=None) -> Screen:
    return Screen(name, (x, (y0 + y1) / 2, (z0 + z1) / 2), (1.0, 0.0, 0.0), (0.0, 0.0, 1.0), y1 - y0, z1 - z0,
                  texture, joint)


# ------------------------------------------------------------------------------------------- movable objects

def _bounds(parts: list[Part]) -> tuple[np.ndarray, np.ndarray]:
    v = np.concatenate([np.asarray(p.mesh.vertices) for p in parts])
    return v.min(axis=0), v.max(axis=0)


def _plain(part: Part, mesh: trimesh.Trimesh, color=None) -> Part:
    """``part`` with a new mesh: per-vertex normals, UV and materials no longer match it, so it is drawn flat in its
    (mean) colour."""
    return replace(part, mesh=mesh, color=part.color if color is None else color, normals=None, uv=None,
                   materials=(), face_material=None)


def sliced_parts(model: AssetModel, *, pieces: int = 3,
                 per_slice: Callable[[list[Part], int, np.ndarray], list[Part]] | None = None) -> list[Part]:
    """A cut object as ``pieces`` slices along its longest horizontal axis, spread :data:`CUT_GAP_FRACTION` of its
    length apart (at least 1.5 cm), with their cut faces in a paler flesh colour; ``per_slice(parts, axis,
    cut_planes)`` may restyle the slices of one part before they are spread (the mould of
    :func:`interactiveworld.world.soil.mouldy_slices`). The slices stay within 25 % of the object's length of its
    footprint; the physics keeps the object's one box.

    Raises:
        ValueError: ``pieces`` < 2.
    """
    if pieces < 2:
        raise ValueError(f"sliced_parts: need at least 2 pieces, got {pieces}")
    lo, hi = model.bounds
    axis = 0 if hi[0] - lo[0] >= hi[1] - lo[1] else 1
    length = float(hi[axis] - lo[axis])
    gap = max(0.015, CUT_GAP_FRACTION * length)
    edges = np.linspace(lo[axis], hi[axis], pieces + 1)
    normal = np.zeros(3)
    normal[axis] = 1.0
    out: list[Part] = []
    for part in model.parts:
        # weld the mesh (a dressed part splits its vertices at UV seams and creases) so a cut can be capped; a part
        # of several bodies (a fruit with its stem and calyx leaves) is cut body by body, an open body (a leaf
        # sheet) as its convex hull, so one open leaf does not turn the whole fruit into its hull
        welded = trimesh.Trimesh(part.mesh.vertices, part.mesh.faces)
        bodies = [b if b.is_watertight else b.convex_hull for b in welded.split(only_watertight=False)]
        for i in range(pieces):
            cut = []
            for body in bodies:
                piece = body.slice_plane(normal * edges[i], normal, cap=True)
                if piece is None or len(piece.faces) == 0:
                    continue
                piece = piece.slice_plane(normal * edges[i + 1], -normal, cap=True)
                if piece is not None and len(piece.faces):
                    cut.append(piece)
            if not cut:
                continue
            slices = _flesh_split(_plain(part, trimesh.util.concatenate(cut)), axis, edges[1:-1])
            if per_slice is not None:
                slices = per_slice([_plain(p, p.mesh) for p in slices], axis, edges[1:-1])
            shift = np.zeros(3)
            shift[axis] = (i - (pieces - 1) / 2) * gap
            for p in slices:
                p.mesh.apply_translation(shift)
            out += slices
    return out or list(model.parts)


def _flesh_split(part: Part, axis: int, planes: np.ndarray) -> list[Part]:
    """Split off the faces of ``part`` lying in a cut plane, in the flesh colour (the skin colour paled)."""
    m = part.mesh
    normals = np.asarray(m.face_normals)
    centers = np.asarray(m.triangles_center)
    on_cut = (np.abs(normals[:, axis]) > 0.99) & np.any(np.abs(centers[:, axis][:, None] - planes[None]) < 1e-5,
                                                        axis=1)
    if not on_cut.any():
        return [part]
    flesh = tuple(float(x) for x in (1 - FLESH_BLEND) * np.asarray(part.color) + FLESH_BLEND * np.asarray(FLESH))
    out = [replace(part, name=part.name + "_cut", mesh=m.submesh([np.nonzero(on_cut)[0]], append=True), color=flesh)]
    if (~on_cut).any():
        out.append(replace(part, mesh=m.submesh([np.nonzero(~on_cut)[0]], append=True)))
    return out


def browned(parts: list[Part]) -> list[Part]:
    """Cooked food: every part's colour (and material colours) moved :data:`BROWN_BLEND` of the way to
    :data:`BROWN`, and darker where it was already dark (a crust, sear marks)."""
    brown = np.asarray(BROWN)

    def tone(c):
        c = np.asarray(c, float)
        return tuple(float(x) for x in (1 - BROWN_BLEND) * c * 0.8 + BROWN_BLEND * brown)

    out = []
    for p in parts:
        mats = tuple(replace(m, base_color=tone(m.base_color)) for m in p.materials)
        out.append(replace(p, color=tone(p.color), materials=mats))
    return out


def _vessel_inside(model: AssetModel) -> tuple[float, float, float] | None:
    """(inner radius, floor z, rim z) [m] of an open vessel: its ring wall when it has one, else its bounds."""
    wall = next((p for p in model.parts if p.shape and p.shape[0] == "ring"), None)
    lo, hi = model.bounds
    if wall is not None:
        r_in = float(wall.shape[1])
        floor = float(wall.box_center[2] - wall.box_half[2])
        bottom = next((p for p in model.parts if p.name.endswith("_bottom")), None)
        if bottom is not None:
            floor = float(bottom.box_center[2] + bottom.box_half[2])
        return r_in, floor, float(wall.box_center[2] + wall.box_half[2])
    r = 0.45 * float(min(hi[0] - lo[0], hi[1] - lo[1]))
    return r, float(lo[2]) + 0.01, float(hi[2])


def _contents_overlays(model: AssetModel, contents: str) -> list[Part]:
    color = LIQUID_COLORS.get(str(contents).lower(), LIQUID_COLORS["water"])
    lo, hi = model.bounds
    if "pour_source" in model.affordances or model.kind == "glass":
        # a clear bottle or jug: the liquid column shows through its wall up to the fill level
        r = 0.5 * float(min(hi[0] - lo[0], hi[1] - lo[1])) + 0.001
        z0, z1 = float(lo[2]) + 0.01, float(lo[2]) + FILL_FRACTION * float(hi[2] - lo[2])
        m = trimesh.creation.cylinder(radius=r, height=z1 - z0, sections=32)
        m.apply_translation((0.5 * (lo[0] + hi[0]), 0.5 * (lo[1] + hi[1]), (z0 + z1) / 2))
        return [_part("contents", m, color)]
    inside = _vessel_inside(model)
    r, floor, rim = inside
    z = floor + FILL_FRACTION * (rim - floor)
    m = trimesh.creation.cylinder(radius=max(r - 0.001, 0.005), height=max(z - floor, 0.002), sections=32)
    m.apply_translation((0.5 * (lo[0] + hi[0]) if model.kind not in ("mug", "pan") else 0.0, 0.0, (z + floor) / 2))
    return [_part("contents", m, color)]


CONTENT_KINDS = frozenset({"mug", "cup", "glass", "bowl", "pot", "pan", "bottle", "water_bottle", "jug"})
"""Kinds whose contents show: open-top vessels, and clear bottles and jugs (cartons, cans and a steel kettle are
opaque: what they hold is not seen)."""


STEAM_KINDS = frozenset({"pot", "pan", "kettle"})
"""Kinds that steam while they stand on a running heat source (a pot or pan boiling, a kettle about to)."""


@lru_cache(maxsize=32)
def _steam_mesh(radius: float, top: float) -> trimesh.Trimesh:
    puffs = []
    for k, (dx, dy, dz, s) in enumerate(((0.0, 0.0, 0.05, 1.0), (0.02, -0.015, 0.12, 1.2), (-0.015, 0.02, 0.2, 1.4),
                                         (0.01, 0.01, 0.28, 1.6))):
        m = trimesh.creation.icosphere(subdivisions=1, radius=1.0)
        m.apply_scale((0.45 * radius * s, 0.45 * radius * s, 0.03 * s))
        m.apply_translation((dx, dy, top + dz))
        puffs.append(m)
    return trimesh.util.concatenate(puffs)


def steam_parts(model: AssetModel) -> list[Part]:
    """Wisps of steam rising from ``model`` (entity-local): four pale flattened puffs from 5 to 28 cm over its top,
    widening as they rise. Visual only; for a vessel of :data:`STEAM_KINDS` on a running heat source (the scene
    decides when)."""
    lo, hi = model.bounds
    radius = max(0.04, 0.5 * float(min(hi[0] - lo[0], hi[1] - lo[1])))
    m = _steam_mesh(round(radius, 4), round(float(hi[2]), 4)).copy()
    m.apply_translation((0.5 * (lo[0] + hi[0]), 0.5 * (lo[1] + hi[1]), 0.0))
    return [_part("steam", m, (0.93, 0.94, 0.96), material=Material("steam", base_color=(0.93, 0.94, 0.96),
                                                                   opacity=0.5))]


# ------------------------------------------------------------------------------------------- powered fixtures

GLOW_RED = (1.0, 0.22, 0.03)
WARM_LIGHT = (1.0, 0.78, 0.42)
DARK_GLASS = (0.035, 0.035, 0.04)
WATER = (0.3, 0.52, 0.8)


def _cavity_light(model: AssetModel, color, name: str = "cavity_light", strength: float = 1.5) -> list[Part]:
    """A running appliance's lit cavity: the inner faces of its back, sides, top and floor lined in ``color`` (seen
    when the door is open; hidden behind the closed door)."""
    mat = glow_material(name, color, strength)
    out = []
    panels = {n: _part_named(model, n) for n in ("back", "side_left", "side_right", "top", "bottom")}
    if any(v is None for v in panels.values()):
        return out
    lo = {n: p.box_center - p.box_half for n, p in panels.items()}
    hi = {n: p.box_center + p.box_half for n, p in panels.items()}
    x0, x1 = hi["back"][0], hi["side_left"][0] - 0.005
    y0, y1 = hi["side_left"][1], lo["side_right"][1]
    z0, z1 = hi["bottom"][2], lo["top"][2]
    t = 0.002
    boxes = {"back": ((t, y1 - y0, z1 - z0), (x0 + t / 2, (y0 + y1) / 2, (z0 + z1) / 2)),
             "left": ((x1 - x0, t, z1 - z0), ((x0 + x1) / 2, y0 + t / 2, (z0 + z1) / 2)),
             "right": ((x1 - x0, t, z1 - z0), ((x0 + x1) / 2, y1 - t / 2, (z0 + z1) / 2)),
             "ceiling": ((x1 - x0, y1 - y0, t), ((x0 + x1) / 2, (y0 + y1) / 2, z1 - t / 2)),
             "floor": ((x1 - x0, y1 - y0, t), ((x0 + x1) / 2, (y0 + y1) / 2, z0 + t / 2))}
    for k, (size, centre) in boxes.items():
        m = trimesh.creation.box(extents=size)
        m.apply_translation(centre)
        out.append(_part(f"{name}_{k}", m, color, material=mat))
    return out


def _top_strip(model: AssetModel, texture: np.ndarray, depth: float = 0.09) -> list[Screen]:
    """A control strip on the top front edge of the body (the door covers the whole front), tilted 35 deg towards a
    person standing in front, so it shows whether the door is open or closed."""
    top = _part_named(model, "top")
    if top is None:
        return []
    lo, hi = top.box_center - top.box_half, top.box_center + top.box_half
    a = math.radians(35)
    normal = (math.sin(a), 0.0, math.cos(a))
    up = (-math.cos(a), 0.0, math.sin(a))
    c = (hi[0] - depth / 2 - 0.004, 0.5 * (lo[1] + hi[1]), hi[2] + 0.5 * depth * math.sin(a) + 0.002)
    return [Screen("top_panel", c, normal, up, float(hi[1] - lo[1]) - 0.04, depth, texture)]


def _cooktop(model: AssetModel, st: dict[str, Any], p: dict[str, float]) -> Look:
    on = bool(st.get("running"))
    w, d, h = p["w"], p["d"], p["h"]
    look = Look(list(model.parts))
    mat = glow_material("burner_glow", GLOW_RED, 3.0) if on else None
    for i, (sx, sy) in enumerate(((0.22, -0.25), (0.22, 0.25), (-0.22, -0.25), (-0.22, 0.25))):
        x, y = sx * d, sy * w
        r = 0.1 if i % 3 == 0 else 0.085
        rings = [_disc_z(r, x, y, h + 0.004, 0.002, inner=0.55 * r),
                 _disc_z(0.5 * r, x, y, h + 0.004, 0.002, inner=0.25 * r)]
        for k, ring in enumerate(rings):
            look.overlays.append(_part(f"burner_glow_{i}_{k}", ring, GLOW_RED if on else (0.08, 0.08, 0.085),
                                       material=mat))
    # the control strip along the front: a lit display and indicator when running, dark glass when off
    look.screens.append(_screen_x("panel", -w / 2 + 0.04, w / 2 - 0.2, h - 0.115, h - 0.045, d / 2 + LIFT,
                                  _panel_texture("cooktop", "6" if on else "0", None, on)))
    return look


def _oven(model: AssetModel, st: dict[str, Any], p: dict[str, float]) -> Look:
    on = bool(st.get("running"))
    w, d, h = p["w"], p["d"], p["h"]
    door = _part_named(model, "door")
    look = Look(list(model.parts))
    if door is not None:
        (x0, y0, z0), (x1, y1, z1) = door.box_center - door.box_half, door.box_center + door.box_half
        mat = glow_material("oven_light", WARM_LIGHT, 1.5) if on else None
        look.overlays.append(_part("window", _slab_x(y0 + 0.08, y1 - 0.08, z0 + 0.22 * (z1 - z0), z0 + 0.8 * (z1 - z0),
                                                     x1 + LIFT), WARM_LIGHT if on else DARK_GLASS, "door", mat))
    panel = _part_named(model, "panel")
    if panel is not None:
        lo, hi = panel.box_center - panel.box_half, panel.box_center + panel.box_half
        look.screens.append(_screen_x("panel", lo[1] + 0.03, hi[1] - 0.2, lo[2] + 0.015, hi[2] - 0.015,
                                      hi[0] + LIFT, _panel_texture("oven", "180" if on else "0:00", None, on)))
    if on:   # the chamber's light, seen when the door is open
        look.overlays += _cavity_light(model, WARM_LIGHT)
    return look


def _microwave(model: AssetModel, st: dict[str, Any], p: dict[str, float]) -> Look:
    on = bool(st.get("running"))
    w, d, h = p["w"], p["d"], p["h"]
    door = _part_named(model, "door")
    look = Look(list(model.parts))
    if door is None:
        return look
    (x0, y0, z0), (x1, y1, z1) = door.box_center - door.box_half, door.box_center + door.box_half
    mat = glow_material("microwave_light", WARM_LIGHT, 1.2) if on else None
    look.overlays.append(_part("window", _slab_x(y0 + 0.03, y1 - 0.15, z0 + 0.035, z1 - 0.035, x1 + LIFT),
                               WARM_LIGHT if on else DARK_GLASS, "door", mat))
    look.screens.append(_screen_x("display", y1 - 0.13, y1 - 0.02, z0 + 0.42 * (z1 - z0), z0 + 0.62 * (z1 - z0),
                                  x1 + LIFT, _lcd_texture("1:30" if on else "--:--", on), "door"))
    look.screens += _top_strip(model, _panel_texture("microwave", "1:30" if on else "0:00", None, on), 0.07)
    if on:
        look.overlays += _cavity_light(model, WARM_LIGHT)
    return look


def _panel_appliance(model: AssetModel, st: dict[str, Any], p: dict[str, float], appliance: str) -> Look:
    """Dishwasher, washer, dryer: a control strip across the top of the front (lit with a programme and the time
    left when running); washer and dryer also a round window on the door with the drum behind it."""
    on = bool(st.get("running"))
    w, d, h = p["w"], p["d"], p["h"]
    look = Look(list(model.parts))
    door = _part_named(model, "door")
    panel = _part_named(model, "panel")
    prog = {"dishwasher": ("Eco", "1:25"), "washer": ("Cotton", "0:45"), "dryer": ("Dry", "0:50")}[appliance]
    tex = _panel_texture("washer" if appliance == "dryer" else appliance, prog[1], prog[0], on)
    if panel is not None:   # drop-door dishwasher: the strip on the body's top panel
        lo, hi = panel.box_center - panel.box_half, panel.box_center + panel.box_half
        look.screens.append(_screen_x("panel", lo[1] + 0.02, hi[1] - 0.2, lo[2] + 0.01, hi[2] - 0.01, hi[0] + LIFT,
                                      tex))
        if on:
            look.overlays += _cavity_light(model, (0.55, 0.75, 1.0), strength=1.0)
        if door is not None:   # and a status light bar along the door's top edge, the time left under it
            (x0, y0, z0), (x1, y1, z1) = door.box_center - door.box_half, door.box_center + door.box_half
            look.screens.append(_screen_x("time", -0.12, 0.12, z1 - 0.24, z1 - 0.13, x1 + LIFT,
                                          _lcd_texture(prog[1] if on else "--:--", on), "door"))
            c = (0.15, 0.55, 1.0) if on else (0.1, 0.1, 0.11)
            look.overlays.append(_part("status_bar", _slab_x(y0 + 0.03, y1 - 0.03, z1 - 0.11, z1 - 0.02,
                                                             x1 + LIFT), c, "door",
                                       glow_material("status", c) if on else None))
        return look
    if door is None:
        return look
    (x0, y0, z0), (x1, y1, z1) = door.box_center - door.box_half, door.box_center + door.box_half
    look.screens += _top_strip(model, tex)
    if on:   # through the open door: the drum lit and turning (washer: water and suds; dryer: warm light)
        look.overlays += _cavity_light(model, (0.45, 0.62, 0.8) if appliance == "washer" else (0.85, 0.7, 0.5),
                                       strength=0.8)
    cz, r = z0 + 0.42 * (z1 - z0), min(0.2, 0.36 * (y1 - y0))
    yc = 0.5 * (y0 + y1)
    look.overlays.append(_part("porthole_rim", _disc_x(r + 0.025, x1 + 2 * LIFT, yc, cz, 0.003, inner=r),
                               (0.75, 0.77, 0.8), "door"))
    if not on:
        look.overlays.append(_part("porthole", _disc_x(r, x1 + LIFT, yc, cz), (0.09, 0.09, 0.1), "door"))
        for k in range(3):   # the drum's lifters, still
            a = math.radians(90 + 120 * k)
            m = trimesh.creation.box(extents=(0.002, 0.03, 0.6 * r))
            m.apply_transform(trimesh.transformations.rotation_matrix(a, (1, 0, 0)))
            m.apply_translation((x1 + 2 * LIFT, yc + 0.55 * r * math.cos(a), cz + 0.55 * r * math.sin(a)))
            look.overlays.append(_part(f"lifter_{k}", m, (0.45, 0.46, 0.48), "door"))
        return look
    if appliance == "washer":   # sudsy water and the drum's turning marks: arcs swept around the centre
        look.overlays.append(_part("porthole", _disc_x(r, x1 + LIFT, yc, cz), (0.45, 0.62, 0.8), "door",
                                   glow_material("drum_light", (0.45, 0.62, 0.8), 0.6)))
        color = (0.93, 0.95, 0.97)
    else:   # a lit drum with clothes tumbling
        look.overlays.append(_part("porthole", _disc_x(r, x1 + LIFT, yc, cz), (0.85, 0.7, 0.5), "door",
                                   glow_material("drum_light", (0.85, 0.7, 0.5), 0.8)))
        color = (0.3, 0.35, 0.7)
    for k in range(3):
        a0 = math.radians(30 + 120 * k)
        arc = np.array([[0.0, 0.7 * r * math.cos(a0 + t), 0.7 * r * math.sin(a0 + t)]
                        for t in np.linspace(0, math.radians(75), 10)])
        arc += (x1 + 2 * LIFT, yc, cz)
        for j in range(len(arc) - 1):
            seg = trimesh.creation.box(extents=(0.002, 0.026, float(np.linalg.norm(arc[j + 1] - arc[j])) + 0.004))
            ang = math.atan2(arc[j + 1][2] - arc[j][2], arc[j + 1][1] - arc[j][1])
            seg.apply_transform(trimesh.transformations.rotation_matrix(ang - math.pi / 2, (1, 0, 0)))
            seg.apply_translation(0.5 * (arc[j] + arc[j + 1]))
            look.overlays.append(_part(f"swirl_{k}_{j}", seg, color, "door"))
    return look


def _sink(model: AssetModel, st: dict[str, Any], p: dict[str, float]) -> Look:
    look = Look(list(model.parts))
    if not st.get("running"):
        return look
    w, d = p["w"], p["d"]
    rim = _part_named(model, "rim_front")
    h = float(rim.box_center[2] + rim.box_half[2]) if rim is not None else p["h"]
    bw, bd, bh = w * 0.6, d * 0.6, 0.18
    spout = _part_named(model, "spout")
    if spout is not None:
        sx = float(spout.box_center[0] + spout.box_half[0]) - 0.015
        sz = float(spout.box_center[2] - spout.box_half[2])
    else:
        sx, sz = -d / 2 + 0.05, h + 0.25
    level = h - 0.15 * bh   # the plug is in: the basin fills
    stream = trimesh.creation.cylinder(radius=0.013, height=sz - level, sections=16)
    stream.apply_translation((sx, 0.0, (sz + level) / 2))
    look.overlays.append(_part("water_stream", stream, (0.7, 0.82, 0.95)))
    water = trimesh.creation.box(extents=(bd - 0.004, bw - 0.004, 0.004))
    water.apply_translation((0.0, 0.0, level - 0.002))
    look.overlays.append(_part("water_basin", water, WATER))
    look.overlays.append(_part("splash", _disc_z(0.06, sx, 0.0, level + 0.003, 0.003, inner=0.02),
                               (0.85, 0.92, 1.0)))
    # splashes wet the rim round the basin: a darker, glossy band 4 cm wide on the steel
    band, wet = 0.04, (0.3, 0.32, 0.35)
    for k, (size, centre) in enumerate((((band, bw + 2 * band, 0.002), (bd / 2 + band / 2, 0, h + 0.001)),
                                        ((band, bw + 2 * band, 0.002), (-bd / 2 - band / 2, 0, h + 0.001)),
                                        ((bd, band, 0.002), (0, bw / 2 + band / 2, h + 0.001)),
                                        ((bd, band, 0.002), (0, -bw / 2 - band / 2, h + 0.001)))):
        m = trimesh.creation.box(extents=size)
        m.apply_translation(centre)
        look.overlays.append(_part(f"wet_rim_{k}", m, wet))
    return look


def _fan(model: AssetModel, st: dict[str, Any], p: dict[str, float]) -> Look:
    look = Look(list(model.parts))
    guard = _part_named(model, "guard")
    if guard is None:
        return look
    x = float(guard.box_center[0] + guard.box_half[0])
    r = float(min(guard.box_half[1], guard.box_half[2])) - 0.004
    cz = float(guard.box_center[2])
    if st.get("running"):   # the blades blurred into a pale disc with a darker hub and a ring of motion
        look.overlays.append(_part("blade_blur", _disc_x(r, x + LIFT, 0.0, cz), (0.62, 0.66, 0.72)))
        look.overlays.append(_part("blur_ring", _disc_x(0.8 * r, x + 2 * LIFT, 0.0, cz, inner=0.55 * r),
                                   (0.78, 0.81, 0.86)))
    else:   # a dark guard interior with three still blades
        look.overlays.append(_part("guard_inside", _disc_x(r, x + LIFT, 0.0, cz), (0.05, 0.05, 0.06)))
        for k in range(3):
            a = math.radians(90 + 120 * k)
            blade = trimesh.creation.cylinder(radius=0.45 * r, height=0.002, sections=20)
            blade.apply_scale((1.0, 0.5, 1.0))
            blade.apply_transform(trimesh.transformations.rotation_matrix(math.pi / 2, (0, 1, 0)))
            blade.apply_transform(trimesh.transformations.rotation_matrix(a, (1, 0, 0)))
            blade.apply_translation((x + 2 * LIFT, 0.5 * r * math.cos(a), cz + 0.5 * r * math.sin(a)))
            look.overlays.append(_part(f"blade_{k}", blade, (0.8, 0.82, 0.86)))
    look.overlays.append(_part("hub", _disc_x(0.14 * r, x + 3 * LIFT, 0.0, cz), (0.2, 0.2, 0.22)))
    return look


def _computer(model: AssetModel, st: dict[str, Any], p: dict[str, float]) -> Look:
    on = bool(st.get("running"))
    look = Look(list(model.parts))
    face = next((f for f in model.label_faces if f.name == "screen"), None)
    if face is None:
        return look
    c = tuple(float(v) for v in face.center - 0.0005 * face.normal)
    look.screens.append(Screen("screen", c, tuple(float(v) for v in face.normal), tuple(float(v) for v in face.up),
                               face.width, face.height, _desktop_texture(on)))
    kb = _part_named(model, "keyboard")
    if kb is not None and on:   # the keys' backlight
        lo, hi = kb.box_center - kb.box_half, kb.box_center + kb.box_half
        m = trimesh.creation.box(extents=(hi[0] - lo[0] - 0.03, hi[1] - lo[1] - 0.03, 0.002))
        m.apply_translation((kb.box_center[0], kb.box_center[1], hi[2] + 0.001))
        look.overlays.append(_part("backlight", m, (0.35, 0.75, 1.0),
                                   material=glow_material("backlight", (0.35, 0.75, 1.0), 1.0)))
    return look


_FIXTURE_LOOKS: dict[str, Callable[[AssetModel, dict[str, Any], dict[str, float]], Look]] = {
    "cooktop": _cooktop, "oven": _oven, "microwave": _microwave,
    "dishwasher": lambda m, s, p: _panel_appliance(m, s, p, "dishwasher"),
    "washer": lambda m, s, p: _panel_appliance(m, s, p, "washer"),
    "dryer": lambda m, s, p: _panel_appliance(m, s, p, "dryer"),
    "sink": _sink, "fan": _fan, "computer": _computer, "keyboard": _computer,
}
"""Kind -> the look of its powered state."""

def _fixture_sizes(model: AssetModel) -> dict[str, float]:
    """Width, depth and height [m] of a fixture as built: its carcass (the parts of the body), not its bounds,
    which a door or a knob may widen."""
    body = [p for p in model.parts if p.joint is None and p.collide] or model.parts
    lo = np.min([p.box_center - p.box_half for p in body], axis=0)
    hi = np.max([p.box_center + p.box_half for p in body], axis=0)
    return {"w": float(hi[1] - lo[1]), "d": float(hi[0] - lo[0]), "h": float(hi[2])}


def has_state_look(model: AssetModel) -> bool:
    """Whether any state of ``model`` changes its look beyond the joints: a powered kind with a look, or a movable
    object that can be cut, cooked or filled."""
    return (model.kind in _FIXTURE_LOOKS and "powered" in model.affordances) or bool(
        model.movable and ({"cuttable", "cookable"} & model.affordances or model.kind in CONTENT_KINDS))


def _look_key(model: AssetModel, state: dict[str, Any]) -> tuple:
    return (bool(state.get("running")), bool(state.get("cut")), bool(state.get("cooked")),
            bool(state.get("mouldy")), state.get("contents") if model.kind in CONTENT_KINDS else None)


_LOOKS: dict[tuple, tuple[AssetModel, Look]] = {}


def state_look(model: AssetModel, state: dict[str, Any], *,
               per_slice: Callable[[list[Part], int, np.ndarray], list[Part]] | None = None) -> Look:
    """The look of ``model`` in ``state`` (module docstring): base parts, overlays and screens, entity-local.

    ``per_slice`` restyles a cut object's slices (the scene passes the mould of a mouldy one). Looks are cached per
    model and state (``per_slice`` given: not cached); treat the returned parts as read-only.
    """
    key = (id(model),) + _look_key(model, state)
    if per_slice is None:
        hit = _LOOKS.get(key)
        if hit is not None and hit[0] is model:
            return hit[1]
    if model.kind in _FIXTURE_LOOKS and "powered" in model.affordances:
        look = _FIXTURE_LOOKS[model.kind](model, state, _fixture_sizes(model))
    else:
        look = Look(list(model.parts))
    if model.movable:
        base = look.base
        if state.get("cut"):
            base = sliced_parts(model, per_slice=per_slice)
        if state.get("cooked"):
            base = browned(base)
        look.base = base
        contents = state.get("contents")
        if contents and model.kind in CONTENT_KINDS:
            look.overlays += _contents_overlays(model, contents)
    if per_slice is None:
        if len(_LOOKS) > 4096:
            _LOOKS.clear()
        _LOOKS[key] = (model, look)
    return look


def state_space(model: AssetModel) -> dict[str, tuple]:
    """The state dimensions of ``model`` that change its look, each with its values (the first is the default):
    ``open`` (0.0, 1.0) for a jointed kind, ``running`` for a powered one, ``cut`` (False, True, "mouldy") for a
    cuttable object (mould shows only in the cut), ``cooked`` for a cookable one, ``contents`` (None, "water")
    for a vessel whose contents show (:data:`CONTENT_KINDS`)."""
    dims: dict[str, tuple] = {}
    if model.joints:
        dims["open"] = (0.0, 1.0)
    if "powered" in model.affordances:
        dims["running"] = (False, True)
    if model.movable and "cuttable" in model.affordances:
        dims["cut"] = (False, True, "mouldy")
    if model.movable and "cookable" in model.affordances:
        dims["cooked"] = (False, True)
    if model.movable and model.kind in CONTENT_KINDS:
        dims["contents"] = (None, "water")
    return dims


def state_variants(model: AssetModel) -> list[dict[str, Any]]:
    """Every state of :func:`state_space` as a state dict (the product of the dimensions; ``cut: "mouldy"`` is
    ``cut`` and ``mouldy`` both True)."""
    dims = state_space(model)
    out = []
    for values in itertools.product(*dims.values()):
        st: dict[str, Any] = {}
        for k, v in zip(dims, values):
            if k == "cut" and v == "mouldy":
                st["cut"], st["mouldy"] = True, True
            else:
                st[k] = v
        out.append(st)
    return out
