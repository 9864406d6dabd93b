"""Meshes and their looks on a USD stage: coloured triangle meshes with UsdPreviewSurface materials, and
textured label quads whose images are written as PNG files beside the stage.

Conventions: points are written in the local frame of the prim that holds the mesh (entity or joint link), as
``point3f`` (float32) -- USD's type for mesh points; colours are linear RGB in [0, 1] (UsdPreviewSurface's
``diffuseColor`` is linear); label textures are 8-bit sRGB images (``sourceColorSpace = "sRGB"``).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PIL import Image
from pxr import Gf, Sdf, Usd, UsdGeom, UsdShade, Vt

__all__ = ["Looks", "define_mesh"]

ROUGHNESS = 0.6
"""UsdPreviewSurface roughness of every material (the renderer shades matte surfaces)."""


def define_mesh(stage: Usd.Stage, path: str | Sdf.Path, vertices: np.ndarray, faces: np.ndarray,
                face_colors: np.ndarray) -> UsdGeom.Mesh:
    """A triangle mesh prim with per-face ``displayColor`` (uniform interpolation) and its extent.

    Args:
        vertices: points [m] in the parent prim's frame, shape (V, 3) (written as float32).
        faces: vertex indices, shape (F, 3), int.
        face_colors: linear RGB per face in [0, 1], shape (F, 3).
    Raises:
        ValueError: shapes that do not match or an index outside ``vertices``.
    """
    v = np.ascontiguousarray(vertices, np.float32).reshape(-1, 3)
    f = np.ascontiguousarray(faces, np.int32).reshape(-1, 3)
    c = np.ascontiguousarray(face_colors, np.float32).reshape(-1, 3)
    if len(c) != len(f):
        raise ValueError(f"define_mesh {path}: expected {len(f)} face colours, got {len(c)}")
    if len(f) and (f.min() < 0 or f.max() >= len(v)):
        raise ValueError(f"define_mesh {path}: face index outside the {len(v)} vertices")
    mesh = UsdGeom.Mesh.Define(stage, path)
    mesh.CreatePointsAttr(Vt.Vec3fArray.FromNumpy(v))
    mesh.CreateFaceVertexCountsAttr(Vt.IntArray.FromNumpy(np.full(len(f), 3, np.int32)))
    mesh.CreateFaceVertexIndicesAttr(Vt.IntArray.FromNumpy(f.reshape(-1)))
    mesh.CreateSubdivisionSchemeAttr(UsdGeom.Tokens.none)  # flat-shaded polygons, as the renderer draws them
    if len(v):
        mesh.CreateExtentAttr(Vt.Vec3fArray([Gf.Vec3f(*map(float, v.min(0))), Gf.Vec3f(*map(float, v.max(0)))]))
    mesh.CreateDisplayColorPrimvar(UsdGeom.Tokens.uniform).Set(Vt.Vec3fArray.FromNumpy(c))
    return mesh


@dataclass
class Looks:
    """The materials of one stage, shared by colour, and the label textures written beside it.

    Args:
        stage: the stage being written.
        scope: path of the Scope that holds the materials (``/World/Looks``).
        texture_dir: folder the label PNGs go to (created on first use).
        texture_ref: how the stage refers to that folder (a path relative to the stage file).
    """

    stage: Usd.Stage
    scope: str
    texture_dir: Path
    texture_ref: str
    _by_color: dict[tuple[float, float, float], UsdShade.Material] = field(default_factory=dict)
    _by_texture: dict[str, UsdShade.Material] = field(default_factory=dict)
    written: list[Path] = field(default_factory=list)

    def __post_init__(self) -> None:
        UsdGeom.Scope.Define(self.stage, self.scope)

    def color_material(self, rgb) -> UsdShade.Material:
        """The matte UsdPreviewSurface material of a linear RGB colour (one per distinct colour)."""
        key = tuple(float(x) for x in np.asarray(rgb, np.float32).reshape(3))
        mat = self._by_color.get(key)
        if mat is None:
            mat = self._surface(f"Color_{len(self._by_color):03d}")
            shader = UsdShade.Shader(self.stage.GetPrimAtPath(mat.GetPath().AppendChild("Surface")))
            shader.CreateInput("diffuseColor", Sdf.ValueTypeNames.Color3f).Set(Gf.Vec3f(*key))
            self._by_color[key] = mat
        return mat

    def bind_face_colors(self, mesh: UsdGeom.Gprim, face_colors: np.ndarray) -> None:
        """Bind one colour material per distinct face colour: the whole mesh when it has one colour, else one
        ``materialBind`` GeomSubset per colour (face indices in ascending order)."""
        c = np.asarray(face_colors, np.float32).reshape(-1, 3)
        if not len(c):
            return
        colors, inverse = np.unique(c, axis=0, return_inverse=True)
        inverse = inverse.reshape(-1)
        if len(colors) == 1:
            UsdShade.MaterialBindingAPI.Apply(mesh.GetPrim()).Bind(self.color_material(colors[0]))
            return
        UsdShade.MaterialBindingAPI.Apply(mesh.GetPrim())
        for i, rgb in enumerate(colors):
            faces = np.flatnonzero(inverse == i).astype(np.int32)
            subset = UsdGeom.Subset.CreateGeomSubset(mesh, f"color_{i}", UsdGeom.Tokens.face,
                                                     Vt.IntArray.FromNumpy(faces), "materialBind",
                                                     UsdGeom.Tokens.nonOverlapping)
            UsdShade.MaterialBindingAPI.Apply(subset.GetPrim()).Bind(self.color_material(rgb))

    def label_mesh(self, path: str | Sdf.Path, vertices: np.ndarray, faces: np.ndarray, uv: np.ndarray,
                   texture: np.ndarray) -> UsdGeom.Mesh:
        """A textured label quad: the mesh with its ``st`` coordinates, bound to a material that samples
        ``texture`` ((H, W, 3) uint8 sRGB), written once per distinct image as a PNG beside the stage.

        Args:
            vertices: (V, 3) points [m] in the parent frame; faces: (F, 3); uv: (V, 2) in [0, 1], (0, 0) the
                label's bottom-left corner seen from the front.
        """
        img = np.ascontiguousarray(texture, np.uint8)
        if img.ndim != 3 or img.shape[2] != 3:
            raise ValueError(f"label_mesh {path}: expected an (H, W, 3) uint8 texture, got {img.shape}")
        white = np.ones((len(np.asarray(faces).reshape(-1, 3)), 3), np.float32)
        mesh = define_mesh(self.stage, path, vertices, faces, white)
        st = UsdGeom.PrimvarsAPI(mesh).CreatePrimvar("st", Sdf.ValueTypeNames.TexCoord2fArray,
                                                      UsdGeom.Tokens.vertex)
        st.Set(Vt.Vec2fArray.FromNumpy(np.ascontiguousarray(uv, np.float32).reshape(-1, 2)))
        UsdShade.MaterialBindingAPI.Apply(mesh.GetPrim()).Bind(self._texture_material(img))
        return mesh

    # ------------------------------------------------------------------ internals
    def _surface(self, name: str) -> UsdShade.Material:
        mat = UsdShade.Material.Define(self.stage, f"{self.scope}/{name}")
        shader = UsdShade.Shader.Define(self.stage, mat.GetPath().AppendChild("Surface"))
        shader.CreateIdAttr("UsdPreviewSurface")
        shader.CreateInput("roughness", Sdf.ValueTypeNames.Float).Set(ROUGHNESS)
        shader.CreateInput("metallic", Sdf.ValueTypeNames.Float).Set(0.0)
        mat.CreateSurfaceOutput().ConnectToSource(shader.ConnectableAPI(), "surface")
        return mat

    def _texture_material(self, img: np.ndarray) -> UsdShade.Material:
        digest = hashlib.sha256(img.tobytes() + repr(img.shape).encode()).hexdigest()[:16]
        mat = self._by_texture.get(digest)
        if mat is not None:
            return mat
        name = f"label_{digest}.png"
        self.texture_dir.mkdir(parents=True, exist_ok=True)
        target = self.texture_dir / name
        Image.fromarray(img).save(target, format="PNG")
        self.written.append(target)
        mat = self._surface(f"Label_{len(self._by_texture):03d}")
        surface = UsdShade.Shader(self.stage.GetPrimAtPath(mat.GetPath().AppendChild("Surface")))
        reader = UsdShade.Shader.Define(self.stage, mat.GetPath().AppendChild("StReader"))
        reader.CreateIdAttr("UsdPrimvarReader_float2")
        reader.CreateInput("varname", Sdf.ValueTypeNames.String).Set("st")
        tex = UsdShade.Shader.Define(self.stage, mat.GetPath().AppendChild("Texture"))
        tex.CreateIdAttr("UsdUVTexture")
        tex.CreateInput("file", Sdf.ValueTypeNames.Asset).Set(Sdf.AssetPath(f"{self.texture_ref}/{name}"))
        tex.CreateInput("sourceColorSpace", Sdf.ValueTypeNames.Token).Set("sRGB")
        tex.CreateInput("wrapS", Sdf.ValueTypeNames.Token).Set("clamp")
        tex.CreateInput("wrapT", Sdf.ValueTypeNames.Token).Set("clamp")
        tex.CreateInput("st", Sdf.ValueTypeNames.Float2).ConnectToSource(reader.ConnectableAPI(), "result")
        tex.CreateOutput("rgb", Sdf.ValueTypeNames.Float3)
        surface.CreateInput("diffuseColor", Sdf.ValueTypeNames.Color3f).ConnectToSource(tex.ConnectableAPI(), "rgb")
        self._by_texture[digest] = mat
        return mat
