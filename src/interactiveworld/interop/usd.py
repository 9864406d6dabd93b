"""Scenes as USD (Universal Scene Description, ``usd-core``): export for other simulators and tools, and import
of our own files back into the scene format.

Stage layout (metres, kilograms, z-up: ``UsdGeom.SetStageUpAxis(z)``, ``SetStageMetersPerUnit(1)``,
``UsdPhysics.SetStageKilogramsPerUnit(1)``)::

    /World                          Xform, default prim; scene-level data as ``interactiveworld:*`` attributes
      PhysicsScene                  UsdPhysics.Scene, gravity 9.81 m/s^2 along -z (paper appendix B.1.2)
      Looks/                        UsdPreviewSurface materials (one per colour, one per label image)
      Architecture/Floors/<room>    Cube: floor slab, static collider
      Architecture/Walls/Wall_<i>   Xform; Piece_<k> Cubes between door openings, static colliders
      Entities/<name>_<index>       Xform at the entity pose; scene data as ``interactiveworld:*`` attributes
        Visual                      Mesh of the parts on the body (per-face colours, material subsets)
        Label_<k>                   textured quad of one label (PNG beside the stage)
        Collider_<k>                Cube (purpose guide): the entity's collision boxes
        Link_<joint>                Xform of an articulated part at its current opening: rigid body with
                                    Visual and Collider_<k> children
        Joint_<joint>               UsdPhysics RevoluteJoint (hinge, limits in degrees) or PrismaticJoint
                                    (slide, limits in metres) between the entity and the link, axis X of
                                    the joint frame along the hinge/slide axis
      Human                         SkelRoot: Skeleton, Pose (SkelAnimation), Body (skinned mesh)

Physics: movable objects are rigid bodies (``RigidBodyAPI``) with ``MassAPI`` (the catalog mass, the centre and
inertia of a uniform solid box of the object's bounds); a held object is a kinematic rigid body (it follows the
hand). Fixtures are static colliders (no rigid body); their doors, lids and drawers are rigid-body links of
density :data:`LINK_DENSITY` hinged or slid by a joint with the catalog's limits. Collision geometry is the
scene's own box set (:meth:`~interactiveworld.world.scene.Scene.entity_boxes`).

Round trip: every datum of the scene dict (``interactiveworld.scene/1``) that the geometry does not carry is
stored as a custom ``interactiveworld:*`` attribute (kind, parameters, state, labels, description, door
openings, rooms, walls, the human state, attachments, free attributes, scripted events); poses are read back from
the prims' transforms, which USD stores as ``matrix4d`` (exact doubles), so ``import_scene(export_scene(s)) ==
s.to_dict()``. Editing an entity's transform in another tool moves it on import.
"""
from __future__ import annotations

import json
import math
import os
import re
import secrets
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from pxr import Gf, Sdf, Tf, Usd, UsdGeom, UsdPhysics, UsdShade, UsdUtils, Vt

from ..bench import jsonsafe
from ..body import BodyModel
from ..world.assets import Joint, joint_transform
from ..world.serialize import SCENE_FORMAT
from ..world.scene import FLOOR_COLOR, FLOOR_THICKNESS, WALL_COLOR, Entity, Scene, yaw_pose
from .usd_looks import Looks, define_mesh
from .usd_skel import define_human

__all__ = ["USD_FORMAT", "USD_SUFFIXES", "LINK_DENSITY", "GRAVITY", "MAX_USD_BYTES", "MAX_USD_DEPTH",
           "COMPOSITION_ARCS", "UsdFormatError", "UsdLimitError", "usda_nesting_depth", "check_usd_limits",
           "UsdExport", "export_scene",
           "import_scene", "entity_prim_name"]

USD_FORMAT = "interactiveworld.usd/1"
"""Value of ``/World.interactiveworld:format`` in the files this module writes."""
USD_SUFFIXES = (".usd", ".usda", ".usdc", ".usdz")
"""File names USD can write: crate (``.usd``, ``.usdc``), text (``.usda``), zip package with textures (``.usdz``)."""
LINK_DENSITY = 600.0
"""Density [kg/m^3] of articulated fixture parts (door leaves, lids, drawers): a wood-like panel, since the
catalog gives masses only for movable objects."""
GRAVITY = 9.81
"""Gravity [m/s^2] of the physics scene (paper appendix B.1.2)."""
NS = "interactiveworld"


MAX_USD_BYTES = 256 * 1024 * 1024
"""Largest USD file :func:`import_scene` reads [bytes]. The largest built-in TaskPack's scene (release 2
``accessibility-01``, 274 entities, with the human) exports to 29.7 MB as ``.usda`` and 2.2 MB as ``.usdc``; the
cap leaves room for text stages nine times larger."""
MAX_USD_DEPTH = 32
"""Deepest prim nesting (and, in a text layer, nesting of ``{``, ``(`` and ``[`` together) :func:`import_scene`
accepts. The stages this module writes nest prims 6 deep (``/World/Entities/<entity>/Link_<joint>/Visual``...) and
brackets 7 deep, measured on the largest built-in TaskPack's export; usd-core's text parser recurses once per level
and ends the interpreter with a segmentation fault near 100,000 levels, so the depth is checked before usd-core
reads the file."""
COMPOSITION_ARCS = ("references", "payload", "inheritPaths", "specializes", "variantSetNames")
"""Prim metadata that pulls in other prims or layers. :func:`export_scene` writes none, so :func:`import_scene`
refuses a file holding any (with sub-layers), which also rules out reference cycles."""


class UsdFormatError(ValueError):
    """A USD file that cannot be read back as a scene (the message names the file, prim and attribute)."""


class UsdLimitError(UsdFormatError):
    """A USD file over a reading limit of :func:`import_scene`: :data:`MAX_USD_BYTES`, :data:`MAX_USD_DEPTH`,
    a composition arc (:data:`COMPOSITION_ARCS`) or an attribute's JSON nested too deep (the message names the
    file and the limit)."""


@dataclass
class UsdExport:
    """What :func:`export_scene` wrote.

    Attributes:
        path: the stage file.
        textures: label image files written beside it (inside it for ``.usdz``).
        prims: entity key -> prim path of the entity's Xform.
    """

    path: Path
    textures: list[Path] = field(default_factory=list)
    prims: dict[str, str] = field(default_factory=dict)


def entity_prim_name(key: str) -> str:
    """A valid USD prim name for an entity key (``"red_mug#2"`` -> ``"red_mug_2"``)."""
    return Tf.MakeValidIdentifier(key.replace("#", "_"))


def _m(t: np.ndarray) -> Gf.Matrix4d:
    """A column-vector (4, 4) transform as USD's row-vector matrix."""
    return Gf.Matrix4d(np.asarray(t, float).T.tolist())


def _attr(prim: Usd.Prim, name: str, type_name, value) -> None:
    prim.CreateAttribute(f"{NS}:{name}", type_name, custom=True).Set(value)


def _json_attr(prim: Usd.Prim, name: str, value: Any) -> None:
    _attr(prim, name, Sdf.ValueTypeNames.String, json.dumps(value, ensure_ascii=False))


def _cube(stage: Usd.Stage, path: str, world_from_box: np.ndarray, half: np.ndarray, *, guide: bool) -> UsdGeom.Cube:
    """A box collider: a size-2 Cube transformed by ``world_from_box`` (relative to its parent) and scaled by the
    half extents [m] (3,), so its extent is exactly the box."""
    cube = UsdGeom.Cube.Define(stage, path)
    cube.CreateSizeAttr(2.0)
    cube.CreateExtentAttr(Vt.Vec3fArray([Gf.Vec3f(-1, -1, -1), Gf.Vec3f(1, 1, 1)]))
    cube.AddTransformOp().Set(_m(world_from_box))
    cube.AddScaleOp(UsdGeom.XformOp.PrecisionDouble).Set(Gf.Vec3d(*map(float, half)))
    if guide:
        cube.CreatePurposeAttr(UsdGeom.Tokens.guide)
    UsdPhysics.CollisionAPI.Apply(cube.GetPrim())
    return cube


def _quat_x_to(axis: np.ndarray) -> Gf.Quatf:
    """The rotation taking +x to the unit ``axis`` (3,) (a half turn about z when ``axis`` is -x)."""
    a = np.asarray(axis, float) / np.linalg.norm(axis)
    x = np.array([1.0, 0.0, 0.0])
    c = float(np.dot(x, a))
    if c < -1.0 + 1e-12:
        return Gf.Quatf(0.0, 0.0, 0.0, 1.0)
    v = np.cross(x, a)
    q = np.array([1.0 + c, *v])
    q /= np.linalg.norm(q)
    return Gf.Quatf(float(q[0]), float(q[1]), float(q[2]), float(q[3]))


def _joint_limits(joint: Joint) -> tuple[float, float]:
    """(lower, upper) in UsdPhysics units: degrees for a hinge, metres for a slide; the closed state is 0."""
    hi = math.degrees(joint.limit) if joint.kind == "hinge" else float(joint.limit)
    return min(0.0, hi), max(0.0, hi)


def _box_mass(stage_prim: Usd.Prim, mass: float, lo: np.ndarray, hi: np.ndarray) -> None:
    """MassAPI of a uniform solid box of bounds ``lo``..``hi`` [m]: mass [kg], centre, principal inertia
    [kg m^2] ``m (b^2 + c^2) / 12`` about each axis (solid cuboid)."""
    api = UsdPhysics.MassAPI.Apply(stage_prim)
    size = np.asarray(hi, float) - np.asarray(lo, float)
    api.CreateMassAttr(float(mass))
    api.CreateCenterOfMassAttr(Gf.Vec3f(*map(float, 0.5 * (np.asarray(lo) + np.asarray(hi)))))
    sq = size ** 2
    api.CreateDiagonalInertiaAttr(Gf.Vec3f(*(float(mass * (sq[(i + 1) % 3] + sq[(i + 2) % 3]) / 12.0)
                                             for i in range(3))))


def export_scene(scene: Scene, path: str | Path, *, body: BodyModel | None = None,
                 metadata: dict[str, Any] | None = None) -> UsdExport:
    """Write ``scene`` as a USD stage (layout and physics in the module docstring).

    Args:
        scene: the live scene (for the human's skeleton, its ``human.body_pose`` must be set, as after
            ``Environment.reset`` or any command).
        path: ``.usda`` (text), ``.usd``/``.usdc`` (binary crate) or ``.usdz`` (package with the textures);
            label textures go to ``<stem>_textures/`` beside a non-package stage.
        body: the body model whose skeleton and skinned mesh are written at the human's current pose; None
            leaves the human out (its state is still stored for import).
        metadata: JSON-compatible provenance stored in the layer's ``customLayerData["interactiveworld"]``
            (task id, TaskPack hash, ...).
    Returns:
        :class:`UsdExport`.
    Raises:
        ValueError: an unsupported file suffix.
        OSError: the file or its texture folder cannot be written.
        RuntimeError: usd-core cannot write the stage (its message, naming ``path``).

    The stage is written under a temporary name in ``path``'s folder (``.<name>.<pid>-<hex>.tmp<suffix>``) and
    renamed when whole, its label PNGs likewise moved into ``<stem>_textures/`` one by one: a failure or a kill
    midway leaves the previous file, if any, under the final name and removes the temporary ones (a kill leaves
    them, hidden, but never a truncated stage under the final name).
    """
    out = Path(path)
    if out.suffix.lower() not in USD_SUFFIXES:
        raise ValueError(f"{out}: a USD file name ends in one of {', '.join(USD_SUFFIXES)}")
    out.parent.mkdir(parents=True, exist_ok=True)
    # written under a temporary name in the same folder and renamed when whole (an atomic rename), so a failure
    # or a kill midway never leaves a truncated stage under the final name
    token = f"{os.getpid()}-{secrets.token_hex(4)}"
    tmp = out.with_name(f".{out.name}.{token}.tmp{out.suffix}")
    tex_tmp = out.with_name(f".{out.stem}_textures.{token}.tmp")
    try:
        if out.suffix.lower() == ".usdz":
            with tempfile.TemporaryDirectory(prefix="iw-usdz-") as inner_dir:
                inner = Path(inner_dir) / f"{out.stem}.usdc"
                result = export_scene(scene, inner, body=body, metadata=metadata)
                if not UsdUtils.CreateNewUsdzPackage(Sdf.AssetPath(str(inner)), str(tmp)):
                    raise OSError(f"{out}: could not write the USDZ package")
                os.replace(tmp, out)
                return UsdExport(out, [Path(p.name) for p in result.textures], result.prims)
        try:
            result = _write_stage(scene, tmp, out, tex_tmp, body=body, metadata=metadata)
        except Tf.ErrorException as exc:  # usd-core names the file it opened: name the one asked for
            raise RuntimeError(str(exc).replace(str(tmp), str(out))) from None
        if result.textures:  # each label PNG renamed into the stage's texture folder, then the stage itself
            tex_dir = out.parent / f"{out.stem}_textures"
            tex_dir.mkdir(exist_ok=True)
            moved = []
            for t in result.textures:
                os.replace(t, tex_dir / t.name)
                moved.append(tex_dir / t.name)
            result.textures = moved
        os.replace(tmp, out)
        return result
    finally:
        for left in (tmp, *(tex_tmp.iterdir() if tex_tmp.is_dir() else ())):
            if left.exists():
                left.unlink()
        if tex_tmp.is_dir():
            tex_tmp.rmdir()


def _write_stage(scene: Scene, file: Path, out: Path, texture_dir: Path, *, body: BodyModel | None,
                 metadata: dict[str, Any] | None) -> UsdExport:
    """Write the stage of :func:`export_scene` to ``file``, which is renamed to ``out`` afterwards: label PNGs go
    to ``texture_dir`` and are referred to as ``./<out stem>_textures/<name>``."""
    stage = Usd.Stage.CreateNew(str(file))
    UsdGeom.SetStageUpAxis(stage, UsdGeom.Tokens.z)
    UsdGeom.SetStageMetersPerUnit(stage, 1.0)
    UsdPhysics.SetStageKilogramsPerUnit(stage, 1.0)
    layer = stage.GetRootLayer()
    layer.documentation = f"InteractiveWorld scene {scene.name!r} ({USD_FORMAT})"
    layer.customLayerData = {NS: {"format": USD_FORMAT, "scene_format": SCENE_FORMAT, **(metadata or {})}}

    canonical = scene.to_dict()
    world = UsdGeom.Xform.Define(stage, "/World").GetPrim()
    stage.SetDefaultPrim(world)
    _attr(world, "format", Sdf.ValueTypeNames.String, USD_FORMAT)
    _attr(world, "sceneName", Sdf.ValueTypeNames.String, scene.name)
    _json_attr(world, "human", canonical["human"])
    _json_attr(world, "attachments", canonical["attachments"])
    _json_attr(world, "attributes", canonical["attributes"])
    if "events" in canonical:  # scripted world events, written only when the scene declares them
        _json_attr(world, "events", canonical["events"])

    physics = UsdPhysics.Scene.Define(stage, "/World/PhysicsScene")
    physics.CreateGravityDirectionAttr(Gf.Vec3f(0.0, 0.0, -1.0))
    physics.CreateGravityMagnitudeAttr(GRAVITY)

    looks = Looks(stage, "/World/Looks", texture_dir, f"./{out.stem}_textures")
    _write_architecture(stage, scene, looks)

    result = UsdExport(out)
    UsdGeom.Scope.Define(stage, "/World/Entities")
    records = {(d["name"], d["index"]): d for d in canonical["doors"] + canonical["entities"]}
    used: set[str] = set()
    for e in scene.entities.values():
        name = entity_prim_name(e.key)
        while name in used:
            name += "_"
        used.add(name)
        prim_path = f"/World/Entities/{name}"
        _write_entity(stage, scene, e, prim_path, records[(e.name, e.index)], looks)
        result.prims[e.key] = prim_path

    h = scene.human
    if body is not None and h.body_pose is not None and h.body_translation is not None:
        define_human(stage, "/World/Human", body, h.body_pose, h.body_translation, looks)
    layer.Save()
    result.textures = list(looks.written)
    return result


def _write_architecture(stage: Usd.Stage, scene: Scene, looks: Looks) -> None:
    """Floors (one slab per room, top at the room's floor height) and wall pieces as visible static colliders."""
    UsdGeom.Scope.Define(stage, "/World/Architecture")
    UsdGeom.Scope.Define(stage, "/World/Architecture/Floors")
    used: set[str] = set()
    for room in scene.rooms:
        name = Tf.MakeValidIdentifier(room.name)
        while name in used:
            name += "_"
        used.add(name)
        x0, y0, x1, y1 = room.rect
        cube = _cube(stage, f"/World/Architecture/Floors/{name}",
                     yaw_pose((x0 + x1) / 2, (y0 + y1) / 2, room.floor_z - FLOOR_THICKNESS / 2, 0.0),
                     np.array([(x1 - x0) / 2, (y1 - y0) / 2, FLOOR_THICKNESS / 2]), guide=False)
        _color(cube, FLOOR_COLOR, looks)
        prim = cube.GetPrim()
        _attr(prim, "name", Sdf.ValueTypeNames.String, room.name)
        _attr(prim, "rect", Sdf.ValueTypeNames.Double4, Gf.Vec4d(*map(float, room.rect)))
        _attr(prim, "floorZ", Sdf.ValueTypeNames.Double, float(room.floor_z))
    UsdGeom.Scope.Define(stage, "/World/Architecture/Walls")
    for i, wall in enumerate(scene.walls):
        prim = UsdGeom.Xform.Define(stage, f"/World/Architecture/Walls/Wall_{i:03d}").GetPrim()
        _attr(prim, "start", Sdf.ValueTypeNames.Double2, Gf.Vec2d(*map(float, wall.start)))
        _attr(prim, "end", Sdf.ValueTypeNames.Double2, Gf.Vec2d(*map(float, wall.end)))
        _attr(prim, "thickness", Sdf.ValueTypeNames.Double, float(wall.thickness))
        _attr(prim, "height", Sdf.ValueTypeNames.Double, float(wall.height))
        _attr(prim, "floorZ", Sdf.ValueTypeNames.Double, float(wall.floor_z))
        for k, (t, half) in enumerate(wall.boxes()):
            _color(_cube(stage, f"{prim.GetPath()}/Piece_{k:02d}", t, half, guide=False), WALL_COLOR, looks)


def _color(gprim: UsdGeom.Gprim, rgb, looks: Looks) -> None:
    """One colour on a whole prim: ``displayColor`` and the colour's material."""
    gprim.CreateDisplayColorAttr(Vt.Vec3fArray([Gf.Vec3f(*map(float, rgb))]))
    UsdShade.MaterialBindingAPI.Apply(gprim.GetPrim()).Bind(looks.color_material(rgb))


def _write_entity(stage: Usd.Stage, scene: Scene, e: Entity, path: str, record: dict[str, Any],
                  looks: Looks) -> None:
    xf = UsdGeom.Xform.Define(stage, path)
    xf.AddTransformOp().Set(_m(e.pose))
    prim = xf.GetPrim()
    _attr(prim, "name", Sdf.ValueTypeNames.String, e.name)
    _attr(prim, "index", Sdf.ValueTypeNames.Int, int(e.index))
    _attr(prim, "kind", Sdf.ValueTypeNames.String, e.kind)
    _attr(prim, "category", Sdf.ValueTypeNames.String, e.category)
    _attr(prim, "description", Sdf.ValueTypeNames.String, record.get("description", ""))
    _json_attr(prim, "params", record["params"])
    _json_attr(prim, "state", record["state"])
    if e.door is not None:
        _json_attr(prim, "openings", record["openings"])
    else:
        _json_attr(prim, "labels", record["labels"])

    # links: the body (None) and one per joint at its current opening
    links: dict[str | None, tuple[str, np.ndarray]] = {None: (path, e.pose)}
    for j in e.model.joints:
        link_path = f"{path}/Link_{Tf.MakeValidIdentifier(j.name)}"
        local = joint_transform(j, e.opening)
        link = UsdGeom.Xform.Define(stage, link_path)
        link.AddTransformOp().Set(_m(local))
        UsdPhysics.RigidBodyAPI.Apply(link.GetPrim())
        UsdPhysics.MassAPI.Apply(link.GetPrim()).CreateDensityAttr(LINK_DENSITY)
        links[j.name] = (link_path, e.pose @ local)

    # visual geometry in each link's frame (at opening 0 a link's frame is the entity's)
    visuals = scene.entity_visuals(e, pose=np.eye(4), opening=0.0, looks=False)   # the state is stored
    if e.movable or not e.model.joints:
        _visual(stage, f"{path}/Visual", visuals[0].vertices, visuals[0].faces, visuals[0].face_colors, looks)
    else:
        for joint_name, (link_path, _) in links.items():
            parts = [p for p in e.model.parts if p.joint == joint_name]
            if parts:
                v, f, c = _merge_parts(parts)
                _visual(stage, f"{link_path}/Visual", v, f, c, looks)
    for k, lab in enumerate(visuals[1:]):
        looks.label_mesh(f"{path}/Label_{k:02d}", lab.vertices, lab.faces, lab.uv, lab.texture)

    # collision boxes, each under the link it moves with
    for k, (world_from_box, half, joint_name) in enumerate(scene.entity_boxes(e)):
        link_path, link_world = links[joint_name]
        _cube(stage, f"{link_path}/Collider_{k:02d}", np.linalg.inv(link_world) @ world_from_box, half, guide=True)

    if e.movable:
        UsdPhysics.RigidBodyAPI.Apply(prim).CreateKinematicEnabledAttr(e.key == scene.human.held)
        _box_mass(prim, e.model.mass, *e.model.bounds)
    for j in e.model.joints:
        _write_joint(stage, path, links[j.name][0], j)


def _write_joint(stage: Usd.Stage, body0: str, body1: str, joint: Joint) -> None:
    """A revolute (hinge) or prismatic (slide) joint whose frame sits at the joint origin with +x along the axis,
    the same point in both bodies' frames (a link's frame equals the entity's at opening 0)."""
    path = f"{body0}/Joint_{Tf.MakeValidIdentifier(joint.name)}"
    jt = (UsdPhysics.RevoluteJoint if joint.kind == "hinge" else UsdPhysics.PrismaticJoint).Define(stage, path)
    jt.CreateAxisAttr(UsdPhysics.Tokens.x)
    lo, hi = _joint_limits(joint)
    jt.CreateLowerLimitAttr(lo)
    jt.CreateUpperLimitAttr(hi)
    jt.CreateBody0Rel().SetTargets([Sdf.Path(body0)])
    jt.CreateBody1Rel().SetTargets([Sdf.Path(body1)])
    origin = Gf.Vec3f(*map(float, joint.origin))
    rot = _quat_x_to(joint.axis)
    jt.CreateLocalPos0Attr(origin)
    jt.CreateLocalRot0Attr(rot)
    jt.CreateLocalPos1Attr(origin)
    jt.CreateLocalRot1Attr(rot)


def _merge_parts(parts) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One triangle soup of asset parts: vertices (V, 3), faces (F, 3), per-face colours (F, 3)."""
    verts, faces, colors, n = [], [], [], 0
    for p in parts:
        verts.append(np.asarray(p.mesh.vertices, float))
        faces.append(np.asarray(p.mesh.faces, np.int64) + n)
        colors.append(np.repeat(np.asarray(p.color, np.float32)[None], len(p.mesh.faces), axis=0))
        n += len(p.mesh.vertices)
    return np.concatenate(verts), np.concatenate(faces), np.concatenate(colors)


def _visual(stage: Usd.Stage, path: str, vertices, faces, colors, looks: Looks) -> None:
    mesh = define_mesh(stage, path, vertices, faces, colors)
    looks.bind_face_colors(mesh, colors)


# ---------------------------------------------------------------------------------------------- import

def _get(prim: Usd.Prim, name: str, where: str) -> Any:
    attr = prim.GetAttribute(f"{NS}:{name}")
    if not attr or not attr.HasAuthoredValue():
        raise UsdFormatError(f"{where}: prim {prim.GetPath()} has no {NS}:{name} attribute "
                             f"(not written by InteractiveWorld's USD export)")
    return attr.Get()


def _get_json(prim: Usd.Prim, name: str, where: str) -> Any:
    text = _get(prim, name, where)
    try:
        return jsonsafe.loads(text, source=f"{where}: {prim.GetPath()}.{NS}:{name}")
    except jsonsafe.JSONLimitError as exc:
        raise UsdLimitError(str(exc)) from None
    except json.JSONDecodeError as exc:
        raise UsdFormatError(f"{where}: {prim.GetPath()}.{NS}:{name} is not valid JSON ({exc.msg})") from None


_USDA_SKIP = re.compile(rb'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|#[^\n]*'
                        rb'|@[^@\n]*@')
"""Strings, asset paths and comments of a text layer: braces inside them do not nest prims."""


def usda_nesting_depth(text: bytes) -> int:
    """Deepest nesting of ``{``, ``(`` and ``[`` together in a text USD layer (``#usda``), strings, asset paths and
    comments left out; read without recursion, so it is safe on a file that would crash or stall usd-core's
    parser (100,000 nested braces end it with a segmentation fault; 100,000 nested parentheses in a metadata
    value keep it parsing for minutes)."""
    body = np.frombuffer(_USDA_SKIP.sub(b"", text), np.uint8)
    if body.size == 0:
        return 0
    opens = (body == ord("{")) | (body == ord("(")) | (body == ord("["))
    closes = (body == ord("}")) | (body == ord(")")) | (body == ord("]"))
    return int(np.cumsum(opens.astype(np.int64) - closes).max(initial=0))


def _text_layers(src: Path) -> list[tuple[str, bytes]]:
    """(name, bytes) of the text layers of ``src``: the file itself when it is ``#usda`` text, the ``#usda``
    members of a ``.usdz`` package."""
    if zipfile.is_zipfile(src):
        out = []
        with zipfile.ZipFile(src) as z:
            for info in z.infolist():
                if info.file_size > MAX_USD_BYTES:
                    raise UsdLimitError(f"{src}: package member {info.filename} holds {info.file_size} bytes, over "
                                        f"the limit of {MAX_USD_BYTES} bytes (MAX_USD_BYTES)")
                if info.filename.lower().endswith((".usda", ".usd")):
                    data = z.read(info)
                    if data.startswith(b"#usda"):
                        out.append((f"{src}[{info.filename}]", data))
        return out
    with open(src, "rb") as f:
        data = f.read(MAX_USD_BYTES + 1)
    return [(str(src), data)] if data.startswith(b"#usda") else []


def check_usd_limits(path: str | Path) -> Sdf.Layer:
    """Refuse a USD file that breaks a reading limit, before usd-core composes it; returns its root layer (parsed,
    not composed), for ``Usd.Stage.Open``.

    Checks, in order: the size (:data:`MAX_USD_BYTES`); the ``{`` nesting of every text layer
    (:func:`usda_nesting_depth`, before usd-core parses it); then, on the root layer as parsed by ``Sdf`` (no
    composition), sub-layers, the composition arcs of :data:`COMPOSITION_ARCS` and the prim nesting
    (:data:`MAX_USD_DEPTH`), walked without recursion.

    Raises:
        FileNotFoundError: no such file.
        UsdLimitError: a limit is broken (the message names the file, the prim where there is one, and the limit).
        UsdFormatError: usd-core cannot parse the file.
    """
    src = Path(path)
    if not src.is_file():
        raise FileNotFoundError(f"{src}: no such USD file")
    size = src.stat().st_size
    if size > MAX_USD_BYTES:
        raise UsdLimitError(f"{src}: {size} bytes, over the limit of {MAX_USD_BYTES} bytes (MAX_USD_BYTES)")
    for name, text in _text_layers(src):
        depth = usda_nesting_depth(text)
        if depth > MAX_USD_DEPTH:
            raise UsdLimitError(f"{name}: nested {depth} levels deep, over the limit of {MAX_USD_DEPTH} levels "
                                f"(MAX_USD_DEPTH; InteractiveWorld's export nests 7)")
    try:
        layer = Sdf.Layer.FindOrOpen(str(src))
    except Tf.ErrorException:
        layer = None
    if layer is None:
        raise UsdFormatError(f"{src}: not a file USD can open (expected .usd, .usda, .usdc or .usdz)")
    if layer.subLayerPaths:
        raise UsdLimitError(f"{src}: has sub-layers ({', '.join(list(layer.subLayerPaths)[:3])}); "
                            f"InteractiveWorld's export writes one layer")
    stack = [(p, 1) for p in layer.rootPrims]
    while stack:
        spec, depth = stack.pop()
        if depth > MAX_USD_DEPTH:
            raise UsdLimitError(f"{src}: prims nested over {MAX_USD_DEPTH} levels deep at {spec.path} "
                                f"(MAX_USD_DEPTH; InteractiveWorld's export nests 6)")
        for arc in COMPOSITION_ARCS:
            if spec.HasInfo(arc):
                raise UsdLimitError(f"{src}: prim {spec.path} has a composition arc ({arc}); InteractiveWorld's "
                                    f"export writes none, so it is not read (it could pull in other files or "
                                    f"form a cycle)")
        stack += [(c, depth + 1) for c in spec.nameChildren]
    return layer


def import_scene(path: str | Path) -> dict[str, Any]:
    """Read a stage written by :func:`export_scene` back into a scene dict (``interactiveworld.scene/1``).

    Entity poses come from the prims' world transforms; everything else from the ``interactiveworld:*``
    attributes. The result loads with ``Scene.from_dict`` / ``Environment.reset``.

    Raises:
        FileNotFoundError: no such file.
        UsdFormatError: the file does not open as USD, or lacks the attributes this module writes (the
            message names the prim and attribute).
        UsdLimitError: the file breaks a reading limit (:func:`check_usd_limits`, JSON attributes deeper than
            :data:`interactiveworld.bench.jsonsafe.MAX_DEPTH`).
    """
    src = Path(path)
    layer = check_usd_limits(src)
    try:
        stage = Usd.Stage.Open(layer)
    except Tf.ErrorException:
        raise UsdFormatError(f"{src}: not a file USD can open (expected .usd, .usda, .usdc or .usdz)") from None
    where = str(src)
    world = stage.GetPrimAtPath("/World")
    if not world:
        raise UsdFormatError(f"{where}: no /World prim (not written by InteractiveWorld's USD export)")
    fmt = _get(world, "format", where)
    if fmt != USD_FORMAT:
        raise UsdFormatError(f"{where}: /World.{NS}:format is {fmt!r}, expected {USD_FORMAT!r}")
    xcache = UsdGeom.XformCache(Usd.TimeCode.Default())
    rooms = []
    for prim in _children(stage, "/World/Architecture/Floors", where):
        rooms.append({"name": _get(prim, "name", where), "rect": [float(v) for v in _get(prim, "rect", where)],
                      "floor_z": float(_get(prim, "floorZ", where))})
    walls = []
    for prim in _children(stage, "/World/Architecture/Walls", where):
        walls.append({"start": [float(v) for v in _get(prim, "start", where)],
                      "end": [float(v) for v in _get(prim, "end", where)],
                      "thickness": float(_get(prim, "thickness", where)),
                      "height": float(_get(prim, "height", where)), "floor_z": float(_get(prim, "floorZ", where))})
    doors, entities = [], []
    for prim in _children(stage, "/World/Entities", where):
        common = {"name": _get(prim, "name", where), "index": int(_get(prim, "index", where)),
                  "params": _get_json(prim, "params", where), "state": _get_json(prim, "state", where),
                  "description": _get(prim, "description", where)}
        if prim.GetAttribute(f"{NS}:openings"):
            doors.append({**common, "openings": _get_json(prim, "openings", where)})
            continue
        pose = np.array(xcache.GetLocalToWorldTransform(prim)).T
        entities.append({**common, "kind": _get(prim, "kind", where), "labels": _get_json(prim, "labels", where),
                         "pose": {"position": [float(v) for v in pose[:3, 3]],
                                  "rotation": [float(v) for v in pose[:3, :3].reshape(-1)]}})
    out = {"format": SCENE_FORMAT, "name": _get(world, "sceneName", where), "rooms": rooms, "walls": walls,
           "doors": doors, "entities": entities, "human": _get_json(world, "human", where),
           "attachments": _get_json(world, "attachments", where),
           "attributes": _get_json(world, "attributes", where)}
    if world.GetAttribute(f"{NS}:events"):
        out["events"] = _get_json(world, "events", where)
    return out


def _children(stage: Usd.Stage, path: str, where: str) -> list[Usd.Prim]:
    prim = stage.GetPrimAtPath(path)
    if not prim:
        raise UsdFormatError(f"{where}: no {path} prim (not written by InteractiveWorld's USD export)")
    return list(prim.GetChildren())

